"""The optimal strategy, the computer players and the coach.

The strategy is the exact solitaire optimum of docs/rules.md for any
house rules: :func:`solve` gives a :class:`Strategy` (cached in memory, and
in the :class:`TableStore` a caller passes: the game itself does no I/O),
whose :meth:`~Strategy.evaluate` values every legal action of a position and
whose ``expected_score`` is the expected final total of a game.

:func:`choose_action` is the computer players (easy, medium, expert, champion),
:func:`play_turn` and :func:`play_game` play without a user interface, and
:func:`review_game` values every roll (its luck) and every decision (its
cost) of a game, and :func:`analyse_game` is the coach's shorter look back
at it.

:func:`win_chances` gives every seat's exact chance of winning from any
position, under the assumption that everyone plays the optimum from there;
:func:`solve_chances` builds the :class:`Chances` of a rule set, which also
value each action by the win chance it leaves and play the ``champion``.

Importing this package does not import numpy: numpy and the solver load when
a table is first solved or loaded, or a turn first planned.
"""

from __future__ import annotations

from .actions import ActionValue, hold_toggles
from .cache import TableStore
from .chances import (
    CHANCES_VERSION,
    Chances,
    cached_chances,
    chances_key,
    solve_chances,
    win_chances,
)
from .coach import Decision, PlayerAnalysis, analyse_game
from .optimal import (
    SOLVER_VERSION,
    Planner,
    Strategy,
    cached_strategy,
    medium_planner,
    solve,
    strategy_key,
)
from .players import ActionHook, choose_action, play_game, play_turn
from .review import (
    DecisionMark,
    DecisionReview,
    GameReview,
    LuckMark,
    PlayerReview,
    Rating,
    RollReview,
    review_game,
)

__all__ = [
    "CHANCES_VERSION",
    "SOLVER_VERSION",
    "ActionHook",
    "ActionValue",
    "Chances",
    "Decision",
    "DecisionMark",
    "DecisionReview",
    "GameReview",
    "LuckMark",
    "Planner",
    "PlayerAnalysis",
    "PlayerReview",
    "Rating",
    "RollReview",
    "Strategy",
    "TableStore",
    "analyse_game",
    "cached_chances",
    "cached_strategy",
    "chances_key",
    "choose_action",
    "hold_toggles",
    "medium_planner",
    "play_game",
    "play_turn",
    "review_game",
    "solve",
    "solve_chances",
    "strategy_key",
    "win_chances",
]
