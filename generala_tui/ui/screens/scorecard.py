"""The scorecard, over the turn or game-over screen."""

from __future__ import annotations

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Button, Static

from ...game.model import GameState
from ...i18n import _, pgettext
from .. import vocabulary
from ..host import host_of, own_keys
from ..widgets.footer import Footer
from ..widgets.scorecard import ScorecardTable
from .modal import Modal


def scorecard_title() -> str:
    """The scorecard's heading (markup), with its marks explained."""
    title = _("Scorecard")
    scratched, still_open = pgettext("box", "scratched"), pgettext("box", "open")
    return (
        f"[b]{title}[/b] · {vocabulary.SCRATCH_MARK} {scratched} · "
        f"{vocabulary.OPEN_MARK} {still_open}"
    )


SCROLLBAR = 1
"""The panel's scrollbar, when the screen is too short for its rows (its DEFAULT_CSS's)."""


class ScorecardScreen(Modal[None]):
    """Every box of every player; escape or s closes it."""

    # Parsed when the scorecard is first shown (its dimmed backdrop is in generala.tcss, whose
    # `Screen` rule would win over this one's).
    DEFAULT_CSS = """
    ScorecardScreen {
        align: center middle;

        #scorecard-panel {
            width: auto;
            min-width: 50;
            max-width: 100%;
            height: auto;
            max-height: 100%;
            border: round $primary;
            background: $surface;
            padding: 0 1;
            overflow-y: auto;
            scrollbar-size-vertical: 1;
        }

        #scorecard {
            height: auto;
            width: auto;
            max-width: 100%;
        }

        #close-scorecard {
            margin-top: 1;
        }
    }
    """

    BINDINGS = [
        Binding("escape", "close", vocabulary.Keys.CLOSE, id="scorecard.close"),
        Binding("s", "close", vocabulary.Keys.CLOSE, show=False, id="scorecard.close"),
    ]

    def compose(self) -> ComposeResult:
        # The panel scrolls when the screen is too short for every row and Close: keys the
        # table does not use (it cannot scroll that way) reach the panel.
        with VerticalScroll(id="scorecard-panel"):
            yield Static(scorecard_title(), id="scorecard-title")
            yield ScorecardTable(id="scorecard", fit_rows=True)
            yield Button(
                vocabulary.close_button("scorecard.close", own_keys(self)), id="close-scorecard"
            )
        yield Footer()

    def on_mount(self) -> None:
        state = host_of(self).game
        table = self.query_one(ScorecardTable)
        self._fit_table()
        if isinstance(state, GameState):
            table.show(state)
        # So the arrow keys scroll a table wider than the screen; the panel stays at its title.
        table.focus(scroll_visible=False)

    def on_resize(self, event: events.Resize) -> None:
        self._fit_table()

    def _fit_table(self) -> None:
        """The table's columns headed to fit the screen: no column shown in part (a player's
        name cut rather), the panel's frame, padding and scrollbar aside."""
        panel = self.query_one("#scorecard-panel")
        width = self.size.width or self.app.size.width
        self.query_one(ScorecardTable).fit(width - panel.styles.gutter.width - SCROLLBAR)

    @on(Button.Pressed, "#close-scorecard")
    def action_close(self) -> None:
        self.dismiss(None)
