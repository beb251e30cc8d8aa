"""What the player would hate to lose: the game in progress, finished games, preferences.

Every write goes through one background thread, in the order asked for, so
the UI never waits on the disk and a later state never lands before an
earlier one. The autosave holds the game after every step; a finished game
goes to the history (with what each player's decisions cost, when the
strategy can tell) and leaves the autosave. A disk that refuses is reported
once, and the game goes on.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

from .. import i18n, store
from ..game.model import GameState, Phase
from . import table_words
from .table import Tables

_LONGEST_HOLD = 10.0
"""Seconds a held keeper waits for :meth:`Keeper.release` before writing anyway."""

Warn = Callable[[str], None]
"""Tells the player something went wrong with a file (called on the UI thread)."""


class Keeper:
    """Saves the game after every step, files finished games, remembers preferences."""

    def __init__(self, warn: Warn, *, held: bool = False) -> None:
        """``held``: write nothing until :meth:`release` (the app's first frame drawn:
        the first write builds the saved game's schema and syncs a file, on a thread
        that would take turns with the one drawing that frame)."""
        self._warn = warn
        self._loop: asyncio.AbstractEventLoop | None = None
        self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="generala-disk")
        self._lock = threading.Lock()
        self._latest: GameState | None = None
        self._latest_language: str | None = None
        """The newest state asked to be saved."""
        self._on_disk: GameState | None = None
        """The state the autosave file holds, as far as this process wrote it."""
        self._unsaved: Path | None = None
        """The folder the last autosave could not write in, if it failed: the game in
        progress is not on disk."""
        self._told: set[str] = set()
        self._slot: store.GameSlot | None = None
        self._slot_taken = False
        self._found_none = False
        """Whether the UI looked for a saved game and found none in any slot: the slot is
        taken by the first save then, and is one no game is saved in."""
        self.beside_another = False
        """Whether another window holds a saved game, so this one keeps its game apart."""
        self.waiting = 0
        """Other unfinished games saved, which no window holds (:attr:`store.GameSlot.waiting`)."""
        self._released = threading.Event()
        if held:
            self._writer.submit(self._released.wait, _LONGEST_HOLD)
        self.preferences, self.startup_warning = store.load_preferences()

    # --- the writer -----------------------------------------------------------

    def release(self) -> None:
        """Start writing what was asked while held (and anything asked from now on)."""
        self._released.set()

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        """Tell the player of trouble through this (the UI's) event loop."""
        self._loop = loop

    def _submit(self, job: Callable[[], str | None]) -> Future[None]:
        def run() -> None:
            warning = job()
            loop = self._loop
            if warning is not None and loop is not None and not loop.is_closed():
                # Never wait on the UI from here: it may be waiting on this thread to close.
                loop.call_soon_threadsafe(self._tell, warning)

        return self._writer.submit(run)

    def _tell(self, warning: str) -> None:
        # The same trouble is told once a session, not after every step.
        kind = warning.split("(")[0]
        if kind not in self._told:
            self._told.add(kind)
            self._warn(warning)

    async def flush(self) -> None:
        """Wait until everything asked so far is on disk (or refused)."""
        await asyncio.wrap_future(self._writer.submit(lambda: None))

    def close(self) -> None:
        """Finish the writes asked for, then stop the writer and let go of the game's file."""
        self.release()
        self._writer.shutdown(wait=True)
        if self._slot is not None:
            self._slot.release()

    # --- the game's file ----------------------------------------------------------

    def _take_slot(self) -> store.GameSlot | None:
        """This window's saved game's file, locked the first time it is asked for (by the UI
        looking for the saved game, or by the writer's first save: whichever comes first)."""
        with self._lock:
            if not self._slot_taken:
                self._slot_taken = True
                self._slot, self.beside_another = store.take_game_slot(keep_saved=self._found_none)
                self.waiting = 0 if self._slot is None else self._slot.waiting
            return self._slot

    # --- the game ---------------------------------------------------------------

    def autosave(self, state: GameState) -> Future[None]:
        """Save ``state`` as the game in progress (only the newest of quick steps is written),
        with the language it is played in."""
        with self._lock:
            self._latest = state
            self._latest_language = i18n.language()
        return self._submit(self._write_latest)

    def _write_latest(self) -> str | None:
        with self._lock:
            state, language = self._latest, self._latest_language
        if state is None or state is self._on_disk:
            return None
        slot = self._take_slot()
        if slot is None:
            self._unsaved = store.state_dir()
            return table_words.no_game_slot(store.state_dir())
        warning = store.save_game(state, slot.number, language=language)
        self._unsaved = None if warning is None else slot.path.parent
        if warning is None:
            self._on_disk = state
        return warning

    @property
    def unsaved_in(self) -> Path | None:
        """The folder the last autosave of the game in progress could not write in, when it
        failed (quitting then loses the game); None when it was saved."""
        return self._unsaved

    def file_finished(self, state: GameState, losses: dict[str, float] | None) -> Future[None]:
        """Keep a finished game in the history; the autosave lets go of it."""

        def job() -> str | None:
            warning = store.add_to_history(state, losses)
            if warning is None and self._on_disk is state and self._slot is not None:
                store.clear_game(self._slot.number)
                self._on_disk = None
            return warning

        return self._submit(job)

    async def file_analysed(self, state: GameState, tables: Tables) -> None:
        """Keep a finished game in the history, with what each player's decisions cost (the
        game is kept all the same when the strategy can't tell)."""
        from ..game.strategy import analyse_game

        losses: dict[str, float] | None = None
        try:
            strategy = await tables.get(state.house_rules)
            analyses = await asyncio.to_thread(analyse_game, state, strategy)
            losses = {analysis.name: analysis.total_loss for analysis in analyses}
        except Exception:
            losses = None
        await asyncio.wrap_future(self.file_finished(state, losses))

    def saved_game(self) -> tuple[GameState | None, str | None, str | None]:
        """The autosaved game in progress (of this window: one another window holds is left
        to it), the language it was played in, and a warning; a finished one found there is
        filed first."""
        with self._lock:
            if not self._slot_taken and not store.any_saved_game():
                # Nothing to offer: no lock (nor filelock) before the first frame.
                self._found_none = True
                return None, None, None
        slot = self._take_slot()
        if slot is None:
            return None, None, None
        saved, warning = store.load_saved_game(slot.number)
        if saved is None:
            return None, None, warning
        if saved.game.phase is Phase.OVER:
            self._on_disk = saved.game
            self.file_finished(saved.game, None)
            return None, None, warning
        return saved.game, saved.language, warning

    # --- preferences ------------------------------------------------------------

    def remember(self, **changes: Any) -> None:
        """Change and save preferences (``house_rules=...``, ``coach=...``, ...)."""
        self.preferences = self.preferences.model_copy(update=changes)
        preferences = self.preferences
        self._submit(lambda: store.save_preferences(preferences))
