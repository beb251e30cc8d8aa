"""Preferences, the autosaved game and the history on disk: round trips, versions and
migrations, keys from newer versions kept, atomic writes, and bad files and bad disks
that never raise."""

from __future__ import annotations

import json
import os
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from helpers import play_game

from generala_tui import store
from generala_tui.game import rules
from generala_tui.game.model import GameState, HouseRules, Level, StraightRule

AS_ROOT = os.geteuid() == 0 if hasattr(os, "geteuid") else False
BAD_COPY = re.compile(r"\.bad-\d{8}-\d{6}(-\d+)?$")


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[datetime]:
    """The store's clock: ``clock[0]`` is now; tests move it instead of sleeping."""
    now = [datetime(2026, 11, 30, 4, 15, tzinfo=UTC)]
    monkeypatch.setattr(store.files, "now", lambda: now[0])
    return now


def write(path: Path, content: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, str):
        content = content.encode()
    path.write_bytes(content)
    return path


def bad_copies(path: Path) -> list[Path]:
    return sorted(p for p in path.parent.iterdir() if p.name.startswith(f"{path.name}.bad-"))


def mid_game(seed: int = 11) -> GameState:
    state = rules.new_game(["Ana", "Bruno"], seed=seed)
    state = rules.roll(state)
    state = rules.toggle_hold(state, 0)
    state = rules.roll(state)
    state = rules.scratch(state, rules.offers(state)[0].category)
    return rules.roll(state)


def finished_game(seed: int) -> GameState:
    return play_game(rules.new_game(["Ana", "Bruno"], seed=seed))


