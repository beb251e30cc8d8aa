"""A table server's lobby: who is in it, what it is told, and when.

A client that enters the lobby (:class:`~.protocol.Enter`) is sent every table not
finished in short (:class:`~.protocol.Lobby`), then what changes
(:class:`~.protocol.LobbyChanged`): the server marks a table changed when it opens, a
seat is claimed, who is at it changes, a round begins or the game ends
(:meth:`LobbyRoom.changed`), and the room tells everyone in it once for all that changed
within :data:`GATHER_SECONDS`, each table's summary only if it differs from the one they
were last told. So a server of 500 tables at a move a second sends the lobby a few
changes a second, not one a move.

No network of its own: the server hands it the sockets of the lobby's clients, and
:func:`summary` the tables.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import sqlite3
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Literal

from ..game.model import HouseRules, Phase, Player
from ..game.refusals import Refusal, printable
from ..game.words import N_
from .database import NameTaken, TableDatabase
from .limits import (
    CUT_OFF,
    Misses,
)
from .live import Connection, LiveTable, unsaved, who
from .people import NAME_FIRST, NAME_TAKEN, NAMED_ALREADY, NOT_KNOWN, Person, checked_name
from .protocol import (
    MAX_LEADERS,
    MAX_LOBBY_TABLES,
    MAX_RECENT_GAMES,
    AskGame,
    AskGames,
    Claim,
    Claimed,
    ClientMessage,
    Enter,
    GameKept,
    Games,
    Leader,
    Lobby,
    LobbyChanged,
    Named,
    OpenTable,
    SeatSummary,
    TableSummary,
    TakeName,
)
from .tables import (
    NO_FREE_SEAT,
    TableRecord,
    claim,
    new_id,
    seat_held_by,
)

if TYPE_CHECKING:
    from websockets.asyncio.server import ServerConnection


log = logging.getLogger("generala_tui.online")

GATHER_SECONDS = 0.05
"""How long the lobby gathers changes before it tells them, so a burst is one message."""
OpenTables = Literal["anyone", "host"]
"""Who may open tables: anyone in the lobby, or only the server's host."""
NO_SUCH_CODE = N_("There is no table {code} on this server.")

OPENS_PER_ADDRESS = 4
"""Tables not finished that one address (an IPv6 /64) may have opened from the lobby."""
RULE_SETS = 8
"""The sets of house rules (those that differ in a computer's play) the tables opened from
the lobby may bring the server to: each is solved for the stand-ins and computers, tens
of MB kept while the server runs."""
RATED_KNOWN_ONLY = N_(
    "Only players this server knows sit at a rated table: join it with generala-tui join, "
    "or over SSH with a key."
)
CLAIMS_PER_ADDRESS = 4
NOBODY_SO_NAMED = N_("Nobody is known on this server as {name}.")
GAME_NOT_KEPT = N_("That game is not kept on this server.")
"""Seats of tables not finished that one address may have claimed by code."""


def summary(
    record: TableRecord, *, connected: Iterable[bool], spectators: int
) -> TableSummary | None:
    """The table as the lobby shows it, or None when it is finished (no longer listed)."""
    from ..game.model import Phase

    game = record.game
    if game.phase is Phase.OVER or record.code is None:
        return None
    seats = tuple(
        SeatSummary.model_construct(
            name=player.name,
            level=player.level,
            free=seat.free,
            connected=seat.key is None or here,
        )
        for player, seat, here in zip(game.players, record.seats, connected, strict=True)
    )
    return TableSummary.model_construct(
        code=record.code,
        seats=seats,
        round=game.round,
        house_rules=game.house_rules,
        spectators=spectators,
        started=bool(game.log),
        turn_time=record.turn_time,
        rated=record.rated,
    )


