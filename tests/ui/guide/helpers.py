"""Driving a guided game: start it from the setup screen, read what the guide says, fill a
box as a player would."""

from __future__ import annotations

from textual.pilot import Pilot

from generala_tui.game.model import Category
from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.guide import Guide, GuideWords, Lesson
from generala_tui.ui.screens.dialogs import ConfirmDialog
from generala_tui.ui.screens.turn import TurnScreen

from ..conftest import click_box, settle_until


def turn_screen(app: GeneralaApp) -> TurnScreen:
    screen = app.screen
    assert isinstance(screen, TurnScreen), type(screen).__name__
    return screen


def guide_of(app: GeneralaApp) -> Guide | None:
    """The guide on the turn screen in front, while it is there."""
    screen = app.screen
    if not isinstance(screen, TurnScreen):
        return None
    found = list(screen.query(Guide).results(Guide))
    return found[0] if found else None


async def start_guided_game(pilot: Pilot[None]) -> Guide:
    """From the setup screen: ctrl+f, and the guided game's turn screen with its guide."""
    app = pilot.app
    assert isinstance(app, GeneralaApp)
    await pilot.pause()
    await pilot.press("ctrl+f")
    await settle_until(pilot, lambda: guide_of(app) is not None)
    guide = guide_of(app)
    assert guide is not None
    await pilot.pause()
    return guide


def said(app: GeneralaApp) -> tuple[str, str]:
    """What the guide shows: its head, and its body (empty when brief)."""
    screen = app.screen
    head = screen.query_one("#guide-head", GuideWords)
    body = screen.query_one("#guide-body", GuideWords)
    return head.render().plain, body.render().plain if body.display else ""


async def press(pilot: Pilot[None], *keys: str) -> None:
    await pilot.press(*keys)
    await pilot.pause()
    await pilot.pause()


async def fill(pilot: Pilot[None], category: Category, *, by_mouse: bool = False) -> None:
    """Move the cursor to ``category`` with the arrow keys, then fill it by Enter (or a click
    on its row), answering yes when the game asks before a scratch."""
    app = pilot.app
    assert isinstance(app, GeneralaApp)
    screen = turn_screen(app)
    for _ in range(20):
        if screen.cursor is category:
            break
        await pilot.press("down")
    assert screen.cursor is category
    await pilot.pause()
    if by_mouse:
        await click_box(pilot, category)
    else:
        await pilot.press("enter")
    await pilot.pause()
    if isinstance(app.screen, ConfirmDialog):
        await pilot.press("y")
    await pilot.pause()
    await pilot.pause()


def lesson(app: GeneralaApp) -> Lesson | None:
    guide = guide_of(app)
    return None if guide is None else guide.lesson
