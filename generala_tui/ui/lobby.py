"""A visit to a table server's lobby: its tables as they change, and a seat taken there.

Plain Python, as the tables are: :class:`LobbyVisit` keeps the lobby's client
(:class:`~generala_tui.online.lobby_client.LobbyClient`) and tells the lobby screen what
it should show through :class:`LobbyView`; a seat claimed, or a table opened, is kept in
the player's home (:mod:`generala_tui.store.seats`) and sat at through
:class:`~.online_play.OnlinePlay`. The screen never talks to the network itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import Awaitable, Callable, Sequence
from typing import Protocol

from ..game.model import HouseRules, Player
from ..online.lobby_client import LobbyClient, LobbyRefused
from ..online.protocol import Claimed, GameKept, Games, NewSeat, Refused, TableSummary
from . import table_words
from .remote import said


def own_name(players: Sequence[Player] | None) -> str | None:
    """The name this window's player goes by at a table they join: their setup's first
    human seat's (None: nobody set up, the seat keeps the name its table gave it)."""
    return next((player.name for player in players or () if player.level is None), None)


def own_token(server: str) -> str | None:
    """This player's secret at ``server`` (made and kept the first time), by which it knows
    them; None in a game run for an SSH visitor (their key says who they are) or when it
    cannot be kept (a guest)."""
    from ..online.protocol import RELAY_VARIABLE
    from ..store.identities import token_for

    if os.environ.get(RELAY_VARIABLE):
        return None
    return token_for(server)


class LobbyView(Protocol):
    """What a visit tells the screen showing it."""

    def tables_changed(self, tables: dict[str, TableSummary], may_open: bool) -> None:
        """The lobby's tables by code, as they stand now, and whether this window may open one."""
        ...

    def connection_changed(self, connected: bool) -> None:
        """The lobby's connection made, or lost (it is made again by itself)."""
        ...

    def ended(self, message: str) -> None:
        """The server refused the lobby for good (a wrong password, another version): why."""
        ...


class LobbyVisit:
    """This window in a server's lobby, until it sits down or leaves.

    ``sit(claimed)`` plays at the table a claim or an opening gave (the seat kept first).
    """

    def __init__(
        self,
        server: str,
        sit: Callable[[Claimed], None],
        *,
        password: str | None = None,
        players: Sequence[Player] | None = None,
    ) -> None:
        self.server = server
        self._sit = sit
        self.players = list(players) if players else None
        """Who a table opened from here seats (None: nobody set up yet)."""
        self.view: LobbyView | None = None
        self.client = LobbyClient(
            server,
            password=password,
            token=own_token(server),
            on_lobby=self._tables,
            on_refused=self._refused,
            on_connected=self._connected,
        )
        self._task: asyncio.Task[None] | None = None

    def start(self, view: LobbyView) -> None:
        """Enter the lobby, telling ``view`` what it shows from now on."""
        self.view = view
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        try:
            await self.client.run()
        except Exception as error:  # no table server there: an HTTP page, a bad handshake
            if self.view is not None:
                self.view.ended(table_words.could_not_join(self.server, str(error)))

    def _tables(self, tables: dict[str, TableSummary], may_open: bool) -> None:
        if self.view is not None:
            self.view.tables_changed(tables, may_open)

    def _refused(self, refused: Refused) -> None:
        if self.view is not None and refused.final:
            self.view.ended(said(refused))

    def _connected(self, connected: bool) -> None:
        if self.view is not None:
            self.view.connection_changed(connected)

    async def take(self, code: str, seat: int | None = None, *, watch: bool = False) -> str | None:
        """Sit at the table ``code`` names: in its free seat ``seat`` (None: the first), or
        watching; None when done, else why not, in words."""
        name = own_name(self.players)
        return await self._sit_down(self.client.claim(code, seat, watch=watch, name=name))

    @property
    def asks_name(self) -> bool:
        """Whether the server would know this player by a name they have not chosen yet."""
        return self.client.known and self.client.you is None

    async def take_name(self, name: str) -> str | None:
        """Be known on this server as ``name``; None when done, else why not, in words."""
        try:
            await self.client.take_name(name)
        except LobbyRefused as refused:
            return said(refused.refused)
        except ConnectionError:
            return table_words.not_connected()
        return None

    async def open(
        self, players: Sequence[Player], house_rules: HouseRules, *, rated: bool = False
    ) -> str | None:
        """Open a table of ``players`` (this window at its first human seat; ``rated``: a
        rated one), as :meth:`take`."""
        seats = [NewSeat(name=player.name, level=player.level) for player in players]
        return await self._sit_down(self.client.open(seats, house_rules, rated=rated))

    async def games(self, name: str | None = None) -> Games | str:
        """The recent rated games of the player known here as ``name`` (None: this
        player's own), or why not, in words."""
        try:
            return await self.client.games(name)
        except LobbyRefused as refused:
            return said(refused.refused)
        except ConnectionError:
            return table_words.not_connected()

    async def game(self, table: str, number: int) -> GameKept | str:
        """One of those games whole, to analyse, or why not, in words."""
        try:
            return await self.client.game(table, number)
        except LobbyRefused as refused:
            return said(refused.refused)
        except ConnectionError:
            return table_words.not_connected()

    async def _sit_down(self, asked: Awaitable[Claimed]) -> str | None:
        try:
            claimed = await asked
        except LobbyRefused as refused:
            return said(refused.refused)
        except ConnectionError:
            return table_words.not_connected()
        self.view = None  # the lobby is left: nothing it says now is shown
        self._sit(claimed)
        return None

    async def close(self) -> None:
        """Leave the lobby."""
        await self.client.close()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
