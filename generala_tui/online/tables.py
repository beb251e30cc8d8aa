"""An online table's own record and its one way to move: no network, no database.

A :class:`TableRecord` is what the server keeps of a table (and writes to its database
after every step): the game, and for each seat either the key that lets its human play
it or the level of the computer that does. :func:`take` plays one message of one seat
through the rules, refusing what is not that seat's to do now, and every client plays
the step it is sent by :func:`follow`, the same rules with the same dice, so the two
agree. The server rolls the dice (:func:`draw`) from the operating system's randomness,
so nothing a client is sent tells what the dice will do. A table opened with a seed
(``host --seed``, for tests and demonstrations) rolls from it as a local game does; the
seed stays on the server (:func:`public` sends 0).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Container, Sequence
from typing import Annotated, Literal

from pydantic import Field

from ..game import rules
from ..game.action import Action, ActionKind
from ..game.model import (
    NUMBER_OF_DICE,
    FrozenModel,
    GameState,
    HouseRules,
    Level,
    Phase,
    Player,
    Rolled,
)
from ..game.refusals import Refusal
from ..game.words import N_
from .protocol import (
    CODE_LENGTH,
    CODE_LETTERS,
    Code,
    Hold,
    Move,
    Played,
    RatingChange,
    SeatKey,
    Seats,
    SeatView,
    Table,
    TableId,
)

_DICE = random.SystemRandom()
"""The server's dice: the operating system's randomness, no seed anyone could learn."""

Away = Literal["computer", "pause"]
"""What a table does when a human is away on their turn for too long: a computer plays
for them until they are back, or the game waits."""


class Seat(FrozenModel):
    """A seat: a human's (``key`` lets its holder play it) or a computer's (``level``)."""

    key: SeatKey | None = None
    level: Level | None = None
    free: bool = False
    """A human seat whose key nobody has been given yet: the first to claim it by the
    table's code (:class:`~.protocol.Claim`) is given it."""
    person: str | None = None
    """The id of the player the server knows who holds it (:mod:`.people`; None: a guest,
    or nobody yet)."""


class TableRecord(FrozenModel):
    """What the server keeps of a table."""

    id: TableId
    seats: tuple[Seat, ...]
    game: GameState
    code: Code | None = None
    """Its short code (:func:`new_code`); a table kept by a server before codes is given
    one when it is loaded."""
    number: Annotated[int, Field(ge=1)] = 1
    """Which game at the table this is (:func:`again` deals the next)."""
    turn_time: Annotated[float, Field(gt=0, le=86_400)] | None = None
    """The seconds a human has for a turn before a computer plays it (None: no clock)."""
    opener: Annotated[int, Field(ge=0, le=7)] | None = None
    """The seat of the player who opened the table: its first human's (None: a table of a
    release before openers)."""
    by_code: bool = False
    """Whether its seats are taken by its code (a table opened in the lobby, or hosted from
    the setup screen), not handed out as links (``host --players``)."""
    away: Away = "computer"
    created: Annotated[float, Field(ge=0)] = 0.0
    seeded: bool = False
    """Whether the dice come from the game's seed (else from :func:`draw`)."""
    rated: bool = False
    """Whether its end moves its known players' ratings (:mod:`.ratings`)."""
    ratings: tuple[RatingChange, ...] = ()
    """Once its rated game is over: the ratings it moved (kept with its end)."""


def new_id() -> str:
    """A fresh, unguessable table id or seat key (96 random bits)."""
    return secrets.token_urlsafe(12)


def new_code(taken: Container[str] = ()) -> str:
    """A fresh table code, none of ``taken``."""
    while True:
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
        if code not in taken:
            return code


def read_code(typed: str) -> str | None:
    """The table code in what a player typed (any case, spaces and dashes around or
    between its letters: "k7q-xm3"), or None when it is not one."""
    code = "".join(typed.split()).replace("-", "").upper()
    if len(code) == CODE_LENGTH and set(code) <= set(CODE_LETTERS):
        return code
    return None


