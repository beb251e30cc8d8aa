"""While the terminal is too small to show the game, the computer players wait for it."""

from __future__ import annotations

from generala_tui.game import rules
from generala_tui.game.model import Level, Player
from generala_tui.ui.screens.turn import TurnScreen

from ..conftest import running


async def test_a_computer_plays_only_once_the_terminal_shows_the_game() -> None:
    game = rules.new_game([Player(name="Rita", level=Level.EASY), Player(name="Ana")], seed=5)
    async with running(game, computer_delay=0, size=(39, 11)) as (app, pilot):
        for _ in range(5):
            await app.workers.wait_for_complete()
            await pilot.pause()
        assert isinstance(app.screen, TurnScreen) and app.screen.too_small
        assert app.game is not None and app.game.log == ()
        await pilot.resize_terminal(80, 24)
        for _ in range(40):
            await app.workers.wait_for_complete()
            await pilot.pause()
            if app.game is not None and app.game.current == 1:
                break
        assert app.game is not None and app.game.current == 1  # Rita played, Ana's turn
