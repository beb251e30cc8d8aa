"""What the turn screen shows, built from the game state alone: no widget, no app.

:func:`turn_view` answers everything the turn screen draws (the top bar, the
message, each open box's offer, the tie-break lines and the buttons) from the
state, the coach's values and the computers' pause, so it is tested without
Pilot and the screen only draws it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

from textual.content import Content

from ...game import rules
from ...game.action import ActionKind
from ...game.model import Category, GameState, Phase
from .. import table_words
from ..widgets.boxes import KEY_CELLS, BoxOffer
from ..widgets.scorecard_columns import RECORDS_GAP
from . import turn_words

if TYPE_CHECKING:
    from ...game.strategy import ActionValue


MIN_WIDTH, MIN_HEIGHT = 40, 12
"""The smallest terminal the turn screen serves."""
NORMAL_WIDTH, NORMAL_HEIGHT = 80, 20
"""From this width up, the side panel; from this height up, framed dice."""
FRAMED_DICE_WIDTH = 56
"""From this width up, framed dice (below it, one line a die)."""
WIDE_WIDTH, WIDE_HEIGHT = 120, 32
"""From this size up: big dice, and every player's scorecard beside the boxes."""
HUGE_WIDTH, HUGE_HEIGHT = 160, 48
"""From this size up: bigger dice still, and the turn log across the foot, a turn a line."""
SIDE_SHARE, SIDE_LEAST, SIDE_MOST = 0.3, 26, 40
"""The side panel's width: its share of the terminal's, within these cells (the tcss's)."""
BOXES_NEED = {True: 44 + KEY_CELLS, False: 32 + KEY_CELLS}
"""The cells the box list needs beside the scorecard, with the coach on and off: each long
name whole after its key (and the coach's expected total and loss, see
:data:`~..widgets.boxes.WHOLE_COACH_ROW`), its scrollbar and padding."""
PLAY_PADDING = 2
"""The cells of the play column's padding (the tcss's)."""


@dataclass(frozen=True)
class TurnLayout:
    """Which layout the turn screen takes at a terminal's size."""

    tiny: bool
    """Too small to serve: only the notice asking for a bigger terminal."""
    narrow: bool
    """No side panel: the standings on one line above the dice."""
    small_dice: bool
    """One line a die."""
    wide: bool
    """Big dice, and every player's scorecard (and the turn log) beside the boxes."""
    huge: bool
    """Wide, with bigger dice still and the turn log across the foot."""

    @property
    def dice(self) -> str:
        """How big the dice are drawn (one of :data:`~..widgets.dice.DIE_SIZES`)."""
        if self.small_dice:
            return "compact"
        return "huge" if self.huge else "big" if self.wide else "normal"


def turn_layout(width: int, height: int) -> TurnLayout:
    """The turn screen's layout for a terminal of ``width`` by ``height`` cells."""
    tiny = width < MIN_WIDTH or height < MIN_HEIGHT
    wide = width >= WIDE_WIDTH and height >= WIDE_HEIGHT
    return TurnLayout(
        tiny=tiny,
        narrow=width < NORMAL_WIDTH and not tiny,
        small_dice=width < FRAMED_DICE_WIDTH or height < NORMAL_HEIGHT,
        wide=wide,
        huge=wide and width >= HUGE_WIDTH and height >= HUGE_HEIGHT,
    )


