"""The messages of an online table: every one a pydantic model, validated on arrival.

A client (``generala-tui join``) opens a WebSocket to the table server
(``generala-tui host``) and says :class:`Join` first: the table, and its seat's key
(none for a spectator). The server answers :class:`Welcome`: the seat taken and the
table as it stands, whole. From then on it sends what changes, not the table again:
after every step anyone takes, :class:`Played` (the move, and the dice its roll threw),
which every client plays through the rules itself (:func:`.tables.follow`), as the
server did; and whenever a seat's player comes or goes, a computer stands in or the game
waits, :class:`Seats`. A player's :class:`Move` or :class:`Hold` names the step of the
game it was made at (the log's length the client saw), so a move made on a stale table
is refused, not played at the wrong moment. Anything the server will not do is
:class:`Refused`, with the reason as the game's own refusal (a template and its
parameters, said in the client's language) and in English.

A server also has a lobby (protocol 4): a client that says :class:`Enter` first (with the
server's password, if it has one) is sent :class:`Lobby`, every table not finished in
short (:class:`TableSummary`), and from then on :class:`LobbyChanged` as tables open,
fill, move on a round or end, pushed, not polled. In the lobby it may :class:`OpenTable`
(the server's host may keep that to themself) and :class:`Claim` a free seat of a table
by its short :data:`Code` (or ask to watch it); the server answers :class:`Claimed` with
the table's id and the seat's key, kept before it is told, which the client then joins
as any seat's player does.

Messages are JSON text frames, at most :data:`MAX_CLIENT_MESSAGE` bytes from a client
(a move is under 200) and :data:`MAX_SERVER_MESSAGE` from the server (a whole game's
table, with its log, is under 100 kB; a step is a few hundred bytes). The server never
sends the game's seed: it rolls the dice itself (:mod:`secrets`), so no client can tell
what comes next.
"""

from __future__ import annotations

from typing import Annotated, Literal, Self

from pydantic import Field, TypeAdapter, model_validator

from ..game.action import Action
from ..game.model import FrozenModel, GameState, HouseRules, Level

MAX_CLIENT_MESSAGE = 4096
"""The most bytes of one message a client may send (a move is under 200)."""
MAX_SERVER_MESSAGE = 1 << 20
"""The most bytes of one message the server sends (a table with its whole log is far less)."""
PROTOCOL = 6
"""The protocol's version: a client of another is refused in words, not misunderstood.

6: a player's recent rated games, and one of them whole (:class:`AskGames`, :class:`Games`,
:class:`AskGame`, :class:`GameKept`); 5: players known to a server (:class:`Enter`'s
``token``, :class:`TakeName`,
:class:`Named`, :class:`Lobby`'s ``you``), rated tables (:class:`OpenTable`'s ``rated``,
:class:`Rated`, :class:`Table`'s ``ratings``) and the leaderboard (:class:`Leader`); 4: a
lobby (:class:`Enter`, :class:`Lobby`, :class:`OpenTable`, :class:`Claim`), tables named by
a short code, seats free until claimed; 3: every hold press is a step of the
log until the next roll settles them (a :class:`Hold`'s step counts them); 2: a step
sent, not the table; 1: the table sent whole."""
RELAY_HEADER = "Generala-Relay"
"""The handshake header by which a game the server runs for a visitor (over SSH) says whose
it is: the token the server gave that game, which stands for the visitor's own address in
the limits per address (every such game connects from the server's own machine)."""
RELAY_VARIABLE = "GENERALA_TUI_RELAY"
"""The environment variable a relayed game is given its token in (never its command line)."""

