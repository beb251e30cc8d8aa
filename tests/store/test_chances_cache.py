"""The disk cache of win-chance tables is verified like the strategy's: a bad file is a miss."""

from __future__ import annotations

import io

import numpy as np
import pytest

from generala_tui import store
from generala_tui.game import rules
from generala_tui.game.model import HouseRules
from generala_tui.game.strategy import chances, chances_key, optimal, solve_chances
from generala_tui.game.strategy.cache import Memo, checksum

RULES = HouseRules(generala_points=60)


# Every test here solves into its own cache folder (tests/store/conftest.py).
pytestmark = pytest.mark.usefixtures("cache_home")


@pytest.fixture
def no_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    """Forget the tables solved so far, so the next solve uses the disk."""
    monkeypatch.setattr(optimal, "_memory", Memo())
    monkeypatch.setattr(chances, "_memory", Memo())


def _archive() -> dict[str, np.ndarray]:
    data = store.load_strategy_table(chances_key(RULES))
    assert data is not None
    with np.load(io.BytesIO(data), allow_pickle=False) as archive:
        return {name: archive[name] for name in archive.files}


def _save(**arrays: np.ndarray) -> None:
    buffer = io.BytesIO()
    np.savez_compressed(buffer, **arrays)
    assert store.save_strategy_table(chances_key(RULES), buffer.getvalue())


def _position() -> rules.GameState:
    state = rules.new_game(["Ana", "Bruno"], house_rules=RULES, seed=4)
    return rules.roll(state, [6, 6, 6, 2, 3])


def test_tables_saved_are_loaded_and_give_the_same_chances(no_memory: None) -> None:
    solved = solve_chances(RULES, tables=store.strategy_tables)
    assert not solved.from_disk
    expected = solved.win_chances(_position())
    optimal._memory.clear()
    chances._memory.clear()
    loaded = solve_chances(RULES, tables=store.strategy_tables)
    assert loaded.from_disk
    assert loaded.win_chances(_position()) == expected


def test_only_memory_or_disk_is_looked_at_without_solving(no_memory: None) -> None:
    assert chances.cached_chances(RULES, store.strategy_tables) is None
    solve_chances(RULES, tables=store.strategy_tables)
    chances._memory.clear()
    found = chances.cached_chances(RULES, store.strategy_tables)
    assert found is not None and found.from_disk


@pytest.mark.parametrize(
    "damage",
    ["scaled", "shifted", "flipped bit", "version", "rules", "no checksum", "shape", "garbage"],
)
def test_a_damaged_foreign_or_wrong_table_is_computed_again(no_memory: None, damage: str) -> None:
    solve_chances(RULES, tables=store.strategy_tables)
    arrays = _archive()
    points = arrays["points"]
    if damage == "garbage":
        assert store.save_strategy_table(chances_key(RULES), b"PK\x03\x04 not an archive")
    else:
        if damage == "scaled":
            # Plausible, wrong, and with a checksum made for it: the sample must catch it.
            arrays["points"] = points * 0.5
        elif damage == "shifted":
            arrays["points"] = np.roll(points, 1, axis=1)
        elif damage == "flipped bit":
            flat = points.copy().reshape(-1).view(np.uint64)
            flat[flat.size // 2] ^= np.uint64(1)
            arrays["points"] = flat.view(np.float64).reshape(points.shape)
        elif damage == "version":
            arrays["version"] = np.array(chances.CHANCES_VERSION + 1)
        elif damage == "rules":
            text = str(arrays["rules"])
            assert '"generala_points": 60' in text
            arrays["rules"] = np.array(
                text.replace('"generala_points": 60', '"generala_points": 50')
            )
        elif damage == "no checksum":
            del arrays["checksum"]
        elif damage == "shape":
            arrays["points"] = points[:, :-1]
        if damage in {"scaled", "shifted", "shape"}:
            arrays["checksum"] = np.array(
                checksum(
                    chances.CHANCES_VERSION, str(arrays["rules"]), arrays["points"], arrays["wins"]
                )
            )
        _save(**arrays)
    optimal._memory.clear()
    chances._memory.clear()
    again = solve_chances(RULES, tables=store.strategy_tables)
    assert not again.from_disk
    assert sum(again.win_chances(_position())) == pytest.approx(1.0, abs=1e-12)
    # and what was computed again replaced the bad file
    chances._memory.clear()
    assert solve_chances(RULES, tables=store.strategy_tables).from_disk


def test_the_progress_goes_from_the_strategy_to_the_chances(no_memory: None) -> None:
    seen: list[float] = []
    solve_chances(RULES, progress=seen.append)
    assert seen == sorted(seen)
    assert seen[-1] == 1.0
    assert any(0.5 < done < 1.0 for done in seen)  # the chances' own half
