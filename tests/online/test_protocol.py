"""The protocol's version: a client of another version is refused at its join, in words, and
the table is as it was; a client of this one is welcomed with the version it speaks."""

from __future__ import annotations

import json

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from generala_tui.online.protocol import PROTOCOL, Join, Refused
from generala_tui.online.server import TableServer
from generala_tui.online.tables import TableRecord

from .conftest import joined, receive, url

HOLD_PRESSES_LOGGED = 3
"""The version since which each hold press is a step of the log until the next roll: a
client of an older one counts the steps otherwise (its moves would go out of step), so it
is refused."""


@pytest.mark.parametrize("version", [1, HOLD_PRESSES_LOGGED - 1, PROTOCOL + 1])
async def test_a_client_of_another_version_is_refused_and_the_table_is_as_it_was(
    server: TableServer, table: TableRecord, version: int
) -> None:
    before = server.tables[table.id].record
    join = Join(table=table.id, key=table.seats[0].key).model_dump()
    async with connect(url(server, table)) as socket:
        await socket.send(json.dumps({**join, "protocol": version}))
        refused = await receive(socket)
        assert isinstance(refused, Refused) and refused.final
        assert refused.english == (
            "This server speaks another version of the game: update generala-tui."
        )
        with pytest.raises(ConnectionClosed):
            await receive(socket)
    assert server.tables[table.id].record == before


async def test_a_client_of_this_version_is_welcomed_with_it(
    server: TableServer, table: TableRecord
) -> None:
    async with connect(url(server, table)) as socket:
        welcome = await joined(socket, table, 0)
    assert welcome.protocol == PROTOCOL
