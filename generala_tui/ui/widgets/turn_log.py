"""The turn log: every turn of the game so far, one wrapped line each, newest at the bottom.

The turn screen shows it on every key, so it says again only what changed: the turns of the
log that are over and unchanged keep their lines (and the cells drawn from them), a new
step says its own turn again, and only a game of other players or seed, another language or
another width (new wrapping) says everything again. Undo takes steps out of the log: the
turns from the first one touched are said again, the rest stay.
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate
from typing import TYPE_CHECKING

from textual.containers import Container
from textual.content import Content
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.visual import Visual
from textual.widget import Widget

from ...game.model import GameState, LogEntry
from ...i18n import changes
from ..colours import for_node
from . import turn_log_words
from .scorecard_columns import RECORDS_GAP, fitted_columns
from .turn_log_words import LoggedTurn, Piece, line_of, logged_turns, turn_pieces, wrap_turn

if TYPE_CHECKING:
    from .scorecard import SideScorecard

HANGING_INDENT = 2
"""How far a turn's further lines are indented under its first."""
BESIDE_WIDTH = 40
"""The turn log's least width beside the scorecard: with less room it goes under it."""


class TurnLog(ScrollView, can_focus=False):
    """The game's record told turn by turn (see :mod:`.turn_log_words`). It never takes the
    focus (the keys stay the game's): the mouse wheel scrolls it, and so do its screen's keys
    (:mod:`generala_tui.ui.screens.turn_log`)."""

    DEFAULT_CSS = """
    TurnLog {
        height: 1fr;
        width: 1fr;
        overflow-x: hidden;
        overflow-y: auto;
        scrollbar-gutter: stable;
        scrollbar-size-vertical: 1;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._told_game: tuple[object, ...] | None = None
        """The game, language and colours the lines were said for: others say them anew."""
        self._told_log: tuple[LogEntry, ...] = ()
        self._told_turns: tuple[LoggedTurn, ...] = ()
        self._told_lines: list[tuple[Piece, ...]] = []
        """Each turn's pieces (:func:`~.turn_log_words.turn_pieces`)."""
        self._turn_strips: list[list[Strip] | None] = []
        """Each turn's wrapped line (None: not wrapped yet)."""
        self._strips_look: tuple[object, ...] | None = None
        """The width, style and theme the strips were wrapped at."""
        self._turn_tops: list[int] = []
        """The first row of each turn."""
        self._rows = 0
        self._laid_out_width = 0
        """The width the turns were last placed at."""

    @property
    def lines(self) -> list[Content]:
        """What the log tells, one line a turn (as shown, before wrapping)."""
        return [line_of(pieces) for pieces in self._told_lines]

    def get_content_width(self, container: Size, viewport: Size) -> int:
        # Wrapped to the width it is given: in a column as wide as its widest, the others set it.
        return 0

    def show(self, state: GameState) -> None:
        """Tell ``state``'s record, saying again only the turns that changed."""
        names = tuple(player.name for player in state.players)
        colours = for_node(self, names)
        game = (state.seed, names, changes(), colours)
        turns = logged_turns(state)
        kept = 0
        if game == self._told_game:
            kept = _unchanged_turns(self._told_turns, self._told_log, turns, state.log)
        lines = self._told_lines[:kept]
        strips = self._turn_strips[:kept]
        for number in range(kept, len(turns)):
            line = turn_pieces(state, turns[number], colours)
            lines.append(line)
            same = number < len(self._told_lines) and self._told_lines[number] == line
            strips.append(self._turn_strips[number] if same else None)
        self._told_game, self._told_log, self._told_turns = game, state.log, turns
        if lines == self._told_lines and self._turn_tops:
            return  # a hold toggled: no turn reads otherwise
        self._told_lines, self._turn_strips = lines, strips
        self._lay_out()

    def _lay_out(self) -> None:
        """Wrap what is not wrapped at the width, place the turns, and draw; the newest at
        the bottom in view when the bottom was (a reader scrolled up stays where they read)."""
        if not self.scrollable_content_region.width:
            return  # not laid out yet (or hidden): wrapped once it has a width
        self._wrap()
        self._laid_out_width = self.scrollable_content_region.width
        heights = [len(strips or ()) for strips in self._turn_strips]
        self._turn_tops = [0, *accumulate(heights)][:-1]
        rows = sum(heights)
        width = max(self._laid_out_width, 1)
        if rows != self._rows or self.virtual_size != Size(width, rows):
            self._rows = rows
            self.virtual_size = Size(width, rows)
        self.refresh()

    def _wrap(self) -> None:
        """Wrap each turn not wrapped yet at the width and style of now (every turn again
        when those changed: another width, another theme)."""
        width = max(self.scrollable_content_region.width, 1)
        style = self.visual_style
        look = (width, style, self.app.theme)
        if look != self._strips_look:
            self._strips_look = look
            self._turn_strips = [None] * len(self._told_lines)
        if not self._told_lines:
            empty = Content(turn_log_words.turn_log_empty()).stylize("dim")
            self._turn_strips = [Visual.to_strips(self, empty, width, None, style, pad=True)]
            return
        self._turn_strips = [
            strips if strips is not None else self._wrapped(line, width)
            for line, strips in zip(self._told_lines, self._turn_strips, strict=True)
        ]

    def _wrapped(self, line: tuple[Piece, ...], width: int) -> list[Strip]:
        """A turn's line wrapped at ``width`` between its steps, its further lines indented
        under its first (so each turn reads apart from the next)."""
        whole = Content("\n").join(wrap_turn(line, width, HANGING_INDENT))
        return Visual.to_strips(self, whole, width, None, self.visual_style, pad=True)

    def on_resize(self) -> None:
        if self._laid_out_width != self.scrollable_content_region.width:
            self._lay_out()

    def on_mount(self) -> None:
        # The newest turn stays in view as turns come, until the reader scrolls up.
        self.anchor()
        self._lay_out()

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        row = scroll_y + y
        width = self.scrollable_content_region.width
        look = self._strips_look
        if look is not None and (look[1] != self.visual_style or look[2] != self.app.theme):
            self._wrap()  # another theme: the same lines, in its colours
        style = self.visual_style.rich_style
        if not self._turn_strips or not 0 <= row < self._rows:
            return Strip.blank(width, style)
        number = bisect_right(self._turn_tops, row) - 1
        strips = self._turn_strips[number] or []
        within = row - self._turn_tops[number]
        if within >= len(strips):
            return Strip.blank(width, style)
        return strips[within].crop_extend(scroll_x, scroll_x + width, style)


