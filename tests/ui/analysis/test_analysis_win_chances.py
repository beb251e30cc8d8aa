"""The analysis in win chances: every player's chance on a chart with the turning points, the
win-chance luck and skill beside the points, and nothing of it alone at the table."""

from __future__ import annotations

import pytest
from rich.style import Style
from textual.app import App, ComposeResult
from textual.widgets import DataTable, Static

from generala_tui.game import rules
from generala_tui.game.model import GameState, HouseRules, Level, Player
from generala_tui.game.strategy import play_game, review_game
from generala_tui.game.strategy.chances import solve_chances
from generala_tui.game.strategy.review import chance_change
from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.colours import SeatColours
from generala_tui.ui.screens.analysis import AnalysisScreen, DecisionList
from generala_tui.ui.screens.analysis_view import TURNING_POINTS, win_chart

from ..conftest import settle_until

RULES = HouseRules(served_generala_wins=False)


@pytest.fixture(scope="module")
def finished() -> GameState:
    players = [
        Player(name="Max", level=Level.EASY),
        Player(name="Leo", level=Level.MEDIUM),
        Player(name="Ana", level=Level.EXPERT),
    ]
    return play_game(rules.new_game(players, RULES, seed=21))


async def _open(app: GeneralaApp, pilot, game: GameState) -> AnalysisScreen:  # type: ignore[no-untyped-def]
    await pilot.pause()
    app.push_screen(AnalysisScreen(game))
    await settle_until(
        pilot,
        lambda: isinstance(app.screen, AnalysisScreen) and bool(app.screen.query(DecisionList)),
    )
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, AnalysisScreen)
    return screen


def test_the_chart_has_a_line_a_player_and_numbers_the_largest_changes(finished: GameState):
    review = review_game(finished, chances=solve_chances(RULES))
    chart = win_chart(review, 1, finished.rounds)
    assert len(chart.lines) == 3
    assert all(len(line) == len(review.steps) + 1 for line in chart.lines)
    assert chart.lines[0][0] == pytest.approx(100 * review.chances_start[0])
    assert [line[-1] for line in chart.lines] == [100 * c for c in review.chances_end]
    assert len(chart.turning) == len(chart.marks) == TURNING_POINTS
    sizes = [abs(chance_change(step, 1)) for step in chart.turning]
    assert sizes == sorted(sizes, reverse=True)
    assert min(sizes) >= max(
        abs(chance_change(step, 1)) for step in review.steps if step not in chart.turning
    )
    for step, (x, y) in zip(chart.turning, chart.marks, strict=True):
        assert review.steps[x - 1] is step and y == pytest.approx(chart.lines[1][x])
    assert chart.tick_labels[:3] == ("1", "2", "3")


async def test_the_chart_draws_every_players_line_in_their_colour(finished: GameState):
    from generala_tui.ui.widgets.win_chart import WinChartPlot

    review = review_game(finished, chances=solve_chances(RULES))
    colours = SeatColours()
    rgbs = [colours.rgb(seat) for seat in range(3)]

    class Chart(App[None]):
        def compose(self) -> ComposeResult:
            yield WinChartPlot(win_chart(review, 0, finished.rounds), colours=rgbs)

    async with Chart().run_test(size=(80, 14)) as pilot:
        await pilot.pause()
        plot = pilot.app.query_one(WinChartPlot)
        text = plot.render()
        drawn = {
            span.style.color.triplet
            for span in text.spans
            if isinstance(span.style, Style) and span.style.color and span.style.color.triplet
        }
        for rgb in rgbs:
            assert tuple(rgb) in {tuple(colour) for colour in drawn}
        assert "1" in text.plain and "100%" in text.plain


async def test_the_analysis_shows_win_chance_luck_and_skill_and_the_turning_points(
    finished: GameState,
):
    app = GeneralaApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _open(app, pilot, finished)
        review = screen.review
        assert review is not None and review.has_chances
        table = screen.query_one("#analysis-chances", DataTable)
        assert table.row_count == 3
        rows = [[str(cell) for cell in table.get_row_at(row)] for row in range(3)]
        for row, player in zip(rows, review.players, strict=True):
            assert row[0] == player.name
            assert row[2].lstrip("+−").rstrip("%") == f"{abs(player.chance_luck) * 100:.1f}"
            assert row[3].lstrip("+−").rstrip("%") == f"{abs(player.chance_skill) * 100:.1f}"
            assert row[5] == f"{player.chance_end * 100:.1f}%"
        assert "expert" in str(screen.query_one("#analysis-chances-note", Static).render())
        # The win chances' chart by default, its turning points listed under it.
        assert screen.has_class("-win")
        chart = screen.query_one("#win-chart-1")
        assert chart.display and chart.styles.display != "none"
        listed = str(screen.query_one("#player-1 .turning-points", Static).render())
        assert listed.count("\n") == TURNING_POINTS - 1
        top = review.steps.index(win_chart(review, 0, finished.rounds).turning[0])
        assert f"{abs(chance_change(review.steps[top], 0)) * 100:.1f}%" in listed.split("\n")[0]
        # w: the course in points instead, and back.
        await pilot.press("w")
        await pilot.pause()
        assert screen.has_class("-course") and not screen.has_class("-win")
        assert not screen.query_one("#win-chart-1").display or (
            screen.query_one("#win-chart-1").styles.display == "none"
        )
        assert screen.query_one("#chart-1").styles.display != "none"
        await pilot.press("w")
        await pilot.pause()
        assert screen.has_class("-win")


async def test_alone_at_the_table_there_is_no_win_chance_to_show():
    alone = play_game(rules.new_game([Player(name="Max", level=Level.MEDIUM)], RULES, seed=3))
    app = GeneralaApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _open(app, pilot, alone)
        assert not screen.query("#analysis-chances")
        assert not screen.query("WinChartPlot")
        assert screen.has_class("-course")
        assert screen.check_action("win_chart", ()) is False
        assert screen.query_one("#chart-1").styles.display != "none"
