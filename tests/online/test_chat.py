"""Talk at a table, on loopback: a line said reaches everyone at it, kept before it is told
and sent again with the table to whoever joins; escaped, cut to length, paced; watchers
named, and talking only where the host allows (issue 35, "Chat", "The table's people")."""

from __future__ import annotations

from pathlib import Path

from websockets.asyncio.client import connect

from generala_tui.game.model import Player
from generala_tui.online.live import SAY_BURST
from generala_tui.online.protocol import (
    MAX_SAID,
    Join,
    Refused,
    Said,
    Say,
    Seats,
    Welcome,
)
from generala_tui.online.server import TableServer
from generala_tui.online.tables import TableRecord

from .conftest import joined, receive, receive_a, serving, url


async def _next_said(socket: object) -> Said | Refused:
    return await receive_a(socket, Said | Refused)  # type: ignore[arg-type]


async def test_a_line_said_reaches_everyone_and_is_kept_for_whoever_comes(
    server: TableServer, table: TableRecord
) -> None:
    async with connect(url(server, table)) as ana, connect(url(server, table)) as bruno:
        await joined(ana, table, 0)
        await joined(bruno, table, 1)
        await ana.send(Say(text="  hola,\tBruno \x1b[2J ").model_dump_json())
        for socket in (ana, bruno):
            said = await _next_said(socket)
            assert isinstance(said, Said), said
            assert (said.seat, said.name) == (0, "Ana")
            assert said.text == "hola, Bruno \\x1b[2J"  # what a terminal shows as itself
        await bruno.send(Say(text="x" * (3 * MAX_SAID)).model_dump_json())
        cut = await _next_said(ana)
        assert isinstance(cut, Said) and cut.text == "x" * MAX_SAID
    async with connect(url(server, table)) as watcher:
        welcome = await joined(watcher, table, None)
        assert [said.name for said in welcome.chat] == ["Ana", "Bruno"]
        assert not welcome.talk
    # A server started again on the folder still has them.
    await server.close()
    again = TableServer(server.database.path.parent, pace=0.0)
    await again.start("127.0.0.1", 0)
    try:
        async with connect(url(again, table)) as ana:
            welcome = await joined(ana, table, 0)
            assert [said.text[:4] for said in welcome.chat] == ["hola", "xxxx"]
    finally:
        await again.close()


async def test_talk_is_paced_and_an_empty_line_is_nothing_said(
    server: TableServer, table: TableRecord
) -> None:
    async with connect(url(server, table)) as ana:
        await joined(ana, table, 0)
        await ana.send(Say(text=" \t ").model_dump_json())
        empty = await _next_said(ana)
        assert isinstance(empty, Refused) and empty.english == "There is nothing to say in that."
        answers = []
        for number in range(SAY_BURST + 2):
            await ana.send(Say(text=f"line {number}").model_dump_json())
            answers.append(await _next_said(ana))
    assert [isinstance(answer, Said) for answer in answers] == [True] * SAY_BURST + [False] * 2
    assert answers[-1].english == "You are talking too fast: wait a moment."  # type: ignore[union-attr]
    # Coming back on a new connection gives no new breath: the pace is the seat's.
    async with connect(url(server, table)) as ana:
        await joined(ana, table, 0)
        await ana.send(Say(text="again").model_dump_json())
        assert isinstance(await _next_said(ana), Refused)


async def test_watchers_are_named_and_talk_only_where_the_host_allows(
    tmp_path: Path,
) -> None:
    for talk in (False, True):
        async with serving(tmp_path / f"tables-{talk}", watchers_talk=talk) as server:
            table = server.open([Player(name="Ana"), Player(name="Bruno")])
            async with connect(url(server, table)) as ana, connect(url(server, table)) as caro:
                await joined(ana, table, 0)
                await caro.send(Join(table=table.id, name="Caro").model_dump_json())
                welcome = await receive(caro)
                assert isinstance(welcome, Welcome) and welcome.talk is talk
                assert welcome.table.watchers == ("Caro",)
                seats = await receive(ana)
                assert isinstance(seats, Seats) and seats.watchers == ("Caro",)
                await caro.send(Say(text="¡suerte!").model_dump_json())
                answer = await _next_said(caro)
                if talk:
                    assert isinstance(answer, Said)
                    assert (answer.seat, answer.name) == (None, "Caro")
                else:
                    assert isinstance(answer, Refused)
                    assert answer.english == "At this table only its players talk."


async def test_a_watchers_name_that_is_no_players_name_is_not_shown(
    server: TableServer, table: TableRecord
) -> None:
    async with connect(url(server, table)) as watcher:
        await watcher.send(Join(table=table.id, name="\x1b[31m" + "y" * 30).model_dump_json())
        welcome = await receive(watcher)
        assert isinstance(welcome, Welcome)
        assert welcome.table.watchers == () and welcome.table.spectators == 1


async def test_a_watchers_talk_is_paced_across_reconnects(tmp_path: Path) -> None:
    async with serving(tmp_path / "tables", watchers_talk=True) as server:
        table = server.open([Player(name="Ana"), Player(name="Bruno")])
        answers = []
        for _ in range(3):
            async with connect(url(server, table)) as watcher:
                await watcher.send(Join(table=table.id, name="Caro").model_dump_json())
                await receive(watcher)
                for _ in range(SAY_BURST // 2 + 1):
                    await watcher.send(Say(text="¡vamos!").model_dump_json())
                    answers.append(await _next_said(watcher))
        assert sum(isinstance(answer, Said) for answer in answers) == SAY_BURST
