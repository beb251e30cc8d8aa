"""The roll animation can be switched off in the settings: at once, and remembered."""

from __future__ import annotations

import pytest
from textual.widgets import Label, Switch

from generala_tui import store
from generala_tui.game import rules
from generala_tui.game.model import Player
from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.screens.settings import SettingsScreen
from generala_tui.ui.screens.turn import TurnScreen
from generala_tui.ui.widgets import dice
from generala_tui.ui.widgets.dice import Die

from ..conftest import running


@pytest.fixture
def drawn_as_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pilot runs headless, where no die ever tumbles; a player's terminal is not."""
    monkeypatch.setattr(GeneralaApp, "is_headless", property(lambda self: False))


async def _tumbling_after_a_roll(app: GeneralaApp) -> list[bool]:
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TurnScreen)
        await pilot.press("r")
        await pilot.pause()
        return [die.tumbling for die in app.screen.query(Die)]


async def test_rolled_dice_tumble_while_the_animation_is_on(
    drawn_as_on_a_terminal: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A tumble that lasts the test: a busy machine may take longer than the player's 0.3 s
    # to get from the key to the frame after it.
    monkeypatch.setattr(dice, "ROLL_ANIMATION_SECONDS", 60.0)
    app = GeneralaApp(rules.new_game([Player(name="Ana")], seed=4))
    assert app.roll_animation
    assert await _tumbling_after_a_roll(app) == [True] * 5


async def test_with_the_animation_off_rolled_dice_show_their_faces_at_once(
    drawn_as_on_a_terminal: None,
) -> None:
    preferences, _ = store.load_preferences()
    store.save_preferences(preferences.model_copy(update={"roll_animation": False}))
    app = GeneralaApp(rules.new_game([Player(name="Ana")], seed=4))
    assert not app.roll_animation
    assert await _tumbling_after_a_roll(app) == [False] * 5


async def test_the_settings_switch_turns_it_off_at_once_and_it_is_remembered() -> None:
    async with running(size=(100, 32)) as (app, pilot):
        await pilot.pause()
        await pilot.press("ctrl+r")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        switch = screen.query_one("#roll-animation", Switch)
        assert switch.value
        switch.focus()  # scrolls it into view
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()  # and the frame that draws it there, so the click lands on it
        await pilot.click("#roll-animation")
        await pilot.pause()
        assert not switch.value
        assert not app.roll_animation  # at once, before Save or Cancel
        assert str(screen.query_one("#state-roll-animation", Label).render()) == "off"
        await pilot.press("escape")  # cancelling the house rules keeps the preference
        await pilot.pause()
        await app.workers.wait_for_complete()
    app.keeper.close()
    assert store.load_preferences()[0].roll_animation is False
    assert GeneralaApp().roll_animation is False


async def test_the_command_palette_offers_the_opposite_of_the_current_setting() -> None:
    async with running(rules.new_game([Player(name="Ana")], seed=4), size=(100, 32)) as (
        app,
        pilot,
    ):
        await pilot.pause()
        (command,) = [
            c for c in app.get_system_commands(app.screen) if "animation" in c.title.lower()
        ]
        assert command.title == "Turn the roll animation off"
        command.callback()
        assert not app.roll_animation
        (command,) = [
            c for c in app.get_system_commands(app.screen) if "animation" in c.title.lower()
        ]
        assert command.title == "Turn the roll animation on"
