"""The replay's scorecard whole in view at 80x24, its Total row too (issue 23: it was below the
fold, under the framed dice), from the first step to the last, with the optional boxes too."""

from __future__ import annotations

import pytest

from generala_tui.game import rules
from generala_tui.game.model import GameState, HouseRules, Level, Player
from generala_tui.game.strategy import play_game
from generala_tui.ui.screens.replay import ReplayScreen
from generala_tui.ui.widgets.dice import DiceTray
from generala_tui.ui.widgets.scorecard import ScorecardTable

from ..conftest import running, settle


def _game(house: HouseRules) -> GameState:
    players = [Player(name="Max", level=Level.EASY), Player(name="Leo", level=Level.MEDIUM)]
    return play_game(rules.new_game(players, house, seed=21))


def _total_in_view(screen: ReplayScreen) -> bool:
    body = screen.query_one("#replay-body")
    card = screen.query_one(ScorecardTable)
    return (
        body.scroll_y == 0
        and body.region.y <= card.region.y
        and card.region.bottom <= (body.region.bottom)
    )


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("extra", [False, True], ids=["ten-boxes", "twelve-boxes"])
async def test_the_total_is_in_view_at_80x24_at_every_kind_of_step(
    language: str, extra: bool
) -> None:
    house = HouseRules(served_generala_wins=False, double_generala=extra, two_pairs=extra)
    game = _game(house)
    async with running(replay=game, size=(80, 24), language=language) as (app, pilot):
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        card = screen.query_one(ScorecardTable)
        assert card.row_count == len(house.categories()) + 1  # the boxes and Total
        assert _total_in_view(screen)
        for key in ["right", "pagedown", "pagedown", "end"]:  # the last says who won
            await pilot.press(key)
            await settle(pilot)
            assert _total_in_view(screen), key


async def test_a_tall_terminal_keeps_the_framed_dice_and_the_total() -> None:
    game = _game(HouseRules(served_generala_wins=False))
    async with running(replay=game, size=(120, 40)) as (app, pilot):
        await settle(pilot)
        await pilot.press("end")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert not screen.query_one(DiceTray).has_class("-compact")
        assert _total_in_view(screen)


async def test_a_resize_keeps_the_scorecard_as_measured() -> None:
    """Issue 36, 3: a terminal's first screen at 80x24 showed the boxes' names cut to their
    heading's width ("Thr", "Fou", "Fou") until a key was pressed. The resize a terminal sends
    at start built the scorecard again, drawn before DataTable measured its new cells; only
    the top bar depends on the width, so a resize leaves the scorecard as it was."""
    game = _game(HouseRules(served_generala_wins=False))
    async with running(replay=game, size=(80, 24)) as (app, pilot):
        await settle(pilot)
        card = app.screen.query_one(ScorecardTable)
        rows = dict(card.rows)
        widths = [column.content_width for column in card.ordered_columns]
        assert widths[0] >= len("Four of a kind")
        await pilot.resize_terminal(81, 24)
        await pilot.resize_terminal(80, 24)
        assert all(card.rows[key] is row for key, row in rows.items())
        assert [column.content_width for column in card.ordered_columns] == widths
        await pilot.press("right")  # a roll changes no box: nothing is built again
        await settle(pilot)
        assert all(card.rows[key] is row for key, row in rows.items())
        await pilot.press("pagedown")  # the next turn, a box filled: built again
        await settle(pilot)
        assert all(card.rows[key] is not row for key, row in rows.items())
