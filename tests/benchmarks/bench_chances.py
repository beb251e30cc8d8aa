"""How fast and how right the win chances are: ``python tests/benchmarks/bench_chances.py``.

It measures, on positions from the expert's own games (between turns and
inside them, two and eight players):

- the time to build a rule set's win-chance tables from a solved strategy
  (nothing read from or written to the disk cache);
- the time of ``win_chances(state)`` per position, once the tables are there,
  beside the time of ``Strategy.evaluate`` on the same positions (the coach's
  own valuation), run interleaved so that the machine's load falls on both
  alike, and the time of ``Chances.action_chances`` (every action of a
  position valued by its win chance, as the coach and the champion do);
- the agreement with playouts: for positions of several kinds, every seat's
  exact chance beside its share of the wins over expert playouts from that
  position with fresh dice, and how many standard errors apart they are.

Not collected by pytest.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time

from generala_tui.game import rules
from generala_tui.game.model import GameState, HouseRules, Phase, ServedRoll
from generala_tui.game.strategy import Chances, _chances, solve, solve_chances

RULE_SETS = {
    "default rules": HouseRules(),
    "locked holds": HouseRules(locked_holds=True),
    "everything on (both optional, locked, any full roll)": HouseRules(
        double_generala=True,
        two_pairs=True,
        locked_holds=True,
        served_roll=ServedRoll.ANY_FULL_ROLL,
    ),
}


def _positions(chances: Chances, players: int, games: int) -> list[GameState]:
    """Every position of ``games`` expert games at a table of ``players``."""
    found: list[GameState] = []
    for seed in range(games):
        names = [f"P{i + 1}" for i in range(players)]
        state = rules.new_game(names, house_rules=chances.house_rules, seed=seed)
        while state.phase is not Phase.OVER:
            found.append(state)
            state = rules.play(state, chances.strategy.best_action(state))
    return found


def _ms(times: list[float]) -> str:
    ordered = sorted(times)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    return (
        f"median {statistics.median(ordered) * 1000:.2f} ms, 90th percentile {p90 * 1000:.2f} ms,"
        f" most {ordered[-1] * 1000:.2f} ms"
    )


def speed() -> None:
    print("Building the tables (strategy solved first, not timed):")
    for name, house_rules in RULE_SETS.items():
        strategy = solve(house_rules)
        started = time.perf_counter()
        _chances.solve_futures(house_rules, strategy.values)
        print(f"  {name}: {time.perf_counter() - started:.2f} s", flush=True)
    print("Per position, tables there:")
    for name, house_rules in RULE_SETS.items():
        chances = solve_chances(house_rules)
        for players, games in ((2, 6), (8, 1)):
            positions = _positions(chances, players, games)
            ours: list[float] = []
            theirs: list[float] = []
            valued: list[float] = []
            for state in positions:
                started = time.perf_counter()
                chances.win_chances(state)
                ours.append(time.perf_counter() - started)
                started = time.perf_counter()
                values = chances.strategy.evaluate(state)
                theirs.append(time.perf_counter() - started)
                started = time.perf_counter()
                chances.action_chances(state, values)
                valued.append(time.perf_counter() - started)
            ratio = statistics.median(ours) / statistics.median(theirs)
            print(
                f"  {name}, {players} players, {len(positions)} positions:\n"
                f"    win_chances     {_ms(ours)}\n"
                f"    evaluate        {_ms(theirs)} (win_chances / evaluate: {ratio:.1f})\n"
                f"    action_chances  {_ms(valued)}",
                flush=True,
            )


POSITIONS = (
    ("two players, round 7", HouseRules(), 2, 5, 60),
    ("three players, late", HouseRules(), 3, 7, 100),
    (
        "four players, any full roll served",
        HouseRules(served_roll=ServedRoll.ANY_FULL_ROLL),
        4,
        1,
        13,
    ),
    ("locked holds and Doble, mid-turn", HouseRules(locked_holds=True, two_pairs=True), 2, 11, 52),
    ("Double Generala, round 7", HouseRules(double_generala=True), 2, 2, 49),
    ("shared wins, round 9", HouseRules(tie_break=False), 2, 13, 70),
)


def agreement(games: int) -> None:
    print(f"Agreement with {games} expert playouts per position (fresh dice each):")
    worst = 0.0
    for title, house_rules, players, seed, steps in POSITIONS:
        chances = solve_chances(house_rules)
        state = rules.new_game([f"P{i + 1}" for i in range(players)], house_rules, seed)
        for _ in range(steps):
            state = rules.play(state, chances.strategy.best_action(state))
        exact = chances.win_chances(state)
        wins = [0.0] * players
        for game in range(games):
            position = state.model_copy(update={"seed": 1_000_003 * (game + 1) + seed})
            while position.phase is not Phase.OVER:
                position = rules.play(position, chances.strategy.best_action(position))
            for seat in position.winners:
                wins[seat] += 1 / len(position.winners)
        shares = [win / games for win in wins]
        errors = [
            (share - chance) / math.sqrt(max(chance * (1 - chance), 1 / games) / games)
            for chance, share in zip(exact, shares, strict=True)
        ]
        worst = max(worst, *(abs(error) for error in errors))
        print(
            f"  {title}: exact {' '.join(f'{c:.3f}' for c in exact)};"
            f" playouts {' '.join(f'{s:.3f}' for s in shares)};"
            f" apart {' '.join(f'{e:+.1f}' for e in errors)} standard errors",
            flush=True,
        )
    print(f"  largest gap: {worst:.1f} standard errors")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--playouts", type=int, default=4000)
    parser.add_argument("--no-playouts", action="store_true")
    args = parser.parse_args()
    speed()
    if not args.no_playouts:
        agreement(args.playouts)


if __name__ == "__main__":
    sys.exit(main())
