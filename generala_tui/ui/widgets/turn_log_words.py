"""The turn log's words: the game's record (``GameState.log``) told turn by turn, pure.

Each turn is one line: "Round 3 · Bruno: rolled 4 4 2 6 1 · kept 4 4 · rolled 4 4 4 3 5 ·
scored 12 in Fours". Hold toggles are not told one by one (a player may hold and release a
die many times): each roll after the first says what was kept for it, the dice its step
records as held when it was thrown. :func:`logged_turns` finds the turns in the log (cheap:
no words), :func:`turn_line` says one, :func:`turn_log_lines` says them all; the widget
(:mod:`generala_tui.ui.widgets.turn_log`) says again only the turns that changed.

Words are translated when they are read, never at import, so a change of language shows on
the next redraw. Player names never pass through markup: :func:`player_name` makes each one
a :class:`Content` of its own (with the seat's mark and colour), assembled between the
translated pieces.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from textual.content import Content

from ...game.model import Filled, GameState, LogEntry, Rolled, TieBreakEnded
from ...i18n import _
from ..colours import SeatColours, of_table
from ..vocabulary import category_label

SEPARATOR = " · "
"""Between a turn's steps, and after its round."""


@dataclass(frozen=True)
class LoggedTurn:
    """One turn of the game's record: where its steps are in the log, and whose it was."""

    start: int
    """The log's index of the turn's first step."""
    end: int
    """One past the log's index of its last step."""
    seat: int
    round: int
    """The round it belongs to (from 1), or the tie-break round in a tie-break."""
    tie_break: bool
    ended: bool
    """Whether the turn is over (a box filled, a tie-break score taken, a game won)."""


def logged_turns(state: GameState) -> tuple[LoggedTurn, ...]:
    """The turns of ``state``'s log in order, the turn in progress last once it has rolled.

    Rounds are counted back from the state's boxes, so a game whose log starts late (a
    position set up by hand) numbers its turns as its scorecard does."""
    log = state.log
    last = len(log) - 1
    # Where each turn ends, in one pass over the steps (asked on every key: kinds, not types).
    ends: list[tuple[int, LogEntry]] = [
        (index, entry)
        for index, entry in enumerate(log)
        if entry.kind in _TURN_ENDS or index == last or (entry.kind == "roll" and entry.won)
    ]
    seats = len(state.players)
    filled = [len(player.boxes) for player in state.players]
    for _index, entry in ends:
        if entry.kind == "fill" and entry.seat < seats:
            filled[entry.seat] -= 1  # left: the boxes filled before the log began
    tie_round_sizes = [len(tie_round.contenders) for tie_round in state.tie_breaks]
    tie_break_turns = sum(len(tie_round.scores) for tie_round in state.tie_breaks)
    tie_break_turns -= sum(entry.kind == "tie_break" for _index, entry in ends)
    turns: list[LoggedTurn] = []
    start = 0
    for index, entry in ends:
        ended = entry.kind in _TURN_ENDS or (isinstance(entry, Rolled) and entry.won)
        # A turn not ended by a fill is a tie-break's when the game has come to one (only
        # the last turn, in progress or won by a served Generala, ends without a score).
        tie_break = entry.kind == "tie_break" or (entry.kind != "fill" and bool(state.tie_breaks))
        seat = entry.seat
        if tie_break:
            number = _tie_break_round(tie_round_sizes, tie_break_turns)
            tie_break_turns += entry.kind == "tie_break"
        else:
            number = (filled[seat] if seat < seats else 0) + 1
            if entry.kind == "fill" and seat < seats:
                filled[seat] += 1
        turns.append(LoggedTurn(start, index + 1, seat, number, tie_break, ended))
        start = index + 1
    return tuple(turns)


_TURN_ENDS = frozenset({"fill", "tie_break"})
"""The kinds of step that end a turn (so does a roll that wins at once)."""


def _tie_break_round(sizes: Sequence[int], played: int) -> int:
    """The tie-break round of the game's ``played``-th tie-break turn (from 0)."""
    for number, size in enumerate(sizes, start=1):
        if played < size:
            return number
        played -= size
    return max(len(sizes), 1)


def player_name(state: GameState, seat: int, colours: SeatColours | None = None) -> Content:
    """A player's name as the log shows it, the one place that gives it its look: the seat's
    mark and colour (the table's, or ``colours``), bold."""
    names = [player.name for player in state.players]
    return (colours or of_table(names)).name(seat, names[seat], bold=True)


def _dice(dice: Sequence[int]) -> str:
    return " ".join(str(die) for die in dice)


def _step(template: str, **values: str) -> Content:
    return Content.from_markup(template, **values)