def open_table(
    players: Sequence[Player],
    house_rules: HouseRules | None = None,
    *,
    away: Away = "computer",
    created: float = 0.0,
    seed: int | None = None,
    code: str | None = None,
    free: bool = False,
    turn_time: float | None = None,
    person: str | None = None,
    rated: bool = False,
) -> TableRecord:
    """A new table for ``players`` (computers where their level says), each human seat with
    its own key; with ``free``, every human seat but the first is free until claimed by
    the table's code. The first human seat's player is the table's opener (``person``, the
    player the server knows there, if any). Raises
    :class:`~generala_tui.game.rules.IllegalMove` for bad names."""
    game = rules.new_game(list(players), house_rules, seed=0 if seed is None else seed)
    humans = [index for index, player in enumerate(game.players) if player.level is None]
    seats = tuple(
        Seat(level=player.level)
        if player.level is not None
        else Seat(
            key=new_id(),
            free=free and index != humans[0],
            person=person if index == humans[0] else None,
        )
        for index, player in enumerate(game.players)
    )
    return TableRecord(
        id=new_id(),
        seats=seats,
        game=game,
        away=away,
        created=created,
        seeded=seed is not None,
        code=code or new_code(),
        turn_time=turn_time,
        opener=humans[0] if humans else None,
        by_code=free,
        rated=rated,
    )


NO_FREE_SEAT = N_("This table has no free seat: you may watch it.")


def claim(
    record: TableRecord, seat: int | None, name: str | None = None, person: str | None = None
) -> tuple[TableRecord, int]:
    """The table with its free seat ``seat`` (None: the first free one) given (to
    ``person``, a player the server knows), and the seat; raises :class:`Refusal` when it
    is not free. The seat takes ``name`` when the game takes it there (no other seat has
    it, it is a name), else keeps the opener's."""
    free = [index for index, each in enumerate(record.seats) if each.free]
    if seat is None and free:
        seat = free[0]
    if seat is None or seat not in free:
        if seat is not None and 0 <= seat < len(record.seats):
            name = record.game.players[seat].name
            raise Refusal(N_("{name}'s seat is taken: choose a free one, or watch."), name=name)
        raise Refusal(NO_FREE_SEAT)
    seats = list(record.seats)
    seats[seat] = seats[seat].model_copy(update={"free": False, "person": person})
    game = record.game
    taken = _named(game, seat, name) if name is not None else None
    if taken is not None:  # else the seat keeps the name it was opened with
        players = list(game.players)
        players[seat] = players[seat].model_copy(update={"name": taken})
        game = game.model_copy(update={"players": tuple(players)})
    return record.model_copy(update={"seats": tuple(seats), "game": game}), seat


def _named(game: GameState, seat: int, name: str) -> str | None:
    """``name`` as the game takes it for ``seat`` (trimmed), or None when it takes it not
    (another seat has it, or it is no name)."""
    names = [player.name for player in game.players]
    names[seat] = name
    try:
        return rules.validate_names(names)[seat]
    except rules.IllegalMove:
        return None


def seat_held_by(record: TableRecord, person: str) -> int | None:
    """The seat at this table the player ``person`` holds, if any."""
    return next((i for i, seat in enumerate(record.seats) if seat.person == person), None)


def seat_of(record: TableRecord, key: str) -> int | None:
    """The seat ``key`` opens at this table, or None; compared in constant time."""
    found = None
    for index, seat in enumerate(record.seats):
        if seat.key is not None and secrets.compare_digest(seat.key, key):
            found = index
    return found


def draw(record: TableRecord, action: Action) -> list[int] | None:
    """The dice a roll throws, from the server's own randomness (None: from the seed)."""
    if record.seeded:
        return None
    state = record.game
    thrown = NUMBER_OF_DICE if not state.turn.rolls else NUMBER_OF_DICE - len(action.held)
    return [_DICE.randint(1, 6) for _ in range(thrown)]


def again(record: TableRecord) -> tuple[TableRecord, list[int]]:
    """The table's next game, the first seat moved on by one as at one keyboard (each seat,
    its key, with its player), and where each seat of the last game sits now."""
    game = record.game
    order = [*range(1, len(game.players)), 0]
    players = [Player(name=game.players[i].name, level=game.players[i].level) for i in order]
    seed = game.seed + 1 if record.seeded else 0
    dealt = rules.new_game(players, game.house_rules, seed=seed)
    seats = tuple(record.seats[i] for i in order)
    moved = [order.index(seat) for seat in range(len(order))]
    opener = None if record.opener is None else moved[record.opener]
    update = {
        "game": dealt,
        "seats": seats,
        "number": record.number + 1,
        "opener": opener,
        "ratings": (),
    }
    return record.model_copy(update=update), moved


REMOVED = N_("The table's opener gave your seat to someone else: this link plays it no more.")
"""What the connection of a removed seat's player is told, as it is let go."""


