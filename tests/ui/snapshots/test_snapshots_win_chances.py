"""The analysis with every player's win chance on its chart, against the approved SVGs."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from generala_tui.game import rules
from generala_tui.game.model import HouseRules, Level, Player
from generala_tui.ui.app import GeneralaApp

from ..conftest import settle


def _finished() -> Any:
    from generala_tui.game.strategy import play_game

    players = [Player(name="Max", level=Level.EASY), Player(name="Leo", level=Level.MEDIUM)]
    return play_game(rules.new_game(players, HouseRules(served_generala_wins=False), seed=21))


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_analysis_with_the_win_chance_chart(snap_compare: Any, size: tuple[int, int]) -> None:
    """At 120x40 the chart shows at once; at 80x24 ``c`` brings it over the list."""

    async def chart(pilot: Pilot[None]) -> None:
        await pilot.press("v")
        await settle(pilot)
        if size[1] < 30:
            await pilot.press("c")
            await settle(pilot)

    assert snap_compare(GeneralaApp(_finished()), terminal_size=size, run_before=chart)
