"""Where the files live, and the disk cache of strategy tables: atomic writes, damaged files."""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

import numpy as np
import pytest
from platformdirs import PlatformDirs

from generala_tui import store
from generala_tui.game.model import HouseRules
from generala_tui.game.strategy import optimal, solve, strategy_key
from generala_tui.game.strategy.cache import Memo


@pytest.fixture(autouse=True)
def cache_home(generala_home: Path) -> Path:
    """This test's own cache folder (not the run's shared one), not created yet."""
    home = generala_home / "cache"
    home.unlink()
    return home


@pytest.fixture
def no_memory(monkeypatch):
    """Forget the strategies solved so far, so the next solve uses the disk."""
    monkeypatch.setattr(optimal, "_memory", Memo())


def test_all_four_folders_live_under_generala_tui_home(generala_home):
    assert store.config_dir() == generala_home / "config"
    assert store.data_dir() == generala_home / "data"
    assert store.state_dir() == generala_home / "state"
    assert store.cache_dir() == generala_home / "cache"
    assert store.preferences_path() == generala_home / "config" / "preferences.json"
    assert store.game_path() == generala_home / "state" / "game.json"
    assert store.history_dir() == generala_home / "data" / "history"


def test_a_relative_generala_tui_home_is_made_absolute(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("GENERALA_TUI_HOME", "relative")
    assert store.config_dir() == tmp_path / "relative" / "config"


@pytest.mark.parametrize("value", [None, "", "   "])
def test_without_generala_tui_home_the_folders_come_from_platformdirs(monkeypatch, value):
    if value is None:
        monkeypatch.delenv("GENERALA_TUI_HOME")
    else:
        monkeypatch.setenv("GENERALA_TUI_HOME", value)
    dirs = PlatformDirs("generala-tui", appauthor=False)
    assert store.config_dir() == Path(dirs.user_config_dir)
    assert store.data_dir() == Path(dirs.user_data_dir)
    assert store.state_dir() == Path(dirs.user_state_dir)
    assert store.cache_dir() == Path(dirs.user_cache_dir)


@pytest.mark.skipif(os.name != "posix" or sys.platform == "darwin", reason="XDG folders")
def test_without_generala_tui_home_linux_follows_xdg(monkeypatch, tmp_path):
    monkeypatch.delenv("GENERALA_TUI_HOME")
    for variable in ["CONFIG", "DATA", "STATE", "CACHE"]:
        monkeypatch.setenv(f"XDG_{variable}_HOME", str(tmp_path / variable.lower()))
    assert store.config_dir() == tmp_path / "config" / "generala-tui"
    assert store.data_dir() == tmp_path / "data" / "generala-tui"
    assert store.state_dir() == tmp_path / "state" / "generala-tui"
    assert store.cache_dir() == tmp_path / "cache" / "generala-tui"


def _table(*values: float) -> bytes:
    """A file of arrays, as the strategy writes them (the cache reads nothing else)."""
    buffer = io.BytesIO()
    np.savez(buffer, values=np.array(values), rules=np.array("{}"))
    return buffer.getvalue()


def test_saved_table_loads_back(cache_home):
    assert store.load_strategy_table("strategy-test") is None
    table = _table(0.0, 1.5)
    assert store.save_strategy_table("strategy-test", table)
    assert store.load_strategy_table("strategy-test") == table
    files = list((cache_home / "strategy").iterdir())
    assert [path.name for path in files] == ["strategy-test.npz"], "no temporary file is left"


def test_saving_again_replaces_the_table():
    old, new = _table(1.0), _table(2.0)
    store.save_strategy_table("strategy-test", old)
    store.save_strategy_table("strategy-test", new)
    assert store.load_strategy_table("strategy-test") == new


@pytest.mark.parametrize("key", ["", "../escape", "a/b", ".hidden", "x" * 200])
def test_keys_that_are_not_plain_names_are_refused(key, cache_home):
    assert store.save_strategy_table(key, b"data") is False
    assert store.load_strategy_table(key) is None
    assert not (cache_home / "escape.npz").exists()
    assert not (cache_home.parent / "escape.npz").exists()


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only directories")
def test_an_unwritable_cache_is_a_miss_not_an_error(cache_home):
    cache_home.mkdir()
    cache_home.chmod(0o500)
    try:
        assert store.save_strategy_table("strategy-test", b"data") is False
        assert store.load_strategy_table("strategy-test") is None
    finally:
        cache_home.chmod(0o700)


def test_a_cache_path_blocked_by_a_file_is_a_miss_not_an_error(cache_home):
    cache_home.write_text("not a directory")
    assert store.save_strategy_table("strategy-test", b"data") is False
    assert store.load_strategy_table("strategy-test") is None


def test_solve_writes_the_table_and_a_fresh_process_reads_it(no_memory, cache_home):
    house_rules = HouseRules(generala_points=60, served_bonus=10)
    computed = solve(house_rules, tables=store.strategy_tables)
    assert not computed.from_disk
    assert store.load_strategy_table(strategy_key(house_rules)) is not None
    optimal._memory.clear()
    loaded = solve(house_rules, tables=store.strategy_tables)
    assert loaded.from_disk
    assert loaded.expected_score == computed.expected_score
    assert loaded.solve_seconds == pytest.approx(computed.solve_seconds)


def test_a_damaged_table_is_recomputed(no_memory):
    house_rules = HouseRules(generala_points=60, straight="strict")
    expected = solve(house_rules).expected_score
    optimal._memory.clear()
    store.save_strategy_table(strategy_key(house_rules), b"this is no table")
    strategy = solve(house_rules, tables=store.strategy_tables)
    assert not strategy.from_disk
    assert strategy.expected_score == expected
    # ... and the damaged file was replaced by a good one.
    optimal._memory.clear()
    assert solve(house_rules, tables=store.strategy_tables).from_disk


def test_a_table_saved_for_other_rules_is_not_used(no_memory):
    house_rules = HouseRules(straight="wraparound")
    other = HouseRules(straight="strict")
    solve(other, tables=store.strategy_tables)
    data = store.load_strategy_table(strategy_key(other))
    assert data is not None
    store.save_strategy_table(strategy_key(house_rules), data)
    optimal._memory.clear()
    strategy = solve(house_rules, tables=store.strategy_tables)
    assert not strategy.from_disk
    assert strategy.expected_score != solve(other, tables=store.strategy_tables).expected_score


def test_solve_works_with_an_unusable_cache(no_memory, cache_home):
    cache_home.write_text("not a directory")
    strategy = solve(HouseRules(straight="ones_wild"))
    assert strategy.expected_score > 0
    assert not strategy.from_disk
