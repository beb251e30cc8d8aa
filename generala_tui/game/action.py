"""A player's decision as a value.

An :class:`Action` is one whole decision of the player to act: roll with some
dice held, score or scratch a box, or end a tie-break turn.
:func:`generala_tui.game.rules.play` plays it and appends it, with what it did,
to the game's log; :func:`action_of` reads the decision back from a log entry.
Holding or releasing one die (:func:`generala_tui.game.rules.toggle_hold`) is a
step towards a roll, not a decision of its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from .model import Category, Filled, FrozenModel, LogEntry, Rolled, TieBreakEnded

__all__ = ["BEST_MARGIN", "Action", "ActionKind", "action_of"]

BEST_MARGIN = 0.05
"""A decision within this many expected points of the best counts as the best: the coach
calls it best and the trainer grades it so (a loss below it is no loss)."""


class ActionKind(StrEnum):
    """What kind of decision an :class:`Action` is."""

    ROLL = "roll"
    SCORE = "score"
    SCRATCH = "scratch"
    END_TIE_BREAK = "end_tie_break"


class Action(FrozenModel):
    """One decision of the player whose turn it is.

    ``held`` (for a roll) lists the positions (0 to 4) of the dice held when
    the roll is thrown, in increasing order; ``category`` names the box to
    score or scratch.
    """

    kind: ActionKind
    held: tuple[int, ...] = ()
    category: Category | None = None

    @classmethod
    def roll(cls, held: Sequence[int] = ()) -> Action:
        """Roll every die but those at the ``held`` positions."""
        return cls(kind=ActionKind.ROLL, held=tuple(sorted(set(held))))

    @classmethod
    def score(cls, category: Category) -> Action:
        """Score the dice in ``category``."""
        return cls(kind=ActionKind.SCORE, category=category)

    @classmethod
    def scratch(cls, category: Category) -> Action:
        """Fill ``category`` with a scratch."""
        return cls(kind=ActionKind.SCRATCH, category=category)

    @classmethod
    def end_tie_break(cls) -> Action:
        """End a tie-break turn, taking its tie-break score."""
        return cls(kind=ActionKind.END_TIE_BREAK)


def action_of(entry: LogEntry) -> Action | None:
    """The decision a log entry records; ``None`` for a hold toggle, which is no decision."""
    if isinstance(entry, Rolled):
        return Action.roll(entry.held)
    if isinstance(entry, Filled):
        return Action.scratch(entry.category) if entry.scratch else Action.score(entry.category)
    if isinstance(entry, TieBreakEnded):
        return Action.end_tie_break()
    return None
