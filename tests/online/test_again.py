"""Play again together (issue 35): at a finished online table each human seat says it
would play again; once every one has, the server deals the next game at the same table,
the first seat moved on by one with each key still its player's, keeps it before anyone
is told, and welcomes everyone to it."""

from __future__ import annotations

from pathlib import Path

from helpers import finished_game
from websockets.asyncio.client import connect

from generala_tui.game.model import Level, Phase, Player
from generala_tui.online.protocol import Again, Refused, Seats, Welcome
from generala_tui.online.server import TableServer
from generala_tui.online.tables import TableRecord

from .conftest import joined, receive_a, url


def _finish(server: TableServer, record: TableRecord) -> TableRecord:
    game = finished_game({"Ana": 12, "Bruno": 6, "Rita": 18})
    players = list(game.players)
    players[2] = players[2].model_copy(update={"level": Level.EASY})
    done = record.model_copy(update={"game": game.model_copy(update={"players": tuple(players)})})
    server.tables[record.id].record = done
    server.database.save(done)
    return done


async def test_every_seat_agrees_and_the_next_game_is_dealt_with_the_seats_moved_on(
    server: TableServer,
) -> None:
    record = server.open(
        [Player(name="Ana"), Player(name="Bruno"), Player(name="Rita", level=Level.EASY)]
    )
    record = _finish(server, record)
    async with connect(url(server, record)) as ana, connect(url(server, record)) as bruno:
        await joined(ana, record, 0)
        await joined(bruno, record, 1)
        await ana.send(Again().model_dump_json())
        seats = await receive_a(bruno, Seats)
        assert isinstance(seats, Seats) and seats.again == (0,)
        assert server.tables[record.id].record.game.phase is Phase.OVER
        await bruno.send(Again().model_dump_json())
        for socket, seat in ((ana, 2), (bruno, 0)):
            welcome = await receive_a(socket, Welcome)
            assert isinstance(welcome, Welcome)
            assert welcome.seat == seat and welcome.table.number == 2
            assert welcome.table.game.phase is Phase.PLAYING and not welcome.table.game.log
            assert [p.name for p in welcome.table.game.players] == ["Bruno", "Rita", "Ana"]
            assert welcome.table.again == ()
    (kept,) = server.database.load()
    assert kept.number == 2
    assert [seat.key for seat in kept.seats] == [record.seats[1].key, None, record.seats[0].key]


async def test_play_again_is_refused_before_the_end_and_to_a_watcher(
    server: TableServer, table: TableRecord
) -> None:
    async with connect(url(server, table)) as ana, connect(url(server, table)) as watcher:
        await joined(ana, table, 0)
        await joined(watcher, table, None)
        await ana.send(Again().model_dump_json())
        early = await receive_a(ana, Refused)
        assert isinstance(early, Refused) and early.english == "The game is not over yet."
        await watcher.send(Again().model_dump_json())
        watching = await receive_a(watcher, Refused)
        assert isinstance(watching, Refused) and "its players choose" in watching.english


async def test_a_full_server_deals_no_next_game(tmp_path: Path) -> None:
    from .conftest import serving

    async with serving(tmp_path / "tables", max_tables=1) as server:
        record = server.open([Player(name="Ana"), Player(name="Bruno")])
        done = record.model_copy(update={"game": finished_game({"Ana": 12, "Bruno": 6})})
        server.tables[record.id].record = done
        server.database.save(done)
        server.open([Player(name="Caro"), Player(name="Dani")])  # the one table it takes
        async with connect(url(server, done)) as ana, connect(url(server, done)) as bruno:
            await joined(ana, done, 0)
            await joined(bruno, done, 1)
            await ana.send(Again().model_dump_json())
            await bruno.send(Again().model_dump_json())
            refused = await receive_a(bruno, Refused)
            assert refused.english == "This server has as many tables as it takes."
        assert server.tables[record.id].record.number == 1
