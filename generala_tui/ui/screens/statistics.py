"""The hall of fame (the best totals, one list a set of house rules), every player's figures
over the history, and a chart of their last totals."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import ScrollableContainer
from textual.widgets import DataTable, Static

from ... import i18n
from ...game.model import HouseRules
from ...game.rule_choices import preset_in_effect
from ...game.statistics import FameList, PlayerStatistics, hall_of_fame, player_statistics
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


def rules_name(house_rules: HouseRules) -> str:
    """A set of house rules in a few words: its preset's name, else what differs from the
    defaults."""
    return statistics_words.rules_name(preset_in_effect(house_rules), house_rules)


def fame_rows(fame: FameList) -> list[list[Text]]:
    """The hall of fame's rows: place, total, player, date, the others at the table (names
    as they are, never markup; a computer's marked)."""
    return [
        [
            Text(f"{entry.place}.", justify="right"),
            Text(str(entry.total), justify="right", style="bold"),
            Text(statistics_words.computer(entry.name, entry.computer)),
            Text(i18n.date(entry.finished_at.astimezone())),
            Text(statistics_words.others(entry.others)),
        ]
        for entry in fame.entries
    ]


class StatisticsScreen(Page[None]):
    """The hall of fame and the statistics of every player in the history; the whole page
    scrolls both ways."""

    # Parsed when the statistics are first shown.
    DEFAULT_CSS = """
    StatisticsScreen {
        #statistics {
            padding: 0 1;
        }
        #statistics-title, #charts-title, #fame-title {
            height: auto;
            text-style: bold;
            color: $primary;
        }
        #charts-title {
            margin-top: 1;
        }
        /* Its max-height is DataTable's own (100%): "max-height: initial" said that in the
           app's stylesheet, where "initial" falls back to the widget's default; here, in a
           default stylesheet itself, it would mean none at all. */
        #statistics DataTable {
            width: auto;
            height: auto;
        }
        #statistics-note, #fame-note {
            height: auto;
            max-width: 100;
            margin-top: 1;
            color: $text-muted;
        }
        #fame-note {
            margin: 1 0;
        }
    }
    """

    BINDINGS = [
        Binding("escape", "close", vocabulary.Keys.CLOSE, id="statistics.close"),
        Binding("r", "other_rules", vocabulary.Keys.OTHER_RULES, id="statistics.other_rules"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.fame: list[FameList] = []
        """The hall of fame's lists, the last played rules' first."""
        self.shown_rules = 0
        """Which of them shows."""

    def compose(self) -> ComposeResult:
        with ScrollableContainer(id="statistics"):
            yield Static(id="fame-title", markup=False)
            yield DataTable(id="fame-table", cursor_type="none", zebra_stripes=True)
            yield Static(id="fame-note", markup=False)
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
        for hidden in ("#charts-title", "#statistics-note", "#fame-title", "#fame-note"):
            self.query_one(hidden).display = False
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
        self.fame = hall_of_fame((record.game, record.finished_at) for record in records)
        self._show_fame()
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

    def _show_fame(self) -> None:
        """The hall of fame's list of the rules :attr:`shown_rules`."""
        title = self.query_one("#fame-title", Static)
        title.display = True
        table = self.query_one("#fame-table", DataTable)
        note = self.query_one("#fame-note", Static)
        if not self.fame:
            title.update(statistics_words.no_fame())
            table.display = note.display = False
            return
        fame = self.fame[self.shown_rules]
        title.update(
            statistics_words.fame_title(
                rules_name(fame.house_rules), self.shown_rules + 1, len(self.fame)
            )
        )
        # Columns anew: their widths follow the rows of this list, not the last one's.
        table.clear(columns=True)
        table.add_columns(*statistics_words.fame_columns())
        table.add_rows(fame_rows(fame))
        note.update(statistics_words.fame_note(fame.games))
        table.display = note.display = True
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "other_rules":
            return len(self.fame) > 1
        return True

    def action_other_rules(self) -> None:
        if len(self.fame) > 1:
            self.shown_rules = (self.shown_rules + 1) % len(self.fame)
            self._show_fame()
            self.call_after_refresh(self._fit_tables)

    def _fit_tables(self) -> None:
        for table in self.query(DataTable):
            table.refresh(layout=True)

    def action_close(self) -> None:
        self.dismiss(None)


__all__ = ["StatisticsScreen", "bar_chart", "fame_rows", "figures", "rules_name"]
