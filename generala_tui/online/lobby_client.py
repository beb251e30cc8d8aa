"""A client of a table server's lobby: the tables open there, kept up to date, and the
seats claimed or tables opened from it.

:class:`LobbyClient` enters the lobby at a server's URL (``ws://HOST:PORT``, what
:func:`~.client.parse_server` reads) and calls ``on_lobby`` with every table not
finished whenever the server says they changed; :meth:`LobbyClient.open` and
:meth:`LobbyClient.claim` ask for a table or a seat and return the server's
:class:`~.protocol.Claimed` (the table's id and the seat's key), which the caller joins
as any seat's player does (:class:`~.client.TableClient`). :func:`claim_seat` does the
one claim a ``join SERVER CODE`` needs, on a connection of its own. Like the table's
client it knows nothing of screens.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from pydantic import ValidationError

from ..game.model import HouseRules
from ..game.refusals import Refusal
from ..game.words import N_
from .client import Address, close_quietly, connecting
from .protocol import (
    MAX_LOBBY_TABLES,
    SERVER_MESSAGE,
    AskGame,
    AskGames,
    Claim,
    Claimed,
    Enter,
    GameKept,
    Games,
    Leader,
    Lobby,
    LobbyChanged,
    Named,
    NewSeat,
    OpenTable,
    Refused,
    TableSummary,
    TakeName,
)

log = logging.getLogger("generala_tui.online")

Answer = Claimed | Named | Games | GameKept
"""What the server answers a lobby's request with, when it does not refuse it."""

TABLE_ID_LENGTH = 16
"""The length of the table ids this server makes (:func:`~.tables.new_id`)."""
ANSWER_SECONDS = 10.0
"""How long a claim or an opening waits for the server's answer."""
_NO_LOBBY = "Say which table to join first."
"""What a server of protocol 3 or before answers an :class:`Enter` it does not know."""
OLD_SERVER = N_(
    "This server speaks another version of the game: update generala-tui on it, or join "
    "its tables by their links."
)


@dataclass(frozen=True)
class Entrance:
    """Where ``join SERVER`` (the lobby) or ``join SERVER CODE`` (a table by its code) goes."""

    server: str
    code: str | None = None
    password: str | None = field(default=None, repr=False)


def destination(words: Sequence[str]) -> Address | Entrance:
    """Where what a player gave leads: a table's link (``ws://HOST:PORT/TABLE?seat=KEY``),
    a server (its lobby), a server and a table's code, or the code as a link's last part
    (``ws://HOST:PORT/K7QXM3``). Raises :class:`Refusal`."""
    from .client import parse_server, parse_url
    from .tables import read_code

    if len(words) == 1:
        link = words[0].strip()
        with contextlib.suppress(Refusal):
            address = parse_url(link)
            # A proxy's own path may look like an id: a table's is never shorter than 16.
            if address.key is not None or len(address.table) >= TABLE_ID_LENGTH:
                return address
        try:
            server = parse_server(link)
        except Refusal:
            raise Refusal(
                N_(
                    "{url} is neither a table's link (ws://HOST:PORT/TABLE?seat=KEY) nor a "
                    "server (HOST:PORT)."
                ),
                url=link[:200],
            ) from None
        # A table's code as the link's last part (ws://HOST:PORT/K7QXM3): that table.
        prefix, _, last = server.rpartition("/")
        if "://" in prefix and read_code(last) == last:
            return Entrance(prefix, last)
        return Entrance(server)
    if len(words) == 2:
        code = read_code(words[1])
        if code is None:
            raise Refusal(
                N_("{code} is not a table's code: it is six letters and digits, as K7QXM3."),
                code=words[1][:40],
            )
        return Entrance(parse_server(words[0]), code)
    raise Refusal(N_("Give a table's link, a server, or a server and a table's code."))


class LobbyRefused(Exception):
    """The server said no (``refused``: its reason, said in the client's language by
    :func:`~generala_tui.ui.remote.said`)."""

    def __init__(self, refused: Refused) -> None:
        super().__init__(refused.english)
        self.refused = refused


def _lobby_refusal(refused: Refused, entered: bool) -> Refused:
    """``refused``, or, for an old server's answer to an :class:`Enter`, why."""
    if not entered and refused.final and refused.template == _NO_LOBBY:
        return Refused(template=OLD_SERVER, english=OLD_SERVER, final=True)
    return refused


