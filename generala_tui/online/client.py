"""One seat's connection to a table server: join, send moves, receive the table.

:class:`TableClient` connects to the URL ``generala-tui host`` printed for a seat, says
:class:`~.protocol.Join`, and then calls ``on_table`` with the table after every message
the server sends (the whole table first, then each step played through the rules here,
:func:`~.tables.follow`), until it is closed. A dropped connection is opened again by
itself (``websockets``' reconnecting ``connect``, backing off up to a minute), and the
seat is taken again with the same key. It knows nothing of screens: the app shows what
it receives, and a test or a benchmark drives it alone.

A join URL is ``ws://HOST:PORT/TABLE?seat=KEY`` (``wss://`` behind a TLS proxy); a
spectator's has no ``seat``.

The server closes a connection normally (code 1000) only when it lets it go on purpose:
the seat was taken again on another connection (the same link opened in another window).
The client then stops, as after a final refusal, rather than take the seat back and be
let go in turn, forever.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit

from pydantic import ValidationError

from ..game.action import Action
from ..game.refusals import Refusal
from ..game.words import N_
from .protocol import (
    MAX_CHAT_KEPT,
    MAX_SAID,
    MAX_SERVER_MESSAGE,
    RELAY_HEADER,
    RELAY_VARIABLE,
    SERVER_MESSAGE,
    Again,
    Here,
    Hold,
    Join,
    Move,
    Played,
    Rated,
    Refused,
    Remove,
    Said,
    Say,
    Seats,
    Table,
    Welcome,
)
from .tables import SEAT_TAKEN, OutOfStep, follow

log = logging.getLogger("generala_tui.online")

_PATH_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-./~")
"""What a proxy's path before the table may hold."""
_ID_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


@dataclass(frozen=True)
class Address:
    """Where a join URL leads: the server, the table and the seat's key (None: watch)."""

    server: str
    table: str
    key: str | None = None

    @property
    def url(self) -> str:
        """The join URL."""
        seat = f"?seat={quote(self.key)}" if self.key is not None else ""
        return f"{self.server}/{quote(self.table)}{seat}"


def _an_id(text: str) -> bool:
    return 8 <= len(text) <= 64 and set(text) <= _ID_CHARS


def parse_url(url: str) -> Address:
    """The address of a join URL; raises :class:`Refusal` saying what is wrong with it."""
    bad = Refusal(
        N_("{url} is not a table's address: it looks like ws://HOST:PORT/TABLE?seat=KEY."),
        url=url[:200],
    )
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        raise bad from None
    if parts.scheme not in {"ws", "wss"} or not parts.hostname or parts.fragment:
        raise bad
    # The table is the path's last part; what comes before it is the server's own path
    # (a proxy's, as wss://example.org/generala/TABLE), kept with the server.
    prefix, _, table = parts.path.rstrip("/").rpartition("/")
    query = parse_qs(parts.query, keep_blank_values=True)
    keys = query.pop("seat", [])
    if (
        set(prefix) - _PATH_CHARS
        or not _an_id(table)
        or query
        or len(keys) > 1
        or (keys and not _an_id(keys[0]))
    ):
        raise bad
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    server = f"{parts.scheme}://{host}" + (f":{port}" if port is not None else "") + prefix
    return Address(server=server, table=table, key=keys[0] if keys else None)


DEFAULT_PORT = 8765
"""The port ``generala-tui host`` listens on unless told: a server named without one."""


def parse_server(text: str) -> str:
    """The URL of the server ``text`` names: ``ws://HOST:PORT`` (``wss://`` behind a TLS
    proxy, with its path), or just ``HOST`` or ``HOST:PORT`` (``ws://``, port
    :data:`DEFAULT_PORT` unless given). Raises :class:`Refusal` saying what is wrong."""
    typed = text.strip()
    bad = Refusal(
        N_("{url} is not a server's address: it looks like HOST, HOST:PORT or ws://HOST:PORT."),
        url=typed[:200],
    )
    schemed = "://" in typed
    try:
        parts = urlsplit(typed if schemed else f"ws://{typed}")
        port = parts.port
    except ValueError:
        raise bad from None
    if (
        parts.scheme not in {"ws", "wss"}
        or not parts.hostname
        or parts.query
        or parts.fragment
        or parts.username is not None
        or set(parts.path) - _PATH_CHARS
    ):
        raise bad
    if port is None and not schemed:
        port = DEFAULT_PORT
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    prefix = parts.path.rstrip("/")
    return f"{parts.scheme}://{host}" + (f":{port}" if port is not None else "") + prefix


