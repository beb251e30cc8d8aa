"""A server's lobby on loopback: the tables listed and pushed as they change, tables opened
from it, free seats claimed by a short code and kept before they are told, and what a
stranger in it is refused (issue 35, "A server with a lobby", "A short code")."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from generala_tui.game.model import HouseRules, Level, Player
from generala_tui.online.client import Address, TableClient, parse_server
from generala_tui.online.lobby_client import LobbyClient, LobbyRefused, claim_seat
from generala_tui.online.protocol import (
    CODE_LETTERS,
    RELAY_HEADER,
    Claim,
    Claimed,
    Enter,
    Lobby,
    LobbyChanged,
    NewSeat,
    OpenTable,
    Refused,
    TableSummary,
)
from generala_tui.online.server import TableServer
from generala_tui.online.tables import read_code

from .conftest import receive, serving, url


async def _entered(socket: object, password: str | None = None) -> Lobby:
    await socket.send(Enter(password=password).model_dump_json())  # type: ignore[attr-defined]
    lobby = await receive(socket)
    assert isinstance(lobby, Lobby), lobby
    return lobby


async def _answer(socket: object) -> Claimed | Refused:
    """The next answer to a request, past the lobby's changes."""
    while True:
        message = await receive(socket)
        if not isinstance(message, LobbyChanged):
            assert isinstance(message, Claimed | Refused), message
            return message


def test_a_code_is_six_letters_none_a_look_alike() -> None:
    assert not set("IL1O0") & set(CODE_LETTERS)
    assert read_code(" k7q-xm3 ") == "K7QXM3"
    assert read_code("K7QXM") is None
    assert read_code("K7QXM0") is None  # 0 is no code's


async def test_the_lobby_lists_the_open_tables_and_pushes_a_new_one(server: TableServer) -> None:
    first = server.open([Player(name="Ana"), Player(name="Bruno")])
    async with connect(url(server)) as socket:
        lobby = await _entered(socket)
        assert [table.code for table in lobby.tables] == [first.code]
        assert re.fullmatch(rf"[{CODE_LETTERS}]{{6}}", first.code or "")
        assert [seat.name for seat in lobby.tables[0].seats] == ["Ana", "Bruno"]
        assert lobby.may_open
        second = server.open([Player(name="Caro"), Player(name="Rita", level=Level.CHAMPION)])
        changed = await receive(socket)
        assert isinstance(changed, LobbyChanged), changed
        assert [table.code for table in changed.tables] == [second.code]
        assert changed.tables[0].seats[1].level is Level.CHAMPION


async def test_a_table_opened_from_the_lobby_is_the_openers_and_its_other_seats_free(
    server: TableServer,
) -> None:
    seats = (NewSeat(name="Ana"), NewSeat(name="Bruno"), NewSeat(name="Rita", level=Level.EXPERT))
    rules = HouseRules(two_pairs=True)
    async with connect(url(server)) as opener, connect(url(server)) as friend:
        await _entered(opener)
        await _entered(friend)
        await opener.send(OpenTable(seats=seats, house_rules=rules).model_dump_json())
        mine = await _answer(opener)
        assert isinstance(mine, Claimed), mine
        assert mine.seat == 0 and mine.key is not None
        record = server.tables[mine.table].record
        assert record.game.house_rules == rules
        assert [seat.free for seat in record.seats] == [False, True, False]
        listed = await receive(friend)
        assert isinstance(listed, LobbyChanged)
        assert [seat.free for seat in listed.tables[0].seats] == [False, True, False]
        await friend.send(Claim(code=mine.code).model_dump_json())
        theirs = await _answer(friend)
        assert isinstance(theirs, Claimed), theirs
        assert (theirs.table, theirs.seat) == (mine.table, 1)
        assert theirs.key == record.seats[1].key and theirs.key != mine.key
        # Kept before it was told: a server started again on the folder has it given.
        assert not server.database.load()[0].seats[1].free
        # No seat is left: the next claim is refused in words, and watching is allowed.
        await friend.send(Claim(code=mine.code).model_dump_json())
        refused = await _answer(friend)
        assert isinstance(refused, Refused)
        assert refused.english == "This table has no free seat: you may watch it."
        await friend.send(Claim(code=mine.code, seat=0).model_dump_json())
        taken = await _answer(friend)
        assert isinstance(taken, Refused) and "Ana's seat is taken" in taken.english
        await friend.send(Claim(code=mine.code, watch=True).model_dump_json())
        watching = await _answer(friend)
        assert isinstance(watching, Claimed)
        assert watching.seat is None and watching.key is None


