"""The table server: tables kept in SQLite, played over WebSocket, the server deciding.

One asyncio process holds every table in memory and in its database
(:mod:`.database`). A client connects, says which table and seat (:class:`Join`), and
from then on sends moves; the server checks each is that seat's and in turn, plays it
through the rules (rolling the dice itself), writes the step, and sends every client
at the table the step (:class:`~.protocol.Played`: the move and its dice, which each
plays through the rules itself), and whenever who is at the table changes, that
(:class:`~.protocol.Seats`). Computer seats are played here, a step at a time at
:attr:`TableServer.pace`, so everyone sees their turns roll by roll.

What it trusts no client with:

- **Size and pace.** A message is a text frame of at most
  :data:`~.protocol.MAX_CLIENT_MESSAGE` bytes (``websockets`` closes the connection on a
  bigger one; a binary frame is refused); a seat sends at most :data:`BURST` messages at
  once and :data:`PER_SECOND` a second, across reconnects (the budget is the seat's, not
  its connection's); what comes faster is refused and, far faster, ends the connection.
- **Who it is.** A seat is played only by the holder of its key (unguessable, from
  :mod:`secrets`); anyone who knows the table's id may watch it and nothing more. A
  wrong key or table is refused in one message and the connection closed; an address
  that makes more than :data:`FREE_MISSES` such joins a minute waits longer for each,
  and is told in the log. The table is the one the connection's path names.
- **Whose move.** A move out of turn, of another seat, made on a table that has moved
  on, or refused by the rules is refused with the reason and changes nothing.
- **Browsers.** Connections carrying an ``Origin`` header (every browser page's
  WebSocket does) are refused, so a web page cannot reach the server from a player's
  browser; ``generala-tui join``, in a terminal or a ``serve`` page's process, sends none.
- **Strangers.** A connection is a stranger from its first byte until it joins: it has
  :data:`JOIN_SECONDS` for its handshake and as long again to join, and beyond
  :data:`STRANGERS_PER_ADDRESS` strangers from its address, or :attr:`max_strangers` in
  all, the oldest is let go. So silent connections cannot keep a player out, and they
  never count against :attr:`max_connections`, which caps the connections at tables: a
  seat's own player is let in even then.
- **How many.** Tables are capped (:attr:`max_tables`); a silent connection at a table
  is found by heartbeats (``websockets``' pings) and closed.
- **Its disk.** A step is kept (committed) before the table changes in memory and before
  anyone is told; one that cannot be kept changes nothing, and its mover is told why.
- **Nobody there.** A computer stands in for an away player only while another human is
  at the table: a table nobody is at waits.
- **What it shows.** Names are checked by the game's model (nothing a terminal does not
  show as itself), and every client escapes what it prints.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import secrets
import sqlite3
import time
from collections import OrderedDict, deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Literal, TypeVar

from pydantic import ValidationError

from ..game.model import GameState, HouseRules, Level, Phase, Player
from ..game.refusals import Refusal, printable, refused
from ..game.words import N_
from .database import TableDatabase
from .limits import (
    CUT_OFF,
    FREE_MISSES,
    JOIN_SECONDS,
    MISSES_KEPT,
    STRANGERS,
    STRANGERS_PER_ADDRESS,
    Budget,
    Misses,
    address_of,
)
from .lobby import OPENS_PER_ADDRESS, LobbyRoom, summary
from .protocol import (
    CLIENT_MESSAGE,
    MAX_CHAT_KEPT,
    MAX_CLIENT_MESSAGE,
    MAX_NAMED_WATCHERS,
    MAX_SAID,
    MAX_SERVER_MESSAGE,
    PROTOCOL,
    Again,
    Claim,
    Claimed,
    ClientMessage,
    Enter,
    Here,
    Hold,
    Join,
    Move,
    OpenTable,
    Played,
    Refused,
    Remove,
    Said,
    Say,
    Seats,
    TableSummary,
    Welcome,
)
from .tables import (
    REMOVED,
    SEAT_TAKEN,
    Away,
    TableRecord,
    again,
    claim,
    new_code,
    open_table,
    presence,
    public,
    remove,
    seat_of,
    take,
)

if TYPE_CHECKING:
    from websockets.asyncio.server import Server, ServerConnection

log = logging.getLogger("generala_tui.online")

HEARTBEAT_SECONDS = 20.0
"""A ping every this many seconds; a connection that does not answer within as many is
closed (its player reconnects, or their seat counts as away)."""
CLOSE_SECONDS = 2.0
"""How long a connection being closed waits for its client's answer before it is dropped."""
FINISHED_KEPT_SECONDS = 24 * 3600.0
"""How long a finished table stays (its players can still look at it), then it goes."""


def unsaved(error: Exception) -> Refusal:
    """What the mover is told when their step could not be kept (``error`` is SQLite's or
    the system's): each a whole sentence, so each language says it whole."""
    said = str(error).lower()
    if "full" in said or getattr(error, "errno", None) == errno.ENOSPC:
        return Refusal(
            N_("The server could not save this move: the disk is full. Nothing changed; try again.")
        )
    if "readonly" in said or "read-only" in said or isinstance(error, PermissionError):
        return Refusal(
            N_(
                "The server could not save this move: its data folder cannot be written. "
                "Nothing changed; try again."
            )
        )
    return Refusal(
        N_("The server could not save this move: its disk failed. Nothing changed; try again.")
    )


