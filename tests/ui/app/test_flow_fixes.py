"""A saved game in progress is never replaced without asking, the quit and leave questions say
whether the game is saved, the Footer says "Resume" while the computers are paused, and names
the help key that works while a name field has the focus."""

from __future__ import annotations

import pytest
from textual.widgets import Input
from textual.widgets._footer import FooterKey

from generala_tui import i18n, store
from generala_tui.game import rules
from generala_tui.game.model import GameState
from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.screens.dialogs import ConfirmDialog, QuitDialog
from generala_tui.ui.screens.setup import SetupScreen
from generala_tui.ui.screens.turn import TurnScreen

from ..conftest import computer_first, settle


def _saved_game() -> GameState:
    game = rules.roll(rules.new_game(["Ana", "Bea"], seed=5), [1, 2, 3, 4, 6])
    assert store.save_game(game) is None
    return game


def _question(app: GeneralaApp) -> str:
    assert isinstance(app.screen, ConfirmDialog)
    return str(app.screen.question)


def _footer(app: GeneralaApp) -> dict[str, str]:
    """The Footer's keys as drawn: each action's key display and word."""
    return {
        key.action: f"{key.key_display} {key.description}"
        for key in app.screen.query(FooterKey).results(FooterKey)
    }


# --- a new game over a saved one asks first ------------------------------------------


@pytest.mark.parametrize("how", ["ctrl+s", "click", "enter"])
async def test_a_new_game_over_the_game_in_progress_asks_and_no_keeps_it(how: str) -> None:
    saved = _saved_game()
    app = GeneralaApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        setup = app.screen
        if how == "click":
            await pilot.click("#start")
        elif how == "enter":  # Enter on the first name goes to the next; on the last, starts
            await pilot.press("enter", "enter")
        else:
            await pilot.press(how)
        await pilot.pause()
        question = _question(app)
        assert "will be lost" in question
        assert "Ana 0 · Bea 0, round 1/10" in question
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is setup
        assert app.game is None
        assert setup.query_one("#resume")
        await app.keeper.flush()
        assert store.load_game() == (saved, None)
        await pilot.press("ctrl+o")  # and it resumes as before, without a question
        await pilot.pause()
        assert isinstance(app.screen, TurnScreen)
        assert app.game == saved


async def test_yes_starts_the_new_game_over_the_game_in_progress() -> None:
    saved = _saved_game()
    app = GeneralaApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, TurnScreen)
        assert app.game is not None and app.game != saved
        assert [p.name for p in app.game.players] == ["Player 1", "Player 2"]
        await app.keeper.flush()
        assert store.load_game() == (app.game, None)


async def test_leaving_a_game_for_the_setup_then_starting_another_asks() -> None:
    app = GeneralaApp(rules.new_game(["Ana", "Bea"], seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r", "escape")
        await pilot.pause()
        assert "It stays saved" in _question(app)
        await pilot.press("y")
        await pilot.pause()
        left = app.screen
        assert isinstance(left, SetupScreen) and left.resumable is not None
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "Ana 0 · Bea 0, round 1/10" in _question(app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is left
        await app.keeper.flush()
        assert store.load_game() == (left.resumable, None)


async def test_without_a_game_in_progress_a_new_game_starts_at_once() -> None:
    app = GeneralaApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TurnScreen)


async def test_the_new_game_question_speaks_the_language() -> None:
    _saved_game()
    app = GeneralaApp(language="es")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "se va a perder" in _question(app)
    i18n.set_language("en")


# --- the quit and leave questions tell the truth about the save ----------------------


def _unwritable_home() -> None:
    store.state_dir().parent.mkdir(parents=True, exist_ok=True)
    store.state_dir().write_text("a file where the state folder should be")


async def test_the_quit_question_says_an_unsaved_game_will_be_lost() -> None:
    _unwritable_home()
    app = GeneralaApp(rules.new_game(["Ana", "Bea"], seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await app.keeper.flush()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, QuitDialog)
        question = _question(app)
        assert "will be lost" in question
        assert str(store.state_dir()) in question
        assert "is saved" not in question
        await pilot.press("n", "escape")
        await pilot.pause()
        question = _question(app)
        assert "could not be saved" in question
        assert "stays saved" not in question


async def test_once_a_save_succeeds_again_the_quit_question_says_it_is_saved() -> None:
    _unwritable_home()
    app = GeneralaApp(rules.new_game(["Ana", "Bea"], seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await app.keeper.flush()
        assert app.keeper.unsaved_in == store.state_dir()
        store.state_dir().unlink()  # the player makes room for the folder
        await pilot.press("1")
        await app.keeper.flush()
        assert app.keeper.unsaved_in is None
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert "The game is saved" in _question(app)


# --- the Footer's words follow the state ---------------------------------------------


async def test_the_footer_says_resume_while_the_computers_are_paused() -> None:
    app = GeneralaApp(computer_first(), computer_delay=60)
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.pause()
        assert _footer(app)["pause"] == "p Pause"
        await pilot.press("p")
        await settle(pilot)
        assert _footer(app)["pause"] == "p Resume"
        await pilot.press("p")
        await pilot.pause()
        assert _footer(app)["pause"] == "p Pause"


async def test_the_setup_footer_names_f1_while_a_name_has_the_focus() -> None:
    app = GeneralaApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.focused, Input)
        assert _footer(app)["help"] == "f1 Help"
        await pilot.press("?")  # a name may hold a "?": it is typed, the help stays shut
        assert app.focused.value.endswith("?")
        await pilot.press("tab")  # the level button: "?" opens the help there
        await pilot.pause()
        assert not isinstance(app.focused, Input)
        assert _footer(app)["help"].startswith("? ")
        await pilot.press("f1")
        await pilot.pause()
        assert type(app.screen).__name__ == "HelpScreen"


# --- a new game from the command line over a saved one asks too ----------------------


async def test_a_new_game_from_the_command_line_over_a_saved_one_asks_and_no_keeps_it() -> None:
    saved = _saved_game()
    app = GeneralaApp(rules.new_game(["Cleo", "Dan"], seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Ana 0 · Bea 0, round 1/10" in _question(app)
        await app.keeper.flush()
        assert store.load_game() == (saved, None)  # nothing is written before the answer
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert [p.name for p in app.screen.players] == ["Cleo", "Dan"]
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert app.game == saved


async def test_a_new_game_from_the_command_line_over_a_saved_one_starts_on_yes() -> None:
    _saved_game()
    new = rules.new_game(["Cleo", "Dan"], seed=3)
    app = GeneralaApp(new)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, TurnScreen)
        assert app.game == new
        await app.keeper.flush()
        assert store.load_game() == (new, None)
