"""Talk at an online table, on screen (issue 35, "Chat"): ``c`` opens the talk over the
game, a line typed reaches the other seat's window as a notice and in its talk, a muted
player's lines are neither shown nor told, and a watcher where the host does not allow it
cannot type."""

from __future__ import annotations

from textual.widgets import Input, Static

from generala_tui.online.server import TableServer
from generala_tui.online.tables import TableRecord
from generala_tui.ui.screens.chat import ChatScreen
from generala_tui.ui.screens.turn import TurnScreen

from .conftest import link, notices, seated, until


def _lines(screen: ChatScreen) -> list[str]:
    return [str(line.render()) for line in screen.query("#chat-lines Static").results(Static)]


async def test_a_line_typed_in_the_talk_reaches_the_other_window(
    server: TableServer, table: TableRecord
) -> None:
    async with (
        seated(link(server, table, 0)) as (ana, ana_pilot),
        seated(link(server, table, 1)) as (bruno, bruno_pilot),
    ):
        assert isinstance(ana.screen, TurnScreen)
        await ana_pilot.press("c")
        await until(ana_pilot, lambda: isinstance(ana.screen, ChatScreen))
        await ana_pilot.press(*"hola", "enter")
        await until(bruno_pilot, lambda: "Ana: hola (c to answer)" in notices(bruno))
        await until(ana_pilot, lambda: any("Ana: hola" in line for line in _lines(ana.screen)))  # type: ignore[arg-type]
        # Bruno opens his talk: the line is there, and the notice is gone.
        await bruno_pilot.press("c")
        await until(bruno_pilot, lambda: isinstance(bruno.screen, ChatScreen))
        chat = bruno.screen
        assert isinstance(chat, ChatScreen)
        assert any("Ana: hola" in line for line in _lines(chat))
        assert notices(bruno) == []
        # Muted, Ana is neither shown nor told; unmuted, she is shown again.
        await bruno_pilot.press(*"/mute ana", "enter")
        await until(bruno_pilot, lambda: _lines(chat) == [])
        await ana_pilot.press(*"otra", "enter")
        await until(ana_pilot, lambda: len(ana.table.talk.heard) == 2)  # type: ignore[union-attr]
        await until(bruno_pilot, lambda: len(bruno.table.talk.heard) == 2)  # type: ignore[union-attr]
        assert _lines(chat) == []
        await bruno_pilot.press(*"/unmute Ana", "enter")
        await until(bruno_pilot, lambda: len(_lines(chat)) == 2)
        await bruno_pilot.press("escape")
        await until(bruno_pilot, lambda: isinstance(bruno.screen, TurnScreen))


async def test_a_watcher_reads_the_talk_but_may_not_type_where_the_host_keeps_it(
    server: TableServer, table: TableRecord
) -> None:
    async with seated(link(server, table, None)) as (app, pilot):
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, ChatScreen))
        assert app.screen.query_one("#chat-say", Input).disabled
        hint = str(app.screen.query_one("#chat-hint", Static).render())
        assert hint == "You are watching: at this table only its players talk."


async def test_there_is_no_talk_at_one_keyboard() -> None:
    from generala_tui.game import rules

    from ..conftest import running

    async with running(rules.new_game(["Ana", "Bruno"], seed=1)) as (app, pilot):
        await until(pilot, lambda: isinstance(app.screen, TurnScreen))
        assert app.screen.check_action("chat", ()) is False
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, TurnScreen)