class LobbyClient:
    """This window's place in a server's lobby, kept (and made again when it drops) until
    :meth:`close`.

    ``on_lobby(tables, may_open)`` is called with the tables by code whenever they
    change, ``on_refused`` with a refusal no request waits for (a final one ends it:
    :attr:`ended`), ``on_connected`` whenever the connection is made or lost.
    """

    def __init__(
        self,
        server: str,
        *,
        password: str | None = None,
        token: str | None = None,
        on_lobby: Callable[[dict[str, TableSummary], bool], None] = lambda tables, may: None,
        on_refused: Callable[[Refused], None] = lambda refused: None,
        on_connected: Callable[[bool], None] = lambda connected: None,
        open_timeout: float = 10.0,
    ) -> None:
        self.server = server
        self.tables: dict[str, TableSummary] = {}
        self.may_open = False
        self.ended: Refused | None = None
        self.known = False
        """Whether the server can know this window's player (by the ``token`` sent, or the
        SSH key of the visitor this game is run for)."""
        self.you: str | None = None
        """The name the server knows this window's player by (None: none yet, or a guest)."""
        self.leaders: tuple[Leader, ...] = ()
        """The server's leaderboard, best first."""
        self._enter = Enter(password=password, token=token).model_dump_json()
        self._on_lobby = on_lobby
        self._on_refused = on_refused
        self._on_connected = on_connected
        self._open_timeout = open_timeout
        self._socket: object | None = None
        self._answer: asyncio.Future[Answer | Refused] | None = None
        self._asking = asyncio.Lock()
        self._closing = False

    async def run(self) -> None:
        """Enter the lobby, and again whenever the connection drops, until :meth:`close`
        or a final refusal."""
        from websockets.asyncio.client import ClientConnection
        from websockets.exceptions import ConnectionClosed

        async for socket in connecting(f"{self.server}/", self._open_timeout):
            assert isinstance(socket, ClientConnection)
            if self._closing:
                await socket.close()
                return
            entered = False
            try:
                await socket.send(self._enter)
                self._socket = socket
                self._on_connected(True)
                while True:
                    message = _read(await socket.recv())
                    if message is None:
                        continue
                    if isinstance(message, Refused):
                        message = _lobby_refusal(message, entered)
                        if message.final:
                            self.ended = message
                            self._settle(message)
                            self._on_refused(message)
                            await socket.close()
                            return
                        if not self._settle(message):
                            self._on_refused(message)
                    elif isinstance(message, Answer):
                        if isinstance(message, Named):
                            self.you = message.name
                        self._settle(message)
                    elif isinstance(message, Lobby | LobbyChanged):
                        entered = True
                        self._told(message)
            except ConnectionClosed:
                if self._closing:
                    return
            finally:
                self._socket = None
                self._settle(None)
            if self._closing:
                return
            self._on_connected(False)

    def _told(self, message: Lobby | LobbyChanged) -> None:
        if isinstance(message, Lobby):
            self.tables = {}
            self.may_open = message.may_open
            self.known, self.you = message.known, message.you
        if message.leaders is not None:
            self.leaders = message.leaders
        for code in message.gone if isinstance(message, LobbyChanged) else ():
            self.tables.pop(code, None)
        for table in message.tables:
            if table.code in self.tables or len(self.tables) < MAX_LOBBY_TABLES:
                self.tables[table.code] = table
        self._on_lobby(dict(self.tables), self.may_open)

    def _settle(self, answer: Answer | Refused | None) -> bool:
        """Give ``answer`` to the request waiting for one (None: the connection is lost);
        whether one was."""
        waiting, self._answer = self._answer, None
        if waiting is None or waiting.done():
            return False
        if answer is None:
            waiting.cancel()
        else:
            waiting.set_result(answer)
        return True

    @property
    def connected(self) -> bool:
        return self._socket is not None

    async def _ask(self, text: str) -> Answer:
        from websockets.asyncio.client import ClientConnection
        from websockets.exceptions import ConnectionClosed

        async with self._asking:
            socket = self._socket
            if not isinstance(socket, ClientConnection):
                raise ConnectionError("not connected")
            self._answer = asyncio.get_running_loop().create_future()
            answer = self._answer
            try:
                await socket.send(text)
                got = await asyncio.wait_for(answer, ANSWER_SECONDS)
            except (ConnectionClosed, asyncio.CancelledError):
                raise ConnectionError("the connection was lost") from None
            except TimeoutError:
                raise ConnectionError("the server did not answer") from None
            finally:
                if self._answer is answer:
                    self._answer = None
        if isinstance(got, Refused):
            raise LobbyRefused(got)
        return got

    async def open(
        self, seats: Sequence[NewSeat], house_rules: HouseRules, *, rated: bool = False
    ) -> Claimed:
        """Open a table with ``seats`` (``rated``: a rated one); its code, id and this
        client's seat and key. Raises :class:`LobbyRefused`, or :class:`ConnectionError`
        when the server can't be asked."""
        message = OpenTable(seats=tuple(seats), house_rules=house_rules, rated=rated)
        return _claimed(await self._ask(message.model_dump_json()))

    async def take_name(self, name: str) -> str:
        """Be known on this server as ``name`` from now on; the name as it took it. Raises
        as :meth:`open` does (a name taken by another player, one that is no name)."""
        named = await self._ask(TakeName(name=name[:100]).model_dump_json())
        if not isinstance(named, Named):
            raise ConnectionError("the server did not answer the name")
        return named.name

    async def claim(
        self, code: str, seat: int | None = None, *, watch: bool = False, name: str | None = None
    ) -> Claimed:
        """Claim the free seat ``seat`` (None: the first) of the table ``code`` names (as
        ``name``, if the game takes it there), or watch it; raises as :meth:`open` does."""
        message = Claim(code=code, seat=seat, watch=watch, name=name)
        return _claimed(await self._ask(message.model_dump_json()))

    async def games(self, name: str | None = None) -> Games:
        """The recent rated games of the player known here as ``name`` (None: this
        window's own); raises as :meth:`open` does."""
        games = await self._ask(AskGames(name=name).model_dump_json())
        if not isinstance(games, Games):
            raise ConnectionError("the server did not answer with games")
        return games

    async def game(self, table: str, number: int) -> GameKept:
        """A rated game whole (one of :meth:`games`), to analyse; raises as :meth:`open`."""
        kept = await self._ask(AskGame(table=table, number=number).model_dump_json())
        if not isinstance(kept, GameKept):
            raise ConnectionError("the server did not answer with the game")
        return kept

    async def close(self) -> None:
        """Leave the lobby for good."""
        self._closing = True
        await close_quietly(self._socket)


