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
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from .protocol import MAX_LOBBY_TABLES, Lobby, LobbyChanged, SeatSummary, TableSummary
from .tables import TableRecord

if TYPE_CHECKING:
    from websockets.asyncio.server import ServerConnection

GATHER_SECONDS = 0.05
"""How long the lobby gathers changes before it tells them, so a burst is one message."""
OPENS_PER_ADDRESS = 4
"""Tables not finished that one address (an IPv6 /64) may have opened from the lobby."""


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
    ) -> None:
        self._summaries = summaries
        self._summary_of = summary_of
        self.clients: set[ServerConnection] = set()
        self._told: dict[str, TableSummary] = {}
        """Each table as the lobby's clients were last told it."""
        self._changed: set[str] = set()
        self._timer: asyncio.TimerHandle | None = None

    def welcome(self, *, may_open: bool) -> Lobby:
        """What a client entering the lobby is sent: every table now (at most
        :data:`~.protocol.MAX_LOBBY_TABLES`, oldest first)."""
        self._flush()  # what the others were told is what this one starts from
        tables = tuple(self._summaries().values())[:MAX_LOBBY_TABLES]
        self._told.update((table.code, table) for table in tables)
        return Lobby.model_construct(tables=tables, may_open=may_open)

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
        if (tables or gone) and self.clients:
            message = LobbyChanged.model_construct(
                tables=tuple(tables[:MAX_LOBBY_TABLES]), gone=tuple(gone[:MAX_LOBBY_TABLES])
            )
            broadcast(self.clients, message.model_dump_json())

    def close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
