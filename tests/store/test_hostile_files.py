"""Files that are not what they claim: nothing from them reaches the terminal raw, nothing is
read that is not a regular file, and the app's own files are the user's only (what the app
tells of them: tests/ui/app/test_preferences.py and test_never_lose_a_game.py)."""

from __future__ import annotations

import json
import os
import socket
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers import HOSTILE, play_game, record_document, unshown

from generala_tui import store
from generala_tui.game import rules
from generala_tui.game.model import GameState, HouseRules, Level, printable, shows
from generala_tui.game.refusals import english_refusal as refusal

# --- printable ---------------------------------------------------------------------


@pytest.mark.parametrize("sequence", HOSTILE.values(), ids=HOSTILE.keys())
def test_printable_escapes_what_would_drive_the_terminal(sequence: str) -> None:
    shown = printable(f"a{sequence}b")
    assert unshown(shown) == []
    assert shown.startswith("a") and shown.endswith("b")
    assert "\\x1b" in shown or "\\x9b" in shown or "\\u202e" in shown


def test_printable_leaves_names_and_joiners_as_they_are() -> None:
    for text in ["Ana", "Ñandú 6·5", "علی\u200cرضا", "👨\u200d👩\u200d👧", "a\\x1b"]:
        assert shows(text)
        assert printable(text) == text


# --- names -------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["علی\u200cرضا", "👨\u200d👩\u200d👧"])
def test_a_name_may_hold_a_zero_width_joiner_or_non_joiner(name: str) -> None:
    assert rules.validate_names([name, "Bob"]) == [name, "Bob"]
    state = rules.new_game([name, "Bob"], seed=1)
    assert GameState.model_validate_json(state.model_dump_json()).players[0].name == name


@pytest.mark.parametrize("sequence", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_name_with_a_control_or_bidi_override_is_still_refused(sequence: str) -> None:
    with pytest.raises(rules.IllegalMove, match="can't be shown"):
        rules.validate_names([f"A{sequence}"])
    document = rules.new_game(["Ana"], seed=1).model_dump(mode="json")
    document["players"][0]["name"] = f"A{sequence}"
    with pytest.raises(ValueError, match="can't be shown") as refused:
        GameState.model_validate(document)
    assert unshown(str(refused.value).splitlines()[1]) == []


# --- what a bad file says ----------------------------------------------------------


def places(sequence: str) -> dict[str, dict[str, object]]:
    """A record with ``sequence`` in a key, a tag and a value, each its own document."""
    cases = {}
    for where in ["box key", "log tag", "house rule", "value", "game key", "format", "version"]:
        document = record_document()
        game = document["game"]
        assert isinstance(game, dict)
        if where == "box key":
            game["players"][0]["boxes"] = {sequence: 3}
        elif where == "log tag":
            game["log"][0]["kind"] = sequence + "roll"
        elif where == "house rule":
            game["house_rules"][sequence] = True
        elif where == "value":
            game["house_rules"]["straight"] = sequence
        elif where == "game key":
            game[sequence] = 1
        elif where == "format":
            document["format"] = sequence
        else:
            document["version"] = sequence
        cases[where] = document
    return cases


@pytest.mark.parametrize("sequence", HOSTILE.values(), ids=HOSTILE.keys())
def test_reading_a_hostile_record_says_so_with_nothing_raw(tmp_path: Path, sequence: str) -> None:
    for where, document in places(sequence).items():
        path = tmp_path / f"{where}.json"
        path.write_text(json.dumps(document))
        with pytest.raises(store.RecordError) as refused:
            store.read_record(path)
        assert unshown(str(refused.value)) == [], where


@pytest.mark.parametrize("sequence", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_hostile_preferences_file_is_told_with_nothing_raw(sequence: str) -> None:
    path = store.preferences_path()
    path.parent.mkdir(parents=True)
    for document in [
        {"version": 1, "house_rules": {"straight": sequence}},
        {"version": 1, "coach": sequence},
        {"version": sequence},
        {"version": 1, "language": sequence},
        {"version": 1, "players": [{"name": "Ana", "level": sequence}]},
    ]:
        path.write_text(json.dumps(document))
        _preferences, warning = store.load_preferences()
        assert warning is not None
        assert unshown(warning) == [], document


def test_a_file_named_with_a_control_sequence_is_named_escaped(tmp_path: Path) -> None:
    path = tmp_path / "\u001b[2Jgame.json"
    path.write_text("not json")
    with pytest.raises(store.RecordError) as refused:
        store.read_record(path)
    assert unshown(str(refused.value)) == []
    assert "\\x1b[2Jgame.json" in str(refused.value)


def test_a_language_the_game_does_not_speak_is_told_once() -> None:
    path = store.preferences_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"version": 1, "language": "xx", "coach": True}))
    preferences, warning = store.load_preferences()
    assert warning is not None and "'xx' is not a language generala-tui speaks" in warning
    assert preferences.language is None and preferences.coach
    assert store.load_preferences() == (preferences, None)


