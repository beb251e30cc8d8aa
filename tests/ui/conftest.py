"""Shared pieces for the app tests: the app under test at a size, games built with the real
rules, seeds found by search, and waits for the app's workers and frames."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable
from typing import Any

from textual.app import App
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets._footer import FooterKey
from textual.worker import WorkerCancelled, WorkerFailed

from generala_tui.game import rules
from generala_tui.game.model import Box, Category, GameState, HouseRules, Level, Player
from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.widgets.boxes import BoxLine, BoxList


def first_seed(predicate: Callable[[GameState], bool], game: GameState) -> int:
    """The smallest seed whose first roll of ``game`` satisfies ``predicate``."""
    for seed in range(200_000):
        candidate = game.model_copy(update={"seed": seed})
        if predicate(rules.roll(candidate)):
            return seed
    raise AssertionError("no seed found")


def last_turn_tie(house_rules: HouseRules | None = None) -> GameState:
    """Two players one box from the end: Bruno's scratch of Generala ties them at 30."""
    house_rules = house_rules or HouseRules()
    categories = house_rules.categories()
    ana = {c: Box(points=0, scratched=True) for c in categories}
    ana[Category.SIXES] = Box(points=30)
    bruno = {c: Box(points=0, scratched=True) for c in categories if c is not Category.GENERALA}
    bruno[Category.SIXES] = Box(points=30)
    return GameState(
        players=(Player(name="Ana", boxes=ana), Player(name="Bruno", boxes=bruno)),
        house_rules=house_rules,
        current=1,
        seed=7,
    )


async def settle(pilot: Pilot[None]) -> None:
    """Wait for the app's workers (a computer thinking, a table solving), then a frame."""
    for worker in list(pilot.app.workers):
        # A cancelled worker (its game went) or a failed one (the app told the player)
        # is done too.
        with contextlib.suppress(WorkerCancelled, WorkerFailed):
            await worker.wait()
    await pilot.pause()
    # What the workers' results set moving (a tab's underline sliding in) ends before a snapshot.
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()


@contextlib.asynccontextmanager
async def running(
    game: GameState | None = None,
    *,
    size: tuple[int, int] = (80, 24),
    settled: bool = False,
    **options: Any,
) -> AsyncIterator[tuple[GeneralaApp, Pilot[None]]]:
    """The app under test: ``GeneralaApp(game, **options)`` run headless at ``size``.

    Yields the app and its pilot, once the app is mounted (``settled``: once its workers are
    done and its frames drawn, as :func:`settle` waits).
    """
    app = GeneralaApp(game, **options)
    async with app.run_test(size=size) as pilot:
        if settled:
            await settle(pilot)
        yield app, pilot


async def settle_until(pilot: Pilot[None], done: Callable[[], bool], rounds: int = 40) -> None:
    """Let workers and frames run until ``done()`` holds (or ``rounds`` settles pass)."""
    for _ in range(rounds):
        await settle(pilot)
        if done():
            return


def notices(app: App[Any], severity: str | None = None, *, title: str | None = None) -> list[str]:
    """The messages the app has told the player and still shows, oldest first: only those of
    ``severity``, or titled ``title``, if given.

    Textual has no public way to read them: this is the tests' one look at the app's own list.
    """
    return [
        n.message
        for n in app._notifications
        if severity in (None, n.severity) and title in (None, n.title)
    ]


def screen_text(app: App[Any]) -> str:
    """The screen's lines as the terminal would show them, without their colours."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def fully_shown(app: App[None], widget: Widget) -> bool:
    """Whether the whole widget is on the screen and inside every container around it."""
    if not app.screen.region.contains_region(widget.region):
        return False
    containers = [a for a in widget.ancestors if isinstance(a, Widget)]
    if any(not a.region.contains_region(widget.region) for a in containers):
        return False
    return widget.region.area > 0


def box_rows(app: App[Any]) -> tuple[BoxLine, ...]:
    """The rows the screen's box list shows, top to bottom."""
    return app.screen.query_one(BoxList).rows


def box_row(app: App[Any], category: Category) -> BoxLine:
    """The row of ``category`` in the screen's box list."""
    [row] = [row for row in box_rows(app) if row.category is category]
    return row


def cursor_row(app: App[Any]) -> BoxLine | None:
    """The row under the box cursor, if one shows."""
    rows = [row for row in box_rows(app) if row.cursor]
    assert len(rows) <= 1
    return rows[0] if rows else None


def box_shown(app: App[None], category: Category) -> bool:
    """Whether ``category``'s whole row is on the screen, in the box list's visible part and
    inside every container around it."""
    boxes = app.screen.query_one(BoxList)
    region = boxes.row_region(category)
    if not boxes.scrollable_content_region.contains_region(region):
        return False
    if not app.screen.region.contains_region(region):
        return False
    containers = [a for a in boxes.ancestors if isinstance(a, Widget)]
    return all(a.region.contains_region(region) for a in containers) and region.area > 0


async def click_box(pilot: Pilot[None], category: Category) -> None:
    """Click the row of ``category`` in the screen's box list (its name, past the marks)."""
    assert box_shown(pilot.app, category), f"{category.value}'s row is out of view"
    region = pilot.app.screen.query_one(BoxList).row_region(category)
    await pilot.click(offset=(region.x + 4, region.y))


def footer_by_action(app: App[None]) -> dict[str, str]:
    """The Footer's keys as drawn: each action's key display and word."""
    return {
        key.action: f"{key.key_display} {key.description}"
        for key in app.screen.query(FooterKey).results(FooterKey)
    }


def nothing_to_score() -> GameState:
    """Ana's first roll, 2-3-4-6-6: Generala and the other special boxes only take a scratch."""
    return rules.roll(rules.new_game(["Ana", "Bruno"], seed=1), [2, 3, 4, 6, 6])


def computer_first() -> GameState:
    """An easy computer, Rita, to play before Ana."""
    return rules.new_game([Player(name="Rita", level=Level.EASY), Player(name="Ana")], seed=5)
