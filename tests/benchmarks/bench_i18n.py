"""What speaking a language costs: loading a catalog, a word read, Babel's first number.

    python tests/benchmarks/bench_i18n.py

Each figure is the median of fresh interpreters (for the one-time costs) or of many calls.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import timeit

ONCE = """
import time
start = time.perf_counter()
from generala_tui import i18n
imported = time.perf_counter()
i18n.set_language("{lang}")
loaded = time.perf_counter()
i18n.decimal(1.5)
numbered = time.perf_counter()
print(imported - start, loaded - imported, numbered - loaded)
"""


def fresh(lang: str, runs: int = 7) -> tuple[float, float, float]:
    figures = []
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, "-c", ONCE.format(lang=lang)],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
        figures.append(tuple(float(x) for x in out))
    return tuple(statistics.median(f[i] for f in figures) for i in range(3))  # type: ignore[return-value]


def main() -> None:
    for lang in ("en", "es", "sv"):
        imported, loaded, numbered = fresh(lang)
        print(
            f"{lang}: import i18n {imported * 1000:.1f} ms, set the language (read its catalog) "
            f"{loaded * 1000:.1f} ms, Babel's first number {numbered * 1000:.1f} ms"
        )
    from generala_tui import i18n, words
    from generala_tui.ui.screens import setup_words

    i18n.set_language("es")
    calls = 100_000
    word = timeit.timeit(lambda: setup_words.start_button(), number=calls) / calls
    table = timeit.timeit(lambda: words.rule_text(), number=calls // 10) / (calls // 10)
    number = timeit.timeit(lambda: i18n.decimal(151.9), number=calls // 10) / (calls // 10)
    print(
        f"es: a word {word * 1e6:.2f} µs, the house rules' table {table * 1e6:.1f} µs, "
        f"a number {number * 1e6:.1f} µs"
    )


if __name__ == "__main__":
    main()
