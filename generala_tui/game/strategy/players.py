"""The computer players, and whole turns and games played without a user interface.

Four levels (:class:`generala_tui.game.model.Level`):

- ``easy``: a simple greedy player. It holds the dice of its most common
  number (the higher number on a tie) and rolls again, stops as soon as the
  dice score in a box other than Ones to Sixes, and fills the box that scores
  the most points now (scratching its first open box when nothing scores).
- ``medium``: a one-turn lookahead. It plays each turn exactly to maximise
  the expected points of the turn alone, as if the boxes left open were worth
  nothing (see :func:`generala_tui.game.strategy.optimal.medium_planner`).
- ``expert``: the optimal strategy (:func:`generala_tui.game.strategy.solve`).
- ``champion``: plays to win, not for points. At every decision it takes the
  action with the highest exact chance of winning the game, assuming every
  player plays the expert's way afterwards
  (:meth:`generala_tui.game.strategy.chances.Chances.champion_action`).

In a tie-break turn the medium and expert players maximise the expected
tie-break score, counting an automatic win as 100 points (more than any score),
and the champion its chance of winning the tie-break; the easy player plays its
usual greedy way and stops at 30 points or more.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..action import Action, ActionKind
from ..model import NUMBER_CATEGORIES, NUMBER_OF_DICE, Category, GameState, Level, Phase
from ..rules import IllegalMove, play, scoring_options, tie_break_score
from .optimal import Strategy, medium_planner, solve, strategy_key

if TYPE_CHECKING:
    from .chances import Chances

__all__ = ["choose_action", "play_game", "play_turn"]

ActionHook = Callable[[GameState, Action], None]
"""Called with the position and the action, just before a computer's action is played."""

_EASY_TIE_BREAK_ENOUGH = 30


def choose_action(
    state: GameState,
    level: Level | None = None,
    strategy: Strategy | None = None,
    chances: Chances | None = None,
) -> Action:
    """The action a computer player of ``level`` takes in this position.

    ``level`` defaults to the current player's. ``strategy`` is the solved
    table the expert plays by and ``chances`` the win-chance tables the
    champion plays by (each solved or fetched from the cache when not given);
    the other levels need neither.
    """
    if state.phase is Phase.OVER:
        raise IllegalMove("The game is over.")
    level = level or state.current_player.level
    if level is None:
        raise ValueError(f"{state.current_player.name} is not a computer player.")
    if state.turn.rolls == 0:
        return Action.roll()
    if level is Level.EASY:
        return _easy_action(state)
    if level is Level.MEDIUM:
        return medium_planner(state.house_rules).best_action(state)
    if level is Level.CHAMPION:
        if chances is None:
            from .chances import solve_chances

            chances = solve_chances(state.house_rules)
        elif chances.house_rules != state.house_rules:
            # Every rule counts, the tie-break too: it decides who wins.
            raise ValueError("The win chances were solved for other house rules.")
        return chances.champion_action(state)
    if strategy is None:
        strategy = solve(state.house_rules)
    elif (
        strategy.house_rules is not state.house_rules
        and strategy.house_rules != state.house_rules
        and strategy_key(strategy.house_rules) != strategy_key(state.house_rules)
    ):
        raise ValueError("The strategy was solved for other house rules.")
    return strategy.best_action(state)


def _easy_action(state: GameState) -> Action:
    turn = state.turn
    tie_break = state.phase is Phase.TIE_BREAK
    if tie_break:
        points = tie_break_score(turn.dice, state.house_rules, turn.served)
        if points >= _EASY_TIE_BREAK_ENOUGH or turn.rolls >= 3:
            return Action.end_tie_break()
    else:
        options = scoring_options(state)
        special = any(
            points for category, points in options.items() if category not in NUMBER_CATEGORIES
        )
        if special or turn.rolls >= 3:
            return _easy_box(options)
    counts = Counter(turn.dice)
    face = max(counts, key=lambda value: (counts[value], value))
    held = tuple(
        die
        for die in range(NUMBER_OF_DICE)
        if turn.dice[die] == face or (turn.locked[die] and turn.held[die])
    )
    if len(held) < NUMBER_OF_DICE:
        return Action.roll(held)
    if tie_break:
        return Action.end_tie_break()
    return _easy_box(scoring_options(state))


def _easy_box(options: dict[Category, int]) -> Action:
    best = max(options.values())
    for category, points in options.items():
        if points == best:
            return Action.score(category) if points else Action.scratch(category)
    raise IllegalMove("No open box.")  # pragma: no cover - a turn always has one


def play_turn(
    state: GameState,
    strategy: Strategy | None = None,
    on_action: ActionHook | None = None,
    chances: Chances | None = None,
) -> GameState:
    """Play the current computer player's turn to its end; return the state after it.

    ``strategy`` and ``chances`` are the tables the expert and the champion play by
    (see :func:`choose_action`)."""
    while state.phase is not Phase.OVER:
        action = choose_action(state, strategy=strategy, chances=chances)
        if on_action is not None:
            on_action(state, action)
        state = play(state, action)
        if action.kind is not ActionKind.ROLL:
            break
    return state


def play_game(
    state: GameState,
    strategy: Strategy | None = None,
    on_action: ActionHook | None = None,
    chances: Chances | None = None,
) -> GameState:
    """Play turns until the game is over; every player must be a computer."""
    while state.phase is not Phase.OVER:
        state = play_turn(state, strategy, on_action, chances)
    return state
