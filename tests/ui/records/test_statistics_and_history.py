"""The Statistics and History screens, over a history of real games."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.text import Text
from textual.pilot import Pilot
from textual.widgets import DataTable, Static

from generala_tui import store
from generala_tui.game import rules
from generala_tui.game.model import HouseRules
from generala_tui.game.statistics import hall_of_fame, player_statistics
from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.screens import history_words, statistics_words
from generala_tui.ui.screens.analysis import AnalysisScreen
from generala_tui.ui.screens.game_over import GameOverScreen
from generala_tui.ui.screens.history import HistoryScreen, finished_time
from generala_tui.ui.screens.setup import SetupScreen
from generala_tui.ui.screens.statistics import (
    StatisticsScreen,
    bar_chart,
    fame_rows,
    rules_name,
)

from ..conftest import last_turn_tie, notices, running, settle, settle_until
from .history import SWEDISH, fill_fame_history, fill_history


def _rows(app: GeneralaApp, selector: str) -> list[list[str]]:
    table = app.screen.query_one(selector, DataTable)
    return [[str(cell) for cell in table.get_row_at(row)] for row in range(table.row_count)]


def _shown(app: GeneralaApp, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


async def _open(pilot: Pilot[None], key: str, screen: type) -> None:
    await pilot.pause()
    await pilot.press(key)
    await settle(pilot)
    assert isinstance(pilot.app.screen, screen)


async def test_statistics_show_the_figures_of_the_statistics_module() -> None:
    fill_history()
    records, _ = store.load_history()
    expected = player_statistics((record.game, record.losses) for record in records)
    async with running(house_rules=HouseRules(), size=(100, 30)) as (app, pilot):
        await _open(pilot, "ctrl+t", StatisticsScreen)
        assert _shown(app, "#statistics-title") == statistics_words.statistics_title(6)
        rows = _rows(app, "#statistics-table")
        assert [row[0] for row in rows] == [stats.name for stats in expected]
        for row, stats in zip(rows, expected, strict=True):
            assert row == [
                stats.name,
                str(stats.games),
                str(stats.wins),
                str(stats.best),
                f"{stats.average:.1f}",
                str(stats.worst),
                str(stats.generalas),
                str(stats.automatic_wins),
                f"{stats.average_loss:.1f}" if stats.average_loss is not None else "–",
            ]
        top = max(total for stats in expected for total in stats.recent_totals)
        charts = _rows(app, "#charts-table")
        for row, stats in zip(charts, expected, strict=True):
            assert row == [
                stats.name,
                bar_chart(stats.recent_totals, top),
                str(stats.recent_totals[-1]),
            ]
        # Ana and ana are one player, with the newest spelling: six games.
        ana = next(stats for stats in expected if stats.name.casefold() == "ana")
        assert ana.games == 6
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)


async def test_names_with_markup_characters_are_shown_as_typed() -> None:
    fill_history(3)
    async with running(house_rules=HouseRules(), size=(100, 30)) as (app, pilot):
        await _open(pilot, "ctrl+t", StatisticsScreen)
        table = app.screen.query_one("#statistics-table", DataTable)
        names = {str(table.get_cell_at((row, 0))) for row in range(table.row_count)}
        assert {"[b]Eve", "Bob[/]"} <= names
        for row in range(table.row_count):
            cell = table.get_cell_at((row, 0))
            assert isinstance(cell, Text) and not cell.spans  # no bold from "[b]"
        await pilot.press("escape")
        await _open(pilot, "ctrl+y", HistoryScreen)
        rows = _rows(app, "#history-table")
        assert any("[b]Eve" in row[2] and "Bob[/]" in row[2] for row in rows)


async def test_the_hall_of_fame_shows_the_last_played_rules_first_and_r_the_others() -> None:
    fill_fame_history()
    records, _ = store.load_history()
    swedish, classic = hall_of_fame((record.game, record.finished_at) for record in records)
    assert (swedish.house_rules, classic.house_rules) == (SWEDISH, HouseRules())
    async with running(house_rules=HouseRules(), size=(100, 30)) as (app, pilot):
        await _open(pilot, "ctrl+t", StatisticsScreen)
        screen = app.screen
        assert _shown(app, "#fame-title") == statistics_words.fame_title("Swedish rules", 1, 2)
        assert _shown(app, "#fame-note") == statistics_words.fame_note(2)
        expected = [[str(cell) for cell in row] for row in fame_rows(swedish)]
        assert _rows(app, "#fame-table") == expected
        # Place, total, player (a computer marked), date, the others at the table.
        top = records[1].finished_at.astimezone().strftime("%Y-%m-%d")  # Rita's 136
        assert expected[0] == ["1.", "136", "Rita ⚙", top, "Ana"]
        await pilot.press("r")
        await pilot.pause()
        assert _shown(app, "#fame-title") == statistics_words.fame_title("Classic", 2, 2)
        rows = _rows(app, "#fame-table")
        assert rows == [[str(cell) for cell in row] for row in fame_rows(classic)]
        assert len(rows) == 10
        assert rows[0][1:3] == ["199", "[b]Eve ⚙"]  # as typed: no bold, no markup error
        name = app.screen.query_one("#fame-table", DataTable).get_cell_at((0, 2))
        assert isinstance(name, Text) and not name.spans
        await pilot.press("r")
        await pilot.pause()
        assert _shown(app, "#fame-title") == statistics_words.fame_title("Swedish rules", 1, 2)
        assert app.screen is screen


def test_a_set_of_rules_is_named_by_its_preset_else_by_what_differs() -> None:
    assert rules_name(HouseRules()) == "Classic"
    assert rules_name(SWEDISH) == "Swedish rules"
    # A rule that changes nothing leaves the preset's name.
    assert rules_name(HouseRules(double_generala_served_bonus=False)) == "Classic"
    assert rules_name(HouseRules(two_pairs=True, tie_break=False)) == (
        "Two pairs, ties share the win"
    )


def test_the_others_at_the_table_are_named_or_counted() -> None:
    assert statistics_words.others([]) == "alone"
    assert statistics_words.others([("Ana", False), ("Rita", True)]) == "Ana, Rita ⚙"
    four = [("Ana", False), ("Bea", False), ("Cris", False), ("Dani", True)]
    assert statistics_words.others(four) == "5 at the table"


async def test_one_set_of_rules_offers_no_other() -> None:
    fill_history(2)
    async with running(house_rules=HouseRules(), size=(100, 30)) as (app, pilot):
        await _open(pilot, "ctrl+t", StatisticsScreen)
        assert _shown(app, "#fame-title") == statistics_words.fame_title("Classic", 1, 1)
        assert "r" not in app.screen.active_bindings
        await pilot.press("r")
        await pilot.pause()
        assert _shown(app, "#fame-title") == statistics_words.fame_title("Classic", 1, 1)


async def test_history_lists_the_games_newest_first() -> None:
    games = fill_history()
    records, _ = store.load_history()
    async with running(house_rules=HouseRules(), size=(100, 30)) as (app, pilot):
        await _open(pilot, "ctrl+y", HistoryScreen)
        assert _shown(app, "#history-title") == history_words.history_title(6)
        rows = _rows(app, "#history-table")
        assert len(rows) == 6
        for row, record, game in zip(rows, records, reversed(games), strict=True):
            assert record.game == game
            assert row[0] == finished_time(record.finished_at)
            assert row[1] == history_words.winner_names(game)
            assert row[2] == " · ".join(f"{p.name} {p.total}" for p in game.players)
            assert game.ending is not None
            assert row[3] == history_words.ending_words()[game.ending]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)


async def test_enter_on_a_game_of_the_history_shows_its_analysis() -> None:
    games = fill_history(3)
    async with running(house_rules=HouseRules()) as (app, pilot):
        await _open(pilot, "ctrl+y", HistoryScreen)
        await pilot.press("down", "enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, AnalysisScreen)
        assert screen.game == games[1]  # the second newest
        analysis = screen.query_one("#analysis", Static)
        await settle_until(pilot, lambda: "expected points lost" in str(analysis.render()))
        shown = str(analysis.render())
        for player in games[1].players:
            assert f"{player.name}: " in shown
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)


async def test_one_click_on_a_game_opens_it() -> None:
    games = fill_history(3)
    async with running(house_rules=HouseRules()) as (app, pilot):
        await _open(pilot, "ctrl+y", HistoryScreen)
        table = app.screen.query_one("#history-table", DataTable)
        # The header is row 0 of the widget: offset y=3 is the third game, the oldest.
        assert await pilot.click(table, offset=(5, 3))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, AnalysisScreen)
        assert screen.game == games[0]


async def test_a_bad_history_file_is_told_once_and_the_rest_still_shows(
    generala_home: Path,
) -> None:
    fill_history(4)
    folder = store.history_dir()
    (folder / "20990101T000000000000Z-bad.json").write_text('{"version": 1, "game": ')
    async with running(house_rules=HouseRules()) as (app, pilot):
        await _open(pilot, "ctrl+y", HistoryScreen)
        told = [m for m in notices(app) if "bad.json" in m]
        assert len(told) == 1, notices(app)
        assert "not valid JSON" in told[0] and "kept as" in told[0]
        assert len(_rows(app, "#history-table")) == 4
        await pilot.press("escape")
        await _open(pilot, "ctrl+t", StatisticsScreen)
        # Set aside the first time, the bad file is not told of again.
        assert len([m for m in notices(app) if "bad.json" in m]) == 1
        assert _shown(app, "#statistics-title") == statistics_words.statistics_title(4)


@pytest.mark.parametrize("bad", [2, 300])
async def test_many_bad_history_files_are_one_short_notice_of_how_many(bad: int) -> None:
    fill_history(2)
    folder = store.history_dir()
    for number in range(bad):
        (folder / f"20990101T{number:012d}Z-bad.json").write_text("[1, 2, 3]")
    async with running(house_rules=HouseRules()) as (app, pilot):
        await _open(pilot, "ctrl+y", HistoryScreen)
        assert len(_rows(app, "#history-table")) == 2
        [told] = notices(app)
        assert f"{bad} " in told and str(folder) in told and "\n" not in told
        assert len(told) < len(str(folder)) + 150  # not a line a file
        assert told == history_words.history_warnings(["one line a file"] * bad, folder)
    assert len(list(folder.glob("*.bad-*"))) == bad


async def test_an_empty_history_says_so() -> None:
    async with running(house_rules=HouseRules()) as (app, pilot):
        await _open(pilot, "ctrl+t", StatisticsScreen)
        assert _shown(app, "#statistics-title") == history_words.no_history()
        assert not app.screen.query_one("#statistics-table", DataTable).display
        for fame in ("#fame-title", "#fame-table", "#fame-note"):
            assert not app.screen.query_one(fame).display
        await pilot.press("escape")
        await _open(pilot, "ctrl+y", HistoryScreen)
        assert _shown(app, "#history-title") == history_words.no_history()
        assert not app.screen.query_one("#history-table", DataTable).display
        await pilot.press("enter")  # nothing to open
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)


async def test_the_setup_buttons_open_both_screens() -> None:
    async with running(house_rules=HouseRules()) as (app, pilot):
        await pilot.pause()
        app.screen.query_one("#open-statistics").press()
        await settle(pilot)
        assert isinstance(app.screen, StatisticsScreen)
        await pilot.press("escape")
        await pilot.pause()
        app.screen.query_one("#open-history").press()
        await settle(pilot)
        assert isinstance(app.screen, HistoryScreen)


def _finished() -> rules.GameState:
    state = last_turn_tie()
    state = rules.roll(rules.roll(state, [1, 2, 3, 5, 6]), [6, 6, 6, 6, 6])
    return rules.score(state, "generala")


async def test_the_winners_screen_shows_the_game_just_played_in_both() -> None:
    fill_history(2)
    game = _finished()
    async with running(game) as (app, pilot):
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        # Whether or not the app has filed it yet, the game just played is counted.
        await _open(pilot, "t", StatisticsScreen)
        assert _shown(app, "#statistics-title") == statistics_words.statistics_title(3)
        names = [row[0] for row in _rows(app, "#statistics-table")]
        assert "Bruno" in names
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        await _open(pilot, "y", HistoryScreen)
        rows = _rows(app, "#history-table")
        assert len(rows) == 3
        assert rows[0][2] == "Ana 30 · Bruno 80"
        await pilot.press("escape")
        await pilot.pause()
        app.screen.query_one("#show-history").press()
        await settle(pilot)
        assert isinstance(app.screen, HistoryScreen)
