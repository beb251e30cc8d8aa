"""The setup, settings, help and dialog screens are usable from 40x12 to 250x70."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Static

from generala_tui import store, words
from generala_tui.game import rules
from generala_tui.game.model import HouseRules
from generala_tui.ui.screens import settings_words
from generala_tui.ui.screens.settings import SettingsScreen
from generala_tui.ui.screens.setup import SetupScreen

from ..conftest import fully_shown, running
from .conftest import last_table

SIZES = [(40, 12), (60, 20), (80, 24), (120, 40), (250, 70)]


@pytest.mark.parametrize("size", SIZES)
async def test_setup_opens_showing_the_first_name_it_focuses(size: tuple[int, int]) -> None:
    """The setup opens on its first name field, in view: a newcomer at 40x12 sees the
    players, not the list scrolled to its end."""
    async with running(size=size) as (app, pilot):
        await pilot.pause()
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()
        name = app.screen.query_one("#name-1", Input)
        assert app.focused is name
        assert fully_shown(app, name), f"the first name at {size}"
        assert fully_shown(app, app.screen.query_one("#start"))


@pytest.mark.parametrize(
    ("size", "classes"),
    [
        ((100, 32), {"-wide", "-tall"}),
        ((40, 12), {"-narrow", "-short"}),
        ((70, 24), {"-wide", "-medium"}),
        ((69, 29), {"-narrow", "-medium"}),
    ],
)
async def test_setup_takes_the_layout_of_its_size_and_follows_a_resize(
    size: tuple[int, int], classes: set[str]
) -> None:
    """The setup's breakpoints (its title, buttons and rows per size, see generala.tcss)
    are applied as Textual applies them, and again after each resize."""
    sizes = {"-wide", "-narrow", "-tall", "-medium", "-short"}
    async with running(size=size) as (app, pilot):
        await pilot.pause()
        screen = app.screen
        assert screen.classes & sizes == classes
        await pilot.resize_terminal(100, 32)
        await pilot.pause()
        assert screen.classes & sizes == {"-wide", "-tall"}
        await pilot.resize_terminal(*size)
        await pilot.pause()
        assert screen.classes & sizes == classes


@pytest.mark.parametrize(
    # The smallest and the usual terminal in every run; the others with the long runs.
    "size",
    [s if s in {(40, 12), (80, 24)} else pytest.param(s, marks=pytest.mark.slow) for s in SIZES],
)
async def test_setup_with_eight_players_shows_start_and_each_name_it_focuses(
    size: tuple[int, int],
) -> None:
    last_table(8)
    async with running(size=size) as (app, pilot):
        await pilot.pause()
        assert len(app.screen.query(".player-row Input")) == 8
        assert fully_shown(app, app.screen.query_one("#start"))
        for seat in range(1, 9):
            name = app.screen.query_one(f"#name-{seat}", Input)
            name.focus()
            await pilot.pause()  # focus scrolls after the next refresh, then animates
            await pilot.wait_for_scheduled_animations()
            await pilot.pause()
            assert fully_shown(app, name), f"name {seat} at {size}"
            assert name.region.width >= 8, "a name field shows at least eight characters"
        settings = app.screen.query_one("#open-settings")
        settings.focus()
        await pilot.pause()
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()
        assert fully_shown(app, settings)
        await pilot.click("#start")
        await pilot.pause()
        assert app.game is not None


async def test_settings_show_save_and_each_rule_it_focuses() -> None:
    """At each size in turn: the settings' layout is its breakpoints' and CSS's, applied
    again on each resize, so one screen walks the sizes (small after large too)."""
    first, *others = [(80, 24), (250, 70), (40, 12), (120, 40), (60, 20)]
    assert sorted([first, *others]) == sorted(SIZES)
    async with running(size=first) as (app, pilot):
        await pilot.pause()
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        for size in [first, *others]:
            if size != first:
                await pilot.resize_terminal(*size)
                await pilot.wait_for_scheduled_animations()
            assert app.screen.size == size
            for button in ("#save", "#cancel", "#preset-0", "#preset-1"):
                assert fully_shown(app, app.screen.query_one(button)), f"{button} at {size}"
            for key in words.rule_text():
                control = app.screen.query_one(f"#rule-{key}")
                if control.disabled:
                    continue
                control.focus()
                await pilot.pause()  # the scroll to the focused rule is made after the next frame
                await pilot.wait_for_scheduled_animations()
                assert fully_shown(app, control), f"{key} at {size}"
                title = control.ancestors[1].query_one(".rule-title")
                assert title.region.width >= 15, f"a rule's name has room at {size}"


@pytest.mark.parametrize("language", ["en", "sv"])
async def test_a_game_to_resume_leaves_the_records_row_in_view_at_80x24(language: str) -> None:
    """Issue 36, 10: with the resume offer (and the guided game's) the Statistics, History and
    Trainer row was scrolled out of view at 80x24, under an empty row kept for an error."""
    assert store.save_game(rules.roll(rules.new_game(["Ana", "Bruno"], seed=4))) is None
    async with running(size=(80, 24), language=language) as (app, pilot):
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen) and screen.resumable is not None
        for button in ("#resume", "#open-statistics", "#open-trainer", "#start"):
            assert fully_shown(app, screen.query_one(button)), button
        assert screen.query_one("#setup-body").max_scroll_y == 0
        await pilot.press("ctrl+n", *["ctrl+n"] * 7)  # an error: too many players
        await pilot.pause()
        error = screen.query_one("#setup-error")
        assert error.display and error.region.height > 0


@pytest.mark.parametrize("language", ["en", "es", "sv"])
async def test_at_40x12_the_house_rules_are_the_presets_line_not_a_list_cut(
    language: str,
) -> None:
    """Issue 36, 10: at 40x12 the whole list of rules was cut after "…on the first" where the
    body scrolls; under 24 rows a preset's rules are the line that tells it, whole."""
    async with running(size=(40, 12), language=language) as (app, pilot):
        await pilot.pause()
        summary = app.screen.query_one("#rules-summary", Static)
        assert str(summary.render()) == settings_words.about_preset(settings_words.CLASSIC_PRESET)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert str(summary.render()) == settings_words.rules_summary(HouseRules())
