"""The record dialog offers a folder that is there, or says it will be made: with
GENERALA_TUI_HOME set, its records folder, never a ~/Documents that may not exist."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Static

from generala_tui import store
from generala_tui.game import rules
from generala_tui.game.model import Level, Player
from generala_tui.game.strategy import play_game
from generala_tui.ui.screens.export import ExportDialog
from generala_tui.ui.screens.game_over import GameOverScreen

from ..conftest import running, settle


async def test_with_the_home_redirected_the_record_is_offered_in_its_records_folder() -> None:
    players = [Player(name="Max", level=Level.EASY), Player(name="Leo", level=Level.EASY)]
    finished = play_game(rules.new_game(players, seed=21))
    records = store.records_dir()
    assert not records.exists()
    async with running(finished) as (app, pilot):
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("e")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ExportDialog)
        offered = Path(dialog.query_one("#export-path", Input).value)
        assert offered.parent == records
        assert "Documents" not in offered.parts
        note = dialog.query_one("#export-note", Static)
        assert note.display and "makes it" in str(note.render())  # the folder is not there yet
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        assert store.read_record(offered) == finished


async def test_no_note_when_the_folder_offered_is_there() -> None:
    store.records_dir().mkdir(parents=True)
    players = [Player(name="Max", level=Level.EASY), Player(name="Leo", level=Level.EASY)]
    async with running(play_game(rules.new_game(players, seed=21))) as (app, pilot):
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, ExportDialog)
        assert not app.screen.query_one("#export-note", Static).display
