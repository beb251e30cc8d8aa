"""Eight players in their colours and marks, chosen at the setup, against approved SVGs: the
turn screen (standings, top bar, side scorecard) in a light and a dark theme."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from generala_tui import store
from generala_tui.game import rules
from generala_tui.game.model import Player
from generala_tui.ui.app import GeneralaApp

from ..conftest import settle

NAMES = ("Ana", "Bea", "Carlos", "Dora", "Eva", "Fede", "Gus", "Hilda")
CHOSEN = ("grey", "blue", "orange", "purple", "green", "red", "yellow", "sky")


@pytest.mark.parametrize("theme", ["textual-dark", "textual-light"])
def test_eight_players_in_their_colours(snap_compare: Any, theme: str) -> None:
    store.save_preferences(
        store.Preferences(
            players=tuple(
                store.Seat(name=name, colour=colour)
                for name, colour in zip(NAMES, CHOSEN, strict=True)
            )
        )
    )
    game = rules.new_game([Player(name=name) for name in NAMES], seed=4)
    for _ in range(3):  # three players have scored, the fourth is to play
        game = rules.score(rules.roll(game, [6, 6, 6, 2, 1]), "sixes")

    async def themed(pilot: Pilot[None]) -> None:
        pilot.app.theme = theme
        await settle(pilot)  # the side scorecard drawn again in the theme's shades, and laid out

    assert snap_compare(GeneralaApp(game), terminal_size=(120, 40), run_before=themed)
