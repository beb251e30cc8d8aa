"""The fair-play threshold's figures (docs/server.md, "Fair play"):
``python tests/benchmarks/bench_fair_play.py [GAMES] [SEED]`` (default 300 games, seed 1).

It plays games of the four computer levels at one table (seats shuffled, default house
rules), reviews each with ``review_game`` as ``generala-tui fair-play`` does, and prints per
level the decisions with a choice per game, the mean cost per decision and the share at
the optimum over all games, the spread of a game's mean cost, and the least and largest
mean cost over blocks of ten games (what the report's flag looks at); then the time to
play and to review a game. Not collected by pytest.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from generala_tui import store
from generala_tui.game import rules
from generala_tui.game.model import HouseRules, Level, Player
from generala_tui.game.strategy import play_game, review_game, solve, solve_chances

LEVELS = (Level.EASY, Level.MEDIUM, Level.EXPERT, Level.CHAMPION)
BLOCK = 10


def main(games: int, seed: int) -> None:
    house_rules = HouseRules()
    strategy = solve(house_rules, tables=store.strategy_tables)
    chances = solve_chances(house_rules, tables=store.strategy_tables)
    rng = random.Random(seed)
    per_game: dict[Level, list[tuple[float, int, int]]] = {level: [] for level in LEVELS}
    playing = reviewing = 0.0
    for _ in range(games):
        order = list(LEVELS)
        rng.shuffle(order)
        players = [Player(name=level.value, level=level) for level in order]
        started = time.perf_counter()
        new = rules.new_game(players, house_rules, seed=rng.randrange(2**63))
        game = play_game(new, strategy, chances=chances)
        playing += time.perf_counter() - started
        started = time.perf_counter()
        review = review_game(game, strategy)
        reviewing += time.perf_counter() - started
        for level, player in zip(order, review.players, strict=True):
            costs = [d.cost for d in player.decisions if not d.tie_break and not d.forced]
            per_game[level].append((sum(costs), len(costs), sum(1 for c in costs if c == 0)))
    print(f"{games} games of four, seed {seed}")
    for level in LEVELS:
        rows = per_game[level]
        cost = sum(row[0] for row in rows)
        count = sum(row[1] for row in rows)
        optimal = sum(row[2] for row in rows)
        means = [row[0] / row[1] for row in rows if row[1]]
        cuts = statistics.quantiles(means, n=10, method="inclusive")
        blocks = [
            sum(row[0] for row in rows[at : at + BLOCK])
            / sum(row[1] for row in rows[at : at + BLOCK])
            for at in range(0, len(rows) - BLOCK + 1, BLOCK)
        ]
        print(
            f"{level.value:9} {count / len(rows):5.1f} decisions a game, mean cost "
            f"{cost / count:.3f}, at the optimum {optimal / count:6.1%}; a game's mean cost "
            f"p10 {cuts[0]:.3f} p50 {cuts[4]:.3f} p90 {cuts[8]:.3f}; ten games' "
            f"{min(blocks):.3f} to {max(blocks):.3f}"
        )
    print(
        f"playing {1000 * playing / games:.0f} ms a game, reviewing {1000 * reviewing / games:.0f}"
        f" ms a game of four ({1000 * reviewing / games / 4:.0f} ms a player's)"
    )


if __name__ == "__main__":
    main(
        int(sys.argv[1]) if len(sys.argv) > 1 else 300, int(sys.argv[2]) if len(sys.argv) > 2 else 1
    )
