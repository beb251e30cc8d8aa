"""The moves a player makes, as data, and what they are worth.

An :class:`Action` is one whole decision: roll with some dice held, score or
scratch a box, or end a tie-break turn. :func:`apply_action` plays it with the
rules functions (hold toggles, then the roll), so a user interface can show
the same steps one by one. This module does not need numpy.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from ..model import NUMBER_OF_DICE, Category, GameState
from ..rules import (
    IllegalMove,
    category_name,
    end_tie_break_turn,
    roll,
    score,
    scratch,
    toggle_hold,
)

__all__ = ["Action", "ActionKind", "ActionValue", "apply_action", "hold_toggles"]


class ActionKind(StrEnum):
    """What kind of decision an :class:`Action` is."""

    ROLL = "roll"
    SCORE = "score"
    SCRATCH = "scratch"
    END_TIE_BREAK = "end_tie_break"


class Action(BaseModel):
    """One decision of the player whose turn it is.

    ``held`` (for a roll) lists the positions (0 to 4) of the dice held when
    the roll is thrown, in increasing order; ``category`` names the box to
    score or scratch.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

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

    def describe(self, dice: Sequence[int] = ()) -> str:
        """The action in words; with the turn's ``dice``, a roll names the dice it keeps."""
        if self.kind is ActionKind.ROLL:
            if not self.held:
                return "Roll all five dice" if dice else "Roll"
            if len(dice) == NUMBER_OF_DICE:
                kept = "-".join(str(dice[i]) for i in self.held)
                return f"Keep {kept} and roll"
            return f"Hold dice {', '.join(str(i + 1) for i in self.held)} and roll"
        if self.kind is ActionKind.END_TIE_BREAK:
            return "End the tie-break turn"
        assert self.category is not None
        verb = "Score" if self.kind is ActionKind.SCORE else "Scratch"
        return f"{verb} {category_name(self.category)}"


@dataclass(frozen=True, slots=True)
class ActionValue:
    """An action and its worth in the solitaire optimum (RULES.md section 10).

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


def apply_action(
    state: GameState, action: Action, values: Sequence[int] | None = None
) -> GameState:
    """Play ``action`` with the rules functions; raise :class:`IllegalMove` if they refuse it.

    A roll first toggles the holds that differ from ``action.held`` (never
    before the first roll, when nothing can be held), then rolls; ``values``
    are passed to :func:`generala_tui.game.rules.roll`.
    """
    if action.kind is ActionKind.ROLL:
        if state.turn.rolls:
            for die in hold_toggles(state, action):
                state = toggle_hold(state, die)
        elif action.held:
            raise IllegalMove("Roll first: there are no dice to hold yet.")
        return roll(state, values)
    if action.kind is ActionKind.END_TIE_BREAK:
        return end_tie_break_turn(state)
    if action.category is None:
        raise IllegalMove("Choose a box to fill.")
    if action.kind is ActionKind.SCORE:
        return score(state, action.category)
    return scratch(state, action.category)
