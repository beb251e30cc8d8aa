"""A player's expected final total through a game, drawn with plotext, its swings marked.

This module imports textual-plotext (and plotext): import it only when a chart
is to be drawn, never at start-up.
"""

from __future__ import annotations

from textual_plotext import PlotextPlot

from ...i18n import _
from ..colours import SeatColours
from ..vocabulary import COSTLY_MARK, LUCKY_MARK, UNLUCKY_MARK
from .charts import CourseChart


class CourseChartPlot(PlotextPlot):
    """The course of one player's game: a line, ▲ ▼ for big luck, ✗ for costly decisions."""

    DEFAULT_CSS = """
    CourseChartPlot {
        height: 12;
        min-height: 8;
        width: 1fr;
    }
    """

    def __init__(
        self,
        chart: CourseChart,
        *,
        colour: tuple[int, int, int] | None = None,
        id: str | None = None,
    ) -> None:
        """``colour``: the player's (``SeatColours.rgb``); the first seat's without it."""
        super().__init__(id=id)
        self.chart = chart
        plt = self.plt
        xs = list(range(len(chart.ys)))
        line = colour or SeatColours().rgb(0)
        plt.plot(xs, list(chart.ys), marker="braille", color=line)
        for points, marker, color in (
            (chart.lucky, LUCKY_MARK, "green"),
            (chart.unlucky, UNLUCKY_MARK, "orange"),
            (chart.costly, COSTLY_MARK, "red"),
        ):
            if points:
                plt.scatter(
                    [x for x, _ in points], [y for _, y in points], marker=marker, color=color
                )
        if chart.ticks:
            plt.xticks(list(chart.ticks), list(chart.tick_labels))
        if chart.ys:
            # Whole points, evenly spaced: plotext's own ticks fall on uneven decimals.
            low, high = min(chart.ys), max(chart.ys)
            steps = 4
            ticks = [low + (high - low) * i / steps for i in range(steps + 1)]
            plt.yticks(ticks, [f"{tick:.0f}" for tick in ticks])
        plt.xlabel(_("round"))
        plt.ylabel(_("expected final total"))
