"""The optimal strategy, the computer players and the coach.

The strategy is the exact solitaire optimum of RULES.md section 10 for any
house rules: :func:`solve` gives a :class:`Strategy` (cached in memory and on
disk), whose :meth:`~Strategy.evaluate` values every legal action of a
position and whose ``expected_score`` is the expected final total of a game.

:func:`choose_action` is the computer players (easy, medium, expert),
:func:`play_turn` and :func:`play_game` play without a user interface, and
:func:`analyse_game` is the coach's look back at a finished game.

Importing this package does not import numpy: the solver (module
:mod:`.optimal`) is loaded on first use of :func:`solve`, :class:`Strategy`
and the other names it provides.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import Action, ActionKind, ActionValue, apply_action
from .coach import Decision, PlayerAnalysis, analyse_game
from .players import ActionHook, choose_action, play_game, play_turn

if TYPE_CHECKING:
    from .optimal import Planner, Strategy, cached_strategy, medium_planner, solve, strategy_key

__all__ = [
    "Action",
    "ActionHook",
    "ActionKind",
    "ActionValue",
    "Decision",
    "Planner",
    "PlayerAnalysis",
    "Strategy",
    "analyse_game",
    "apply_action",
    "cached_strategy",
    "choose_action",
    "medium_planner",
    "play_game",
    "play_turn",
    "solve",
    "strategy_key",
]

_FROM_OPTIMAL = frozenset(
    {"Planner", "Strategy", "cached_strategy", "medium_planner", "solve", "strategy_key"}
)


def __getattr__(name: str) -> Any:
    if name in _FROM_OPTIMAL:
        from . import optimal

        return getattr(optimal, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