DEEP = '{"a": ' * 256 + "1" + "}" * 256
UNWRITABLE = {
    "an unknown key 256 deep": ("deep", DEEP),
    "a list 300 deep": ("deep", "[" * 300 + "]" * 300),
    "a seat's unknown key 256 deep": ("players.0.deep", DEEP),
    "an unknown house rule 256 deep": ("house_rules.deep", DEEP),
    "a lone surrogate": ("lone", '"Ana \\ud800"'),
    "a lone surrogate in a key": ("lone", '{"\\ud800": 1}'),
}


def _preferences_with(place: str, value: str) -> str:
    """Preferences of a newer version, holding ``value`` (JSON text) at ``place``."""
    document: dict[str, Any] = {
        "version": 1,
        "coach": True,
        "mood": "joy",
        "players": [{"name": "Ana", "level": "expert"}],
        "house_rules": {"two_pairs": True, "future_rule": "kept"},
    }
    *parents, key = place.split(".")
    node: Any = document
    for part in parents:
        node = node[int(part)] if part.isdigit() else node[part]
    node[key] = "@@"
    return json.dumps(document).replace('"@@"', value)


@pytest.mark.parametrize(("place", "value"), UNWRITABLE.values(), ids=UNWRITABLE.keys())
def test_a_value_that_cant_be_written_back_is_dropped_on_read_and_told_once(
    place: str, value: str
) -> None:
    path = store.preferences_path()
    path.parent.mkdir(parents=True)
    path.write_text(_preferences_with(place, value))
    preferences, warning = store.load_preferences()
    assert warning is not None and f"({place})" in warning and "kept as" in warning, warning
    assert unshown(warning) == []
    assert preferences.coach and preferences.house_rules == HouseRules(two_pairs=True)
    assert preferences.players[0].level is Level.EXPERT
    assert preferences.model_extra is not None and preferences.model_extra["mood"] == "joy"
    # Every save from now on works, and the next read tells nothing.
    changed = preferences.model_copy(update={"win_chances": True})
    assert store.save_preferences(changed) is None
    assert store.save_preferences(changed) is None
    assert store.load_preferences() == (changed, None)
    [aside] = path.parent.glob("preferences.json.bad-*")
    assert aside.read_text() == _preferences_with(place, value), "kept as it was"


@pytest.mark.parametrize(
    "document",
    [
        '{"house_rules": {"two_pairs": true}, "deep": ' + "[" * 500 + "]" * 500 + "}",
        '{"version": 1, "coach": "very", "deep": ' + "[" * 500 + "]" * 500 + "}",
        '{"version": 1, "players": [{"name": "Ana"}, ' + "[" * 500 + "]" * 500 + "]}",
        '{"version": 1, "house_rules": ' + "[" * 500 + "]" * 500 + "}",
    ],
    ids=["to migrate", "to salvage", "a seat", "the house rules"],
)
def test_a_value_too_deep_to_copy_is_dropped_before_a_migration_or_salvage_copies_it(
    document: str,
) -> None:
    path = store.preferences_path()
    path.parent.mkdir(parents=True)
    path.write_text(document)
    _preferences, warning = store.load_preferences()  # not a RecursionError
    assert warning is not None and "can't be written back" in warning
    assert store.load_preferences()[1] is None


