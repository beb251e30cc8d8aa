"""The disk cache of strategy tables is verified, and the solver runs on one BLAS thread."""

from __future__ import annotations

import io
import json

import numpy as np
import pytest

from generala_tui import store
from generala_tui.commands.main import main
from generala_tui.game.model import HouseRules
from generala_tui.game.strategy import SOLVER_VERSION, _blas, optimal, solve, strategy_key
from generala_tui.game.strategy._blas import blas_threads, one_blas_thread

DEFAULT_EXPECTED = 151.8989551829597


# Every test here solves into its own cache folder (tests/store/conftest.py).
pytestmark = pytest.mark.usefixtures("cache_home")


@pytest.fixture
def no_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    """Forget the strategies solved so far, so the next solve uses the disk."""
    monkeypatch.setattr(optimal, "_memory", {})


def _archive(house_rules: HouseRules) -> dict[str, np.ndarray]:
    data = store.load_strategy_table(strategy_key(house_rules))
    assert data is not None
    with np.load(io.BytesIO(data), allow_pickle=False) as archive:
        return {name: archive[name] for name in archive.files}


def _save(house_rules: HouseRules, **arrays: np.ndarray) -> None:
    buffer = io.BytesIO()
    np.savez(buffer, **arrays)
    assert store.save_strategy_table(strategy_key(house_rules), buffer.getvalue())


def _simulated_expectation(capsys: pytest.CaptureFixture[str]) -> float:
    argv = ["simulate", "--json", "--games", "1", "--players", "easy", "--seed", "1", "--jobs", "1"]
    assert main(argv) == 0
    return float(json.loads(capsys.readouterr().out)["expected_optimal"])


def test_a_well_formed_table_of_plausible_wrong_values_is_recomputed(
    no_memory: None, capsys: pytest.CaptureFixture[str]
) -> None:
    house_rules = HouseRules()
    solve(house_rules, tables=store.strategy_tables)
    arrays = _archive(house_rules)
    arrays["values"] = arrays["values"] * 0.5  # a game worth 75.95: plausible, and wrong
    _save(house_rules, **arrays)
    optimal._memory.clear()
    strategy = solve(house_rules, tables=store.strategy_tables)
    assert not strategy.from_disk
    assert strategy.expected_score == pytest.approx(DEFAULT_EXPECTED, abs=1e-9)
    # ... and the cache now holds the right table again, which is used.
    optimal._memory.clear()
    assert solve(house_rules, tables=store.strategy_tables).from_disk
    optimal._memory.clear()
    assert _simulated_expectation(capsys) == pytest.approx(DEFAULT_EXPECTED, abs=1e-9)


def test_simulate_never_reports_a_table_of_wrong_values(
    no_memory: None, capsys: pytest.CaptureFixture[str]
) -> None:
    house_rules = HouseRules()
    solve(house_rules, tables=store.strategy_tables)
    arrays = _archive(house_rules)
    arrays["values"] = arrays["values"] * 0.5
    _save(house_rules, **arrays)
    optimal._memory.clear()
    assert _simulated_expectation(capsys) == pytest.approx(DEFAULT_EXPECTED, abs=1e-9)


@pytest.mark.parametrize("change", ["scaled", "shifted", "one card"])
def test_wrong_values_with_a_matching_checksum_are_recomputed(no_memory: None, change: str) -> None:
    house_rules = HouseRules(generala_points=60)
    expected = solve(house_rules, tables=store.strategy_tables).expected_score
    arrays = _archive(house_rules)
    values = arrays["values"].copy()
    if change == "scaled":
        values *= 0.5
    elif change == "shifted":
        values += 1.0
    else:
        values[0] += 3.0  # the expected score of a whole game alone
    rules = str(arrays["rules"])
    arrays["values"] = values
    arrays["checksum"] = np.array(optimal._checksum(values, rules, SOLVER_VERSION))
    _save(house_rules, **arrays)
    optimal._memory.clear()
    strategy = solve(house_rules, tables=store.strategy_tables)
    assert not strategy.from_disk
    assert strategy.expected_score == expected


