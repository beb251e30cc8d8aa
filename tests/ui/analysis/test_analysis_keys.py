"""The analysis by keys alone, its figures when the columns are not complete, tie-break rounds
named as such, and its use at 40x12."""

from __future__ import annotations

import random

import pytest
from textual.widgets import DataTable, Static

from generala_tui.game import rules
from generala_tui.game.action import Action
from generala_tui.game.model import GameState, HouseRules, Level, Phase, Player
from generala_tui.game.strategy import play_game, solve
from generala_tui.ui import vocabulary
from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.screens import analysis_words
from generala_tui.ui.screens.analysis import AnalysisScreen, DecisionList, DecisionScreen

from ..conftest import running, settle_until


@pytest.fixture(scope="module")
def finished() -> GameState:
    players = [Player(name="Max", level=Level.EASY), Player(name="Leo", level=Level.MEDIUM)]
    return play_game(rules.new_game(players, HouseRules(served_generala_wins=False), seed=21))


@pytest.fixture(scope="module")
def tied() -> GameState:
    """Both players scratch every box: tied at 0, then a tie-break played by the expert."""
    state = rules.new_game(["Ana", "Bruno"], seed=2)
    strategy = solve(HouseRules())
    while state.phase is Phase.PLAYING:
        rolled = rules.roll(state)
        state = rules.play(rolled, Action.scratch(rules.offers(rolled)[0].category))
    while state.phase is not Phase.OVER:
        state = rules.play(state, strategy.best_action(state))
    return state


def half_played() -> GameState:
    strategy = solve(HouseRules())
    rng = random.Random(4)
    state = rules.new_game(["Ana", "Bruno"], seed=4)
    while len(state.log) < 60:
        values = strategy.evaluate(state, all_scratches=True)
        state = rules.play(state, rng.choice(values[:3]).action)
    return state


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


def _footer_keys(screen: AnalysisScreen) -> dict[str, str]:
    return {
        key: active.binding.description
        for key, active in screen.active_bindings.items()
        if active.binding.show
    }


def _seen(screen: AnalysisScreen, widget) -> bool:  # type: ignore[no-untyped-def]
    """The widget shows whole inside the analysis's scrolling area."""
    area = screen.query_one("#analysis-scroll").region
    return widget.region.height > 0 and area.contains_region(widget.region)


@pytest.mark.parametrize("size", [(80, 24), (40, 12)])
async def test_the_decisions_are_chosen_and_opened_by_keys_alone(
    finished: GameState, size: tuple[int, int]
) -> None:
    async with running(finished, size=size) as (app, pilot):
        screen = await _open(app, pilot, finished)
        decisions = screen.query_one("#decisions-1", DecisionList)
        assert app.focused is decisions
        assert _footer_keys(screen)["enter"] == vocabulary.Keys.OPEN
        assert decisions.region.height >= 5  # the header and four rows at least
        assert _seen(screen, decisions)
        await pilot.press("end", "enter")
        await pilot.pause()
        assert isinstance(app.screen, DecisionScreen)
        assert app.screen.decision == decisions.decisions[-1]
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("home", "down", "down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, DecisionScreen)
        assert app.screen.decision == decisions.decisions[2]
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("n")  # the next player's decisions take the keys
        await pilot.pause()
        second = screen.query_one("#decisions-2", DecisionList)
        assert app.focused is second
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, DecisionScreen)
        assert app.screen.decision == second.decisions[0]


@pytest.mark.parametrize("size", [(80, 24), (40, 12)])
async def test_c_shows_the_chart_whole_and_goes_back_to_the_decisions(
    finished: GameState, size: tuple[int, int]
) -> None:
    from generala_tui.ui.widgets.win_chart import WinChartPlot

    async with running(finished, size=size) as (app, pilot):
        screen = await _open(app, pilot, finished)
        # At a table of two the chart shown is every player's win chance (w: the course).
        chart = screen.query_one("#win-chart-1", WinChartPlot)
        assert not _seen(screen, chart)
        await pilot.press("c")
        await pilot.pause()
        await pilot.pause()
        assert _seen(screen, chart)
        await pilot.press("c")
        await pilot.pause()
        assert not chart.display or not _seen(screen, chart)
        assert _seen(screen, screen.query_one("#decisions-1", DecisionList))


async def test_columns_not_complete_show_the_expected_total_at_the_end() -> None:
    game = half_played()
    async with running(house_rules=HouseRules(), size=(100, 30)) as (app, pilot):
        screen = await _open(app, pilot, game)
        review = screen.review
        assert review is not None and not any(p.complete for p in review.players)
        table = screen.query_one("#analysis-players", DataTable)
        headers = [str(column.label) for column in table.columns.values()]
        assert analysis_words.analysis_end_column() in headers
        where = headers.index(analysis_words.analysis_end_column())
        for row, player in enumerate(review.players):
            shown = float(str(table.get_row_at(row)[where]))
            assert shown == pytest.approx(player.expected_end, abs=0.05)
            assert shown == pytest.approx(
                player.expected_start + player.luck - player.loss, abs=0.1
            )
        assert screen.query_one("#analysis-note", Static).display


async def test_a_complete_game_has_no_expected_total_at_the_end(finished: GameState) -> None:
    async with running(finished, size=(100, 30)) as (app, pilot):
        screen = await _open(app, pilot, finished)
        table = screen.query_one("#analysis-players", DataTable)
        headers = [str(column.label) for column in table.columns.values()]
        assert analysis_words.analysis_end_column() not in headers
        assert not screen.query_one("#analysis-note", Static).display


async def test_tie_break_decisions_are_named_tie_break_rounds(tied: GameState) -> None:
    async with running(tied) as (app, pilot):
        screen = await _open(app, pilot, tied)
        decisions = screen.query_one("#decisions-1", DecisionList)
        labels = [str(decisions.get_row_at(row)[0]) for row in range(decisions.row_count)]
        tie_breaks = [i for i, d in enumerate(decisions.decisions) if d.tie_break]
        assert tie_breaks
        assert all(labels[i] == "tb1" for i in tie_breaks)
        assert not any(
            label.startswith("tb") for i, label in enumerate(labels) if i not in tie_breaks
        )
        await pilot.press("end", "enter")
        await pilot.pause()
        assert isinstance(app.screen, DecisionScreen)
        heading = str(app.screen.query_one("#decision-heading", Static).render())
        assert "tie-break round 1" in heading
        assert f"round {tied.rounds + 1}" not in heading


def test_a_change_of_chance_that_rounds_to_nothing_is_plus_zero() -> None:
    """Issue 36, 4: the analysis screen said "+-0.0%" where the command line says "+0.0%"."""
    assert analysis_words.signed_percent(-0.0004) == "+0.0%"
    assert analysis_words.signed_percent(0.0) == "+0.0%"
    assert analysis_words.signed_percent(-0.002) == "−0.2%"
    assert analysis_words.signed_percent(0.1234) == "+12.3%"