TableId = Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{8,64}$")]
"""A table's id: :func:`secrets.token_urlsafe`'s alphabet, unguessable, in the join URL."""
SeatKey = Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{8,64}$")]
"""A seat's key: the secret that lets its holder play that seat."""
Step = Annotated[int, Field(ge=0, le=100_000)]
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""The letters of a table's code: no two a reader could take for each other (no I, L, 1,
O or 0)."""
CODE_LENGTH = 6
Code = Annotated[str, Field(pattern=rf"^[{CODE_LETTERS}]{{{CODE_LENGTH}}}$")]
"""A table's short code on its server (31**6, about 900 million): said aloud or typed to
join it. Not a secret like a seat's key: it opens only the free seats, and the watching."""
SeatIndex = Annotated[int, Field(ge=0, le=7)]
Seconds = Annotated[float, Field(ge=0, le=86_400)]


class Join(FrozenModel):
    """The first message: take the seat ``key`` opens at ``table`` (a spectator: no key,
    and the ``name`` the others see them by, if they give one)."""

    kind: Literal["join"] = "join"
    protocol: int = PROTOCOL
    table: TableId
    key: SeatKey | None = None
    name: Annotated[str, Field(max_length=100)] | None = None


class Move(FrozenModel):
    """Make a decision (a roll with its holds, a fill, a tie-break's end) at step ``step``."""

    kind: Literal["move"] = "move"
    step: Step
    action: Action


class Hold(FrozenModel):
    """Hold or release die ``die`` (0 to 4) at step ``step``."""

    kind: Literal["hold"] = "hold"
    step: Step
    die: Annotated[int, Field(ge=0, le=4)]


class Here(FrozenModel):
    """This seat's player is back at the keys: the computer that stood in for them since
    their clock ran out stops."""

    kind: Literal["here"] = "here"


class Remove(FrozenModel):
    """The table's opener removes seat ``seat``'s player: the seat's key is made anew (its
    old link ends), and the seat is free to be claimed by the table's code; meanwhile a
    computer plays it, or the game waits, as the table does for an away player."""

    kind: Literal["remove"] = "remove"
    seat: SeatIndex


class Again(FrozenModel):
    """At a finished table: this seat would play another game there (``yes``), or no longer
    would. When every human seat would, the server deals it."""

    kind: Literal["again"] = "again"
    yes: bool = True


MAX_SAID = 200
"""The most characters of one line said to a table."""


class Say(FrozenModel):
    """A line to everyone at the table (at most :data:`MAX_SAID` characters; the server
    takes what a terminal shows as itself and drops the rest)."""

    kind: Literal["say"] = "say"
    text: Annotated[str, Field(max_length=4 * MAX_SAID)]


Token = Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{32,64}$")]
"""A ``join`` client's secret for one server: who it is there (:mod:`.people`)."""


class Enter(FrozenModel):
    """The first message of a lobby's client: enter the server's lobby (its ``password``,
    for a server that has one), as the player its ``token`` proves (none: a guest, or a
    visitor over SSH, whom their key proves)."""

    kind: Literal["enter"] = "enter"
    protocol: int = PROTOCOL
    password: Annotated[str, Field(max_length=200)] | None = None
    token: Token | None = Field(default=None, repr=False)


class TakeName(FrozenModel):
    """In the lobby: be known on this server as ``name`` from now on (a player it knows by
    their token or key, the first time)."""

    kind: Literal["name"] = "name"
    name: Annotated[str, Field(max_length=100)]


class NewSeat(FrozenModel):
    """A seat of a table to open: its player's name and, for a computer, its level (the
    names are checked as the game checks them, when the table opens)."""

    name: Annotated[str, Field(max_length=100)]
    level: Level | None = None


class OpenTable(FrozenModel):
    """Open a table in the lobby with these seats and house rules. The opener is given its
    first human seat (:class:`Claimed`); the others are free until claimed."""

    kind: Literal["open"] = "open"
    seats: tuple[NewSeat, ...] = Field(min_length=1, max_length=8)
    house_rules: HouseRules = Field(default_factory=HouseRules)
    rated: bool = False
    """A rated table: only players the server knows sit at it, the turn clock runs, and its
    end moves their ratings."""


