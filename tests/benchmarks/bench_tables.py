"""Many online tables at once: ``python tests/benchmarks/bench_tables.py [--tables N]``.

One table server (:class:`generala_tui.online.server.TableServer`) runs in a process of
its own on loopback, with ``--tables`` tables (500 unless told) of four human seats,
each seat a scripted player on a WebSocket connection of its own from one client
process (``--clients`` of them if told; the machine this was written on has two
cores, so one server and one client process each have one). Whenever a seat receives
the table and it is that seat's turn, it plays at once (``--think`` adds a pause) the
easy computer's move (``choose_action(state, Level.EASY)``), once per step. For
``--seconds`` (30 unless told) it measures:

- moves a second: the steps the server played between two marks (its own counter), and
  the moves the clients sent in the window;
- the move-to-broadcast latency: from just before a seat sends its move to each of the
  table's three other seats receiving the server's :class:`~generala_tui.online.protocol.
  Played` for that step (median, 90th and 99th percentile, largest), for every move sent
  in the window; after it, the clients send nothing more and wait up to
  :data:`DRAIN_SECONDS` for the broadcasts still on their way (any that never came are
  counted as lost);
- with the lobby in (``--lobby N``, 20 unless told): N clients in the server's lobby,
  following it as ``generala-tui join SERVER`` does; the lobby update latency is from a
  seat receiving the step that begins a table's round (or ends its game) to each lobby
  client receiving that table's new summary (or its going);
- with talk in (``--chat S``, a line every 10 s a table unless told; 0: none): a random
  seat of each table says a line every S seconds on average, timed from just before it is
  sent to each other seat receiving the :class:`~generala_tui.online.protocol.Said`;
- each process's CPU time in the window and its event loop's lag (how late a
  :data:`LAG_TICK` sleep wakes up): a client loop that lags adds its lag to the latency.

Every seat moves as soon as it can, so the server is never idle while a move waits:
the latency is then what a move waits behind the other tables' moves (Little's law: it
is about the tables divided by the moves a second). ``--think S`` makes each move wait
a random time first (0 to 2S, S on average), as players do, so the server is loaded
less than fully and the latency is the server's time for one move plus its queue.

The scripted clients read every message as ``generala-tui join`` does (validated with
the protocol's models) and follow each table as it does, playing every step through the
rules with the server's dice (:func:`~generala_tui.online.tables.follow`), once a table
for its four seats (a step that does not follow is counted as a mismatch). The
client processes' garbage collector is off during the window (a full collection would
stop all their seats at once and count as the server's latency); the server's is as
``host`` has it.

A table whose game ends is left and its seats join one of ``--spare`` tables (unless
told, as many as ``--tables`` and :data:`SPARES_A_SECOND` more for each second of the
window) opened for that, so the tables played at once stay as many as long as the spares
last (the figures say when they ran out). The server keeps its tables in a temporary
folder's SQLite database and freezes what survives
(:func:`generala_tui.collector.freeze_survivors`), as ``generala-tui host`` does
(``--plain-collector``: not, to compare); the figures tell its garbage collector's
pauses and its saves' times, timed by the benchmark's own hooks (``gc.callbacks``, a
wrapper around the database's ``step``). ``--profile`` runs the server under cProfile
during the window (slower: its figures are not the benchmark's) and prints where its
time went. ``--steps`` instead times, in this one process, the parts of the server's
step (the rules, the step's JSON, the whole table's, the save) and their cheaper
variants on every step of whole games. The open-files limit is raised to the hard limit
when the connections need more. Not collected by pytest.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import math
import os
import platform
import random
import resource
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SEATS = 4
NAMES = ("Ana", "Bruno", "Caro", "Dora")
CONNECTING_AT_ONCE = 50
"""Connections a client process opens at once (the server's listen backlog is 100)."""
DRAIN_SECONDS = 5.0
"""How long the clients wait after the window for the broadcasts still on their way."""
LAG_TICK = 0.01
"""The sleep whose late wake-ups measure an event loop's lag."""
SPARES_A_SECOND = 10
"""Spare tables opened beyond ``--tables`` for each second of the window, unless told: a
four-player game is about 150 steps, and the server plays fewer than 1500 a second."""
GROUPED = 100
"""Steps a transaction in ``--steps``' grouped writes."""
STEP_GAMES = 6
"""Whole games whose every step ``--steps`` times the server's parts on."""
SLOW = 0.05
"""A delivery slower than this (the issue's goal for the 99th percentile) is told when."""
START_SECONDS = 120.0
"""How long the server and the clients may take to start (open, connect, join)."""


def _raise_open_files(needed: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < needed:
        limit = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (limit, hard))


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _summary(values: list[float]) -> dict[str, float]:
    """Median, 90th and 99th percentile and largest of ``values`` (seconds), or nothing."""
    if not values:
        return {}
    ordered = sorted(values)
    count = len(ordered)

    def at(share: float) -> float:
        return ordered[min(count - 1, int(share * count))]

    return {
        "n": count,
        "median": statistics.median(ordered),
        "p90": at(0.90),
        "p99": at(0.99),
        "max": ordered[-1],
    }


class _LagMonitor:
    """How late the event loop wakes a :data:`LAG_TICK` sleep, tick after tick."""

    def __init__(self) -> None:
        self.lags: list[float] = []

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            start = loop.time()
            await asyncio.sleep(LAG_TICK)
            self.lags.append(loop.time() - start - LAG_TICK)

    def take(self) -> list[float]:
        lags, self.lags = self.lags, []
        return lags


async def _line() -> str:
    """The next line on stdin ('' at its end), read without blocking the loop."""
    return await asyncio.to_thread(sys.stdin.readline)


class _Pauses:
    """The garbage collector's collections (young and full) and the database's saves,
    each as long as it took (seconds), since they were last taken."""

    def __init__(self) -> None:
        self.lists: dict[str, list[float]] = {"collections": [], "full": [], "saves": []}
        self.freed = {"collections": 0, "full": 0}
        """The objects the collections found unreachable (in cycles), young and full."""

    def take(self, name: str) -> dict[str, float]:
        values, self.lists[name] = self.lists[name], []
        freed, self.freed[name] = self.freed.get(name, 0), 0
        figures = {"n": len(values), "total": sum(values), "max": max(values, default=0.0)}
        return figures | {"freed": freed} if name in self.freed else figures


def _watch_pauses(server: Any = None) -> _Pauses:
    """Time every collection (``gc.callbacks``) and every save of ``server``'s database
    (the benchmark's own wrapper around its :meth:`~TableDatabase.step`), if one."""
    pauses = _Pauses()
    started = [0.0]

    def collecting(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started[0] = time.perf_counter()
        else:
            took = time.perf_counter() - started[0]
            kind = "full" if info["generation"] == 2 else "collections"
            pauses.lists[kind].append(took)
            pauses.freed[kind] += info["collected"]

    gc.callbacks.append(collecting)
    if server is None:
        return pauses
    save = server.database.step

    def timed_save(record: Any, played: str, **kwargs: Any) -> None:
        begin = time.perf_counter()
        save(record, played, **kwargs)
        pauses.lists["saves"].append(time.perf_counter() - begin)

    server.database.step = timed_save
    return pauses


# --- the server process ---------------------------------------------------------------


async def _serve(args: argparse.Namespace) -> None:
    """Open the tables, print them as JSON, and answer ``mark`` until ``stop``."""
    import cProfile

    from generala_tui.game.model import Player
    from generala_tui.online.server import TableServer

    total = args.tables + args.spare
    _raise_open_files(args.tables * SEATS + 200)
    started = time.perf_counter()
    server = TableServer(
        Path(args.data),
        max_tables=total,
        max_connections=total * SEATS + 100,
        # Every client of the benchmark comes from one address, 50 at once.
        strangers_per_address=CONNECTING_AT_ONCE * 2,
        pace=0.0,
        away_after=3600.0,
    )
    players = [Player(name=name) for name in NAMES]
    records = [server.open(players) for _ in range(total)]
    await server.start("127.0.0.1", 0)
    tables = [[record.id, [seat.key for seat in record.seats], record.code] for record in records]
    opened = time.perf_counter() - started
    print(json.dumps({"port": server.port, "tables": tables, "open_seconds": opened}), flush=True)
    monitor = _LagMonitor()
    lag_task = asyncio.get_running_loop().create_task(monitor.run())
    pauses = _watch_pauses(server)
    profile = cProfile.Profile() if args.profile else None
    freezer = None
    if not args.plain_collector:  # as generala-tui host does
        from generala_tui.collector import freeze_survivors

        freezer = asyncio.get_running_loop().create_task(freeze_survivors())
    marks = 0
    try:
        while (await _line()).strip() == "mark":
            marks += 1
            if profile is not None and marks == 1:
                profile.enable()
            elif profile is not None and marks == 2:
                profile.disable()
                profile.dump_stats(args.profile)
            reply = {
                "moves": server.moves,
                "cpu": _cpu(),
                "time": time.perf_counter(),
                "lag": _summary(monitor.take()),
                "collections": pauses.take("collections"),
                "full": pauses.take("full"),
                "saves": pauses.take("saves"),
                "rss_kib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
            }
            print(json.dumps(reply), flush=True)
    finally:
        lag_task.cancel()
        if freezer is not None:
            freezer.cancel()
        await server.close()


# --- a client process -----------------------------------------------------------------


@dataclass
class _Sent:
    step: int
    at: float
    mover: int


@dataclass
class _Run:
    """What a client process measures, and the window's state."""

    url: str
    think: float
    random: random.Random
    spares: list[list[Any]]
    connecting: asyncio.Semaphore = field(
        default_factory=lambda: asyncio.Semaphore(CONNECTING_AT_ONCE)
    )
    started: bool = False
    stopping: bool = False
    window: tuple[float, float] = (0.0, 0.0)
    latencies: list[float] = field(default_factory=list)
    when: list[float] = field(default_factory=list)
    """For each latency, when its move was sent (seconds into the window)."""
    chat: float = 0.0
    """Seconds between the lines said at a table, on average (0: none)."""
    said: list[float] = field(default_factory=list)
    """Each line said in the window, from its sending to each other seat hearing it."""
    rounds: dict[tuple[str, int], float] = field(default_factory=dict)
    """When a seat first received the step that began a table's round (its code and the
    round; 0 for the game's end), in the window."""
    lobby_latencies: list[float] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    mismatches: int = 0
    finished: int = 0
    tables: list[_ClientTable] = field(default_factory=list)
    tasks: set[asyncio.Task[None]] = field(default_factory=set)

    def in_window(self, at: float) -> bool:
        return self.window[0] <= at < self.window[1]

    def spawn(self, coroutine: Any) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)


class _ClientTable:
    """One table's four scripted seats, and the game as they follow it."""

    def __init__(self, run: _Run, table_id: str, keys: list[str], code: str = "") -> None:
        from generala_tui.game.model import GameState

        self.run = run
        self.id = table_id
        self.keys = keys
        self.code = code
        self.lines: dict[str, float] = {}
        """The lines said at the table, by their text, and when each was sent."""
        self.sockets: list[Any] = [None] * SEATS
        self.welcomed = 0
        self.ready = asyncio.Event()
        self.state: GameState | None = None
        self.steps = 0
        """The log's length of the game as the seats know it."""
        self.moved_at = -1
        self.sent: list[_Sent] = []
        self.seen = [0] * SEATS
        """For each seat, how many of :attr:`sent` it has received the step of."""
        self.over = False

    async def join(self) -> None:
        from websockets.asyncio.client import connect

        from generala_tui.online.protocol import MAX_SERVER_MESSAGE, Join

        for seat in range(SEATS):
            async with self.run.connecting:
                socket = await connect(
                    f"{self.run.url}/{self.id}",
                    max_size=MAX_SERVER_MESSAGE,
                    compression=None,
                    open_timeout=START_SECONDS,
                )
                await socket.send(Join(table=self.id, key=self.keys[seat]).model_dump_json())
            self.sockets[seat] = socket
            self.run.spawn(self._read(seat, socket))

    async def _read(self, seat: int, socket: Any) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            async for raw in socket:
                now = time.perf_counter()
                move = self._received(seat, raw, now)
                if move is not None:  # sent on its own: the seat reads on while it thinks
                    self.run.spawn(self._send(*move))
        except ConnectionClosed:
            pass

    def _received(self, seat: int, raw: str | bytes, now: float) -> tuple[int, str] | None:
        from generala_tui.online.protocol import SERVER_MESSAGE, Played, Refused, Said, Welcome

        message = SERVER_MESSAGE.validate_json(raw)
        if isinstance(message, Played):
            return self._played(seat, message, now)
        if isinstance(message, Said):
            sent = self.lines.get(message.text)
            if sent is not None and message.seat != seat and self.run.in_window(sent):
                self.run.said.append(now - sent)
            return None
        if isinstance(message, Refused):
            self.run.refused.append(message.english[:200])
        elif isinstance(message, Welcome):
            if self.state is None:
                self.state = message.table.game
                self.steps = len(self.state.log)
            self.welcomed += 1
            if self.welcomed == SEATS:
                self.ready.set()
                return self.kick()
        return None

    def _played(self, seat: int, played: Any, now: float) -> tuple[int, str] | None:
        step = played.move.step
        if step == self.steps:
            self._follow(played)
        elif step > self.steps:
            self.run.mismatches += 1  # a step skipped: never, over one connection
        sent, index = self.sent, self.seen[seat]
        while index < len(sent) and sent[index].step <= step:
            entry = sent[index]
            if entry.mover != seat and self.run.in_window(entry.at):
                self.run.latencies.append(now - entry.at)
                self.run.when.append(entry.at - self.run.window[0])
            index += 1
        self.seen[seat] = index
        return self._move(seat)

    def _follow(self, played: Any) -> None:
        """Play the step through the rules with the server's dice, as every client does."""
        from generala_tui.game.model import Phase
        from generala_tui.online.tables import OutOfStep, follow

        assert self.state is not None
        try:
            after = follow(self.state, played)
        except OutOfStep:
            self.run.mismatches += 1
            return
        before, self.state, self.steps = self.state, after, len(after.log)
        now = time.perf_counter()
        if self.run.in_window(now):
            if after.round != before.round:
                self.run.rounds.setdefault((self.code, after.round), now)
            if after.phase is Phase.OVER:
                self.run.rounds.setdefault((self.code, 0), now)
        if after.phase is Phase.OVER and not self.over:
            self.over = True
            self.run.finished += 1
            self.run.spawn(self._leave())

    def kick(self) -> tuple[int, str] | None:
        """The first move at a table all four seats have joined (the window has begun)."""
        if self.state is None:
            return None
        return self._move(self.state.current)

    def _move(self, seat: int) -> tuple[int, str] | None:
        from generala_tui.game.model import Level, Phase
        from generala_tui.game.strategy import choose_action
        from generala_tui.online.protocol import Move

        state = self.state
        if (
            not self.run.started
            or self.run.stopping
            or not self.ready.is_set()
            or state is None
            or state.phase is Phase.OVER
            or seat != state.current
            or self.moved_at == self.steps
        ):
            return None
        self.moved_at = self.steps
        action = choose_action(state, Level.EASY)
        return seat, Move(step=self.steps, action=action).model_dump_json()

    async def _send(self, seat: int, text: str) -> None:
        from websockets.exceptions import ConnectionClosed

        if self.run.think:
            await asyncio.sleep(self.run.random.uniform(0, 2 * self.run.think))
            if self.run.stopping:
                return
        self.sent.append(_Sent(self.moved_at, time.perf_counter(), seat))
        with contextlib.suppress(ConnectionClosed):
            await self.sockets[seat].send(text)

    async def talk(self) -> None:
        """Say a line every :attr:`_Run.chat` seconds on average, from a random seat."""
        from websockets.exceptions import ConnectionClosed

        from generala_tui.online.protocol import Say

        number = 0
        while not self.run.stopping and not self.over:
            await asyncio.sleep(self.run.random.uniform(0, 2 * self.run.chat))
            if self.run.stopping or self.over:
                return
            number += 1
            text = f"{self.id} {number}"
            self.lines[text] = time.perf_counter()
            with contextlib.suppress(ConnectionClosed):
                seat = self.run.random.randrange(SEATS)
                await self.sockets[seat].send(Say(text=text).model_dump_json())

    def unseen(self) -> int:
        """The moves sent in the window whose step some other seat has not received."""
        return sum(
            1
            for index, entry in enumerate(self.sent)
            if self.run.in_window(entry.at)
            and any(self.seen[seat] <= index for seat in range(SEATS) if seat != entry.mover)
        )

    async def close(self) -> None:
        for socket in self.sockets:
            if socket is not None:
                await socket.close()

    async def _leave(self) -> None:
        """The game is over: once every seat has it, leave, and sit at a spare table."""
        for _ in range(100):
            if min(self.seen) >= len(self.sent):
                break
            await asyncio.sleep(0.05)
        await self.close()
        if self.run.spares and not self.run.stopping:
            from websockets.exceptions import WebSocketException

            table_id, keys, code = self.run.spares.pop()
            table = _ClientTable(self.run, table_id, keys, code)
            self.run.tables.append(table)
            try:
                await table.join()
            except (OSError, TimeoutError, WebSocketException) as error:
                self.run.refused.append(f"joining a spare table: {error!r}"[:200])
                return
            if self.run.chat:
                self.run.spawn(table.talk())


async def _lobby(run: _Run) -> Any:
    """A client in the server's lobby: every update timed from the step that caused it."""
    from websockets.asyncio.client import connect

    from generala_tui.online.protocol import (
        MAX_SERVER_MESSAGE,
        SERVER_MESSAGE,
        Enter,
        LobbyChanged,
    )

    socket = await connect(f"{run.url}/", max_size=MAX_SERVER_MESSAGE, compression=None)
    await socket.send(Enter().model_dump_json())

    async def follow() -> None:
        from websockets.exceptions import ConnectionClosed

        with contextlib.suppress(ConnectionClosed):
            async for raw in socket:
                now = time.perf_counter()
                message = SERVER_MESSAGE.validate_json(raw)
                if not isinstance(message, LobbyChanged):
                    continue
                for table in message.tables:
                    began = run.rounds.get((table.code, table.round))
                    if began is not None:
                        run.lobby_latencies.append(now - began)
                for code in message.gone:
                    ended = run.rounds.get((code, 0))
                    if ended is not None:
                        run.lobby_latencies.append(now - ended)

    run.spawn(follow())
    return socket


async def _client(config: dict[str, Any]) -> None:
    """Join the tables, say ready, play the window after ``go``, and print the figures."""
    _raise_open_files((len(config["tables"]) + len(config["spares"])) * SEATS + 200)
    run = _Run(
        url=f"ws://127.0.0.1:{config['port']}",
        think=config["think"],
        random=random.Random(config["seed"]),
        spares=list(config["spares"]),
        chat=config["chat"],
    )
    monitor = _LagMonitor()
    lag_task = asyncio.get_running_loop().create_task(monitor.run())
    started = time.perf_counter()
    run.tables = [_ClientTable(run, *table) for table in config["tables"]]
    await asyncio.gather(*(table.join() for table in run.tables))
    lobbies = [await _lobby(run) for _ in range(config["lobby"])]
    await asyncio.gather(*(table.ready.wait() for table in run.tables))
    print(json.dumps({"ready": time.perf_counter() - started}), flush=True)
    if (await _line()).strip() != "go":
        return
    # The clients' own collector would stop all 2000 seats at once for as long as a full
    # collection takes, and count it as the server's latency: off for the window.
    gc.collect()
    gc.freeze()
    gc.disable()
    monitor.take()
    pauses = _watch_pauses()
    cpu = _cpu()
    begin = time.perf_counter()
    run.window = (begin, begin + config["seconds"])
    run.started = True
    for table in list(run.tables):
        move = table.kick()
        if move is not None:
            run.spawn(table._send(*move))
        if run.chat:
            run.spawn(table.talk())
    await asyncio.sleep(config["seconds"])
    run.stopping = True
    gc.enable()
    cpu = _cpu() - cpu
    lags = monitor.take()
    for _ in range(int(DRAIN_SECONDS / 0.05)):
        if not any(table.unseen() for table in run.tables):
            break
        await asyncio.sleep(0.05)
    sent = sum(1 for table in run.tables for entry in table.sent if run.in_window(entry.at))
    for socket in lobbies:
        await socket.close()
    result = {
        "said": run.said,
        "lobby": run.lobby_latencies,
        "lobbies": len(lobbies),
        "latencies": run.latencies,
        "when": run.when,
        "sent": sent,
        "lost": sum(table.unseen() for table in run.tables),
        "refused": len(run.refused),
        "refusals": sorted(set(run.refused))[:5],
        "mismatches": run.mismatches,
        "finished": run.finished,
        "spares_left": len(run.spares),
        "playing": sum(1 for table in run.tables if not table.over),
        "cpu": cpu,
        "lag": _summary(lags),
        "collections": pauses.take("collections"),
        "full": pauses.take("full"),
    }
    print(json.dumps(result), flush=True)
    lag_task.cancel()
    await asyncio.wait_for(asyncio.gather(*(t.close() for t in run.tables)), 30)


# --- the parts of one step, in one process ------------------------------------------


def _steps() -> None:
    """What the server's parts of a step cost, on every position of whole games."""
    import sqlite3

    from generala_tui.game.model import Level, Phase, Player
    from generala_tui.game.strategy import choose_action
    from generala_tui.online.database import TableDatabase
    from generala_tui.online.protocol import SERVER_MESSAGE, Move, Played, Welcome
    from generala_tui.online.tables import TableRecord, follow, open_table, presence, public, take

    records: list[TableRecord] = []
    steps: dict[int, tuple[TableRecord, Move, Played]] = {}
    """For each record after a step: the record before it, the move and the step sent."""
    for _ in range(STEP_GAMES):
        record = open_table([Player(name=name) for name in NAMES])
        while record.game.phase is not Phase.OVER:
            state = record.game
            move = Move(step=len(state.log), action=choose_action(state, Level.EASY))
            after, step = take(record, state.current, move)
            records.append(record.model_copy(update={"game": after}))
            steps[id(records[-1])] = (record, move, step)
            record = records[-1]
    here, away = [True] * SEATS, [False] * SEATS
    at = presence(records[0], connected=here, stand_ins=away)

    folder = Path(tempfile.mkdtemp(prefix="bench-steps-"))
    database = TableDatabase(folder / "tables")
    texts = {id(record): record.model_dump_json() for record in records}
    sent = {id(record): steps[id(record)][2].model_dump_json() for record in records}
    tables = {id(record): public(record, at) for record in records}
    bare = sqlite3.connect(folder / "bare.sqlite3")
    bare.execute("PRAGMA journal_mode=WAL")
    bare.execute("PRAGMA synchronous=NORMAL")
    bare.execute("CREATE TABLE t (id TEXT PRIMARY KEY, record TEXT, updated REAL)")

    def upsert(record: TableRecord) -> None:
        with bare:
            bare.execute(
                "INSERT INTO t VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET"
                " record = excluded.record, updated = excluded.updated",
                (record.id, texts[id(record)], time.time()),
            )

    bare.execute("CREATE TABLE steps (id TEXT, step INTEGER, news TEXT, PRIMARY KEY (id, step))")

    def append(record: TableRecord) -> None:
        with bare:
            bare.execute(
                "INSERT OR REPLACE INTO steps VALUES (?, ?, ?)",
                (record.id, len(record.game.log), sent[id(record)]),
            )

    grouped: list[TableRecord] = []

    def group(record: TableRecord) -> None:
        grouped.append(record)
        if len(grouped) == GROUPED:
            with bare:
                for each in grouped:
                    bare.execute(
                        "INSERT INTO t VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET"
                        " record = excluded.record, updated = excluded.updated",
                        (each.id, texts[id(each)], time.time()),
                    )
            grouped.clear()

    def replayed(record: TableRecord) -> None:
        before, move, _ = steps[id(record)]
        take(before, before.game.current, move)

    def followed(record: TableRecord) -> None:
        before, _, step = steps[id(record)]
        follow(before.game, step)

    parts: list[tuple[str, Callable[[TableRecord], object]]] = [
        ("take(): the move played through the rules (the server's dice)", replayed),
        ("presence(): who is at the table", lambda r: presence(r, connected=here, stand_ins=away)),
        (
            "Played(...).model_dump_json(): the step as sent",
            lambda r: steps[id(r)][2].model_dump_json(),
        ),
        (
            "  SERVER_MESSAGE.validate_json() of it, at each client",
            lambda r: SERVER_MESSAGE.validate_json(sent[id(r)]),
        ),
        ("  follow(): each client plays it through the rules", followed),
        ("public(): the whole table, for a joining client", lambda r: public(r, at)),
        (
            "  Welcome(...).model_dump_json(): it as sent",
            lambda r: Welcome(seat=0, table=tables[id(r)]).model_dump_json(),
        ),
        ("record.model_dump_json(): the database's row", lambda r: r.model_dump_json()),
        ("TableDatabase.save(): that dump and one transaction", database.save),
        (
            "TableDatabase.step(): the step kept instead, one transaction",
            lambda r: database.step(r, sent[id(r)]),
        ),
        ("  the transaction alone (the row's text already dumped)", upsert),
        (f"  the same rows, {GROUPED} steps a transaction", group),
        ("  one row of the step alone (as sent), one transaction", append),
    ]
    print(
        f"{len(records)} steps of {STEP_GAMES} four-player games (easy moves), each part"
        " timed on every step, the best of 3 rounds:"
    )
    for label, part in parts:
        best = math.inf
        for _ in range(3):
            start = time.perf_counter()
            for record in records:
                part(record)
            best = min(best, (time.perf_counter() - start) / len(records))
        print(f"  {label}: {best * 1e6:.0f} us a step")
    sizes = [len(Welcome(seat=0, table=tables[id(r)]).model_dump_json()) for r in records]
    lengths = [len(text) for text in sent.values()]
    print(
        f"  the whole table's size: {statistics.mean(sizes) / 1000:.1f} kB on average,"
        f" {max(sizes) / 1000:.1f} kB at most; a step as sent:"
        f" {statistics.mean(lengths):.0f} bytes on average, {max(lengths)} at most"
    )
    database.close()
    bare.close()


# --- the benchmark ------------------------------------------------------------------


async def _start(command: list[str]) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        *command, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, limit=1 << 26
    )


