"""The trainer's and the analysis's costs: ``python tests/benchmarks/bench_training_and_charts.py``.

Prints the median wall time of: importing textual-plotext in a fresh process
beside importing textual alone (the chart's library loads when the analysis
opens, never at start-up); reviewing one finished game; choosing a round of
ten random training positions; and choosing a round from a history of 30 games
of one human. The strategy table is solved first (or read from the cache).
Not collected by pytest.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from collections.abc import Callable

from generala_tui.game import rules
from generala_tui.game.model import GameState, HouseRules, Level, Player
from generala_tui.game.strategy import play_game, review_game, solve
from generala_tui.game.training import history_drills, random_drills

RUNS = 7


def median_seconds(work: Callable[[], object], runs: int = RUNS) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def fresh_import(module: str) -> float:
    code = f"import time; t = time.perf_counter(); import {module}; print(time.perf_counter() - t)"
    times = [
        float(
            subprocess.run(
                [sys.executable, "-c", code], capture_output=True, text=True, check=True
            ).stdout
        )
        for _ in range(RUNS)
    ]
    return statistics.median(times)


def human_game(seed: int, strategy: object) -> GameState:
    players = [Player(name="Ana", level=Level.EASY), Player(name="Bot", level=Level.EXPERT)]
    game = play_game(rules.new_game(players, seed=seed), strategy)  # type: ignore[arg-type]
    ana = game.players[0].model_copy(update={"level": None})
    return game.model_copy(update={"players": (ana, game.players[1])})


def main() -> None:
    strategy = solve(HouseRules())
    print(f"import textual (fresh process):          {fresh_import('textual.app') * 1000:7.1f} ms")
    print(
        f"import textual_plotext (fresh process):  {fresh_import('textual_plotext') * 1000:7.1f} ms"
    )
    games = [human_game(seed, strategy) for seed in range(30)]
    review = median_seconds(lambda: review_game(games[0], strategy))
    print(f"review_game, one two-player game:         {review * 1000:7.1f} ms")
    random_round = median_seconds(lambda: random_drills(HouseRules(), "Ana", 1, 10), runs=3)
    print(f"10 random training positions:             {random_round * 1000:7.1f} ms")
    history = median_seconds(lambda: history_drills(games, "Ana", strategy, 10), runs=3)
    print(f"10 positions from a 30-game history:      {history * 1000:7.1f} ms")


if __name__ == "__main__":
    main()