def test_a_value_that_cant_be_written_back_put_in_the_file_later_does_not_stop_a_save() -> None:
    path = store.preferences_path()
    assert store.save_preferences(store.Preferences(coach=True)) is None
    path.write_text(_preferences_with("lone", '"\\ud800"'))  # another window, a newer version
    assert store.save_preferences(store.Preferences(win_chances=True)) is None
    on_disk = json.loads(path.read_text())
    assert on_disk["win_chances"] and "lone" not in on_disk
    assert on_disk["mood"] == "joy" and on_disk["house_rules"]["future_rule"] == "kept"


# --- not a regular file ------------------------------------------------------------


def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    pipe = tmp_path / "record.json"
    os.mkfifo(pipe)
    with pytest.raises(store.RecordError, match="is a named pipe, not a file"):
        store.read_record(pipe)


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "/dev/null"])
def test_a_device_is_refused_without_a_byte_read(device: str) -> None:
    with pytest.raises(store.RecordError, match="is a device, not a file"):
        store.read_record(device)


def test_a_folder_and_a_socket_are_refused(tmp_path: Path) -> None:
    with pytest.raises(store.RecordError, match="is a folder, not a file"):
        store.read_record(tmp_path)
    path = tmp_path / "s.json"
    with socket.socket(socket.AF_UNIX) as listening:
        listening.bind(str(path))
        with pytest.raises(store.RecordError, match="is a socket, not a file"):
            store.read_record(path)


def test_preferences_that_are_a_pipe_are_set_aside_and_the_defaults_apply() -> None:
    path = store.preferences_path()
    path.parent.mkdir(parents=True)
    os.mkfifo(path)
    preferences, warning = store.load_preferences()
    assert preferences == store.Preferences()
    assert warning is not None and "is a named pipe, not a file" in warning
    assert not path.exists()
    (aside,) = path.parent.glob("preferences.json.bad-*")
    assert stat.S_ISFIFO(aside.lstat().st_mode)


def test_a_saved_game_that_is_a_device_is_set_aside() -> None:
    path = store.game_path()
    path.parent.mkdir(parents=True)
    path.symlink_to("/dev/zero")
    game, warning = store.load_game()
    assert game is None
    assert warning is not None and "is a device, not a file" in warning