async def _say(process: asyncio.subprocess.Process, line: str) -> None:
    assert process.stdin is not None
    process.stdin.write(line.encode() + b"\n")
    await process.stdin.drain()


async def _hear(process: asyncio.subprocess.Process, timeout: float) -> Any:
    assert process.stdout is not None
    line = await asyncio.wait_for(process.stdout.readline(), timeout)
    if not line:
        raise RuntimeError(f"a child process ended (status {await process.wait()})")
    return json.loads(line)


def _ms(value: float) -> str:
    return f"{value * 1000:.1f} ms"


def _machine() -> list[str]:
    model = "unknown CPU"
    with open("/proc/cpuinfo") as info:
        for line in info:
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    import pydantic
    import websockets

    return [
        f"{os.cpu_count()} cores ({model}), {platform.system()} {platform.release()}",
        f"Python {platform.python_version()}, websockets {websockets.__version__},"
        f" pydantic {pydantic.VERSION}",
        f"date {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}",
    ]


async def _bench(args: argparse.Namespace) -> None:
    me = [sys.executable, str(Path(__file__).resolve())]
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="bench-tables-") as folder:
        profile_path = Path(folder) / "server.prof"
        serve = [*me, "--serve", "--tables", str(args.tables), "--spare", str(args.spare)]
        serve += ["--data", str(Path(folder) / "tables")]
        if args.profile:
            serve += ["--profile", str(profile_path)]
        if args.plain_collector:
            serve += ["--plain-collector"]
        server = await _start(serve)
        clients: list[asyncio.subprocess.Process] = []
        try:
            opened = await _hear(server, START_SECONDS)
            tables, spares = opened["tables"][: args.tables], opened["tables"][args.tables :]
            print(
                f"server: {len(opened['tables'])} tables opened and listening in"
                f" {opened['open_seconds']:.1f} s",
                flush=True,
            )
            for number in range(args.clients):
                client = await _start([*me, "--client"])
                config = {
                    "port": opened["port"],
                    "tables": tables[number :: args.clients],
                    "spares": spares[number :: args.clients],
                    "seconds": args.seconds,
                    "think": args.think,
                    "seed": args.seed + number,
                    "lobby": args.lobby if number == 0 else 0,
                    "chat": args.chat,
                }
                await _say(client, json.dumps(config))
                clients.append(client)
            ready = [await _hear(client, START_SECONDS) for client in clients]
            print(
                f"clients: {args.tables * SEATS} connections joined in"
                f" {max(r['ready'] for r in ready):.1f} s",
                flush=True,
            )
            first = await _mark(server)
            for client in clients:
                await _say(client, "go")
            await asyncio.sleep(args.seconds)
            last = await _mark(server)
            results = [await _hear(client, DRAIN_SECONDS + START_SECONDS) for client in clients]
        finally:
            # The clients first: the server is to see them leave, not to close on them.
            for process in (*clients, server):
                if process.returncode is None and process.stdin is not None:
                    process.stdin.close()
                try:
                    await asyncio.wait_for(process.wait(), 60)
                except TimeoutError:
                    process.kill()
                    await process.wait()
        load_after = os.getloadavg()
        _report(args, first, last, results, load_before, load_after)
        if args.profile:
            _profile_report(profile_path)


