"""After a game: what each player's decisions cost, against the optimal strategy."""

from __future__ import annotations

import asyncio

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Button, Footer, Static

from ...game.model import GameState
from .. import text
from ..host import host_of
from .modal import Modal

ANALYSIS_GROUP = "analysis"


class AnalysisScreen(Modal[None]):
    """The analysis of a game (finished, or any state with its log), made in a worker."""

    BINDINGS = [
        Binding("escape", "close", text.Keys.CLOSE),
        Binding("v", "close", text.Keys.CLOSE, show=False),
        Binding("r", "retry", text.Keys.TRY_AGAIN),
    ]

    def __init__(self, game: GameState) -> None:
        super().__init__()
        self.game = game
        self._failed = False

    def compose(self) -> ComposeResult:
        with Vertical(id="analysis-panel"):
            yield Static(text.ANALYSIS_TITLE, id="analysis-title")
            with VerticalScroll(id="analysis-scroll"):
                yield Static(text.ANALYSING, id="analysis")
            yield Button(text.CLOSE_BUTTON, id="close-analysis", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self._start()

    def _start(self) -> None:
        self._failed = False
        self.refresh_bindings()
        self.query_one("#analysis", Static).update(text.ANALYSING)
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
                self.query_one("#analysis", Static).update(text.analysis_failed(str(error)))
            raise
        if self.is_attached:
            self.query_one("#analysis", Static).update(text.analysis_text(analyses))

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
