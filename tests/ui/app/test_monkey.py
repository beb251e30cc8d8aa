"""A seeded monkey at every screen: nothing escapes, the game replays, the autosave keeps up."""

from __future__ import annotations

import pytest

from ..monkey import run


@pytest.mark.slow  # the monkey: a thousand events over every screen (over a minute)
async def test_a_thousand_random_keys_clicks_and_resizes_break_nothing() -> None:
    report = await run(seed=3, batches=40)
    assert report.events == 1000 and report.batches == 40
    # It went where players go: not only the first screen.
    assert {"TurnScreen", "HelpScreen", "ScorecardScreen", "GameOverScreen"} <= report.screens