class LobbyRoom:
    """The lobby's clients, and the tables they were last told of.

    ``summaries`` gives every table's summary now, by code (finished ones left out);
    ``summary_of(code)`` one table's, or None when it is finished or gone.
    """

    def __init__(
        self,
        summaries: Callable[[], dict[str, TableSummary]],
        summary_of: Callable[[str], TableSummary | None],
        leaders: Callable[[], tuple[Leader, ...]] = tuple,
    ) -> None:
        self._summaries = summaries
        self._summary_of = summary_of
        self._leaders = leaders
        self._leaders_changed = False
        self.clients: set[ServerConnection] = set()
        self._told: dict[str, TableSummary] = {}
        """Each table as the lobby's clients were last told it."""
        self._changed: set[str] = set()
        self._timer: asyncio.TimerHandle | None = None

    def welcome(self, *, may_open: bool, known: bool = False, you: str | None = None) -> Lobby:
        """What a client entering the lobby is sent: every table now (at most
        :data:`~.protocol.MAX_LOBBY_TABLES`, oldest first), and who it is here."""
        self._flush()  # what the others were told is what this one starts from
        tables = tuple(self._summaries().values())[:MAX_LOBBY_TABLES]
        self._told.update((table.code, table) for table in tables)
        return Lobby.model_construct(
            tables=tables, may_open=may_open, known=known, you=you, leaders=self._leaders()
        )

    def leaders_changed(self) -> None:
        """A rated game moved the leaderboard: tell it soon."""
        if not self.clients:
            return
        self._leaders_changed = True
        if self._timer is None:
            self._timer = asyncio.get_running_loop().call_later(GATHER_SECONDS, self._flush)

    def changed(self, code: str | None) -> None:
        """The table ``code`` names may look different in the lobby: tell it soon."""
        if code is None or not self.clients:
            return
        self._changed.add(code)
        if self._timer is None:
            loop = asyncio.get_running_loop()
            self._timer = loop.call_later(GATHER_SECONDS, self._flush)

    def _flush(self) -> None:
        """Tell the lobby every table changed since it was last told, in one message."""
        from websockets.asyncio.server import broadcast

        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        changed, self._changed = self._changed, set()
        tables: list[TableSummary] = []
        gone: list[str] = []
        for code in sorted(changed):
            now = self._summary_of(code)
            if now is None:
                if self._told.pop(code, None) is not None:
                    gone.append(code)
            elif self._told.get(code) != now:
                self._told[code] = now
                tables.append(now)
        leaders = self._leaders() if self._leaders_changed else None
        self._leaders_changed = False
        if (tables or gone or leaders is not None) and self.clients:
            message = LobbyChanged.model_construct(
                tables=tuple(tables[:MAX_LOBBY_TABLES]),
                gone=tuple(gone[:MAX_LOBBY_TABLES]),
                leaders=leaders,
            )
            broadcast(self.clients, message.model_dump_json())

    def leave(self, socket: ServerConnection) -> None:
        """A client left the lobby; with none left, nothing told is remembered (the next
        one is sent every table)."""
        self.clients.discard(socket)
        if not self.clients:
            self._told.clear()

    def close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None


def unnamed(connection: Connection) -> bool:
    """Whether the server would know this lobby's client, but by no name yet."""
    return connection.credential is not None and connection.person is None


