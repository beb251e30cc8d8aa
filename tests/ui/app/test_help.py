"""The help screen explains the house rules of the game in play, and every key; what Enter does
in a question: it presses the highlighted answer, at first the safe one (Enter on "Quit now?"
keeps playing), and only the yes key answers yes."""

from __future__ import annotations

import pytest
from textual import events
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.pilot import Pilot
from textual.widgets import Markdown
from textual.widgets._markdown import MarkdownBlock, MarkdownHeader

from generala_tui import i18n
from generala_tui.game import rules
from generala_tui.game.model import HouseRules, ServedRoll
from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.screens import help_words
from generala_tui.ui.screens.dialogs import QuitDialog
from generala_tui.ui.screens.game_over import GameOverScreen
from generala_tui.ui.screens.help import HelpScreen
from generala_tui.ui.screens.help_words import help_text
from generala_tui.ui.screens.turn import TurnScreen
from generala_tui.ui.vocabulary import (
    ADVICE_MARK,
    BEST_CHANCE_MARK,
    HELD_KEEP_MARK,
    NO_KEY,
    key_name,
    yes_key,
)

from ..conftest import running


def test_help_follows_the_house_rules() -> None:
    swedish = help_text(HouseRules(generala_points=60, served_roll=ServedRoll.ANY_FULL_ROLL))
    assert "| Generala | five dice alike | 60 |" in swedish
    assert "all five dice" in swedish
    classic = help_text(HouseRules())
    assert "| Generala | five dice alike | 50 |" in classic
    assert "Double Generala" not in classic
    assert "wins the game at once" in classic
    assert "share the win" in help_text(HouseRules(tie_break=False))
    assert "served 30" in help_text(HouseRules(served_bonus=10))
    assert "Two pairs" in help_text(HouseRules(two_pairs=True))


@pytest.mark.parametrize("language", ["en", "es", "sv"])
def test_help_explains_every_mark_the_coach_shows(language: str) -> None:
    """Issue 36, 11: the coach's ◆ (the keep the held dice make) was never explained."""
    i18n.set_language(language)
    try:
        text = help_text(HouseRules())
    finally:
        i18n.set_language("en")
    for mark in (ADVICE_MARK, BEST_CHANCE_MARK, HELD_KEEP_MARK):
        assert mark in text, mark


def test_help_explains_every_key_of_the_turn_and_winner_screens() -> None:
    text = help_text(HouseRules())
    for screen, explained in [
        (TurnScreen, help_words.turn_keys()),
        (GameOverScreen, help_words.game_over_keys()),
    ]:
        for binding in screen.BINDINGS:
            assert isinstance(binding, Binding)
            action = binding.action.split("(")[0].removeprefix("app.")
            assert action in explained, f"{screen.__name__} key {binding.key} is not in the help"
            keys, what = explained[action]
            assert f"| {keys} | {what} |" in text


async def test_question_mark_opens_help_for_the_game_in_play_and_escape_closes_it() -> None:
    async with running(rules.new_game(["Ana"], HouseRules(generala_points=60), seed=1)) as (
        app,
        pilot,
    ):
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "five dice alike | 60" in app.screen.query_one("#help-text").source  # type: ignore[attr-defined]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TurnScreen)


def _sections(app: GeneralaApp) -> list[MarkdownHeader]:
    return list(app.screen.query(MarkdownHeader))


def _shown(app: GeneralaApp, block: MarkdownBlock) -> bool:
    """Whether the whole of ``block`` is inside the help's visible window."""
    window = app.screen.query_one("#help-scroll", VerticalScroll).region
    return window.contains_region(block.region)


async def _open_help(pilot: Pilot[None]) -> VerticalScroll:
    await pilot.pause()
    await pilot.press("f1")
    await pilot.pause()
    assert isinstance(pilot.app.screen, HelpScreen)
    return pilot.app.screen.query_one("#help-scroll", VerticalScroll)


async def test_page_down_reaches_every_section_of_the_help() -> None:
    """One app: the help opened at each size in turn, paged to its end, and closed."""
    sizes = [(40, 12), (80, 24)]
    async with running(
        house_rules=HouseRules(double_generala=True, two_pairs=True), size=sizes[0]
    ) as (app, pilot):
        for size in sizes:
            await pilot.resize_terminal(*size)
            scroll = await _open_help(pilot)
            assert app.size == size
            assert scroll.max_scroll_y > 0, f"the help is taller than the screen at {size}"
            seen: set[int] = set()
            for _ in range(100):
                seen |= {n for n, header in enumerate(_sections(app)) if _shown(app, header)}
                if scroll.scroll_y >= scroll.max_scroll_y:
                    break
                await pilot.press("pagedown")
                await pilot.pause()
            assert seen == set(range(len(_sections(app)))), size
            last = list(app.screen.query_one("#help-text", Markdown).query(MarkdownBlock))[-1]
            assert _shown(app, last), size
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(app.screen, HelpScreen), size


