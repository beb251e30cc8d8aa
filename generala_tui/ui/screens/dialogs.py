"""A yes-or-no question in a modal dialog, and the one asked before a new game replaces the game
in progress."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Static

from ...game.model import GameState
from .. import vocabulary
from ..host import own_keys
from . import dialogs_words, setup_words
from .modal import Modal


class ConfirmDialog(Modal[bool]):
    """Ask a question; dismiss with True (confirm) or False (cancel)."""

    BINDINGS = [
        # "Yes" by its first letter in each language (see vocabulary.yes_key); "y" in every one.
        *(
            Binding(
                key, f"answer_yes('{key}')", vocabulary.Keys.YES, priority=True, id="dialog.yes"
            )
            for key in "ysj"
        ),
        Binding(vocabulary.NO_KEY, "cancel", vocabulary.Keys.NO, priority=True, id="dialog.no"),
        Binding("escape", "cancel", vocabulary.Keys.NO, priority=True, id="dialog.no"),
    ]

    # Its layout, parsed when a dialog is first shown (the dimmed backdrop is in generala.tcss,
    # whose `Screen` rule would win over this one's). Narrow: the buttons stack; short: they
    # take one line each.
    DEFAULT_CSS = """
    ConfirmDialog {
        align: center middle;

        #dialog {
            width: 60;
            max-width: 90%;
            height: auto;
            border: thick $warning;
            background: $surface;
            padding: 1 2;
        }

        #question {
            width: 100%;
            margin-bottom: 1;
        }

        #dialog-buttons {
            height: auto;
            align-horizontal: center;
        }

        #dialog-buttons Button {
            margin: 0 1;
        }

        &.-narrow {
            #dialog {
                max-width: 100%;
                padding: 0 1;
            }
            #dialog-buttons {
                layout: vertical;
            }
            #dialog-buttons Button {
                width: 100%;
                margin: 0;
            }
        }

        &.-short {
            #dialog {
                padding: 0 1;
            }
            #dialog-buttons Button {
                height: 1;
                border: none;
                min-width: 0;
            }
        }
    }
    """
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (60, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (20, "-tall")]

    def __init__(
        self,
        question: Content | str,
        confirm_label: str | None = None,
        cancel_label: str | None = None,
    ) -> None:
        super().__init__()
        self.question = question if isinstance(question, Content) else Content(question)
        self.confirm_label = dialogs_words.yes() if confirm_label is None else confirm_label
        self.cancel_label = dialogs_words.no() if cancel_label is None else cancel_label

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.question, id="question")
            with Horizontal(id="dialog-buttons"):
                yield Button(
                    dialogs_words.confirm_button(self.confirm_label, own_keys(self)),
                    variant="primary",
                    id="confirm",
                )
                yield Button(
                    dialogs_words.cancel_button(self.cancel_label, own_keys(self)), id="cancel"
                )

    def on_mount(self) -> None:
        # Enter presses the focused button: the focus starts on the safe answer, so a
        # second Enter never scratches a box or quits by accident.
        self.query_one("#cancel", Button).focus()

    def footer_keys(self, bindings: dict[str, ActiveBinding]) -> dict[str, ActiveBinding]:
        # The Footer shows the yes key of the language only ("y" still works, unshown).
        return {
            key: active
            for key, active in bindings.items()
            if active.binding.action != f"answer_yes('{key}')" or key == vocabulary.yes_key()
        }

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "answer_yes":
            return parameters[0] in {"y", vocabulary.yes_key()}
        return True

    def action_answer_yes(self, key: str) -> None:
        self.action_confirm()

    @on(Button.Pressed, "#confirm")
    def action_confirm(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(False)


class NewGameDialog(ConfirmDialog):
    """Asked before a new game replaces ``left``, the game in progress: start new, or keep it
    (the answer with the focus)."""

    def __init__(self, left: GameState) -> None:
        super().__init__(
            setup_words.new_game_question(left),
            dialogs_words.start_new_answer(),
            dialogs_words.keep_game_answer(),
        )


class QuitDialog(ConfirmDialog):
    """The question before quitting: ctrl+q again while it shows quits at once."""
