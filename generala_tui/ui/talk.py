"""Talk at an online table: the lines said there, who this window has muted, and a line
said from here (plain Python: the chat screen shows it, :class:`~.remote.RemoteTable`
keeps it).

The server paces and checks what is said (``online/server.py``); here a player is muted
by name, for this window only: their lines are neither shown nor told until unmuted.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

from ..online.protocol import MAX_SAID, Said

SAY = Callable[[str], Coroutine[Any, Any, bool]]


class Talk:
    """What is said at one table, as this window hears it."""

    def __init__(self, say: SAY, seat: Callable[[], int | None]) -> None:
        self._say = say
        self._seat = seat
        self.heard: list[Said] = []
        """Every line said at the table lately, oldest first (the muted too)."""
        self.muted: set[str] = set()
        """The names whose lines this window does not show (folded: ``ana`` mutes Ana)."""
        self.may_talk = False
        """Whether this window may talk at the table (a watcher only where its host allows)."""
        self._tasks: set[asyncio.Task[bool]] = set()

    @property
    def lines(self) -> list[Said]:
        """The lines to show: every one but the muted players'."""
        return [said for said in self.heard if not self.is_muted(said)]

    def is_muted(self, said: Said) -> bool:
        return said.name is not None and said.name.casefold() in self.muted

    def is_mine(self, said: Said) -> bool:
        return said.seat is not None and said.seat == self._seat()

    def mute(self, name: str, on: bool = True) -> None:
        folded = name.strip().casefold()
        if on:
            self.muted.add(folded)
        else:
            self.muted.discard(folded)

    def say(self, text: str) -> None:
        """Send ``text`` (cut to :data:`~generala_tui.online.protocol.MAX_SAID`)."""
        task = asyncio.get_running_loop().create_task(self._say(text[:MAX_SAID]))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
