"""The first frame's stylesheets, parsed ahead of time (generala_tui/ui/stylesheet.py)."""

from __future__ import annotations

import pickle
from pathlib import Path
from typing import Any

import pytest
from textual.color import Color
from textual.css.stylesheet import Stylesheet
from textual.geometry import Size

from generala_tui.game import rules
from generala_tui.game.model import GameState, HouseRules, Player
from generala_tui.ui import stylesheet
from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.screens import size_classes
from generala_tui.ui.screens.setup import SetupScreen
from generala_tui.ui.screens.turn import TurnScreen

STALE = "the parses made ahead of time are stale: run python scripts/stylesheet.py"


def _keys(app: GeneralaApp) -> set[Any]:
    return set(app.stylesheet._parse_cache.keys())


@pytest.mark.parametrize("two_players", [False, True], ids=["setup", "turn"])
async def test_the_first_frame_parses_nothing(two_players: bool) -> None:
    """Every parse the setup's and the turn screen's first frames need was made ahead of
    time: this fails after a change to the sheet until the script is run again."""
    game: GameState | None = None
    if two_players:
        game = rules.new_game([Player(name="Ana"), Player(name="Bea")], HouseRules(), 5)
    app = GeneralaApp(game, computer_delay=0)
    preloaded = _keys(app)
    assert len(preloaded) > 20, STALE
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TurnScreen if two_players else SetupScreen)
        parsed = _keys(app) - preloaded
    assert not parsed, f"{STALE} ({sorted(str(key[1]) for key in parsed)})"


def test_the_parses_made_ahead_of_time_are_textuals_own() -> None:
    """Each preloaded parse gives the rules Textual gives the same CSS now."""
    app = GeneralaApp()
    cache = app.stylesheet._parse_cache
    fresh = Stylesheet(variables=app.stylesheet._variables)
    keys = list(cache.keys())
    assert keys
    for css, read_from, is_default, tie_breaker, scope in keys:
        ahead = cache[(css, read_from, is_default, tie_breaker, scope)]
        now = fresh._parse_rules(css, read_from, is_default, tie_breaker, scope)
        assert [_facts(rule) for rule in ahead] == [_facts(rule) for rule in now], read_from


def _facts(rule: Any) -> tuple[Any, ...]:
    # A layout is an object of its own in each parse: compared by its name.
    styles = {
        name: value.name if name == "layout" else value
        for name, value in rule.styles.get_rules().items()
    }
    return (
        rule.selector_set,
        styles,
        rule.errors,
        rule.is_default_rules,
        rule.tie_breaker,
        rule.selector_names,
        rule.pseudo_classes,
    )


def _document() -> dict[str, Any]:
    with stylesheet.RULES.open("rb") as file:
        document: dict[str, Any] = pickle.load(file)
    return document


def test_a_damaged_or_foreign_file_is_not_used(tmp_path: Path) -> None:
    """Textual parses as always: nothing goes in the cache, and the app still starts."""
    variables = GeneralaApp().stylesheet._variables
    damaged = tmp_path / "damaged.rules"
    damaged.write_bytes(stylesheet.RULES.read_bytes()[:5000])
    other_theme = tmp_path / "theme.rules"
    other_theme.write_bytes(
        pickle.dumps({**_document(), "variables": {**variables, "primary": "#123456"}})
    )
    other_textual = tmp_path / "textual.rules"
    other_textual.write_bytes(pickle.dumps({**_document(), "textual": "0.0.1"}))
    for path in (damaged, other_theme, other_textual, tmp_path / "missing.rules"):
        sheet = Stylesheet(variables=variables)
        assert stylesheet.preload(sheet, path) == 0, path.name
        assert not list(sheet._parse_cache.keys())
    sheet = Stylesheet(variables=variables)
    assert stylesheet.preload(sheet) == len(_document()["entries"]) > 20


async def test_another_theme_is_parsed_by_textual() -> None:
    """A theme other than the default: the screen is drawn in its colours."""
    app = GeneralaApp()
    async with app.run_test(size=(80, 24)) as pilot:
        default = app.screen.styles.background
        app.theme = "nord"
        await pilot.pause()
        nord = Color.parse(app.get_css_variables()["background"])
        assert app.screen.styles.background == nord != default


@pytest.mark.parametrize(
    ("size", "classes"),
    [
        ((100, 32), {"-wide", "-tall"}),
        ((40, 12), {"-narrow", "-short"}),
        ((70, 24), {"-wide", "-medium"}),
        ((69, 29), {"-narrow", "-medium"}),
    ],
)
async def test_the_setup_starts_with_its_size_classes(
    size: tuple[int, int], classes: set[str]
) -> None:
    """The setup screen is built with the classes of its size (so its first resize changes
    none and its widgets are styled once), and they follow a resize as Textual's do."""
    app = GeneralaApp()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        assert screen.classes & _SIZES == classes
        assert size_classes(screen, Size(*size)) == classes
        assert SetupScreen().classes & _SIZES == classes  # from the start, before any resize
        await pilot.resize_terminal(100, 32)
        await pilot.pause()
        assert screen.classes & _SIZES == {"-wide", "-tall"}
        await pilot.resize_terminal(*size)
        await pilot.pause()
        assert screen.classes & _SIZES == classes


_SIZES = {"-wide", "-narrow", "-tall", "-medium", "-short"}
