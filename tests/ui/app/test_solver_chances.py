"""The app's solver computes the champion's win chances in a worker, once, and a request for
the strategy table of the same rules meanwhile waits for them instead of a second worker."""

from __future__ import annotations

from typing import Any

from generala_tui.game.model import HouseRules
from generala_tui.game.strategy import chances as chances_module
from generala_tui.game.strategy import optimal
from generala_tui.game.strategy.cache import Memo
from generala_tui.ui.solver import SOLVE_GROUP

from ..conftest import running


async def test_the_win_chances_and_their_strategy_come_from_one_worker(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # Nothing in memory: the tables come from a worker (computed, or read from the disk cache).
    monkeypatch.setattr(optimal, "_memory", Memo())
    monkeypatch.setattr(chances_module, "_memory", Memo())
    house_rules = HouseRules(generala_points=60)
    async with running(computer_delay=60) as (app, pilot):
        await pilot.pause()
        started: list[str] = []
        run_worker = app.run_worker

        def recorded(work: Any, *args: Any, **options: Any) -> Any:
            if options.get("group") == SOLVE_GROUP:
                started.append(options["name"])
            return run_worker(work, *args, **options)

        monkeypatch.setattr(app, "run_worker", recorded)
        solver = app.solver
        assert solver.prepare_chances(house_rules) is None
        assert solver.prepare_chances(house_rules) is None  # started once
        assert solver.prepare(house_rules) is None  # the chances will bring it
        assert len(started) == 1 and started[0].startswith("win chances (")
        strategy = await solver.get(house_rules)
        chances = await solver.get_chances(house_rules)
        assert len(started) == 1
        assert chances.house_rules == house_rules and chances.strategy is strategy
        assert solver.ready(house_rules) is strategy
        assert solver.ready_chances(house_rules) is not None
        assert app.strategy_progress is None  # the progress ended with the worker
        # The tables are in memory now: no worker at all for them again.
        assert solver.prepare_chances(house_rules) is not None
        assert len(started) == 1
