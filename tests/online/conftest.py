"""A real table server on loopback for each test, and raw WebSocket clients to poke it."""

from __future__ import annotations

import pytest

from generala_tui.game.model import Level, Player
from generala_tui.online.protocol import SERVER_MESSAGE, Join, Refused, Update, Welcome
from generala_tui.online.server import TableServer
from generala_tui.online.tables import TableRecord


@pytest.fixture
def table(server: TableServer) -> TableRecord:
    """Ana and Bruno, humans, then Caro, the expert."""
    return server.open(
        [Player(name="Ana"), Player(name="Bruno"), Player(name="Caro", level=Level.EXPERT)]
    )


def url(server: TableServer) -> str:
    return f"ws://127.0.0.1:{server.port}"


async def receive(socket: object) -> Welcome | Update | Refused:
    """The next message the server sends, validated."""
    import asyncio

    raw = await asyncio.wait_for(socket.recv(), 10)  # type: ignore[attr-defined]
    return SERVER_MESSAGE.validate_json(raw)


async def joined(socket: object, record: TableRecord, seat: int | None) -> Welcome:
    """Join ``record`` at ``seat`` (None: watch) and return the welcome."""
    key = None if seat is None else record.seats[seat].key
    await socket.send(Join(table=record.id, key=key).model_dump_json())  # type: ignore[attr-defined]
    welcome = await receive(socket)
    assert isinstance(welcome, Welcome), welcome
    return welcome
