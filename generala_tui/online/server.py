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

The server is made of three parts: this module serves the network (the connections, the
strangers, the joins, each message read and dispatched); :mod:`.play` moves the tables
on (a step kept, then told; the away and idle players' stand-ins, the turn clock, the
computers, talk, a removed seat, the next game); :mod:`.lobby` is the lobby's desk (the
tables listed and pushed, tables opened, seats claimed by code). What it holds of each
table is :mod:`.live`'s.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import sqlite3
import time
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import ValidationError

from ..game.model import HouseRules, Phase, Player
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
    Misses,
    address_of,
)
from .live import Connection, LiveTable, watcher_name, who
from .lobby import LobbyDesk, LobbyRoom, OpenTables
from .people import key_credential, token_credential
from .play import TablePlay
from .protocol import (
    CLIENT_MESSAGE,
    MAX_CLIENT_MESSAGE,
    MAX_SERVER_MESSAGE,
    PROTOCOL,
    RELAY_HEADER,
    Again,
    ClientMessage,
    Enter,
    Here,
    Hold,
    Join,
    Move,
    Refused,
    Remove,
    Said,
    Say,
    Welcome,
)
from .tables import (
    SEAT_TAKEN,
    Away,
    TableRecord,
    new_code,
    open_table,
    public,
    seat_of,
    take,
)

if TYPE_CHECKING:
    from websockets.asyncio.server import Server, ServerConnection
    from websockets.http11 import Request, Response

log = logging.getLogger("generala_tui.online")

HEARTBEAT_SECONDS = 20.0
"""A ping every this many seconds; a connection that does not answer within as many is
closed (its player reconnects, or their seat counts as away)."""
CLOSE_SECONDS = 2.0
"""How long a connection being closed waits for its client's answer before it is dropped."""
FINISHED_KEPT_SECONDS = 24 * 3600.0
RATED_TURN_SECONDS = 90.0
"""A rated table's turn clock where the server sets none (``--turn-time``)."""
SEATLESS_PER_ADDRESS = 8
"""Connections holding no seat (watching a table, or in the lobby) from one address, at
most: beyond, a newcomer is refused, so no address fills the server's connections."""
"""How long a finished table stays (its players can still look at it), then it goes."""


def refusal_message(refusal: Refusal, *, final: bool = False) -> Refused:
    """The :class:`Refused` that says ``refusal``."""
    params: dict[str, str | int] = {}
    for key, value in refusal.params.items():
        params[key] = value if isinstance(value, int) else printable(str(value))[:200]
    return Refused(
        template=refusal.message, params=params, english=str(refusal)[:1000], final=final
    )


