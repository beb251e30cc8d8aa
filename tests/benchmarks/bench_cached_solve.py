"""A cached solve in a fresh process: run ``python tests/benchmarks/bench_cached_solve.py``.

Solves the default rules once (so the disk cache holds the table), then runs,
alternating, a fresh ``python -c`` that loads it through ``solve`` and a fresh
``python -c "import numpy"``, and prints for each the median wall time and,
for the solve, the time of the ``solve`` call itself as the child measured it
(numpy imported before it, as any caller of the solver has). The files go to
a temporary GENERALA_TUI_HOME. Not collected by pytest.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time

RUNS = 15
SOLVE = """
import time, numpy
from generala_tui import store
from generala_tui.game.model import HouseRules
from generala_tui.game.strategy import solve
started = time.perf_counter()
strategy = solve(HouseRules(), tables=store.strategy_tables)
assert strategy.from_disk, "the table was not read from the cache"
print(time.perf_counter() - started)
"""


def _run(code: str, env: dict[str, str]) -> tuple[float, str]:
    started = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout
    return time.perf_counter() - started, out


def main() -> None:
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "GENERALA_TUI_HOME": home}
        warm = SOLVE.replace("assert strategy.from_disk", "assert True or strategy.from_disk")
        _run(warm, env)  # fills the cache
        solve_wall, numpy_wall, solve_call = [], [], []
        for _ in range(RUNS):
            wall, out = _run(SOLVE, env)
            solve_wall.append(wall)
            solve_call.append(float(out))
            numpy_wall.append(_run("import numpy", env)[0])
    ratios = [a / b for a, b in zip(solve_wall, numpy_wall, strict=True)]
    ms = 1e3
    print(f"Fresh processes, {RUNS} of each, alternating (median, min-max):")
    print(
        f"  cached solve, whole process: {statistics.median(solve_wall) * ms:6.1f} ms "
        f"({min(solve_wall) * ms:.1f}-{max(solve_wall) * ms:.1f})"
    )
    print(
        f"  import numpy, whole process: {statistics.median(numpy_wall) * ms:6.1f} ms "
        f"({min(numpy_wall) * ms:.1f}-{max(numpy_wall) * ms:.1f})"
    )
    print(f"  ratio, run by run: median {statistics.median(ratios):.2f}")
    print(
        f"  the solve() call alone: {statistics.median(solve_call) * ms:6.1f} ms "
        f"({min(solve_call) * ms:.1f}-{max(solve_call) * ms:.1f}); the goal is under 50 ms"
    )


if __name__ == "__main__":
    main()
