"""The turn clock (issue 35, "A turn clock"): a human's turn runs for the table's turn time;
when it runs out a computer plays for them while another human is at the table, until a
key brings them back; a player joining mid-turn is sent the time left."""

from __future__ import annotations

import asyncio
from pathlib import Path

from websockets.asyncio.client import connect

from generala_tui.game.model import Player
from generala_tui.online.protocol import Here, Played, Seats

from .conftest import joined, receive, receive_a, serving, url


async def test_a_turn_left_idle_is_played_by_a_computer_until_a_key_brings_its_player_back(
    tmp_path: Path,
) -> None:
    async with serving(tmp_path / "tables", turn_time=0.3) as server:
        record = server.open([Player(name="Ana"), Player(name="Bruno")])
        assert record.turn_time == 0.3
        async with connect(url(server, record)) as ana, connect(url(server, record)) as bruno:
            welcome = await joined(ana, record, 0)
            assert welcome.table.turn_time == 0.3
            assert welcome.table.turn_left is not None and 0 < welcome.table.turn_left <= 0.3
            await joined(bruno, record, 1)
            # Ana does nothing: her clock runs out and a computer plays her turn for her.
            idle = await receive_a(bruno, Seats, lambda seats: seats.seats[0].stand_in)
            assert idle.seats[0].connected
            while True:
                message = await receive(bruno)
                move = message.move if isinstance(message, Played) else None
                if move is not None and move.kind == "move" and move.action.kind.value != "roll":
                    break  # her box filled
            assert server.tables[record.id].record.game.current == 1
            # A key from Ana brings her back: no computer plays for her any more.
            await ana.send(Here().model_dump_json())
            await receive_a(bruno, Seats, lambda seats: not seats.seats[0].stand_in)
            assert server.tables[record.id].idle == [False, False]


async def test_alone_at_the_table_a_player_whose_clock_ran_out_is_waited_for(
    tmp_path: Path,
) -> None:
    async with serving(tmp_path / "tables", turn_time=0.1) as server:
        record = server.open([Player(name="Ana"), Player(name="Bruno")])
        async with connect(url(server, record)) as ana:
            await joined(ana, record, 0)
            for _ in range(50):
                if server.tables[record.id].idle[0]:
                    break
                await asyncio.sleep(0.02)
            assert server.tables[record.id].idle[0]
            assert not server.tables[record.id].stand_ins[0]  # nobody else is waiting
            assert server.tables[record.id].record.game.log == ()
