"""The guided game's guide on the turn screen (issue 23, "at the table"): brief on one line
at 40x12, in full from 80x24, in three languages, against approved SVGs."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from generala_tui.ui.app import GeneralaApp

from ..conftest import settle, settle_until
from ..guide.helpers import guide_of

STEPS = {
    "hold": ["r"],  # the first roll made nothing: hold the dice you like
    "served": ["r", "enter", "r"],  # the second turn's first roll: a served straight
    "scratch": ["r", "1", "r", "r"],  # three rolls, nothing made
}


@pytest.mark.parametrize(
    ("lesson", "lang", "size"),
    [
        ("hold", "en", (40, 12)),
        ("hold", "en", (80, 24)),
        ("served", "es", (80, 24)),
        ("scratch", "sv", (120, 40)),
    ],
    ids=["hold-en-40x12", "hold-en-80x24", "served-es-80x24", "scratch-sv-120x40"],
)
def test_the_guide(snap_compare: Any, lesson: str, lang: str, size: tuple[int, int]) -> None:
    async def guided(pilot: Pilot[None]) -> None:
        app = pilot.app
        assert isinstance(app, GeneralaApp)
        await pilot.pause()
        await pilot.press("ctrl+f")
        await settle_until(pilot, lambda: guide_of(app) is not None)
        for key in STEPS[lesson]:
            await pilot.press(key)
            await pilot.pause()
        await settle(pilot)

    assert snap_compare(GeneralaApp(language=lang), terminal_size=size, run_before=guided)
