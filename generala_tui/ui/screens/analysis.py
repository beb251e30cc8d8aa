"""After a game: each player's luck, losses and rating, in points and (at a table of two or
more) in win chances, a chart of every player's win chance with the turning points or of the
game's course in points, and every decision, any one of which opens on its position with the
coach's values."""

from __future__ import annotations

import asyncio
import contextlib

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.css.query import NoMatches
from textual.widgets import Button, DataTable, Static, TabbedContent, TabPane

from ...game.model import GameState
from ...game.strategy import ActionValue, DecisionReview, GameReview, PlayerReview
from ...game.strategy.review import chance_change
from ...i18n import decimal, percent
from .. import vocabulary
from ..colours import for_node
from ..host import host_of, own_keys
from ..widgets import coach_words
from ..widgets.boxes import BoxList
from ..widgets.charts import WinChart
from ..widgets.coach import CoachPanel
from ..widgets.dice import DiceTray
from ..widgets.footer import Footer
from ..widgets.scorecard import ScorecardTable
from . import analysis_words
from .analysis_view import (
    COSTLY,
    LUCKY_SWING,
    UNLUCKY_SWING,
    course_chart,
    listed_decisions,
    win_chart,
)
from .modal import Modal, scroll
from .turn_view import box_offers

ANALYSIS_GROUP = "analysis"


def _named(value: ActionValue, dice: tuple[int, ...]) -> tuple[str, float]:
    return vocabulary.describe_action(value.action, dice), value.expected


class DecisionList(DataTable[Text]):
    """A player's decisions, one a row; Enter or a click on any row opens it."""

    BINDINGS = [
        Binding("enter", "select_cursor", vocabulary.Keys.OPEN, id="analysis.open"),
        Binding("home", "first", show=False, id="analysis.first"),
        Binding("end", "last", show=False, id="analysis.last"),
    ]

    def __init__(
        self, player: PlayerReview, rounds: int, *, wide: bool = True, id: str | None = None
    ) -> None:
        super().__init__(id=id, cursor_type="row", zebra_stripes=True)
        self.decisions = listed_decisions(player)
        self.rounds = rounds
        # Below 100 columns the expected total after each decision is left to the opened
        # decision, so that the mark fits at 80 columns.
        self.wide = wide

    def action_first(self) -> None:
        self.move_cursor(row=0)

    def action_last(self) -> None:
        self.move_cursor(row=self.row_count - 1)

    def on_mount(self) -> None:
        columns = list(analysis_words.analysis_decisions_columns())
        expected = 4  # the place of the expected total, in the columns and the cells
        if not self.wide:
            del columns[expected]
        self.add_columns(*columns)
        for index, decision in enumerate(self.decisions):
            dice = decision.state.turn.dice
            mark = analysis_words.decision_mark_words()[decision.mark]
            style = "bold red" if decision.cost >= COSTLY else ""
            cells = [
                Text(analysis_words.decision_round(decision.round, self.rounds)),
                Text(str(decision.roll)),
                Text(vocabulary.dice_text(dice)),
                Text(vocabulary.describe_action(decision.action, dice)),
                Text(decimal(decision.expected), justify="right"),
                Text(decimal(decision.cost), justify="right", style=style),
                Text(mark, style=style),
            ]
            if not self.wide:
                del cells[expected]
            self.add_row(*cells, key=str(index))

    def on_click(self, event: events.Click) -> None:
        # One click opens a row, as in the history: DataTable selects a clicked row only
        # when it is highlighted already. This runs before DataTable moves the cursor.
        row = event.style.meta.get("row")
        if isinstance(row, int) and row >= 0 and row != self.cursor_row:
            self.call_after_refresh(self.action_select_cursor)