async def test_a_wrong_code_is_refused_and_counted_against_its_address(
    server: TableServer,
) -> None:
    server.open([Player(name="Ana"), Player(name="Bruno")])
    async with connect(url(server)) as socket:
        await _entered(socket)
        for _ in range(3):
            await socket.send(Claim(code="ABCDEF").model_dump_json())
            refused = await _answer(socket)
            assert isinstance(refused, Refused) and not refused.final
            assert refused.english == "There is no table ABCDEF on this server."
    assert server._misses["127.0.0.1"].count == 3


async def test_a_private_server_wants_its_password(tmp_path: Path) -> None:
    async with serving(tmp_path / "tables", password="sesame") as server:
        async with connect(url(server)) as socket:
            await socket.send(Enter(password="open").model_dump_json())
            refused = await receive(socket)
            assert isinstance(refused, Refused) and refused.final
            assert refused.english == "This server is private: its password is needed."
        async with connect(url(server)) as socket:
            await _entered(socket, "sesame")


async def test_a_server_that_opens_its_own_tables_refuses_a_lobbys(tmp_path: Path) -> None:
    async with serving(tmp_path / "tables", open_tables="host") as server:
        async with connect(url(server)) as socket:
            lobby = await _entered(socket)
            assert not lobby.may_open
            await socket.send(OpenTable(seats=(NewSeat(name="Ana"),)).model_dump_json())
            refused = await _answer(socket)
            assert isinstance(refused, Refused)
            assert refused.english == "On this server only its host opens tables."
        assert server.open_tables() == []


async def test_one_address_opens_only_a_few_tables(server: TableServer) -> None:
    async with connect(url(server)) as socket:
        await _entered(socket)
        answers = []
        for number in range(6):
            open_one = OpenTable(seats=(NewSeat(name=f"P{number}"),))
            await socket.send(open_one.model_dump_json())
            answers.append(await _answer(socket))
    assert [isinstance(answer, Claimed) for answer in answers] == [True] * 4 + [False] * 2
    assert "You have 4 tables open here already" in answers[-1].english  # type: ignore[union-attr]
    assert len(server.open_tables()) == 4


async def test_a_bad_name_opens_nothing_and_says_why(server: TableServer) -> None:
    async with connect(url(server)) as socket:
        await _entered(socket)
        two = (NewSeat(name="Ana"), NewSeat(name="ana"))
        await socket.send(OpenTable(seats=two).model_dump_json())
        refused = await _answer(socket)
        assert isinstance(refused, Refused) and not refused.final
        await socket.send(OpenTable(seats=(NewSeat(name="x" * 60),)).model_dump_json())
        assert isinstance(await _answer(socket), Refused)
    assert server.open_tables() == []


async def test_the_lobby_refuses_a_move_and_a_table_refuses_a_lobbys_message(
    server: TableServer,
) -> None:
    record = server.open([Player(name="Ana"), Player(name="Bruno")])
    async with connect(url(server)) as socket:
        await _entered(socket)
        await socket.send('{"kind": "move", "step": 0, "action": {"kind": "roll"}}')
        refused = await _answer(socket)
        assert isinstance(refused, Refused)
        assert refused.english == "You are in the lobby: join a table on its own connection."
    from .conftest import joined

    async with connect(url(server, record)) as socket:
        await joined(socket, record, 0)
        await socket.send(Claim(code=record.code or "").model_dump_json())
        message = await receive(socket)
        while not isinstance(message, Refused):
            message = await receive(socket)
        assert message.english == "You are at this table already."


async def _until(condition: Callable[[], bool]) -> None:
    for _ in range(200):
        if condition():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("not seen in 4 s")


