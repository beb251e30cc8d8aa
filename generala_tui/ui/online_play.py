"""How a window plays online: the table joined from the command line, a link joined from
the setup screen, a server's lobby and a table named by its code, and the one table the
window may serve itself (:class:`.hosting.HostedTable`).

Plain Python: :class:`OnlinePlay` makes each :class:`~.remote.RemoteTable` and hands it to
the app to sit at (the app leaves the table of now and shows the joining screen). The
client, the server and websockets behind them load when first used, not with the first frame.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from ..game.model import HouseRules, Player
from .table import Window

if TYPE_CHECKING:
    from ..online.client import Address
    from ..online.lobby_client import Entrance
    from ..online.protocol import Claimed
    from .hosting import HostedTable
    from .lobby import LobbyVisit
    from .remote import RemoteTable


class OnlineWindow(Window, Protocol):
    """What online play needs of the window besides a table's :class:`.table.Window`."""

    def sit_online(self, table: RemoteTable, server: str) -> None:
        """Leave the table of now and play at ``table``, showing that its server is being
        reached until its game arrives."""
        ...

    def visit_lobby(self, visit: LobbyVisit) -> None:
        """Show the lobby ``visit`` is in."""
        ...

    def reaching(self, server: str) -> None:
        """Show that ``server`` is being reached (a table's code being looked up)."""
        ...


class OnlinePlay:
    """This window's ways to online tables."""

    def __init__(self, window: OnlineWindow, first: Address | Entrance | None) -> None:
        self._window = window
        self.first = first
        """The table (or lobby) to join at once (``generala-tui join``): when its table
        refuses this window for good, the app ends, with :attr:`ended_with` to print."""
        self.ended_with: str | None = None
        """Why the table joined from the command line ended (a wrong key, a full server)."""
        self._hosted: HostedTable | None = None
        self._remote: RemoteTable | None = None
        """The online table sat at last."""
        self._kept: tuple[str, str] | None = None
        """The server and table of a seat kept in the home that :attr:`_remote` plays."""
        self._claiming: asyncio.Task[None] | None = None
        self._name: str | None = None
        """The name this window's player watches tables by (:func:`.lobby.own_name`)."""

    def join(self, url: str) -> None:
        """Play the seat of the online table ``url`` opens (watch it: no seat key); a link
        that is not a table's is told."""
        from ..game.refusals import Refusal
        from ..online.client import parse_url
        from ..words import refusal

        try:
            address = parse_url(url)
        except Refusal as error:
            self._window.tell(refusal(error), severity="error")
            return
        self.sit_at(address)

    def sit_at(self, address: Address, *, kept: bool = False) -> None:
        """Play at the table at ``address`` (quitting a table this window serves stops it
        for everyone at it); ``kept``: its seat is one kept in the home."""
        from .remote import RemoteTable

        hosting = self._hosted is not None and self._hosted.server is not None
        self._remote = RemoteTable(address, self._window, hosting=hosting, name=self._name)
        self._kept = (address.server, address.table) if kept else None
        self._window.sit_online(self._remote, address.server)

    def go(self, where: Address | Entrance, players: Sequence[Player] | None = None) -> None:
        """Play at a table's link, go to a server's lobby (where a table opened seats
        ``players``), or to a table by its code."""
        from ..online.client import Address
        from .lobby import own_name

        self._name = own_name(players)
        if isinstance(where, Address):
            self.sit_at(where)
        elif where.code is None:
            self.enter(where.server, password=where.password, players=players)
        else:
            self._window.reaching(where.server)
            task = self._by_code(where, self._name)
            self._claiming = asyncio.get_running_loop().create_task(task)

    def enter(
        self,
        server: str,
        *,
        password: str | None = None,
        players: Sequence[Player] | None = None,
    ) -> None:
        """Go to the lobby of ``server`` (a table opened there seats ``players``)."""
        from .lobby import LobbyVisit

        visit = LobbyVisit(
            server,
            lambda claimed: self.sit_claimed(server, claimed),
            password=password,
            players=players,
        )
        self._window.visit_lobby(visit)

    def lobby_ended(self, message: str) -> None:
        """The server refused the lobby for good (a wrong password, another version)."""
        self._window.table_ended(message)

    def sit_claimed(self, server: str, claimed: Claimed) -> None:
        """Play the seat the server gave (kept in the home first), or watch."""
        from ..online.client import Address
        from ..store.seats import keep_seat

        if claimed.seat is not None and claimed.key is not None:
            unkept = keep_seat(server, claimed.code, claimed.table, claimed.seat, claimed.key)
            if unkept is not None:
                from . import table_words

                self._window.tell(table_words.seat_not_kept(unkept), severity="warning")
        self.sit_at(Address(server, claimed.table, claimed.key), kept=claimed.key is not None)

    async def _by_code(self, entrance: Entrance, name: str | None) -> None:
        """The table ``entrance``'s code names: at the seat kept for it in the home, else
        the first free seat claimed (as ``name``), else watching it."""
        from ..online.client import Address
        from ..online.lobby_client import LobbyRefused, claim_seat
        from ..online.tables import NO_FREE_SEAT
        from ..store.seats import kept_seat
        from . import table_words
        from .lobby import own_token
        from .remote import said

        assert entrance.code is not None
        seat = kept_seat(entrance.server, entrance.code)
        if seat is not None:
            self.sit_at(Address(entrance.server, seat.table, seat.key), kept=True)
            return
        try:
            try:
                claimed = await claim_seat(
                    entrance.server,
                    entrance.code,
                    password=entrance.password,
                    name=name,
                    token=own_token(entrance.server),
                )
            except LobbyRefused as refused:
                if refused.refused.template != NO_FREE_SEAT:
                    raise
                claimed = await claim_seat(
                    entrance.server, entrance.code, password=entrance.password, watch=True
                )
        except LobbyRefused as refused:
            self._window.table_ended(said(refused.refused))
            return
        except OSError as error:
            self._window.table_ended(table_words.could_not_join(entrance.server, str(error)))
            return
        self.sit_claimed(entrance.server, claimed)

    def ends_the_app(self, message: str) -> bool:
        """The table refused this window for good: whether the app ends (joined from the
        command line: ``message`` is kept to print) rather than going back to its setup.
        A seat kept in the home that its table refused is forgotten (unless the refusal
        is that it was taken in another window: the key is still good)."""
        from ..online.tables import SEAT_TAKEN
        from ..store.seats import forget_seat

        remote, kept = self._remote, self._kept
        ended = None if remote is None else remote.client.ended
        if kept is not None and ended is not None and ended.template != SEAT_TAKEN:
            forget_seat(*kept)
            self._kept = None
        if self.first is None:
            return False
        self.ended_with = message
        return True

    async def host(
        self, players: Sequence[Player], house_rules: HouseRules, address: str, port: int
    ) -> list[str]:
        """Open an online table for ``players``, its server in this window; the join
        commands of the other humans (:meth:`.hosting.HostedTable.open`)."""
        from .hosting import HostedTable

        if self._hosted is None:
            self._hosted = HostedTable()
        return await self._hosted.open(players, house_rules, address, port)

    def sit_at_hosted_table(self) -> None:
        """Play the first human seat of the table :meth:`host` opened."""
        if self._hosted is not None and self._hosted.own_url is not None:
            self.join(self._hosted.own_url)

    async def close(self) -> None:
        """Stop the table server this window runs, if it does."""
        if self._claiming is not None:
            self._claiming.cancel()
        if self._hosted is not None:
            await self._hosted.close()
