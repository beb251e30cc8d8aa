"""The scorecard, over the turn or game-over screen."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Button, Footer, Static

from ...game.model import GameState
from ..host import host_of
from ..widgets.scorecard import ScorecardTable
from .modal import Modal


class ScorecardScreen(Modal[None]):
    """Every box of every player; escape or s closes it."""

    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("s", "close", "Close", show=False),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="scorecard-panel"):
            yield Static("[b]Scorecard[/b] · ✗ scratched · · open", id="scorecard-title")
            yield ScorecardTable(id="scorecard")
            yield Button("Close (Esc)", id="close-scorecard")
        yield Footer()

    def on_mount(self) -> None:
        state = host_of(self).game
        table = self.query_one(ScorecardTable)
        if isinstance(state, GameState):
            table.show(state)
        table.focus()  # so the arrow keys scroll a table wider than the screen

    @on(Button.Pressed, "#close-scorecard")
    def action_close(self) -> None:
        self.dismiss(None)