OpenTables = Literal["anyone", "host"]
"""Who may open tables: anyone in the lobby, or only the server's host."""
NO_SUCH_CODE = N_("There is no table {code} on this server.")

RETRY_SECONDS = 5.0
"""How long a computer whose step could not be kept waits before it tries again."""


def chat_budget() -> Budget:
    """What a seat (or a watcher) may say: :data:`SAY_BURST` lines at once, one each
    :data:`SAY_SECONDS` over time."""
    return Budget(tokens=SAY_BURST, burst=SAY_BURST, per_second=1 / SAY_SECONDS)


SAY_BURST = 5
SAY_SECONDS = 2.0


@dataclass(eq=False)
class _Connection:
    socket: ServerConnection
    seat: int | None = None
    budget: Budget = field(default_factory=Budget)
    talk: Budget = field(default_factory=chat_budget)
    """What this connection may say (a seat's: the seat's own, across reconnects)."""
    name: str | None = None
    """The name a watcher gave (None: none, or a seat's player)."""


_Looks = tuple[tuple[bool, ...], tuple[bool, ...], int, bool, tuple[str, ...], tuple[int, ...]]
"""Who is at a table: per seat whether its player is connected and whether a computer
stands in, the spectators, whether the game waits, the watchers' names, and the seats
that would play again."""


@dataclass(eq=False)
class _Table:
    record: TableRecord
    clients: set[_Connection] = field(default_factory=set)
    overdue: list[bool] = field(default_factory=list)
    """Per seat: its player has been away on their turn too long (and not back since)."""
    away_since: list[float | None] = field(default_factory=list)
    driver: asyncio.Task[None] | None = None
    away_timer: asyncio.TimerHandle | None = None
    shown: _Looks | None = None
    """Who is at the table as every client at it was last told (in its Welcome or since)."""
    budgets: list[Budget] = field(default_factory=list)
    """Per seat: the messages its player may send, whichever connection they come on."""
    talks: list[Budget] = field(default_factory=list)
    """Per seat: the lines its player may say, whichever connection they come on."""
    chat: deque[Said] = field(default_factory=lambda: deque(maxlen=MAX_CHAT_KEPT))
    """The lines said at the table lately, oldest first."""
    again: set[int] = field(default_factory=set)
    """At a finished table, the seats whose players would play another game there."""
    idle: list[bool] = field(default_factory=list)
    """Per seat: its player's clock ran out, and they have not been back at the keys since."""
    clock: asyncio.TimerHandle | None = None
    clock_turn: _Turn | None = None
    """The turn the clock runs for."""
    turn_began: float = 0.0
    opened_by: str | None = None
    """The address that opened it from the lobby (None: the host did)."""

    def __post_init__(self) -> None:
        seats = len(self.record.seats)
        self.overdue = [False] * seats
        self.away_since = [None] * seats
        self.budgets = [Budget() for _ in range(seats)]
        self.talks = [chat_budget() for _ in range(seats)]
        self.idle = [False] * seats

    def looks(self) -> _Looks:
        """Who is at the table, in short: what its :class:`Seats` are built from."""
        watchers = [client for client in self.clients if client.seat is None]
        names = sorted({client.name for client in watchers if client.name is not None})
        return (
            tuple(self.connected()),
            tuple(self.stand_ins),
            len(watchers),
            self.paused,
            tuple(names[:MAX_NAMED_WATCHERS]),
            tuple(sorted(self.again)),
        )

    def connected(self) -> list[bool]:
        here = {client.seat for client in self.clients}
        return [index in here for index in range(len(self.record.seats))]

    @property
    def stand_ins(self) -> list[bool]:
        """Per seat: a computer plays it for now (its player overdue, the table's ``away``
        computer, or idle since their clock ran out), while another human is at the table:
        with nobody there the table waits, so no one comes back to a game played without
        them."""
        here = self.connected()
        humans = [index for index, seat in enumerate(self.record.seats) if seat.key is not None]
        computer = self.record.away == "computer"
        return [
            ((late and computer) or idle) and any(here[other] for other in humans if other != index)
            for index, (late, idle) in enumerate(zip(self.overdue, self.idle, strict=True))
        ]

    def turn_left(self) -> float | None:
        """The seconds left of the turn being played, if its clock runs."""
        turn_time = self.record.turn_time
        if turn_time is None or self.clock is None or self.clock_turn != _turn(self.record.game):
            return None
        return max(0.0, self.turn_began + turn_time - time.monotonic())

    @property
    def paused(self) -> bool:
        """Whether the game waits for its overdue player (the table's ``away`` is pause)."""
        state = self.record.game
        return (
            self.record.away == "pause"
            and state.phase is not Phase.OVER
            and self.overdue[state.current]
        )


_Turn = tuple[int, int, int, Phase]


def _turn(game: GameState) -> _Turn:
    """Which turn of the game is being played (a clock runs for each)."""
    return game.round, game.current, len(game.tie_breaks), game.phase


def refusal_message(refusal: Refusal, *, final: bool = False) -> Refused:
    """The :class:`Refused` that says ``refusal``."""
    params: dict[str, str | int] = {}
    for key, value in refusal.params.items():
        params[key] = value if isinstance(value, int) else printable(str(value))[:200]
    return Refused(
        template=refusal.message, params=params, english=str(refusal)[:1000], final=final
    )


