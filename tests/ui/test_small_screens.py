"""Small terminals: what a screen cuts off, the keys reach (the review of 40x12 to 120x40)."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot
from textual.widgets import Button

from generala_tui.game import rules
from generala_tui.game.model import GameState, HouseRules
from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.screens.game_over import GameOverScreen
from generala_tui.ui.screens.scorecard import ScorecardScreen

from .conftest import last_turn_tie, settle
from .test_screen_sizes import fully_shown


async def press(pilot: Pilot[None], *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await pilot.pause()
    await settle(pilot)


@pytest.mark.parametrize(
    ("size", "house_rules"),
    [
        ((40, 12), HouseRules()),
        ((60, 20), HouseRules(two_pairs=True, double_generala=True)),
        ((80, 24), HouseRules(two_pairs=True, double_generala=True)),
    ],
)
async def test_the_scorecard_scrolls_by_keys_to_every_row_and_to_close(
    size: tuple[int, int], house_rules: HouseRules
) -> None:
    app = GeneralaApp(rules.new_game(["Ana", "Bruno"], house_rules, seed=1))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await press(pilot, "s")
        screen = app.screen
        assert isinstance(screen, ScorecardScreen)
        title = screen.query_one("#scorecard-title")
        close = screen.query_one("#close-scorecard")
        table = screen.query_one("#scorecard")
        assert fully_shown(app, title)
        # Every row is laid out (none hidden in a table scrolled inside the panel) ...
        assert table.region.height >= table.virtual_size.height
        # ... and Down, PageDown and End bring the last of them and Close into view.
        await press(pilot, "down")
        await press(pilot, "pagedown", "pagedown", "pagedown")
        assert fully_shown(app, close)
        await press(pilot, "home")
        assert fully_shown(app, title)
        await press(pilot, "end")
        assert fully_shown(app, close)


def won_on_points() -> GameState:
    state = last_turn_tie()
    state = rules.roll(rules.roll(state, [1, 2, 3, 5, 6]), [6, 6, 6, 6, 6])
    return rules.score(state, "generala")


@pytest.mark.parametrize("size", [(40, 12), (60, 20), (64, 20), (80, 24), (120, 40)])
@pytest.mark.parametrize("language", ["en", "es"])
async def test_every_game_over_button_is_on_the_screen(
    size: tuple[int, int], language: str
) -> None:
    app = GeneralaApp(won_on_points())
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        app.set_language(language)
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameOverScreen)
        for button in screen.query(Button):
            button.focus()
            await settle(pilot)
            assert fully_shown(app, button), f"{button.id} at {size}"
