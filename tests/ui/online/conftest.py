"""A real table server on loopback for each test, and the app joined to one of its seats."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable

import pytest
from textual.pilot import Pilot

from generala_tui.game.model import GameState, Level, Player
from generala_tui.online.client import join_url, parse_url
from generala_tui.online.server import TableServer
from generala_tui.online.tables import TableRecord
from generala_tui.ui.app import GeneralaApp


@pytest.fixture
def table(server: TableServer) -> TableRecord:
    """Ana and Bruno, humans, then Rita, an easy computer; dice from a seed."""
    return server.open(
        [Player(name="Ana"), Player(name="Bruno"), Player(name="Rita", level=Level.EASY)], seed=3
    )


def link(server: TableServer, record: TableRecord, seat: int | None) -> str:
    """The join link of ``record``'s ``seat`` (None: to watch)."""
    key = None if seat is None else record.seats[seat].key
    return join_url(f"ws://127.0.0.1:{server.port}", record.id, key)


def served(server: TableServer, record: TableRecord) -> GameState:
    """The table's game as the server has it now, as its clients are sent it (no seed)."""
    return server.tables[record.id].record.game.model_copy(update={"seed": 0})


def notices(app: GeneralaApp) -> list[str]:
    return [notification.message for notification in app._notifications]


async def until(pilot: Pilot[None], done: Callable[[], bool], seconds: float = 20) -> None:
    """Let the app and the network run until ``done()`` holds (failing after ``seconds``)."""
    async with asyncio.timeout(seconds):
        while not done():
            await pilot.pause()


@contextlib.asynccontextmanager
async def seated(
    url: str, size: tuple[int, int] = (100, 32)
) -> AsyncIterator[tuple[GeneralaApp, Pilot[None]]]:
    """The app joined to the table ``url`` opens, as ``generala-tui join`` opens it, once
    the table has arrived."""
    app = GeneralaApp(table=parse_url(url))
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: app.game is not None)
        await pilot.pause()
        yield app, pilot
