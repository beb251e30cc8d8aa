"""docs/analysis.md gives the marks' thresholds and the rating bands the code uses."""

from __future__ import annotations

from pathlib import Path

from generala_tui.commands import report
from generala_tui.game.strategy.review import (
    DECISION_THRESHOLDS,
    LUCK_THRESHOLDS,
    RATING_BANDS,
    DecisionMark,
    LuckMark,
    Rating,
)

PAGE = Path(__file__).parents[2] / "docs" / "analysis.md"


def rows() -> dict[str, str]:
    """The first cell of every table row of the page, to the rest of the row."""
    table: dict[str, str] = {}
    for line in PAGE.read_text(encoding="utf-8").splitlines():
        if line.startswith("| "):
            first, _, rest = line.strip("|").partition("|")
            table.setdefault(first.strip(), rest)
    return table


def test_every_mark_and_rating_has_its_row_with_its_threshold():
    table = rows()
    for threshold, mark in DECISION_THRESHOLDS:
        assert f"{threshold:g}" in table[report.DECISION_MARKS[mark.value]].split("up to")[0]
    for threshold, mark in LUCK_THRESHOLDS:
        assert f"{threshold:+g}".lstrip("+") in table[report.LUCK_MARKS[mark.value]]
    for bound, band in RATING_BANDS:
        assert f"{bound:g}" in table[band.value]
    assert set(report.DECISION_MARKS) == {mark.value for mark in DecisionMark}
    assert set(report.LUCK_MARKS) == {mark.value for mark in LuckMark}
    assert set(report.RATINGS) == {band.value for band in Rating}
    assert "unrated" in table and "careless" in table