class TableServer(LobbyDesk, TablePlay):
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
        rated: bool = False,
    ) -> None:
        self.database = TableDatabase(data)
        self.watchers_talk = watchers_talk
        self.rated = rated
        """Whether the tables opened in the lobby are rated (else those asked to be)."""
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
        self.tables: dict[str, LiveTable] = {
            record.id: LiveTable(record) for record in self._coded(self.database.load())
        }
        for table in self.tables.values():
            table.chat.extend(self._kept_chat(table.record.id))
        self._codes: dict[str, LiveTable] = {
            table.record.code: table for table in self.tables.values() if table.record.code
        }
        self.lobby = LobbyRoom(self._summaries, self._summary_of, self._leaders)
        self._connections: set[Connection] = set()
        """The connections at a table."""
        self._strangers: OrderedDict[ServerConnection, str] = OrderedDict()
        """The connections not at a table yet (in their handshake, or yet to join), oldest
        first, each with its address."""
        self._misses: dict[str, Misses] = {}
        self._relays: dict[str, tuple[str, str | None]] = {}
        """The tokens of the games this server runs for visitors (over SSH), each with its
        visitor's address and the credential their key is (:meth:`relay`)."""
        self._relayed: dict[ServerConnection, str] = {}
        """The connections of those games, each with its visitor's address."""
        self._relayed_as: dict[ServerConnection, str] = {}
        """Those of them whose visitor signed with a key: its credential (:mod:`.people`)."""
        self.let_go = 0
        """Connections let go before they joined, to make room for newer ones."""
        self._server: Server | None = None
        self._letting_go: set[asyncio.Task[None]] = set()
        """The connections being told why they are let go, and closed."""
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
        person: str | None = None,
        rated: bool = False,
    ) -> TableRecord:
        """A new table, kept at once (with ``free``, its human seats but the first are
        free until claimed by its code; ``person``: the player the server knows at its first
        human seat; ``rated``: its end moves its known players' ratings, and its turn clock
        runs, :data:`RATED_TURN_SECONDS` where the server sets none); raises
        :class:`Refusal` for bad names, when the server has as many tables as it takes, or
        when it cannot be kept."""
        if len(self.open_tables()) >= self.max_tables:
            raise Refusal(N_("This server has as many tables as it takes."))
        self._forget_finished()
        record = open_table(
            players,
            house_rules,
            away=away,
            created=time.time(),
            seed=seed,
            code=new_code(self._codes),
            free=free,
            turn_time=self.turn_time or (RATED_TURN_SECONDS if rated else None),
            person=person,
            rated=rated,
        )
        self.database.save(record)
        table = LiveTable(record)
        self.tables[record.id] = table
        self._codes[record.code or ""] = table
        self.lobby.changed(record.code)
        if self._server is not None:  # served already: its computers start now
            self._drive(table)
        return record

    def _room_for_again(self, table: LiveTable) -> Refusal | None:
        """Why a finished table may not be dealt its next game (it would be one table more
        than the server takes), or None."""
        if len(self.open_tables()) >= self.max_tables:
            return Refusal(N_("This server has as many tables as it takes."))
        return None

    def _forget_finished(self) -> None:
        """Forget the finished tables nobody is at beyond :attr:`max_tables` of them, the
        oldest first (in memory and on disk): tables opened from the lobby are played and
        finished without end, and the server holds each it has not forgotten."""
        finished = [
            table
            for table in self.tables.values()
            if table.record.game.phase is Phase.OVER and not table.clients
        ]
        gone = [table.record.id for table in finished[: max(0, len(finished) - self.max_tables)]]
        try:
            self.database.forget(gone)
        except sqlite3.Error:  # a full disk: forgotten on a later try
            return
        for table_id in gone:
            table = self.tables.pop(table_id)
            if table.record.code is not None:
                self._codes.pop(table.record.code, None)

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
                server._relayed.pop(self, None)
                server._relayed_as.pop(self, None)
                super().connection_lost(exc)

        self._server = await serve(
            self._client,
            host,
            port,
            create_connection=Counted,
            process_request=self._relayed_from,
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

    def relay(self, address: str, fingerprint: str | None = None) -> str:
        """A token for a game this server's process runs for a visitor from ``address`` (over
        SSH): its connections, which say it (:data:`~.protocol.RELAY_HEADER`), count as that
        address's in every limit per address, not as the server's own machine's, and are
        the player whose SSH key has ``fingerprint`` (checked by the SSH server; None: a
        visitor who signed with no key, a guest)."""
        token = secrets.token_urlsafe(12)
        self._relays[token] = (address, fingerprint and key_credential(fingerprint))
        return token

    def end_relay(self, token: str) -> None:
        """The visitor's game has ended: its token stands for no one any more."""
        self._relays.pop(token, None)

    def _relayed_from(self, socket: ServerConnection, request: Request) -> Response | None:
        """A relayed game's connection takes its visitor's address (nothing is refused)."""
        token = request.headers.get(RELAY_HEADER)
        relayed = self._relays.get(token) if token else None
        if relayed is not None:
            address, credential = relayed
            self._relayed[socket] = address
            if credential is not None:
                self._relayed_as[socket] = credential
            if socket in self._strangers:
                self._strangers[socket] = address
        return None

    def _credential(self, connection: Connection, enter: Enter) -> str | None:
        """What proves who a lobby's client is: a relayed game's visitor's key (its token
        ignored: the server gave that game no other identity), else the client's token."""
        socket = connection.socket
        if socket in self._relayed:
            return self._relayed_as.get(socket)
        return None if enter.token is None else token_credential(enter.token)

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
        connection = Connection(socket)
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
                log.info("table %s: %s left", table.record.id, who(table, connection.seat))
                self._presence_changed(table)
        except Exception as error:  # a connection's trouble ends it alone
            from websockets.exceptions import ConnectionClosed

            if not isinstance(error, ConnectionClosed):
                log.warning("a connection ended on an error: %s", printable(repr(error))[:200])
        finally:
            self._connections.discard(connection)
            self.lobby.leave(socket)

    async def _refuse(self, connection: Connection, refusal: Refusal, code: int = 1008) -> None:
        """Say ``refusal`` as the connection's last word, and close it."""
        with contextlib.suppress(Exception):
            await connection.socket.send(refusal_message(refusal, final=True).model_dump_json())
            await connection.socket.close(code, str(refusal)[:100])

    def _address(self, connection: Connection) -> str:
        socket = connection.socket
        return (
            self._strangers.get(socket)
            or self._relayed.get(socket)
            or address_of(socket.remote_address)
        )

    async def _first(self, connection: Connection) -> Join | Enter | None:
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

    def _no_room(self, connection: Connection, address: str) -> Refusal | None:
        """Why there is no room for one more connection that holds no seat (a watcher's, a
        lobby's) from ``address``, or None: the server's connections are all taken, or that
        address has :data:`SEATLESS_PER_ADDRESS` such already."""
        if len(self._connections) >= self.max_connections:
            log.info("%s: refused, the server is full", address)
            return Refusal(N_("This server is full: try again later."))
        seatless = [c for c in self._connections if c.seat is None and c.address == address]
        if len(seatless) >= SEATLESS_PER_ADDRESS:
            log.info("%s: refused, %d connections without a seat", address, len(seatless))
            return Refusal(
                N_("Your address has {count} connections watching or in the lobby: close one."),
                count=len(seatless),
            )
        return None

    async def _read(self, connection: Connection, raw: str | bytes) -> ClientMessage | None:
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

    async def _join(self, connection: Connection, join: Join) -> LiveTable | None:
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
        if seat is None:
            refusal = self._no_room(connection, address)
            if refusal is not None:
                await self._refuse(connection, refusal)
                return None
        self._strangers.pop(socket, None)
        self._connections.add(connection)
        connection.seat, connection.address = seat, address
        if seat is not None:
            connection.budget = table.budgets[seat]
            connection.talk = table.talks[seat]
        else:
            connection.talk = table.watcher_talk(address)
            if join.name is not None:
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
        log.info("table %s: %s joined from %s", table.record.id, who(table, seat), address)
        self._presence_changed(table, joined=connection)
        return table

    async def _message(self, connection: Connection, table: LiveTable, raw: str | bytes) -> bool:
        """Handle one message; False when the connection is to be closed."""
        if connection not in table.clients:
            return False  # let go (its seat taken again, or given away): it says nothing more
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
            log.info("table %s: %s is back", table.record.id, who(table, seat))
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

    async def _send(self, connection: Connection, refusal: Refusal) -> None:
        await connection.socket.send(refusal_message(refusal).model_dump_json())

    # --- steps ---------------------------------------------------------------------

    # --- what the host prints ---------------------------------------------------------

    def open_tables(self) -> list[TableRecord]:
        """The tables not finished, oldest first."""
        return [t.record for t in self.tables.values() if t.record.game.phase is not Phase.OVER]
