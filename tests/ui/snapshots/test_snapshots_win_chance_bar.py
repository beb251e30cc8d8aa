"""The turn screen with the win-chance bar on (w), against the approved SVGs."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.widgets.win_chances import WinChances

from ..conftest import settle, settle_until
from .test_snapshots import _mid_game


async def _bar_on(pilot: Pilot[None]) -> None:
    await pilot.press("w", "r")
    bar = pilot.app.screen.query_one(WinChances)
    await settle_until(pilot, lambda: bar.shares is not None)
    await settle(pilot)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_turn_screen_with_the_win_chance_bar(snap_compare: Any, size: tuple[int, int]) -> None:
    assert snap_compare(GeneralaApp(_mid_game()), terminal_size=size, run_before=_bar_on)
