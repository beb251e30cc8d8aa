"""The workarounds of generala_tui/ui/workarounds.py: each still needed, and each working.

A test named ``test_textual_still_...`` checks Textual's own behaviour the piece works
around. When one fails on the pinned Textual, that release no longer behaves so: the
piece (and its tests) can go once pyproject.toml's lower bound for Textual reaches that
release (.ci/run plays these tests on the oldest Textual allowed too).
"""

from __future__ import annotations

import inspect

import pytest
from textual.app import App, ComposeResult
from textual.command import CommandList, CommandPalette
from textual.widgets.option_list import Option

from generala_tui.game import rules
from generala_tui.ui import app_words, workarounds
from generala_tui.ui.screens.turn import TurnScreen

from ..conftest import running, settle, settle_until

GONE = "Textual no longer needs it: remove piece {} of generala_tui/ui/workarounds.py"


class _Plain(App[None]):
    """A bare Textual app, for Textual's own command palette."""


def _prompts(palette: CommandPalette) -> list[str]:
    options = palette.query_one(CommandList).options
    return [str(getattr(option.prompt, "renderable", option.prompt)) for option in options]


# --- 1. a page key before the palette's list is laid out ------------------------------


class _CommandListOnly(App[None]):
    def compose(self) -> ComposeResult:
        yield CommandList()


@pytest.mark.parametrize("move", ["page_down", "page_up"])
async def test_textual_still_raises_on_a_page_move_in_a_command_list_not_yet_measured(
    move: str,
) -> None:
    # What a palette just opened meets, without the race: the options are there and their
    # lines are not, since no layout has run between adding them and the move.
    app = _CommandListOnly()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        commands = app.query_one(CommandList)
        commands.add_options([Option(f"command {n}") for n in range(30)])
        commands.highlighted = 3
        try:
            getattr(commands, f"action_{move}")()
        except (KeyError, IndexError):
            return
    pytest.fail(GONE.format(1))


async def test_a_page_key_in_the_games_palette_just_opened_does_nothing() -> None:
    """One app: the palette opened afresh for each page key, the key pressed at once."""
    async with running(
        rules.new_game(["Ana", "Bruno"], seed=3), computer_delay=0, settled=True
    ) as (app, pilot):
        for key in ("pagedown", "pageup"):
            assert isinstance(app.screen, TurnScreen), key
            app.action_command_palette()
            await pilot.press(key)
            await settle(pilot)
            assert isinstance(app.screen, workarounds.PaletteWorkarounds), key
            await pilot.press("escape")
            await settle(pilot)


async def test_the_page_keys_page_through_the_games_palette() -> None:
    async with running(
        rules.new_game(["Ana", "Bruno"], seed=3), computer_delay=0, size=(80, 12), settled=True
    ) as (app, pilot):
        await pilot.press("ctrl+p")
        await settle(pilot)
        palette = app.screen
        assert isinstance(palette, workarounds.PaletteWorkarounds)
        commands = palette.query_one(CommandList)
        await pilot.press("ctrl+home")  # the first command
        await settle(pilot)
        assert commands.highlighted == 0 and commands.option_count > 3
        await pilot.press("pagedown")
        await settle(pilot)
        below = commands.highlighted
        assert below is not None and below > 0
        await pilot.press("pageup")
        await settle(pilot)
        assert commands.highlighted == 0


# --- 2. "No matches found" ------------------------------------------------------------


def test_textual_still_writes_no_matches_found_inside_its_countdown() -> None:
    """The words are a literal in the method the piece rewrites, and no public attribute of
    the palette holds them (a public one would be the way to set them)."""
    words = "No matches found"
    source = inspect.getsource(CommandPalette._start_no_matches_countdown)
    assert f'"{words}"' in source, GONE.format(2)
    public = {
        name: value
        for cls in CommandPalette.__mro__
        for name, value in vars(cls).items()
        if not name.startswith("_") and value == words
    }
    assert not public, GONE.format(2) + f" (set {sorted(public)} instead)"


async def test_textual_still_says_no_matches_found_in_english(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(CommandPalette, "_NO_MATCHES_COUNTDOWN", 0.001)
    app = _Plain()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(CommandPalette())
        await pilot.pause()
        await pilot.press(*"zzqxw")
        await settle_until(pilot, lambda: bool(_prompts(app.screen)))  # type: ignore[arg-type]
        assert isinstance(app.screen, CommandPalette)
        assert _prompts(app.screen) == ["No matches found"]


async def test_the_games_palette_says_no_command_matches_in_its_own_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(CommandPalette, "_NO_MATCHES_COUNTDOWN", 0.001)
    async with running(
        rules.new_game(["Ana", "Bruno"], seed=3), computer_delay=0, settled=True
    ) as (app, pilot):
        await pilot.press("ctrl+p")
        await settle(pilot)
        palette = app.screen
        assert isinstance(palette, workarounds.PaletteWorkarounds)
        await pilot.press(*"zzqxw")
        await settle_until(pilot, lambda: bool(_prompts(palette)))
        assert _prompts(palette) == [app_words.no_command_matches()]
        await pilot.press(*["backspace"] * 5, *"quit")  # a query that matches
        await settle_until(pilot, lambda: app_words.no_command_matches() not in _prompts(palette))
        assert app_words.no_command_matches() not in _prompts(palette)
        assert _prompts(palette)


def test_the_palettes_insides_the_piece_uses_are_still_textuals() -> None:
    """Piece 2 rewrites a private method and uses what it uses: renamed upstream, it would
    silently stop applying (the English words would be back)."""
    for name in (
        "_start_no_matches_countdown",
        "_stop_no_matches_countdown",
        "_NO_MATCHES",
        "_NO_MATCHES_COUNTDOWN",
    ):
        assert hasattr(CommandPalette, name), name
    source = inspect.getsource(CommandPalette)
    for name in ("self._no_matches_timer", "self._list_visible"):
        assert name in source, name


def test_a_desktop_notice_goes_only_to_a_terminal_known_to_show_one() -> None:
    title, body = "Generala", "Your turn\x1b[2J; at the table\x07"
    iterm = workarounds.notice_sequence(title, body, {"TERM_PROGRAM": "iTerm.app"})
    assert iterm == "\x1b]9;Generala: Your turn[2J at the table\x07"
    foot = workarounds.notice_sequence(title, body, {"TERM": "foot"})
    assert foot == "\x1b]777;notify;Generala;Your turn[2J at the table\x07"
    assert workarounds.notice_sequence(title, body, {"VTE_VERSION": "7600"}) is not None
    assert workarounds.notice_sequence(title, body, {"TERM": "xterm-256color"}) is None
    assert workarounds.notice_sequence(title, body, {"TERM": "screen"}) is None


def test_textual_still_sends_no_desktop_notice_through_its_public_api() -> None:
    public = [name for name in dir(App) if not name.startswith("_")]
    found = [name for name in public if "desktop" in name or "osc" in name.lower()]
    assert found == [], GONE.format(3)