def connecting(url: str, open_timeout: float) -> Any:
    """``websockets``' ``connect`` to ``url`` as every client of a table server connects:
    messages up to :data:`~.protocol.MAX_SERVER_MESSAGE`, no compression, its log the
    game's. Iterated, it connects again whenever the connection drops (backing off up to a
    minute and a half); as a context, it connects once."""
    from websockets.asyncio.client import connect

    # A game the server runs for an SSH visitor says so, with the token it was given.
    relay = os.environ.get(RELAY_VARIABLE)
    return connect(
        url,
        additional_headers={RELAY_HEADER: relay} if relay else None,
        max_size=MAX_SERVER_MESSAGE,
        open_timeout=open_timeout,
        compression=None,
        logger=logging.getLogger("generala_tui.online.websockets"),
    )


async def close_quietly(socket: object) -> None:
    """Close a client's connection, if it is one, giving the server 5 s to answer; a
    connection already lost is no news."""
    from websockets.asyncio.client import ClientConnection

    if isinstance(socket, ClientConnection):
        with contextlib.suppress(Exception):
            await asyncio.wait_for(socket.close(), 5)


def join_url(server: str, table: str, key: str | None) -> str:
    """The URL that joins ``table``'s seat ``key`` (None: watches) at ``server``."""
    return Address(server=server, table=table, key=key).url


def after(table: Table, message: Played | Seats | Rated) -> Table:
    """The table after ``message`` (a step played through the rules here, who is at it now,
    or the ratings its end moved); raises :class:`~.tables.OutOfStep` when it does not
    follow ``table``."""
    if isinstance(message, Played):
        return table.model_copy(update={"game": follow(table.game, message)})
    if isinstance(message, Rated):
        return table.model_copy(update={"ratings": message.ratings})
    if len(message.seats) != len(table.seats):
        raise OutOfStep(f"{len(message.seats)} seats at a table of {len(table.seats)}")
    return table.model_copy(
        update={
            "seats": message.seats,
            "spectators": message.spectators,
            "paused": message.paused,
            "watchers": message.watchers,
            "again": message.again,
        }
    )


LET_GO = Refused(template=SEAT_TAKEN, english=SEAT_TAKEN, final=True)
"""What ends a connection the server closed normally: it let it go for a newer one."""


