"""The setup screen's online dialogs: join a table by the command or link a host sent, or
host the table set up here, the server running in this game beside the player's seat.

Neither talks to the network itself: the join dialog checks the link
(:func:`~generala_tui.online.client.parse_url`) and gives it back, and the host dialog
calls the ``open_table`` it is given with the address and port typed, and shows the
join commands it returns, to copy and send.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Static

from ...game.refusals import Refusal, printable
from ...online.client import Address
from ...online.lobby_client import Entrance
from ...words import refusal
from .. import vocabulary
from ..host import own_keys
from . import online_words
from .modal import Modal, ResultType

DEFAULT_ADDRESS = "127.0.0.1"
DEFAULT_PORT = 8765

OpenTable = Callable[[str, int], Awaitable[list[str]]]
"""Open the table on this address and port; the join commands to send (raises
:class:`OSError` when the port can't be had, :class:`Refusal` when the table can't be)."""


def link_in(typed: str) -> list[str]:
    """What was typed or pasted, word by word: a link, a server, or a server and a code
    (the whole ``generala-tui join ...`` command will do)."""
    words = typed.split()
    if words[:2] == ["generala-tui", "join"]:
        return words[2:]
    return words


class OnlineDialog(Modal[ResultType]):
    """What the three online dialogs share: their look, parsed once, when the first of them
    is shown (the dimmed backdrop is in generala.tcss, whose `Screen` rule would win over
    this one's)."""

    DEFAULT_CSS = """
    OnlineDialog {
        align: center middle;
        #online-dialog {
            width: 84;
            max-width: 100%;
            height: auto;
            max-height: 100%;
            border: thick $primary;
            background: $surface;
            padding: 0 1;
            overflow-y: auto;
        }
        .online-title { margin-bottom: 1; text-style: bold; }
        #host-where { height: auto; }
        #host-commands { height: auto; margin: 1 0; }
        #online-error {
            height: auto;
            color: $error;
        }
        .online-buttons {
            height: auto;
            align-horizontal: center;
        }
        .online-buttons Button { margin: 0 1; }
    }
    """


class OnlineChoice(OnlineDialog[str | None]):
    """Host the table set up here, or join one: dismiss with ``host``, ``join`` or None."""

    BINDINGS = [
        Binding("h", "choose('host')", vocabulary.Keys.HOST_TABLE, id="online.host"),
        Binding("j", "choose('join')", vocabulary.Keys.JOIN_TABLE, id="online.join"),
        Binding("escape", "cancel", vocabulary.Keys.CANCEL, id="online.cancel"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="online-dialog"):
            yield Static(online_words.choice_title(), classes="online-title")
            with Horizontal(classes="online-buttons"):
                yield Button(
                    online_words.choice_host_button(own_keys(self)), variant="primary", id="host"
                )
                yield Button(online_words.choice_join_button(own_keys(self)), id="join")
                yield Button(online_words.cancel_button(), id="cancel")

    def on_mount(self) -> None:
        self.query_one("#host", Button).focus()

    @on(Button.Pressed, "#host")
    def host(self) -> None:
        self.dismiss("host")

    @on(Button.Pressed, "#join")
    def join(self) -> None:
        self.dismiss("join")

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


class JoinDialog(OnlineDialog[Address | Entrance | None]):
    """Ask where to join: a table's link, a server (its lobby), or a server and a table's
    code; dismiss with where it leads once it reads as one, or None."""

    BINDINGS = [Binding("escape", "cancel", vocabulary.Keys.CANCEL, id="online.cancel")]

    def compose(self) -> ComposeResult:
        with Vertical(id="online-dialog"):
            yield Static(online_words.join_title(), classes="online-title")
            yield Static(online_words.join_label(), markup=False)
            yield Input(id="join-link", max_length=400)
            yield Static(online_words.password_label(), markup=False)
            yield Input(id="join-password", max_length=200, password=True)
            yield Static(id="online-error", markup=False)
            with Horizontal(classes="online-buttons"):
                yield Button(online_words.join_button(), variant="primary", id="join")
                yield Button(online_words.cancel_button(), id="cancel")

    def on_mount(self) -> None:
        self.query_one("#join-link", Input).focus()

    @on(Input.Submitted, "#join-link")
    @on(Button.Pressed, "#join")
    def action_join(self) -> None:
        from ...online.lobby_client import destination

        words = link_in(self.query_one("#join-link", Input).value)
        if not words:
            return
        try:
            where = destination(words)
        except Refusal as error:
            self.query_one("#online-error", Static).update(refusal(error))
            return
        password = self.query_one("#join-password", Input).value
        if isinstance(where, Entrance) and password:
            where = Entrance(where.server, where.code, password)
        self.dismiss(where)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


class HostDialog(OnlineDialog[bool]):
    """Ask where to listen, open the table there, show the join commands; dismiss with True
    when the player sits down at it (False: cancelled before it opened)."""

    BINDINGS = [Binding("escape", "cancel", vocabulary.Keys.CANCEL, id="online.cancel")]

    def __init__(self, name: str, open_table: OpenTable) -> None:
        super().__init__()
        self.player = name
        self._open_table = open_table
        self.commands: list[str] = []
        """The join commands, once the table is open."""

    def compose(self) -> ComposeResult:
        with Vertical(id="online-dialog"):
            yield Static(online_words.host_title(), classes="online-title")
            yield Static(online_words.host_intro(self.player), markup=False)
            with Vertical(id="host-where"):
                yield Static(online_words.address_label(), markup=False)
                yield Input(DEFAULT_ADDRESS, id="host-address", max_length=100)
                yield Static(online_words.port_label(), markup=False)
                yield Input(str(DEFAULT_PORT), id="host-port", max_length=5, type="integer")
            yield Static(id="host-commands", markup=False)
            yield Static(id="online-error", markup=False)
            with Horizontal(classes="online-buttons"):
                yield Button(online_words.open_button(), variant="primary", id="open")
                yield Button(online_words.copy_button(), id="copy", disabled=True)
                yield Button(online_words.sit_down_button(), id="sit-down", disabled=True)
                yield Button(online_words.cancel_button(), id="cancel")

    def on_mount(self) -> None:
        self.query_one("#host-commands", Static).display = False
        self.query_one("#copy", Button).display = False
        self.query_one("#sit-down", Button).display = False
        self.query_one("#open", Button).focus()

    @on(Input.Submitted)
    @on(Button.Pressed, "#open")
    async def action_open(self) -> None:
        if self.commands:
            return
        error = self.query_one("#online-error", Static)
        address = self.query_one("#host-address", Input).value.strip()
        typed = self.query_one("#host-port", Input).value.strip()
        port = int(typed) if typed.isdigit() else 0
        if not 1 <= port <= 65535:
            error.update(online_words.bad_port(typed))
            return
        if not address or any(char.isspace() for char in address):
            address = DEFAULT_ADDRESS
        try:
            self.commands = await self._open_table(address, port)
        except OSError as failure:
            why = printable(failure.strerror or str(failure))
            error.update(online_words.cannot_listen(printable(address), port, why))
            return
        except Refusal as failure:
            error.update(refusal(failure))
            return
        error.update("")
        self.query_one("#host-where").display = False
        self.query_one("#open", Button).display = False
        self.query_one("#cancel", Button).display = False
        commands = self.query_one("#host-commands", Static)
        commands.update("\n".join(self.commands))
        commands.display = True
        for button in ("#copy", "#sit-down"):
            self.query_one(button, Button).display = True
            self.query_one(button, Button).disabled = False
        self.query_one("#sit-down", Button).focus()

    @on(Button.Pressed, "#copy")
    def action_copy(self) -> None:
        self.app.copy_to_clipboard("\n".join(self.commands))
        self.app.notify(online_words.copied(), timeout=6)

    @on(Button.Pressed, "#sit-down")
    def action_sit_down(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        # Once the table is open, leaving the dialog sits down at it: the others may be
        # joining already.
        self.dismiss(bool(self.commands))
