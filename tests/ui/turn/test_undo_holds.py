"""Undo takes back hold changes press by press (the rules keep each press until the next roll)."""

from __future__ import annotations

from generala_tui.game import rules

from ..conftest import running

FREE = (False,) * 5


async def test_undo_takes_back_each_hold_press_in_turn() -> None:
    async with running(rules.new_game(["Ana", "Bruno"], seed=4)) as (app, pilot):
        for key in ["r", "1", "2", "1"]:  # roll, hold die 1, hold die 2, release die 1
            await pilot.press(key)
        await pilot.pause()
        assert app.game is not None
        assert app.game.turn.held == (False, True, False, False, False)
        assert len(app.game.log) == 4  # the roll, then each press until the next roll
        seen = []
        for _press in range(3):
            await pilot.press("ctrl+z")
            await pilot.pause()
            seen.append(app.game.turn.held)
        assert seen == [(True, True, False, False, False), (True, False, False, False, False), FREE]
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.game.turn.held == FREE and app.game.turn.rolls == 1
        assert any("A roll can't be taken back" in n.message for n in app._notifications)


async def test_a_hold_taken_back_then_undone_is_held_again() -> None:
    async with running(rules.new_game(["Ana", "Bruno"], seed=4)) as (app, pilot):
        for key in ["r", "3", "3", "ctrl+z"]:
            await pilot.press(key)
        await pilot.pause()
        assert app.game is not None
        assert app.game.turn.held == (False, False, True, False, False)


async def test_after_a_roll_undo_goes_by_the_log_again() -> None:
    async with running(rules.new_game(["Ana", "Bruno"], seed=4)) as (app, pilot):
        for key in ["r", "1", "r", "ctrl+z"]:  # the trail ends at the second roll
            await pilot.press(key)
        await pilot.pause()
        assert app.game is not None
        assert app.game.turn.rolls == 2
        assert any("A roll can't be taken back" in n.message for n in app._notifications)
