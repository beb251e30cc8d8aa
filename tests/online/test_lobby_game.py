"""Online as people play, end to end on loopback (issue 35's "Done when"): a table opened
from a real server's lobby, two friends joining it by its code, a game with a computer
played to its end, a line said at it, everyone asking to play again and the second game
dealt, and in it one player gone idle, whose clock runs out and whose turn a computer
plays."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from generala_tui.game.action import Action
from generala_tui.game.model import HouseRules, Level, Phase
from generala_tui.game.strategy import choose_action
from generala_tui.online.client import Address, TableClient
from generala_tui.online.lobby_client import LobbyClient, claim_seat
from generala_tui.online.protocol import Claimed, NewSeat, Refused, Said, Table
from generala_tui.online.server import TableServer

TURN_TIME = 1.5
PACE = 0.06


class Player:
    """A scripted player at their seat: at their turn they play the easy computer's move,
    once a step, unless told to sit idle."""

    def __init__(self, server: str, claimed: Claimed) -> None:
        assert claimed.key is not None
        self.tables: list[Table] = []
        self.said: list[Said] = []
        self.refused: list[Refused] = []
        self.changed = asyncio.Event()
        self.idle = False
        self._moved_at: tuple[int, int] = (-1, -1)
        self.client = TableClient(
            Address(server, claimed.table, claimed.key),
            on_table=self._table,
            on_refused=self.refused.append,
            on_said=self._said,
        )
        self.task = asyncio.get_running_loop().create_task(self.client.run())

    def _said(self, said: Said | None) -> None:
        self.said = list(self.client.chat)
        self.changed.set()

    def _table(self, table: Table, seat: int | None) -> None:
        self.tables.append(table)
        self.changed.set()
        game = table.game
        step = (table.number, len(game.log))
        if self.idle or seat is None or game.phase is Phase.OVER or table.seats[seat].stand_in:
            return
        if seat == game.current and step != self._moved_at:
            self._moved_at = step
            action = choose_action(game, Level.EASY)
            asyncio.get_running_loop().create_task(self._move(action))

    async def _move(self, action: Action) -> None:
        # At a human's pace: within the server's budget of 20 messages a second.
        await asyncio.sleep(PACE)
        await self.client.move(action)

    @property
    def table(self) -> Table:
        return self.tables[-1]

    async def until(self, done: Callable[[Table], bool], seconds: float = 60) -> Table:
        async with asyncio.timeout(seconds):
            while not (self.tables and done(self.tables[-1])):
                self.changed.clear()
                await self.changed.wait()
        return self.tables[-1]

    async def leave(self) -> None:
        await self.client.close()
        await self.task


@pytest.fixture
async def served(tmp_path: Path) -> AsyncIterator[TableServer]:
    server = TableServer(tmp_path / "tables", pace=0.0, away_after=3600.0, turn_time=TURN_TIME)
    await server.start("127.0.0.1", 0)
    yield server
    await server.close()


async def test_a_table_from_the_lobby_joined_by_code_played_twice_and_its_idle_player_timed(
    served: TableServer,
) -> None:
    url = f"ws://127.0.0.1:{served.port}"
    listed: list[set[str]] = []
    lobby = LobbyClient(url, on_lobby=lambda tables, may: listed.append(set(tables)))
    lobby_task = asyncio.get_running_loop().create_task(lobby.run())
    players: list[Player] = []
    try:
        # Ana opens a table from the lobby: her seat, two free ones, and Rita, a computer.
        async with asyncio.timeout(10):
            while not listed:
                await asyncio.sleep(0.01)
        seats = [NewSeat(name="Ana"), NewSeat(name="Player 2"), NewSeat(name="Player 3")]
        seats.append(NewSeat(name="Rita", level=Level.EASY))
        ana_seat = await lobby.open(seats, HouseRules(served_generala_wins=False))
        code = ana_seat.code
        async with asyncio.timeout(10):
            while not listed or code not in listed[-1]:
                await asyncio.sleep(0.01)

        # Bruno and Caro join by its code, each taking a free seat under their own name.
        bruno_seat = await claim_seat(url, code, name="Bruno")
        caro_seat = await claim_seat(url, code, name="Caro")
        assert (bruno_seat.seat, caro_seat.seat) == (1, 2)
        ana, bruno, caro = (Player(url, seat) for seat in (ana_seat, bruno_seat, caro_seat))
        players = [ana, bruno, caro]
        first = await ana.until(lambda table: all(seat.connected for seat in table.seats))
        assert [p.name for p in first.game.players] == ["Ana", "Bruno", "Caro", "Rita"]
        assert first.turn_time == TURN_TIME

        # Bruno says something; everyone at the table hears it.
        assert await bruno.client.say("¡suerte a todos!")
        for player in players:
            async with asyncio.timeout(10):
                while not player.said:
                    player.changed.clear()
                    await player.changed.wait()
            assert (player.said[-1].name, player.said[-1].text) == ("Bruno", "¡suerte a todos!")

        # The game is played to its end, nobody idle: no clock runs out, no stand-in plays.
        over = await ana.until(lambda table: table.game.phase is Phase.OVER)
        assert all(box is not None for p in over.game.players for box in p.boxes.values())
        assert not any(served.tables[ana_seat.table].idle)

        # Everyone asks to play again: the second game is dealt, the seats moved on.
        for player in players:
            assert await player.client.again()
        second = await caro.until(lambda table: table.number == 2)
        assert [p.name for p in second.game.players] == ["Bruno", "Caro", "Rita", "Ana"]
        assert second.game.phase is Phase.PLAYING
        assert caro.client.seat == 1

        # Caro goes idle: her clock runs out, a computer plays her turn, the game goes on.
        caro.idle = True
        stood_in = await bruno.until(lambda table: table.seats[1].stand_in, seconds=30)
        assert stood_in.seats[1].connected
        played_for = await bruno.until(
            lambda table: table.game.current != 1 and table.game.round >= 1 and _filled(table, 1)
        )
        assert _filled(played_for, 1)
        assert not bruno.refused and not ana.refused
    finally:
        for player in players:
            await player.leave()
        await lobby.close()
        await lobby_task


def _filled(table: Table, seat: int) -> bool:
    """Whether ``seat``'s player has a box filled."""
    return any(box is not None for box in table.game.players[seat].boxes.values())
