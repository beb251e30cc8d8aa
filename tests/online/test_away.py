"""A human away on their turn: after a while a computer plays for them until they are
back, or, at a table that says so, the game waits (issue 25, "Nothing lost")."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from generala_tui.game.model import Player
from generala_tui.online.server import TableServer

from .conftest import following, joined, url


@pytest.fixture
async def quick(tmp_path: Path) -> AsyncIterator[TableServer]:
    """A server whose players may be away a tenth of a second."""
    table_server = TableServer(tmp_path / "tables", pace=0.0, away_after=0.1)
    await table_server.start("127.0.0.1", 0)
    yield table_server
    await table_server.close()


async def test_a_computer_plays_for_an_away_player_until_they_are_back(
    quick: TableServer,
) -> None:
    record = quick.open([Player(name="Ana"), Player(name="Bruno")])
    async with connect(url(quick, record)) as bruno:
        at = await following(bruno, record, 1)
        # Ana never came: her turn is played for her, and then it is Bruno's.
        standing_in = await at.until(lambda table: table.seats[0].stand_in)
        assert not standing_in.seats[0].connected
        played = await at.until(lambda table: table.game.current == 1)
        assert len(played.game.players[0].boxes) == 1
        assert played.game == quick.tables[record.id].record.game.model_copy(update={"seed": 0})
        async with connect(url(quick, record)) as ana:
            welcome = await joined(ana, record, 0)
            assert not welcome.table.seats[0].stand_in and welcome.table.seats[0].connected
        assert quick.tables[record.id].record.game.current == 1  # Bruno's turn waits for him


async def test_a_table_that_pauses_waits_for_its_away_player(quick: TableServer) -> None:
    record = quick.open([Player(name="Ana"), Player(name="Bruno")], away="pause")
    async with connect(url(quick, record)) as bruno:
        at = await following(bruno, record, 1)
        paused = await at.until(lambda table: table.paused)
        assert not paused.game.log and not paused.seats[0].stand_in
        async with connect(url(quick, record)) as ana:
            welcome = await joined(ana, record, 0)
            assert not welcome.table.paused
        assert not quick.tables[record.id].record.game.log


async def test_a_table_with_no_human_at_it_waits_until_one_is_back(quick: TableServer) -> None:
    record = quick.open([Player(name="Ana"), Player(name="Bruno")])
    async with connect(url(quick, record)) as bruno:
        await joined(bruno, record, 1)
    table = quick.tables[record.id]
    for _ in range(500):  # Ana's away time runs out (a tenth of a second), bounded
        if table.overdue[0]:
            break
        await asyncio.sleep(0.01)
    # Nobody is at the table: no computer stands in for Ana, so nothing is played.
    assert table.overdue[0] and table.stand_ins == [False, False]
    assert table.driver is None and not table.record.game.log
    async with connect(url(quick, record)) as bruno:
        at = await following(bruno, record, 1)
        # Bruno is back: now Ana's turn is played for her, and then it is his.
        played = await at.until(lambda now: now.game.current == 1)
        assert len(played.game.players[0].boxes) == 1
