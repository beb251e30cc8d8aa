"""The save-record dialog tells a path the operating system refuses in words, in the current
language, as the store tells the system's refusals: never Python's "[Errno 36] ..."."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, Static

from generala_tui import i18n
from generala_tui.game import rules
from generala_tui.game.model import GameState, HouseRules, Level, Player
from generala_tui.game.strategy import play_game
from generala_tui.ui.screens.export import ExportDialog
from generala_tui.ui.screens.game_over import GameOverScreen

from ..conftest import notices, running, settle


@pytest.fixture(scope="module")
def finished() -> GameState:
    players = [Player(name="Max", level=Level.EASY), Player(name="Leo", level=Level.MEDIUM)]
    return play_game(rules.new_game(players, HouseRules(served_generala_wins=False), seed=21))


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "The record was not saved: file name too long"),
        ("es", "El registro no se guardó: "),  # then the store's words for errno 36
    ],
)
@pytest.mark.parametrize(
    "name",
    [
        pytest.param("a" * 300 + ".json", id="file-name-too-long"),
        pytest.param("a" * 300 + "/game.json", id="folder-name-too-long"),
    ],
)
async def test_a_name_too_long_for_the_system_is_told_in_a_sentence(
    finished: GameState, tmp_path: Path, lang: str, said: str, name: str
) -> None:
    folder = tmp_path / "records"
    folder.mkdir()
    async with running(finished, language=lang, size=(100, 30)) as (app, pilot):
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("e")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ExportDialog)
        dialog.query_one("#export-path", Input).value = str(folder / name)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is dialog  # the dialog stays, to type another name
        error = str(dialog.query_one("#export-error", Static).render())
        assert "Errno" not in error and "[" not in error, error
        # The name is in the field above; the reason here, in the system's words or the
        # store's translation of them.
        assert error == said if lang == "en" else error.startswith(said), error
        assert "File name too long" not in error
        told = notices(app, "error")
        assert told == [error]
    i18n.set_language("en")
    assert list(folder.iterdir()) == []
