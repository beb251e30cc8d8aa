"""On a wide terminal the coach's frame is as high as its lines: at 200x60 it was padded with
some thirty empty rows down to the side panel's buttons; at 120x32 the box list keeps the room
its names and the coach's columns need."""

from __future__ import annotations

import pytest
from rich.text import Text
from textual.app import App
from textual.pilot import Pilot

from generala_tui.game import rules
from generala_tui.game.model import Level, Player
from generala_tui.i18n import decimal
from generala_tui.ui.widgets import boxes_words
from generala_tui.ui.widgets.boxes import BoxList
from generala_tui.ui.widgets.coach import CoachPanel
from generala_tui.ui.widgets.scorecard import SideScorecard
from generala_tui.ui.widgets.scorecard_columns import scorecard_width

from ..conftest import running, settle, settle_until
from ..snapshots.test_snapshots import _mid_game


async def _coach_on(app: App[None], pilot: Pilot[None]) -> CoachPanel:
    """The coach turned on, and drawn with its values for the roll (6 6 2 2 5)."""
    await pilot.press("h")
    coach = app.screen.query_one(CoachPanel)

    def drawn() -> bool:
        shown = coach.render()
        return isinstance(shown, Text) and "155.8" in shown.plain

    await settle_until(pilot, drawn)
    await pilot.pause()
    return coach


async def test_the_coach_frame_holds_its_lines_and_no_empty_rows() -> None:
    """At 200x60, then resized to 120x40."""
    first = (200, 60)
    async with running(rules.roll(_mid_game(), [6, 6, 2, 2, 5]), size=first) as (app, pilot):
        coach = await _coach_on(app, pilot)
        for size in [first, (120, 40)]:
            if size != first:
                await pilot.resize_terminal(*size)
                await settle(pilot)
            shown = coach.render()
            assert isinstance(shown, Text)
            lines = len(shown.plain.splitlines())
            assert lines > 10, size  # every keep of the roll, under the advice
            assert coach.outer_size.height == lines + 2, size  # the frame's rules, nothing more
            # The side panel's buttons stay in view below it.
            buttons = app.screen.query_one("#side-buttons")
            assert buttons.region.bottom <= app.screen.region.bottom - 1, size  # above the Footer
            assert buttons.region.y >= coach.region.bottom, size


async def test_a_long_coach_on_the_smallest_wide_terminal_leaves_the_buttons_in_view() -> None:
    async with running(rules.roll(_mid_game(), [6, 6, 2, 2, 5]), size=(120, 32)) as (app, pilot):
        coach = await _coach_on(app, pilot)
        buttons = app.screen.query_one("#side-buttons")
        assert buttons.region.height == 4  # coach, win chances, scorecard, help
        assert buttons.region.bottom <= app.screen.region.bottom - 1
        assert coach.region.bottom <= buttons.region.y  # cut at the buttons, not under them


async def test_the_trainers_coach_frame_holds_its_lines_on_a_wide_terminal() -> None:
    from generala_tui.ui.screens.trainer import TrainerScreen

    async with running(size=(120, 40), settled=True) as (app, pilot):
        app.push_screen(TrainerScreen(seed=5))
        await settle(pilot)
        await pilot.press("down", "enter")  # answered: the coach shows its values
        await settle(pilot)
        coach = app.screen.query_one(CoachPanel)
        assert coach.display
        shown = coach.render()
        assert isinstance(shown, Text)
        assert coach.outer_size.height == len(shown.plain.splitlines()) + 2


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_at_120x32_the_box_list_has_its_room_before_the_side_panels(lang: str) -> None:
    """Three players and the coach on (issue 36): each box's name whole with the coach's
    expected total beside it (it was "Full ......", "4 of a k… ." and no total), the whole
    scorecard beside the boxes, and the side panel in what is left."""
    game = rules.new_game(["Ana", "Bruno", Player(name="Rita", level=Level.CHAMPION)], seed=11)
    async with running(game, language=lang, size=(120, 32), settled=True) as (app, pilot):
        await pilot.press("r", "h")
        boxes = app.screen.query_one(BoxList)
        await settle_until(pilot, lambda: all(row.offer.expected is not None for row in boxes.rows))
        await settle(pilot)
        for row in boxes.rows:
            shown = boxes.row_text(row.category)
            assert boxes_words.box_name(row.category, row.offer.note) in shown, shown
            assert "…" not in shown and decimal(row.offer.expected or 0) in shown, shown
        scorecard = app.screen.query_one(SideScorecard)
        assert scorecard.region.width == scorecard.virtual_size.width > 0  # no column cut
        assert scorecard.virtual_size.width == scorecard_width(app.game)
        side = app.screen.query_one("#side")
        assert scorecard.region.right <= side.region.x
        assert side.region.width >= 26 and app.screen.query_one(CoachPanel).display
