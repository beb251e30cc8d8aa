"""The one way into the strategy tables: start them, follow their progress, wait for them.

A table is computed (or read from the disk cache) in a thread worker of the
app; its progress and readiness are reported through the app's reactives, and
its failure through the app's one worker-failure handler, like every worker's.
A failed table is not tried again until :meth:`Solver.retry`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING

from .. import store
from ..game.model import HouseRules

if TYPE_CHECKING:
    from textual.app import App

    from ..game.strategy import Strategy

SOLVE_GROUP = "solve"
"""The worker group of the strategy tables."""


class StrategyFailed(RuntimeError):
    """The strategy table could not be computed; the message says why."""


class Solver:
    """The strategy tables the app needs, computed once each, off the UI thread.

    ``on_progress(fraction or None)`` is called on the UI thread as a table
    is computed (None when no table is being computed) and ``on_ready()``
    when one is done.
    """

    def __init__(
        self,
        app: App[None],
        on_progress: Callable[[float | None], None],
        on_ready: Callable[[], None],
    ) -> None:
        self._app = app
        self._on_progress = on_progress
        self._on_ready = on_ready
        self._done: dict[str, asyncio.Event] = {}
        self._failed: dict[str, str] = {}

    def ready(self, house_rules: HouseRules) -> Strategy | None:
        """The table for these rules if it is in memory; None otherwise (nothing is started)."""
        from ..game.strategy import cached_strategy

        return cached_strategy(house_rules)

    def failure(self, house_rules: HouseRules) -> str | None:
        """Why the table for these rules could not be computed, if it could not."""
        from ..game.strategy import strategy_key

        return self._failed.get(strategy_key(house_rules))

    def prepare(self, house_rules: HouseRules) -> Strategy | None:
        """The table if it is ready; otherwise start computing it (once) and return None."""
        from ..game.strategy import strategy_key

        ready = self.ready(house_rules)
        if ready is not None:
            return ready
        key = strategy_key(house_rules)
        if key not in self._done and key not in self._failed:
            self._done[key] = asyncio.Event()
            self._on_progress(0.0)
            self._app.run_worker(
                lambda: self._solve(house_rules, key),
                name=f"strategy table ({key[:8]})",
                group=SOLVE_GROUP,
                thread=True,
                exit_on_error=False,
            )
        return None

    async def get(self, house_rules: HouseRules) -> Strategy:
        """The table for these rules, computed first if need be; :class:`StrategyFailed` if not."""
        from ..game.strategy import strategy_key

        key = strategy_key(house_rules)
        while True:
            ready = self.prepare(house_rules)
            if ready is not None:
                return ready
            if key in self._failed:
                raise StrategyFailed(self._failed[key])
            await self._done[key].wait()

    def retry(self) -> None:
        """Forget the failures: the next request computes those tables again."""
        self._failed.clear()

    def _solve(self, house_rules: HouseRules, key: str) -> None:
        from ..game.strategy import solve

        def progress(done: float) -> None:
            self._app.call_from_thread(self._on_progress, done)

        try:
            solve(house_rules, progress=progress, tables=store.strategy_tables)
        except Exception as error:
            self._app.call_from_thread(self._finished, key, str(error) or type(error).__name__)
            raise  # the worker fails, and the app's one handler tells the player
        self._app.call_from_thread(self._finished, key, None)

    def _finished(self, key: str, error: str | None) -> None:
        if error is not None:
            self._failed[key] = error
        done = self._done.pop(key, None)
        if done is not None:
            done.set()
        self._on_progress(None)
        if error is None:
            self._on_ready()