def turn_steps(state: GameState, turn: LoggedTurn) -> list[Content]:
    """What the turn did, step by step: each roll (with what it kept), then how it ended."""
    steps: list[Content] = []
    dice: tuple[int, ...] = ()
    for entry in state.log[turn.start : turn.end]:
        if isinstance(entry, Rolled):
            if dice:
                kept = [dice[position] for position in entry.held]
                steps.append(
                    _step(_("kept $dice"), dice=_dice(kept)) if kept else _step(_("kept none"))
                )
            dice = entry.dice
            steps.append(_step(_("rolled $dice"), dice=_dice(dice)))
            if entry.won:
                steps.append(_step(_("[b]wins at once with a served Generala[/b]")))
        elif isinstance(entry, Filled):
            box = category_label(entry.category)
            if not entry.points:
                steps.append(_step(_("scratched $box"), box=box))
            elif entry.served_bonus:
                steps.append(
                    _step(
                        _("scored [b]$points[/b] in $box (served)"),
                        points=str(entry.points),
                        box=box,
                    )
                )
            else:
                steps.append(
                    _step(_("scored [b]$points[/b] in $box"), points=str(entry.points), box=box)
                )
        elif isinstance(entry, TieBreakEnded):
            steps.append(_step(_("took [b]$points[/b] tie-break points"), points=str(entry.points)))
    return steps


def turn_heading(turn: LoggedTurn) -> Content:
    """The turn's round: "Round 3", or "Tie-break 1"."""
    template = _("Tie-break $n") if turn.tie_break else _("Round $n")
    return Content.from_markup(template, n=str(turn.round))


Piece = tuple[Content, Content]
"""A piece of a turn's line a row may break before: what comes before it on the same row (a
separator) and the piece itself."""


def turn_pieces(
    state: GameState, turn: LoggedTurn, colours: SeatColours | None = None
) -> tuple[Piece, ...]:
    """One turn in the pieces a row may break between: its round and its player, then each
    step (a step's dice are never split)."""
    lead = Content.assemble(
        turn_heading(turn).stylize("dim"),
        (SEPARATOR, "dim"),
        player_name(state, turn.seat, colours),
        ":",
    )
    separator = Content(SEPARATOR).stylize("dim")
    steps = turn_steps(state, turn)
    return (
        (Content(), lead),
        *((Content(" ") if number == 0 else separator, step) for number, step in enumerate(steps)),
    )


def line_of(pieces: Sequence[Piece]) -> Content:
    """A turn's pieces in one line."""
    return Content.assemble(*(part for piece in pieces for part in piece))


def turn_line(state: GameState, turn: LoggedTurn, colours: SeatColours | None = None) -> Content:
    """One turn in one line (wrapped where it is shown): its round, its player, its steps."""
    return line_of(turn_pieces(state, turn, colours))


def wrap_turn(pieces: Sequence[Piece], width: int, indent: int = 0) -> list[Content]:
    """A turn's pieces (:func:`turn_pieces`) in rows of at most ``width`` cells, the rows after
    the first indented by ``indent``: a row breaks between two pieces, after the separator's
    dot, so that "kept 2 2 2" or "rolled 6 2 4 4 3" reads whole; a piece wider than a row
    alone is wrapped within it."""
    rows: list[Content] = []
    row = Content()
    last = len(pieces) - 1
    for number, (separator, piece) in enumerate(pieces):
        room = width - (indent if rows else 0)
        ending = separator.rstrip()
        # Room kept for the next separator's dot, should the row break after this piece.
        reserve = 0 if number == last else len(SEPARATOR.rstrip())
        whole = Content.assemble(separator, piece) if row.cell_length else piece
        if row.cell_length and row.cell_length + whole.cell_length + reserve > room:
            rows.append(Content.assemble(row, ending))  # "… 4 3 ·" ends the row
            row, whole, room = Content(), piece, width - indent
        if row.cell_length + whole.cell_length <= room:
            row = Content.assemble(row, whole)
            continue
        *done, row = Content.assemble(row, whole).wrap(max(room, 1)) or [Content()]
        rows.extend(done)
    rows.append(row)
    return [rows[0], *(Content.assemble(" " * indent, row) for row in rows[1:])]


def turn_log_lines(state: GameState, colours: SeatColours | None = None) -> list[Content]:
    """Every turn of the game so far, oldest first, one line each."""
    return [turn_line(state, turn, colours) for turn in logged_turns(state)]


def turn_log_title() -> str:
    """The log's title, over its frame and its screen."""
    return _("Turn log")


def turn_log_empty() -> str:
    """The log before the game's first roll."""
    return _("No rolls yet: every roll, keep and box of the game will show here.")
