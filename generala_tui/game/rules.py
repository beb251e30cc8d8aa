"""The rules of Generala as pure functions (docs/rules.md): the one place callers ask.

Each move takes a :class:`GameState` and returns a new one, with the step
appended to its log, or raises :class:`IllegalMove` with a message for the
player and leaves the state as it was. Every hold press is a step, so that
:func:`undo` takes back the last press; the next roll or fill settles the presses
since the last roll into their net change (:func:`toggle_hold`). :func:`play` makes one
decision (an :class:`~generala_tui.game.action.Action`); the verbs are the game's own:
:func:`roll`, :func:`toggle_hold`, :func:`score`, :func:`scratch`, and
:func:`end_tie_break_turn` for a tie-break turn. :func:`replay` rebuilds every
position of a game from its log.

The questions a player's screen asks are answered here too: :func:`offers`
(what each open box would take now), :func:`can_roll`, :func:`can_hold`,
:func:`can_fill` and :func:`computer_to_act`.

Each subject has its module, and this one gives their names in one place: what the dice
score (:mod:`~generala_tui.game.scoring`), the moves (:mod:`~generala_tui.game.moves`),
the hold presses (:mod:`~generala_tui.game.holds`), the screen's questions
(:mod:`~generala_tui.game.questions`) and the record read back and undo
(:mod:`~generala_tui.game.record`).
"""

from __future__ import annotations

from .holds import HOLD_PRESSES_KEPT, toggle_hold
from .model import GameState
from .moves import (
    SEED_RANGE,
    end_tie_break_turn,
    new_game,
    play,
    roll,
    score,
    scratch,
    thrown_dice,
    validate_names,
)
from .questions import (
    Offer,
    can_end_tie_break_turn,
    can_fill,
    can_hold,
    can_roll,
    computer_to_act,
    offers,
    rolls_barred,
    scoring_options,
    totals,
    turns_ended,
)
from .record import BadRecord, Positions, positions, replay, starting_position, undo, undo_refusal
from .refusals import IllegalMove
from .scoring import (
    category_name,
    category_score,
    check_dice,
    double_generala_status,
    is_generala,
    is_straight,
    served_bonuses,
    tie_break_score,
)

__all__ = [
    "HOLD_PRESSES_KEPT",
    "SEED_RANGE",
    "BadRecord",
    "GameState",
    "IllegalMove",
    "Offer",
    "Positions",
    "can_end_tie_break_turn",
    "can_fill",
    "can_hold",
    "can_roll",
    "category_name",
    "category_score",
    "check_dice",
    "computer_to_act",
    "double_generala_status",
    "end_tie_break_turn",
    "is_generala",
    "is_straight",
    "new_game",
    "offers",
    "play",
    "positions",
    "replay",
    "roll",
    "rolls_barred",
    "score",
    "scoring_options",
    "scratch",
    "served_bonuses",
    "starting_position",
    "thrown_dice",
    "tie_break_score",
    "toggle_hold",
    "totals",
    "turns_ended",
    "undo",
    "undo_refusal",
    "validate_names",
]
