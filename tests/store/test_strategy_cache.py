"""The disk cache of strategy tables is verified, and the solver runs on one BLAS thread."""

from __future__ import annotations

import io
import itertools
import json
import zipfile
from typing import get_args

import numpy as np
import pytest

from generala_tui import store
from generala_tui.commands.main import main
from generala_tui.game.model import HouseRules
from generala_tui.game.strategy import (
    SOLVER_VERSION,
    _blas,
    optimal,
    solve,
    strategy_key,
)
from generala_tui.game.strategy._blas import blas_threads, one_blas_thread
from generala_tui.game.strategy._chances import most_points
from generala_tui.game.strategy._optimal import rules_tables
from generala_tui.game.strategy.cache import Memo, checksum
from generala_tui.store.strategy_tables import _MAX_INFLATED_BYTES, _MAX_TABLE_BYTES

DEFAULT_EXPECTED = 151.8989551829597


# Every test here solves into its own cache folder (tests/store/conftest.py).
pytestmark = pytest.mark.usefixtures("cache_home")


@pytest.fixture
def no_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    """Forget the strategies solved so far, so the next solve uses the disk."""
    monkeypatch.setattr(optimal, "_memory", Memo())


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
    arrays["checksum"] = np.array(checksum(SOLVER_VERSION, rules, values))
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
    arrays["checksum"] = np.array(checksum(stale, rules, arrays["values"]))
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


def _npy_header(shape: tuple[int, ...], descr: str = "<f8") -> bytes:
    header = io.BytesIO()
    np.lib.format.write_array_header_1_0(
        header, {"descr": descr, "fortran_order": False, "shape": shape}
    )
    return header.getvalue()


def _bomb(house_rules: HouseRules, inflated: int) -> int:
    """A cache file whose ``values`` are ``inflated`` bytes of zeros, which the zip squeezes
    a thousandfold, saved for ``house_rules``; its size on disk."""
    arrays = _archive(house_rules)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, array in arrays.items():
            if name != "values":
                with archive.open(f"{name}.npy", "w") as member:
                    np.lib.format.write_array(member, array)
        with archive.open("values.npy", "w", force_zip64=True) as member:
            member.write(_npy_header((inflated // 8,)))
            chunk = bytes(1 << 20)
            for _chunk in range(inflated >> 20):
                member.write(chunk)
    assert store.save_strategy_table(strategy_key(house_rules), buffer.getvalue())
    return len(buffer.getvalue())


def test_a_table_that_inflates_past_any_real_one_is_a_miss_before_it_is_inflated(
    no_memory: None,
) -> None:
    house_rules = HouseRules(served_bonus=10, locked_holds=True)
    solve(house_rules, tables=store.strategy_tables)
    optimal._memory.clear()
    on_disk = _bomb(house_rules, 2 * _MAX_INFLATED_BYTES)
    assert on_disk < _MAX_TABLE_BYTES // 100  # the file's own cap lets it by
    assert store.load_strategy_table(strategy_key(house_rules)) is None
    strategy = solve(house_rules, tables=store.strategy_tables)
    assert not strategy.from_disk
    optimal._memory.clear()
    assert solve(house_rules, tables=store.strategy_tables).from_disk, "saved again, whole"


@pytest.mark.parametrize("claimed", [(10**9,), (0,), (10**6, 10**6)])
def test_an_array_whose_header_is_not_its_size_is_a_miss(claimed: tuple[int, ...]) -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        # Eight bytes of data, whatever the header says: numpy would make room for it all.
        archive.writestr("values.npy", _npy_header(claimed) + bytes(8))
    key = strategy_key(HouseRules(two_pairs=True))
    assert store.save_strategy_table(key, buffer.getvalue())
    assert store.load_strategy_table(key) is None


def test_an_archive_of_many_members_or_of_objects_is_a_miss() -> None:
    key = strategy_key(HouseRules(straight="strict"))
    many = io.BytesIO()
    with zipfile.ZipFile(many, "w") as archive:
        for number in range(10_000):
            archive.writestr(f"a{number}.npy", _npy_header((0,)))
    objects = io.BytesIO()
    with zipfile.ZipFile(objects, "w") as archive:
        archive.writestr("values.npy", _npy_header((1,), "|O") + bytes(8))
    for data in (many.getvalue(), objects.getvalue()):
        assert store.save_strategy_table(key, data)
        assert store.load_strategy_table(key) is None


def _choices(annotation: object) -> list[object]:
    if annotation is bool:
        return [False, True]
    if isinstance(annotation, type):
        return list(annotation)  # an enum
    return list(get_args(annotation))  # a Literal


def test_the_largest_tables_the_game_makes_inflate_within_the_cap() -> None:
    fields = HouseRules.model_fields
    names = [name for name in fields if name != "tie_break"]
    # The rules with the most points for each set of boxes (which the scorecards count).
    most: dict[tuple[object, ...], HouseRules] = {}
    for values in itertools.product(*(_choices(fields[name].annotation) for name in names)):
        house_rules = HouseRules(**dict(zip(names, values, strict=True)))
        boxes = (tuple(house_rules.categories()), house_rules.double_generala)
        if boxes not in most or most_points(house_rules) > most_points(most[boxes]):
            most[boxes] = house_rules
    largest = 0
    for house_rules in most.values():
        rt = rules_tables(house_rules)
        # The win chances' two tables, by far the largest; a strategy's values are (cards,).
        rows = most_points(house_rules) + 1 + len(rt.categories) + 1
        largest = max(largest, 8 * rt.cards * rows)
    assert largest > 20 * 1024 * 1024
    assert largest + 64 * 1024 <= _MAX_INFLATED_BYTES


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
