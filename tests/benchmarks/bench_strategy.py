"""How fast the optimal strategy is: run ``python tests/benchmarks/bench_strategy.py``.

Measures, on one core (the process is pinned to one CPU and BLAS to one
thread):

- the time to compute the whole strategy table of several rule sets, from
  nothing cached (the first run also builds the dice tables shared by all
  rule sets, reported on their own);
- the time to value every action of one position, for positions whose turn
  was not planned yet (cold) and was (warm);
- expert games per second through the rules engine.

Nothing is read from or written to the disk cache. Not collected by pytest.
"""

from __future__ import annotations

import os

# Before numpy is imported: one BLAS thread, one core.
for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_variable] = "1"
if hasattr(os, "sched_setaffinity"):
    os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})

import random  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402

from generala_tui.game import rules  # noqa: E402
from generala_tui.game.model import Box, GameState, HouseRules, Level, Phase, Player  # noqa: E402
from generala_tui.game.strategy import Strategy, play_game  # noqa: E402
from generala_tui.game.strategy._dice import dice_tables  # noqa: E402
from generala_tui.game.strategy._solver import rules_tables, solve_values  # noqa: E402

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


def main() -> None:
    started = time.perf_counter()
    dice_tables()
    print(f"Dice tables (once per process): {time.perf_counter() - started:.3f} s")
    print()
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
        strategy = Strategy(house_rules, strategies[name]._values, 0.0)
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