async def test_the_lobby_client_follows_the_tables_and_a_claimed_seat_plays(
    server: TableServer,
) -> None:
    seen: list[dict[str, TableSummary]] = []
    lobby = LobbyClient(url(server), on_lobby=lambda tables, may: seen.append(tables))
    task = asyncio.get_running_loop().create_task(lobby.run())
    try:
        await _until(lambda: bool(seen))
        assert seen[-1] == {}
        seats = (NewSeat(name="Ana"), NewSeat(name="Bruno"))
        mine = await lobby.open(seats, HouseRules())
        await _until(lambda: mine.code in seen[-1])
        theirs = await claim_seat(url(server), mine.code)
        assert theirs.seat == 1
        await _until(lambda: not seen[-1][mine.code].seats[1].free)
        # Bruno sits down with the key given, and the lobby sees him there.
        tables = []
        client = TableClient(
            Address(url(server), theirs.table, theirs.key),
            on_table=lambda table, seat: tables.append((table, seat)),
        )
        playing = asyncio.get_running_loop().create_task(client.run())
        await _until(lambda: bool(tables))
        assert tables[0][1] == 1 and tables[0][0].code == mine.code
        await _until(lambda: seen[-1][mine.code].seats[1].connected)
        await client.close()
        await playing
        with pytest.raises(LobbyRefused) as error:
            await lobby.claim(mine.code)
        assert error.value.refused.english == "This table has no free seat: you may watch it."
    finally:
        await lobby.close()
        await task


async def test_claiming_at_an_old_server_says_it_is_another_version() -> None:
    from websockets.asyncio.server import ServerConnection, serve

    async def old_server(socket: ServerConnection) -> None:
        await socket.recv()
        await socket.send(
            Refused(
                template="Say which table to join first.",
                english="Say which table to join first.",
                final=True,
            ).model_dump_json()
        )
        await socket.close()

    async with serve(old_server, "127.0.0.1", 0) as old:
        port = next(iter(old.sockets)).getsockname()[1]
        with pytest.raises(LobbyRefused) as error:
            await claim_seat(f"ws://127.0.0.1:{port}", "ABCDEF")
    assert "another version" in error.value.refused.english


@pytest.mark.parametrize(
    ("typed", "server"),
    [
        ("example.org", "ws://example.org:8765"),
        ("example.org:9000", "ws://example.org:9000"),
        ("ws://example.org", "ws://example.org"),
        ("wss://example.org/generala/", "wss://example.org/generala"),
        ("::1", None),
        ("[::1]:8000", "ws://[::1]:8000"),
        ("http://example.org", None),
        ("ws://example.org/?x=1", None),
        ("ws://me@example.org", None),
        ("", None),
    ],
)
def test_a_server_is_named_as_players_type_it(typed: str, server: str | None) -> None:
    from generala_tui.game.refusals import Refusal

    if server is None:
        with pytest.raises(Refusal):
            parse_server(typed)
    else:
        assert parse_server(typed) == server


async def test_one_address_takes_only_a_few_seats_and_opens_no_table_of_computers(
    server: TableServer,
) -> None:
    from generala_tui.online.lobby import CLAIMS_PER_ADDRESS

    codes = [
        server.open([Player(name="Ana"), Player(name="Bruno"), Player(name="Caro")], free=True).code
        for _ in range(3)
    ]
    async with connect(url(server)) as socket:
        await _entered(socket)
        answers = []
        for code in codes:
            for _ in range(2):
                await socket.send(Claim(code=code or "").model_dump_json())
                answers.append(await _answer(socket))
        taken = [answer for answer in answers if isinstance(answer, Claimed)]
        assert len(taken) == CLAIMS_PER_ADDRESS
        refused = answers[-1]
        assert isinstance(refused, Refused) and "You have taken 4 seats" in refused.english
        robots = (NewSeat(name="R1", level=Level.EASY), NewSeat(name="R2", level=Level.EASY))
        await socket.send(OpenTable(seats=robots).model_dump_json())
        nobody = await _answer(socket)
        assert isinstance(nobody, Refused) and "a seat for you" in nobody.english


