"""The one way into the strategy tables: start them, follow their progress, wait for them.

A table is computed (or read from the disk cache) in a thread worker of the
app; its progress and readiness are reported through the app's reactives, and
its failure through the app's one worker-failure handler, like every worker's.
A failed table is not tried again until :meth:`Solver.retry`.

The champion's win-chance tables (:mod:`generala_tui.game.strategy.chances`)
come the same way (:meth:`Solver.prepare_chances`, :meth:`Solver.get_chances`).
They rest on the strategy table and solve it too, so while they are being
computed a request for the strategy table of the same rules waits for them
instead of computing it a second time beside them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING

from .. import store
from ..game.model import GameState, HouseRules, Level

if TYPE_CHECKING:
    from textual.app import App

    from ..game.strategy import Strategy
    from ..game.strategy.chances import Chances

SOLVE_GROUP = "solve"
"""The worker group of the strategy tables."""

_CHANCES = "chances-"
"""Before a rule set's strategy key, the key of its win-chance tables (every rule matters to
them, the tie-break too, so the whole rule set follows)."""


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

    def prepare_for(self, game: GameState, *, coach: bool, win_chances: bool) -> None:
        """Start the tables ``game`` will need: its experts' strategy, its champions' win
        chances, the coach's (``coach``: with the win chances at a table of two or more) and
        the win-chance bar's (``win_chances``); the win chances solve the strategy too."""
        levels = {player.level for player in game.players}
        at_table = len(game.players) > 1
        if Level.CHAMPION in levels or (at_table and (win_chances or coach)):
            self.prepare_chances(game.house_rules)
        elif coach or Level.EXPERT in levels:
            self.prepare(game.house_rules)

    def prepare(self, house_rules: HouseRules) -> Strategy | None:
        """The table if it is ready; otherwise start computing it (once) and return None."""
        from ..game.strategy import strategy_key

        ready = self.ready(house_rules)
        if ready is not None:
            return ready
        key = strategy_key(house_rules)
        if self._chances_solving(key) is None:  # the chance tables solve the strategy too
            self._start(house_rules, key, chances=False, name=f"strategy table ({key[:8]})")
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
            done = self._done.get(key) or self._chances_solving(key)
            assert done is not None  # prepare started one or the other
            await done.wait()

    def _chances_solving(self, key: str) -> asyncio.Event | None:
        """The event of win-chance tables being computed on the strategy table ``key``."""
        return next(
            (done for name, done in self._done.items() if name.startswith(f"{_CHANCES}{key} ")),
            None,
        )

    def ready_chances(self, house_rules: HouseRules) -> Chances | None:
        """The win-chance tables for these rules if they are in memory; None otherwise."""
        from ..game.strategy.chances import cached_chances

        return cached_chances(house_rules)

    def chances_failure(self, house_rules: HouseRules) -> str | None:
        """Why the win-chance tables for these rules could not be computed, if they could not."""
        return self._failed.get(_chances_key(house_rules))

    def prepare_chances(self, house_rules: HouseRules) -> Chances | None:
        """The win-chance tables if they are ready; otherwise start computing them (once)
        and return None."""
        ready = self.ready_chances(house_rules)
        if ready is not None:
            return ready
        from ..game.strategy import strategy_key

        short = strategy_key(house_rules)[:8]
        self._start(
            house_rules, _chances_key(house_rules), chances=True, name=f"win chances ({short})"
        )
        return None

    async def get_chances(self, house_rules: HouseRules) -> Chances:
        """The win-chance tables for these rules, computed first if need be;
        :class:`StrategyFailed` if they can't be."""
        key = _chances_key(house_rules)
        while True:
            ready = self.prepare_chances(house_rules)
            if ready is not None:
                return ready
            if key in self._failed:
                raise StrategyFailed(self._failed[key])
            await self._done[key].wait()

    def _start(self, house_rules: HouseRules, key: str, *, chances: bool, name: str) -> None:
        """Compute the tables of ``key`` in a worker named ``name``, unless they are being
        computed or failed."""
        if key in self._done or key in self._failed:
            return
        self._done[key] = asyncio.Event()
        self._on_progress(0.0)
        self._app.run_worker(
            lambda: self._solve(house_rules, key, chances),
            name=name,
            group=SOLVE_GROUP,
            thread=True,
            exit_on_error=False,
        )

    def retry(self) -> None:
        """Forget the failures: the next request computes those tables again."""
        self._failed.clear()

    def _solve(self, house_rules: HouseRules, key: str, chances: bool = False) -> None:
        from ..game.strategy import solve
        from ..game.strategy.chances import solve_chances

        def progress(done: float) -> None:
            self._app.call_from_thread(self._on_progress, done)

        try:
            if chances:
                solve_chances(house_rules, progress=progress, tables=store.strategy_tables)
            else:
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


def _chances_key(house_rules: HouseRules) -> str:
    from ..game.strategy import strategy_key

    return f"{_CHANCES}{strategy_key(house_rules)} {house_rules.model_dump_json()}"
