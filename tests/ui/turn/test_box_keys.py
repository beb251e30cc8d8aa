"""A box filled in one key: each open box shows the letter that fills it at once, as a click
on it does, in every language; the player's own keys take its place."""

from __future__ import annotations

import pytest

from generala_tui import i18n, store
from generala_tui.game import rules
from generala_tui.game.model import Category, Level, Player
from generala_tui.ui.keymap import SCREENS
from generala_tui.ui.screens.dialogs import NewGameDialog
from generala_tui.ui.screens.turn import TurnScreen
from generala_tui.ui.screens.turn_keys import BOX_KEYS, TURN_BINDINGS, box_keys
from generala_tui.ui.widgets.boxes import BoxList

from ..conftest import box_rows, running, settle


def test_each_box_has_its_own_letter_that_no_other_key_of_the_turn_screen_takes() -> None:
    assert len(set(BOX_KEYS.values())) == len(Category)
    others = {
        key
        for binding in TURN_BINDINGS
        if not isinstance(binding, tuple) and not (binding.id or "").startswith("turn.box_")
        for key in binding.key.split(",")
    }
    assert others.isdisjoint(BOX_KEYS.values())
    assert "s" not in BOX_KEYS.values()  # the app's scorecard, on every screen
    assert "turn" in {name for name, _module, _classes in SCREENS}
    assert box_keys({"turn.box_generala": "z,x"})[Category.GENERALA] == "z"
    assert box_keys({})[Category.FULL_HOUSE] == "m"


def letters(app) -> dict[Category, str]:  # type: ignore[no-untyped-def]
    return {row.category: row.key for row in box_rows(app)}


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_a_boxs_letter_fills_it_at_once_and_shows_beside_it(lang: str) -> None:
    i18n.set_language(lang)
    try:
        game = rules.roll(rules.new_game(["Ana", "Bruno"], seed=4), [3, 3, 3, 5, 5])
        async with running(game, size=(80, 24), settled=True) as (app, pilot):
            assert isinstance(app.screen, TurnScreen)
            assert letters(app)[Category.FULL_HOUSE] == "m"
            row = app.screen.query_one(BoxList).row_text(Category.FULL_HOUSE)
            assert row.lstrip(" ▶★").startswith("m ")
            await pilot.press("m")
            await settle(pilot)
            assert app.game is not None
            assert app.game.players[0].boxes[Category.FULL_HOUSE].points == 35  # served
            assert app.game.current == 1
            await pilot.press("m")  # Bruno has not rolled: the rules say so, nothing is filled
            await settle(pilot)
            assert Category.FULL_HOUSE not in app.game.players[1].boxes
    finally:
        i18n.set_language("en")


async def test_the_players_own_key_for_a_box_shows_beside_it_and_a_computer_shows_none() -> None:
    assert store.save_preferences(store.Preferences(keys={"turn.box_fours": "x"})) is None
    game = rules.roll(rules.new_game(["Ana", "Bruno"], seed=4), [4, 4, 4, 1, 2])
    async with running(game, settled=True) as (app, pilot):
        assert letters(app)[Category.FOURS] == "x"
        await pilot.press("e")  # no longer Fours' key
        await settle(pilot)
        assert app.game is not None and app.game.current == 0
        await pilot.press("x")
        await settle(pilot)
        assert app.game.players[0].boxes[Category.FOURS].points == 12
    rita = Player(name="Rita", level=Level.EASY)
    async with running(rules.new_game([rita, "Ana"], seed=4), computer_delay=60) as (app, pilot):
        await pilot.pause()
        # Ana's game above was kept: this one replaces it once asked (this part of the test
        # read the question's screen, with no boxes, until the box list named its rows).
        assert isinstance(app.screen, NewGameDialog)
        await pilot.press("y", "p")
        await settle(pilot)
        assert isinstance(app.screen, TurnScreen) and app.game is not None
        assert app.game.players[app.game.current] == rita
        assert letters(app) and set(letters(app).values()) == {""}