class AnalysisScreen(Modal[None]):
    """The review of a game (finished, or any state with its log), made in a worker."""

    BINDINGS = [
        Binding("escape", "close", vocabulary.Keys.CLOSE, id="analysis.close"),
        Binding("v", "close", vocabulary.Keys.CLOSE, show=False, id="analysis.close"),
        Binding("r", "retry", vocabulary.Keys.TRY_AGAIN, id="analysis.retry"),
        Binding(
            "n", "player(1)", vocabulary.Keys.PLAYER, key_display="n/p", id="analysis.next_player"
        ),
        Binding(
            "p", "player(-1)", vocabulary.Keys.PLAYER, show=False, id="analysis.previous_player"
        ),
        Binding("c", "chart", vocabulary.Keys.CHART, id="analysis.chart"),
        Binding("w", "win_chart", analysis_words.WIN_CHART_KEY, id="analysis.win_chart"),
    ]
    # Parsed when a review is first shown (its dimmed backdrop is in generala.tcss, whose
    # `Screen` rule would win over this one's): the players' table, a tab a player with the
    # chart and the decisions. The win-chance chart (by default at a table of two or more)
    # or the course in points (-course, w): one of the two in each player's tab.
    DEFAULT_CSS = """
    AnalysisScreen {
        align: center middle;

        #analysis-panel {
            width: 100%;
            height: 100%;
            border: round $success;
            background: $surface;
            padding: 0 1;
        }

        #analysis-title {
            margin-bottom: 1;
        }

        #analysis-scroll {
            height: 1fr;
        }

        #analysis {
            height: auto;
        }
        &.-reviewed #analysis { display: none; }
        &.-reviewed #analysis-title { margin-bottom: 0; }
        #analysis-body {
            height: auto;
        }
        #analysis-players {
            height: auto;
            max-height: 10;
        }
        &.-tall #analysis-players { margin: 1 0; }
        &.-short CourseChartPlot { height: 10; }
        &.-tiny CourseChartPlot { height: 6; min-height: 6; }
        &.-tiny.-reviewed #analysis-title { display: none; }
        #analysis-note { height: auto; color: $text-muted; }
        /* The decisions alone (c): the list fills what the table and the tabs leave. */
        &.-list.-reviewed {
            #analysis-scroll, #analysis-body, #analysis-tabs, ContentSwitcher, TabPane {
                height: 1fr;
            }
            CourseChartPlot, .chart-legend { display: none; }
            DecisionList { height: 1fr; max-height: 100%; }
        }
        &.-list.-tiny.-reviewed {
            #analysis-players, #analysis-note, .decisions-hint { display: none; }
        }
        #analysis-tabs {
            height: auto;
        }
        .chart-legend, .decisions-hint {
            height: auto;
            color: $text-muted;
        }
        DecisionList {
            height: auto;
            max-height: 20;
        }

        #analysis-chances-note { height: auto; color: $text-muted; }
        #analysis-chances { height: auto; max-height: 10; }
        .win-legend, .turning-points { height: auto; color: $text-muted; }
        .turning-points { color: $text; }
        &.-short WinChartPlot { height: 10; }
        &.-tiny WinChartPlot { height: 6; min-height: 6; }
        &.-tiny #analysis-chances-note { display: none; }
        &.-win {
            CourseChartPlot, .chart-legend { display: none; }
        }
        &.-course {
            WinChartPlot, .win-legend, .turning-points { display: none; }
        }
        &.-list.-reviewed {
            WinChartPlot, .win-legend, .turning-points { display: none; }
        }
        &.-list.-tiny.-reviewed {
            #analysis-chances, #analysis-chances-note { display: none; }
        }
    }
    """
    # Below 30 rows a shorter chart and no spacing, and the decisions alone at first (c
    # brings the chart): at 80x24 the list has room; below 16 rows only the list and tabs.
    VERTICAL_BREAKPOINTS = [(0, "-tiny"), (16, "-short"), (30, "-tall")]

    def __init__(self, game: GameState) -> None:
        super().__init__()
        self.game = game
        self.review: GameReview | None = None
        self._failed = False

    def compose(self) -> ComposeResult:
        with Vertical(id="analysis-panel"):
            with VerticalScroll(id="analysis-scroll"):
                yield Static(analysis_words.analysis_title(), id="analysis-title")
                yield Static(analysis_words.analysing(), id="analysis")
                yield Vertical(id="analysis-body")
            yield Button(
                vocabulary.close_button("analysis.close", own_keys(self)),
                id="close-analysis",
                compact=True,
            )
        yield Footer()

    def on_mount(self) -> None:
        self._start()

    def _start(self) -> None:
        self._failed = False
        self.remove_class("-reviewed")
        self.refresh_bindings()
        self.query_one("#analysis", Static).update(analysis_words.analysing())
        # Run by the app, whose one handler tells the player of a failure.
        self.app.run_worker(
            self._analyse(), name="analysis", group=ANALYSIS_GROUP, exit_on_error=False
        )

    async def _analyse(self) -> None:
        from ...game.strategy import review_game

        try:
            solver = host_of(self).solver
            strategy = await solver.get(self.game.house_rules)
            # Alone at the table every win chance is 1: nothing to solve.
            chances = (
                await solver.get_chances(self.game.house_rules)
                if len(self.game.players) > 1
                else None
            )
            review = await asyncio.to_thread(review_game, self.game, strategy, chances)
        except Exception as error:
            if self.is_attached:
                self._failed = True
                self.refresh_bindings()
                self.query_one("#analysis", Static).update(
                    analysis_words.analysis_failed(str(error), own_keys(self))
                )
            raise
        if self.is_attached:
            await self._show(review)

    async def _show(self, review: GameReview) -> None:
        # The chart's library loads here, when a chart is first drawn: never at start-up.
        from ..widgets.course_chart import CourseChartPlot
        from ..widgets.win_chart import WinChartPlot

        self.review = review
        # The summary stays the analysis's text; on screen the players' table says it.
        self.query_one("#analysis", Static).update(analysis_words.review_summary(review))
        self.query_one("#analysis-title", Static).update(analysis_words.analysis_short_title())
        self.add_class("-reviewed")
        # The chart with the list under it where there is room, else the list alone.
        self.set_class(self.app.size.height < 30, "-list")
        winning = self._has_win_chart()
        self.set_class(winning, "-win")
        self.set_class(not winning, "-course")
        # Focusable, so that the arrows can scroll it sideways on a narrow terminal.
        players = DataTable[Text](id="analysis-players", cursor_type="none", zebra_stripes=True)
        incomplete = not all(player.complete for player in review.players)
        note = Static(analysis_words.analysis_incomplete_note(), id="analysis-note", markup=False)
        note.display = incomplete
        tabs = TabbedContent(id="analysis-tabs")
        body = self.query_one("#analysis-body", Vertical)
        widgets: list[Static | DataTable[Text] | TabbedContent] = [players, note]
        if winning:
            chances_table = DataTable[Text](
                id="analysis-chances", cursor_type="none", zebra_stripes=True
            )
            chances_note = Static(
                analysis_words.analysis_chances_note(), id="analysis-chances-note"
            )
            widgets += [chances_note, chances_table]
        await body.mount_all([*widgets, tabs])
        columns = list(analysis_words.analysis_players_columns())
        if incomplete:
            # Total alone does not add up when the columns are not complete: say where V ends.
            columns.insert(-1, analysis_words.analysis_end_column())
        players.add_columns(*columns)
        for player in review.players:
            cells = [
                Text(player.name),
                Text(str(player.total), justify="right"),
                Text(decimal(player.expected_start), justify="right"),
                Text(analysis_words.signed(player.luck), justify="right"),
                Text(decimal(player.loss), justify="right"),
                Text(analysis_words.rating_words()[player.rating]),
            ]
            if incomplete:
                cells.insert(-1, Text(decimal(player.expected_end), justify="right"))
            players.add_row(*cells)
        if winning:
            self._fill_chances(chances_table, review)
        colours = for_node(self, [player.name for player in self.game.players])
        rgbs = [colours.rgb(seat) for seat in range(len(review.players))]
        for player in review.players:
            listed = DecisionList(
                player,
                self.game.rounds,
                wide=self.app.size.width >= 100,
                id=f"decisions-{player.player + 1}",
            )
            hint = (
                analysis_words.analysis_open_hint()
                if listed.decisions
                else analysis_words.no_decisions()
            )
            if any(decision.tie_break for decision in listed.decisions):
                hint = f"{hint} {analysis_words.analysis_tie_break_hint()}"
            charts: list[Static | WinChartPlot] = []
            if winning:
                chart = win_chart(review, player.player, self.game.rounds)
                charts = [
                    WinChartPlot(chart, colours=rgbs, id=f"win-chart-{player.player + 1}"),
                    Static(
                        analysis_words.win_chart_legend(player.name, len(chart.turning)),
                        classes="win-legend",
                    ),
                    Static(self._turning_points(chart), classes="turning-points"),
                ]
            pane = TabPane(
                colours.name(player.player, player.name),
                *charts,
                CourseChartPlot(
                    course_chart(player),
                    colour=colours.rgb(player.player),
                    id=f"chart-{player.player + 1}",
                ),
                Static(
                    analysis_words.chart_legend(LUCKY_SWING, UNLUCKY_SWING, COSTLY),
                    classes="chart-legend",
                ),
                Static(hint, classes="decisions-hint"),
                listed,
                id=f"player-{player.player + 1}",
            )
            await tabs.add_pane(pane)
        self.refresh_bindings()
        # The players' table stays in view on opening: the list takes the keys from below it.
        self._focus_decisions(scroll_visible=False)

    def _has_win_chart(self) -> bool:
        return self.review is not None and self.review.has_chances and len(self.review.players) > 1

    def _fill_chances(self, table: DataTable[Text], review: GameReview) -> None:
        """One row a player: the win-chance identity, start + luck + decisions = result."""
        table.add_columns(*analysis_words.analysis_chances_columns(self.game.phase.value == "over"))
        signed = analysis_words.signed_percent
        for player in review.players:
            table.add_row(
                Text(player.name),
                Text(percent(player.chance_start or 0.0, 1), justify="right"),
                Text(signed(player.chance_luck or 0.0), justify="right"),
                Text(signed(player.chance_skill or 0.0), justify="right"),
                Text(signed(player.chance_others or 0.0), justify="right"),
                Text(percent(player.chance_end or 0.0, 1), justify="right"),
            )

    def _turning_points(self, chart: WinChart) -> Content:
        """The turning points of the chart's player, numbered as on the chart."""
        from ...game.strategy import RollReview

        lines = []
        for number, step in enumerate(chart.turning, start=1):
            name = self.game.players[step.player].name
            change = chance_change(step, chart.seat)
            if isinstance(step, RollReview):
                lines.append(
                    analysis_words.turning_point(
                        number, name, step.round, self.game.rounds, change, dice=step.dice
                    )
                )
            else:
                dice = step.position.turn.dice
                action = vocabulary.describe_action(step.action, dice)
                lines.append(
                    analysis_words.turning_point(
                        number, name, step.round, self.game.rounds, change, action=action
                    )
                )
        return Content("\n").join(lines)

    def _focus_decisions(self, scroll_visible: bool = True) -> None:
        """Focus the shown player's decisions, so that the arrows and Enter work on them."""
        tabs = self.query_one("#analysis-tabs", TabbedContent)
        with contextlib.suppress(NoMatches):
            listed = tabs.query_one(f"#{tabs.active} DecisionList", DecisionList)
            listed.focus(scroll_visible=scroll_visible)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "retry":
            return self._failed
        if action == "player":
            return self.review is not None and len(self.review.players) > 1
        if action == "chart":
            return self.review is not None
        if action == "win_chart":
            return self._has_win_chart()
        return True

    def action_retry(self) -> None:
        host_of(self).solver.retry()
        self._start()

    def action_player(self, step: int) -> None:
        """The next (or previous) player's tab: chart, legend and decisions."""
        if self.review is None:
            return
        tabs = self.query_one("#analysis-tabs", TabbedContent)
        seats = len(self.review.players)
        current = int((tabs.active or "player-1").removeprefix("player-")) - 1
        tabs.active = f"player-{(current + step) % seats + 1}"
        self.call_after_refresh(self._focus_decisions)

    def action_chart(self) -> None:
        """Between the chart with the decisions under it and the decisions alone."""
        self.toggle_class("-list")
        self.call_after_refresh(self._focus_decisions)
        if not self.has_class("-list"):
            self.call_after_refresh(self._show_chart)

    def action_win_chart(self) -> None:
        """Between every player's win chance and the shown player's course in points."""
        if not self._has_win_chart():
            return
        self.toggle_class("-win", "-course")
        if self.has_class("-list"):  # the list alone: show the chart asked for
            self.remove_class("-list")
        self.call_after_refresh(self._focus_decisions)
        self.call_after_refresh(self._show_chart)

    def _show_chart(self) -> None:
        tabs = self.query_one("#analysis-tabs", TabbedContent)
        kind = "WinChartPlot" if self.has_class("-win") else "CourseChartPlot"
        with contextlib.suppress(NoMatches):
            chart = tabs.query_one(f"#{tabs.active} {kind}")
            self.query_one("#analysis-scroll").scroll_to_widget(chart, animate=False, top=True)

    @on(DataTable.RowSelected, "DecisionList")
    def _open(self, event: DataTable.RowSelected) -> None:
        table = event.data_table
        if isinstance(table, DecisionList) and event.row_key.value is not None:
            decision = table.decisions[int(event.row_key.value)]
            self.app.push_screen(DecisionScreen(decision))

    @on(Button.Pressed, "#close-analysis")
    def action_close(self) -> None:
        self.dismiss(None)


