"""What shows while an online table is being joined, until its first table arrives."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from .. import table_words
from ..widgets.footer import Footer


class JoiningScreen(Screen[None]):
    """What shows until the table arrives: where it is being joined (ctrl+q quits)."""

    DEFAULT_CSS = """
    JoiningScreen {
        align: center middle;
    }
    JoiningScreen > #joining {
        width: auto;
        max-width: 90%;
    }
    """

    def __init__(self, server: str) -> None:
        super().__init__()
        self.server = server

    def compose(self) -> ComposeResult:
        yield Static(table_words.joining(self.server), id="joining", markup=False)
        yield Footer()
