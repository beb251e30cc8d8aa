"""What the table server holds of a table while it serves it: the record, who is at it
(their connections, each seat's budgets), and what the table does for an away or idle
player; plain state and what follows from it, no network (:mod:`.server` serves it,
:mod:`.play` moves it on)."""

from __future__ import annotations

import asyncio
import errno
import logging
import time
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar

from ..game.model import GameState, Phase
from ..game.refusals import Refusal
from ..game.words import N_
from .limits import Budget
from .people import Person
from .protocol import (
    MAX_CHAT_KEPT,
    MAX_NAMED_WATCHERS,
    Said,
)
from .tables import TableRecord

if TYPE_CHECKING:
    from websockets.asyncio.server import ServerConnection


log = logging.getLogger("generala_tui.online")


def chat_budget() -> Budget:
    """What a seat (or a watcher) may say: :data:`SAY_BURST` lines at once, one each
    :data:`SAY_SECONDS` over time."""
    return Budget(tokens=SAY_BURST, burst=SAY_BURST, per_second=1 / SAY_SECONDS)


SAY_BURST = 5
SAY_SECONDS = 2.0
WATCHER_TALKS_KEPT = 64
"""Addresses whose watchers' talk budgets a table keeps before it forgets those gone."""


@dataclass(eq=False)
class Connection:
    """One connection at a table (or in the lobby): its seat, and what it may send."""

    socket: ServerConnection
    seat: int | None = None
    budget: Budget = field(default_factory=Budget)
    talk: Budget = field(default_factory=chat_budget)
    """What this connection may say (a seat's: the seat's own, across reconnects)."""
    name: str | None = None
    """The name a watcher gave (None: none, or a seat's player)."""
    address: str = ""
    """Who it comes from, for the limits per address (an IPv6 /64)."""
    credential: str | None = None
    """What proves who its player is, in the lobby (:mod:`.people`; None: a guest)."""
    person: Person | None = None
    """The player the server knows it as (None: a guest, or not named yet)."""


Looks = tuple[tuple[bool, ...], tuple[bool, ...], int, bool, tuple[str, ...], tuple[int, ...]]
"""Who is at a table: per seat whether its player is connected and whether a computer
stands in, the spectators, whether the game waits, the watchers' names, and the seats
that would play again."""


@dataclass(eq=False)
class LiveTable:
    """A table being served: its record as kept, and who is at it now."""

    record: TableRecord
    clients: set[Connection] = field(default_factory=set)
    overdue: list[bool] = field(default_factory=list)
    """Per seat: its player has been away on their turn too long (and not back since)."""
    away_since: list[float | None] = field(default_factory=list)
    driver: asyncio.Task[None] | None = None
    away_timer: asyncio.TimerHandle | None = None
    shown: Looks | None = None
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
    clock_turn: Turn | None = None
    """The turn the clock runs for."""
    turn_began: float = 0.0
    opened_by: str | None = None
    """The address that opened it from the lobby (None: the host did)."""
    claimed_by: dict[int, str] = field(default_factory=dict)
    """The addresses that claimed its seats by its code, by seat."""
    watcher_talks: dict[str, Budget] = field(default_factory=dict)
    """What the watchers of each address may say (a seat's player's budget is the seat's),
    the same across their reconnects."""

    def __post_init__(self) -> None:
        seats = len(self.record.seats)
        self.overdue = [False] * seats
        self.away_since = [None] * seats
        self.budgets = [Budget() for _ in range(seats)]
        self.talks = [chat_budget() for _ in range(seats)]
        self.idle = [False] * seats

    def watcher_talk(self, address: str) -> Budget:
        """The talk budget of ``address``'s watchers at this table, across reconnects; the
        addresses kept are those of its watchers now and, up to :data:`WATCHER_TALKS_KEPT`,
        those who talked lately."""
        if address not in self.watcher_talks and len(self.watcher_talks) >= WATCHER_TALKS_KEPT:
            here = {client.address for client in self.clients}
            self.watcher_talks = {a: b for a, b in self.watcher_talks.items() if a in here}
        return self.watcher_talks.setdefault(address, chat_budget())

    def looks(self) -> Looks:
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
        if turn_time is None or self.clock is None or self.clock_turn != turn_of(self.record.game):
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


Turn = tuple[int, int, int, Phase]


def turn_of(game: GameState) -> Turn:
    """Which turn of the game is being played (a clock runs for each)."""
    return game.round, game.current, len(game.tie_breaks), game.phase


_T = TypeVar("_T")


def moved_seats(per_seat: list[_T], moved: list[int]) -> list[_T]:
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


def who(table: LiveTable, seat: int | None) -> str:
    if seat is None:
        return "a spectator"
    return repr(table.record.game.players[seat].name)


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
