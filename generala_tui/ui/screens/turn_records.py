"""What a wide terminal shows of the game's record beside the turn: every player's scorecard
beside the boxes, the turn log beside or under it, or across the foot of a huge terminal (a
turn a line); and the side panel's width, narrowed for the box list and the scorecard.

The widgets are built the first time the terminal is wide, not before the turn screen's
first frame (the scorecard is Textual's DataTable).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.screen import Screen

from ...game.model import GameState
from ..widgets import turn_log_words
from ..widgets.scorecard_columns import scorecard_width
from .turn_view import BOXES_NEED, TurnLayout, side_width

if TYPE_CHECKING:
    from ..widgets.scorecard import SideScorecard
    from ..widgets.turn_log import TurnLog, TurnRecords


class WideRecords:
    """The turn screen's records on a wide terminal (none on a narrower one)."""

    def __init__(self, screen: Screen[None]) -> None:
        self._screen = screen
        self._scorecard: SideScorecard | None = None
        """The scorecard beside the boxes, once a wide terminal has brought it."""
        self._records: TurnRecords | None = None
        """The scorecard with the turn log beside or under it."""
        self._huge_log: TurnLog | None = None
        """The turn log across the foot of a huge terminal, once one has brought it."""
        self._widths: tuple[int | None, int | None] = (None, None)
        """The box list's least width and the side panel's width set (None: the tcss's)."""

    def fit(self, layout: TurnLayout, became_wide: bool) -> None:
        """Bring what the layout shows, the first time it does."""
        screen = self._screen
        if became_wide:
            table = self._scorecard
            if table is None:  # first wide: the table is built now, not before the first frame
                from ..widgets.scorecard import SideScorecard
                from ..widgets.turn_log import TurnLog, TurnRecords

                table = self._scorecard = SideScorecard(id="wide-scorecard")
                self._records = TurnRecords(table, TurnLog(id="wide-turn-log"))
                screen.query_one("#boxes-area").mount(self._records)
            # The table measures its rows when idle, after this layout: it was hidden, so
            # nothing would lay it out again (with its size) before the next move.
            screen.call_after_refresh(table.refresh, layout=True)
        if layout.huge and self._huge_log is None:  # the log across the foot, built once
            from ..widgets.turn_log import TurnLog

            self._huge_log = TurnLog(id="huge-turn-log")
            self._huge_log.border_title = turn_log_words.turn_log_title()
            screen.mount(self._huge_log, after="#table")

    def show(self, state: GameState, *, coach: bool) -> None:
        """Show ``state`` in what the layout shows; the box list as wide as its names (and the
        ``coach``'s columns) need, the side panel as wide as it and the scorecard leave it
        (see :func:`~.turn_view.side_width`)."""
        screen = self._screen
        wide, huge = screen.has_class("-wide"), screen.has_class("-huge")
        need = BOXES_NEED[coach] if wide else None
        width = side_width(screen.app.size.width, scorecard_width(state), coach) if wide else None
        if (need, width) != self._widths:  # (None: the tcss's)
            self._widths = (need, width)
            screen.query_one("#boxes").styles.min_width = need
            screen.query_one("#side").styles.width = width
        if self._scorecard is not None and wide:
            self._scorecard.show(state)
        if self._records is not None and wide:
            self._records.show(state, log=not huge)
        if self._huge_log is not None and huge:
            self._huge_log.show(state)

    def language_changed(self) -> None:
        """The log's title in the language of now."""
        if self._huge_log is not None:
            self._huge_log.border_title = turn_log_words.turn_log_title()