STACKED_WIDTH = 76
"""Below this width a decision shows the coach under the boxes, not beside them."""


class DecisionScreen(Modal[None]):
    """One decision opened: the position (dice, held, the boxes, the scorecard), what was
    done, the best and next best choices, and every choice valued as the coach shows them."""

    # Parsed when a decision is first opened (its dimmed backdrop is in generala.tcss, whose
    # `Screen` rule would win over this one's).
    DEFAULT_CSS = """
    DecisionScreen {
        align: center middle;
        #decision-panel {
            width: 100%;
            max-width: 110;
            height: 100%;
            border: round $success;
            background: $surface;
            padding: 0 1;
        }
        #decision-scroll { height: 1fr; }
        #decision-heading, #decision-choices { height: auto; margin-bottom: 1; }
        #decision-dice-row {
            height: auto;
            width: 100%;
            align-horizontal: center;
        }
        #decision-values { height: auto; }
        #decision-boxes {
            height: auto;
            max-height: 16;
            width: 1fr;
        }
        #decision-coach {
            height: auto;
            width: 45%;
            min-width: 24;
        }
        #decision-scorecard {
            height: auto;
            width: auto;
            margin-top: 1;
        }
        &.-stacked {
            #decision-values { layout: vertical; }
            #decision-boxes { width: 100%; }
            #decision-coach { width: 100%; margin-top: 1; }
        }
    }
    """

    BINDINGS = [
        Binding("escape", "close", vocabulary.Keys.CLOSE, id="analysis.close"),
        # Close keeps the focus (Enter closes), the keys scroll the position.
        Binding("down", "scroll_position('down')", show=False, id="scroll.down"),
        Binding("up", "scroll_position('up')", show=False, id="scroll.up"),
        Binding("pagedown", "scroll_position('page_down')", show=False, id="scroll.page_down"),
        Binding("pageup", "scroll_position('page_up')", show=False, id="scroll.page_up"),
        Binding("end", "scroll_position('end')", show=False, id="scroll.end"),
        Binding("home", "scroll_position('home')", show=False, id="scroll.top"),
    ]

    def __init__(self, decision: DecisionReview) -> None:
        super().__init__()
        self.decision = decision

    def compose(self) -> ComposeResult:
        decision = self.decision
        state = decision.state
        with Vertical(id="decision-panel"):
            with VerticalScroll(id="decision-scroll"):
                yield Static(
                    analysis_words.decision_heading(
                        state.current_player.name,
                        decision.round,
                        decision.roll,
                        decision.mark,
                        decision.cost,
                        state.rounds,
                        taken_back=decision.taken_back,
                    ),
                    id="decision-heading",
                )
                with Horizontal(id="decision-dice-row"):
                    yield DiceTray(id="decision-dice")
                yield Static(id="decision-choices")
                with Horizontal(id="decision-values"):
                    yield BoxList(id="decision-boxes")
                    yield CoachPanel(id="decision-coach")
                yield ScorecardTable(id="decision-scorecard", fit_rows=True)
            yield Button(
                vocabulary.close_button("analysis.close", own_keys(self)),
                id="close-decision",
                compact=True,
            )
        yield Footer()

    def on_mount(self) -> None:
        decision = self.decision
        state = decision.state
        turn = state.turn
        small = self.app.size.width < 56 or self.app.size.height < 24
        self._fit(self.app.size.width)
        tray = self.query_one(DiceTray)
        tray.resize_dice("compact" if small else "normal")
        tray.show(turn.dice, turn.held, turn.locked)
        choices = decision.choices
        played = (vocabulary.describe_action(decision.action, turn.dice), decision.expected)
        next_best = _named(choices[1], turn.dice) if len(choices) > 1 else None
        self.query_one("#decision-choices", Static).update(
            analysis_words.decision_choices(played, _named(choices[0], turn.dice), next_best)
        )
        self.query_one(BoxList).show(box_offers(state, choices), None)
        coach = self.query_one(CoachPanel)
        coach.border_title = coach_words.coach_title()
        coach.show(state, choices)
        self.query_one(ScorecardTable).show(state)
        self.query_one("#close-decision", Button).focus()

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width)

    def _fit(self, width: int) -> None:
        """Narrow: the coach under the boxes, which then have room for their costs."""
        self.set_class(width < STACKED_WIDTH, "-stacked")

    def action_scroll_position(self, how: str) -> None:
        scroll(self.query_one("#decision-scroll", VerticalScroll), how)

    @on(Button.Pressed, "#close-decision")
    def action_close(self) -> None:
        self.dismiss(None)
