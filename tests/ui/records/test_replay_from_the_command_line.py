"""``generala-tui replay FILE`` goes back to the shell on escape (or q); a replay opened inside
the app goes back to the screen under it."""

from __future__ import annotations

import pytest

from generala_tui.game import rules
from generala_tui.game.model import GameState
from generala_tui.ui.screens.replay import ReplayScreen
from generala_tui.ui.screens.setup import SetupScreen

from ..conftest import running


def _record() -> GameState:
    game = rules.new_game(["Ana", "Bruno"], seed=3)
    return rules.score(rules.roll(game, [5, 5, 5, 3, 3]), "full_house")


@pytest.mark.parametrize("key", ["escape", "q"])
async def test_closing_a_replay_from_the_command_line_ends_the_program(key: str) -> None:
    async with running(replay=_record()) as (app, pilot):
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press(key)
        await pilot.pause()
        assert app.return_code == 0
        assert not isinstance(app.screen, SetupScreen)


async def test_the_close_button_of_a_replay_from_the_command_line_ends_the_program() -> None:
    async with running(replay=_record()) as (app, pilot):
        await pilot.pause()
        await pilot.click("#replay-close")
        await pilot.pause()
        assert app.return_code == 0


async def test_escape_from_a_replay_opened_in_the_app_goes_back_and_q_does_nothing() -> None:
    async with running() as (app, pilot):
        await pilot.pause()
        await app.push_screen(ReplayScreen(_record()))
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert app.return_code is None
