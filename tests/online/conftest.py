"""A real table server on loopback for each test, and raw WebSocket clients to poke it."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest

from generala_tui.game.model import Level, Player
from generala_tui.online.client import after
from generala_tui.online.protocol import (
    SERVER_MESSAGE,
    Join,
    Played,
    Refused,
    Seats,
    Table,
    Welcome,
)
from generala_tui.online.server import TableServer
from generala_tui.online.tables import TableRecord

_M = TypeVar("_M")


@contextlib.asynccontextmanager
async def serving(folder: Path, **options: Any) -> AsyncIterator[TableServer]:
    """A table server of these options on a free loopback port, its computers at once,
    its tables in ``folder``, for the length of the block."""
    server = TableServer(folder, **{"pace": 0.0, "away_after": 3600.0, **options})
    await server.start("127.0.0.1", 0)
    try:
        yield server
    finally:
        await server.close()


@pytest.fixture
def table(server: TableServer) -> TableRecord:
    """Ana and Bruno, humans, then Caro, the expert."""
    return server.open(
        [Player(name="Ana"), Player(name="Bruno"), Player(name="Caro", level=Level.EXPERT)]
    )


def url(server: TableServer, record: TableRecord | None = None) -> str:
    """The server's address, or ``record``'s own, where a client joins it."""
    table = "" if record is None else f"/{record.id}"
    return f"ws://127.0.0.1:{server.port}{table}"


async def receive(socket: object) -> object:
    """The next message the server sends, validated."""
    import asyncio

    raw = await asyncio.wait_for(socket.recv(), 10)  # type: ignore[attr-defined]
    return SERVER_MESSAGE.validate_json(raw)


async def receive_a(
    socket: object, kind: type[_M], done: Callable[[_M], bool] = lambda m: True
) -> _M:
    """The next message of ``kind`` the server sends (that ``done`` says is the one),
    past the others."""
    while True:
        message = await receive(socket)
        if isinstance(message, kind) and done(message):
            return message


async def joined(socket: object, record: TableRecord, seat: int | None) -> Welcome:
    """Join ``record`` at ``seat`` (None: watch) and return the welcome."""
    key = None if seat is None else record.seats[seat].key
    await socket.send(Join(table=record.id, key=key).model_dump_json())  # type: ignore[attr-defined]
    welcome = await receive(socket)
    assert isinstance(welcome, Welcome), welcome
    return welcome


class Following:
    """A raw connection at a table, following it as a client does: the table it was
    welcomed with, and every step and change of seats played on it since."""

    def __init__(self, socket: object, welcome: Welcome) -> None:
        self.socket = socket
        self.table: Table = welcome.table

    async def next(self) -> Played | Seats | Refused:
        """The next message, the table followed by it."""
        message = await receive(self.socket)
        assert not isinstance(message, Welcome), message
        if not isinstance(message, Refused):
            self.table = after(self.table, message)
        return message

    async def until(self, done: Callable[[Table], bool]) -> Table:
        """Follow the table until ``done`` says it is as wanted (refusals fail)."""
        while not done(self.table):
            message = await self.next()
            assert not isinstance(message, Refused), message
        return self.table


async def following(socket: object, record: TableRecord, seat: int | None) -> Following:
    """Join ``record`` at ``seat`` (None: watch) and follow it."""
    return Following(socket, await joined(socket, record, seat))
