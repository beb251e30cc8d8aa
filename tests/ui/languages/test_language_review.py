"""What a bilingual review of the Spanish and Swedish screens found: Textual's own keys said in
the language, a computer named after its level following the language, nothing cut at 40x12
(the Footer's keys whole, no stray letter by the palette's key, the replay's buttons all on
their row), the coach's broken lines within its panel, Swedish possessives on the turn."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual.widgets import Button, Input, Select
from textual.widgets._footer import FooterKey

from generala_tui import i18n
from generala_tui.game import rules
from generala_tui.game.model import Level, Player
from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.screens import replay_words
from generala_tui.ui.screens.replay import ReplayScreen
from generala_tui.ui.screens.settings import SettingsScreen
from generala_tui.ui.screens.setup import SetupScreen
from generala_tui.ui.screens.turn import TurnScreen
from generala_tui.ui.widgets import coach_words

from ..conftest import settle
from .test_language_fit import footer_line, keys_cut

LANGUAGES = ["en", "es", "sv"]


@pytest.mark.parametrize(("lang", "word"), [("es", "Cerrar menú"), ("sv", "Stäng menyn")])
async def test_an_open_dropdowns_footer_key_speaks_the_language(lang: str, word: str) -> None:
    app = GeneralaApp(language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
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


def _footer_whole(app: GeneralaApp) -> None:
    """Every key the Footer shows is whole, none under the palette's key, which ends the line."""
    keys = list(app.screen.query(FooterKey))
    palette = [key for key in keys if key.has_class("-command-palette")]
    others = [key for key in keys if not key.has_class("-command-palette")]
    assert others, "no key shown"
    assert keys_cut(app) == []
    line = footer_line(app).rstrip()
    if palette:
        assert palette[0].region.right == app.size.width
        assert all(key.region.right <= palette[0].region.x for key in others)
        assert line.endswith(palette[0].description)  # no stray letter after it
    else:
        assert cell_len(line) <= app.size.width


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_the_setup_footer_at_40x12_shows_whole_keys_only(lang: str) -> None:
    app = GeneralaApp(language=lang)
    async with app.run_test(size=(40, 12)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        _footer_whole(app)
        await pilot.press("ctrl+s")  # a key left out of the Footer still works
        await settle(pilot)
        assert isinstance(app.screen, TurnScreen)
        _footer_whole(app)


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_a_wider_screen_gives_the_footer_its_keys_back(lang: str) -> None:
    app = GeneralaApp(language=lang)
    async with app.run_test(size=(40, 12)) as pilot:
        await settle(pilot)
        narrow = {key.action for key in app.screen.query(FooterKey)}
        await pilot.resize_terminal(100, 30)
        await settle(pilot)
        await pilot.pause()
        wide = {key.action for key in app.screen.query(FooterKey)}
        assert narrow < wide
        _footer_whole(app)


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_the_replays_buttons_all_fit_at_40_columns(lang: str) -> None:
    game = rules.new_game(["Ana", "Bruno"], seed=1)
    app = GeneralaApp(replay=game, language=lang)
    async with app.run_test(size=(40, 12)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ReplayScreen)
        buttons = list(app.screen.query("#replay-buttons Button").results(Button))
        assert len(buttons) == 5
        assert all(button.region.right <= 40 and button.region.width > 0 for button in buttons)
        forward = app.screen.query_one("#replay-forward", Button)
        assert str(forward.label) == "▶"
        assert forward.tooltip == replay_words.replay_buttons()["replay-forward"][0]
        _footer_whole(app)


async def test_a_computer_named_after_its_level_follows_the_language() -> None:
    players = [
        Player(name="Medium", level=Level.MEDIUM),
        Player(name="Medium 2", level=Level.MEDIUM),
        Player(name="Expertise", level=Level.EXPERT),  # typed: stays
        Player(name="Easy", level=None),  # a human called Easy: stays
    ]
    app = GeneralaApp(language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await app.push_screen(SetupScreen(players))
        await settle(pilot)
        app.set_language("es")
        await settle(pilot)
        names = [app.screen.query_one(f"#name-{seat}", Input).value for seat in (1, 2, 3, 4)]
        assert names == ["Medio", "Medio 2", "Expertise", "Easy"]
        app.set_language("sv")
        await settle(pilot)
        names = [app.screen.query_one(f"#name-{seat}", Input).value for seat in (1, 2, 3, 4)]
        assert names == ["Medel", "Medel 2", "Expertise", "Easy"]


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_the_coachs_broken_lines_fit_its_panel_at_80_columns(lang: str) -> None:
    app = GeneralaApp(rules.new_game(["Ana", "Bruno"], seed=3), language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.coach = True
        await pilot.pause()
        await pilot.pause()
        width = app.screen.query_one("#coach").content_region.width
        assert width > 0
        i18n.set_language(lang)
        messages = [
            coach_words.coach_working(),
            coach_words.coach_total_heading(),
            coach_words.coach_tie_break_heading(),
            coach_words.coach_no_rolls(),
            coach_words.coach_keeps_heading(),
        ]
        # A line broken by hand fits, or the panel wraps it and leaves a word alone before the
        # break ("No quedan tiradas: cada" / "casilla..."); the last line may wrap as it will.
        too_wide = [
            line
            for message in messages
            for line in message.split("\n")[:-1]
            if cell_len(line) > width
        ]
        assert too_wide == []


@pytest.mark.parametrize(("name", "said"), [("Lars", "Lars tur"), ("Ana", "Anas tur")])
async def test_the_turns_header_says_a_swedish_possessive(name: str, said: str) -> None:
    app = GeneralaApp(rules.new_game([name, "Bruno"], seed=3), language="sv")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        shown = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
        assert said in shown
        assert "Larss" not in shown
