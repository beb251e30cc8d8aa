"""The coach below 80 columns, the boxes' long names beside its costs, an opened decision at
80x24 and the replay's scorecard at 80x24 (issue 23, "at the table"), against approved SVGs."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from generala_tui.game import rules
from generala_tui.game.model import GameState, HouseRules, Level, Player
from generala_tui.game.strategy import play_game
from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.screens.analysis import DecisionList

from ..conftest import settle, settle_until
from .test_snapshots import _mid_game


@pytest.mark.parametrize(
    ("lang", "size"),
    [("en", (40, 12)), ("en", (60, 20)), ("es", (40, 12)), ("sv", (40, 12))],
    ids=["en-40x12", "en-60x20", "es-40x12", "sv-40x12"],
)
def test_the_coach_advises_below_80_columns(
    snap_compare: Any, lang: str, size: tuple[int, int]
) -> None:
    async def coach_on(pilot: Pilot[None]) -> None:
        await pilot.press("h")
        await settle(pilot)  # the strategy table is computed in a worker
        await pilot.press("r", "2", "up", "up", "up")  # the cursor on the long names
        await settle(pilot)

    app = GeneralaApp(_mid_game(), language=lang)
    assert snap_compare(app, terminal_size=size, run_before=coach_on)


def _finished(extra: bool) -> GameState:
    players = [Player(name="Max", level=Level.EASY), Player(name="Leo", level=Level.MEDIUM)]
    house = HouseRules(served_generala_wins=False, double_generala=extra, two_pairs=extra)
    return play_game(rules.new_game(players, house, seed=21))


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_a_decision_with_every_box_open_at_80x24(snap_compare: Any, lang: str) -> None:
    async def open_the_first(pilot: Pilot[None]) -> None:
        await settle(pilot)
        await pilot.press("v")
        await settle_until(pilot, lambda: bool(pilot.app.screen.query(DecisionList)))
        await pilot.press("c", "enter")
        await settle(pilot)
        for _ in range(8):  # down to the boxes
            await pilot.press("down")
        await settle(pilot)

    app = GeneralaApp(_finished(extra=True), language=lang)
    assert snap_compare(app, terminal_size=(80, 24), run_before=open_the_first)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_replays_last_step_at_80x24(snap_compare: Any, lang: str) -> None:
    async def the_last_step(pilot: Pilot[None]) -> None:
        # The scorecard's columns are measured when idle and its place chosen once laid out
        # (a frame after): both are done before the picture, however busy the machine.
        await settle(pilot)
        await pilot.press("end")
        await settle(pilot)
        await settle(pilot)

    app = GeneralaApp(replay=_finished(extra=lang == "es"), language=lang)
    assert snap_compare(app, terminal_size=(80, 24), run_before=the_last_step)
