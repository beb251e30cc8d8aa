"""A client follows its table step by step, and one that is sent a step that does not
follow asks for the table again by joining anew (issue 25, "The server decides")."""

from __future__ import annotations

import asyncio

from websockets.asyncio.server import ServerConnection, serve

from generala_tui.game.action import Action
from generala_tui.game.model import Player
from generala_tui.online.client import Address, TableClient
from generala_tui.online.protocol import Move, Played, Table, Welcome
from generala_tui.online.tables import open_table, presence, public, take


async def test_a_step_out_of_step_makes_the_client_join_again() -> None:
    record = open_table([Player(name="Ana"), Player(name="Bruno")], seed=3)
    at = presence(record, connected=[True, True], stand_ins=[False, False])
    rolled, played = take(record, 0, Move(step=0, action=Action.roll()))
    joins: list[str] = []

    async def table_server(socket: ServerConnection) -> None:
        joins.append(str(await socket.recv()))
        if len(joins) == 1:  # the table, then a step made at another step than its own
            await socket.send(Welcome(seat=0, table=public(record, at)).model_dump_json())
            wrong = played.model_copy(update={"move": Move(step=5, action=Action.roll())})
            await socket.send(wrong.model_dump_json())
        else:  # the table as it stands, then its next step
            now = record.model_copy(update={"game": rolled})
            await socket.send(Welcome(seat=0, table=public(now, at)).model_dump_json())
            hold = Played.model_validate({"move": {"kind": "hold", "step": 1, "die": 2}})
            await socket.send(hold.model_dump_json())
        await socket.wait_closed()

    seen: list[Table] = []
    held = asyncio.Event()

    def received(table: Table, seat: int | None) -> None:
        seen.append(table)
        if table.game.turn.held[2]:
            held.set()

    async with serve(table_server, "127.0.0.1", 0) as server:
        port = next(iter(server.sockets)).getsockname()[1]
        client = TableClient(
            Address(f"ws://127.0.0.1:{port}", record.id, record.seats[0].key),
            on_table=received,
        )
        task = asyncio.get_running_loop().create_task(client.run())
        await asyncio.wait_for(held.wait(), 10)
        await client.close()
        await task
    assert len(joins) == 2
    assert [len(table.game.log) for table in seen] == [0, 1, 2]
    assert seen[-1].game.turn.dice == rolled.turn.dice