async def test_help_scrolls_by_arrows_home_end_and_the_wheel_wherever_the_focus_is() -> None:
    async with running() as (app, pilot):
        scroll = await _open_help(pilot)
        assert app.focused is app.screen.query_one("#close-help")
        await pilot.press("down", "down")
        await pilot.pause()
        assert scroll.scroll_y == 2
        await pilot.press("up")
        await pilot.pause()
        assert scroll.scroll_y == 1
        await pilot.press("end")
        await pilot.pause()
        assert scroll.scroll_y == scroll.max_scroll_y > 0
        assert "rule book" in str(_sections(app)[-1].render())
        assert _shown(app, _sections(app)[-1])
        await pilot.press("pageup")
        await pilot.pause()
        assert scroll.scroll_y == scroll.max_scroll_y - scroll.scrollable_content_region.height
        await pilot.press("home")
        await pilot.pause()
        assert scroll.scroll_y == 0
        assert _shown(app, _sections(app)[0])
        # The mouse wheel, from the top.
        await pilot._post_mouse_events([events.MouseScrollDown], "#help-scroll", offset=(5, 5))
        await pilot.pause()
        down = scroll.scroll_y
        assert down > 0
        await pilot._post_mouse_events([events.MouseScrollUp], "#help-scroll", offset=(5, 5))
        await pilot.pause()
        assert scroll.scroll_y < down


def test_help_sends_players_to_the_rules_page_of_the_project() -> None:
    text = help_text(HouseRules())
    assert "generala-tui docs rules" in text  # the installed game prints its rule book
    assert "RULES.md" not in text


ARROWS = {"up": "↑", "down": "↓", "right": "→", "left": "←"}


def _section(text: str, heading: str) -> str:
    """The help's section under ``## heading``, up to the next heading."""
    start = text.index(f"## {heading}\n")
    end = text.find("\n#", start + 1)
    return text[start : end if end >= 0 else None]


@pytest.mark.parametrize(
    ("screen", "heading"),
    [
        ("SetupScreen", "Elsewhere"),
        ("LevelPicker", "Elsewhere"),
        ("HistoryScreen", "In the history"),
        ("AnalysisScreen", "In the analysis"),
        ("DecisionList", "In the analysis"),
        ("ReplayScreen", "Replaying a record"),
        ("TrainerScreen", "In the trainer"),
    ],
)
def test_help_names_every_key_of_the_other_screens(screen: str, heading: str) -> None:
    from generala_tui.ui.screens import analysis, history, replay, setup, trainer

    found = {
        "SetupScreen": setup.SetupScreen,
        "LevelPicker": setup.LevelPicker,
        "HistoryScreen": history.HistoryScreen,
        "AnalysisScreen": analysis.AnalysisScreen,
        "DecisionList": analysis.DecisionList,
        "ReplayScreen": replay.ReplayScreen,
        "TrainerScreen": trainer.TrainerScreen,
    }[screen]
    section = _section(help_text(HouseRules()), heading)
    for binding in found.BINDINGS:
        assert isinstance(binding, Binding)
        for key in binding.key.split(","):
            if key == "space" or (key.isdigit() and key in "2345"):
                continue  # space rolls as r does; 2-5 are written as `1`-`5`
            shown = {f"`{key}`", f"`{ARROWS.get(key, key)}`"}  # an arrow key by its arrow
            assert any(name in section for name in shown), f"{screen} key {key} is not in the help"


# --- what Enter does in a question ---------------------------------------------------------


def _rows() -> list[tuple[str, str]]:
    """The help's key rows, as (keys, what they do)."""
    rows = []
    for line in help_words.keys_text().splitlines():
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if line.startswith("|") and len(cells) == 2:
            rows.append((cells[0], cells[1]))
    return rows


def test_the_help_does_not_say_enter_answers_yes() -> None:
    try:
        for lang in i18n.LANGUAGES:
            i18n.set_language(lang)
            yes, no, enter = f"`{yes_key()}`", f"`{NO_KEY}`", f"`{key_name('enter')}`"
            answers = [keys for keys, _ in _rows() if yes in keys and no in keys]
            assert answers, lang
            assert all(enter not in keys for keys in answers), (lang, answers)
    finally:
        i18n.set_language("en")


def test_the_help_says_enter_presses_the_highlighted_answer() -> None:
    i18n.set_language("en")
    said = [what for keys, what in _rows() if keys == "`enter`" and "question" in what]
    assert said and "highlighted answer" in said[0]


async def test_enter_on_quit_now_keeps_playing_as_the_help_says() -> None:
    async with running(rules.new_game(["Ana", "Bruno"], seed=1)) as (app, pilot):
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, QuitDialog)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TurnScreen)
        assert app.is_running
