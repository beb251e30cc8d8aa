"""After a game: each player's luck, losses and rating, a chart of the game's course, and
every decision, any one of which opens on its position with the coach's values."""

from __future__ import annotations

import asyncio

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Button, DataTable, Footer, Static, TabbedContent, TabPane

from ...game.model import GameState
from ...game.strategy import ActionValue, DecisionReview, GameReview, PlayerReview
from .. import text
from ..host import host_of
from ..widgets.boxes import BoxList
from ..widgets.coach import CoachPanel
from ..widgets.dice import DiceTray
from ..widgets.scorecard import ScorecardTable
from .analysis_view import COSTLY, LUCKY_SWING, UNLUCKY_SWING, course_chart, listed_decisions
from .modal import Modal
from .turn_view import box_offers

ANALYSIS_GROUP = "analysis"


def _named(value: ActionValue, dice: tuple[int, ...]) -> tuple[str, float]:
    return text.describe_action(value.action, dice), value.expected


class DecisionList(DataTable[Text]):
    """A player's decisions, one a row; a click on any row opens it."""

    def __init__(self, player: PlayerReview, *, id: str | None = None) -> None:
        super().__init__(id=id, cursor_type="row", zebra_stripes=True)
        self.decisions = listed_decisions(player)

    def on_mount(self) -> None:
        self.add_columns(*text.ANALYSIS_DECISIONS_COLUMNS)
        for index, decision in enumerate(self.decisions):
            dice = decision.state.turn.dice
            mark = text.DECISION_MARK_WORDS[decision.mark]
            style = "bold red" if decision.cost >= COSTLY else ""
            self.add_row(
                Text(str(decision.round)),
                Text(str(decision.roll)),
                Text(text.dice_text(dice)),
                Text(text.describe_action(decision.action, dice)),
                Text(f"{decision.expected:.1f}", justify="right"),
                Text(f"{decision.cost:.1f}", justify="right", style=style),
                Text(mark, style=style),
                key=str(index),
            )

    def on_click(self, event: events.Click) -> None:
        # One click opens a row, as in the history: DataTable selects a clicked row only
        # when it is highlighted already. This runs before DataTable moves the cursor.
        row = event.style.meta.get("row")
        if isinstance(row, int) and row >= 0 and row != self.cursor_row:
            self.call_after_refresh(self.action_select_cursor)


