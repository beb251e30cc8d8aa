"""How costs and luck spread, to calibrate the marks and ratings of docs/analysis.md.

Run ``python tests/benchmarks/bench_review.py [GAMES]`` (default 400). It plays
games of an easy, a medium and an expert computer player (solitaire-wise:
each plays its own column, seated at one table) under a few rule sets,
reviews each game, and prints:

- per level, the share of decisions (those with a choice) in each cost mark
  and the quantiles of their costs;
- per level, the quantiles of a game's mean cost per decision, and how the
  games fall into the rating bands;
- the quantiles of a roll's luck and the share of rolls in each luck mark;
- how long reviewing a game takes.

Not collected by pytest.
"""

from __future__ import annotations

import collections
import random
import statistics
import sys
import time

from generala_tui.game import rules
from generala_tui.game.model import HouseRules, Level, Player
from generala_tui.game.strategy import play_game, review_game, solve

RULE_SETS = {
    "default": HouseRules(),
    "both boxes": HouseRules(double_generala=True, two_pairs=True),
    "any full roll, locked holds": HouseRules(served_roll="any_full_roll", locked_holds=True),
}
QUANTILES = (0.1, 0.25, 0.5, 0.75, 0.9, 0.99)


def quantiles(values: list[float]) -> str:
    if len(values) < 2:
        return "(too few)"
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return "  ".join(f"p{round(q * 100)}={cuts[round(q * 100) - 1]:6.2f}" for q in QUANTILES)


def shares(counter: collections.Counter[str], total: int, order: list[str]) -> str:
    return "  ".join(f"{name} {100 * counter[name] / total:5.1f}%" for name in order)


def main(games: int) -> None:
    costs: dict[Level, list[float]] = collections.defaultdict(list)
    marks: dict[Level, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    means: dict[Level, list[float]] = collections.defaultdict(list)
    ratings: dict[Level, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    lucks: list[float] = []
    luck_marks: collections.Counter[str] = collections.Counter()
    reviewing = 0.0
    reviewed = 0
    rng = random.Random(2026)
    levels = [Level.EASY, Level.MEDIUM, Level.EXPERT]
    for name, house_rules in RULE_SETS.items():
        strategy = solve(house_rules)
        for _ in range(games // len(RULE_SETS)):
            players = [Player(name=level.value, level=level) for level in levels]
            game = play_game(
                rules.new_game(players, house_rules, seed=rng.randrange(2**63)), strategy
            )
            started = time.perf_counter()
            review = review_game(game, strategy)
            reviewing += time.perf_counter() - started
            reviewed += 1
            for level, player in zip(levels, review.players, strict=True):
                for decision in player.decisions:
                    if decision.tie_break or decision.forced:
                        continue
                    costs[level].append(decision.cost)
                    marks[level][decision.mark.value] += 1
                if player.mean_cost is not None:
                    means[level].append(player.mean_cost)
                    ratings[level][player.rating.value] += 1
                for roll in player.rolls:
                    if not roll.tie_break:
                        lucks.append(roll.luck)
                        luck_marks[roll.mark.value] += 1
        print(f"played {games // len(RULE_SETS)} games under {name}", file=sys.stderr)
    from generala_tui.game.strategy.review import DecisionMark, LuckMark, Rating

    print(
        f"{reviewed} games, 3 players each; "
        f"reviewing a game took {1000 * reviewing / reviewed:.1f} ms"
    )
    for level in levels:
        total = len(costs[level])
        print(f"\n{level.value}: {total} decisions with a choice")
        print("  marks:  " + shares(marks[level], total, [m.value for m in DecisionMark]))
        nonzero = [cost for cost in costs[level] if cost > 0]
        print(f"  costly: {100 * len(nonzero) / total:.1f}% cost anything; their costs:")
        print("    " + quantiles(nonzero))
        print("  mean cost per decision, per game: " + quantiles(means[level]))
        print("  ratings: " + shares(ratings[level], len(means[level]), [r.value for r in Rating]))
    print(f"\nluck of {len(lucks)} rolls: " + quantiles(lucks))
    print("  marks: " + shares(luck_marks, len(lucks), [m.value for m in LuckMark]))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 400)