class LobbyDesk:
    """The lobby's side of :class:`~.server.TableServer` (its mixin): a client in the lobby
    served, tables opened from it, seats claimed by code, the lobby's summaries."""

    if TYPE_CHECKING:
        database: TableDatabase
        lobby: LobbyRoom
        tables: dict[str, LiveTable]
        _codes: dict[str, LiveTable]
        _connections: set[Connection]
        _strangers: OrderedDict[ServerConnection, str]
        _password: str | None
        open_tables_by: OpenTables
        rated: bool

        def open(
            self,
            players: Sequence[Player],
            house_rules: HouseRules | None,
            *,
            free: bool,
            person: str | None = None,
            rated: bool = False,
        ) -> TableRecord: ...

        async def _refuse(
            self, connection: Connection, refusal: Refusal, code: int = 1008
        ) -> None: ...

        async def _send(self, connection: Connection, refusal: Refusal) -> None: ...

        async def _slowed(self, address: str) -> Misses | None: ...

        def _welcome_again(self, table: LiveTable) -> None: ...

        def _missed(self, address: str, misses: Misses | None, what: str) -> None: ...

        def _no_room(self, connection: Connection, address: str) -> Refusal | None: ...

        def _address(self, connection: Connection) -> str: ...

        async def _read(self, connection: Connection, raw: str | bytes) -> ClientMessage | None: ...

        def _credential(self, connection: Connection, enter: Enter) -> str | None: ...

    def claim(
        self,
        code: str,
        seat: int | None,
        *,
        watch: bool = False,
        name: str | None = None,
        by: str | None = None,
        person: Person | None = None,
        unnamed: bool = False,
    ) -> Claimed:
        """The free seat ``seat`` (None: the first) of the table ``code`` names given (to a
        client at address ``by``), and kept, before it is told: its key in the answer.
        Watching: the table's id only. A player the server knows (``person``) takes the seat
        under their name, and is given back the seat they hold there already; one it would
        know (``unnamed``) names themself first. Raises
        :class:`Refusal` for no such table, a seat not free, an address holding
        :data:`CLAIMS_PER_ADDRESS` seats already, or a step not kept."""
        table = self._codes.get(code)
        if table is None or table.record.game.phase is Phase.OVER:
            raise Refusal(NO_SUCH_CODE, code=code)
        record = table.record
        if watch:
            return Claimed(code=code, table=record.id)
        if person is not None:
            mine = seat_held_by(record, person.id)
            if mine is not None:  # theirs already: from another window, or a new visit
                key = record.seats[mine].key
                return Claimed(code=code, table=record.id, seat=mine, key=key)
            name = person.name
        elif unnamed:
            raise Refusal(NAME_FIRST if any(s.free for s in record.seats) else NO_FREE_SEAT)
        elif record.rated:
            raise Refusal(RATED_KNOWN_ONLY)
        elif name is not None and self.database.name_holder(name) is not None:
            name = None  # a guest goes by no name a player known here has

        held = sum(
            list(each.claimed_by.values()).count(by) for each in self._held() if by is not None
        )
        if held >= CLAIMS_PER_ADDRESS:
            raise Refusal(
                N_("You have taken {count} seats here already: finish a game first."),
                count=held,
            )
        claimed, seat = claim(record, seat, name, None if person is None else person.id)
        try:
            self.database.save(claimed)
        except (sqlite3.Error, OSError) as error:
            log.error("table %s: a seat not given, not kept: %s", record.id, error)
            raise unsaved(error) from None
        renamed = claimed.game.players[seat].name != record.game.players[seat].name
        table.record = claimed
        if by is not None:
            table.claimed_by[seat] = by
        if renamed:
            self._welcome_again(table)  # the players at the table see the new name
        log.info("table %s (%s): seat %d given to %s", record.id, code, seat + 1, who(table, seat))
        self.lobby.changed(code)
        return Claimed(code=code, table=record.id, seat=seat, key=claimed.seats[seat].key)

    def _leaders(self) -> tuple[Leader, ...]:
        """The leaderboard: the best rated players the server knows."""
        return tuple(
            Leader(name=p.name, mu=p.mu or 0.0, sigma=p.sigma or 0.0, games=p.games, best=p.best)
            for p in self.database.leaders(MAX_LEADERS)
        )

    def _held(self) -> list[LiveTable]:
        """The tables an address's caps count: those not finished, and the finished ones
        someone is still at (which their players may play again)."""
        return [
            table
            for table in self.tables.values()
            if table.record.game.phase is not Phase.OVER or table.clients
        ]

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

    def _summary(self, table: LiveTable) -> TableSummary | None:
        _, _, spectators, _, _, _ = table.looks()
        return summary(table.record, connected=table.connected(), spectators=spectators)

    async def _in_lobby(self, connection: Connection, enter: Enter) -> None:
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
        full = self._no_room(connection, address)
        if full is not None:
            await self._refuse(connection, full)
            return
        self._strangers.pop(socket, None)
        connection.address = address
        self._connections.add(connection)
        may_open = self.open_tables_by == "anyone"
        credential = connection.credential = self._credential(connection, enter)
        person = connection.person = (
            None if credential is None else self.database.person(credential)
        )
        welcome = self.lobby.welcome(
            may_open=may_open,
            known=credential is not None,
            you=None if person is None else person.name,
        ).model_dump_json()
        self.lobby.clients.add(socket)  # before the welcome goes: no change is missed
        await socket.send(welcome)
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
                answer: Claimed | Named | Games | GameKept
                if isinstance(message, TakeName):
                    answer = self._named(connection, message)
                elif isinstance(message, AskGames):
                    answer = self._games(message, connection.person)
                elif isinstance(message, AskGame):
                    answer = self._game(message)
                elif isinstance(message, OpenTable) and unnamed(connection):
                    raise Refusal(NAME_FIRST)  # a seat is taken under the player's name
                elif isinstance(message, OpenTable):
                    answer = self._opened(message, address, may_open, connection.person)
                elif isinstance(message, Claim):
                    misses = await self._slowed(address)
                    try:
                        answer = self.claim(
                            message.code,
                            message.seat,
                            watch=message.watch,
                            name=message.name,
                            by=address,
                            person=connection.person,
                            unnamed=unnamed(connection),
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

    def _named(self, connection: Connection, message: TakeName) -> Named:
        """Know the lobby's client by the name it asks for from now on (the first time)."""
        if connection.credential is None:
            raise Refusal(NOT_KNOWN)
        if connection.person is not None:
            raise Refusal(NAMED_ALREADY, name=connection.person.name)
        name = checked_name(message.name)
        try:
            connection.person = self.database.add_person(connection.credential, new_id(), name)
        except NameTaken:
            raise Refusal(NAME_TAKEN, name=name) from None
        except (sqlite3.Error, OSError) as error:
            log.error("a name not kept: %s", printable(str(error))[:200])
            raise unsaved(error) from None
        log.info("%s: known here as %r", connection.address, name)
        return Named(name=name)

    def _games(self, message: AskGames, person: Person | None) -> Games:
        """The recent rated games of the player named (None: the client's own)."""
        if message.name is None:
            if person is None:
                raise Refusal(NAME_FIRST)
            found, name = person.id, person.name
        else:
            holder = self.database.name_holder(message.name)
            if holder is None:
                raise Refusal(NOBODY_SO_NAMED, name=message.name)
            found = holder
            name = self.database.people([holder])[holder].name
        games = self.database.recent_games(found, MAX_RECENT_GAMES)
        return Games(name=name, games=tuple(games))

    def _game(self, message: AskGame) -> GameKept:
        """A rated game whole, to analyse."""
        game = self.database.rated_game(message.table, message.number)
        if game is None:
            raise Refusal(GAME_NOT_KEPT)
        return GameKept(table=message.table, number=message.number, game=game)

    def _opened(
        self, message: OpenTable, address: str, may_open: bool, person: Person | None
    ) -> Claimed:
        """Open the table a lobby's client asked for: its first human seat theirs (under
        their name, for a player the server knows)."""
        if not may_open:
            raise Refusal(N_("On this server only its host opens tables."))
        mine = [table for table in self._held() if table.opened_by == address]
        if len(mine) >= OPENS_PER_ADDRESS:
            raise Refusal(
                N_("You have {count} tables open here already: finish one first."),
                count=len(mine),
            )
        if all(one.level is not None for one in message.seats):
            raise Refusal(N_("A table opened here has a seat for you: set up a human player."))
        rated = message.rated or self.rated
        if rated and person is None:
            raise Refusal(RATED_KNOWN_ONLY)
        if rated and len(message.seats) < 2:
            raise Refusal(N_("A rated table has 2 to 8 players."))
        from ..game.strategy.cache import rules_text

        # Each set of house rules the server's computers play under (a stand-in plays at
        # any table) is solved once and kept: a few sets, not every one a stranger names.
        played = {rules_text(table.record.game.house_rules) for table in self.tables.values()}
        if rules_text(message.house_rules) not in played and len(played) >= RULE_SETS:
            raise Refusal(
                N_(
                    "This server's tables play under {count} sets of house rules already: "
                    "open yours under one of them (the lobby shows them)."
                ),
                count=len(played),
            )
        # Built unchecked: the table's opening checks the names as the game does.
        players = [Player.model_construct(name=one.name, level=one.level) for one in message.seats]
        first = next(index for index, one in enumerate(message.seats) if one.level is None)
        if person is not None:
            players[first] = Player.model_construct(name=person.name)
        elif self.database.name_holder(players[first].name) is not None:
            raise Refusal(NAME_TAKEN, name=players[first].name)
        try:
            record = self.open(
                players,
                message.house_rules,
                free=True,
                person=None if person is None else person.id,
                rated=rated,
            )
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
