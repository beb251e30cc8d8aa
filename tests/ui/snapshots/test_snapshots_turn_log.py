"""The turn log's own screen at 40x12 and 80x24, against approved SVGs: a scripted game of
two rounds (holds, a scratch, a served fill) and the turn in progress."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from generala_tui.game import rules
from generala_tui.game.model import Category, GameState
from generala_tui.ui.app import GeneralaApp

SIZES = [(40, 12), (80, 24)]


def two_rounds() -> GameState:
    state = rules.new_game(["Ana", "Bruno"], seed=1)
    state = rules.roll(state, [4, 4, 2, 6, 1])
    state = rules.toggle_hold(rules.toggle_hold(state, 0), 1)
    state = rules.roll(state, [4, 3, 5])
    state = rules.score(state, Category.FOURS)
    state = rules.roll(state, [2, 3, 4, 5, 6])
    state = rules.score(state, Category.STRAIGHT)
    state = rules.roll(state, [1, 1, 2, 3, 6])
    state = rules.scratch(state, Category.GENERALA)
    state = rules.roll(state, [3, 3, 3, 5, 5])
    state = rules.score(state, Category.FULL_HOUSE)
    return rules.roll(state, [6, 6, 2, 6, 1])


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_turn_log_screen(snap_compare: Any, size: tuple[int, int]) -> None:
    async def open_log(pilot: Pilot[None]) -> None:
        await pilot.press("l")
        await pilot.pause()
        await pilot.pause()

    assert snap_compare(GeneralaApp(two_rounds()), terminal_size=size, run_before=open_log)