def test_a_strategy_table_linked_to_a_device_is_a_miss(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "cache" / "strategy"
    folder.mkdir(parents=True)
    monkeypatch.setenv("GENERALA_TUI_HOME", str(tmp_path))
    (folder / "table.npz").symlink_to("/dev/zero")
    assert store.load_strategy_table("table") is None


def test_a_read_takes_at_most_the_cap_and_one_byte(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store.files, "MAX_FILE_BYTES", 10)
    path = tmp_path / "record.json"
    path.write_text('{"a": 12}\n')  # ten bytes: read
    with pytest.raises(store.RecordError, match="not a generala-tui game record"):
        store.read_record(path)
    path.write_text('{"a": 123}\n')
    with pytest.raises(store.RecordError, match="too large"):
        store.read_record(path)
    read: list[int] = []

    class Counting:
        def __init__(self, file: object) -> None:
            self.file = file

        def __enter__(self) -> Counting:
            return self

        def __exit__(self, *exc: object) -> None:
            self.file.close()  # type: ignore[attr-defined]

        def read(self, size: int) -> bytes:
            read.append(size)
            return self.file.read(size)  # type: ignore[attr-defined,no-any-return]

    real_open = open
    monkeypatch.setattr(
        "builtins.open",
        lambda file, *a, **k: (
            Counting(real_open(file, *a, **k))
            if isinstance(file, int)
            else real_open(file, *a, **k)
        ),
    )
    path.write_text("x" * 10_000)
    with pytest.raises(store.RecordError, match="too large"):
        store.read_record(path)
    assert read == [11]


# --- the app's files are the user's only -------------------------------------------


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_apps_folders_are_0700_and_its_files_0600() -> None:
    state = rules.new_game(["Ana", "Bob"], seed=3)
    assert store.save_game(rules.roll(state)) is None
    assert store.save_preferences(store.Preferences(coach=True)) is None
    finished = rules.new_game(["Ana"], seed=3)
    assert store.add_to_history(play_game(finished)) is None
    for folder in [store.state_dir(), store.config_dir(), store.data_dir(), store.history_dir()]:
        assert mode(folder) == 0o700, folder
    for file in [store.game_path(), store.preferences_path(), *store.history_dir().iterdir()]:
        assert mode(file) == 0o600, file


def test_an_app_folder_made_open_by_an_earlier_release_is_closed() -> None:
    store.state_dir().mkdir(mode=0o755)
    os.chmod(store.state_dir(), 0o755)
    assert store.save_game(rules.new_game(["Ana"], seed=1)) is None
    assert mode(store.state_dir()) == 0o700


def test_a_shared_record_keeps_the_usual_modes(tmp_path: Path) -> None:
    folder = tmp_path / "records" / "new"
    store.write_record(rules.new_game(["Ana"], seed=1), folder / "game.json")
    umask = os.umask(0o022)
    os.umask(umask)
    assert mode(folder) == 0o777 & ~umask
    assert mode(folder / "game.json") == 0o666 & ~umask


# --- the same through the commands and the app --------------------------------------


@pytest.mark.parametrize("sequence", HOSTILE.values(), ids=HOSTILE.keys())
def test_replay_of_a_hostile_record_prints_nothing_raw(tmp_path: Path, sequence: str) -> None:
    for where, document in places(sequence).items():
        path = tmp_path / f"{where}.json"
        path.write_text(json.dumps(document))
        done = subprocess.run(
            [sys.executable, "-m", "generala_tui", "replay", str(path)],
            capture_output=True,
            stdin=subprocess.DEVNULL,
            timeout=60,
            env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
        )
        printed = done.stdout.decode() + done.stderr.decode()
        assert done.returncode == 2, printed
        assert "generala-tui replay:" in printed and "Traceback" not in printed
        assert unshown(printed) == [], (where, printed)


# --- a flood of keys ---------------------------------------------------------------


@pytest.mark.parametrize("where", ["turn", "house_rules", "log entry", "box"])
def test_a_flood_of_unknown_keys_is_one_error_naming_the_first(where: str) -> None:
    state = rules.roll(rules.new_game(["Ana"], seed=3))
    document = state.model_dump(mode="json")
    flood = {f"\u001b[{n}m": 0 for n in range(100_000)}
    if where == "turn":
        document["turn"].update(flood)
    elif where == "house_rules":
        document["house_rules"].update(flood)
    elif where == "log entry":
        document["log"][0].update(flood)
    else:
        document["players"][0]["boxes"] = {"ones": {"points": 3, **flood}}
    with pytest.raises(ValueError) as refused:
        GameState.model_validate(document)
    assert refused.value.error_count() == 1  # type: ignore[attr-defined]
    said = refusal(refused.value)  # type: ignore[arg-type]
    assert "100,0" in said and "keys, where" in said, said
    assert "('\\x1b[0m' is not one of them)" in said, said
    assert unshown(said) == []


def test_a_few_unknown_keys_are_named_as_pydantic_names_them() -> None:
    document = rules.new_game(["Ana"], seed=3).model_dump(mode="json")
    document["house_rules"]["no_such_rule"] = True
    with pytest.raises(ValueError) as refused:
        GameState.model_validate(document)
    said = refusal(refused.value)  # type: ignore[arg-type]
    assert said == "house_rules.no_such_rule: Extra inputs are not permitted"


def test_a_folder_is_refused_by_its_kind_and_leaves_no_file_open(tmp_path: Path) -> None:
    before = len(os.listdir("/proc/self/fd"))
    for _attempt in range(20):
        with pytest.raises(store.files.Unusable, match="a folder, not a file"):
            store.files.read_bytes(tmp_path, 100)
        with pytest.raises(store.files.Unusable, match="a device, not a file"):
            store.files.read_bytes(Path("/dev/zero"), 100)
    assert len(os.listdir("/proc/self/fd")) == before


def test_a_log_of_bad_steps_stops_at_the_first() -> None:
    document = rules.roll(rules.new_game(["Ana"], seed=3)).model_dump(mode="json")
    bad = {"kind": "roll", "seat": "x", "held": ["a"] * 5, "dice": ["a"] * 5, "won": "x"}
    document["log"] = [bad] * 30_000
    with pytest.raises(ValueError) as refused:
        GameState.model_validate(document)
    assert refused.value.error_count() <= 12  # type: ignore[attr-defined]
    assert refusal(refused.value).startswith("log.0.roll.seat: ")  # type: ignore[arg-type]
