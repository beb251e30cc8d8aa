"""After a game: what each player's decisions cost, against the optimal strategy."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Button, Footer, Static

from ...game.model import GameState
from ...game.strategy import Decision, PlayerAnalysis
from ..host import host_of
from ..text import analysis_failed, describe_action
from .modal import Modal

ANALYSIS_GROUP = "analysis"


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
        played=describe_action(decision.action, state.turn.dice),
        loss=f"{decision.loss:.1f}",
        best=describe_action(decision.best, state.turn.dice),
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


class AnalysisScreen(Modal[None]):
    """The analysis of a game (finished, or any state with its log), made in a worker."""

    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("v", "close", "Close", show=False),
        Binding("r", "retry", "Try again"),
    ]

    def __init__(self, game: GameState) -> None:
        super().__init__()
        self.game = game
        self._failed = False

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
        self._start()

    def _start(self) -> None:
        self._failed = False
        self.refresh_bindings()
        self.query_one("#analysis", Static).update("Analysing the game…")
        # Run by the app, whose one handler tells the player of a failure.
        self.app.run_worker(
            self._analyse(), name="analysis", group=ANALYSIS_GROUP, exit_on_error=False
        )

    async def _analyse(self) -> None:
        from ...game.strategy import analyse_game

        try:
            strategy = await host_of(self).solver.get(self.game.house_rules)
            analyses = await asyncio.to_thread(analyse_game, self.game, strategy)
        except Exception as error:
            if self.is_attached:
                self._failed = True
                self.refresh_bindings()
                self.query_one("#analysis", Static).update(analysis_failed(str(error)))
            raise
        if self.is_attached:
            self.query_one("#analysis", Static).update(analysis_text(analyses))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "retry":
            return self._failed
        return True

    def action_retry(self) -> None:
        host_of(self).solver.retry()
        self._start()

    @on(Button.Pressed, "#close-analysis")
    def action_close(self) -> None:
        self.dismiss(None)
