"""Every player's figures over the history, and a chart of their last totals."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import ScrollableContainer
from textual.widgets import DataTable, Static

from ...game.statistics import PlayerStatistics, player_statistics
from .. import vocabulary
from ..widgets.footer import Footer
from . import history_words, statistics_words
from .history import read_history
from .modal import Page

STATISTICS_GROUP = "statistics-screen"

BARS = "▁▂▃▄▅▆▇█"


def bar_chart(totals: Sequence[int], top: int) -> str:
    """One block character a total, from ▁ to █ (█ is ``top`` points); every game shows."""
    if top <= 0:
        return BARS[0] * len(totals)
    return "".join(
        BARS[max(0, min(len(BARS) - 1, round(total / top * len(BARS)) - 1))] for total in totals
    )


def _number(value: float | None, digits: int = 0) -> Text:
    return Text(statistics_words.figure(value, digits), justify="right")


def figures(stats: PlayerStatistics) -> list[Text]:
    """A player's row of the table: the name as it is (never markup), then the figures."""
    return [
        Text(stats.name),
        _number(stats.games),
        _number(stats.wins),
        _number(stats.best),
        _number(stats.average, 1),
        _number(stats.worst),
        _number(stats.generalas),
        _number(stats.automatic_wins),
        _number(stats.average_loss, 1),
    ]


class StatisticsScreen(Page[None]):
    """The statistics of every player in the history; the whole page scrolls both ways."""

    BINDINGS = [Binding("escape", "close", vocabulary.Keys.CLOSE, id="statistics.close")]

    def compose(self) -> ComposeResult:
        with ScrollableContainer(id="statistics"):
            yield Static(history_words.reading_history(), id="statistics-title", markup=False)
            yield DataTable(id="statistics-table", cursor_type="none", zebra_stripes=True)
            yield Static(id="charts-title", markup=False)
            yield DataTable(id="charts-table", cursor_type="none")
            yield Static(statistics_words.statistics_note(), id="statistics-note", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        for table in self.query(DataTable):
            # The page scrolls as one: the keys and the wheel move it, not a table.
            table.can_focus = False
            table.display = False
        self.query_one("#charts-title").display = False
        self.query_one("#statistics-note").display = False
        self.query_one("#statistics", ScrollableContainer).focus()
        # Run by the app, whose one handler tells the player of a failure.
        self.app.run_worker(
            self._load(), name="statistics", group=STATISTICS_GROUP, exit_on_error=False
        )

    async def _load(self) -> None:
        records = await read_history(self)
        if not self.is_attached:
            return
        title = self.query_one("#statistics-title", Static)
        if not records:
            title.update(history_words.no_history())
            return
        title.update(statistics_words.statistics_title(len(records)))
        players = player_statistics((record.game, record.losses) for record in records)
        table = self.query_one("#statistics-table", DataTable)
        table.add_columns(*statistics_words.statistics_columns())
        for stats in players:
            table.add_row(*figures(stats))
        top = max((total for stats in players for total in stats.recent_totals), default=0)
        charts = self.query_one("#charts-table", DataTable)
        charts.add_columns(*statistics_words.chart_columns())
        for stats in players:
            last = stats.recent_totals[-1] if stats.recent_totals else None
            charts.add_row(
                Text(stats.name),
                Text(bar_chart(stats.recent_totals, top), style="bold"),
                _number(last),
            )
        self.query_one("#charts-title", Static).update(statistics_words.chart_title(top))
        for widget in (
            table,
            charts,
            self.query_one("#charts-title"),
            self.query_one("#statistics-note"),
        ):
            widget.display = True
        # A table's width follows its columns, known once it has measured its rows.
        self.call_after_refresh(self._fit_tables)

    def _fit_tables(self) -> None:
        for table in self.query(DataTable):
            table.refresh(layout=True)

    def action_close(self) -> None:
        self.dismiss(None)


__all__ = ["StatisticsScreen", "bar_chart", "figures"]
