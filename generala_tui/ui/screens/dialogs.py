"""A yes-or-no question in a modal dialog."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Static

from .modal import Modal


class ConfirmDialog(Modal[bool]):
    """Ask a question; dismiss with True (confirm) or False (cancel)."""

    BINDINGS = [
        Binding("y", "confirm", "Yes", priority=True),
        Binding("n", "cancel", "No", priority=True),
        Binding("escape", "cancel", "No", priority=True),
    ]

    # Narrow: the buttons stack; short: they take one line each (see generala.tcss).
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (60, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (20, "-tall")]

    def __init__(
        self, question: Content | str, confirm_label: str = "Yes", cancel_label: str = "No"
    ) -> None:
        super().__init__()
        self.question = question if isinstance(question, Content) else Content(question)
        self.confirm_label = confirm_label
        self.cancel_label = cancel_label

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.question, id="question")
            with Horizontal(id="dialog-buttons"):
                yield Button(Content(f"{self.confirm_label} (y)"), variant="primary", id="confirm")
                yield Button(Content(f"{self.cancel_label} (n)"), id="cancel")

    def on_mount(self) -> None:
        # Enter presses the focused button: the focus starts on the safe answer, so a
        # second Enter never scratches a box or quits by accident.
        self.query_one("#cancel", Button).focus()

    @on(Button.Pressed, "#confirm")
    def action_confirm(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(False)


class QuitDialog(ConfirmDialog):
    """The question before quitting: ctrl+q again while it shows quits at once."""
