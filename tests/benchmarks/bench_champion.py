"""The champion against the expert: ``python tests/benchmarks/bench_champion.py [--pairs N]``.

The champion (``Level.CHAMPION``) takes, at every decision, the action with
the highest exact chance of winning, assuming everyone plays the expert
afterwards; the expert maximises its own expected total. This benchmark plays
them under the default rules:

- **heads-up**, on paired seeds: each seed is played twice, the champion in
  the first seat and then in the second, so both seats see the same dice
  stream (the n-th roll of a game is drawn from its seed and n);
- **three-handed**, the champion against two experts, each seed played three
  times with the champion in each seat.

It prints the champion's win rate (a shared win split among its sharers)
with a 95% interval from the spread of the per-seed means (so the pairing's
correlation is counted, not assumed away), the rate a fair seat would have,
and the champion's thinking time per decision (median and 90th percentile,
timed around ``Chances.champion_action`` alone, the tables solved first).
The seeds are fixed (``--seed``), so a run's figures can be played again;
``--jobs`` spreads the seeds over processes and changes no figure. Not
collected by pytest.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from generala_tui.game import rules
from generala_tui.game.model import GameState, HouseRules, Level, Phase, Player
from generala_tui.game.strategy import solve_chances

HEADS_UP = (Level.CHAMPION, Level.EXPERT)
THREE_HANDED = (Level.CHAMPION, Level.EXPERT, Level.EXPERT)


def _table(levels: tuple[Level, ...], seat: int, seed: int) -> GameState:
    """A new game with the champion at ``seat`` and experts elsewhere."""
    order = list(levels[1:])
    order.insert(seat, Level.CHAMPION)
    players = [Player(name=f"P{i + 1}", level=level) for i, level in enumerate(order)]
    return rules.new_game(players, seed=seed)


def _play(state: GameState, thinking: list[float]) -> GameState:
    chances = solve_chances(state.house_rules)
    expert = chances.strategy
    while state.phase is not Phase.OVER:
        if state.current_player.level is Level.CHAMPION:
            started = time.perf_counter()
            action = chances.champion_action(state)
            thinking.append(time.perf_counter() - started)
        else:
            action = expert.best_action(state)
        state = rules.play(state, action)
    return state


def _seed_share(job: tuple[tuple[Level, ...], int]) -> tuple[float, list[float]]:
    """The champion's mean share of the wins over every seating of one seed."""
    levels, seed = job
    thinking: list[float] = []
    shares = []
    for seat in range(len(levels)):
        end = _play(_table(levels, seat, seed), thinking)
        shares.append(1 / len(end.winners) if seat in end.winners else 0.0)
    return statistics.fmean(shares), thinking


def _measure(levels: tuple[Level, ...], seeds: range, jobs: int) -> tuple[list[float], list[float]]:
    work = [(levels, seed) for seed in seeds]
    with ProcessPoolExecutor(jobs) as pool:
        results = list(pool.map(_seed_share, work, chunksize=16))
    return [share for share, _ in results], [t for _, times in results for t in times]


def _report(title: str, shares: list[float], players: int, thinking: list[float]) -> None:
    mean = statistics.fmean(shares)
    half = 1.96 * statistics.stdev(shares) / math.sqrt(len(shares))
    games = len(shares) * players
    times = sorted(thinking)
    median = statistics.median(times) * 1000
    p90 = times[int(0.9 * (len(times) - 1))] * 1000
    print(
        f"{title}: {games} games ({len(shares)} seeds x {players} seatings)\n"
        f"  champion's win rate {mean:.2%} (95% interval {mean - half:.2%} to {mean + half:.2%}),"
        f" a fair seat's {1 / players:.2%}\n"
        f"  thinking per decision: median {median:.1f} ms, 90th percentile {p90:.1f} ms"
        f" over {len(times)} decisions",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pairs", type=int, default=4000, help="heads-up seeds (two games each)")
    parser.add_argument("--triples", type=int, default=1500, help="three-handed seeds (three each)")
    parser.add_argument("--seed", type=int, default=1, help="the first seed")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    solve_chances(HouseRules())  # once here, so the first games don't time it
    started = time.perf_counter()
    shares, thinking = _measure(HEADS_UP, range(args.seed, args.seed + args.pairs), args.jobs)
    _report("Heads-up, champion against expert", shares, 2, thinking)
    first = args.seed + args.pairs
    shares, thinking = _measure(THREE_HANDED, range(first, first + args.triples), args.jobs)
    _report("Three-handed, champion against two experts", shares, 3, thinking)
    print(f"({time.perf_counter() - started:.0f} s on {args.jobs} processes)")


if __name__ == "__main__":
    sys.exit(main())
