"""Nothing cut in any language: every key the Footer shows is whole on its line at 80x24 and
at 40x12 (Spanish and Swedish words are longer than English ones), a wider screen gives the
keys back, the statistics' columns, the replay's buttons and the coach's lines fit."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual.widgets import Button, DataTable
from textual.widgets._footer import FooterKey

from generala_tui import i18n
from generala_tui.game import rules
from generala_tui.game.model import Level, Player
from generala_tui.game.strategy import play_game
from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.screens import replay_words
from generala_tui.ui.screens.replay import ReplayScreen
from generala_tui.ui.screens.setup import SetupScreen
from generala_tui.ui.screens.statistics import StatisticsScreen
from generala_tui.ui.screens.trainer import TrainerScreen
from generala_tui.ui.screens.turn import TurnScreen
from generala_tui.ui.widgets import coach_words

from ..conftest import running, settle, settle_until
from ..records.history import fill_history

LANGUAGES = ["en", "es", "sv"]


def footer_line(app: GeneralaApp) -> str:
    return app.screen._compositor.render_strips()[-1].text


def keys_cut(app: GeneralaApp) -> list[str]:
    """The Footer's keys not shown whole on its line."""
    line = footer_line(app)
    keys = [f"{key.key_display} {key.description}".strip() for key in app.screen.query(FooterKey)]
    assert keys, "no Footer"
    return [key for key in keys if key not in line]


def _with_a_computer() -> rules.GameState:
    return rules.new_game([Player(name="Ana"), Player(name="Rita", level=Level.EASY)], seed=1)


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_every_key_of_a_humans_turn_then_of_a_computers_turn_fits(lang: str) -> None:
    async with running(_with_a_computer(), language=lang, computer_delay=0.0, settled=True) as (
        app,
        pilot,
    ):
        assert isinstance(app.screen, TurnScreen)
        await pilot.press("r")
        await settle(pilot)
        assert keys_cut(app) == []
        shown = {key.action for key in app.screen.query(FooterKey)}
        assert {"undo", "fill", "roll"} <= shown
        assert not {"pause", "speed(1)"} & shown  # a computer's keys, shown on its turn
        await pilot.press("minus")  # ... and working on a human's turn all the same
        assert app.computer_delay > 0.0
        await pilot.press("p")  # the computers wait: their turn stays on screen
        assert app.computers_paused
        await pilot.press("enter", "y")  # y: a scratch's question answered, if asked
        await settle_until(pilot, lambda: rules.computer_to_act(app.game) is True)  # type: ignore[arg-type]
        await settle(pilot)
        shown = {key.action for key in app.screen.query(FooterKey)}
        assert {"pause", "speed(1)", "skip_ahead"} <= shown
        assert keys_cut(app) == []


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_every_key_of_the_setup_screen_fits_with_a_game_to_resume(lang: str) -> None:
    async with running(_with_a_computer(), language=lang, settled=True) as (app, pilot):
        await pilot.press("escape", "y")  # leave the game: the setup screen offers it back
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        assert "resume" in {key.action for key in app.screen.query(FooterKey)}
        assert keys_cut(app) == []


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_every_key_of_the_replay_fits(lang: str) -> None:
    async with running(replay=_with_a_computer(), language=lang, settled=True) as (app, _):
        assert isinstance(app.screen, ReplayScreen)
        assert keys_cut(app) == []


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_every_key_of_the_trainer_fits(lang: str) -> None:
    async with running(language=lang, settled=True) as (app, pilot):
        app.push_screen(TrainerScreen(seed=2))
        await settle_until(
            pilot, lambda: isinstance(app.screen, TrainerScreen) and app.screen.position is not None
        )
        assert keys_cut(app) == []


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_the_statistics_columns_fit_in_80_columns(lang: str) -> None:
    fill_history()
    async with running(language=lang, settled=True) as (app, pilot):
        await pilot.press("ctrl+t")
        await settle_until(pilot, lambda: isinstance(app.screen, StatisticsScreen))
        await app.workers.wait_for_complete()
        await settle(pilot)
        table = app.screen.query_one("#statistics-table", DataTable)
        assert table.row_count > 0
        assert table.max_scroll_x == 0