class TableClient:
    """A seat's (or a spectator's) connection, kept open until :meth:`close`.

    ``on_table(table, seat)`` is called with every table received (``seat`` is the seat
    taken, None for a spectator), ``on_said`` with every line said at it (None: the
    lines said lately came whole, with the table: :attr:`chat`), ``on_refused`` with what
    the server refused, and ``on_connected(True/False)`` whenever the connection is made
    or lost. A watcher goes by ``name`` (None: unnamed).
    """

    def __init__(
        self,
        address: Address,
        *,
        on_table: Callable[[Table, int | None], None],
        on_refused: Callable[[Refused], None] = lambda refused: None,
        on_connected: Callable[[bool], None] = lambda connected: None,
        on_said: Callable[[Said | None], None] = lambda said: None,
        open_timeout: float = 10.0,
        name: str | None = None,
    ) -> None:
        self.address = address
        self.table: Table | None = None
        self.seat: int | None = None
        self.chat: list[Said] = []
        """The lines said at the table, oldest first (the last :data:`MAX_CHAT_KEPT`)."""
        self.may_talk = False
        self._name = name
        self._on_said = on_said
        self.ended: Refused | None = None
        """The final refusal that ended the connection for good (a wrong key, a full
        server), if one did."""
        self._on_table = on_table
        self._on_refused = on_refused
        self._on_connected = on_connected
        self._open_timeout = open_timeout
        self._socket: object | None = None
        self._closing = False

    async def run(self) -> None:
        """Connect, and reconnect whenever the connection drops, until :meth:`close` or a
        final refusal."""
        from websockets.asyncio.client import ClientConnection
        from websockets.exceptions import ConnectionClosed
        from websockets.frames import CloseCode

        name = self._name if self.address.key is None else None
        join = Join(table=self.address.table, key=self.address.key, name=name).model_dump_json()
        # To the table's own path (the key goes in the Join, never in a URL a proxy logs),
        # so a proxy in front of several servers can route by the table.
        async for socket in connecting(
            f"{self.address.server}/{quote(self.address.table)}", self._open_timeout
        ):
            assert isinstance(socket, ClientConnection)
            if self._closing:
                await socket.close()
                return
            try:
                await socket.send(join)
                self._socket = socket
                self._on_connected(True)
                while self._receive(await socket.recv()):
                    pass
                await socket.close()
                return
            except OutOfStep as error:
                # Never from a server of this version: the table is asked for again, by
                # joining anew (this connection closes as the loop goes on).
                log.warning("the table's step did not follow, joining again: %s", error)
            except ConnectionClosed as closed:
                if self._closing:
                    return  # closed from here: the server's answer to it is no news
                if closed.rcvd is not None and closed.rcvd.code == CloseCode.NORMAL_CLOSURE:
                    self._end(LET_GO)
                    return
            finally:
                self._socket = None
            if self._closing:
                return
            self._on_connected(False)

    def _receive(self, raw: str | bytes) -> bool:
        try:
            message = SERVER_MESSAGE.validate_json(raw)
        except ValidationError as error:
            log.warning("the server sent what is not a table: %s", error.error_count())
            return True
        if isinstance(message, Refused):
            if message.final:
                self._end(message)
            else:
                self._on_refused(message)
            return not message.final
        if isinstance(message, Said):
            self.chat = [*self.chat[-MAX_CHAT_KEPT + 1 :], message]
            self._on_said(message)
            return True
        if isinstance(message, Welcome):
            self.seat, table = message.seat, message.table
            self.may_talk = message.talk
            self.chat = list(message.chat)
            self._on_said(None)
        elif not isinstance(message, Played | Seats | Rated):
            log.warning("the server sent a lobby's message to a table: %s", message.kind)
            return True
        elif self.table is None:
            raise OutOfStep("a step before the table")
        else:
            table = after(self.table, message)
        self.table = table
        self._on_table(table, self.seat)
        return True

    def _end(self, refused: Refused) -> None:
        self.ended = refused
        self._on_refused(refused)

    @property
    def connected(self) -> bool:
        return self._socket is not None

    async def _send(self, text: str) -> bool:
        from websockets.asyncio.client import ClientConnection
        from websockets.exceptions import ConnectionClosed

        socket = self._socket
        if not isinstance(socket, ClientConnection):
            return False
        try:
            await socket.send(text)
        except ConnectionClosed:
            return False
        return True

    async def move(self, action: Action) -> bool:
        """Send a decision made at the table as last received; False when not connected."""
        if self.table is None:
            return False
        step = len(self.table.game.log)
        return await self._send(Move(step=step, action=action).model_dump_json())

    async def hold(self, die: int) -> bool:
        """Send a hold change made at the table as last received; False when not connected."""
        if self.table is None:
            return False
        step = len(self.table.game.log)
        return await self._send(Hold(step=step, die=die).model_dump_json())

    async def remove(self, seat: int) -> bool:
        """Remove ``seat``'s player (the table's opener's to do)."""
        return await self._send(Remove(seat=seat).model_dump_json())

    async def here(self) -> bool:
        """Say this seat's player is back at the keys (after their clock ran out)."""
        return await self._send(Here().model_dump_json())

    async def again(self, yes: bool = True) -> bool:
        """Say this seat would play another game at the table (or no longer would)."""
        return await self._send(Again(yes=yes).model_dump_json())

    async def say(self, text: str) -> bool:
        """Say ``text`` to the table; False when not connected."""
        return await self._send(Say(text=text[: 4 * MAX_SAID]).model_dump_json())

    async def close(self) -> None:
        """End the connection for good."""
        self._closing = True
        await close_quietly(self._socket)