class Claim(FrozenModel):
    """Take a free seat of the table ``code`` names: ``seat`` (None: the first free one),
    or just watch it (``watch``). With a ``name``, the seat takes it (unless another seat
    has it, or it is not one the game takes: then the seat keeps the opener's)."""

    kind: Literal["claim"] = "claim"
    code: Code
    seat: SeatIndex | None = None
    watch: bool = False
    name: Annotated[str, Field(max_length=100)] | None = None


class AskGames(FrozenModel):
    """In the lobby: the recent rated games of the player the server knows by ``name``
    (None: this client's own)."""

    kind: Literal["games"] = "games"
    name: Annotated[str, Field(max_length=100)] | None = None


class AskGame(FrozenModel):
    """In the lobby: one rated game whole (a :class:`GameSummary`'s), to analyse it."""

    kind: Literal["game"] = "game"
    table: TableId
    number: Annotated[int, Field(ge=1)]


_ClientMessages = (
    Join
    | Move
    | Hold
    | Say
    | Again
    | Here
    | Remove
    | Enter
    | OpenTable
    | Claim
    | TakeName
    | AskGames
    | AskGame
)
ClientMessage = Annotated[_ClientMessages, Field(discriminator="kind")]
CLIENT_MESSAGE: TypeAdapter[_ClientMessages] = TypeAdapter(ClientMessage)


class SeatView(FrozenModel):
    """One seat as every client sees it: whether a computer plays it and who is connected."""

    level: Level | None = None
    """The computer's level, for a computer seat (or a human's seat the table plays while
    they are away: ``stand_in``)."""
    connected: bool = False
    """Whether the seat's player is at the table now (computers always are)."""
    stand_in: bool = False
    """Whether the table plays this human's turns for now, the player being away too long."""


MAX_NAMED_WATCHERS = 20
"""The most watchers a table names (the rest are counted)."""


class Presence(FrozenModel):
    """Who is at a table: its seats as every client sees them, the spectators (and the
    names of those who gave one), and whether the game waits."""

    seats: tuple[SeatView, ...] = Field(max_length=8)
    spectators: Annotated[int, Field(ge=0)] = 0
    watchers: tuple[Annotated[str, Field(max_length=100)], ...] = Field(
        default=(), max_length=MAX_NAMED_WATCHERS
    )
    again: tuple[SeatIndex, ...] = Field(default=(), max_length=8)
    """At a finished table, the seats that would play another game there."""
    paused: bool = False
    """Whether the game waits for an away player to come back."""


Rating = Annotated[float, Field(ge=-1000, le=1000)]


class RatingChange(FrozenModel):
    """A seat's rating after a rated game (``mu``, ± ``sigma``) and before it."""

    seat: SeatIndex
    mu: Rating
    sigma: Rating
    before: Rating


class Table(Presence):
    """A table as every client sees it: the game (seed hidden), and who is at it."""

    id: TableId
    code: Code | None = None
    """Its short code (None from a server before protocol 4)."""
    number: Annotated[int, Field(ge=1)] = 1
    """Which game at this table it is: the first, or one played again after it."""
    turn_time: Seconds | None = None
    """The table's turn clock: the seconds a human has for a turn before a computer plays it
    for them (None: no clock)."""
    turn_left: Seconds | None = None
    """The seconds left of the turn being played when this was sent (a :class:`Welcome`'s)."""
    opener: SeatIndex | None = None
    """The seat of the player who opened the table (who may remove another's player);
    None: the server's host opened it."""
    rated: bool = False
    """Whether its end moves its players' ratings (no coach or win chances at it)."""
    ratings: tuple[RatingChange, ...] = Field(default=(), max_length=8)
    """Once a rated game is over: each known player's rating after it, and before."""
    game: GameState

    @model_validator(mode="after")
    def _a_view_a_seat(self) -> Self:
        if len(self.seats) != len(self.game.players):
            raise ValueError("a table shows one seat for each of its players")
        return self