SETUP_SIZES = [(40, 12), (60, 20), (69, 20), (70, 20), (80, 24)]


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_the_setups_keys_and_buttons_show_whole_at_every_size_and_more_keys_when_wider(
    lang: str,
) -> None:
    """The setup screen's Footer keys and the buttons under the players, at each size: the
    buttons on one line when the row has room, else wrapped, never cut ("Trainer (ctr"); a
    wider screen gives the Footer the keys a narrow one left out.

    One app walks the sizes, as a player resizing the terminal would (its layout at each size
    is the one a fresh app at that size shows)."""
    async with running(language=lang, size=SETUP_SIZES[0], settled=True) as (app, pilot):
        narrow = {key.action for key in app.screen.query(FooterKey)}
        for size in SETUP_SIZES:
            await pilot.resize_terminal(*size)
            await settle(pilot)
            assert app.size == size
            assert keys_cut(app) == [], f"at {size}"
            row = app.screen.query_one("#records-buttons")
            for button in row.query(Button):
                label = str(button.label)
                assert button.region.right <= row.region.right, f"{label!r} past the row at {size}"
                width, height = button.content_region.size
                longest = max(len(word) for word in label.split())
                assert width >= longest, f"{label!r} at {size}"
                assert width * height >= len(label), f"{label!r} cut at {size}"
        await pilot.resize_terminal(100, 30)
        await settle(pilot)
        wide = {key.action for key in app.screen.query(FooterKey)}
        assert narrow < wide
        _footer_whole(app)


def _finished() -> rules.GameState:
    players = [Player(name="Max", level=Level.EASY), Player(name="Leo", level=Level.MEDIUM)]
    return play_game(rules.new_game(players, seed=21))


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_no_key_is_cut_on_the_screens_with_a_full_footer_at_40_columns(lang: str) -> None:
    """The Footers that are not compact (the game over, its analysis, the scorecard, the
    help, the settings, the statistics and the history) show at 40 columns only the keys
    that fit whole: "c Grá" was the Spanish analysis's last key."""
    fill_history()
    async with running(_finished(), language=lang, size=(40, 12), settled=True) as (app, pilot):
        seen = []
        for key in ("", "v", "s", "question_mark", "t", "y"):
            if key:
                await pilot.press(key)
                await settle(pilot)
                await app.workers.wait_for_complete()
                await settle(pilot)
            seen.append(type(app.screen).__name__)
            assert keys_cut(app) == [], type(app.screen).__name__
            if key:
                await pilot.press("escape")
                await settle(pilot)
        await pilot.press("n")  # a new game: the setup screen, then its house rules
        await settle(pilot)
        await pilot.press("ctrl+r")
        await settle(pilot)
        seen.append(type(app.screen).__name__)
        assert keys_cut(app) == [], type(app.screen).__name__
    assert seen == [
        "GameOverScreen",
        "AnalysisScreen",
        "ScorecardScreen",
        "HelpScreen",
        "StatisticsScreen",
        "HistoryScreen",
        "SettingsScreen",
    ]


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
    async with running(language=lang, size=(40, 12), settled=True) as (app, pilot):
        assert isinstance(app.screen, SetupScreen)
        _footer_whole(app)
        await pilot.press("ctrl+s")  # a key left out of the Footer still works
        await settle(pilot)
        assert isinstance(app.screen, TurnScreen)
        _footer_whole(app)


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_the_replays_buttons_all_fit_at_40_columns(lang: str) -> None:
    game = rules.new_game(["Ana", "Bruno"], seed=1)
    async with running(replay=game, language=lang, size=(40, 12), settled=True) as (app, _):
        assert isinstance(app.screen, ReplayScreen)
        buttons = list(app.screen.query("#replay-buttons Button").results(Button))
        assert len(buttons) == 5
        assert all(button.region.right <= 40 and button.region.width > 0 for button in buttons)
        forward = app.screen.query_one("#replay-forward", Button)
        assert str(forward.label) == "▶"
        assert forward.tooltip == replay_words.replay_buttons()["replay-forward"][0]
        _footer_whole(app)


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_the_coachs_broken_lines_fit_its_panel_at_80_columns(lang: str) -> None:
    async with running(rules.new_game(["Ana", "Bruno"], seed=3), language=lang, settled=True) as (
        app,
        pilot,
    ):
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