def side_width(width: int, scorecard: int, coach: bool = True) -> int:
    """The side panel's width on a wide terminal of ``width`` columns with a scorecard of
    ``scorecard`` cells beside the boxes: its share, less what the box list needs (its long
    names whole, with the ``coach``'s columns when on) and the scorecard (whole where it can
    be), down to its least; the box list comes first, the side panels after it."""
    share = min(max(int(width * SIDE_SHARE), SIDE_LEAST), SIDE_MOST)
    room = width - PLAY_PADDING - BOXES_NEED[coach] - RECORDS_GAP - scorecard
    return max(min(share, room), SIDE_LEAST)


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
    keys: Mapping[str, str] = MappingProxyType({}),
) -> TurnView:
    """What the turn screen shows of ``state`` (a game in play); ``short`` and ``room``: the
    top bar's form for a narrow terminal, and the cells it has; ``here``: whether the player
    to act plays at this window (not so for another seat of an online table); ``keys``: the
    player's own keys, which the sentences name."""
    computer = rules.computer_to_act(state)
    prompt = turn_words.prompt(
        state, strategy_progress=strategy_progress, paused=paused, here=here, keys=keys
    )
    message = prompt
    brief = message
    if state.turn.served and state.turn.rolls:
        brief = turn_words.prompt(
            state,
            strategy_progress=strategy_progress,
            paused=paused,
            hint=False,
            here=here,
            keys=keys,
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


HUMAN_ACTIONS = frozenset({"roll", "hold", "fill", "end_tie_break", "move"})
"""The turn screen's actions that play a human's turn."""
COMPUTER_KEYS = frozenset({"pause", "speed"})
"""The actions the Footer shows only during a computer's turn."""
TURN_KEYS = frozenset({"roll", "hold", "fill", "end_tie_break"})
"""The keys that play the turn: hidden from the Footer while another window's seat plays."""


def key_state(state: GameState | None, action: str) -> bool | None:
    """Whether the turn screen's ``action`` acts in ``state`` (True), is shown but refuses,
    saying why when pressed (None), or is hidden from the Footer (False)."""
    if state is None:
        return action == "coach"
    if action == "win_chances":  # alone at the table, the chance is 1: no bar
        return len(state.players) > 1
    computer = rules.computer_to_act(state)
    if action in {"speed", "pause"}:
        return any(player.level is not None for player in state.players)
    if action == "skip_ahead":
        return computer
    if computer and action in HUMAN_ACTIONS:
        return False  # hidden, to make room for the computer's keys
    tie_break = state.phase is Phase.TIE_BREAK
    if action in {"fill", "move"} and tie_break:
        return False  # a tie-break turn fills no box
    if action == "end_tie_break" and not tie_break:
        return False
    allowed = {
        "roll": rules.can_roll,
        "hold": rules.can_hold,
        "fill": rules.can_fill,
        "move": rules.can_fill,
        "end_tie_break": rules.can_end_tie_break_turn,
    }.get(action)
    return True if allowed is None or allowed(state) else None


def footer_hidden(state: GameState | None, plays_here: Callable[[int], bool]) -> set[str]:
    """The turn screen's actions the Footer leaves out in ``state``: every key works all the
    time, but the Footer has one line of 80 columns, in every language. The computers' keys
    show while a computer plays (a human to act is who the Footer is for then); ctrl+q,
    which quits everywhere (the help and the command palette say so), leaves its place to
    the turn's own keys; at an online table (a seat not played here) nothing is taken back,
    and another seat's turn is theirs to play (the keys say why when pressed)."""
    hidden = {"quit"}
    if state is None or not rules.computer_to_act(state):
        hidden |= COMPUTER_KEYS
    elif rules.undo_refusal(state) is not None:
        # A computer's move is not taken back (the key says why); a human's fill before it is,
        # with it, until the next human acts.
        hidden.add("undo")
    if state is not None and not all(map(plays_here, range(len(state.players)))):
        hidden.add("undo")
        if not plays_here(state.current):
            hidden |= TURN_KEYS
    return hidden


CLOCK_GAP = 2
"""The cells between the top bar's words and the turn clock."""


def clock(left: float | None, turn_time: float | None, *, mine: bool) -> Content | None:
    """An online table's turn clock in the top bar, in the turn's last third (at least its
    last 20 s), or None: in the warning colour for the seat at this window (``mine``),
    muted for the others'."""
    if left is None or turn_time is None or left > max(min(20.0, turn_time), turn_time / 3):
        return None
    style = "bold $warning" if mine else "$text-muted"
    return Content.styled(table_words.turn_clock(left), style)


def with_clock(topbar: Content, shown: Content | None) -> Content:
    """The top bar, with the clock after it when it shows."""
    return topbar if shown is None else Content.assemble(topbar, " " * CLOCK_GAP, shown)
