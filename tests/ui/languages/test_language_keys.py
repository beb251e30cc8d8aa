"""Keys in the player's language: a dialog's yes is the language's own letter, keys are named
as the language's keyboards print them, and Textual's own words (the command palette's "no
matches", the screenshot's notices, an open dropdown's key) are said in the language too."""

from __future__ import annotations

import re

import pytest
from textual.command import CommandList
from textual.widgets import Select
from textual.widgets._footer import FooterKey

from generala_tui import i18n
from generala_tui.game import rules
from generala_tui.game.model import GameState
from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.screens import help_words
from generala_tui.ui.screens.dialogs import ConfirmDialog
from generala_tui.ui.screens.help import HelpScreen
from generala_tui.ui.screens.modal import CommandPalette
from generala_tui.ui.screens.replay import ReplayScreen
from generala_tui.ui.screens.settings import SettingsScreen
from generala_tui.ui.screens.setup import SetupScreen
from generala_tui.ui.screens.turn import TurnScreen

from ..conftest import notices, running, settle, settle_until

ENGLISH_KEY_NAMES = {"enter", "escape", "esc", "space", "tab", "home", "end", "up", "down"}
ENGLISH_KEY_NAMES |= {"left", "right", "pageup", "pagedown", "pgup", "pgdn"}


def _game() -> GameState:
    return rules.new_game(["Ana", "Bruno"], seed=3)


def footer_keys(app: GeneralaApp) -> list[str]:
    return [key.key_display for key in app.screen.query(FooterKey)]


@pytest.mark.parametrize(("lang", "yes"), [("en", "y"), ("es", "s"), ("sv", "j")])
async def test_a_dialog_answers_yes_with_the_first_letter_of_the_languages_yes(
    lang: str, yes: str
) -> None:
    async with running(_game(), language=lang, settled=True) as (app, pilot):
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        assert str(app.screen.query_one("#confirm").label).endswith(f"({yes})")
        assert str(app.screen.query_one("#cancel").label).endswith("(n)")
        keys = [key for key, active in app.screen.active_bindings.items() if active.binding.show]
        assert sorted(keys) == sorted([yes, "n", "escape"])  # what a key panel lists
        await pilot.press(yes)
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)


@pytest.mark.parametrize(("lang", "other"), [("es", "j"), ("sv", "s")])
async def test_y_still_answers_yes_in_every_language_and_another_languages_yes_does_not(
    lang: str, other: str
) -> None:
    async with running(_game(), language=lang, settled=True) as (app, pilot):
        await pilot.press("escape")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, ConfirmDialog)
        await pilot.press(other)  # Swedish "ja" in Spanish, Spanish "sí" in Swedish: no answer
        await settle(pilot)
        assert app.screen is dialog
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)


@pytest.mark.parametrize(
    ("lang", "shown"),
    [("en", ["esc", "↑↓", "PgUp/PgDn"]), ("es", ["Esc", "↑↓", "RePág/AvPág"])],
)
async def test_the_footer_names_keys_as_the_languages_keyboards_print_them(
    lang: str, shown: list[str]
) -> None:
    async with running(language=lang, settled=True) as (app, pilot):
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        assert footer_keys(app)[:3] == shown


async def test_the_footers_key_names_switch_with_the_language() -> None:
    async with running(language="sv", settled=True) as (app, pilot):
        await pilot.press("f1")
        await settle(pilot)
        assert "PgUp/PgDn" in footer_keys(app)
        app.set_language("es")
        await settle(pilot)
        assert "RePág/AvPág" in footer_keys(app)
        assert "PgUp/PgDn" not in footer_keys(app)


@pytest.mark.parametrize("lang", ["es", "sv"])
def test_the_help_names_no_key_in_english(lang: str) -> None:
    i18n.set_language(lang)
    try:
        keys = re.findall(r"`([^`]+)`", help_words.keys_text())
    finally:
        i18n.set_language("en")
    named = {name for key in keys for name in re.split(r"[\s+/,]+", key)}
    assert named.isdisjoint(ENGLISH_KEY_NAMES), named & ENGLISH_KEY_NAMES
    assert ("`s`, `n`" if lang == "es" else "`j`, `n`") in text_in(lang)


def text_in(lang: str) -> str:
    i18n.set_language(lang)
    try:
        return help_words.keys_text()
    finally:
        i18n.set_language("en")


async def test_the_replays_top_line_names_the_page_keys_in_spanish() -> None:
    async with running(replay=_game(), language="es", settled=True) as (app, _):
        assert isinstance(app.screen, ReplayScreen)
        top = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
        assert "RePág/AvPág un turno" in top
        assert "PgUp" not in top


@pytest.mark.parametrize(
    ("lang", "words"), [("es", "Ningún comando coincide"), ("sv", "Inget kommando matchar")]
)
async def test_the_command_palette_says_no_command_matches_in_the_language(
    monkeypatch: pytest.MonkeyPatch, lang: str, words: str
) -> None:
    monkeypatch.setattr(CommandPalette, "_NO_MATCHES_COUNTDOWN", 0.001)
    async with running(_game(), language=lang, settled=True) as (app, pilot):
        assert isinstance(app.screen, TurnScreen)
        await pilot.press("ctrl+p")
        await settle(pilot)
        assert isinstance(app.screen, CommandPalette)
        await pilot.press(*"zzqxw")

        def prompts() -> list[str]:
            options = app.screen.query_one(CommandList).options
            return [str(getattr(option.prompt, "renderable", option.prompt)) for option in options]

        await settle_until(pilot, lambda: bool(prompts()))
        assert words in prompts()
        assert "No matches found" not in prompts()


async def test_the_screenshots_notice_speaks_the_language(tmp_path: object) -> None:
    async with running(language="es", settled=True) as (app, pilot):
        app.deliver_screenshot(path=str(tmp_path))
        await settle_until(pilot, lambda: bool(notices(app)))
        await settle(pilot)
        told = notices(app)
        assert len(told) == 1
        assert notices(app, title="Captura") == told
        assert told[0].startswith("Captura guardada en ")


@pytest.mark.parametrize(("lang", "word"), [("es", "Cerrar menú"), ("sv", "Stäng menyn")])
async def test_an_open_dropdowns_footer_key_speaks_the_language(lang: str, word: str) -> None:
    async with running(language=lang, settled=True) as (app, pilot):
        await pilot.press("ctrl+r")
        await settle(pilot)
        assert isinstance(app.screen, SettingsScreen)
        app.screen.query_one("#language", Select).focus()
        await pilot.press("enter")  # the list opens
        await settle(pilot)
        assert app.screen.query_one("#language", Select).expanded
        descriptions = [key.description for key in app.screen.query(FooterKey)]
        assert word in descriptions
        assert "Dismiss menu" not in descriptions
