"""How fast the optimal strategy is: run ``python tests/benchmarks/bench_strategy.py``.

The solver limits BLAS to one thread itself (``strategy/_blas.py``): this
benchmark sets no thread count and pins nothing, so it measures what the app
and ``simulate`` get. It measures:

- solve times with both cores idle and with a busy loop on another core,
  side by side, as the solver runs (one BLAS thread) and with BLAS's default
  threads (the limit switched off), to show what the limit is worth;

- the time to compute the whole strategy table of several rule sets, from
  nothing cached (the first run also builds the dice tables shared by all
  rule sets, reported on their own);
- the time to value every action of one position, for positions whose turn
  was not planned yet (cold) and was (warm);
- expert games per second through the rules engine.

Nothing is read from or written to the disk cache. Not collected by pytest.
"""

from __future__ import annotations

import contextlib
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator

from generala_tui.game import rules
from generala_tui.game.model import Box, GameState, HouseRules, Level, Phase, Player
from generala_tui.game.strategy import Strategy, _optimal, play_game
from generala_tui.game.strategy._blas import blas_threads, one_blas_thread
from generala_tui.game.strategy._dice import dice_tables
from generala_tui.game.strategy._optimal import rules_tables, solve_values

RULE_SETS: dict[str, HouseRules] = {
    "default rules": HouseRules(),
    "both optional categories": HouseRules(double_generala=True, two_pairs=True),
    "locked holds": HouseRules(locked_holds=True),
    "served roll: any full roll": HouseRules(served_roll="any_full_roll"),
    "everything on (both optional, locked, any full roll)": HouseRules(
        double_generala=True, two_pairs=True, locked_holds=True, served_roll="any_full_roll"
    ),
}
REPEATS = 3
POSITIONS = 300
BUSY_REPEATS = 5
BUSY_ROUNDS = 3


def _solve_once(house_rules: HouseRules) -> tuple[float, Strategy]:
    rules_tables.cache_clear()
    started = time.perf_counter()
    rules_tables(house_rules)
    values = solve_values(house_rules)
    seconds = time.perf_counter() - started
    return seconds, Strategy(house_rules, values, seconds)


def _positions(house_rules: HouseRules, count: int, seed: int) -> list[GameState]:
    """Random positions after the first or second roll, on random scorecards."""
    rng = random.Random(seed)
    categories = house_rules.categories()
    positions: list[GameState] = []
    while len(positions) < count:
        filled = rng.sample(categories, rng.randrange(len(categories)))
        boxes = {category: Box(points=0, scratched=True) for category in filled}
        player = Player(name="Ana", level=Level.EXPERT, boxes=boxes)
        state = GameState(players=(player,), house_rules=house_rules, seed=rng.randrange(10**9))
        state = rules.roll(state)
        if rng.random() < 0.5 and state.phase is Phase.PLAYING:
            for die in rng.sample(range(5), rng.randrange(5)):
                state = rules.toggle_hold(state, die)
            state = rules.roll(state)
        if state.phase is Phase.PLAYING:
            positions.append(state)
    return positions


