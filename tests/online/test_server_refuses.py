"""The server decides: a seat's own move in turn is played and sent to everyone; anything
else is refused with a reason and changes nothing (issue 25, "The server decides")."""

from __future__ import annotations

import json
import sqlite3

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from generala_tui.game.action import Action
from generala_tui.game.model import Player, Rolled
from generala_tui.game.refusals import Refusal
from generala_tui.online.protocol import Hold, Join, Move, Played, Refused, Seats
from generala_tui.online.server import BURST, TableServer
from generala_tui.online.tables import TableRecord

from .conftest import following, joined, receive, url


async def test_a_seats_roll_is_rolled_by_the_server_and_everyone_sees_it(
    server: TableServer, table: TableRecord
) -> None:
    async with connect(url(server)) as ana, connect(url(server)) as bruno:
        at_ana = await following(ana, table, 0)
        assert at_ana.table.game.seed == 0
        at_bruno = await following(bruno, table, 1)
        came = await at_ana.next()  # Bruno came: Ana is told
        assert isinstance(came, Seats) and at_ana.table.seats[1].connected
        await ana.send(Move(step=0, action=Action.roll()).model_dump_json())
        for seat in (at_ana, at_bruno):
            played = await seat.next()
            assert isinstance(played, Played) and len(played.dice) == 5
            assert isinstance(seat.table.game.log[-1], Rolled)
            assert seat.table.game.turn.dice == played.dice
            assert server.tables[table.id].record.game == seat.table.game.model_copy(
                update={"seed": table.game.seed}
            )


async def test_a_seeded_tables_seed_stays_on_the_server(server: TableServer) -> None:
    record = server.open([Player(name="Ana"), Player(name="Bruno")], seed=987654321)
    async with connect(url(server)) as ana:
        at = await following(ana, record, 0)
        assert at.table.game.seed == 0
        await ana.send(Move(step=0, action=Action.roll()).model_dump_json())
        assert isinstance(await at.next(), Played)
    kept = server.tables[record.id].record.game
    assert kept.seed == 987654321 and at.table.game.seed == 0
    assert at.table.game == kept.model_copy(update={"seed": 0})  # the seed's dice, sent


def _stored(server: TableServer, table: TableRecord) -> list[object]:
    """What the database holds of ``table``: its row, and its steps since."""
    with sqlite3.connect(server.database.path) as db:
        row = db.execute("SELECT record FROM tables WHERE id = ?", (table.id,)).fetchone()
        steps = db.execute("SELECT played FROM steps WHERE id = ?", (table.id,)).fetchall()
    return [row, steps]


@pytest.mark.parametrize(
    ("who", "message", "reason"),
    [
        ("bruno", Move(step=0, action=Action.roll()), "It is Ana's turn, not yours."),
        ("watcher", Move(step=0, action=Action.roll()), "You are watching this table"),
        ("ana", Move(step=5, action=Action.roll()), "The table moved on"),
        ("ana", Hold(step=0, die=2), "Roll first"),
    ],
    ids=["out of turn", "spectator", "stale", "against the rules"],
)
async def test_a_move_not_the_seats_to_make_now_is_refused_and_changes_nothing(
    server: TableServer, table: TableRecord, who: str, message: Move | Hold, reason: str
) -> None:
    before, stored = server.tables[table.id].record, _stored(server, table)
    seat = {"ana": 0, "bruno": 1, "watcher": None}[who]
    async with connect(url(server)) as socket:
        await joined(socket, table, seat)
        await socket.send(message.model_dump_json())
        refused = await receive(socket)
    assert isinstance(refused, Refused) and not refused.final
    assert refused.english.startswith(reason)
    assert server.tables[table.id].record is before
    assert _stored(server, table) == stored


@pytest.mark.parametrize(
    "raw",
    [
        "not json",
        json.dumps({"kind": "move", "step": 0}),
        json.dumps({"kind": "move", "step": 0, "action": {"kind": "roll", "held": [9]}}),
        json.dumps({"kind": "hold", "step": 10**30, "die": 0}),
        json.dumps({"kind": "steal", "seat": 0}),
        json.dumps([1, 2, 3]),
        json.dumps({"kind": "move", "step": 0, "action": {"kind": "roll"}, "extra": "\x1b[2J"}),
    ],
    ids=["not json", "no action", "no such die", "huge step", "no such kind", "a list", "extra"],
)
async def test_a_malformed_message_is_refused_with_a_reason_and_the_connection_goes_on(
    server: TableServer, table: TableRecord, raw: str
) -> None:
    before = server.tables[table.id].record
    async with connect(url(server)) as ana:
        await joined(ana, table, 0)
        await ana.send(raw)
        refused = await receive(ana)
        assert isinstance(refused, Refused) and not refused.final
        assert "\x1b" not in refused.english
        assert server.tables[table.id].record is before
        await ana.send(Move(step=0, action=Action.roll()).model_dump_json())
        assert isinstance(await receive(ana), Played)  # still at the table


