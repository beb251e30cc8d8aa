"""A seeded monkey at every screen: nothing escapes, the game replays, the autosave keeps up."""

from __future__ import annotations

import pytest

from ..monkey import run


@pytest.mark.slow  # the monkey: a thousand events over every screen (over a minute)
async def test_a_thousand_random_keys_clicks_and_resizes_break_nothing() -> None:
    # The seed is one whose walk reaches the winner's screen: with the box keys (a, n, t ...
    # fill a box at once) seed 3's went to the setup screen and stayed there.
    report = await run(seed=5, batches=40)
    assert report.events == 1000 and report.batches == 40
    # It went where players go: not only the first screen.
    assert {"TurnScreen", "HelpScreen", "ScorecardScreen", "GameOverScreen"} <= report.screens