async def test_finished_tables_beyond_the_cap_are_forgotten_as_new_ones_open(
    tmp_path: Path,
) -> None:
    from helpers import finished_game

    from .conftest import serving

    players = [Player(name="Ana"), Player(name="Bruno")]
    async with serving(tmp_path / "tables", max_tables=2) as server:
        finished = []
        for _ in range(3):  # each opened, then finished: three finished, one past the cap
            record = server.open(players)
            done = record.model_copy(update={"game": finished_game({"Ana": 6, "Bruno": 12})})
            server.tables[record.id].record = done
            server.database.save(done)
            finished.append(done)
        assert all(record.id in server.tables for record in finished)
        server.open(players)  # the next opening forgets the oldest finished beyond the cap
        oldest, *kept = finished
        assert oldest.id not in server.tables and oldest.code not in server._codes
        stored = {record.id for record in server.database.load()}
        assert oldest.id not in stored and {record.id for record in kept} <= stored


async def test_the_lobby_brings_the_server_to_a_few_sets_of_house_rules(
    tmp_path: Path,
) -> None:
    from generala_tui.online.lobby import RULE_SETS

    from .conftest import serving

    variants = [
        HouseRules(
            generala_points=points, served_bonus=bonus, two_pairs=pairs, double_generala=double
        )
        for points in (50, 60)
        for bonus in (5, 10)
        for pairs in (False, True)
        for double in (False, True)
    ]
    assert len(variants) > RULE_SETS
    async with serving(tmp_path / "tables", max_tables=50) as server:
        answers = []
        for number, rules in enumerate(variants):
            async with connect(url(server)) as socket:
                await _entered(socket)
                # Each as from an address of its own, as a crowd's would be.
                for table in server.tables.values():
                    table.opened_by = "elsewhere"
                opening = OpenTable(seats=(NewSeat(name=f"P{number}"),), house_rules=rules)
                await socket.send(opening.model_dump_json())
                answers.append(await _answer(socket))
        opened = [answer for answer in answers if isinstance(answer, Claimed)]
        assert len(opened) == RULE_SETS
        refused = answers[-1]
        assert isinstance(refused, Refused) and "sets of house rules already" in refused.english


@pytest.mark.parametrize(
    ("words", "where"),
    [
        (["ws://example.org:8765/K7QXM3"], ("ws://example.org:8765", "K7QXM3")),
        (["example.org/K7QXM3"], ("ws://example.org:8765", "K7QXM3")),
        (["example.org", "k7q-xm3"], ("ws://example.org:8765", "K7QXM3")),
        (["wss://example.org/generala"], ("wss://example.org/generala", None)),
        (["example.org"], ("ws://example.org:8765", None)),
    ],
)
def test_a_table_is_named_by_a_server_and_its_code_or_a_link_ending_in_it(
    words: list[str], where: tuple[str, str | None]
) -> None:
    from generala_tui.online.lobby_client import Entrance, destination

    found = destination(words)
    assert isinstance(found, Entrance) and (found.server, found.code) == where


async def test_a_game_relayed_for_an_ssh_visitor_counts_as_the_visitors_address(
    server: TableServer,
) -> None:
    """Every SSH visitor's game connects from the server's own machine: the token it carries
    (``host --ssh`` gives each its own) makes its limits its visitor's, and no other's."""

    async def opens(headers: dict[str, str] | None, name: str) -> Claimed | Refused:
        async with connect(url(server), additional_headers=headers) as socket:
            await _entered(socket)
            await socket.send(OpenTable(seats=(NewSeat(name=name),)).model_dump_json())
            return await _answer(socket)

    for number in range(4):  # this machine's own four tables
        assert isinstance(await opens(None, f"P{number}"), Claimed)
    visitor = server.relay("203.0.113.9")
    assert isinstance(await opens({RELAY_HEADER: visitor}, "Visitor"), Claimed)
    guessed = await opens({RELAY_HEADER: "a-token-of-nobodys"}, "Guess")
    assert isinstance(guessed, Refused) and "You have 4 tables" in guessed.english
    server.end_relay(visitor)
    gone = await opens({RELAY_HEADER: visitor}, "Again")
    assert isinstance(gone, Refused) and "You have 4 tables" in gone.english
