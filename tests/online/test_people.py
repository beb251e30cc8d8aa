"""The table's people (issue 35): the player who opened a table may remove another's
player, whose link then opens nothing; the seat, free again, is taken by the table's
code, and meanwhile is away like any seat whose player left."""

from __future__ import annotations

from websockets.asyncio.client import connect

from generala_tui.game.model import Level, Player
from generala_tui.online.protocol import (
    Claim,
    Claimed,
    Enter,
    Join,
    Refused,
    Remove,
    Said,
    Seats,
    Welcome,
)
from generala_tui.online.server import TableServer

from .conftest import joined, receive, receive_a, url


async def test_the_opener_removes_a_player_whose_link_ends_and_the_seat_is_taken_anew(
    server: TableServer,
) -> None:
    record = server.open([Player(name="Ana"), Player(name="Bruno")], free=True)
    assert record.opener == 0
    old_key = record.seats[1].key
    async with connect(url(server)) as lobby:
        await lobby.send(Enter().model_dump_json())
        await receive(lobby)
        await lobby.send(Claim(code=record.code or "").model_dump_json())
        bruno_claim = await receive_a(lobby, Claimed)
    assert isinstance(bruno_claim, Claimed) and bruno_claim.key == old_key
    async with connect(url(server, record)) as ana, connect(url(server, record)) as bruno:
        await joined(ana, record, 0)
        await joined(bruno, server.tables[record.id].record, 1)
        # Bruno may not remove Ana: only the opener removes.
        await bruno.send(Remove(seat=0).model_dump_json())
        refused = await receive_a(bruno, Refused)
        assert isinstance(refused, Refused) and "Only the player who opened" in refused.english
        await ana.send(Remove(seat=1).model_dump_json())
        ended = await receive_a(bruno, Refused)
        assert isinstance(ended, Refused) and ended.final
        assert "gave your seat to someone else" in ended.english
        await receive_a(ana, Seats, lambda seats: not seats.seats[1].connected)
    kept = server.database.load()[0]
    assert kept.seats[1].free and kept.seats[1].key != old_key
    async with connect(url(server, record)) as stale:
        await stale.send(Join(table=record.id, key=old_key).model_dump_json())
        gone = await receive(stale)
        assert isinstance(gone, Refused) and gone.final
    async with connect(url(server)) as lobby:
        await lobby.send(Enter().model_dump_json())
        await receive(lobby)
        await lobby.send(Claim(code=record.code or "", name="Caro").model_dump_json())
        caro = await receive_a(lobby, Claimed)
    assert isinstance(caro, Claimed) and caro.seat == 1 and caro.key == kept.seats[1].key
    assert server.tables[record.id].record.game.players[1].name == "Caro"


async def test_at_a_table_the_host_opened_its_first_seat_removes_and_the_others_do_not(
    server: TableServer,
) -> None:
    record = server.open(
        [Player(name="Rita", level=Level.EASY), Player(name="Ana"), Player(name="Bruno")]
    )
    assert record.opener == 1 and not record.by_code  # the host's own seat, its links sent
    async with connect(url(server, record)) as ana, connect(url(server, record)) as bruno:
        await joined(ana, record, 1)
        await joined(bruno, record, 2)
        await bruno.send(Remove(seat=1).model_dump_json())
        refused = await receive_a(bruno, Refused)
        assert isinstance(refused, Refused) and not refused.final
        await ana.send(Remove(seat=0).model_dump_json())  # a computer's is no player's
        assert "not another player's seat" in (await receive_a(ana, Refused)).english
        await ana.send(Remove(seat=2).model_dump_json())
        assert (await receive_a(bruno, Refused)).final


async def test_a_removed_players_connection_says_and_plays_nothing_more(
    server: TableServer,
) -> None:
    from generala_tui.game.action import Action
    from generala_tui.online.protocol import Move, Say

    record = server.open([Player(name="Ana"), Player(name="Bruno")], free=True)
    async with connect(url(server, record)) as ana, connect(url(server, record)) as bruno:
        await joined(ana, record, 0)
        await joined(bruno, record, 1)
        table = server.tables[record.id]
        (brunos,) = [client for client in table.clients if client.seat == 1]
        await ana.send(Remove(seat=1).model_dump_json())
        ended = await receive_a(bruno, Refused)
        assert isinstance(ended, Refused) and ended.final
        # A client that ignores its last word and goes on (websockets reads on until the
        # close is done): nothing its connection sends counts.
        assert brunos.seat is None
        for sent in (Say(text="still here"), Move(step=0, action=Action.roll())):
            assert not await server._message(brunos, table, sent.model_dump_json())
        await ana.send(Say(text="mark").model_dump_json())
        said = await receive_a(ana, Said)
        assert said.text == "mark" and list(table.chat) == [said]
        assert server.tables[record.id].record.game.log == ()


async def test_an_address_holds_a_few_connections_without_a_seat(server: TableServer) -> None:
    from generala_tui.online.server import SEATLESS_PER_ADDRESS

    record = server.open([Player(name="Ana"), Player(name="Bruno")])
    sockets = []
    try:
        for number in range(SEATLESS_PER_ADDRESS):
            socket = await connect(url(server) if number % 2 else url(server, record))
            sockets.append(socket)
            if number % 2:
                await socket.send(Enter().model_dump_json())
            else:
                await socket.send(Join(table=record.id).model_dump_json())
            await receive(socket)
        async with connect(url(server)) as one_more:
            await one_more.send(Enter().model_dump_json())
            refused = await receive(one_more)
            assert isinstance(refused, Refused) and refused.final
            assert "connections watching or in the lobby" in refused.english
        # A seat's own player is let in all the same.
        async with connect(url(server, record)) as ana:
            await joined(ana, record, 0)
    finally:
        for socket in sockets:
            await socket.close()


async def test_a_seat_claimed_under_a_new_name_is_shown_so_at_the_table(
    server: TableServer,
) -> None:
    record = server.open([Player(name="Ana"), Player(name="Player 2")], free=True)
    async with connect(url(server, record)) as ana:
        await joined(ana, record, 0)
        async with connect(url(server)) as lobby:
            await lobby.send(Enter().model_dump_json())
            await receive(lobby)
            await lobby.send(Claim(code=record.code or "", name="Bruno").model_dump_json())
            await receive_a(lobby, Claimed)
        again = await receive_a(ana, Welcome)
        assert again.seat == 0 and again.table.game.players[1].name == "Bruno"
