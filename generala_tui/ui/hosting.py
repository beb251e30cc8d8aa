"""A table server run inside the app, for the table set up on its setup screen.

The player hosting sits at the first human seat; the others join with the commands
:meth:`HostedTable.open` returns. The server is the one ``generala-tui host`` runs
(:class:`~generala_tui.online.server.TableServer`), on the app's own event loop, its
tables kept in the game's data folder beside the host command's; it stops when the app
does (:meth:`HostedTable.close`). Listening on every interface (``0.0.0.0``), the
commands name this machine by its host name, which the others' machines must be able to
reach; behind a router, the address it forwards is the one to send instead.
"""

from __future__ import annotations

import socket
from collections.abc import Sequence

from ..game.model import HouseRules, Player
from ..online.client import join_url
from ..online.invites import code_command, first_human
from ..online.server import TableServer

_WILDCARDS = frozenset({"0.0.0.0", "::", "[::]"})
TURN_TIME = 120.0
"""The turn clock of a table hosted from the setup screen, as ``generala-tui host``'s."""


def _shown_host(address: str) -> str:
    return f"[{address}]" if ":" in address and not address.startswith("[") else address


class HostedTable:
    """One table at a time, served from this app."""

    def __init__(self) -> None:
        self.server: TableServer | None = None
        self.own_url: str | None = None
        """The join link of the seat the host takes, once a table is open."""

    async def open(
        self, players: Sequence[Player], house_rules: HouseRules, address: str, port: int
    ) -> list[str]:
        """Open the table on ``address``:``port``, its other human seats free; the command
        that takes one (the table's code). Raises :class:`OSError` (folder or port) or
        :class:`~generala_tui.game.refusals.Refusal` (the table)."""
        from .. import store

        await self.close()
        server = TableServer(store.data_dir() / "tables", turn_time=TURN_TIME)
        try:
            record = server.open(players, house_rules, free=True)
            await server.start(address, port)
        except BaseException:
            await server.close()
            raise
        self.server = server
        wildcard = address in _WILDCARDS
        reachable = socket.gethostname() if wildcard else _shown_host(address)
        public = f"ws://{reachable}:{port}"
        mine = first_human(record)
        local = f"ws://{'127.0.0.1' if wildcard else _shown_host(address)}:{port}"
        self.own_url = join_url(local, record.id, record.seats[mine].key)
        return [code_command(public, record.code or "")]

    async def close(self) -> None:
        """Stop the server, if one runs."""
        server, self.server, self.own_url = self.server, None, None
        if server is not None:
            await server.close()