def test_a_flipped_bit_fails_the_checksum(no_memory: None) -> None:
    house_rules = HouseRules(straight="strict")
    solve(house_rules, tables=store.strategy_tables)
    arrays = _archive(house_rules)
    values = arrays["values"].copy()
    # The least significant bit of one value: no consistency check could see it.
    raw = values.view(np.uint64)
    raw[len(raw) // 2] ^= np.uint64(1)  # not a Python 1: numpy 1.x won't mix it with uint64
    arrays["values"] = values
    _save(house_rules, **arrays)
    optimal._memory.clear()
    assert not solve(house_rules, tables=store.strategy_tables).from_disk


def test_a_table_of_another_solver_version_is_recomputed(
    no_memory: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    house_rules = HouseRules(served_bonus=10)
    solve(house_rules, tables=store.strategy_tables)
    arrays = _archive(house_rules)
    rules = str(arrays["rules"])
    stale = SOLVER_VERSION - 1
    arrays["solver_version"] = np.array(stale)
    arrays["checksum"] = np.array(optimal._checksum(arrays["values"], rules, stale))
    _save(house_rules, **arrays)
    optimal._memory.clear()
    assert not solve(house_rules, tables=store.strategy_tables).from_disk


def test_the_solver_version_is_in_the_key() -> None:
    key = strategy_key(HouseRules())
    assert f"-s{SOLVER_VERSION}-" in key
    assert strategy_key(HouseRules(tie_break=False)) == key
    assert strategy_key(HouseRules(generala_points=60)) != key


def test_a_file_without_a_checksum_is_recomputed(no_memory: None) -> None:
    house_rules = HouseRules(two_pairs=True)
    solve(house_rules, tables=store.strategy_tables)
    arrays = _archive(house_rules)
    del arrays["checksum"]
    _save(house_rules, **arrays)
    optimal._memory.clear()
    assert not solve(house_rules, tables=store.strategy_tables).from_disk


# When one of these fails, the solver's results have changed: bump SOLVER_VERSION
# (so that tables saved by the old solver are recomputed) and update the figures.
PINNED: dict[int, dict[str, float]] = {
    1: {
        "{}": DEFAULT_EXPECTED,
        '{"generala_points": 60}': 154.77046474676163,
        '{"double_generala": true, "two_pairs": true, "locked_holds": true, '
        '"served_roll": "any_full_roll"}': 179.0839567953901,
    },
}


@pytest.mark.parametrize("rules", list(PINNED[1]))
def test_expected_scores_are_pinned_to_the_solver_version(rules: str) -> None:
    assert SOLVER_VERSION in PINNED, "a new SOLVER_VERSION needs its pinned figures"
    house_rules = HouseRules(**json.loads(rules))
    assert solve(house_rules).expected_score == pytest.approx(
        PINNED[SOLVER_VERSION][rules], abs=1e-9
    )


def test_solving_and_planning_use_one_blas_thread(no_memory: None) -> None:
    seen: list[int] = []
    # Two BLAS threads outside, as on a two-core machine, so the test can fail anywhere.
    with _blas._controller().limit(limits=2, user_api="blas"):
        solve(HouseRules(locked_holds=True), progress=lambda _: seen.append(blas_threads()))
        assert blas_threads() == 2
    assert seen and set(seen[:-1]) == {1}
    with one_blas_thread():
        assert blas_threads() == 1
        with one_blas_thread():
            assert blas_threads() == 1
        assert blas_threads() == 1


def test_the_blas_threads_are_given_back_after_a_solve(no_memory: None) -> None:
    before = blas_threads()
    solve(HouseRules(served_roll="any_full_roll", two_pairs=True))
    assert blas_threads() == before
