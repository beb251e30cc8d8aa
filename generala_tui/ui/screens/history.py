"""The finished games, newest first; any one opens in the analysis."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Static

from ... import store
from ...game.model import Phase
from ...i18n import date_time
from .. import vocabulary
from ..host import host_of
from ..widgets.footer import Footer
from . import history_words
from .modal import Page

HISTORY_GROUP = "history-screen"


async def read_history(screen: Screen[None]) -> list[store.HistoryRecord]:
    """The history, newest first, read in a thread; bad files are told in one notification.

    The game on screen counts too when it is over and not in the history yet:
    the app files a finished game once its analysis is done, and the player
    may look before that.
    """
    records, warnings = await asyncio.to_thread(store.load_history)
    if warnings:
        screen.notify(
            history_words.history_warnings(warnings, store.history_dir()),
            severity="warning",
            timeout=10,
            markup=False,
        )
    game = host_of(screen).game
    if (
        game is not None
        and game.phase is Phase.OVER
        and not any(record.game == game for record in records)
    ):
        records.insert(0, store.HistoryRecord(finished_at=datetime.now(UTC), game=game))
    return records


def finished_time(moment: datetime) -> str:
    """When a game finished, in local time, as the current language writes dates."""
    return date_time(moment.astimezone())


class GameList(DataTable[Text]):
    """The games, one a row; a click on any row opens it (not only on the highlighted one)."""

    def on_click(self, event: events.Click) -> None:
        # DataTable selects a row clicked when it is highlighted already and only
        # highlights any other; here one click is enough. This runs before
        # DataTable's own handler moves the cursor, so select after it.
        row = event.style.meta.get("row")
        if isinstance(row, int) and row >= 0 and row != self.cursor_row:
            self.call_after_refresh(self.action_select_cursor)


class HistoryScreen(Page[None]):
    """Every finished game kept: when, who won, the totals and how the game was decided."""

    # Parsed when the history is first shown.
    DEFAULT_CSS = """
    HistoryScreen {
        #history {
            padding: 0 1;
        }
        #history-title {
            height: auto;
            text-style: bold;
            color: $primary;
        }
        #history-table {
            height: 1fr;
        }
    }
    """

    BINDINGS = [
        Binding("escape", "close", vocabulary.Keys.CLOSE, id="history.close"),
        Binding("e", "export", vocabulary.Keys.EXPORT, id="history.export"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.records: list[store.HistoryRecord] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="history"):
            yield Static(history_words.reading_history(), id="history-title", markup=False)
            table = GameList(id="history-table", cursor_type="row", zebra_stripes=True)
            table.display = False
            yield table
        yield Footer()

    def on_mount(self) -> None:
        # Run by the app, whose one handler tells the player of a failure.
        self.app.run_worker(self._load(), name="history", group=HISTORY_GROUP, exit_on_error=False)

    async def _load(self) -> None:
        records = await read_history(self)
        if not self.is_attached:
            return
        self.records = records
        title = self.query_one("#history-title", Static)
        if not records:
            title.update(history_words.no_history())
            return
        title.update(history_words.history_title(len(records)))
        table = self.query_one("#history-table", GameList)
        table.add_columns(*history_words.history_columns())
        for index, record in enumerate(records):
            game = record.game
            how = history_words.ending_words()[game.ending] if game.ending is not None else ""
            table.add_row(
                Text(finished_time(record.finished_at)),
                Text(history_words.winner_names(game)),
                Text(history_words.totals_line(game)),
                Text(how),
                key=str(index),
            )
        table.display = True
        table.focus()
        self.refresh_bindings()

    @on(DataTable.RowSelected, "#history-table")
    def _open(self, event: DataTable.RowSelected) -> None:
        from .analysis import AnalysisScreen

        if event.row_key.value is not None:
            self.app.push_screen(AnalysisScreen(self.records[int(event.row_key.value)].game))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "export":
            return bool(self.records)
        return True

    def action_export(self) -> None:
        """Save the highlighted game as a record file."""
        from .export import ExportDialog

        table = self.query_one("#history-table", GameList)
        if self.records and 0 <= table.cursor_row < len(self.records):
            self.app.push_screen(ExportDialog(self.records[table.cursor_row].game))

    def action_close(self) -> None:
        self.dismiss(None)


__all__ = ["HistoryScreen", "finished_time", "read_history"]
