"""Setup, settings, the turn with the coach and the winner's screen in Spanish and Swedish,
at 80x24 and at the smallest size the game supports (40x12), against approved SVGs: their
words are longer than English ones, and nothing may be cut."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from generala_tui.game import rules
from generala_tui.game.model import HouseRules
from generala_tui.ui.app import GeneralaApp

from ..conftest import last_turn_tie, settle
from .test_snapshots import _mid_game

LANGUAGES = ["es", "sv"]
SIZES = [(80, 24), (40, 12)]


def _ids(value: Any) -> str:
    return f"{value[0]}x{value[1]}" if isinstance(value, tuple) else str(value)


@pytest.mark.parametrize("size", SIZES, ids=_ids)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_setup(snap_compare: Any, lang: str, size: tuple[int, int]) -> None:
    app = GeneralaApp(house_rules=HouseRules(), language=lang)
    assert snap_compare(app, terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=_ids)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_settings(snap_compare: Any, lang: str, size: tuple[int, int]) -> None:
    async def open_settings(pilot: Pilot[None]) -> None:
        await pilot.press("ctrl+r")
        await pilot.pause()
        # The Double Generala rules in view, the one that does not apply greyed out.
        pilot.app.screen.query_one("#rule-double_generala").focus()
        await pilot.wait_for_scheduled_animations()

    app = GeneralaApp(house_rules=HouseRules(generala_points=60), language=lang)
    assert snap_compare(app, terminal_size=size, run_before=open_settings)


@pytest.mark.parametrize("size", SIZES, ids=_ids)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_turn_with_the_coach(snap_compare: Any, lang: str, size: tuple[int, int]) -> None:
    async def coach_on(pilot: Pilot[None]) -> None:
        await pilot.press("h")
        await settle(pilot)  # the strategy table is computed in a worker
        await pilot.press("r", "2")
        await pilot.pause()

    app = GeneralaApp(_mid_game(), language=lang)
    assert snap_compare(app, terminal_size=size, run_before=coach_on)


@pytest.mark.parametrize("size", SIZES, ids=_ids)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_game_over(snap_compare: Any, lang: str, size: tuple[int, int]) -> None:
    state = last_turn_tie()
    state = rules.roll(rules.roll(state, [1, 2, 3, 5, 6]), [6, 6, 6, 6, 6])
    state = rules.score(state, "generala")
    assert snap_compare(GeneralaApp(state, language=lang), terminal_size=size)
