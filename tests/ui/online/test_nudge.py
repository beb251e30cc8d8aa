"""Your turn (issue 35): when the others have played and this window's seat is to play,
while the window is not in front (the terminal said so), the bell rings and, where the
terminal shows one, a desktop notice is sent; not while the window is in front, nor with
the nudge turned off in the settings."""

from __future__ import annotations

import asyncio

import pytest
from websockets.asyncio.client import connect

from generala_tui.game.action import Action
from generala_tui.game.model import Category, Player
from generala_tui.online.protocol import Join, Move, Played
from generala_tui.online.server import TableServer

from .conftest import link, seated, until


async def _anas_turn(server: TableServer, record: object) -> None:
    """Ana's window-less seat rolls and scratches her Ones: the turn passes to Bruno."""
    table = server.tables[record.id].record  # type: ignore[attr-defined]
    async with connect(f"ws://127.0.0.1:{server.port}/{table.id}") as ana:
        await ana.send(Join(table=table.id, key=table.seats[0].key).model_dump_json())
        await ana.recv()
        await ana.send(Move(step=0, action=Action.roll()).model_dump_json())
        while not isinstance(Played.model_validate_json(await ana.recv()), Played):
            pass
        await ana.send(Move(step=1, action=Action.scratch(Category.ONES)).model_dump_json())
        async with asyncio.timeout(10):
            while server.tables[table.id].record.game.current != 1:
                await asyncio.sleep(0.01)


@pytest.mark.parametrize(
    ("in_front", "nudge", "rings"), [(False, True, 1), (True, True, 0), (False, False, 0)]
)
async def test_the_bell_rings_when_the_turn_comes_while_the_window_is_elsewhere(
    server: TableServer, in_front: bool, nudge: bool, rings: int
) -> None:
    record = server.open([Player(name="Ana"), Player(name="Bruno")])
    async with seated(link(server, record, 1)) as (app, pilot):
        rung: list[str] = []
        app.bell = lambda: rung.append("bell")  # type: ignore[method-assign]
        app.set_turn_nudge(nudge)
        app.app_focus = in_front
        await _anas_turn(server, record)
        await until(pilot, lambda: app.game is not None and app.game.current == 1)
        await pilot.pause()
        assert len(rung) == rings
