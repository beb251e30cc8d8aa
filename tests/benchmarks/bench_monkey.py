"""A longer monkey than CI's: python tests/benchmarks/bench_monkey.py [SEEDS] [BATCHES].

Runs the seeded monkey of tests/ui/monkey.py for each seed (default 5 seeds of 200
batches of 25 events), each in a fresh GENERALA_TUI_HOME, and prints per seed the events,
the games finished, the screens visited and the time taken. Any failure stops it with the
seed that found it, so the run can be repeated.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> None:
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    batches = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    for seed in range(seeds):
        with tempfile.TemporaryDirectory() as home:
            os.environ["GENERALA_TUI_HOME"] = home
            from ui.monkey import run

            start = time.perf_counter()
            report = asyncio.run(run(seed=seed, batches=batches))
            took = time.perf_counter() - start
            print(
                f"seed {seed}: {report.events} events, {report.games_finished} games finished, "
                f"{len(report.screens)} screens, {took:.0f} s ({report.events / took:.0f}/s)"
            )


if __name__ == "__main__":
    main()