def _claimed(answer: Answer) -> Claimed:
    if not isinstance(answer, Claimed):
        raise ConnectionError("the server did not answer the claim")
    return answer


def _read(raw: str | bytes) -> Answer | Refused | Lobby | LobbyChanged | None:
    try:
        message = SERVER_MESSAGE.validate_json(raw)
    except ValidationError as error:
        log.warning("the server sent what is not a lobby's: %s", error.error_count())
        return None
    if isinstance(message, Answer | Refused | Lobby | LobbyChanged):
        return message
    return None


async def claim_seat(
    server: str,
    code: str,
    *,
    password: str | None = None,
    watch: bool = False,
    name: str | None = None,
    token: str | None = None,
    open_timeout: float = 10.0,
) -> Claimed:
    """Enter the lobby at ``server`` (as the player ``token`` proves), claim the first free
    seat of ``code``'s table (or watch it), and leave. A player the server knows by the
    token but by no name yet takes ``name`` there first (none: the server asks for one).
    Raises :class:`LobbyRefused` (the server said no: no such table, no free seat, a wrong
    password, the name taken) or :class:`OSError` (it could not be reached)."""
    from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

    try:
        async with asyncio.timeout(open_timeout + 2 * ANSWER_SECONDS):
            async with connecting(f"{server}/", open_timeout) as socket:
                await socket.send(Enter(password=password, token=token).model_dump_json())
                entered = False
                claimed = naming = False
                while True:
                    message = _read(await socket.recv())
                    if isinstance(message, Refused):
                        raise LobbyRefused(_lobby_refusal(message, entered))
                    if isinstance(message, Claimed):
                        return message
                    if isinstance(message, Lobby):
                        entered = True
                        if message.known and message.you is None and not watch and name:
                            await socket.send(TakeName(name=name[:100]).model_dump_json())
                            naming = True  # claimed once it is named
                    elif isinstance(message, Named):
                        naming = False
                    if isinstance(message, Lobby | LobbyChanged | Named) and not (
                        claimed or naming
                    ):
                        claim = Claim(code=code, watch=watch, name=name)
                        await socket.send(claim.model_dump_json())
                        claimed = True
    except (ConnectionClosed, InvalidHandshake, InvalidURI, TimeoutError) as error:
        raise ConnectionError(str(error) or type(error).__name__) from None