class AnalysisScreen(Modal[None]):
    """The review of a game (finished, or any state with its log), made in a worker."""

    BINDINGS = [
        Binding("escape", "close", text.FOOTER_CLOSE),
        Binding("v", "close", text.FOOTER_CLOSE, show=False),
        Binding("r", "retry", text.FOOTER_TRY_AGAIN),
        Binding("n", "player(1)", text.FOOTER_PLAYER, key_display="n/p"),
        Binding("p", "player(-1)", text.FOOTER_PLAYER, show=False),
    ]
    # Below 30 rows a shorter chart and no spacing: at 80x24 the chart shows whole.
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]

    def __init__(self, game: GameState) -> None:
        super().__init__()
        self.game = game
        self.review: GameReview | None = None
        self._failed = False

    def compose(self) -> ComposeResult:
        with Vertical(id="analysis-panel"):
            yield Static(text.ANALYSIS_TITLE, id="analysis-title")
            with VerticalScroll(id="analysis-scroll"):
                yield Static(text.ANALYSING, id="analysis")
                yield Vertical(id="analysis-body")
            yield Button(text.CLOSE_BUTTON, id="close-analysis", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self._start()

    def _start(self) -> None:
        self._failed = False
        self.remove_class("-reviewed")
        self.refresh_bindings()
        self.query_one("#analysis", Static).update(text.ANALYSING)
        # Run by the app, whose one handler tells the player of a failure.
        self.app.run_worker(
            self._analyse(), name="analysis", group=ANALYSIS_GROUP, exit_on_error=False
        )

    async def _analyse(self) -> None:
        from ...game.strategy import review_game

        try:
            strategy = await host_of(self).solver.get(self.game.house_rules)
            review = await asyncio.to_thread(review_game, self.game, strategy)
        except Exception as error:
            if self.is_attached:
                self._failed = True
                self.refresh_bindings()
                self.query_one("#analysis", Static).update(text.analysis_failed(str(error)))
            raise
        if self.is_attached:
            await self._show(review)

    async def _show(self, review: GameReview) -> None:
        # The chart's library loads here, when a chart is first drawn: never at start-up.
        from ..widgets.course_chart import CourseChartPlot

        self.review = review
        # The summary stays the analysis's text; on screen the players' table says it.
        self.query_one("#analysis", Static).update(text.review_summary(review))
        self.query_one("#analysis-title", Static).update(text.ANALYSIS_SHORT_TITLE)
        self.add_class("-reviewed")
        players = DataTable[Text](id="analysis-players", cursor_type="none", zebra_stripes=True)
        players.can_focus = False
        tabs = TabbedContent(id="analysis-tabs")
        body = self.query_one("#analysis-body", Vertical)
        await body.mount_all([players, tabs])
        players.add_columns(*text.ANALYSIS_PLAYERS_COLUMNS)
        for player in review.players:
            players.add_row(
                Text(player.name),
                Text(str(player.total), justify="right"),
                Text(f"{player.expected_start:.1f}", justify="right"),
                Text(text.signed(player.luck), justify="right"),
                Text(f"{player.loss:.1f}", justify="right"),
                Text(text.RATING_WORDS[player.rating]),
            )
        for player in review.players:
            listed = DecisionList(player, id=f"decisions-{player.player + 1}")
            hint = text.ANALYSIS_OPEN_HINT if listed.decisions else text.NO_DECISIONS
            pane = TabPane(
                Content(player.name),
                CourseChartPlot(course_chart(player), id=f"chart-{player.player + 1}"),
                Static(
                    text.chart_legend(LUCKY_SWING, UNLUCKY_SWING, COSTLY), classes="chart-legend"
                ),
                Static(hint, classes="decisions-hint"),
                listed,
                id=f"player-{player.player + 1}",
            )
            await tabs.add_pane(pane)
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "retry":
            return self._failed
        if action == "player":
            return self.review is not None and len(self.review.players) > 1
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

    @on(DataTable.RowSelected, "DecisionList")
    def _open(self, event: DataTable.RowSelected) -> None:
        table = event.data_table
        if isinstance(table, DecisionList) and event.row_key.value is not None:
            decision = table.decisions[int(event.row_key.value)]
            self.app.push_screen(DecisionScreen(decision))

    @on(Button.Pressed, "#close-analysis")
    def action_close(self) -> None:
        self.dismiss(None)


class DecisionScreen(Modal[None]):
    """One decision opened: the position (dice, held, the boxes, the scorecard), what was
    done, the best and next best choices, and every choice valued as the coach shows them."""

    BINDINGS = [Binding("escape", "close", text.FOOTER_CLOSE)]

    def __init__(self, decision: DecisionReview) -> None:
        super().__init__()
        self.decision = decision

    def compose(self) -> ComposeResult:
        decision = self.decision
        state = decision.state
        with Vertical(id="decision-panel"):
            with VerticalScroll(id="decision-scroll"):
                yield Static(
                    text.decision_heading(
                        state.current_player.name,
                        decision.round,
                        decision.roll,
                        decision.mark,
                        decision.cost,
                    ),
                    id="decision-heading",
                )
                with Horizontal(id="decision-dice-row"):
                    yield DiceTray(id="decision-dice")
                yield Static(id="decision-choices")
                with Horizontal(id="decision-values"):
                    yield BoxList(id="decision-boxes")
                    yield CoachPanel(id="decision-coach")
                yield ScorecardTable(id="decision-scorecard")
            yield Button(text.CLOSE_BUTTON, id="close-decision", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        decision = self.decision
        state = decision.state
        turn = state.turn
        small = self.app.size.width < 56 or self.app.size.height < 24
        tray = self.query_one(DiceTray)
        tray.resize_dice("compact" if small else "normal")
        tray.show(turn.dice, turn.held, turn.locked)
        choices = decision.choices
        played = (text.describe_action(decision.action, turn.dice), decision.expected)
        next_best = _named(choices[1], turn.dice) if len(choices) > 1 else None
        self.query_one("#decision-choices", Static).update(
            text.decision_choices(played, _named(choices[0], turn.dice), next_best)
        )
        self.query_one(BoxList).show(box_offers(state, choices), None)
        coach = self.query_one(CoachPanel)
        coach.border_title = text.COACH_TITLE
        coach.show(state, choices)
        self.query_one(ScorecardTable).show(state)
        self.query_one("#close-decision", Button).focus()

    @on(Button.Pressed, "#close-decision")
    def action_close(self) -> None:
        self.dismiss(None)