def remove(record: TableRecord, by: int | None, seat: int) -> TableRecord:
    """The table with ``seat``'s player removed by seat ``by``'s: a new key (the old one
    opens nothing), the seat free. Raises :class:`Refusal` when ``by`` is not the table's
    opener, or ``seat`` is theirs, a computer's, or no seat."""
    if by is None or by != record.opener:
        raise Refusal(N_("Only the player who opened this table may remove a player."))
    if seat == by or not 0 <= seat < len(record.seats) or record.seats[seat].key is None:
        raise Refusal(N_("That is not another player's seat."))
    seats = list(record.seats)
    seats[seat] = Seat(key=new_id(), free=True)
    return record.model_copy(update={"seats": tuple(seats)})


def turn_refusal(game: GameState, seat: int | None) -> Refusal | None:
    """Why ``seat`` (None: a spectator) may not move in ``game`` now; None when it is that
    seat's turn. The server refuses by it, and a client asks it before sending, so a move
    out of turn is refused at once, in the same words, without a message there and back."""
    if seat is None:
        return Refusal(N_("You are watching this table: only its players move."))
    if game.phase is Phase.OVER:
        return Refusal(N_("The game is over."))
    if seat != game.current:
        return Refusal(N_("It is {name}'s turn, not yours."), name=game.players[game.current].name)
    return None


SEAT_TAKEN = N_("This seat was taken in another window: this one has left the table.")
"""Why the server lets a connection go: its seat was taken again on a newer one."""


def take(record: TableRecord, seat: int | None, message: Move | Hold) -> tuple[GameState, Played]:
    """The game after ``seat`` (None: a spectator) plays ``message``, and the step as every
    client is sent it; raises :class:`~generala_tui.game.refusals.Refusal` (and changes
    nothing) when it is not that seat's to play now, the table has moved on since the client
    saw it, or the rules say no."""
    state = record.game
    refusal = turn_refusal(state, seat)
    if refusal is not None:
        raise refusal
    if message.step != len(state.log):
        raise Refusal(N_("The table moved on before your move arrived: look again."))
    if isinstance(message, Hold):
        return rules.toggle_hold(state, message.die), Played(move=message)
    action = message.action
    rolls = action.kind is ActionKind.ROLL
    after = rules.play(state, action, draw(record, action) if rolls else None)
    if not rolls:
        return after, Played(move=message)
    roll = after.log[-1]
    assert isinstance(roll, Rolled)
    return after, Played(move=message, dice=tuple(roll.dice[die] for die in roll.thrown))


def follow(game: GameState, played: Played) -> GameState:
    """The game after ``played``, as the server played it: what every client does with a
    step it is sent (the same rules, the server's dice). Raises :class:`OutOfStep` when it
    is not the next step of ``game``, or the rules refuse it there."""
    move = played.move
    if move.step != len(game.log):
        raise OutOfStep(f"step {move.step} sent to a game at step {len(game.log)}")
    try:
        if isinstance(move, Hold):
            return rules.toggle_hold(game, move.die)
        return rules.play(game, move.action, played.dice if played.dice else None)
    except rules.IllegalMove as error:
        raise OutOfStep(f"step {move.step} refused by the rules: {error}") from None


class OutOfStep(ValueError):
    """A step that does not follow the game a client has: the client is out of step with
    its server (which should never be), and asks for the table again."""


def presence(
    record: TableRecord,
    *,
    connected: Sequence[bool],
    stand_ins: Sequence[bool],
    spectators: int = 0,
    paused: bool = False,
    watchers: tuple[str, ...] = (),
    again: tuple[int, ...] = (),
) -> Seats:
    """Who is at the table, as every client is sent it. Built from parts made here, so not
    validated again."""
    seats = tuple(
        SeatView.model_construct(
            level=seat.level if seat.level is not None else (Level.EXPERT if stand_in else None),
            connected=seat.key is None or here,
            stand_in=stand_in,
        )
        for seat, here, stand_in in zip(record.seats, connected, stand_ins, strict=True)
    )
    return Seats.model_construct(
        seats=seats, spectators=spectators, paused=paused, watchers=watchers, again=again
    )


def public(record: TableRecord, at: Seats, turn_left: float | None = None) -> Table:
    """The table as a client joining it is sent it: the game without its seed, and who is
    at it (``at``). Built from parts already checked (the game validated when it was
    played), so not validated again: a step's whole game would be checked once more."""
    return Table.model_construct(
        id=record.id,
        code=record.code,
        number=record.number,
        turn_time=record.turn_time,
        turn_left=turn_left,
        opener=record.opener,
        rated=record.rated,
        ratings=record.ratings,
        game=record.game.model_copy(update={"seed": 0}),
        seats=at.seats,
        spectators=at.spectators,
        paused=at.paused,
        watchers=at.watchers,
        again=at.again,
    )
