"""The way into a guided game: the setup screen offers it on a first launch (until it is
taken or declined, remembered in the preferences), and the help starts one any time,
asking first when it would replace a game in progress."""

from __future__ import annotations

import json

import pytest

from generala_tui import store
from generala_tui.game import rules
from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.guide import GUIDED_SEED
from generala_tui.ui.screens.dialogs import ConfirmDialog
from generala_tui.ui.screens.help import HelpScreen
from generala_tui.ui.screens.setup import SetupScreen
from generala_tui.ui.screens.turn import TurnScreen

from ..conftest import fully_shown, running, settle_until
from .helpers import guide_of, press, start_guided_game


def offered(app: GeneralaApp) -> bool:
    return isinstance(app.screen, SetupScreen) and bool(app.screen.query("#guide-offer"))


@pytest.mark.parametrize("size", [(40, 12), (80, 24), (200, 60)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_a_first_launch_offers_a_guided_game_without_forcing_it(
    size: tuple[int, int],
) -> None:
    async with running(size=size) as (app, pilot):
        await pilot.pause()
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()
        assert offered(app)
        screen = app.screen
        for button in ("#guided-game", "#decline-guide", "#start", "#name-1"):
            assert fully_shown(app, screen.query_one(button)), f"{button} at {size}"
        assert app.focused is screen.query_one("#name-1"), "the names first, as before"


async def test_the_offer_stays_until_answered_and_the_other_keys_do_as_before() -> None:
    async with running() as (app, pilot):
        await pilot.pause()
        assert offered(app)
        await press(pilot, "ctrl+s")  # a game as before: two players, no guide
        assert isinstance(app.screen, TurnScreen) and guide_of(app) is None
        assert app.game is not None and len(app.game.players) == 2
        await app.keeper.flush()
    assert store.load_preferences()[0].offer_guided_game
    async with running() as (app, pilot):
        await pilot.pause()
        assert offered(app), "not answered: offered again"


async def test_a_guided_game_taken_is_remembered() -> None:
    async with running() as (app, pilot):
        await start_guided_game(pilot)
        assert app.game is not None and app.game.seed == GUIDED_SEED
        await app.keeper.flush()
    assert not store.load_preferences()[0].offer_guided_game
    async with running() as (app, pilot):
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and not offered(app)


async def test_declining_the_offer_is_remembered() -> None:
    async with running() as (app, pilot):
        await pilot.pause()
        await pilot.click("#decline-guide")
        await pilot.pause()
        assert not offered(app)
        assert app.focused is app.screen.query_one("#name-1")
        await app.keeper.flush()
    assert not store.load_preferences()[0].offer_guided_game
    async with running() as (app, pilot):
        await pilot.pause()
        assert not offered(app)
        await press(pilot, "ctrl+f")  # the key still starts one
        assert isinstance(app.screen, TurnScreen) and guide_of(app) is not None


async def test_preferences_from_before_the_guide_offer_none() -> None:
    path = store.preferences_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"version": 1, "theme": "nord"}))
    async with running() as (app, pilot):
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and not offered(app)


async def _leave_a_game_in_progress() -> None:
    """A game with a roll taken, left running when the app quits: saved to resume."""
    async with running(rules.new_game(["Ana"], seed=4)) as (app, pilot):
        await press(pilot, "r")
        await app.keeper.flush()


async def test_the_setup_asks_before_a_guided_game_replaces_the_game_to_resume() -> None:
    await _leave_a_game_in_progress()
    async with running() as (app, pilot):
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen) and screen.resumable is not None
        saved = screen.resumable
        await press(pilot, "ctrl+f")
        assert isinstance(app.screen, ConfirmDialog)
        await press(pilot, "n")
        assert app.screen is screen and screen.resumable is saved
        await press(pilot, "ctrl+f")
        await press(pilot, "y")
        await settle_until(pilot, lambda: guide_of(app) is not None)
        assert app.game is not None and app.game.seed == GUIDED_SEED


async def test_the_help_starts_a_guided_game_from_the_setup() -> None:
    async with running() as (app, pilot):
        await pilot.pause()
        await press(pilot, "f1")
        assert isinstance(app.screen, HelpScreen)
        await press(pilot, "g")
        await settle_until(pilot, lambda: guide_of(app) is not None)
        assert isinstance(app.screen, TurnScreen) and len(app.screen_stack) == 2


@pytest.mark.parametrize("by", ["key", "button"])
async def test_the_help_asks_before_a_guided_game_replaces_the_game_in_play(by: str) -> None:
    async with running(rules.new_game(["Ana", "Bruno"], seed=4)) as (app, pilot):
        await press(pilot, "r")
        game = app.game
        turn = app.screen

        async def ask() -> None:
            await press(pilot, "question_mark")
            assert isinstance(app.screen, HelpScreen)
            if by == "key":
                await press(pilot, "g")
            else:
                await pilot.click("#guided-game")
                await pilot.pause()
            assert isinstance(app.screen, ConfirmDialog)

        await ask()
        await press(pilot, "n")
        assert app.screen is turn and app.game is game, "the game in play is kept"
        assert guide_of(app) is None
        await ask()
        await press(pilot, "y")
        await settle_until(pilot, lambda: guide_of(app) is not None)
        assert app.game is not None and app.game.seed == GUIDED_SEED
        assert [p.name for p in app.game.players] == ["Ana"], "the player of the game left"