async def test_an_oversized_message_closes_only_its_connection(
    server: TableServer, table: TableRecord
) -> None:
    async with connect(url(server)) as ana, connect(url(server)) as bruno:
        at = await following(ana, table, 0)
        await joined(bruno, table, 1)
        await at.next()
        await bruno.send("x" * 10_000)
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                await receive(bruno)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
        await ana.send(Move(step=0, action=Action.roll()).model_dump_json())
        rolled = await at.until(lambda now: bool(now.game.log))  # Bruno's leaving told first
        assert rolled.game.turn.rolls == 1 and not rolled.seats[1].connected


@pytest.mark.parametrize(
    "join",
    [
        lambda record: Join(table=record.id, key="A" * 16),
        lambda record: Join(table="B" * 16, key=record.seats[0].key),
        lambda record: Join(table="C" * 16),
    ],
    ids=["wrong key", "wrong table", "no such table to watch"],
)
async def test_a_wrong_key_or_table_is_refused_and_the_connection_closed(
    server: TableServer, table: TableRecord, join: object
) -> None:
    async with connect(url(server)) as socket:
        await socket.send(join(table).model_dump_json())  # type: ignore[operator]
        refused = await receive(socket)
        assert isinstance(refused, Refused) and refused.final
        assert refused.english == "There is no such table or seat on this server."
        with pytest.raises(ConnectionClosed):
            await receive(socket)


async def test_a_first_message_that_is_not_a_join_is_refused(
    server: TableServer, table: TableRecord
) -> None:
    async with connect(url(server)) as socket:
        await socket.send(Move(step=0, action=Action.roll()).model_dump_json())
        refused = await receive(socket)
        assert isinstance(refused, Refused) and refused.final


async def test_a_browser_page_is_refused(server: TableServer, table: TableRecord) -> None:
    with pytest.raises(InvalidStatus) as refused:
        async with connect(url(server), origin="https://elsewhere.example"):  # type: ignore[arg-type]
            pass
    assert refused.value.response.status_code == 403


async def test_a_flood_of_messages_is_refused_then_cut_off(
    server: TableServer, table: TableRecord
) -> None:
    before = server.tables[table.id].record
    async with connect(url(server)) as ana:
        await joined(ana, table, 0)
        stale = Hold(step=99, die=0).model_dump_json()
        reasons = []
        with pytest.raises(ConnectionClosed):
            for _ in range(10 * BURST):
                await ana.send(stale)
            while True:
                message = await receive(ana)
                assert isinstance(message, Refused)
                reasons.append(message.english)
    assert "Too many messages: slow down." in reasons
    assert server.tables[table.id].record is before


async def test_connections_beyond_the_cap_are_told_the_server_is_full(
    server: TableServer, table: TableRecord
) -> None:
    server.max_connections = 1
    async with connect(url(server)) as ana, connect(url(server)) as bruno:
        await joined(ana, table, 0)
        refused = await receive(bruno)
        assert isinstance(refused, Refused) and refused.final
        assert refused.english == "This server is full: try again later."


def test_tables_beyond_the_cap_and_names_that_do_not_show_are_refused(
    server: TableServer,
) -> None:
    with pytest.raises(Refusal, match="show"):
        server.open([Player(name="\x1b]52;c;bad\x07"), Player(name="Bruno")])
    server.max_tables = 1
    server.open([Player(name="Ana"), Player(name="Bruno")])
    with pytest.raises(Refusal, match="as many tables"):
        server.open([Player(name="Caro"), Player(name="Dani")])
    assert len(server.open_tables()) == 1


async def test_every_step_is_in_the_database_as_soon_as_it_is_sent(
    server: TableServer, table: TableRecord
) -> None:
    async with connect(url(server)) as ana:
        at = await following(ana, table, 0)
        await ana.send(Move(step=0, action=Action.roll()).model_dump_json())
        played = await at.next()
        assert isinstance(played, Played)
        with sqlite3.connect(server.database.path) as db:
            steps = db.execute("SELECT played FROM steps WHERE id = ?", (table.id,)).fetchall()
    assert [Played.model_validate_json(text) for (text,) in steps] == [played]


async def test_a_join_naming_another_table_than_its_path_is_refused(
    server: TableServer, table: TableRecord
) -> None:
    async with connect(f"{url(server)}/{'Z' * 16}") as socket:
        await socket.send(Join(table=table.id, key=table.seats[0].key).model_dump_json())
        refused = await receive(socket)
        assert isinstance(refused, Refused) and refused.final
    async with connect(f"{url(server)}/proxy/{table.id}") as socket:
        assert (await joined(socket, table, 0)).seat == 0
