"""The turn log on a screen of its own, one key away from the turn: ``l`` opens it, escape
(or ``l`` again) closes it. It follows the game while open (an undo made from it shows at
once); the computers wait while it is in front, as they do behind any screen over the turn."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Button

from ...game.model import GameState
from .. import vocabulary
from ..host import host_of, own_keys
from ..widgets import turn_log_words
from ..widgets.footer import Footer
from ..widgets.turn_log import TurnLog
from .modal import SCROLL_BINDINGS, Modal, scroll


class TurnLogScreen(Modal[None]):
    """Every turn of the game so far, newest at the bottom; the keys scroll it."""

    DEFAULT_CSS = """
    TurnLogScreen {
        align: center middle;
        background: $background 60%;
    }
    #turn-log-panel {
        width: 100;
        max-width: 100%;
        height: 100%;
        border: round $primary;
        border-title-color: $text;
        background: $surface;
        padding: 0 0 0 1;
    }
    #turn-log-panel TurnLog { height: 1fr; }
    #close-turn-log { width: 100%; }
    """

    BINDINGS = [
        Binding("escape", "close", vocabulary.Keys.CLOSE, id="turn_log.close"),
        Binding("l", "close", vocabulary.Keys.CLOSE, show=False, id="turn_log.close"),
        *SCROLL_BINDINGS,
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="turn-log-panel"):
            yield TurnLog(id="turn-log")
            yield Button(
                vocabulary.close_button("turn_log.close", own_keys(self)),
                id="close-turn-log",
                compact=True,
            )
        yield Footer()

    def on_mount(self) -> None:
        panel = self.query_one("#turn-log-panel")
        panel.border_title = turn_log_words.turn_log_title()
        self._show()
        self.watch(self.app, "game", self._show, init=False)
        self.query_one("#close-turn-log", Button).focus()

    async def language_changed(self) -> None:
        """Say it all again in the current language."""
        self.refresh_bindings()
        self.query_one("#turn-log-panel").border_title = turn_log_words.turn_log_title()
        self.query_one("#close-turn-log", Button).label = vocabulary.close_button(
            "turn_log.close", own_keys(self)
        )
        self._show()

    def _show(self) -> None:
        state = host_of(self).game
        if isinstance(state, GameState):
            self.query_one(TurnLog).show(state)

    def action_scroll(self, where: str) -> None:
        scroll(self.query_one(TurnLog), where)

    @on(Button.Pressed, "#close-turn-log")
    def action_close(self) -> None:
        self.dismiss(None)
