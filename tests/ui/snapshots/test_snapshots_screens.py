"""The setup, settings, help and question screens at 40x12 and 80x24, against approved SVGs."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from generala_tui.game.model import HouseRules
from generala_tui.ui.app import GeneralaApp

from ..app.test_dialogs import Asker

SIZES = [(40, 12), (80, 24)]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_setup(snap_compare: Any, size: tuple[int, int]) -> None:
    assert snap_compare(GeneralaApp(house_rules=HouseRules()), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_settings_with_double_generala_off(snap_compare: Any, size: tuple[int, int]) -> None:
    async def open_settings(pilot: Pilot[None]) -> None:
        await pilot.press("ctrl+r")
        await pilot.pause()
        # Scroll to the Double Generala rules, to show the one that does not apply.
        pilot.app.screen.query_one("#rule-double_generala").focus()
        await pilot.wait_for_scheduled_animations()

    app = GeneralaApp(house_rules=HouseRules(generala_points=60))
    assert snap_compare(app, terminal_size=size, run_before=open_settings)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_help_scrolled_to_the_boxes(snap_compare: Any, size: tuple[int, int]) -> None:
    async def scroll(pilot: Pilot[None]) -> None:
        await pilot.press("f1")
        await pilot.pause()
        await pilot.press("pagedown")
        await pilot.pause()

    assert snap_compare(
        GeneralaApp(house_rules=HouseRules()), terminal_size=size, run_before=scroll
    )


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_scratch_question(snap_compare: Any, size: tuple[int, int]) -> None:
    # Over a plain app, so the turn screen's own changes don't touch this snapshot.
    question = "Scratch Four of a kind? It scores 0 and can't be filled again this game."
    assert snap_compare(Asker(question), terminal_size=size)
