"""Players known to a server (issue 37): a ``join`` client's secret, kept hashed on the
server, or an SSH visitor's key; the first visit takes a name, unique on that server; the
same player is the same name at any table, on a reconnect, after a restart."""

from __future__ import annotations

import hashlib
import secrets
import sqlite3
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from generala_tui.game.model import Level, Player
from generala_tui.online.database import FILE_NAME
from generala_tui.online.protocol import (
    Claim,
    Claimed,
    Enter,
    Lobby,
    Named,
    NewSeat,
    OpenTable,
    Refused,
    TakeName,
)
from generala_tui.online.server import TableServer

from .conftest import receive, receive_a, serving, url


async def _enter(socket: object, token: str | None) -> Lobby:
    await socket.send(Enter(token=token).model_dump_json())  # type: ignore[attr-defined]
    return await receive_a(socket, Lobby)


async def _answer(socket: object, message: object) -> Claimed | Named | Refused:
    await socket.send(message.model_dump_json())  # type: ignore[attr-defined]
    while True:
        answer = await receive(socket)
        if isinstance(answer, Claimed | Named | Refused):
            return answer


async def test_two_players_are_named_once_each_and_a_name_taken_is_refused_in_words(
    tmp_path: Path,
) -> None:
    ana_token, bruno_token = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
    async with serving(tmp_path) as server:
        async with connect(url(server)) as ana, connect(url(server)) as bruno:
            lobby = await _enter(ana, ana_token)
            assert lobby.known and lobby.you is None
            # No seat before a name: a table is opened under it.
            refused = await _answer(ana, OpenTable(seats=(NewSeat(name="Ana"),)))
            assert isinstance(refused, Refused)
            assert refused.english == "Choose your name on this server first."
            assert await _answer(ana, TakeName(name=" Ana ")) == Named(name="Ana")
            again = await _answer(ana, TakeName(name="Anita"))
            assert isinstance(again, Refused)
            assert again.english == "You are Ana on this server already."
            await _enter(bruno, bruno_token)
            taken = await _answer(bruno, TakeName(name="ANA"))  # looks alike: taken
            assert isinstance(taken, Refused)
            assert taken.english == "ANA is taken on this server: choose another name."
            assert taken.params == {"name": "ANA"}
            no_name = await _answer(bruno, TakeName(name="   "))
            assert isinstance(no_name, Refused) and "needs a name" in no_name.english
            assert await _answer(bruno, TakeName(name="Bruno")) == Named(name="Bruno")
        # The secret is kept only hashed.
        rows = sqlite3.connect(tmp_path / FILE_NAME).execute("SELECT credential FROM credentials")
        kept = {row[0] for row in rows}
        assert kept == {
            "token:" + hashlib.sha256(token.encode()).hexdigest()
            for token in (ana_token, bruno_token)
        }
        assert not any(ana_token in one or bruno_token in one for one in kept)


