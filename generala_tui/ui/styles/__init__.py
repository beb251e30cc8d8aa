"""The app's stylesheets, one a screen or two, in the order they cascade.

A screen names the sheets it is drawn with (``CSS_PATH = styles.sheets(...)``), and
Textual reads them when that screen is first shown; so the first frame parses only the
setup's or the turn's rules, not the whole app's (tests/benchmarks/bench_startup.py).
Right after the first frame, the app reads the rest (:data:`EVERY`) at once, so no
later screen waits for its rules to be parsed.
"""

from __future__ import annotations

from pathlib import Path

_HERE = Path(__file__).resolve().parent

ORDER = (
    "base",
    "turn",
    "dialogs",
    "panels",
    "setup",
    "settings",
    "game_over",
    "analysis",
    "records",
    "trainer",
    "export",
    "replay",
)
"""Every sheet, in the order of the one stylesheet they were cut from."""


def sheets(*names: str) -> list[str | Path]:
    """The paths of the sheets named (without ``.tcss``), for a ``CSS_PATH``."""
    unknown = [name for name in names if name not in ORDER]
    if unknown:
        raise ValueError(f"no stylesheet called {unknown}")
    return [_HERE / f"{name}.tcss" for name in names]


EVERY = sheets(*ORDER)
"""Every sheet, read right after the first frame."""
