"""What the turn screen shows, built from the game state alone: no widget, no app.

:func:`turn_view` answers everything the turn screen draws (the top bar, the
message, each open box's offer, the tie-break lines and the buttons) from the
state, the coach's values and the computers' pause, so it is tested without
Pilot and the screen only draws it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.content import Content

from ...game import rules
from ...game.action import ActionKind
from ...game.model import Category, GameState, Phase
from ..widgets.boxes import BoxOffer
from . import turn_words

if TYPE_CHECKING:
    from ...game.strategy import ActionValue


@dataclass(frozen=True)
class TurnView:
    """Everything the turn screen shows of one position."""

    topbar: Content
    message: Content
    """What the last turn did (on a new turn), then what the player to act can do."""
    brief: Content
    """The message without the reminder after a served roll's note, for when the whole
    would not fit its lines (the same as ``message`` otherwise)."""
    offers: tuple[BoxOffer, ...]
    """The open boxes (empty in a tie-break turn)."""
    tie_break: Content | None
    """The tie-break lines, in a tie-break turn."""
    end_turn_label: str
    end_turn_enabled: bool
    roll_label: str
    roll_enabled: bool
    computer: bool
    """Whether a computer player is to act."""


def box_offers(
    state: GameState, coach: Sequence[ActionValue] | None = None
) -> tuple[BoxOffer, ...]:
    """The open boxes of the player to act, with what each would take now.

    With the coach's values of the position, each box also carries the expected
    final total of filling it, what that loses against the best action, and
    whether filling it is the coach's advice.
    """
    valued = {v.action.category: v for v in coach or () if v.action.category is not None}
    best = coach[0].action if coach else None
    offers = []
    for offer in rules.offers(state):
        value = valued.get(offer.category)
        offers.append(
            BoxOffer(
                offer.category,
                offer.points,
                served=offer.served_bonus > 0,
                note=turn_words.double_generala_notes()[offer.double_generala],
                expected=value.expected if value else None,
                loss=value.loss if value else None,
                advised=best is not None
                and best.kind is not ActionKind.ROLL
                and best.category is offer.category,
                best=coach[0].expected if coach else None,
            )
        )
    return tuple(offers)


def first_open_box(state: GameState) -> Category | None:
    """Where the box cursor starts a turn: the first open box of the player to act."""
    offers = rules.offers(state)
    return offers[0].category if offers else None


def turn_view(
    state: GameState,
    coach: Sequence[ActionValue] | None = None,
    *,
    strategy_progress: float | None = None,
    paused: bool = False,
    short: bool = False,
    room: int | None = None,
    here: bool = True,
) -> TurnView:
    """What the turn screen shows of ``state`` (a game in play); ``short`` and ``room``: the
    top bar's form for a narrow terminal, and the cells it has; ``here``: whether the player
    to act plays at this window (not so for another seat of an online table)."""
    computer = rules.computer_to_act(state)
    prompt = turn_words.prompt(state, strategy_progress=strategy_progress, paused=paused, here=here)
    message = prompt
    brief = message
    if state.turn.served and state.turn.rolls:
        brief = turn_words.prompt(
            state, strategy_progress=strategy_progress, paused=paused, hint=False, here=here
        )
    if state.turn.rolls == 0 and state.log:
        said = turn_words.announcement(state, state.log[-1])
        if said.plain:
            message = Content("\n").join([said, prompt])
    tie_break = state.phase is Phase.TIE_BREAK
    return TurnView(
        topbar=turn_words.topbar(state, short, room),
        message=message,
        brief=brief,
        offers=box_offers(state, coach),
        tie_break=turn_words.tie_break_lines(state) if tie_break else None,
        end_turn_label=turn_words.end_turn_label(state),
        end_turn_enabled=rules.can_end_tie_break_turn(state) and not computer,
        roll_label=turn_words.roll_label(state),
        roll_enabled=rules.can_roll(state) and not computer,
        computer=computer,
    )
