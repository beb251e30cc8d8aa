"""How a window plays online: the table joined from the command line, a link joined from
the setup screen, and the one table the window may serve itself (:class:`.hosting.HostedTable`).

Plain Python: :class:`OnlinePlay` makes each :class:`~.remote.RemoteTable` and hands it to
the app to sit at (the app leaves the table of now and shows the joining screen). The
client, the server and websockets behind them load when first used, not with the first frame.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..game.model import HouseRules, Player
from .table import Window

if TYPE_CHECKING:
    from ..online.client import Address
    from .hosting import HostedTable
    from .remote import RemoteTable


class OnlinePlay:
    """This window's ways to online tables.

    ``sit`` is the app's: leave the table of now and play at the one given, showing that
    its server is being reached until its game arrives.
    """

    def __init__(
        self, window: Window, sit: Callable[[RemoteTable, str], None], first: Address | None
    ) -> None:
        self._window = window
        self._sit = sit
        self.first = first
        """The table to join at once (``generala-tui join``): when it ends, so does the app,
        with :attr:`ended_with` to print."""
        self.ended_with: str | None = None
        """Why the table joined from the command line ended (a wrong key, a full server)."""
        self._hosted: HostedTable | None = None

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

    def sit_at(self, address: Address) -> None:
        """Play at the table at ``address`` (quitting a table this window serves stops it
        for everyone at it)."""
        from .remote import RemoteTable

        hosting = self._hosted is not None and self._hosted.server is not None
        self._sit(RemoteTable(address, self._window, hosting=hosting), address.server)

    def ends_the_app(self, message: str) -> bool:
        """The table refused this window for good: whether the app ends (joined from the
        command line: ``message`` is kept to print) rather than going back to its setup."""
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
        if self._hosted is not None:
            await self._hosted.close()
