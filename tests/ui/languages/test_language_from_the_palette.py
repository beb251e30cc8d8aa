"""A language chosen in the command palette shows at once in the Footer, which keeps its keys,
and the focus stays in the field it was in."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from generala_tui.game import rules
from generala_tui.ui.app import GeneralaApp

from ..conftest import running


def _footer_words(app: GeneralaApp) -> list[str]:
    return [str(getattr(key, "description", "")) for key in app.screen.query("FooterKey")]


async def _choose_spanish(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.press("ctrl+p")
    await pilot.pause()
    await pilot.press(*"Espa")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
    await pilot.pause()


@pytest.mark.parametrize("game", [False, True], ids=["setup", "turn"])
async def test_the_footer_shows_its_keys_in_the_new_language_at_once(game: bool) -> None:
    async with running(rules.new_game(["Ana", "Bruno"], seed=1) if game else None) as (app, pilot):
        await _choose_spanish(pilot)
        words = _footer_words(app)
        assert "Ayuda" in words, words
        assert "Help" not in words


async def test_the_focus_stays_in_the_name_field_after_a_language_change() -> None:
    async with running() as (app, pilot):
        await _choose_spanish(pilot)
        assert isinstance(app.focused, Input) and app.focused.id == "name-1"
