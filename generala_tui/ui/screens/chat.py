"""Talk at an online table, in the turn log's place: ``c`` opens it over the game, escape
closes it. The lines said lately, names in their colours, and a line to say; ``/mute
NAME`` hides a player's lines in this window, ``/unmute NAME`` shows them again. Lines said
while it is closed are told in a notice (not a muted player's)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Input, Static

from ...online.protocol import MAX_SAID, Said
from .. import table_words, vocabulary
from ..colours import for_node
from ..host import host_of
from ..talk import Talk
from ..widgets.footer import Footer
from .modal import Modal


class ChatScreen(Modal[None]):
    """The table's talk, newest at the bottom, and a line to say."""

    DEFAULT_CSS = """
    ChatScreen {
        align: center bottom;
        background: $background 60%;
    }
    #chat-panel {
        width: 100;
        max-width: 100%;
        height: 60%;
        min-height: 8;
        border: round $primary;
        border-title-color: $text;
        background: $surface;
        padding: 0 1;
    }
    #chat-lines { height: 1fr; }
    #chat-lines Static { height: auto; }
    #chat-hint { color: $text-muted; height: auto; }
    #chat-say { margin: 0; }
    """

    BINDINGS = [Binding("escape", "close", vocabulary.Keys.CLOSE, id="chat.close")]

    def __init__(self, talk: Talk) -> None:
        super().__init__()
        self.talk = talk

    def compose(self) -> ComposeResult:
        with Vertical(id="chat-panel"):
            yield VerticalScroll(id="chat-lines")
            yield Static(id="chat-hint", markup=False)
            yield Input(
                id="chat-say",
                max_length=MAX_SAID,
                placeholder=table_words.chat_placeholder(),
                disabled=not self.talk.may_talk,
            )
        yield Footer()

    async def on_mount(self) -> None:
        self.app.clear_notifications()  # the lines they told are here, and they would hide it
        self.query_one("#chat-panel").border_title = table_words.chat_title()
        await self.show_lines()
        self.watch(self.app, "chat_heard", self._heard, init=False)
        self.query_one("#chat-say", Input).focus()

    async def _heard(self) -> None:
        await self.show_lines()

    async def show_lines(self) -> None:
        """Show the lines said (not the muted players'), newest at the bottom."""
        lines = self.query_one("#chat-lines", VerticalScroll)
        await lines.remove_children()
        said = self.talk.lines
        await lines.mount_all(Static(self._line(each)) for each in said)
        lines.scroll_end(animate=False)
        hint = self.query_one("#chat-hint", Static)
        muted = sorted(self.talk.muted)
        if not self.talk.may_talk:
            hint.update(table_words.chat_watching())
        elif muted:
            hint.update(table_words.chat_muted(muted))
        else:
            hint.update(table_words.chat_hint() if not said else "")
        self.query_one("#chat-say", Input).disabled = not self.talk.may_talk

    def _line(self, said: Said) -> Content:
        name = table_words.speaker(said.name)
        text = Content(said.text)
        if said.seat is None:
            return Content.assemble(Content(name).stylize("italic"), ": ", text)
        game = host_of(self).game
        names = [player.name for player in game.players] if game is not None else [name]
        colours = for_node(self, names)
        return Content.assemble(colours.name(said.seat, name, bold=True), ": ", text)

    @on(Input.Submitted, "#chat-say")
    async def _say(self, event: Input.Submitted) -> None:
        typed = event.value.strip()
        event.input.value = ""
        command, _, name = typed.partition(" ")
        if command in {"/mute", "/unmute"} and name.strip():
            self.talk.mute(name, on=command == "/mute")
            await self.show_lines()
            return
        if typed:
            self.talk.say(typed)

    def action_close(self) -> None:
        self.dismiss(None)
