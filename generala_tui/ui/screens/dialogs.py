"""A yes-or-no question in a modal dialog."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Static


class ConfirmDialog(ModalScreen[bool]):
    """Ask a question; dismiss with True (confirm) or False (cancel)."""

    BINDINGS = [
        Binding("y", "confirm", "Yes", priority=True),
        Binding("n", "cancel", "No", priority=True),
        Binding("escape", "cancel", "No", priority=True),
    ]

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
        # Enter presses the focused button, and the focus starts on the confirm button.
        self.query_one("#confirm", Button).focus()

    @on(Button.Pressed, "#confirm")
    def action_confirm(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(False)


class QuitDialog(ConfirmDialog):
    """The question before quitting: ctrl+q again while it shows quits at once."""
