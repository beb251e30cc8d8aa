"""The computers' fixed ratings on rated tables (docs/server.md, "Ratings"), measured.

Each level plays as one player through openskill's Plackett-Luce, every level starting at
the prior a new player has (25, 25/3), in games of the four levels together and in every
pair, the seats in turn order shuffled, the dice from a seed; after each game the levels'
ratings move as a player's would. A rating keeps moving a little with every game (openskill
never lets its uncertainty reach nought), so what is printed is each level's mean averaged
over the second half of the games, with its standard deviation there: the fixed ratings the
server rates computers at (``online.ratings.COMPUTER_RATINGS``), so a new player, at 25, starts
in the middle of them.

    python tests/benchmarks/bench_ratings.py --games 400 --seed 1
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time

from generala_tui import store
from generala_tui.game import rules
from generala_tui.game.model import Level, Phase, Player
from generala_tui.game.strategy import choose_action, solve
from generala_tui.game.strategy.chances import solve_chances
from generala_tui.online.ratings import PRIOR, Standing, places, rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games in all (default 400)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    chances = solve_chances(tables=store.strategy_tables)
    strategy = solve(tables=store.strategy_tables)
    levels = list(Level)
    ratings = {level: PRIOR for level in levels}
    tables = [levels, *(list(pair) for pair in itertools.combinations(levels, 2))]
    dice = random.Random(args.seed)
    settled: dict[Level, list[float]] = {level: [] for level in levels}
    started = time.perf_counter()
    for number in range(args.games):
        seated = list(tables[number % len(tables)])
        dice.shuffle(seated)
        players = [Player(name=level.value, level=level) for level in seated]
        state = rules.new_game(players, seed=dice.randrange(2**32))
        while state.phase is not Phase.OVER:
            level = state.players[state.current].level
            action = choose_action(state, level, strategy=strategy, chances=chances)
            state = rules.play(state, action)
        standings = [
            Standing(
                person=level.value,  # rated as a player: its rating moves
                level=None,
                mu=ratings[level][0],
                sigma=ratings[level][1],
                place=place,
                total=player.total,
            )
            for level, player, place in zip(seated, state.players, places(state), strict=True)
        ]
        for level, after in zip(seated, rate(standings), strict=True):
            ratings[level] = after
        if number >= args.games // 2:
            for level in levels:
                settled[level].append(ratings[level][0])
    elapsed = time.perf_counter() - started
    print(f"{args.games} games, seed {args.seed}, {elapsed:.0f} s")
    for level in levels:
        means = settled[level]
        print(
            f"{level.value:10} mu {statistics.fmean(means):5.1f}"
            f" (sd {statistics.pstdev(means):3.1f} over the second half),"
            f" sigma at the end {ratings[level][1]:4.2f}"
        )


if __name__ == "__main__":
    main()
