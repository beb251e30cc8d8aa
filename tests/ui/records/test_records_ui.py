"""Game records from the app: saved from the winner's screen and the history (offered in a
folder that is there, or said to be made), and replayed (from the command line, back to the
shell on escape, q or the close button; inside the app, back to the screen under it)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static

from generala_tui import store
from generala_tui.commands.main import main
from generala_tui.game import rules
from generala_tui.game.model import GameState, HouseRules, Level, Player
from generala_tui.game.strategy import play_game
from generala_tui.ui import vocabulary
from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.screens import export_words
from generala_tui.ui.screens.export import ExportDialog
from generala_tui.ui.screens.game_over import GameOverScreen
from generala_tui.ui.screens.history import HistoryScreen
from generala_tui.ui.screens.replay import ReplayScreen
from generala_tui.ui.screens.setup import SetupScreen
from generala_tui.ui.widgets.dice import Die

from ..conftest import notices, running, settle
from .history import fill_history


@pytest.fixture(scope="module")
def finished() -> GameState:
    players = [Player(name="Max", level=Level.EASY), Player(name="Leo", level=Level.MEDIUM)]
    return play_game(rules.new_game(players, HouseRules(served_generala_wins=False), seed=21))


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (None, "no such file"),
        ("{not json", "not"),
        (json.dumps({"format": store.RECORD_FORMAT, "version": 99, "game": {}}), "version"),
    ],
)
def test_replay_of_a_bad_file_is_one_line_and_status_2(
    tmp_path: Path, content: str | None, expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    if content is not None:
        path.write_text(content)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and expected in err and err.startswith("generala-tui replay: ")


def test_replay_has_a_description_in_its_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["replay", "--help"])
    out = capsys.readouterr().out
    assert "step through the game move by move" in out
    assert "PgUp/PgDn" in out


async def test_replay_steps_through_the_record_by_keys_and_buttons(finished: GameState) -> None:
    positions = rules.positions(finished)
    async with running(replay=finished) as (app, pilot):
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.step == 0
        assert screen.check_action("step", (-1,)) is None  # greyed out at the start

        def dice() -> tuple[int, ...]:
            return tuple(die.value for die in screen.query(Die))

        await pilot.press("right")
        assert screen.step == 1 and dice() == positions[1].turn.dice
        said = str(screen.query_one("#replay-step", Static).render())
        assert "Max rolls" in said and vocabulary.dice_text(positions[1].turn.dice) in said
        await pilot.press("pagedown")  # the next turn's first roll
        assert positions[screen.step - 1].turn.rolls == 0
        assert positions[screen.step - 1].current != positions[1].current
        await pilot.press("end")
        assert screen.step == len(finished.log) and screen.check_action("step", (1,)) is None
        assert dice() == positions[-2].turn.dice  # the dice the last box was filled with
        assert await pilot.click("#replay-back")
        await pilot.pause()
        assert screen.step == len(finished.log) - 1
        assert await pilot.click("#replay-first")
        await pilot.pause()
        assert screen.step == 0
        assert await pilot.click("#replay-forward")
        await pilot.pause()
        assert screen.step == 1
        assert app.game is None  # read-only: nothing was played
        await pilot.press("escape")
        await pilot.pause()
        assert app.return_code == 0  # a replay from the command line goes back to the shell


def _record() -> GameState:
    game = rules.new_game(["Ana", "Bruno"], seed=3)
    return rules.score(rules.roll(game, [5, 5, 5, 3, 3]), "full_house")


@pytest.mark.parametrize("key", ["escape", "q"])
async def test_closing_a_replay_from_the_command_line_ends_the_program(key: str) -> None:
    async with running(replay=_record()) as (app, pilot):
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press(key)
        await pilot.pause()
        assert app.return_code == 0
        assert not isinstance(app.screen, SetupScreen)


async def test_the_close_button_of_a_replay_from_the_command_line_ends_the_program() -> None:
    async with running(replay=_record()) as (app, pilot):
        await pilot.pause()
        await pilot.click("#replay-close")
        await pilot.pause()
        assert app.return_code == 0


async def test_escape_from_a_replay_opened_in_the_app_goes_back_and_q_does_nothing() -> None:
    async with running() as (app, pilot):
        await pilot.pause()
        await app.push_screen(ReplayScreen(_record()))
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert app.return_code is None


async def _export_dialog(app: GeneralaApp, pilot: Pilot[None], path: Path) -> ExportDialog:
    """The winners' screen's save dialog (e), its file name set to ``path``."""
    await pilot.press("e")
    await pilot.pause()
    dialog = app.screen
    assert isinstance(dialog, ExportDialog)
    dialog.query_one("#export-path", Input).value = str(path)
    return dialog


async def test_the_winners_screen_saves_a_record_and_names_the_file(
    finished: GameState, tmp_path: Path
) -> None:
    async with running(finished) as (app, pilot):
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        await _export_dialog(app, pilot, tmp_path / "mine.json")
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        assert store.read_record(tmp_path / "mine.json") == finished
        told = notices(app)
        assert export_words.record_saved(str((tmp_path / "mine.json").resolve())) in told


async def test_a_second_save_press_while_saving_saves_once_and_tells_no_error(
    finished: GameState, tmp_path: Path
) -> None:
    """Enter then a click on Save (or Enter twice) before the file is written: one save.
    The second used to cancel the first before it began (a coroutine never run) or to find
    the file the first had written and refuse to replace it."""
    async with running(finished) as (app, pilot):
        await pilot.pause()
        dialog = await _export_dialog(app, pilot, tmp_path / "twice.json")
        dialog.action_save()
        dialog.action_save()  # before the first save has run
        await app.workers.wait_for_complete()
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        assert store.read_record(tmp_path / "twice.json") == finished
        assert not notices(app, "error")


async def test_a_record_that_cannot_be_written_is_told_and_the_dialog_stays(
    finished: GameState, tmp_path: Path
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    async with running(finished) as (app, pilot):
        await pilot.pause()
        assert await pilot.click("#export-record")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ExportDialog)
        dialog.query_one("#export-path", Input).value = str(blocker / "game.json")
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is dialog
        error = str(dialog.query_one("#export-error", Static).render())
        assert error.startswith("The record was not saved:")
        assert notices(app, "error")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)


async def test_the_history_saves_the_highlighted_game_into_a_folder(tmp_path: Path) -> None:
    games = fill_history(2)
    async with running(house_rules=HouseRules()) as (app, pilot):
        await pilot.pause()
        await pilot.press("ctrl+y")
        await settle(pilot)
        assert isinstance(app.screen, HistoryScreen)
        await pilot.press("down", "e")  # the second newest: the oldest of two
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ExportDialog)
        dialog.query_one("#export-path", Input).value = str(tmp_path) + "/"
        await pilot.press("enter")
        await settle(pilot)
        written = list(tmp_path.glob("generala-*.json"))
        assert [store.read_record(path) for path in written] == [games[0]]


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, dict[str, Any]]]:
    """The app made to believe it is served to a browser (Textual's public ``App.is_web``,
    true under textual-serve's driver), and the text files it delivers (``deliver_text``, a
    download in a browser) kept here with their options, instead of saved by the headless
    driver."""
    delivered: list[tuple[str, dict[str, Any]]] = []

    def deliver_text(app: GeneralaApp, path_or_file: Any, **options: Any) -> str:
        delivered.append((path_or_file.read(), options))
        return "the-delivery-key"

    monkeypatch.setattr(GeneralaApp, "is_web", property(lambda app: True))
    monkeypatch.setattr(GeneralaApp, "deliver_text", deliver_text)
    return delivered


async def test_a_served_game_hands_its_record_to_the_browser_and_asks_no_path(
    finished: GameState,
    served: list[tuple[str, dict[str, Any]]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """In a served game the disk is the server's: no path to type, and the record goes to
    the player's browser as a download (a page once wrote ~/.bash_profile, issue 33)."""
    here = tmp_path / "where-the-server-runs"
    here.mkdir()
    monkeypatch.chdir(here)
    async with running(finished) as (app, pilot):
        await pilot.pause()
        assert app.is_web
        await pilot.press("e")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ExportDialog)
        assert not dialog.query(Input)  # nothing to name a file with
        note = str(dialog.query_one("#export-label", Static).render())
        assert note == export_words.download_note(dialog.name_offered)
        assert app.focused is dialog.query_one("#export-save")
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        [(text, options)] = served
        assert options["save_filename"] == dialog.name_offered
        assert options["mime_type"] == "application/json"
        (tmp_path / "downloaded.json").write_text(text, encoding="utf-8")
        assert store.read_record(tmp_path / "downloaded.json") == finished
        told = notices(app)
        assert export_words.record_delivered(dialog.name_offered) in told
    assert not store.records_dir().exists()  # nothing written where a record would go
    assert list(here.iterdir()) == []