class Said(FrozenModel):
    """A line said at the table: by seat ``seat`` (None: a watcher), under ``name``."""

    kind: Literal["said"] = "said"
    seat: SeatIndex | None = None
    name: Annotated[str, Field(max_length=100)] | None = None
    """Who said it (None: a watcher who gave no name)."""
    text: Annotated[str, Field(max_length=MAX_SAID)]


MAX_CHAT_KEPT = 50
"""The most lines said that a table keeps, and sends with its :class:`Welcome`."""


class Welcome(FrozenModel):
    """The server's answer to :class:`Join`: the seat taken (None: watching), the table,
    and the lines said at it lately (oldest first)."""

    kind: Literal["welcome"] = "welcome"
    protocol: int = PROTOCOL
    seat: Annotated[int, Field(ge=0, le=7)] | None
    table: Table
    chat: tuple[Said, ...] = Field(default=(), max_length=MAX_CHAT_KEPT)
    talk: bool = True
    """Whether this client may talk at the table (a watcher only where the host allows)."""


Face = Annotated[int, Field(ge=1, le=6)]


class Played(FrozenModel):
    """A step taken at the table: the move the seat to act made (at its ``step``), and for
    a roll the dice it threw, in position order. Every client plays it through the rules
    (:func:`.tables.follow`) and has the table the server has."""

    kind: Literal["played"] = "played"
    move: Annotated[Move | Hold, Field(discriminator="kind")]
    dice: tuple[Face, ...] = Field(default=(), max_length=5)


class Rated(FrozenModel):
    """A rated game has ended: its players' ratings moved (kept with the game's end)."""

    kind: Literal["rated"] = "rated"
    ratings: tuple[RatingChange, ...] = Field(default=(), max_length=8)


class Seats(Presence):
    """Who is at the table changed: a seat's player came or went, a computer stands in for
    one, or the game waits (or goes on)."""

    kind: Literal["seats"] = "seats"


Param = Annotated[str, Field(max_length=200)] | int


class Refused(FrozenModel):
    """What the server will not do, and why: ``template`` and ``params`` as the game's
    :class:`~generala_tui.game.refusals.Refusal` has them, ``english`` the sentence said.
    ``final`` when the server closes the connection after it (a bad join, a full server)."""

    kind: Literal["refused"] = "refused"
    template: Annotated[str, Field(max_length=500)]
    params: dict[Annotated[str, Field(max_length=40)], Param] = Field(
        default_factory=dict, max_length=8
    )
    english: Annotated[str, Field(max_length=1000)]
    final: bool = False


class SeatSummary(FrozenModel):
    """A seat as the lobby shows it."""

    name: Annotated[str, Field(max_length=100)]
    level: Level | None = None
    free: bool = False
    """Whether nobody has been given this human seat yet: anyone in the lobby may claim it."""
    connected: bool = False


class TableSummary(FrozenModel):
    """A table not finished, as the lobby shows it."""

    code: Code
    seats: tuple[SeatSummary, ...] = Field(min_length=1, max_length=8)
    round: Annotated[int, Field(ge=0, le=1000)] = 1
    house_rules: HouseRules = Field(default_factory=HouseRules)
    spectators: Annotated[int, Field(ge=0)] = 0
    started: bool = False
    """Whether its first die has been rolled."""
    turn_time: Seconds | None = None
    """Its turn clock, in seconds (None: none)."""
    rated: bool = False


class Leader(FrozenModel):
    """A player of the leaderboard: their rating, rated games and best total."""

    name: Annotated[str, Field(max_length=100)]
    mu: Rating
    sigma: Rating
    games: Annotated[int, Field(ge=0)]
    best: Annotated[int, Field(ge=0)] | None = None


MAX_LEADERS = 20
"""The most players the lobby's leaderboard shows."""


