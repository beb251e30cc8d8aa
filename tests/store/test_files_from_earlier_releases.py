"""A home written by an earlier generala-tui loads unchanged: nothing set aside, nothing lost.

``tests/data/home-10362cd`` was written by the code at commit 10362cd, whose models were
dataclasses read by quick readers beside pydantic: its preferences, a game in progress
(mid-turn, with holds), three finished games in the history and two game records.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from generala_tui import store
from generala_tui.game import rules
from generala_tui.game.model import Category, Level, Phase, StraightRule

EARLIER_HOME = Path(__file__).parents[1] / "data" / "home-10362cd"


@pytest.fixture
def earlier_home(generala_home: Path) -> Path:
    for folder in ("config", "state", "data"):
        shutil.copytree(EARLIER_HOME / folder, generala_home / folder)
    return generala_home


def _files(home: Path) -> list[str]:
    return sorted(str(path.relative_to(home)) for path in home.rglob("*") if path.is_file())


def test_the_preferences_load_as_they_were_saved(earlier_home: Path) -> None:
    before = _files(earlier_home)
    preferences, warning = store.load_preferences()
    assert warning is None
    assert preferences.house_rules.two_pairs and preferences.house_rules.locked_holds
    assert preferences.house_rules.straight is StraightRule.WRAPAROUND
    assert (preferences.theme, preferences.computer_delay, preferences.language) == (
        "nord",
        0.4,
        "es",
    )
    assert preferences.coach and not preferences.roll_animation
    assert [(seat.name, seat.level) for seat in preferences.players] == [
        ("Ana", None),
        ("Bruno", Level.EXPERT),
    ]
    assert _files(earlier_home) == before


def test_the_game_in_progress_resumes_where_it_was(earlier_home: Path) -> None:
    before = _files(earlier_home)
    game, warning = store.load_game()
    assert warning is None and game is not None
    assert [player.name for player in game.players] == ["Ana", "Bruno"]
    assert game.players[1].level is Level.MEDIUM
    assert game.turn.rolls == 1 and game.turn.held == (False, True, False, False, False)
    assert game.players[0].boxes[Category.ONES].scratched
    assert list(rules.replay(game))[-1] == game
    assert _files(earlier_home) == before
    written = json.loads((EARLIER_HOME / "state" / "game.json").read_text())
    assert game.model_dump(mode="json") == written["game"]


def test_the_history_loads_every_game(earlier_home: Path) -> None:
    before = _files(earlier_home)
    records, warnings = store.load_history(verify=True)
    assert warnings == []
    assert len(records) == 3
    assert all(record.game.phase is Phase.OVER for record in records)
    assert [record.losses for record in records].count(None) == 2
    analysed = next(record for record in records if record.losses)
    assert analysed.losses == {"Ana": 12.5, "Bruno": 3.25, "Caro": 0.0}
    assert _files(earlier_home) == before


@pytest.mark.parametrize("name", ["record.json", "record-unfinished.json"])
def test_the_game_records_read_and_write_back_the_same(name: str, tmp_path: Path) -> None:
    path = EARLIER_HOME / "records" / name
    game = store.read_record(path)
    again = tmp_path / name
    store.write_record(game, again)
    assert again.read_text() == path.read_text()
    assert store.read_record(again) == game
