"""The winner's screen's match line: equal wins are ordered by the points over the match."""

from __future__ import annotations

from helpers import finished_game
from textual.widgets import Static

from generala_tui.ui.screens.game_over import GameOverScreen

from ..conftest import running


async def test_bruno_who_outscored_ana_twice_comes_before_her_on_equal_wins() -> None:
    async with running() as (app, pilot):
        await pilot.pause()
        app.start(finished_game({"Ana": 6, "Bruno": 18, "Rita": 24}))
        await pilot.pause()
        app.show_setup()  # a screen between, as the turn screen is after "Play again"
        await pilot.pause()
        app.start(finished_game({"Bruno": 18, "Rita": 24, "Ana": 12}))
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        line = str(app.screen.query_one("#match", Static).render())
        assert "Rita 2 · Bruno 0 · Ana 0" in line, line
