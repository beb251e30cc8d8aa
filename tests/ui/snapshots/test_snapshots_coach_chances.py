"""The coach with its win chances (issue 24, "on the screen") at 80x24 and 120x40: a player
trailing late, where the best total and the best chance are two choices, ranked by each."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.widgets.coach import CoachPanel

from ..conftest import settle, settle_until
from ..turn.test_coach_win_chances import trailing


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("by_chance", [False, True], ids=["by-total", "by-chance"])
def test_the_coach_shows_the_win_chances(
    snap_compare: Any, size: tuple[int, int], by_chance: bool
) -> None:
    async def coach_on(pilot: Pilot[None]) -> None:
        await pilot.press("h")
        panel = pilot.app.screen.query_one(CoachPanel)
        await settle_until(pilot, lambda: "%" in panel._text.plain)
        if by_chance:
            await pilot.press("k")
        await settle(pilot)

    assert snap_compare(GeneralaApp(trailing()), terminal_size=size, run_before=coach_on)
