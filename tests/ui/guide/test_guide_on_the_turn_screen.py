"""The guide on a guided game's turn screen: each lesson when its moment comes, going on as
the player does what it says (by key or by mouse), left at any step with Esc or its button
while the game goes on, fitting from 40x12 to 200x60 without covering what it points at."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pytest
from textual.pilot import Pilot
from textual.widget import Widget

from generala_tui import i18n
from generala_tui.game import rules
from generala_tui.game.model import Category
from generala_tui.ui import guide_words
from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.guide import GUIDED_SEED, Lesson, served_offer
from generala_tui.ui.screens.dialogs import ConfirmDialog
from generala_tui.ui.vocabulary import category_label
from generala_tui.ui.widgets.boxes import BoxList
from generala_tui.ui.widgets.dice import DiceTray

from ..conftest import box_shown, cursor_row, fully_shown, running
from .helpers import fill, guide_of, lesson, press, said, start_guided_game, turn_screen

SIZES = [(40, 12), (80, 24), (120, 40), (200, 60)]


def best_box(app: GeneralaApp) -> Category:
    """The open box the dice score most in."""
    assert app.game is not None
    offers = rules.offers(app.game)
    return max(offers, key=lambda offer: offer.points or 0).category


# The way through the guided game that meets every lesson, as a player would play it.
PATH: list[tuple[str, object]] = [
    ("key", "r"),  # the dice lesson: roll
    ("key", "1"),  # the hold lesson: hold the first die (a 4 of three)
    ("key", "r"),  # roll the others
    ("key", "r"),  # the boxes lesson, but the player rolls once more: nothing made
    ("fill", Category.GENERALA),  # the scratch lesson: scratch Generala
    ("key", "r"),  # the second turn's first roll: a served straight
    ("fill", Category.STRAIGHT),  # the served lesson: take the bonus
    ("key", "r"),
    ("fill", None),  # the boxes lesson at last: the best box
]
LESSONS_ON_THE_PATH = [
    Lesson.DICE,
    Lesson.HOLD,
    Lesson.ROLL,
    Lesson.BOXES,
    Lesson.SCRATCH,
    Lesson.WAITING,
    Lesson.SERVED,
    Lesson.WAITING,
    Lesson.BOXES,
    Lesson.DONE,
]
"""What the guide says before each step of PATH, and after the last."""


async def step(pilot: Pilot[None], kind: str, what: object) -> None:
    app = pilot.app
    assert isinstance(app, GeneralaApp)
    if kind == "key":
        assert isinstance(what, str)
        await press(pilot, what)
    else:
        category = what if isinstance(what, Category) else best_box(app)
        await fill(pilot, category)


async def reach(pilot: Pilot[None], wanted: Lesson, occurrence: int = 0) -> None:
    """Play PATH until the guide says ``wanted`` (its ``occurrence``-th time)."""
    app = pilot.app
    assert isinstance(app, GeneralaApp)
    seen = 0
    for (kind, what), expected in zip(PATH, LESSONS_ON_THE_PATH, strict=False):
        assert lesson(app) is expected
        if expected is wanted:
            if seen == occurrence:
                return
            seen += 1
        await step(pilot, kind, what)
    assert lesson(app) is wanted


async def test_every_lesson_comes_when_its_moment_comes_and_goes_on_as_the_player_does_it() -> None:
    async with running() as (app, pilot):
        guide = await start_guided_game(pilot)
        assert app.game is not None and app.game.seed == GUIDED_SEED
        assert [p.level for p in app.game.players] == [None], "one human, alone"
        heads = []
        for (kind, what), expected in zip(PATH, LESSONS_ON_THE_PATH, strict=False):
            assert lesson(app) is expected, f"before {kind} {what}"
            heads.append(said(app)[0])
            await step(pilot, kind, what)
        assert lesson(app) is Lesson.DONE
        assert said(app)[0] == guide_words.done(False)[0].plain
        assert guide.learned == {
            Lesson.DICE,
            Lesson.HOLD,
            Lesson.ROLL,
            Lesson.BOXES,
            Lesson.SERVED,
            Lesson.SCRATCH,
        }
        # What each lesson said, in the words of its moment.
        assert heads[0] == guide_words.dice(False)[0].plain
        assert heads[1] == guide_words.hold(False)[0].plain
        assert heads[2] == guide_words.roll_again(False, beside=True)[0].plain
        assert heads[3] == guide_words.boxes(False)[0].plain
        assert heads[4] == guide_words.scratch(False, "Generala")[0].plain
        assert heads[6] == guide_words.served(False, "Straight", 25, 20, True)[0].plain
        # The last words go with the next roll: the game goes on without the guide.
        await press(pilot, "r")
        assert guide_of(app) is None and not guide.teaching
        assert app.game.turn.rolls == 1


async def test_the_lessons_go_on_by_the_mouse_too() -> None:
    async with running() as (app, pilot):
        await start_guided_game(pilot)
        screen = turn_screen(app)
        await pilot.click("#roll")
        await pilot.pause()
        assert lesson(app) is Lesson.HOLD
        await pilot.click("#die-1")
        await pilot.pause()
        assert lesson(app) is Lesson.ROLL
        await pilot.click("#roll")
        await pilot.pause()
        assert lesson(app) is Lesson.BOXES
        box = best_box(app)
        await fill(pilot, box, by_mouse=True)
        assert app.game is not None and box in app.game.players[0].boxes
        assert lesson(app) is Lesson.WAITING
        assert screen.guide is not None and Lesson.BOXES in screen.guide.learned
        await pilot.click("#roll")
        await pilot.pause()
        assert lesson(app) is Lesson.SERVED, "however the first turn went"
        offer = served_offer(app.game)
        assert offer is not None
        head, body = said(app)
        assert head == guide_words.served(False, "x", 1, 1, True)[0].plain
        assert category_label(offer.category) in body and str(offer.points) in body


@pytest.mark.parametrize(
    ("wanted", "occurrence"),
    [
        # The first step, the scratch and the last in every run; the sweep of every other
        # step with the long runs (pytest -m slow): each plays the guided game up to it.
        (Lesson.DICE, 0),
        pytest.param(Lesson.HOLD, 0, marks=pytest.mark.slow),
        pytest.param(Lesson.ROLL, 0, marks=pytest.mark.slow),
        pytest.param(Lesson.BOXES, 0, marks=pytest.mark.slow),
        (Lesson.SCRATCH, 0),
        pytest.param(Lesson.WAITING, 0, marks=pytest.mark.slow),
        pytest.param(Lesson.SERVED, 0, marks=pytest.mark.slow),
        (Lesson.DONE, 0),
    ],
    ids=lambda value: value.value if isinstance(value, Lesson) else str(value),
)
async def test_escape_leaves_the_guide_at_any_step_and_the_game_goes_on(
    wanted: Lesson, occurrence: int
) -> None:
    async with running() as (app, pilot):
        guide = await start_guided_game(pilot)
        await reach(pilot, wanted, occurrence)
        before = app.game
        await press(pilot, "escape")
        assert guide_of(app) is None and not guide.teaching
        screen = turn_screen(app)
        assert app.game is before, "leaving the guide is no move"
        assert screen.guide is not None and not screen.check_action("leave_guide", ())
        if wanted is not Lesson.DONE:
            assert guide_words.left_notice() in [n.message for n in app._notifications]
        # The game goes on as any game: a roll, and escape back to the setup (asked first).
        assert app.game is not None
        if rules.can_roll(app.game):
            rolls = app.game.turn.rolls
            await press(pilot, "r")
            assert app.game.turn.rolls == rolls + 1
        await press(pilot, "escape")
        assert isinstance(app.screen, ConfirmDialog)


async def test_the_guides_button_leaves_it_too() -> None:
    async with running() as (app, pilot):
        guide = await start_guided_game(pilot)
        await press(pilot, "r")
        assert lesson(app) is Lesson.HOLD
        await pilot.click("#leave-guide")
        await pilot.pause()
        assert guide_of(app) is None and not guide.teaching
        await press(pilot, "1")
        assert app.game is not None and app.game.turn.held[0], "the keys are the game's"


def _overlap(one: Widget, other: Widget) -> bool:
    return one.region.overlaps(other.region)


@pytest.mark.parametrize(
    "size",
    # The brief guide and the full one in every run; the wide sizes with the long runs.
    [s if s[0] <= 80 else pytest.param(s, marks=pytest.mark.slow) for s in SIZES],
    ids=lambda s: f"{s[0]}x{s[1]}",
)
async def test_the_guide_fits_and_covers_nothing_it_points_at(size: tuple[int, int]) -> None:
    async with running(size=size) as (app, pilot):
        await start_guided_game(pilot)
        screen = turn_screen(app)
        small = size == (40, 12)
        for (kind, what), expected in zip(PATH, LESSONS_ON_THE_PATH, strict=False):
            await pilot.pause()
            guide = guide_of(app)
            assert guide is not None and guide.lesson is expected
            assert fully_shown(app, guide), f"{expected} at {size}"
            assert guide.region.height <= (2 if small else 5)
            head, body = said(app)
            assert head and (small or body), "brief at 40x12, in full from 80x24"
            assert bool(body) is not small
            dice = screen.query_one(DiceTray)
            boxes = screen.query_one(BoxList)
            roll = screen.query_one("#roll-compact" if screen.has_class("-narrow") else "#roll")
            for target in (dice, boxes, roll):
                assert not _overlap(guide, target), f"{expected} covers {target} at {size}"
            cursor = cursor_row(app)
            assert cursor is not None
            assert box_shown(app, cursor.category), "the box under the cursor stays in view"
            await step(pilot, kind, what)


@pytest.mark.parametrize("language", ["es", "sv"])
async def test_the_guide_speaks_the_players_language(language: str) -> None:
    async with running(language=language) as (app, pilot):
        await start_guided_game(pilot)
        head, body = said(app)
        assert (head, body) == tuple(c.plain for c in guide_words.dice(False))
        with i18n_in("en"):
            english = tuple(c.plain for c in guide_words.dice(False))
        assert head != english[0] and body != english[1]
        assert guide_words.leave_button(False) != "Leave the guide (esc)"


@contextlib.contextmanager
def i18n_in(lang: str) -> Iterator[None]:
    """The catalogs of ``lang`` for a moment."""
    was = i18n.language()
    i18n.set_language(lang)
    try:
        yield
    finally:
        i18n.set_language(was)


async def test_a_change_of_language_is_said_at_once() -> None:
    async with running() as (app, pilot):
        await start_guided_game(pilot)
        await press(pilot, "r")
        english = said(app)
        app.set_language("es")
        await pilot.pause()
        await pilot.pause()
        assert said(app) == tuple(c.plain for c in guide_words.hold(False))
        assert said(app) != english


async def test_the_guide_turns_brief_as_the_terminal_shrinks_and_full_again() -> None:
    async with running(size=(80, 24)) as (app, pilot):
        await start_guided_game(pilot)
        assert said(app)[1]
        await pilot.resize_terminal(80, 16)
        await pilot.pause()
        await pilot.pause()
        assert said(app) == (guide_words.dice(True)[0].plain, "")
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        await pilot.pause()
        assert said(app) == tuple(c.plain for c in guide_words.dice(False))


async def test_a_game_not_guided_has_no_guide_and_escape_goes_to_the_setup() -> None:
    async with running(rules.new_game(["Ana"], seed=GUIDED_SEED)) as (app, pilot):
        await pilot.pause()
        assert guide_of(app) is None
        assert turn_screen(app).guide is None
        await press(pilot, "escape")
        assert isinstance(app.screen, ConfirmDialog)