def crash_on_replace(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the rename that ends an atomic write fail, as a full disk or a crash would.

    Use it on ``monkeypatch.context()``: ``monkeypatch.undo()`` would also undo
    conftest's GENERALA_TUI_HOME.
    """

    def replace(source: Any, target: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", replace)


def no_temporary_files(folder: Path) -> bool:
    return not [p for p in folder.rglob("*") if p.name.endswith(".tmp")]


# --- preferences ------------------------------------------------------------------

PREFERENCES = store.Preferences(
    house_rules=HouseRules(generala_points=60, straight=StraightRule.STRICT),
    theme="nord",
    computer_delay=1.5,
    coach=True,
    players=[store.Seat(name="Ana"), store.Seat(name="Rita", level=Level.EXPERT)],
)


def test_no_preferences_give_the_defaults_without_a_warning() -> None:
    assert store.load_preferences() == (store.Preferences(), None)
    assert not store.config_dir().exists(), "loading writes nothing"


def test_preferences_come_back_as_saved() -> None:
    assert store.save_preferences(PREFERENCES) is None
    assert store.load_preferences() == (PREFERENCES, None)
    on_disk = json.loads(store.preferences_path().read_text())
    assert on_disk["version"] == 1
    assert on_disk["players"] == [
        {"name": "Ana", "level": None, "colour": None},  # no colour chosen: the palette's
        {"name": "Rita", "level": "expert", "colour": None},
    ]
    assert no_temporary_files(store.config_dir())


def test_saving_again_replaces_the_preferences() -> None:
    store.save_preferences(PREFERENCES)
    store.save_preferences(PREFERENCES.model_copy(update={"theme": "gruvbox", "players": ()}))
    preferences, _ = store.load_preferences()
    assert (preferences.theme, preferences.players) == ("gruvbox", ())


def test_keys_from_a_newer_version_are_read_and_kept_on_save() -> None:
    newer = {
        "version": 2,
        "house_rules": {"generala_points": 60, "bonus_for_yahtzee": True},
        "theme": "nord",
        "players": [{"name": "Ana", "colour": "red"}],
        "sound": {"volume": 3},
    }
    write(store.preferences_path(), json.dumps(newer))
    preferences, warning = store.load_preferences()
    assert warning is None
    assert preferences.house_rules == HouseRules(generala_points=60)
    assert preferences.version == 2
    assert store.save_preferences(preferences.model_copy(update={"coach": True})) is None
    on_disk = json.loads(store.preferences_path().read_text())
    assert on_disk["version"] == 2
    assert on_disk["sound"] == {"volume": 3}
    assert on_disk["house_rules"]["bonus_for_yahtzee"] is True
    assert on_disk["house_rules"]["generala_points"] == 60
    assert on_disk["players"] == [{"name": "Ana", "level": None, "colour": "red"}]
    assert on_disk["coach"] is True
    assert store.load_preferences()[0].coach


def test_an_unknown_key_in_todays_version_is_no_reason_to_reject_the_file() -> None:
    write(store.preferences_path(), '{"version": 1, "theme": "nord", "thme": "typo"}')
    preferences, warning = store.load_preferences()
    assert (preferences.theme, warning) == ("nord", None)


def test_a_preferences_file_without_a_version_is_version_0_and_is_migrated() -> None:
    write(store.preferences_path(), '{"house_rules": {"double_generala": true}}')
    preferences, warning = store.load_preferences()
    assert warning is None
    assert preferences.version == 1
    assert preferences.house_rules == HouseRules(double_generala=True)
    assert preferences.theme == "textual-dark"


def test_the_old_settings_json_is_migrated_once_and_left_alone() -> None:
    legacy = write(store.config_dir() / "settings.json", '{"house_rules": {"two_pairs": true}}')
    preferences, warning = store.load_preferences()
    assert warning is None
    assert preferences.house_rules == HouseRules(two_pairs=True)
    assert json.loads(store.preferences_path().read_text())["version"] == 1
    assert legacy.read_text() == '{"house_rules": {"two_pairs": true}}'
    # preferences.json wins from now on.
    store.save_preferences(preferences.model_copy(update={"house_rules": HouseRules()}))
    assert store.load_preferences()[0].house_rules == HouseRules()


def test_a_bad_old_settings_json_is_set_aside_with_a_warning() -> None:
    legacy = write(store.config_dir() / "settings.json", "{oops")
    preferences, warning = store.load_preferences()
    assert preferences == store.Preferences()
    assert warning is not None and "settings.json is not valid JSON" in warning
    assert not legacy.exists() and len(bad_copies(legacy)) == 1


def test_migrations_run_one_version_at_a_time() -> None:
    form = store.formats.Format(
        store.Preferences,
        3,
        migrations={
            1: lambda data: {"theme": data.pop("colours"), **data},
            2: lambda data: {**data, "coach": data["theme"] == "nord"},
        },
    )
    upgraded = store.formats.upgrade({"version": 1, "colours": "nord"}, form)
    assert upgraded == {"version": 3, "theme": "nord", "coach": True}
    with pytest.raises(store.files.Unusable, match="can't be brought up to date"):
        store.formats.upgrade({"version": 1}, form)
    with pytest.raises(store.files.Unusable, match="version 0, which this generala-tui can't read"):
        store.formats.upgrade({"version": 0}, form)
    with pytest.raises(store.files.Unusable, match="without a version number"):
        store.formats.upgrade({}, form)
    assert store.formats.upgrade({"version": 7, "x": 1}, form) == {"version": 7, "x": 1}


@pytest.mark.parametrize(
    ("content", "why"),
    [
        ("{not json", "is not valid JSON"),
        ('{"version": 1, "theme": "nord", "coa', "is not valid JSON, or cut short"),
        ("", "is empty"),
        (b"\xff\xfe\x00garbage", "is not UTF-8 text"),
        ("[1, 2]", "is not a JSON object"),
        ('{"version": "one"}', 'is of an unknown version ("one")'),
        ('{"version": true}', "is of an unknown version (true)"),
        ('{"version": 1.5}', "is of an unknown version (1.5)"),
        ('{"version": -1}', "is of version -1, which this generala-tui can't read"),
        ('{"version": 1, "computer_delay": 9}', "is not valid (computer_delay: Input should be"),
        ('{"version": 1, "players": [{"level": "expert"}]}', "is not valid (players.0.name"),
    ],
)
def test_a_bad_preferences_file_gives_defaults_a_warning_and_a_kept_copy(
    content: str | bytes, why: str
) -> None:
    path = write(store.preferences_path(), content)
    original = path.read_bytes()
    preferences, warning = store.load_preferences()
    assert preferences == store.Preferences()
    assert warning is not None
    assert warning.startswith(f"{path} {why}")
    assert "\n" not in warning
    [aside] = bad_copies(path)
    assert BAD_COPY.search(aside.name)
    assert aside.read_bytes() == original
    assert f"It was kept as {aside.name}" in warning
    assert "the default preferences apply" in warning
    assert not path.exists()
    assert store.load_preferences() == (store.Preferences(), None), "reported once"


def test_the_players_own_keys_are_read_as_written_and_a_bad_entry_costs_only_itself() -> None:
    # What the keys mean (an id, a key) the interface checks (ui/keymap.py); the file holds
    # text for text, and an entry that is not is dropped alone.
    path = write(
        store.preferences_path(),
        json.dumps(
            {
                "version": 1,
                "theme": "nord",
                "keys": {"turn.roll": "x,space", "turn.nothing": "zz", "turn.coach": 7},
            }
        ),
    )
    preferences, warning = store.load_preferences()
    assert preferences.keys == {"turn.roll": "x,space", "turn.nothing": "zz"}
    assert preferences.theme == "nord"
    assert warning is not None and "keys.turn.coach" in warning
    assert len(bad_copies(path)) == 1
    assert store.load_preferences() == (preferences, None)
    assert store.Preferences().keys == {}


def test_a_newer_version_that_does_not_validate_is_set_aside_keeping_what_reads() -> None:
    path = write(store.preferences_path(), '{"version": 5, "players": 7, "theme": "nord"}')
    preferences, warning = store.load_preferences()
    assert warning is not None
    assert warning.startswith(f"{path} is from a newer generala-tui (version 5) and can't be read")
    assert (preferences.theme, preferences.players, preferences.version) == ("nord", (), 5)
    assert len(bad_copies(path)) == 1


def test_a_hand_edited_bad_value_costs_only_that_value() -> None:
    path = write(
        store.preferences_path(),
        json.dumps(
            {
                "version": 1,
                "house_rules": {"generala_points": 55, "two_pairs": True},
                "theme": "nord",
                "computer_delay": -3,
                "players": [{"name": "Ana"}, {"name": "Rita", "level": "genius"}],
            }
        ),
    )
    preferences, warning = store.load_preferences()
    assert preferences.house_rules == HouseRules(two_pairs=True)
    assert preferences.theme == "nord"
    assert preferences.computer_delay == 0.7
    assert preferences.players == (store.Seat(name="Ana"),)
    assert warning is not None and "the preferences that could be read apply" in warning
    assert len(bad_copies(path)) == 1
    # What could be read is saved in the bad file's place.
    assert store.load_preferences() == (preferences, None)


def test_a_folder_where_the_preferences_should_be_is_set_aside() -> None:
    path = store.preferences_path()
    path.mkdir(parents=True)
    preferences, warning = store.load_preferences()
    assert preferences == store.Preferences()
    assert warning is not None and f"{path} is a folder, not a file" in warning
    assert [p.is_dir() for p in bad_copies(path)] == [True]
    assert store.save_preferences(PREFERENCES) is None


@pytest.mark.skipif(AS_ROOT, reason="root reads files whatever their mode")
def test_an_unreadable_preferences_file_is_set_aside() -> None:
    path = write(store.preferences_path(), "{}")
    path.chmod(0)
    preferences, warning = store.load_preferences()
    assert preferences == store.Preferences()
    assert warning is not None and "is unreadable (permission denied)" in warning
    assert len(bad_copies(path)) == 1


def test_a_second_bad_file_never_overwrites_the_first_bad_copy(clock: list[datetime]) -> None:
    path = store.preferences_path()
    write(path, "first")
    store.load_preferences()
    write(path, "second")
    store.load_preferences()
    copies = bad_copies(path)
    assert [p.read_text() for p in copies] == ["first", "second"]
    assert copies[1].name == copies[0].name + "-2"


def test_set_aside_of_nothing_is_none() -> None:
    assert store.set_aside(store.config_dir() / "nothing.json") is None


def test_set_aside_moves_the_file_beside_itself(clock: list[datetime]) -> None:
    path = write(store.config_dir() / "x.json", "x")
    aside = store.set_aside(path)
    stamp = clock[0].astimezone().strftime("%Y%m%d-%H%M%S")
    assert aside == path.with_name(f"x.json.bad-{stamp}")
    assert aside.read_text() == "x" and not path.exists()


def test_preferences_in_a_folder_blocked_by_a_file_are_not_saved_with_a_warning() -> None:
    write(store.config_dir(), "a file where the folder should be")
    assert store.load_preferences() == (store.Preferences(), None)
    warning = store.save_preferences(PREFERENCES)
    assert warning is not None
    assert str(store.preferences_path()) in warning
    assert "a file stands where a folder should be" in warning


@pytest.mark.skipif(AS_ROOT, reason="root writes into read-only folders")
def test_preferences_in_a_read_only_folder_are_not_saved_with_a_warning() -> None:
    folder = store.config_dir()
    folder.mkdir(parents=True)
    folder.chmod(0o500)
    try:
        warning = store.save_preferences(PREFERENCES)
    finally:
        folder.chmod(0o700)
    assert warning is not None and "permission denied" in warning


def test_a_crash_while_saving_leaves_the_old_preferences(monkeypatch: pytest.MonkeyPatch) -> None:
    store.save_preferences(PREFERENCES)
    before = store.preferences_path().read_bytes()
    with monkeypatch.context() as crashing:
        crash_on_replace(crashing)
        warning = store.save_preferences(store.Preferences(theme="gruvbox"))
    assert warning is not None and "no space left on device" in warning
    assert store.preferences_path().read_bytes() == before
    assert store.load_preferences() == (PREFERENCES, None)
    assert no_temporary_files(store.config_dir())


def test_preferences_that_load_would_refuse_are_not_saved() -> None:
    store.save_preferences(PREFERENCES)
    unchecked = PREFERENCES.model_copy(update={"computer_delay": 60.0})
    warning = store.save_preferences(unchecked)
    assert warning is not None and "computer_delay" in warning
    assert store.load_preferences() == (PREFERENCES, None)


# --- the game in progress ---------------------------------------------------------


def test_no_saved_game_is_none_without_a_warning() -> None:
    assert store.load_game() == (None, None)


def test_a_saved_game_comes_back_and_rolls_the_same_dice(clock: list[datetime]) -> None:
    state = mid_game()
    assert store.save_game(state) is None
    loaded, warning = store.load_game()
    assert warning is None
    assert loaded == state
    assert loaded is not None and rules.roll(rules.toggle_hold(loaded, 2)) == rules.roll(
        rules.toggle_hold(state, 2)
    )
    envelope = json.loads(store.game_path().read_text())
    assert envelope["version"] == 1
    assert datetime.fromisoformat(envelope["saved_at"].replace("Z", "+00:00")) == clock[0]
    assert GameState.model_validate(envelope["game"]) == state
    assert no_temporary_files(store.state_dir())


def test_each_save_replaces_the_game() -> None:
    state = mid_game()
    store.save_game(state)
    later = rules.roll(state) if rules.can_roll(state) else rules.toggle_hold(state, 1)
    store.save_game(later)
    assert store.load_game() == (later, None)


def test_clear_game_forgets_it_and_never_raises() -> None:
    store.clear_game()
    store.save_game(mid_game())
    store.clear_game()
    assert store.load_game() == (None, None)
    store.state_dir().rmdir()
    write(store.state_dir(), "a file where the folder should be")
    store.clear_game()


def tampered(change: Any) -> str:
    envelope = {"version": 1, "saved_at": "2026-11-30T04:15:00Z", "game": mid_game()}
    document = json.loads(store.autosave.SavedGame.model_validate(envelope).model_dump_json())
    change(document)
    return json.dumps(document)


def _change_the_dice(document: dict[str, Any]) -> None:
    assert document["game"]["turn"]["dice"] != [1, 1, 1, 1, 1]
    document["game"]["turn"]["dice"] = [1, 1, 1, 1, 1]


def _drop_a_step(document: dict[str, Any]) -> None:
    del document["game"]["log"][0]


def _drop_a_player(document: dict[str, Any]) -> None:
    document["game"]["players"] = []


def _future(document: dict[str, Any]) -> None:
    document["version"] = 2
    document["game"] = {"format": "new"}


@pytest.mark.parametrize(
    ("content", "why"),
    [
        ("{not json", "is not valid JSON"),
        (lambda: tampered(lambda d: None)[:150], "is not valid JSON, or cut short"),
        ("[]", "is not a JSON object"),
        ('{"saved_at": "2026-11-30T04:15:00Z", "game": {}}', "is without a version number"),
        ('{"version": "1", "game": {}}', 'is of an unknown version ("1")'),
        ('{"version": 1, "saved_at": "yesterday"}', "is not valid (saved_at"),
        (lambda: tampered(_future), "is from a newer generala-tui (version 2)"),
        (lambda: tampered(_drop_a_player), "is not valid (A game has 1 to 8 players, not 0"),
        (lambda: tampered(_change_the_dice), "is a game that does not replay from its record"),
        (lambda: tampered(_drop_a_step), "is a game that does not replay from its record"),
    ],
)
def test_a_bad_saved_game_is_set_aside_with_a_warning(content: Any, why: str) -> None:
    text = content() if callable(content) else content
    path = write(store.game_path(), text)
    game, warning = store.load_game()
    assert game is None
    assert warning is not None and warning.startswith(f"{path} {why}"), warning
    assert "the game in it can't be resumed" in warning
    assert ".)" not in warning  # the reason in brackets has no full stop of its own
    [aside] = bad_copies(path)
    assert aside.read_text() == text
    assert store.load_game() == (None, None)


def test_a_saved_game_the_rules_cannot_replay_at_all_is_set_aside(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    store.save_game(mid_game())

    def broken(state: GameState) -> Any:
        raise KeyError("boom")
        yield state

    monkeypatch.setattr(rules, "replay", broken)
    game, warning = store.load_game()
    assert game is None
    assert warning is not None and "a game that can't be replayed (KeyError" in warning


def test_a_folder_where_the_saved_game_should_be_is_set_aside() -> None:
    store.game_path().mkdir(parents=True)
    game, warning = store.load_game()
    assert game is None and warning is not None and "is a folder, not a file" in warning
    assert store.save_game(mid_game()) is None


def test_a_game_that_cannot_be_saved_gives_a_warning() -> None:
    write(store.state_dir(), "a file where the folder should be")
    warning = store.save_game(mid_game())
    assert warning is not None
    assert str(store.game_path()) in warning and "it goes on unsaved" in warning


def test_a_crash_while_autosaving_leaves_the_previous_save(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first = mid_game()
    store.save_game(first)
    with monkeypatch.context() as crashing:
        crash_on_replace(crashing)
        assert store.save_game(rules.toggle_hold(first, 3)) is not None
    assert store.load_game() == (first, None)
    assert no_temporary_files(store.state_dir())


# --- history ----------------------------------------------------------------------


def test_an_empty_history_is_empty_without_warnings() -> None:
    assert store.load_history() == ([], [])


def test_finished_games_come_back_newest_first(clock: list[datetime]) -> None:
    games = [finished_game(seed) for seed in range(3)]
    for number, game in enumerate(games):
        clock[0] += timedelta(minutes=number)
        assert store.add_to_history(game, {"Ana": 1.5, "Bruno": 0.25} if number else None) is None
    records, warnings = store.load_history()
    assert warnings == []
    assert [r.game for r in records] == games[::-1]
    assert [r.losses for r in records] == [{"Ana": 1.5, "Bruno": 0.25}] * 2 + [None]
    assert records[0].finished_at == clock[0]
    assert records[0].version == 1
    files = sorted(p.name for p in store.history_dir().iterdir())
    assert len(files) == 3
    assert all(re.fullmatch(r"\d{8}T\d{12}Z-[0-9a-f]{12}\.json", name) for name in files)


def test_adding_a_game_writes_one_new_file_and_touches_no_other(clock: list[datetime]) -> None:
    store.add_to_history(finished_game(1))
    [first] = store.history_dir().iterdir()
    before = (first.read_bytes(), first.stat().st_mtime_ns)
    clock[0] += timedelta(seconds=1)
    store.add_to_history(finished_game(2))
    assert (first.read_bytes(), first.stat().st_mtime_ns) == before
    assert len(list(store.history_dir().iterdir())) == 2


def test_the_same_game_added_twice_is_kept_once(clock: list[datetime]) -> None:
    game = finished_game(4)
    store.add_to_history(game)
    clock[0] += timedelta(minutes=1)
    assert store.add_to_history(game) is None
    assert [r.game for r in store.load_history()[0]] == [game]


def test_the_limit_gives_the_newest_games(clock: list[datetime]) -> None:
    games = [finished_game(seed) for seed in range(4)]
    for game in games:
        clock[0] += timedelta(seconds=1)
        store.add_to_history(game)
    assert [r.game for r in store.load_history(limit=2)[0]] == games[:1:-1]
    assert store.load_history(limit=0) == ([], [])


def test_the_oldest_games_go_beyond_the_kept_number(
    clock: list[datetime], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store.history, "HISTORY_KEPT", 3)
    games = [finished_game(seed) for seed in range(5)]
    for game in games:
        clock[0] += timedelta(seconds=1)
        store.add_to_history(game)
    assert [r.game for r in store.load_history()[0]] == games[:1:-1]
    assert len(list(store.history_dir().iterdir())) == 3


def test_history_keeps_at_least_the_last_500_games() -> None:
    assert store.HISTORY_KEPT >= 500


def test_bad_history_files_are_skipped_set_aside_and_each_reported(clock: list[datetime]) -> None:
    good = finished_game(1)
    store.add_to_history(good)
    folder = store.history_dir()
    corrupt = write(folder / "20990101T000000000000Z-aaaaaaaaaaaa.json", "{cut")
    invalid = write(
        folder / "20990101T000000000001Z-bbbbbbbbbbbb.json",
        json.dumps({"version": 1, "finished_at": "2026-01-01T00:00:00Z", "game": {}}),
    )
    records, warnings = store.load_history()
    assert [r.game for r in records] == [good]
    assert len(warnings) == 2
    assert all("that game is left out of the history" in w for w in warnings)
    assert any(w.startswith(f"{corrupt} is not valid JSON") for w in warnings)
    assert any(w.startswith(f"{invalid} is not valid (game") for w in warnings)
    assert len(bad_copies(corrupt)) == len(bad_copies(invalid)) == 1
    assert store.load_history() == (records, [])


def test_a_hand_written_time_without_a_zone_is_utc(clock: list[datetime]) -> None:
    store.add_to_history(finished_game(1))
    game = finished_game(2).model_dump(mode="json")
    write(
        store.history_dir() / "20000101T000000000000Z-cccccccccccc.json",
        json.dumps({"version": 1, "finished_at": "2000-01-01T00:00:00", "game": game}),
    )
    records, warnings = store.load_history()
    assert warnings == []
    assert records[1].finished_at == datetime(2000, 1, 1, tzinfo=UTC)


def test_verify_sets_aside_a_recorded_game_that_does_not_replay() -> None:
    store.add_to_history(finished_game(1))
    [path] = store.history_dir().iterdir()
    record = json.loads(path.read_text())
    del record["game"]["log"][-1]
    path.write_text(json.dumps(record))
    assert len(store.load_history()[0]) == 1, "not replayed by default"
    records, [warning] = store.load_history(verify=True)
    assert records == []
    assert "does not replay from its record" in warning
    assert len(bad_copies(path)) == 1


def test_a_history_blocked_by_a_file_warns_on_add_and_on_load() -> None:
    write(store.history_dir(), "a file where the folder should be")
    warning = store.add_to_history(finished_game(1))
    assert warning is not None and "a file stands where a folder should be" in warning
    records, warnings = store.load_history()
    assert records == [] and len(warnings) == 1 and str(store.history_dir()) in warnings[0]


def test_losses_that_are_not_numbers_are_refused_with_a_warning() -> None:
    warning = store.add_to_history(finished_game(1), {"Ana": float("nan")})
    assert warning is not None and "losses.Ana" in warning
    assert store.load_history() == ([], [])


def test_unknown_keys_in_a_newer_history_record_are_read() -> None:
    game = finished_game(1).model_dump(mode="json")
    write(
        store.history_dir() / "20260101T000000000000Z-dddddddddddd.json",
        json.dumps(
            {"version": 3, "finished_at": "2026-01-01T00:00:00Z", "game": game, "mood": "joy"}
        ),
    )
    [record], warnings = store.load_history()
    assert warnings == []
    assert record.version == 3
    assert record.model_extra == {"mood": "joy"}