def _milliseconds(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    return (
        f"median {statistics.median(ordered) * 1e3:5.2f} ms, "
        f"95th percentile {p95 * 1e3:5.2f} ms, max {ordered[-1] * 1e3:5.2f} ms"
    )


@contextlib.contextmanager
def _busy_core() -> Iterator[None]:
    """A process spinning on one core for the length of the block."""
    spinner = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    time.sleep(0.3)  # let it start spinning
    try:
        yield
    finally:
        spinner.kill()
        spinner.wait()


@contextlib.contextmanager
def _default_blas_threads() -> Iterator[None]:
    """Switch the solver's one-thread limit off (BLAS's own default), for comparison."""
    real = _optimal.one_blas_thread
    _optimal.one_blas_thread = contextlib.nullcontext  # type: ignore[assignment]
    try:
        yield
    finally:
        _optimal.one_blas_thread = real


def _median_solve(house_rules: HouseRules, repeats: int) -> float:
    rules_tables(house_rules)
    return statistics.median(_timed(lambda: solve_values(house_rules)) for _ in range(repeats))


def _timed(work: object) -> float:
    started = time.perf_counter()
    work()  # type: ignore[operator]
    return time.perf_counter() - started


def busy_and_idle() -> None:
    """Solve times with the other core idle and busy, one BLAS thread and the default."""
    with one_blas_thread():
        limited = blas_threads()
    print(
        f"Solve time, median of {BUSY_REPEATS}, on {os.cpu_count()} cores "
        f"(BLAS default {blas_threads()} threads, as the solver runs {limited}):"
    )
    print(f"  {'rule set':<32} {'':>10} {'idle':>9} {'busy':>9} {'busy/idle':>10}")
    for name in ("default rules", "everything on (both optional, locked, any full roll)"):
        house_rules = RULE_SETS[name]
        rows = {}
        modes = {"one thread": contextlib.nullcontext, "default": _default_blas_threads}
        for label, mode in modes.items():
            with mode():
                # Alternate idle and busy so a drift of the machine hits both.
                idle, busy = [], []
                for _ in range(BUSY_ROUNDS):
                    idle.append(_median_solve(house_rules, BUSY_REPEATS))
                    with _busy_core():
                        busy.append(_median_solve(house_rules, BUSY_REPEATS))
                rows[label] = (statistics.median(idle), statistics.median(busy))
        for label, (idle, busy) in rows.items():
            print(f"  {name[:32]:<32} {label:>10} {idle:8.3f}s {busy:8.3f}s {busy / idle:9.2f}x")
        one_busy, default_busy = rows["one thread"][1], rows["default"][1]
        print(f"  {'':<32} busy: default threads / one thread = {default_busy / one_busy:.2f}x")
    print()


def main() -> None:
    started = time.perf_counter()
    dice_tables()
    print(f"Dice tables (once per process): {time.perf_counter() - started:.3f} s")
    print()
    busy_and_idle()
    print(f"Solve time of the whole table (best and median of {REPEATS}):")
    strategies: dict[str, Strategy] = {}
    for name, house_rules in RULE_SETS.items():
        times = []
        for _ in range(REPEATS):
            seconds, strategy = _solve_once(house_rules)
            times.append(seconds)
        strategies[name] = strategy
        print(
            f"  {name:<54} {min(times):6.3f} s  (median {statistics.median(times):.3f} s)"
            f"  expected score {strategy.expected_score:.4f}"
        )
    print()
    print(f"Valuing every action of a position ({POSITIONS} random positions):")
    for name in (
        "default rules",
        "locked holds",
        "everything on (both optional, locked, any full roll)",
    ):
        house_rules = RULE_SETS[name]
        strategy = Strategy(house_rules, strategies[name].values, 0.0)
        cold: list[float] = []
        warm: list[float] = []
        for state in _positions(house_rules, POSITIONS, seed=1):
            timer = time.perf_counter()
            strategy.evaluate(state)
            cold.append(time.perf_counter() - timer)
            timer = time.perf_counter()
            strategy.evaluate(state)
            warm.append(time.perf_counter() - timer)
        print(f"  {name}")
        print(f"    turn not planned yet: {_milliseconds(cold)}")
        print(f"    turn planned before:  {_milliseconds(warm)}")
    print()
    house_rules = HouseRules(served_generala_wins=False)
    strategy = Strategy(house_rules, solve_values(house_rules), 0.0)
    players = [Player(name="Expert", level=Level.EXPERT)]
    games = 500
    timer = time.perf_counter()
    for seed in range(games):
        play_game(rules.new_game(players, house_rules, seed=seed), strategy)
    seconds = time.perf_counter() - timer
    print(f"Expert solitaire games through the rules engine: {games / seconds:.0f} games/s")


if __name__ == "__main__":
    main()
