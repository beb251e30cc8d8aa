"""After a game: what each player's decisions cost, against the optimal strategy."""

from __future__ import annotations

from collections.abc import Sequence

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from ... import store
from ...game.model import GameState
from ...game.strategy import Action, Decision, PlayerAnalysis


def _dice(state: GameState) -> str:
    return "-".join(str(d) for d in state.turn.dice) if state.turn.dice else "no dice yet"


def decision_text(decision: Decision) -> Content:
    """One costly decision: the position, what was played, what the optimum would have done."""
    state = decision.state
    return Content.from_markup(
        "  Round $round, roll $roll ($dice): [b]$played[/b], [$error]−$loss[/]\n    best: $best",
        round=str(decision.round),
        roll=str(state.turn.rolls),
        dice=_dice(state),
        played=decision.action.describe(state.turn.dice),
        loss=f"{decision.loss:.1f}",
        best=decision.best.describe(state.turn.dice),
    )


def analysis_text(analyses: Sequence[PlayerAnalysis]) -> Content:
    """Every player's expected points lost, and their three costliest decisions."""
    blocks: list[Content] = []
    for analysis in analyses:
        header = Content.from_markup(
            "[b]$name[/b]: $loss expected points lost over $count decisions",
            name=analysis.name,
            loss=f"{analysis.total_loss:.1f}",
            count=str(analysis.decisions),
        )
        lines = [header]
        if analysis.costliest:
            lines += [decision_text(decision) for decision in analysis.costliest]
        else:
            lines.append(Content("  Every decision was optimal."))
        blocks.append(Content("\n").join(lines))
    if not blocks:
        return Content("No decisions to analyse in this game.")
    return Content("\n\n").join(blocks)


class AnalysisScreen(ModalScreen[None]):
    """The post-game analysis, computed in a worker."""

    BINDINGS = [Binding("escape", "close", "Close"), Binding("v", "close", "Close", show=False)]

    def __init__(self, history: Sequence[tuple[GameState, Action]]) -> None:
        super().__init__()
        self.history = list(history)

    def compose(self) -> ComposeResult:
        with Vertical(id="analysis-panel"):
            yield Static(
                "[b]Game analysis[/b]: expected points each player's decisions gave away "
                "against the optimal strategy.",
                id="analysis-title",
            )
            with VerticalScroll(id="analysis-scroll"):
                yield Static("Analysing the game…", id="analysis")
            yield Button("Close (Esc)", id="close-analysis", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self._analyse()

    @work(thread=True, exit_on_error=False)
    def _analyse(self) -> None:
        from ...game.strategy import analyse_game, solve

        if not self.history:
            self.app.call_from_thread(self._show, [])
            return
        strategy = solve(self.history[0][0].house_rules, tables=store.strategy_tables)
        self.app.call_from_thread(self._show, analyse_game(self.history, strategy))

    def _show(self, analyses: Sequence[PlayerAnalysis]) -> None:
        if self.is_attached:
            self.query_one("#analysis", Static).update(analysis_text(analyses))

    @on(Button.Pressed, "#close-analysis")
    def action_close(self) -> None:
        self.dismiss(None)
