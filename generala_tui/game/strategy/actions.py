"""What a decision is worth, and the hold steps a roll takes.

An :class:`ActionValue` is an :class:`~generala_tui.game.action.Action` valued
by the optimal strategy; :func:`hold_toggles` splits a roll into the holds a
user interface shows one by one. This module does not need numpy.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..action import Action, ActionKind
from ..model import GameState

__all__ = ["ActionValue", "hold_toggles"]


@dataclass(frozen=True, slots=True)
class ActionValue:
    """An action and its worth in the solitaire optimum (docs/rules.md).

    ``expected`` is the expected final total of the current player's column
    when the player takes ``action`` and plays optimally afterwards (in a
    tie-break turn: the expected tie-break score). ``loss`` is how much less
    that is than the best action's. ``kept`` is the dice values a roll keeps;
    ``points`` the points a box would receive (0 for a scratch).
    """

    action: Action
    expected: float
    loss: float
    kept: tuple[int, ...] = ()
    points: int | None = None


def hold_toggles(state: GameState, action: Action) -> list[int]:
    """The dice to hold or release, in order, so that exactly ``action.held`` are held."""
    if action.kind is not ActionKind.ROLL or not state.turn.rolls:
        return []
    wanted = set(action.held)
    return [die for die, held in enumerate(state.turn.held) if held != (die in wanted)]
