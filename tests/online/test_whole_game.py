"""A whole game at one table between two real clients and a computer seat, through a real
``generala-tui host`` on loopback: a client dropped and back takes its seat again, and the
server killed (``kill -9``) in the middle and started again on the same folder goes on
where the game was (issue 25, "Done when")."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import sqlite3
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from generala_tui.game import rules
from generala_tui.game.model import Level, Phase
from generala_tui.game.strategy import choose_action
from generala_tui.online.client import TableClient, parse_url
from generala_tui.online.protocol import Refused, Table
from generala_tui.online.tables import TableRecord


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def _host(data: Path, port: int, *extra: str) -> tuple[asyncio.subprocess.Process, list[str]]:
    """``generala-tui host`` running, and the lines it printed up to its last table's."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "generala_tui", "host", "--data", str(data), "--port", str(port),
        "--pace", "0", "--away-after", "3600", *extra,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL,
    )  # fmt: skip
    assert process.stdout is not None
    lines: list[str] = []
    while not lines or "to watch" not in lines[-1]:
        line = await asyncio.wait_for(process.stdout.readline(), 30)
        assert line, f"the server ended: {lines}"
        lines.append(line.decode().rstrip())
    return process, lines


class Seat:
    """A scripted player: at its turn it plays the easy computer's move, once a step."""

    def __init__(self, url: str) -> None:
        self.tables: list[Table] = []
        self.refused: list[Refused] = []
        self.changed = asyncio.Event()
        self._moved_at = -1
        self.client = TableClient(
            parse_url(url),
            on_table=self._table,
            on_refused=self.refused.append,
            on_connected=self._connected,
        )
        self.task = asyncio.get_running_loop().create_task(self.client.run())

    def _connected(self, connected: bool) -> None:
        self._moved_at = -1  # a move sent as the connection dropped may not have arrived

    def _table(self, table: Table, seat: int | None) -> None:
        self.tables.append(table)
        self.changed.set()
        game = table.game
        step = len(game.log)
        if game.phase is not Phase.OVER and seat == game.current and step != self._moved_at:
            self._moved_at = step
            action = choose_action(game, Level.EASY)
            asyncio.get_running_loop().create_task(self.client.move(action))

    async def until(self, done: object, seconds: float = 60) -> Table:
        """Wait until ``done(table)`` holds for the last table received; a wait that times
        out says where the game stood (whose turn, at which step, who was connected)."""
        try:
            async with asyncio.timeout(seconds):
                while not (self.tables and done(self.tables[-1])):  # type: ignore[operator]
                    self.changed.clear()
                    await self.changed.wait()
        except TimeoutError:
            last = self.tables[-1] if self.tables else None
            where = (
                f"round {last.game.round}, step {len(last.game.log)}, {last.game.phase}, "
                f"seat {last.game.current} to play, connected "
                f"{[seat.connected for seat in last.seats]}"
                if last is not None
                else "no table"
            )
            raise AssertionError(
                f"after {seconds} s: {len(self.tables)} tables, the last at {where}; "
                f"moved at step {self._moved_at}; refused {self.refused}"
            ) from None
        return self.tables[-1]

    async def leave(self) -> None:
        await self.client.close()
        self.task.cancel()


@pytest.fixture
async def processes() -> AsyncIterator[list[asyncio.subprocess.Process]]:
    started: list[asyncio.subprocess.Process] = []
    yield started
    for process in started:
        if process.returncode is None:
            process.kill()
            await process.wait()


async def test_a_game_played_to_its_end_survives_a_dropped_client_and_a_killed_server(
    tmp_path: Path, processes: list[asyncio.subprocess.Process]
) -> None:
    data, port = tmp_path / "tables", _free_port()
    # A served Generala would end the game before the round the server is killed at.
    server, lines = await _host(
        data, port, "--players", "Ana,Bruno,Caro:expert", "--rule", "served_generala_wins=false"
    )
    processes.append(server)
    urls = [line.split("join ", 1)[1] for line in lines if ": generala-tui join" in line]
    assert [line.split(":")[0].strip() for line in lines[1:3]] == ["Ana", "Bruno"]
    ana, bruno = Seat(urls[0]), Seat(urls[1])

    # Bruno leaves after a few rounds, and comes back with his link: his seat is his again.
    await bruno.until(lambda table: table.game.round >= 3)
    await bruno.leave()
    waiting = await ana.until(lambda table: not table.seats[1].connected)
    bruno = Seat(urls[1])
    back = await bruno.until(lambda table: True)
    assert back.seats[1].connected and len(back.game.log) >= len(waiting.game.log)

    # The server is killed mid-game and started again on its folder and port.
    await ana.until(lambda table: table.game.round >= 6)
    server.send_signal(signal.SIGKILL)
    await server.wait()
    seen = ana.tables[-1].game
    server, lines = await _host(data, port)
    processes.append(server)
    assert any(seen.players[0].name in line for line in lines)  # its table is there again

    # The clients reconnect by themselves and the game goes on from where it was.
    ended = await ana.until(lambda table: table.game.phase is Phase.OVER, seconds=120)
    assert ended.game.log[: len(seen.log)] == seen.log
    final = await bruno.until(lambda table: table.game.phase is Phase.OVER)
    assert final.game == ended.game and final.game.winners
    assert not ana.refused and not bruno.refused
    assert list(rules.replay(ended.game))[-1] == ended.game  # a game the rules played
    assert all(box is not None for p in ended.game.players for box in p.boxes.values())
    with sqlite3.connect(data / "tables.sqlite3") as db:
        (stored,) = db.execute("SELECT record FROM tables").fetchone()
    assert TableRecord.model_validate_json(stored).game.log == ended.game.log
    for seat in (ana, bruno):
        await seat.leave()
    server.send_signal(signal.SIGTERM)
    assert await asyncio.wait_for(server.wait(), 10) == 0
    assert os.stat(data / "tables.sqlite3").st_mode & 0o077 == 0