async def test_a_player_is_their_name_at_every_table_on_a_reconnect_and_after_a_restart(
    tmp_path: Path,
) -> None:
    ana, bruno = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
    async with serving(tmp_path) as server:
        async with connect(url(server)) as socket:
            await _enter(socket, ana)
            await _answer(socket, TakeName(name="Ana"))
            # The opener's seat is theirs under their name, whatever the seat said.
            opened = await _answer(
                socket,
                OpenTable(seats=(NewSeat(name="Me"), NewSeat(name="Friend"))),
            )
            assert isinstance(opened, Claimed) and opened.seat == 0
        record = server.tables[opened.table].record
        assert record.game.players[0].name == "Ana"
        assert record.seats[0].person is not None
        async with connect(url(server)) as socket:
            await _enter(socket, bruno)
            await _answer(socket, TakeName(name="Bruno"))
        async with connect(url(server)) as socket:  # Bruno again: a new connection
            lobby = await _enter(socket, bruno)
            assert lobby.you == "Bruno"
            # A name asked in the claim gives way to theirs.
            claimed = await _answer(socket, Claim(code=opened.code, name="Zed"))
            assert isinstance(claimed, Claimed) and claimed.seat == 1
            # Claimed again (another window, a new visit): the same seat, the same key.
            again = await _answer(socket, Claim(code=opened.code))
            assert isinstance(again, Claimed)
            assert (again.seat, again.key) == (claimed.seat, claimed.key)
        assert server.tables[opened.table].record.game.players[1].name == "Bruno"
        # A guest may not go by a known player's name: the seat keeps the one it had.
        guest_table = server.open([Player(name="Caro"), Player(name="Seat 2")], free=True)
        async with connect(url(server)) as socket:
            await _enter(socket, None)
            guest = await _answer(socket, Claim(code=guest_table.code or "", name="ana"))
            assert isinstance(guest, Claimed)
        assert server.tables[guest_table.id].record.game.players[1].name == "Seat 2"
    async with serving(tmp_path) as server:  # a restart loses no one
        async with connect(url(server)) as socket:
            assert (await _enter(socket, ana)).you == "Ana"
            other = await _answer(
                socket,
                OpenTable(seats=(NewSeat(name="x"), NewSeat(name="Rita", level=Level.EASY))),
            )
            assert isinstance(other, Claimed)
        assert server.tables[other.table].record.game.players[0].name == "Ana"
        assert server.tables[opened.table].record.seats[1].person is not None


async def test_an_ssh_visitors_key_is_who_they_are_and_a_keyless_one_a_guest(
    server: TableServer,
) -> None:
    from generala_tui.online.protocol import RELAY_HEADER

    keyed = server.relay("127.0.0.9", "SHA256:abc")
    keyless = server.relay("127.0.0.10", None)
    headers = {RELAY_HEADER: keyed}
    async with connect(url(server), additional_headers=headers) as socket:
        # The game's own token is not who it is: the key the SSH server checked is.
        lobby = await _enter(socket, secrets.token_urlsafe(32))
        assert lobby.known and lobby.you is None
        assert await _answer(socket, TakeName(name="Vera")) == Named(name="Vera")
    again = server.relay("127.0.0.11", "SHA256:abc")  # the same key, another session
    async with connect(url(server), additional_headers={RELAY_HEADER: again}) as socket:
        assert (await _enter(socket, None)).you == "Vera"
    async with connect(url(server), additional_headers={RELAY_HEADER: keyless}) as socket:
        lobby = await _enter(socket, secrets.token_urlsafe(32))
        assert not lobby.known and lobby.you is None
        refused = await _answer(socket, TakeName(name="Guest"))
        assert isinstance(refused, Refused)
        assert refused.english == "This window is not known to the server: it keeps no name for it."


async def test_an_older_client_is_refused_in_words(server: TableServer) -> None:
    async with connect(url(server)) as socket:
        await socket.send(Enter(protocol=4).model_dump_json())
        refused = await receive(socket)
    assert isinstance(refused, Refused) and refused.final
    assert refused.english == "This server speaks another version of the game: update generala-tui."


async def test_join_by_code_names_a_new_player_first_and_a_taken_name_ends_in_words(
    server: TableServer,
) -> None:
    from generala_tui.online.lobby_client import LobbyRefused, claim_seat

    record = server.open(
        [Player(name="Ana"), Player(name="Seat 2"), Player(name="Seat 3")], free=True
    )
    address = url(server)
    first = await claim_seat(
        address, record.code or "", name="Bruno", token=secrets.token_urlsafe(32)
    )
    assert server.tables[record.id].record.game.players[first.seat or 0].name == "Bruno"
    with pytest.raises(LobbyRefused) as refused:
        await claim_seat(address, record.code or "", name="bruno", token=secrets.token_urlsafe(32))
    assert refused.value.refused.english == "bruno is taken on this server: choose another name."
