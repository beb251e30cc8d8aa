"""A setup error about the names goes once the names are fixed: it never outlives its problem."""

from __future__ import annotations

from textual.widgets import Input, Static

from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.screens.setup import SetupScreen

from ..conftest import running


def _error(app: GeneralaApp) -> str:
    return str(app.screen.query_one("#setup-error", Static).render())


async def test_the_two_players_called_ana_error_goes_as_the_name_is_fixed() -> None:
    async with running() as (app, pilot):
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        app.screen.query_one("#name-1", Input).value = "ana"
        name_2 = app.screen.query_one("#name-2", Input)
        name_2.value = "Ana"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "Two players are called Ana" in _error(app)
        assert app.screen.has_class("-error")
        name_2.focus()
        await pilot.press("end", "backspace", "backspace", "backspace")
        await pilot.press(*"Bea")
        await pilot.pause()
        assert _error(app) == ""
        assert not app.screen.has_class("-error")
        assert app.game is None  # fixing a name starts nothing


async def test_an_edit_that_leaves_another_problem_says_that_problem_instead() -> None:
    async with running() as (app, pilot):
        await pilot.pause()
        app.screen.query_one("#name-1", Input).value = "Ana"
        name_2 = app.screen.query_one("#name-2", Input)
        name_2.value = "ana"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "Two players are called ana" in _error(app)
        name_2.focus()
        await pilot.press("ctrl+u")  # one edit: the name goes at once
        await pilot.pause()
        assert "Two players" not in _error(app)
        assert "Player 2 needs a name." in _error(app)
        await pilot.press(*"Bea")
        await pilot.pause()
        assert _error(app) == ""


async def test_names_that_were_never_refused_show_no_error_while_typing() -> None:
    async with running() as (app, pilot):
        await pilot.pause()
        name_1 = app.screen.query_one("#name-1", Input)
        name_1.focus()
        await pilot.press("ctrl+u")  # an empty name is said only when the game is started
        await pilot.pause()
        assert name_1.value == ""
        assert _error(app) == ""