async def _mark(server: asyncio.subprocess.Process) -> Any:
    await _say(server, "mark")
    return await _hear(server, 30)


def _report(
    args: argparse.Namespace,
    first: dict[str, Any],
    last: dict[str, Any],
    results: list[dict[str, Any]],
    load_before: tuple[float, float, float],
    load_after: tuple[float, float, float],
) -> None:
    elapsed = last["time"] - first["time"]
    moves = last["moves"] - first["moves"]
    latencies = [value for result in results for value in result["latencies"]]
    latency = _summary(latencies)
    sent = sum(result["sent"] for result in results)
    print()
    print(
        f"{args.tables} tables of {SEATS} seats ({args.tables * SEATS} connections),"
        f" {args.clients} client process(es), {args.seconds:g} s window,"
        f" think {args.think:g} s a move on average"
        + (" -- PROFILED: not the benchmark's figures" if args.profile else "")
    )
    print(
        f"moves a second: {moves / elapsed:.0f} played by the server,"
        f" {sent / args.seconds:.0f} sent by the clients"
    )
    if latency:
        print(
            f"move to broadcast, to each other seat ({latency['n']:.0f} deliveries):"
            f" median {_ms(latency['median'])}, p90 {_ms(latency['p90'])},"
            f" p99 {_ms(latency['p99'])}, max {_ms(latency['max'])}"
        )
    print(
        f"lost (sent in the window, not received within {DRAIN_SECONDS:g} s):"
        f" {sum(r['lost'] for r in results)}; refused or failed:"
        f" {sum(r['refused'] for r in results)}"
        f" {[x for r in results for x in r['refusals']][:3]};"
        f" followed games not matching the server's: {sum(r['mismatches'] for r in results)}"
    )
    if not sum(r["spares_left"] for r in results):
        print("THE SPARE TABLES RAN OUT: fewer tables were played at the end (--spare)")
    print(
        f"games finished: {sum(r['finished'] for r in results)};"
        f" tables being played at the end: {sum(r['playing'] for r in results)};"
        f" spare tables left: {sum(r['spares_left'] for r in results)}"
    )
    slow = [
        int(when)
        for result in results
        for when, value in zip(result["when"], result["latencies"], strict=True)
        if value > SLOW
    ]
    if slow:
        seconds = sorted(((slow.count(second), second) for second in set(slow)), reverse=True)[:5]
        print(
            f"deliveries over {_ms(SLOW)}: {len(slow)} ({len(slow) / len(latencies):.1%});"
            " most in the window's seconds "
            + ", ".join(f"{second} ({count})" for count, second in seconds)
        )
    lobby = _summary([value for result in results for value in result["lobby"]])
    if lobby:
        print(
            f"lobby updates, to each of {sum(r['lobbies'] for r in results)} lobby clients"
            f" ({lobby['n']:.0f} deliveries): median {_ms(lobby['median'])},"
            f" p99 {_ms(lobby['p99'])}, max {_ms(lobby['max'])}"
        )
    said = _summary([value for result in results for value in result["said"]])
    if said:
        print(
            f"lines said, to each other seat ({said['n']:.0f} deliveries):"
            f" median {_ms(said['median'])}, p99 {_ms(said['p99'])}, max {_ms(said['max'])}"
        )
    lag = last["lag"]
    collections, full, saves = last["collections"], last["full"], last["saves"]
    print(
        f"server: {collections['n']} young collections ({_ms(collections['total'])} in all,"
        f" the longest {_ms(collections['max'])}, {collections['freed']:.0f} objects freed),"
        f" {full['n']} full ones ({_ms(full['total'])}, the longest {_ms(full['max'])},"
        f" {full['freed']:.0f} freed); {saves['n']} saves"
        f" ({_ms(saves['total'] / max(1, saves['n']))} each on average, the longest"
        f" {_ms(saves['max'])})"
    )
    print(
        f"server: {(last['cpu'] - first['cpu']) / elapsed:.0%} of a core,"
        f" loop lag median {_ms(lag.get('median', 0))} p99 {_ms(lag.get('p99', 0))},"
        f" peak memory {last['rss_kib'] / 1024:.0f} MiB"
    )
    for number, result in enumerate(results):
        lag, full = result["lag"], result["full"]
        print(
            f"client {number}: {result['cpu'] / args.seconds:.0%} of a core,"
            f" loop lag median {_ms(lag.get('median', 0))} p99 {_ms(lag.get('p99', 0))},"
            f" {full['n']} full collections (the longest {_ms(full['max'])})"
        )
    before = " ".join(f"{x:.2f}" for x in load_before)
    after = " ".join(f"{x:.2f}" for x in load_after)
    print(f"machine: {'; '.join(_machine())}; load average before {before}, after {after}")


