"""Dice in order (a setting): the dice show from the lowest face to the highest, each die's
hold following it to its place; its number and key are its place's."""

from __future__ import annotations

from textual.widgets import Label, Switch

from generala_tui import store
from generala_tui.game import rules
from generala_tui.game.model import Player
from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.screens.settings import SettingsScreen
from generala_tui.ui.screens.turn import TurnScreen
from generala_tui.ui.widgets.dice import Die, dice_order

from ..conftest import running, settle


def test_dice_in_order_go_from_the_lowest_face_equal_faces_as_thrown() -> None:
    assert dice_order((5, 2, 5, 1, 3), True) == (3, 1, 4, 0, 2)
    assert dice_order((5, 2, 5, 1, 3), False) == (0, 1, 2, 3, 4)
    assert dice_order((), True) == (0, 1, 2, 3, 4)  # before the first roll


def shown(app: GeneralaApp) -> list[tuple[int, bool, int]]:
    """Each place's face, hold and die, left to right."""
    return [(die.value, die.held, die.index) for die in app.screen.query(Die)]


async def test_in_order_a_key_holds_the_die_at_its_place_and_the_hold_follows_the_die() -> None:
    game = rules.roll(rules.new_game([Player(name="Ana")], seed=4), [5, 2, 5, 1, 3])
    app = GeneralaApp(game)
    app.sorted_dice = True
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TurnScreen)
        assert [face for face, _held, _die in shown(app)] == [1, 2, 3, 5, 5]
        await pilot.press("1")  # the 1, thrown fourth
        await pilot.click("#die-5")  # the second 5, thrown third
        await settle(pilot)
        assert app.game is not None and app.game.turn.held == (False, False, True, True, False)
        assert shown(app)[0] == (1, True, 3) and shown(app)[4] == (5, True, 2)
        await pilot.press("r")
        await settle(pilot)
        after = shown(app)
        assert [face for face, _held, _die in after] == sorted(app.game.turn.dice)
        # The held 1 and 5 kept their holds wherever the new dice put them.
        assert {(face, die) for face, held, die in after if held} == {(1, 3), (5, 2)}
        app.sorted_dice = False  # as thrown again, at once
        await settle(pilot)
        assert [die for _face, _held, die in shown(app)] == [0, 1, 2, 3, 4]


async def test_the_settings_switch_puts_the_dice_in_order_at_once_and_it_is_remembered() -> None:
    async with running(size=(100, 32)) as (app, pilot):
        await pilot.pause()
        await pilot.press("ctrl+r")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        switch = screen.query_one("#sorted-dice", Switch)
        assert not switch.value
        switch.focus()  # scrolls it into view
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()  # and the frame that draws it there, so the click lands on it
        await pilot.click("#sorted-dice")
        await pilot.pause()
        assert switch.value and app.sorted_dice
        assert str(screen.query_one("#state-sorted-dice", Label).render()) == "on"
        await pilot.press("escape")
        await pilot.pause()
        await app.workers.wait_for_complete()
    app.keeper.close()
    assert store.load_preferences()[0].sorted_dice is True
    assert GeneralaApp().sorted_dice is True
