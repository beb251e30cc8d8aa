"""An opened decision's boxes keep their costs whole (issue 23: at 80x24 "Four of a kind .
✗ scratch 116.1" lost its cost to the edge), whatever the box's name, in every language."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from generala_tui.game import rules
from generala_tui.game.model import GameState, HouseRules, Level, Player
from generala_tui.game.strategy import play_game
from generala_tui.ui.screens.analysis import DecisionList, DecisionScreen
from generala_tui.ui.widgets import boxes_words, coach_words
from generala_tui.ui.widgets.boxes import BoxList
from generala_tui.ui.widgets.coach import CoachPanel

from ..conftest import running, settle, settle_until

SIZES = [(80, 24), (40, 12), (60, 20)]


@pytest.fixture(scope="module")
def finished() -> GameState:
    players = [Player(name="Max", level=Level.EASY), Player(name="Leo", level=Level.MEDIUM)]
    house = HouseRules(served_generala_wins=False, double_generala=True, two_pairs=True)
    return play_game(rules.new_game(players, house, seed=21))


def check_the_boxes_and_the_coach(screen: DecisionScreen, finished: GameState, at: str) -> None:
    boxes = screen.query_one(BoxList)
    assert {row.category for row in boxes.rows} == set(finished.house_rules.categories()), at
    for row in boxes.rows:
        shown = boxes.row_text(row.category)
        offer = row.offer
        assert offer.expected is not None and offer.best is not None
        assert shown.endswith(coach_words.coach_cost_between(offer.expected, offer.best)), at
        assert cell_len(shown) <= boxes.scrollable_content_region.width, f"{shown} at {at}"
        name = boxes_words.box_name(row.category, offer.note)
        short = boxes_words.box_short_name(row.category)
        assert name in shown or short in shown, f"{shown} at {at}"
    # The coach beside (or under) them says "best" of the best alone, as shown.
    text = str(screen.query_one(CoachPanel).render())
    best = [line for line in text.splitlines() if line.endswith(coach_words.coach_cost(0))]
    assert len({line.split()[-2] for line in best}) <= 1, f"{best} at {at}"


@pytest.mark.parametrize("language", ["en", "es", "sv"])
async def test_the_first_decision_shows_every_box_with_its_cost_whole(
    finished: GameState, language: str
) -> None:
    """One app per language: the first decision opened at each size in turn (the screen fits
    its dice and its coach when it opens, so it is closed, the terminal resized, and opened
    again)."""
    width, height = SIZES[0]
    async with running(finished, size=(width, height), language=language) as (app, pilot):
        await settle(pilot)
        await pilot.press("v")
        await settle_until(pilot, lambda: bool(app.screen.query(DecisionList)))
        await pilot.press("c")
        first = None
        for width, height in SIZES:
            at = f"{width}x{height}"
            await pilot.resize_terminal(width, height)
            await pilot.press("enter")  # the first decision: round 1, every box open
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, DecisionScreen), at
            assert app.size == (width, height), at
            first = first or screen.decision
            assert screen.decision is first, f"the first decision again at {at}"
            check_the_boxes_and_the_coach(screen, finished, at)
            await pilot.press("escape")
            await settle(pilot)
            assert not isinstance(app.screen, DecisionScreen), at
