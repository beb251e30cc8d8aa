"""What the analysis's charts are given to draw: plain data, built by the analysis's
presenter (``screens/analysis_view.py``) from a game's review.

Apart from the chart widgets (``course_chart.py``, ``win_chart.py``), which import
textual-plotext: the presenter builds these at start-up of the analysis, the widgets come
only when a chart is drawn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...game.strategy.review import Step

Point = tuple[int, float]
"""A point of a chart: the step's number (x, from 0) and its value there."""


@dataclass(frozen=True)
class CourseChart:
    """A player's expected final total through the game, step by step, and its marks."""

    ys: tuple[float, ...]
    """The expected final total at each step (x is the step's number, from 0)."""
    lucky: tuple[Point, ...]
    unlucky: tuple[Point, ...]
    costly: tuple[Point, ...]
    ticks: tuple[int, ...]
    """The step each round starts at."""
    tick_labels: tuple[str, ...]
    """The rounds' numbers."""


@dataclass(frozen=True)
class WinChart:
    """Every player's win chance through the game, step by step, and the turning points of
    the player shown."""

    lines: tuple[tuple[float, ...], ...]
    """Per seat, the chance in percent at each point: x 0 is the start, x k the chance after
    the game's k-th roll or decision."""
    seat: int
    """The player whose turning points are marked."""
    turning: tuple[Step, ...]
    """The turning points, largest first (numbered from 1 on the chart and in the list)."""
    marks: tuple[Point, ...]
    """Where each turning point is drawn: (x, the player's chance after it, in percent)."""
    ticks: tuple[int, ...]
    """The point each round starts at (the first player's first roll of the round)."""
    tick_labels: tuple[str, ...]