MAX_LOBBY_TABLES = 500
"""The most tables one lobby message lists (a server keeps fewer: ``--max-tables``): 500
summaries of eight seats with the longest names are under the client's 1 MiB."""


class Lobby(FrozenModel):
    """The answer to :class:`Enter`: every table not finished, and whether this client may
    open one."""

    kind: Literal["lobby"] = "lobby"
    protocol: int = PROTOCOL
    tables: tuple[TableSummary, ...] = Field(default=(), max_length=MAX_LOBBY_TABLES)
    may_open: bool = True
    leaders: tuple[Leader, ...] = Field(default=(), max_length=MAX_LEADERS)
    """The leaderboard, best first (by the rating less three times its uncertainty)."""
    known: bool = False
    """Whether the server can know this client (by its token or its SSH key): it may take a
    name there (:class:`TakeName`), and then takes every seat under it."""
    you: Annotated[str, Field(max_length=100)] | None = None
    """The name the server knows this client by (None: none yet, or a guest)."""


class Named(FrozenModel):
    """The answer to :class:`TakeName`: the server knows this client as ``name`` now."""

    kind: Literal["named"] = "named"
    name: Annotated[str, Field(max_length=100)]


class LobbyChanged(FrozenModel):
    """Tables opened or changed since the lobby was last told (``tables``), and those
    finished or gone (``gone``, by code)."""

    kind: Literal["lobby-changed"] = "lobby-changed"
    tables: tuple[TableSummary, ...] = Field(default=(), max_length=MAX_LOBBY_TABLES)
    gone: tuple[Code, ...] = Field(default=(), max_length=MAX_LOBBY_TABLES)
    leaders: tuple[Leader, ...] | None = Field(default=None, max_length=MAX_LEADERS)
    """The leaderboard now, when a rated game changed it (None: as it was)."""


MAX_RECENT_GAMES = 20
"""The most games one :class:`Games` lists."""


class GameSummary(FrozenModel):
    """A rated game, as a player's recent games list it: theirs at it."""

    table: TableId
    number: Annotated[int, Field(ge=1)]
    ended: Annotated[float, Field(ge=0)]
    """When it ended (seconds since the epoch)."""
    players: tuple[Annotated[str, Field(max_length=100)], ...] = Field(min_length=1, max_length=8)
    place: Annotated[int, Field(ge=1, le=8)]
    total: Annotated[int, Field(ge=0)]
    mu: Rating
    change: Rating | None = None
    """How much it moved their rating (None: their first rated game)."""


class Games(FrozenModel):
    """The answer to :class:`AskGames`: the player's rated games, the latest first."""

    kind: Literal["games"] = "games"
    name: Annotated[str, Field(max_length=100)]
    games: tuple[GameSummary, ...] = Field(default=(), max_length=MAX_RECENT_GAMES)


class GameKept(FrozenModel):
    """The answer to :class:`AskGame`: the rated game whole, with its log."""

    kind: Literal["game-kept"] = "game-kept"
    table: TableId
    number: Annotated[int, Field(ge=1)]
    game: GameState


class Claimed(FrozenModel):
    """The answer to :class:`Claim` or :class:`OpenTable`: the table, and the seat now this
    client's with its key (None for both: watching). Kept on the server before it is
    sent; the client joins the table with it (:class:`Join`) and keeps the key."""

    kind: Literal["claimed"] = "claimed"
    code: Code
    table: TableId
    seat: SeatIndex | None = None
    key: SeatKey | None = None


_ServerMessages = (
    Welcome
    | Played
    | Seats
    | Said
    | Refused
    | Lobby
    | LobbyChanged
    | Claimed
    | Named
    | Rated
    | Games
    | GameKept
)
ServerMessage = Annotated[_ServerMessages, Field(discriminator="kind")]
SERVER_MESSAGE: TypeAdapter[_ServerMessages] = TypeAdapter(ServerMessage)