def _profile_report(path: Path) -> None:
    """Where the server's time went in the window: its own functions, and by what they do."""
    import pstats

    stats = pstats.Stats(str(path))
    table: dict[tuple[str, int, str], Any] = stats.stats  # type: ignore[attr-defined]
    total = sum(entry[2] for entry in table.values())
    print(f"\nserver profile: {total:.1f} s profiled in the window (epoll's waits included)")

    def cumulative(name: str, file_part: str = "") -> float:
        return sum(
            entry[3]
            for (file, _, function), entry in table.items()
            if function == name and file_part in file
        )

    parts = [
        ("reading a move (CLIENT_MESSAGE.validate_json)", cumulative("validate_json", "")),
        ("the rules (take)", cumulative("take", "online/tables.py")),
        ("a step in all (TableServer._step)", cumulative("_step", "online/server.py")),
        ("  its save (TableDatabase.step)", cumulative("step", "online/database.py")),
        ("  its broadcast (TableServer._broadcast)", cumulative("_broadcast", "online/server")),
        ("  who is at the table (presence)", cumulative("presence", "online/tables.py")),
        ("model_dump_json, every caller", cumulative("model_dump_json", "pydantic")),
        ("websockets' broadcast", cumulative("broadcast", "websockets")),
    ]
    for label, seconds in parts:
        print(f"  {label}: {seconds:.2f} s ({seconds / total:.0%})")
    print("  the 15 functions that took the most time themselves:")
    heaviest = sorted(table.items(), key=lambda item: item[1][2], reverse=True)[:15]
    for (file, line, function), entry in heaviest:
        where = f"{Path(file).parent.name}/{Path(file).name}:{line}" if line else file
        print(f"    {entry[2]:6.2f} s {entry[1]:>9} calls  {function}  ({where})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=500, help="tables played at once")
    parser.add_argument("--seconds", type=float, default=30.0, help="the window measured")
    parser.add_argument("--spare", type=int, help="tables for seats whose game ended")
    parser.add_argument("--clients", type=int, default=1, help="client processes")
    parser.add_argument("--think", type=float, default=0.0, help="seconds before a move")
    parser.add_argument("--seed", type=int, default=0, help="of the think times")
    parser.add_argument("--lobby", type=int, default=20, help="clients in the lobby")
    parser.add_argument(
        "--chat", type=float, default=10.0, help="seconds between a table's lines (0: none)"
    )
    parser.add_argument("--profile", nargs="?", const="", help="profile the server")
    parser.add_argument(
        "--plain-collector",
        action="store_true",
        help="the server without host's freeze_survivors (to compare)",
    )
    parser.add_argument(
        "--steps", action="store_true", help="time the parts of a step instead, in-process"
    )
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--client", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--data", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.spare is None:
        args.spare = args.tables + int(SPARES_A_SECOND * args.seconds)
    if args.steps:
        _steps()
    elif args.serve:
        asyncio.run(_serve(args))
    elif args.client:
        asyncio.run(_client(json.loads(sys.stdin.readline())))
    else:
        args.profile = args.profile is not None
        if not 1 <= args.clients <= args.tables:
            parser.error("--clients: from 1 to --tables")
        if args.seconds <= 0 or args.seconds > 600:
            parser.error("--seconds: more than 0, at most 600")
        asyncio.run(_bench(args))


if __name__ == "__main__":
    main()
