"""Game record files: store.write_record and store.read_record, and the folder a record is
offered in: under GENERALA_TUI_HOME when it is set, else the documents folder when there is
one, else the home folder; never a folder that isn't there unless the app makes it."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from generala_tui import store
from generala_tui.game import rules
from generala_tui.game.model import Filled, GameState, HouseRules, Level, Player
from generala_tui.game.strategy import play_game, solve


@pytest.fixture(scope="module")
def finished() -> GameState:
    players = [Player(name="Ana", level=Level.EASY), Player(name="Bot", level=Level.EXPERT)]
    house_rules = HouseRules(two_pairs=True)
    return play_game(rules.new_game(players, house_rules, seed=11), solve(house_rules))


def half_played(game: GameState) -> GameState:
    return rules.positions(game)[len(game.log) // 2]


def test_a_record_is_indented_json_with_its_format_version_and_game(tmp_path, finished):
    path = tmp_path / "records" / "game.json"
    store.write_record(finished, path)
    text = path.read_text(encoding="utf-8")
    assert text.startswith('{\n  "format": "generala-tui game record",\n  "version": 1,')
    document = json.loads(text)
    assert document["game"]["log"][0]["kind"] == "roll"
    assert store.read_record(path) == finished


def test_an_unfinished_game_round_trips_and_goes_on_with_the_same_dice(tmp_path, finished):
    game = half_played(finished)
    path = tmp_path / "half.json"
    store.write_record(game, str(path))
    loaded = store.read_record(str(path))
    assert loaded == game
    if rules.can_roll(loaded):
        assert rules.roll(loaded) == rules.roll(game)


def test_the_autosave_and_a_history_file_read_as_records(finished):
    game = half_played(finished)
    assert store.save_game(game) is None
    assert store.read_record(store.game_path()) == game
    assert store.add_to_history(finished, {"Ana": 3.5, "Bot": 0.0}) is None
    (history_file,) = store.history_dir().iterdir()
    assert store.read_record(history_file) == finished


def _bad(tmp_path, content: str | bytes) -> str:
    path = tmp_path / "bad.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    with pytest.raises(store.RecordError) as caught:
        store.read_record(path)
    message = str(caught.value)
    assert "\n" not in message and str(path) in message
    assert path.exists()  # a record is never moved aside
    return message


def record_text(game: GameState, **changes: object) -> str:
    document = {"format": store.RECORD_FORMAT, "version": 1, "game": game.model_dump(mode="json")}
    document.update(changes)
    return json.dumps(document)


def test_invalid_json_is_refused_in_one_line(tmp_path):
    assert "not valid JSON" in _bad(tmp_path, '{"format": "generala-tui game record",\n "ver')
    assert "not UTF-8" in _bad(tmp_path, b"\xff\xfe{}")
    assert "empty" in _bad(tmp_path, "")
    assert "not a JSON object" in _bad(tmp_path, "[1, 2]")


def test_another_format_or_version_is_refused(tmp_path, finished):
    assert "not a generala-tui game record" in _bad(tmp_path, '{"hello": 1}')
    assert '"chess"' in _bad(tmp_path, record_text(finished, format="chess"))
    assert "version 2 from a newer" in _bad(tmp_path, record_text(finished, version=2))
    assert "version 0" in _bad(tmp_path, record_text(finished, version=0))
    assert 'unknown version ("1")' in _bad(tmp_path, record_text(finished, version="1"))
    assert "without its game" in _bad(
        tmp_path, json.dumps({"format": store.RECORD_FORMAT, "version": 1})
    )


def test_an_impossible_game_or_a_log_that_does_not_replay_is_refused(tmp_path, finished):
    document = json.loads(record_text(finished))
    document["game"]["players"][0]["boxes"]["ones"] = {"points": 7}
    assert "impossible game" in _bad(tmp_path, json.dumps(document))
    log = list(finished.log)
    fill = next(i for i, entry in enumerate(log) if isinstance(entry, Filled))
    log[fill] = log[fill].model_copy(update={"seat": 1 - log[fill].seat})
    tampered = finished.model_copy(update={"log": tuple(log)})
    message = _bad(tmp_path, record_text(tampered))
    assert "does not replay" in message and f"Step {fill + 1}" in message


def test_a_missing_file_or_a_folder_is_refused(tmp_path):
    with pytest.raises(store.RecordError, match="no such file"):
        store.read_record(tmp_path / "nowhere.json")
    with pytest.raises(store.RecordError, match="a folder"):
        store.read_record(tmp_path)


def test_writing_where_no_file_can_be_is_refused(tmp_path, finished):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(store.RecordError, match="could not be written"):
        store.write_record(finished, blocker / "game.json")
    log = list(finished.log)
    log[0] = log[0].model_copy(update={"dice": (6, 6, 6, 6, 5)})
    with pytest.raises(store.RecordError, match="does not replay"):
        store.write_record(finished.model_copy(update={"log": tuple(log)}), tmp_path / "x.json")
    assert not (tmp_path / "x.json").exists()


def test_a_record_never_replaces_a_file(tmp_path, finished):
    folder = tmp_path / "records"
    folder.mkdir()
    path = folder / "taken.json"
    path.write_text("someone's notes")
    with pytest.raises(store.RecordError, match="already there"):
        store.write_record(finished, path)
    assert path.read_text() == "someone's notes"
    assert [p.name for p in folder.iterdir()] == ["taken.json"]  # no temporary left
    store.write_record(finished, path, replace=True)
    assert store.read_record(path) == finished


def test_a_record_has_the_usual_mode_and_the_autosave_stays_private(tmp_path, finished):
    old = os.umask(0o022)
    try:
        store.write_record(finished, tmp_path / "shared.json")
        os.umask(0o027)
        store.write_record(finished, tmp_path / "group.json")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "shared.json").stat().st_mode) == 0o644
    assert stat.S_IMODE((tmp_path / "group.json").stat().st_mode) == 0o640
    assert store.save_game(finished) is None
    assert stat.S_IMODE(store.game_path().stat().st_mode) == 0o600


# --- the folder a record is offered in -----------------------------------------------------


def test_with_the_home_redirected_records_go_under_it() -> None:
    home = store.config_dir().parent  # the test's GENERALA_TUI_HOME
    assert store.records_dir() == home / "records"


@pytest.fixture
def player_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No GENERALA_TUI_HOME; the player's home a fresh folder, with no Documents yet."""
    monkeypatch.delenv("GENERALA_TUI_HOME", raising=False)
    for variable in ("XDG_DOCUMENTS_DIR", "XDG_CONFIG_HOME"):
        monkeypatch.delenv(variable, raising=False)
    home = tmp_path / "player"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    return home


def test_without_a_documents_folder_records_are_offered_in_the_home_folder(
    player_home: Path,
) -> None:
    assert not (player_home / "Documents").exists()
    assert store.records_dir() == player_home


def test_the_documents_folder_is_offered_when_it_exists(player_home: Path) -> None:
    (player_home / "Documents").mkdir()
    assert store.records_dir() == player_home / "Documents"