class TableServer:
    """Every table of one data folder, played over WebSocket."""

    def __init__(
        self,
        data: Path,
        *,
        max_connections: int = 200,
        max_tables: int = 100,
        max_strangers: int = STRANGERS,
        strangers_per_address: int = STRANGERS_PER_ADDRESS,
        pace: float = 0.6,
        away_after: float = 60.0,
        turn_time: float | None = None,
        open_tables: OpenTables = "anyone",
        password: str | None = None,
        watchers_talk: bool = False,
    ) -> None:
        self.database = TableDatabase(data)
        self.watchers_talk = watchers_talk
        """Whether a table's watchers may talk at it (its players always may)."""
        self.turn_time = turn_time
        """The turn clock of the tables opened from now on (None: none)."""
        self.open_tables_by = open_tables
        """Who may open tables from the lobby: anyone in it, or only the host (who opens
        them with ``host --players`` or from the setup screen)."""
        self._password = password
        """What a client must say to enter the lobby (None: nothing)."""
        self.max_connections = max_connections
        """Connections at tables at most; a seat's own player is let in even then."""
        self.max_strangers = max_strangers
        """Connections not at a table yet at most, and from one address."""
        self.strangers_per_address = strangers_per_address
        self.max_tables = max_tables
        self.pace = pace
        """Seconds between a computer's steps."""
        self.away_after = away_after
        """Seconds a human may be away on their turn before the table acts (``away``)."""
        self.database.forget_finished(time.time() - FINISHED_KEPT_SECONDS)
        self.tables: dict[str, _Table] = {
            record.id: _Table(record) for record in self._coded(self.database.load())
        }
        for table in self.tables.values():
            table.chat.extend(self._kept_chat(table.record.id))
        self._codes: dict[str, _Table] = {
            table.record.code: table for table in self.tables.values() if table.record.code
        }
        self.lobby = LobbyRoom(self._summaries, self._summary_of)
        self._connections: set[_Connection] = set()
        """The connections at a table."""
        self._strangers: OrderedDict[ServerConnection, str] = OrderedDict()
        """The connections not at a table yet (in their handshake, or yet to join), oldest
        first, each with its address."""
        self._misses: dict[str, Misses] = {}
        self.let_go = 0
        """Connections let go before they joined, to make room for newer ones."""
        self._server: Server | None = None
        self.moves = 0
        """Steps played since the server started (the benchmark reads it)."""

    # --- tables ------------------------------------------------------------------

    def _kept_chat(self, table: str) -> list[Said]:
        said = []
        for text in self.database.chat(table):
            with contextlib.suppress(ValidationError):
                said.append(Said.model_validate_json(text))
        return said

    def _coded(self, records: list[TableRecord]) -> list[TableRecord]:
        """``records``, each of a server before codes given one (and kept with it)."""
        taken = {record.code for record in records if record.code is not None}
        coded = []
        for record in records:
            if record.code is None:
                code = new_code(taken)
                taken.add(code)
                record = record.model_copy(update={"code": code})
                with contextlib.suppress(sqlite3.Error):  # kept next time it moves
                    self.database.save(record)
            coded.append(record)
        return coded

    def open(
        self,
        players: Sequence[Player],
        house_rules: HouseRules | None = None,
        *,
        away: Away = "computer",
        seed: int | None = None,
        free: bool = False,
    ) -> TableRecord:
        """A new table, kept at once (with ``free``, its human seats but the first are
        free until claimed by its code); raises :class:`Refusal` for bad names, when the
        server has as many tables as it takes, or when it cannot be kept."""
        if len(self.open_tables()) >= self.max_tables:
            raise Refusal(N_("This server has as many tables as it takes."))
        record = open_table(
            players,
            house_rules,
            away=away,
            created=time.time(),
            seed=seed,
            code=new_code(self._codes),
            free=free,
            turn_time=self.turn_time,
            opened=free,
        )
        self.database.save(record)
        table = _Table(record)
        self.tables[record.id] = table
        self._codes[record.code or ""] = table
        self.lobby.changed(record.code)
        if self._server is not None:  # served already: its computers start now
            self._drive(table)
        return record

    def claim(
        self, code: str, seat: int | None, *, watch: bool = False, name: str | None = None
    ) -> Claimed:
        """The free seat ``seat`` (None: the first) of the table ``code`` names given, and
        kept, before it is told: its key in the answer. Watching: the table's id only.
        Raises :class:`Refusal` for no such table, a seat not free, or a step not kept."""
        table = self._codes.get(code)
        if table is None or table.record.game.phase is Phase.OVER:
            raise Refusal(NO_SUCH_CODE, code=code)
        record = table.record
        if watch:
            return Claimed(code=code, table=record.id)
        claimed, seat = claim(record, seat, name)
        try:
            self.database.save(claimed)
        except (sqlite3.Error, OSError) as error:
            log.error("table %s: a seat not given, not kept: %s", record.id, error)
            raise unsaved(error) from None
        table.record = claimed
        log.info("table %s (%s): seat %d given to %s", record.id, code, seat + 1, _who(table, seat))
        self.lobby.changed(code)
        return Claimed(code=code, table=record.id, seat=seat, key=claimed.seats[seat].key)

    def _summaries(self) -> dict[str, TableSummary]:
        found = {}
        for table in self.tables.values():
            shown = self._summary(table)
            if shown is not None:
                found[shown.code] = shown
        return found

    def _summary_of(self, code: str) -> TableSummary | None:
        table = self._codes.get(code)
        return None if table is None else self._summary(table)

    def _summary(self, table: _Table) -> TableSummary | None:
        _, _, spectators, _, _, _ = table.looks()
        return summary(table.record, connected=table.connected(), spectators=spectators)

    # --- the network -------------------------------------------------------------

    async def start(self, host: str = "127.0.0.1", port: int = 8765) -> Server:
        """Listen on ``host``:``port`` (port 0: any free one); the server is returned."""
        from websockets.asyncio.server import ServerConnection, serve

        server = self

        class Counted(ServerConnection):
            """A connection counted as a stranger from its first byte until it joins."""

            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                super().connection_made(transport)
                server._arrived(self)

            def connection_lost(self, exc: Exception | None) -> None:
                server._strangers.pop(self, None)
                super().connection_lost(exc)

        self._server = await serve(
            self._client,
            host,
            port,
            create_connection=Counted,
            open_timeout=JOIN_SECONDS,
            max_size=MAX_CLIENT_MESSAGE,
            max_queue=4,
            write_limit=MAX_SERVER_MESSAGE,
            origins=[None],  # no browser page: join sends no Origin
            ping_interval=HEARTBEAT_SECONDS,
            ping_timeout=HEARTBEAT_SECONDS,
            compression=None,
            # A closing connection whose client does not answer (or floods: what it sent
            # waits unread behind the close) is dropped after this.
            close_timeout=CLOSE_SECONDS,
            logger=logging.getLogger("generala_tui.online.websockets"),
        )
        for table in self.tables.values():
            self._drive(table)
        return self._server

    @property
    def strangers(self) -> int:
        """Connections not at a table yet."""
        return len(self._strangers)

    @property
    def port(self) -> int:
        assert self._server is not None
        return int(next(iter(self._server.sockets)).getsockname()[1])

    async def close(self) -> None:
        """Stop listening, end every connection and computer, and close the database."""
        self.lobby.close()
        for table in self.tables.values():
            if table.driver is not None:
                table.driver.cancel()
            if table.away_timer is not None:
                table.away_timer.cancel()
            if table.clock is not None:
                table.clock.cancel()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        self.database.close()

    def _arrived(self, socket: ServerConnection) -> None:
        """A new connection: a stranger until it joins. Beyond :data:`STRANGERS_PER_ADDRESS`
        from its address, or :attr:`max_strangers` in all, the oldest such is let go, so
        silent connections cannot keep a player out (the player's joins at once)."""
        address = address_of(socket.transport.get_extra_info("peername"))
        same = [other for other, theirs in self._strangers.items() if theirs == address]
        self._strangers[socket] = address
        gone = same[: max(0, len(same) + 1 - self.strangers_per_address)]
        while len(self._strangers) - len(gone) > self.max_strangers:
            gone.append(next(other for other in self._strangers if other not in gone))
        for other in gone:
            del self._strangers[other]
            other.transport.abort()
            self.let_go += 1
            if self.let_go == 1 or self.let_go % 100 == 0:
                log.warning(
                    "%s: too many connections yet to join, the oldest let go (%d so far)",
                    address,
                    self.let_go,
                )

    def _remember_miss(self, address: str) -> Misses:
        """A new address's record of wrong joins; those whose window has passed are
        forgotten first once there are many (so a crowd of addresses cannot grow it)."""
        if len(self._misses) >= MISSES_KEPT:
            self._misses = {key: m for key, m in self._misses.items() if m.now()}
        if len(self._misses) >= MISSES_KEPT:  # all recent: the slowed ones are kept
            self._misses = {k: m for k, m in self._misses.items() if m.count > FREE_MISSES}
        if len(self._misses) >= MISSES_KEPT:
            self._misses.clear()
        return self._misses.setdefault(address, Misses())

    async def _client(self, socket: ServerConnection) -> None:
        connection = _Connection(socket)
        try:
            first = await self._first(connection)
            if isinstance(first, Enter):
                await self._in_lobby(connection, first)
                return
            table = None if first is None else await self._join(connection, first)
            if table is None:
                return
            try:
                async for raw in socket:
                    if not await self._message(connection, table, raw):
                        return
            finally:
                table.clients.discard(connection)
                log.info("table %s: %s left", table.record.id, _who(table, connection.seat))
                self._presence_changed(table)
        except Exception as error:  # a connection's trouble ends it alone
            from websockets.exceptions import ConnectionClosed

            if not isinstance(error, ConnectionClosed):
                log.warning("a connection ended on an error: %s", printable(repr(error))[:200])
        finally:
            self._connections.discard(connection)
            self.lobby.clients.discard(socket)

    async def _refuse(self, connection: _Connection, refusal: Refusal, code: int = 1008) -> None:
        """Say ``refusal`` as the connection's last word, and close it."""
        with contextlib.suppress(Exception):
            await connection.socket.send(refusal_message(refusal, final=True).model_dump_json())
            await connection.socket.close(code, str(refusal)[:100])

    def _address(self, connection: _Connection) -> str:
        socket = connection.socket
        return self._strangers.get(socket) or address_of(socket.remote_address)

    async def _first(self, connection: _Connection) -> Join | Enter | None:
        """The connection's first message, a :class:`Join` or an :class:`Enter` of this
        protocol; None when it is not one (the connection refused and closed)."""
        socket = connection.socket
        address = self._address(connection)
        try:
            raw = await asyncio.wait_for(socket.recv(), JOIN_SECONDS)
            first = None if isinstance(raw, bytes) else CLIENT_MESSAGE.validate_json(raw)
        except (TimeoutError, ValidationError):
            first = None
        if not isinstance(first, Join | Enter):
            log.info("%s: refused, no join", address)
            await self._refuse(connection, Refusal(N_("Say which table to join first.")))
            return None
        if first.protocol != PROTOCOL:
            log.info("%s: refused, protocol %d", address, first.protocol)
            await self._refuse(
                connection,
                Refusal(N_("This server speaks another version of the game: update generala-tui.")),
            )
            return None
        return first

    async def _slowed(self, address: str) -> Misses | None:
        """Wait as long as ``address``'s wrong guesses say (still a stranger, or in the
        lobby, meanwhile: its caps hold); its record of them, if it has one."""
        misses = self._misses.get(address)
        delay = 0.0 if misses is None else misses.delay()
        if delay:
            await asyncio.sleep(delay)
        return misses

    def _missed(self, address: str, misses: Misses | None, what: str) -> None:
        """``address`` named a table, seat or password that is not one: counted, and told
        in the log at the first and every 100th."""
        if misses is None:
            misses = self._remember_miss(address)
        misses.count += 1
        if misses.count == 1 or misses.count % 100 == 0:
            log.warning(
                "%s: refused, %s (%d in %.0f s%s)",
                address,
                what,
                misses.count,
                time.monotonic() - misses.since,
                ", slowed" if misses.count > FREE_MISSES else "",
            )

    def _room(self, connection: _Connection) -> bool:
        """Whether there is room for one more connection that holds no seat."""
        return len(self._connections) < self.max_connections

    async def _in_lobby(self, connection: _Connection, enter: Enter) -> None:
        """Serve a client in the lobby until it leaves: the tables, pushed as they change,
        tables opened, seats claimed."""
        socket = connection.socket
        address = self._address(connection)
        misses = await self._slowed(address)
        if self._password is not None and not secrets.compare_digest(
            (enter.password or "").encode(), self._password.encode()
        ):
            self._missed(address, misses, "a wrong password")
            await self._refuse(
                connection, Refusal(N_("This server is private: its password is needed."))
            )
            return
        if not self._room(connection):
            log.info("%s: refused, the server is full", address)
            await self._refuse(connection, Refusal(N_("This server is full: try again later.")))
            return
        self._strangers.pop(socket, None)
        self._connections.add(connection)
        may_open = self.open_tables_by == "anyone"
        await socket.send(self.lobby.welcome(may_open=may_open).model_dump_json())
        self.lobby.clients.add(socket)
        log.info("%s: in the lobby", address)
        async for raw in socket:
            budget = connection.budget
            if not budget.allowed():
                if budget.too_fast >= CUT_OFF:
                    await self._refuse(connection, Refusal(N_("Too many messages: slow down.")))
                    return
                if budget.too_fast == 1 or budget.too_fast % 20 == 0:
                    await self._send(connection, Refusal(N_("Too many messages: slow down.")))
                continue
            message = await self._read(connection, raw)
            if message is None:
                continue
            try:
                if isinstance(message, OpenTable):
                    answer = self._opened(message, address, may_open)
                elif isinstance(message, Claim):
                    misses = await self._slowed(address)
                    try:
                        answer = self.claim(
                            message.code, message.seat, watch=message.watch, name=message.name
                        )
                    except Refusal as refusal:
                        if refusal.message == NO_SUCH_CODE:
                            self._missed(address, misses, "no such table code")
                        raise
                else:
                    raise Refusal(N_("You are in the lobby: join a table on its own connection."))
            except Refusal as refusal:
                await self._send(connection, refusal)
                continue
            await socket.send(answer.model_dump_json())

    def _opened(self, message: OpenTable, address: str, may_open: bool) -> Claimed:
        """Open the table a lobby's client asked for: its first human seat theirs."""
        if not may_open:
            raise Refusal(N_("On this server only its host opens tables."))
        mine = [
            table
            for table in self.tables.values()
            if table.opened_by == address and table.record.game.phase is not Phase.OVER
        ]
        if len(mine) >= OPENS_PER_ADDRESS:
            raise Refusal(
                N_("You have {count} tables open here already: finish one first."),
                count=len(mine),
            )
        # Built unchecked: the table's opening checks the names as the game does.
        players = [Player.model_construct(name=one.name, level=one.level) for one in message.seats]
        try:
            record = self.open(players, message.house_rules, free=True)
        except (sqlite3.Error, OSError) as error:
            log.error("a table not opened, not kept: %s", printable(str(error))[:200])
            raise unsaved(error) from None
        table = self.tables[record.id]
        table.opened_by = address
        log.info("table %s (%s): opened from the lobby by %s", record.id, record.code, address)
        humans = [index for index, seat in enumerate(record.seats) if seat.key is not None]
        seat = humans[0] if humans else None
        key = None if seat is None else record.seats[seat].key
        return Claimed(code=record.code or "", table=record.id, seat=seat, key=key)

    async def _read(self, connection: _Connection, raw: str | bytes) -> ClientMessage | None:
        """The message ``raw`` says; None (the sender told why) when it says none."""
        if isinstance(raw, bytes):
            await self._send(
                connection, Refusal(N_("That message is not one a table understands."))
            )
            return None
        try:
            return CLIENT_MESSAGE.validate_json(raw)
        except ValidationError as error:
            found = refused(error)
            await self._send(
                connection,
                found or Refusal(N_("That message is not one a table understands.")),
            )
            return None

    async def _join(self, connection: _Connection, join: Join) -> _Table | None:
        socket = connection.socket
        address = self._address(connection)
        misses = await self._slowed(address)  # still a stranger meanwhile: its cap holds
        # The table is its path's, always: a client connects to its table's own path
        # (behind a proxy, under the proxy's), so a proxy routing by path cannot be fooled.
        request = socket.request
        path = request.path.partition("?")[0] if request is not None else "/"
        named = path.rstrip("/").rpartition("/")[2]
        table = self.tables.get(join.table) if named == join.table else None
        seat = None if table is None or join.key is None else seat_of(table.record, join.key)
        if table is None or (join.key is not None and seat is None):
            self._missed(address, misses, "no such table or seat")
            await self._refuse(
                connection, Refusal(N_("There is no such table or seat on this server."))
            )
            return None
        if seat is None and not self._room(connection):
            log.info("%s: refused, the server is full", address)
            await self._refuse(connection, Refusal(N_("This server is full: try again later.")))
            return None
        self._strangers.pop(socket, None)
        self._connections.add(connection)
        connection.seat = seat
        if seat is not None:
            connection.budget = table.budgets[seat]
            connection.talk = table.talks[seat]
        elif join.name is not None:
            connection.name = watcher_name(join.name)
        for other in [c for c in table.clients if seat is not None and c.seat == seat]:
            # The seat's player is back on a new connection: the old one is let go.
            other.seat = None
            table.clients.discard(other)
            await self._refuse(other, Refusal(SEAT_TAKEN), code=1000)
        table.clients.add(connection)
        if seat is not None:
            table.away_since[seat] = None
            table.overdue[seat] = False
            table.idle[seat] = False
            self._watch_clock(table)
        table_now = public(table.record, self._presence(table), table.turn_left())
        welcome = Welcome.model_construct(
            seat=seat,
            table=table_now,
            chat=tuple(table.chat),
            talk=seat is not None or self.watchers_talk,
        )
        await socket.send(welcome.model_dump_json())
        log.info("table %s: %s joined from %s", table.record.id, _who(table, seat), address)
        self._presence_changed(table, joined=connection)
        return table

    async def _message(self, connection: _Connection, table: _Table, raw: str | bytes) -> bool:
        """Handle one message; False when the connection is to be closed."""
        budget = connection.budget
        if not budget.allowed():
            if budget.too_fast >= CUT_OFF:
                await self._refuse(connection, Refusal(N_("Too many messages: slow down.")))
                return False
            if budget.too_fast == 1 or budget.too_fast % 20 == 0:
                await self._send(connection, Refusal(N_("Too many messages: slow down.")))
            return True
        if isinstance(raw, bytes):
            await self._send(
                connection, Refusal(N_("That message is not one a table understands."))
            )
            return True
        try:
            message = CLIENT_MESSAGE.validate_json(raw)
        except ValidationError as error:
            found = refused(error)
            await self._send(
                connection,
                found or Refusal(N_("That message is not one a table understands.")),
            )
            return True
        seat = connection.seat
        if seat is not None and table.idle[seat] and isinstance(message, Here | Move | Hold):
            table.idle[seat] = False  # back at the keys: the stand-in stops
            log.info("table %s: %s is back", table.record.id, _who(table, seat))
            self._tell_presence(table)
            self._drive(table)
        if isinstance(message, Here):
            return True
        if isinstance(message, Say | Again | Remove):
            if isinstance(message, Say):
                refusal = self._say(connection, table, message)
            elif isinstance(message, Again):
                refusal = await self._again(connection, table, message)
            else:
                refusal = await self._remove(connection, table, message)
            if refusal is not None:
                await self._send(connection, refusal)
            return True
        if not isinstance(message, Move | Hold):
            await self._send(connection, Refusal(N_("You are at this table already.")))
            return True
        try:
            state, played = take(table.record, connection.seat, message)
        except Refusal as refusal:
            await self._send(connection, refusal)
            return True
        unsaved = self._step(table, state, played)
        if unsaved is not None:
            await self._send(connection, unsaved)
        return True

    def _say(self, connection: _Connection, table: _Table, message: Say) -> Refusal | None:
        """Tell everyone at the table what ``connection`` said (kept first); the refusal,
        when it may not be said."""
        seat = connection.seat
        if seat is None and not self.watchers_talk:
            return Refusal(N_("At this table only its players talk."))
        text = printable(" ".join(message.text.split()))[:MAX_SAID]
        if not text:
            return Refusal(N_("There is nothing to say in that."))
        if not connection.talk.allowed():
            return Refusal(N_("You are talking too fast: wait a moment."))
        name = connection.name if seat is None else table.record.game.players[seat].name
        said = Said.model_construct(seat=seat, name=name, text=text)
        line = said.model_dump_json()
        try:
            self.database.say(table.record.id, line, kept=MAX_CHAT_KEPT)
        except (sqlite3.Error, OSError) as error:
            log.error("table %s: a line not kept: %s", table.record.id, printable(str(error)))
            return unsaved(error)
        table.chat.append(said)
        self._broadcast(table, line)
        return None

    async def _remove(
        self, connection: _Connection, table: _Table, message: Remove
    ) -> Refusal | None:
        """The opener removes a seat's player: its new key kept before anyone is told, the
        removed player's connection let go, the seat free to claim and, meanwhile, away."""
        try:
            removed = remove(table.record, connection.seat, message.seat)
        except Refusal as refusal:
            return refusal
        try:
            self.database.save(removed)
        except (sqlite3.Error, OSError) as error:
            log.error("table %s: a seat not freed: %s", removed.id, printable(str(error)))
            return unsaved(error)
        seat = message.seat
        log.info("table %s: %s removed by its opener", removed.id, _who(table, seat))
        table.record = removed
        for other in [client for client in table.clients if client.seat == seat]:
            table.clients.discard(other)
            await self._refuse(other, Refusal(REMOVED), code=1000)
        table.budgets[seat], table.talks[seat] = Budget(), chat_budget()
        table.away_since[seat] = time.monotonic() - self.away_after  # away, as of now
        table.idle[seat] = False
        self.lobby.changed(removed.code)
        self._presence_changed(table)
        return None

    async def _again(
        self, connection: _Connection, table: _Table, message: Again
    ) -> Refusal | None:
        """A seat would play another game at the finished table (or no longer would): once
        every human seat would, it is dealt, kept, and everyone at the table welcomed to it."""
        seat = connection.seat
        if seat is None:
            return Refusal(N_("You are watching this table: its players choose to play again."))
        record = table.record
        if record.game.phase is not Phase.OVER:
            return Refusal(N_("The game is not over yet."))
        if message.yes:
            table.again.add(seat)
        else:
            table.again.discard(seat)
        humans = {index for index, each in enumerate(record.seats) if each.key is not None}
        if not humans <= table.again:
            self._tell_presence(table)
            return None
        dealt, moved = again(record)
        try:
            self.database.save(dealt)
        except (sqlite3.Error, OSError) as error:
            log.error("table %s: the next game not kept: %s", record.id, printable(str(error)))
            return unsaved(error)
        table.record = dealt
        table.again.clear()
        table.overdue = _moved(table.overdue, moved)
        table.away_since = _moved(table.away_since, moved)
        table.budgets = _moved(table.budgets, moved)
        table.talks = _moved(table.talks, moved)
        table.idle = _moved(table.idle, moved)
        for client in table.clients:
            if client.seat is not None:
                client.seat = moved[client.seat]
        log.info("table %s (%s): game %d dealt", record.id, record.code, dealt.number)
        now = public(dealt, self._presence(table))
        table.shown = table.looks()
        for client in list(table.clients):
            welcome = Welcome.model_construct(
                seat=client.seat,
                table=now,
                chat=tuple(table.chat),
                talk=client.seat is not None or self.watchers_talk,
            )
            with contextlib.suppress(Exception):
                await client.socket.send(welcome.model_dump_json())
        self.lobby.changed(record.code)
        self._drive(table)
        return None

    async def _send(self, connection: _Connection, refusal: Refusal) -> None:
        await connection.socket.send(refusal_message(refusal).model_dump_json())

    # --- steps ---------------------------------------------------------------------

    def _step(self, table: _Table, state: GameState, played: Played) -> Refusal | None:
        """The table's game is now ``state``, after ``played``: keep it, then change the
        table and tell everyone, and let a computer go on. When it cannot be kept (a full
        disk, an I/O error) nothing changes and nobody is told: the refusal that says so
        is returned, for the mover."""
        record = table.record.model_copy(update={"game": state})
        text = played.model_dump_json()  # one text: kept, then sent
        try:
            self.database.step(record, text, before=table.record)
        except (sqlite3.Error, OSError) as error:
            log.error(
                "table %s: step %d not kept, nothing changed: %s",
                table.record.id,
                len(table.record.game.log),
                printable(str(error))[:200],
            )
            return unsaved(error)
        before = table.record.game
        table.record = record
        self.moves += 1
        if state.round != before.round or state.phase != before.phase or not before.log:
            self.lobby.changed(record.code)
        self._broadcast(table, text)
        self._tell_presence(table)  # a turn that passes to an away player may pause
        self._drive(table)
        return None

    def _presence(self, table: _Table) -> Seats:
        connected, stand_ins, spectators, paused, watchers, again = table.looks()
        return presence(
            table.record,
            connected=connected,
            stand_ins=stand_ins,
            spectators=spectators,
            paused=paused,
            watchers=watchers,
            again=again,
        )

    def _tell_presence(self, table: _Table, but: _Connection | None = None) -> None:
        """Tell everyone at the table (but ``but``, who has it already) who is at it, if
        that changed since they were last told."""
        looks = table.looks()
        if looks != table.shown:
            table.shown = looks
            self.lobby.changed(table.record.code)
            self._broadcast(table, self._presence(table).model_dump_json(), but=but)

    def _broadcast(self, table: _Table, message: str, but: _Connection | None = None) -> None:
        """Send ``message`` (a :class:`Played` or :class:`Seats`) to everyone at the table
        (but ``but``)."""
        from websockets.asyncio.server import broadcast

        others = [c.socket for c in table.clients if c is not but]
        if others:
            broadcast(others, message)

    def _presence_changed(self, table: _Table, joined: _Connection | None = None) -> None:
        """Someone came or went: tell the others, and see whether the turn is left waiting."""
        now = time.monotonic()
        connected = table.connected()
        for index, seat in enumerate(table.record.seats):
            if seat.key is not None and not connected[index] and table.away_since[index] is None:
                table.away_since[index] = now
        self._tell_presence(table, but=joined)
        self._watch_away(table)
        self._drive(table)

    def _watch_away(self, table: _Table) -> None:
        """Set a timer for the player to act when they are away: at :attr:`away_after`, a
        computer stands in for them (or the game pauses)."""
        if table.away_timer is not None:
            table.away_timer.cancel()
            table.away_timer = None
        state = table.record.game
        if state.phase is Phase.OVER:
            return
        seat = state.current
        since = table.away_since[seat]
        if table.record.seats[seat].key is None or since is None or table.overdue[seat]:
            return
        delay = max(0.0, since + self.away_after - time.monotonic())
        table.away_timer = asyncio.get_running_loop().call_later(
            delay, self._away_too_long, table, seat
        )

    def _away_too_long(self, table: _Table, seat: int) -> None:
        table.away_timer = None
        if table.connected()[seat] or table.away_since[seat] is None:
            return
        table.overdue[seat] = True
        if table.record.away == "computer":
            log.info("table %s: a computer plays for %s", table.record.id, _who(table, seat))
        else:
            log.info("table %s: waits for %s", table.record.id, _who(table, seat))
        self._tell_presence(table)
        self._drive(table)

    def _watch_clock(self, table: _Table) -> None:
        """Run the turn's clock (where the table has one) for a human at the table: from
        when their turn begins, or when they sit down during it; a reconnection does not
        start it again. When it runs out, a computer plays for them (while another human is
        at the table) until they are back at the keys, and their clock starts again."""
        turn_time = table.record.turn_time
        state = table.record.game
        seat = state.current
        if (
            turn_time is None
            or state.phase is Phase.OVER
            or table.record.seats[seat].key is None
            or table.stand_ins[seat]
        ):
            if table.clock is not None:
                table.clock.cancel()
            table.clock = table.clock_turn = None
            return
        turn = _turn(state)
        if turn == table.clock_turn and (table.clock is not None or table.idle[seat]):
            return  # running, or run out and its player not back yet
        if not table.connected()[seat]:
            return  # the clock starts with its player at the table (away: see away_after)
        if table.clock is not None:
            table.clock.cancel()
        table.clock_turn, table.turn_began = turn, time.monotonic()
        table.clock = asyncio.get_running_loop().call_later(
            turn_time, self._clock_ran_out, table, turn
        )

    def _clock_ran_out(self, table: _Table, turn: _Turn) -> None:
        table.clock = None
        state = table.record.game
        if turn != _turn(state) or state.phase is Phase.OVER:
            return
        table.idle[state.current] = True
        log.info("table %s: %s's clock ran out", table.record.id, _who(table, state.current))
        self._tell_presence(table)
        self._drive(table)

    def _drive(self, table: _Table) -> None:
        """Start the table's computer if a computer (or a stand-in) is to act."""
        self._watch_away(table)
        self._watch_clock(table)
        if table.driver is not None and not table.driver.done():
            return
        if self._computer_level(table) is not None:
            table.driver = asyncio.get_running_loop().create_task(self._computer(table))

    def _computer_level(self, table: _Table) -> Level | None:
        state = table.record.game
        if state.phase is Phase.OVER:
            return None
        seat = table.record.seats[state.current]
        if seat.level is not None:
            return seat.level
        return Level.EXPERT if table.stand_ins[state.current] else None

    async def _computer(self, table: _Table) -> None:
        """Play the computers' (and stand-ins') steps, one each :attr:`pace`."""
        from ..game.strategy import choose_action, solve, solve_chances

        while (level := self._computer_level(table)) is not None:
            await asyncio.sleep(self.pace)
            state = table.record.game
            if self._computer_level(table) is None:
                return
            try:
                strategy = chances = None
                if level is Level.EXPERT:
                    strategy = await asyncio.to_thread(solve, state.house_rules)
                elif level is Level.CHAMPION:
                    chances = await asyncio.to_thread(solve_chances, state.house_rules)
                action = await asyncio.to_thread(
                    choose_action, state, level, strategy=strategy, chances=chances
                )
            except Exception as error:  # the seat is left to wait; the log says why
                log.error("table %s: the computer failed: %s", table.record.id, error)
                return
            if table.record.game is not state:
                continue  # someone else moved meanwhile (a player came back)
            try:
                after, played = take(
                    table.record, state.current, Move(step=len(state.log), action=action)
                )
            except Refusal as error:
                log.error("table %s: the computer's move was refused: %s", table.record.id, error)
                return
            if self._step(table, after, played) is not None:
                await asyncio.sleep(RETRY_SECONDS)  # the disk may have room again by then

    # --- what the host prints ---------------------------------------------------------

    def open_tables(self) -> list[TableRecord]:
        """The tables not finished, oldest first."""
        return [t.record for t in self.tables.values() if t.record.game.phase is not Phase.OVER]


_T = TypeVar("_T")


def _moved(per_seat: list[_T], moved: list[int]) -> list[_T]:
    """``per_seat`` in the seats' new order (seat ``i`` of before is ``moved[i]`` now)."""
    return [per_seat[moved.index(new)] for new in range(len(moved))]


def watcher_name(name: str) -> str | None:
    """The name a watcher gave, if it is one the game would take for a player."""
    from ..game.rules import IllegalMove, validate_names

    try:
        (checked,) = validate_names([name])
    except IllegalMove:
        return None
    return checked


def _who(table: _Table, seat: int | None) -> str:
    if seat is None:
        return "a spectator"
    return repr(table.record.game.players[seat].name)
