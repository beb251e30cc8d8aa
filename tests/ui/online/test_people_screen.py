"""The table's people, on screen (issue 35): a server that stops is said over the game
until it is back; a named watcher's coming is told; the table's opener removes another
player from the command palette."""

from __future__ import annotations

import asyncio

from textual.widgets import Static

from generala_tui.game.model import Player
from generala_tui.online.client import Address, TableClient, join_url, parse_url
from generala_tui.online.server import TableServer
from generala_tui.online.tables import TableRecord

from .conftest import link, notices, seated, until


async def test_a_server_that_stops_is_said_over_the_game_until_it_is_back(
    server: TableServer, table: TableRecord
) -> None:
    async with seated(link(server, table, 0)) as (app, pilot):
        banner = app.screen.query_one("#unreachable", Static)
        assert not banner.display
        port, folder = server.port, server.database.path.parent
        await server.close()
        await until(pilot, lambda: banner.display)
        assert "cannot be reached" in str(banner.render())
        again = TableServer(folder, pace=0.0, away_after=3600.0)
        await again.start("127.0.0.1", port)
        try:
            await until(pilot, lambda: not banner.display, seconds=30)
        finally:
            await again.close()


async def test_a_named_watcher_is_told_and_the_opener_removes_a_player(
    server: TableServer,
) -> None:
    record = server.open([Player(name="Ana"), Player(name="Bruno")], free=True)
    async with (
        seated(link(server, record, 0)) as (ana, pilot),
        seated(link(server, record, 1)) as (bruno, bruno_pilot),
    ):
        watcher = TableClient(
            _address(server, record), on_table=lambda table, seat: None, name="Caro"
        )
        task = asyncio.get_running_loop().create_task(watcher.run())
        try:
            await until(pilot, lambda: "Caro is watching the table." in notices(ana))
        finally:
            await watcher.close()
            await task
        commands = [command.title for command in ana.get_system_commands(ana.screen)]
        assert "Remove Bruno from the table" in commands
        assert not any("Remove" in c.title for c in bruno.get_system_commands(bruno.screen))
        (remove,) = [c for c in ana.get_system_commands(ana.screen) if "Remove" in c.title]
        remove.callback()
        await until(bruno_pilot, lambda: bruno.online.ended_with is not None)
        assert "gave your seat to someone else" in (bruno.online.ended_with or "")
        await until(pilot, lambda: server.tables[record.id].record.seats[1].free)


def _address(server: TableServer, record: TableRecord) -> Address:
    return parse_url(join_url(f"ws://127.0.0.1:{server.port}", record.id, None))
