"""The setup screen's online buttons: join a table by the link a host sent (the whole
command will do, a bad link is told), or host the table set up here and sit down at it
while the others join by the commands shown (issue 25, "Host a table")."""

from __future__ import annotations

import asyncio
import socket

from textual.widgets import Input, Static

from generala_tui.game.model import Phase
from generala_tui.online.client import Address, TableClient
from generala_tui.online.lobby_client import claim_seat
from generala_tui.online.protocol import Table
from generala_tui.online.tables import read_code
from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.screens.online import HostDialog, JoinDialog, OnlineChoice, link_in
from generala_tui.ui.screens.setup import SetupScreen
from generala_tui.ui.screens.turn import TurnScreen

from ..conftest import running, settle_until


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_the_whole_join_command_pasted_gives_its_link() -> None:
    link = "ws://127.0.0.1:8765/AbCdEfGh12345678?seat=KkKkKkKk12345678"
    assert link_in(f"  generala-tui join {link} ") == [link]
    assert link_in(link) == [link]
    assert link_in("generala-tui join example.org:8765 K7QXM3") == ["example.org:8765", "K7QXM3"]


async def test_a_bad_link_is_told_in_the_dialog_and_nothing_is_joined() -> None:
    async with running() as (app, pilot):
        await pilot.pause()
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert isinstance(app.screen, OnlineChoice)
        await pilot.press("j")
        await pilot.pause()
        assert isinstance(app.screen, JoinDialog)
        app.screen.query_one("#join-link", Input).value = "http://example.org/\x1b[2J"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, JoinDialog)
        said = str(app.screen.query_one("#online-error", Static).render())
        assert "is neither a table's link" in said and "\x1b" not in said
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and app.game is None


async def _names(app: GeneralaApp, *names: str) -> None:
    for seat, name in enumerate(names, start=1):
        app.screen.query_one(f"#name-{seat}", Input).value = name


async def test_hosting_needs_two_humans() -> None:
    async with running() as (app, pilot):
        await pilot.pause()
        await _names(app, "Ana")
        await pilot.click("#level-2")  # the second seat a computer: Ana is the one human
        await pilot.pause()
        await pilot.press("ctrl+l", "h")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "two human players" in str(app.screen.query_one("#setup-error", Static).render())


async def test_a_hosted_table_is_played_here_and_joined_from_elsewhere() -> None:
    port = _free_port()
    async with running(size=(100, 32)) as (app, pilot):
        await pilot.pause()
        await _names(app, "Ana", "Bruno")
        await pilot.click("#online")
        await pilot.pause()
        await pilot.click("#host")
        await pilot.pause()
        assert isinstance(app.screen, HostDialog)
        app.screen.query_one("#host-port", Input).value = str(port)
        await pilot.click("#open")
        await settle_until(pilot, lambda: bool(app.screen.commands))  # type: ignore[attr-defined]
        (command,) = app.screen.commands  # type: ignore[attr-defined]
        assert command.startswith("generala-tui join ws://")
        _, _, server_url, code = command.split()
        assert server_url.endswith(f":{port}") and read_code(code) == code
        await pilot.click("#sit-down")
        await settle_until(
            pilot, lambda: isinstance(app.screen, TurnScreen) and app.game is not None
        )
        assert app.game is not None and [p.name for p in app.game.players] == ["Ana", "Bruno"]

        # Bruno takes the free seat by the table's code, and sees Ana's roll made here.
        seen: list[Table] = []
        got = asyncio.Event()

        def on_table(table: Table, seat: int | None) -> None:
            seen.append(table)
            got.set()

        here = server_url.replace(f"ws://{socket.gethostname()}:", "ws://127.0.0.1:")
        claimed = await claim_seat(here, code)
        assert claimed.seat == 1 and claimed.key is not None
        bruno = TableClient(Address(here, claimed.table, claimed.key), on_table=on_table)
        task = asyncio.get_running_loop().create_task(bruno.run())
        try:
            async with asyncio.timeout(20):
                while not seen:
                    await got.wait()
                await pilot.press("r")
                while not (seen[-1].game.turn.rolls == 1 and seen[-1].game.phase is Phase.PLAYING):
                    got.clear()
                    await got.wait()
            assert seen[-1].seats[1].connected
            await settle_until(pilot, lambda: app.game is not None and app.game.turn.rolls == 1)
            assert app.game is not None and app.game.turn.dice == seen[-1].game.turn.dice
        finally:
            await bruno.close()
            task.cancel()