async def test_a_served_record_that_cannot_be_made_is_told_and_nothing_delivered(
    finished: GameState, served: list[tuple[str, dict[str, Any]]], monkeypatch: pytest.MonkeyPatch
) -> None:
    def refused(state: GameState, path: Any) -> None:
        raise store.RecordError("The game does not replay.")

    monkeypatch.setattr(store, "write_record", refused)
    async with running(finished) as (app, pilot):
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ExportDialog)
        assert not dialog.query(Input)
        await pilot.press("enter")  # the Download button's
        await app.workers.wait_for_complete()
        await settle(pilot)
        assert app.screen is dialog
        error = str(dialog.query_one("#export-error", Static).render())
        assert error == export_words.record_not_saved("The game does not replay.")
        assert served == []


async def test_at_a_terminal_the_record_dialog_asks_where_and_delivers_nothing(
    finished: GameState, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    delivered: list[Any] = []
    monkeypatch.setattr(GeneralaApp, "deliver_text", lambda app, *a, **k: delivered.append(a))
    async with running(finished) as (app, pilot):
        await pilot.pause()
        assert not app.is_web
        dialog = await _export_dialog(app, pilot, tmp_path / "here.json")
        assert app.focused is dialog.query_one("#export-path", Input)
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await settle(pilot)
    assert store.read_record(tmp_path / "here.json") == finished
    assert delivered == []


def test_a_record_is_named_by_time_and_players_whatever_their_names() -> None:
    from datetime import datetime

    from generala_tui.ui.screens.export import record_name

    state = rules.new_game(["../[b]Eve", "Bob[/]", "Tomás", "///"])
    name = record_name(state, datetime(2026, 1, 30, 20, 15, 7))
    assert name.startswith("generala-20260130-201507-bEve-Bob-Tomás-p4-")
    assert name.endswith(".json")
    assert "/" not in name and "[" not in name
    # Two games exported in the same second get two names.
    other = rules.new_game(["../[b]Eve", "Bob[/]", "Tomás", "///"], seed=state.seed + 1)
    assert record_name(other, datetime(2026, 1, 30, 20, 15, 7)) != name


async def test_a_record_never_replaces_a_file_and_the_dialog_says_so(
    finished: GameState, tmp_path: Path
) -> None:
    taken = tmp_path / "mine.json"
    taken.write_text("my notes")
    async with running(finished) as (app, pilot):
        await pilot.pause()
        dialog = await _export_dialog(app, pilot, taken)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is dialog
        error = str(dialog.query_one("#export-error", Static).render())
        assert "already there" in error
        assert taken.read_text() == "my notes"
        dialog.query_one("#export-path", Input).value = str(tmp_path / "other.json")
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        assert store.read_record(tmp_path / "other.json") == finished


# With GENERALA_TUI_HOME set, the record is offered in its records folder, never in a
# ~/Documents that may not exist.


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
