"""The server decides: a seat's own move in turn is played and sent to everyone; anything
else is refused with a reason and changes nothing (issue 25, "The server decides")."""

from __future__ import annotations

import json
import logging
import sqlite3
import time

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from generala_tui.game.action import Action
from generala_tui.game.model import Player, Rolled
from generala_tui.game.refusals import Refusal
from generala_tui.online.limits import BURST
from generala_tui.online.protocol import Hold, Join, Move, Played, Refused, Seats, Welcome
from generala_tui.online.server import TableServer
from generala_tui.online.tables import TableRecord

from .conftest import following, joined, receive, url


async def test_a_seats_roll_is_rolled_by_the_server_and_everyone_sees_it(
    server: TableServer, table: TableRecord
) -> None:
    async with connect(url(server, table)) as ana, connect(url(server, table)) as bruno:
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
    async with connect(url(server, record)) as ana:
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
    async with connect(url(server, table)) as socket:
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
    async with connect(url(server, table)) as ana:
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
    async with connect(url(server, table)) as ana, connect(url(server, table)) as bruno:
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
    async with connect(url(server, table)) as socket:
        await socket.send(join(table).model_dump_json())  # type: ignore[operator]
        refused = await receive(socket)
        assert isinstance(refused, Refused) and refused.final
        assert refused.english == "There is no such table or seat on this server."
        with pytest.raises(ConnectionClosed):
            await receive(socket)


async def test_a_first_message_that_is_not_a_join_is_refused(
    server: TableServer, table: TableRecord
) -> None:
    async with connect(url(server, table)) as socket:
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
    async with connect(url(server, table)) as ana:
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


async def test_a_watcher_beyond_the_cap_is_told_the_server_is_full_and_a_seat_is_not(
    server: TableServer, table: TableRecord
) -> None:
    server.max_connections = 1
    async with connect(url(server, table)) as ana, connect(url(server, table)) as watcher:
        await joined(ana, table, 0)
        await watcher.send(Join(table=table.id).model_dump_json())
        refused = await receive(watcher)
        assert isinstance(refused, Refused) and refused.final
        assert refused.english == "This server is full: try again later."
        async with connect(url(server, table)) as bruno:
            assert (await joined(bruno, table, 1)).seat == 1


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
    async with connect(url(server, table)) as ana:
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


async def test_a_seat_joins_while_a_thousand_silent_connections_are_held(
    server: TableServer, table: TableRecord
) -> None:
    # A crowd of strangers, eight to an address of 127.0.0.0/8 (all of it this machine's
    # loopback), each connection made and then silent.
    crowd = []
    try:
        for number in range(1000):
            address = f"127.0.{1 + number // 250}.{2 + number % 250}"
            crowd.append(await connect(url(server, table), local_addr=(address, 0)))
        # At most the cap is held (some of the first may have had their time already).
        assert server.let_go > 0 and server.strangers <= server.max_strangers
        async with connect(url(server, table)) as ana:
            assert (await joined(ana, table, 0)).seat == 0
    finally:
        for socket in crowd:
            socket.transport.abort()


async def test_silent_connections_from_one_address_push_out_only_its_own(
    server: TableServer, table: TableRecord
) -> None:
    async with connect(url(server, table), local_addr=("127.0.0.9", 0)) as first:
        crowd = [await connect(url(server, table), local_addr=("127.0.0.7", 0)) for _ in range(40)]
        try:
            # The address's oldest are let go; another address's stranger is not.
            with pytest.raises(ConnectionClosed):
                await receive(crowd[0])
            assert server.let_go == 40 - server.strangers_per_address
            assert (await joined(first, table, 0)).seat == 0
        finally:
            for socket in crowd:
                socket.transport.abort()


async def test_wrong_keys_from_one_address_are_slowed_and_logged_once(
    server: TableServer, table: TableRecord, caplog: pytest.LogCaptureFixture
) -> None:
    async def guess(address: str, key: str) -> tuple[Refused | object, float]:
        started = time.monotonic()
        async with connect(url(server, table), local_addr=(address, 0)) as socket:
            await socket.send(Join(table=table.id, key=key).model_dump_json())
            return await receive(socket), time.monotonic() - started

    with caplog.at_level(logging.INFO, "generala_tui.online"):
        answers = [await guess("127.0.0.3", f"guess{number:011d}") for number in range(14)]
    assert all(isinstance(answer, Refused) and answer.final for answer, _ in answers)
    # The first ten are answered at once; then each waits longer than the one before.
    assert answers[-1][1] >= 0.4 > answers[0][1]
    logged = [r.getMessage() for r in caplog.records if "no such table or seat" in r.getMessage()]
    assert logged == ["127.0.0.3: refused, no such table or seat (1 in 0 s)"]
    # Another address, with the right key, is not slowed.
    welcome, seconds = await guess("127.0.0.4", str(table.seats[0].key))
    assert isinstance(welcome, Welcome) and seconds < answers[-1][1]


async def test_a_seats_message_budget_holds_across_reconnects(
    server: TableServer, table: TableRecord
) -> None:
    stale = Hold(step=99, die=0).model_dump_json()
    async with connect(url(server, table)) as ana:
        await joined(ana, table, 0)
        for _ in range(BURST):
            await ana.send(stale)
        for _ in range(BURST):  # each answered: the seat's whole burst spent
            answer = await receive(ana)
            assert isinstance(answer, Refused) and answer.english.startswith("The table moved on")
    # Connecting again does not give the seat a new budget.
    async with connect(url(server, table)) as ana:
        await joined(ana, table, 0)
        for _ in range(5):
            await ana.send(stale)
        said = []
        while "Too many messages: slow down." not in said and len(said) < 5:
            answer = await receive(ana)
            assert isinstance(answer, Refused)
            said.append(answer.english)
        # At most one message fitted what came back in the meantime.
        assert said[-1] == "Too many messages: slow down." and len(said) <= 2


async def test_a_join_is_for_the_table_its_path_names(
    server: TableServer, table: TableRecord
) -> None:
    for path in ("", "/", f"/{table.id}/more"):
        async with connect(url(server) + path) as socket:
            await socket.send(Join(table=table.id, key=table.seats[0].key).model_dump_json())
            refused = await receive(socket)
            assert isinstance(refused, Refused) and refused.final, path


async def test_binary_frames_are_refused(server: TableServer, table: TableRecord) -> None:
    join = Join(table=table.id, key=table.seats[0].key).model_dump_json()
    async with connect(url(server, table)) as socket:
        await socket.send(join.encode())
        refused = await receive(socket)
        assert isinstance(refused, Refused) and refused.final
    async with connect(url(server, table)) as ana:
        await joined(ana, table, 0)
        await ana.send(Move(step=0, action=Action.roll()).model_dump_json().encode())
        refused = await receive(ana)
        assert isinstance(refused, Refused) and not refused.final
        assert refused.english == "That message is not one a table understands."
    assert not server.tables[table.id].record.game.log


def test_the_wrong_joins_remembered_stay_bounded_whatever_the_addresses(
    server: TableServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    from generala_tui.online import server as module

    monkeypatch.setattr(module, "MISSES_KEPT", 50)
    for number in range(1000):
        server._remember_miss(f"10.0.{number // 250}.{number % 250}").count += 1
    slowed = server._remember_miss("10.9.9.9")
    slowed.count = 99
    for number in range(200):
        server._remember_miss(f"10.1.{number // 250}.{number % 250}").count += 1
    assert len(server._misses) <= 50
    assert server._misses.get("10.9.9.9") is slowed  # the one being slowed is not forgotten
