"""At 40 columns a name of the longest kind (20 characters) is cut short in the top bar, so
the roll counter stays in view; a name that fits is shown whole."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual.content import Content
from textual.widgets import Static

from generala_tui.game import rules
from generala_tui.game.model import Player
from generala_tui.ui.colours import MARKS

from ..conftest import running


def _topbar(app) -> tuple[str, int]:  # type: ignore[no-untyped-def]
    topbar = app.screen.query_one("#topbar", Static)
    shown = topbar.render()
    assert isinstance(shown, Content)
    return shown.plain.strip(), topbar.content_region.width


@pytest.mark.parametrize("name", ["Maximiliano Fernánde", "今日は世界今日は世界"])
async def test_a_long_name_gives_way_to_the_roll_counter(name: str) -> None:
    game = rules.new_game([Player(name=name), Player(name="Ana")], seed=3)
    async with running(game, computer_delay=0, size=(40, 12), settled=True) as (app, pilot):
        await pilot.press("r")
        await pilot.pause()
        text, room = _topbar(app)
        assert text.endswith("1/3 ●○○"), text
        assert "…" in text and name not in text
        assert cell_len(text) <= room


async def test_a_name_that_fits_is_shown_whole() -> None:
    game = rules.new_game([Player(name="Ana"), Player(name="Bruno")], seed=3)
    async with running(game, computer_delay=0, size=(40, 12), settled=True) as (app, _pilot):
        text, _room = _topbar(app)
        assert text == f"Round 1/10 · {MARKS[0]} Ana · 0/3 ○○○"  # the first seat's mark
