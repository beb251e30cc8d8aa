"""While the terminal is too small to show the game, no key acts on it (quit and help do), and
the computer players wait for it."""

from __future__ import annotations

from generala_tui.game import rules
from generala_tui.game.model import GameState, Level, Player
from generala_tui.ui.screens.dialogs import QuitDialog
from generala_tui.ui.screens.help import HelpScreen
from generala_tui.ui.screens.turn import TurnScreen

from ..conftest import running

GAME_KEYS = ["r", "space", "1", "down", "enter", "h", "f", "p", "plus", "s", "ctrl+z", "escape"]


def _rolled_game() -> GameState:
    # Ana's first roll, 2-3-4-6-6: Enter on the first open box would ask to scratch Generala.
    return rules.roll(rules.new_game(["Ana", "Bruno"], seed=1), [2, 3, 4, 6, 6])


async def test_while_too_small_no_key_acts_on_the_game_and_help_and_quit_still_work() -> None:
    async with running(_rolled_game(), size=(39, 11)) as (app, pilot):
        await pilot.pause()
        before = app.game
        assert isinstance(app.screen, TurnScreen) and app.screen.too_small
        await pilot.press(*GAME_KEYS)  # each key waited for in turn
        await pilot.pause()
        assert app.game == before
        assert isinstance(app.screen, TurnScreen)
        assert len(app.screen_stack) == 2
        assert app.coach is False and app.computers_paused is False
        # Help and quit still work.
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, QuitDialog)


async def test_the_roll_key_rolls_again_once_the_terminal_is_big_enough() -> None:
    async with running(rules.new_game(["Ana", "Bruno"], seed=1), size=(39, 11)) as (app, pilot):
        await pilot.press("r")
        await pilot.pause()
        assert app.game is not None and not app.game.turn.rolls
        await pilot.resize_terminal(40, 12)
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert app.game is not None and app.game.turn.rolls == 1


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
