"""A champion seat in every file the game keeps: the game in progress, its records, the
history and the last table set up."""

from __future__ import annotations

import json

import pytest

from generala_tui import store
from generala_tui.game import rules
from generala_tui.game.model import GameState, HouseRules, Level, Phase, Player
from generala_tui.game.strategy import play_game, play_turn


@pytest.fixture(scope="module")
def finished() -> GameState:
    players = [Player(name="Ana", level=Level.EASY), Player(name="Lu", level=Level.CHAMPION)]
    return play_game(rules.new_game(players, HouseRules(), seed=4))


def test_a_game_in_progress_with_a_champion_comes_back_and_the_champion_plays_on() -> None:
    players = [Player(name="Lu", level=Level.CHAMPION), Player(name="Ana")]
    state = rules.roll(rules.new_game(players, seed=2))
    assert store.save_game(state) is None
    assert json.loads(store.game_path().read_text())["game"]["players"][0]["level"] == "champion"
    loaded, warning = store.load_game()
    assert warning is None
    assert loaded == state
    assert loaded is not None and loaded.players[0].level is Level.CHAMPION
    after = play_turn(loaded)
    assert after.current == 1 or after.phase is Phase.OVER
    assert after == play_turn(state)


def test_a_champions_finished_game_is_a_record_and_a_history_entry(tmp_path, finished) -> None:
    assert finished.phase is Phase.OVER
    path = tmp_path / "game.json"
    store.write_record(finished, path)
    assert store.read_record(path) == finished
    assert store.add_to_history(finished, {"Ana": 9.0, "Lu": 0.5}) is None
    records, warnings = store.load_history(verify=True)
    assert warnings == []
    assert [r.game for r in records] == [finished]
    assert records[0].game.players[1].level is Level.CHAMPION


def test_a_champion_seat_is_remembered_for_the_next_table() -> None:
    seats = [store.Seat(name="Ana"), store.Seat(name="Lu", level=Level.CHAMPION)]
    preferences = store.Preferences(players=seats)
    assert store.save_preferences(preferences) is None
    assert store.load_preferences() == (preferences, None)
    on_disk = json.loads(store.preferences_path().read_text())
    assert on_disk["players"][1]["level"] == "champion"
