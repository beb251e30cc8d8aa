"""Every player's win chance through a game, drawn with plotext, the turning points numbered.

This module imports textual-plotext (and plotext): import it only when a chart
is to be drawn, never at start-up.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import RenderResult
from textual_plotext import PlotextPlot

from ...i18n import _, percent
from .charts import WinChart


class WinChartPlot(PlotextPlot):
    """One line a player in their colour, 0 to 100 %; 1, 2, 3... on the shown player's line
    at their turning points, largest first."""

    DEFAULT_CSS = """
    WinChartPlot {
        height: 12;
        min-height: 8;
        width: 1fr;
    }
    """

    def __init__(
        self,
        chart: WinChart,
        *,
        colours: Sequence[tuple[int, int, int]],
        id: str | None = None,
    ) -> None:
        """``colours``: every seat's (``SeatColours.rgb``), in seating order."""
        super().__init__(id=id)
        self.chart = chart
        self.colours = colours

    def render(self) -> RenderResult:
        # Drawn afresh at each size: plotext keeps parts of a plot drawn at another size
        # (its lines ran past the frame once a scroll bar narrowed the chart).
        self.plt.clear_figure()
        self._draw()
        return super().render()

    def _draw(self) -> None:
        chart, colours = self.chart, self.colours
        plt = self.plt
        xs = list(range(len(chart.lines[0]))) if chart.lines else []
        # The shown player's line last, on top of the others.
        order = [seat for seat in range(len(chart.lines)) if seat != chart.seat]
        for seat in [*order, chart.seat]:
            if seat < len(chart.lines):
                plt.plot(xs, list(chart.lines[seat]), marker="braille", color=colours[seat])
        for number, (x, y) in enumerate(chart.marks, start=1):
            plt.scatter([x], [y], marker=str(number), color=colours[chart.seat])
        if chart.ticks:
            plt.xticks(list(chart.ticks), list(chart.tick_labels))
        plt.ylim(-4, 104)  # the lines at 0 and 100 % clear of the frame
        ticks = [0.0, 50.0, 100.0]
        plt.yticks(ticks, [percent(tick / 100) for tick in ticks])
        plt.xlabel(_("round"))
        plt.ylabel(_("chance of winning"))