class TurnRecords(Container):
    """Beside the boxes on a wide terminal: the scorecard, and the turn log beside it where
    the room allows (at 200 columns), else under it (at 120); hidden on a narrower terminal."""

    SCOPED_CSS = False  # shown by the turn screen's class: its rule names the screen
    DEFAULT_CSS = """
    TurnRecords {
        display: none;
        width: auto;  /* then as wide as the scorecard fitted beside the boxes (_fit) */
        height: 1fr;
        layout: vertical;
        margin-left: 2;  /* RECORDS_GAP */
    }
    TurnScreen.-wide TurnRecords { display: block; }
    TurnRecords > TurnLog { margin: 1 0 0 0; }
    TurnRecords.-beside {
        layout: horizontal;
        width: 1fr;
        max-width: 100%;
        & > TurnLog { margin: 0 0 0 2; }
    }
    """

    def __init__(self, scorecard: SideScorecard, log: TurnLog) -> None:
        super().__init__(scorecard, log)
        self._scorecard = scorecard
        self._log = log
        self._state: GameState | None = None
        self._width: int | None = None
        """The width set (None: the tcss's)."""

    def show(self, state: GameState, *, log: bool = True) -> None:
        """Tell the game in the log (the turn screen shows the scorecard), and place the log;
        or, with ``log`` False (the turn screen shows it elsewhere), hide the log."""
        self._state = state
        self._log.display = log
        if log:
            self._log.show(state)
        self._fit()
        # Again once laid out: the room beside the boxes follows the side panel's width, set
        # with this draw (the records' own width, set here, does not change with it).
        self.call_after_refresh(self._fit)

    def _fit(self) -> None:
        """The log beside the scorecard when the room beside the boxes, at their widest,
        holds both; else under it, as wide as the scorecard (or the log's least), its columns
        fitted to the room the boxes leave at their narrowest (the box list comes first)."""
        area = self.parent
        if not isinstance(area, Widget):
            return
        room = area.content_region.width - self._scorecard.outer_size.width - RECORDS_GAP
        least = area.content_region.width - RECORDS_GAP
        for other in area.children:
            if other is not self and other.display:
                widest, narrowest = other.styles.max_width, other.styles.min_width
                width = other.outer_size.width
                room -= int(widest.value) if widest is not None and widest.is_cells else width
                least -= int(narrowest.value) if narrowest is not None else width
        beside = self._log.display and room >= BESIDE_WIDTH
        self.set_class(beside, "-beside")
        state = self._state
        fitted, fits = None, True
        if not beside and state is not None:  # as wide as the scorecard fitted to the room
            width = fitted_columns(state, least).width
            fits = width <= least
            if self._log.display:  # and the log under it no narrower than beside it
                width = max(width, BESIDE_WIDTH)
            fitted = max(min(width, least), 1)
        self._scorecard.fit(None if beside else max(least, 1))
        if self._scorecard.display != fits:
            # No column shown in part: where even its narrowest columns do not fit (eight
            # players at 120 columns), the standings and the scorecard's screen (s) say it.
            self._scorecard.display = fits
        if fitted != self._width:  # (None: the tcss's)
            self._width = self.styles.width = fitted

    def on_resize(self) -> None:
        self._fit()


def _unchanged_turns(
    old_turns: tuple[LoggedTurn, ...],
    old_log: tuple[LogEntry, ...],
    turns: tuple[LoggedTurn, ...],
    log: tuple[LogEntry, ...],
) -> int:
    """How many turns, from the first, read as they did: over, in the same place of the log,
    with the same steps (undo takes the last steps out; a new step comes after them)."""
    kept = 0
    for old, new in zip(old_turns, turns, strict=False):
        if old != new or not old.ended:
            break
        kept += 1
    # The steps of those turns are the same ones (a whole new game, with the same seed and
    # names, has other steps): checked at once over the kept part of both logs (the same
    # steps are the same objects, compared by identity first), and where they differ the
    # turns from there on are told again.
    end = turns[kept - 1].end if kept else 0
    if log[:end] != old_log[:end]:
        first = next(i for i in range(end) if log[i] != old_log[i])
        while kept and turns[kept - 1].end > first:
            kept -= 1
    return kept
