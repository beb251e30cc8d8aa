"""The strategy tables come from the app's workers (the champion's win chances and their strategy
from one), failures reach the player, a retry key tries again, and the computers wait when
told to."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from generala_tui.game import rules, strategy
from generala_tui.game.model import HouseRules, Level, Player
from generala_tui.game.strategy import chances as chances_module
from generala_tui.game.strategy import optimal
from generala_tui.game.strategy.cache import Memo
from generala_tui.ui.screens.analysis import AnalysisScreen
from generala_tui.ui.screens.scorecard import ScorecardScreen
from generala_tui.ui.screens.turn import TurnScreen
from generala_tui.ui.solver import SOLVE_GROUP

from ..conftest import computer_first, footer_by_action, notices, running, settle, settle_until


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


@pytest.fixture
def broken_strategy() -> Iterator[pytest.MonkeyPatch]:
    """No table in memory, and computing one fails, until the test calls ``undo()``."""

    def fail(*args: object, **kwargs: object) -> None:
        raise OSError("no room left on the device")

    # A patch of its own: undoing it must not undo the test's other patches.
    breakage = pytest.MonkeyPatch()
    breakage.setattr(strategy, "cached_strategy", lambda house_rules: None)
    breakage.setattr(strategy, "solve", fail)
    yield breakage
    breakage.undo()


async def test_a_failing_strategy_under_the_analysis_is_told_and_r_tries_again(
    broken_strategy: pytest.MonkeyPatch,
) -> None:
    players = [Player(name="Max", level=Level.EASY), Player(name="Leo", level=Level.EASY)]
    final = strategy.play_game(rules.new_game(players, HouseRules(served_generala_wins=False)))
    async with running(final) as (app, pilot):
        await pilot.press("v")

        def told() -> bool:
            return any("could not be computed" in m and "no room left" in m for m in notices(app))

        # Read while the notice shows: waiting for every worker first (the win chances are
        # computed meanwhile, over ten seconds on a busy machine) could outlast it.
        for _ in range(200):
            if told() and isinstance(app.screen, AnalysisScreen):
                break
            await pilot.pause()
        assert told()
        await settle(pilot)
        assert isinstance(app.screen, AnalysisScreen)
        shown = str(app.screen.query_one("#analysis").render())
        assert "could not be analysed" in shown and "no room left" in shown
        broken_strategy.undo()
        await pilot.press("r")
        await settle(pilot)
        shown = str(app.screen.query_one("#analysis").render())
        assert "Max:" in shown and "expected points lost" in shown


async def test_a_failing_strategy_under_an_experts_turn_is_told_and_f_tries_again(
    broken_strategy: pytest.MonkeyPatch,
) -> None:
    game = rules.roll(
        rules.new_game([Player(name="Rita", level=Level.EXPERT), Player(name="Ana")], seed=2),
        [1, 2, 3, 4, 6],
    )
    async with running(game, computer_delay=0, settled=True) as (app, pilot):
        assert app.game == game  # she made no move
        messages = notices(app)
        assert any("could not be computed" in m and "no room left" in m for m in messages)
        assert not any("Something went wrong" in m for m in messages)
        broken_strategy.undo()
        await pilot.press("f")
        await settle_until(pilot, lambda: app.game.current == 1)
        assert app.game.current == 1


async def test_p_pauses_the_computers_and_resumes_them_as_the_footer_says() -> None:
    async with running(computer_first(), computer_delay=60, size=(100, 24)) as (app, pilot):
        await pilot.pause()
        assert footer_by_action(app)["pause"] == "p Pause"
        await pilot.press("p")
        await settle(pilot)  # the paused worker ends: nothing waits on the clock
        assert app.computers_paused
        assert app.game == computer_first()
        assert "paused" in str(app.screen.query_one("#message").render())
        assert footer_by_action(app)["pause"] == "p Resume"
        await pilot.press("p")
        await pilot.pause()
        assert not app.computers_paused
        assert [w for w in app.workers if w.group == "computer" and w.is_running]
        assert footer_by_action(app)["pause"] == "p Pause"
        await pilot.press("f")
        await settle_until(pilot, lambda: app.game.current == 1)
        assert app.game.current == 1


async def test_computers_wait_while_the_scorecard_covers_the_game() -> None:
    async with running(computer_first(), computer_delay=60) as (app, pilot):
        await pilot.press("s")  # while Rita waits out the pace of her first step
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen)
        app.skip_ahead()  # even told to hurry, she waits behind the scorecard
        await settle(pilot)
        assert app.game == computer_first()
        await pilot.press("escape")
        await settle_until(pilot, lambda: app.game.current == 1)
        assert isinstance(app.screen, TurnScreen)
        assert app.game.current == 1
