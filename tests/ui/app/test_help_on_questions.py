"""The help says what Enter does in a question: it presses the highlighted answer, at first
the safe one (Enter on "Quit now?" keeps playing), and only the yes key answers yes."""

from __future__ import annotations

from generala_tui import i18n
from generala_tui.game import rules
from generala_tui.ui.screens import help_words
from generala_tui.ui.screens.dialogs import QuitDialog
from generala_tui.ui.screens.turn import TurnScreen
from generala_tui.ui.vocabulary import NO_KEY, key_name, yes_key

from ..conftest import running


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
