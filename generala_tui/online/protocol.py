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
from ..game.model import FrozenModel, GameState, Level

MAX_CLIENT_MESSAGE = 4096
"""The most bytes of one message a client may send (a move is under 200)."""
MAX_SERVER_MESSAGE = 1 << 20
"""The most bytes of one message the server sends (a table with its whole log is far less)."""
PROTOCOL = 3
"""The protocol's version: a client of another is refused in words, not misunderstood.

3: every hold press is a step of the log until the next roll settles them (a
:class:`Hold`'s step counts them); 2: a step sent, not the table; 1: the table sent whole."""

TableId = Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{8,64}$")]
"""A table's id: :func:`secrets.token_urlsafe`'s alphabet, unguessable, in the join URL."""
SeatKey = Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{8,64}$")]
"""A seat's key: the secret that lets its holder play that seat."""
Step = Annotated[int, Field(ge=0, le=100_000)]


class Join(FrozenModel):
    """The first message: take the seat ``key`` opens at ``table`` (a spectator: no key)."""

    kind: Literal["join"] = "join"
    protocol: int = PROTOCOL
    table: TableId
    key: SeatKey | None = None


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


ClientMessage = Annotated[Join | Move | Hold, Field(discriminator="kind")]
CLIENT_MESSAGE: TypeAdapter[Join | Move | Hold] = TypeAdapter(ClientMessage)


class SeatView(FrozenModel):
    """One seat as every client sees it: whether a computer plays it and who is connected."""

    level: Level | None = None
    """The computer's level, for a computer seat (or a human's seat the table plays while
    they are away: ``stand_in``)."""
    connected: bool = False
    """Whether the seat's player is at the table now (computers always are)."""
    stand_in: bool = False
    """Whether the table plays this human's turns for now, the player being away too long."""


class Presence(FrozenModel):
    """Who is at a table: its seats as every client sees them, the spectators, and whether
    the game waits."""

    seats: tuple[SeatView, ...] = Field(max_length=8)
    spectators: Annotated[int, Field(ge=0)] = 0
    paused: bool = False
    """Whether the game waits for an away player to come back."""


class Table(Presence):
    """A table as every client sees it: the game (seed hidden), and who is at it."""

    id: TableId
    game: GameState

    @model_validator(mode="after")
    def _a_view_a_seat(self) -> Self:
        if len(self.seats) != len(self.game.players):
            raise ValueError("a table shows one seat for each of its players")
        return self


class Welcome(FrozenModel):
    """The server's answer to :class:`Join`: the seat taken (None: watching) and the table."""

    kind: Literal["welcome"] = "welcome"
    protocol: int = PROTOCOL
    seat: Annotated[int, Field(ge=0, le=7)] | None
    table: Table


Face = Annotated[int, Field(ge=1, le=6)]


class Played(FrozenModel):
    """A step taken at the table: the move the seat to act made (at its ``step``), and for
    a roll the dice it threw, in position order. Every client plays it through the rules
    (:func:`.tables.follow`) and has the table the server has."""

    kind: Literal["played"] = "played"
    move: Annotated[Move | Hold, Field(discriminator="kind")]
    dice: tuple[Face, ...] = Field(default=(), max_length=5)


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


ServerMessage = Annotated[Welcome | Played | Seats | Refused, Field(discriminator="kind")]
SERVER_MESSAGE: TypeAdapter[Welcome | Played | Seats | Refused] = TypeAdapter(ServerMessage)
