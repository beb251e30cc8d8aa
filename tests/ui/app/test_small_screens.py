"""Small terminals: what a screen cuts off, the keys reach (the review of 40x12 to 120x40)."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual.pilot import Pilot
from textual.widgets import Button

from generala_tui.game import rules
from generala_tui.game.model import GameState, HouseRules, Level, Player
from generala_tui.game.strategy import play_game
from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.colours import MARKS
from generala_tui.ui.screens.analysis import DecisionList, DecisionScreen
from generala_tui.ui.screens.game_over import GameOverScreen
from generala_tui.ui.screens.replay import ReplayScreen
from generala_tui.ui.screens.scorecard import ScorecardScreen
from generala_tui.ui.vocabulary import CURRENT_MARK
from generala_tui.ui.widgets import coach_words
from generala_tui.ui.widgets.boxes import BoxList
from generala_tui.ui.widgets.coach import CoachPanel
from generala_tui.ui.widgets.dice import Die
from generala_tui.ui.widgets.standings import LEFT_OUT, Standings

from ..conftest import box_shown, fully_shown, last_turn_tie, running, settle, settle_until


async def press(pilot: Pilot[None], *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await pilot.pause()
    await settle(pilot)


@pytest.mark.parametrize(
    ("house_rules", "sizes"),
    [
        (HouseRules(), [(40, 12)]),
        (HouseRules(two_pairs=True, double_generala=True), [(60, 20), (80, 24)]),
    ],
)
async def test_the_scorecard_scrolls_by_keys_to_every_row_and_to_close(
    house_rules: HouseRules, sizes: list[tuple[int, int]]
) -> None:
    """One app per house rules: the scorecard opened at each size in turn, and closed."""
    async with running(
        rules.new_game(["Ana", "Bruno"], house_rules, seed=1), size=sizes[0], settled=True
    ) as (app, pilot):
        for size in sizes:
            await pilot.resize_terminal(*size)
            await press(pilot, "s")
            screen = app.screen
            assert isinstance(screen, ScorecardScreen), size
            assert app.size == size
            title = screen.query_one("#scorecard-title")
            close = screen.query_one("#close-scorecard")
            table = screen.query_one("#scorecard")
            assert fully_shown(app, title), size
            # Every row is laid out (none hidden in a table scrolled inside the panel) ...
            assert table.region.height >= table.virtual_size.height, size
            # ... and Down, PageDown and End bring the last of them and Close into view.
            await press(pilot, "down")
            await press(pilot, "pagedown", "pagedown", "pagedown")
            assert fully_shown(app, close), size
            await press(pilot, "home")
            assert fully_shown(app, title), size
            await press(pilot, "end")
            assert fully_shown(app, close), size
            await press(pilot, "escape")
            assert not isinstance(app.screen, ScorecardScreen), size


def won_on_points() -> GameState:
    state = last_turn_tie()
    state = rules.roll(rules.roll(state, [1, 2, 3, 5, 6]), [6, 6, 6, 6, 6])
    return rules.score(state, "generala")


GAME_OVER_SIZES = [(40, 12), (60, 20), (64, 20), (80, 24), (120, 40)]


@pytest.mark.parametrize("language", ["en", "es"])
async def test_every_game_over_button_is_on_the_screen(language: str) -> None:
    """One app per language, resized to each size in turn: the screen fits its buttons and
    headline whenever it is resized, as when it opens."""
    async with running(won_on_points(), size=GAME_OVER_SIZES[0], settled=True) as (app, pilot):
        app.set_language(language)
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameOverScreen)
        for size in GAME_OVER_SIZES:
            await pilot.resize_terminal(*size)
            await settle(pilot)
            assert app.size == size
            for button in screen.query(Button):
                button.focus()
                await settle(pilot)
                assert fully_shown(app, button), f"{button.id} at {size}"


@pytest.fixture(scope="module")
def finished() -> GameState:
    players = [Player(name="Max", level=Level.EASY), Player(name="Leo", level=Level.MEDIUM)]
    return play_game(rules.new_game(players, HouseRules(served_generala_wins=False), seed=21))


async def open_a_decision(
    app: GeneralaApp, pilot: Pilot[None], size: tuple[int, int]
) -> DecisionScreen:
    """The third decision opened at ``size``: the first time from the game over (the analysis
    by v, the decisions alone by c), after that from the list as it was left, the terminal
    resized (the screen fits its dice when it opens, so it is opened again at each size)."""
    await pilot.resize_terminal(*size)
    await settle(pilot)
    if not app.screen.query(DecisionList):
        await press(pilot, "v")
        await settle_until(pilot, lambda: bool(app.screen.query(DecisionList)))
        await press(pilot, "c", "down", "down")
    await press(pilot, "enter")
    screen = app.screen
    assert isinstance(screen, DecisionScreen), size
    assert app.size == size
    return screen


async def test_a_decision_scrolls_by_keys_to_every_box_and_to_its_end(finished: GameState) -> None:
    """One app: the same decision opened at each size in turn, and closed."""
    sizes = [(40, 12), (60, 20), (80, 24)]
    async with running(finished, size=sizes[0]) as (app, pilot):
        first = None
        for size in sizes:
            screen = await open_a_decision(app, pilot, size)
            first = first or screen.decision
            assert screen.decision is first, f"the same decision at {size}"
            scroll = screen.query_one("#decision-scroll")
            assert scroll.max_scroll_y > 0, size
            await press(pilot, "down")
            assert scroll.scroll_y == 1, size
            await press(pilot, "pagedown")
            assert scroll.scroll_y > 1, size
            await press(pilot, "end")
            assert scroll.scroll_y == scroll.max_scroll_y, size
            last = screen.query_one("#decision-scorecard")  # the last part, to its foot
            assert scroll.region.y < last.region.bottom <= scroll.region.bottom, size
            boxes = screen.query_one(BoxList)
            for row in boxes.rows:
                # The row's place in what the decision's scroll holds, scrolled into view.
                view = scroll.scrollable_content_region
                at = boxes.row_region(row.category).translate(
                    (round(scroll.scroll_x) - view.x, round(scroll.scroll_y) - view.y)
                )
                scroll.scroll_to_region(at, animate=False)
                await settle(pilot)
                assert box_shown(app, row.category), f"{row.category} at {size}"
                if size[0] >= 60:  # each row ends with its cost, at the row's right edge
                    offer = row.offer
                    assert offer.loss is not None
                    shown = boxes.row_text(row.category)
                    assert shown.endswith(coach_words.coach_cost(offer.loss)), f"{shown} {size}"
                    width = boxes.scrollable_content_region.width
                    assert cell_len(shown) == width, f"{shown} at {size}"
            await press(pilot, "home")
            assert scroll.scroll_y == 0, size
            await press(pilot, "enter")  # Close keeps the focus
            assert not isinstance(app.screen, DecisionScreen), size


async def test_the_coach_of_a_decision_uses_its_width(finished: GameState) -> None:
    """One app: the same decision opened at each size in turn."""
    sizes = [(80, 24), (120, 40)]
    async with running(finished, size=sizes[0]) as (app, pilot):
        for size in sizes:
            screen = await open_a_decision(app, pilot, size)
            coach = screen.query_one(CoachPanel)
            shown = str(coach.render())
            assert "…" not in shown, size
            longest = max(cell_len(line) for line in shown.splitlines())
            assert longest == coach.content_region.width, size  # its rows end at its right edge
            await press(pilot, "escape")
            assert not isinstance(app.screen, DecisionScreen), size


async def test_the_replay_turns_to_one_line_dice_on_a_small_screen(finished: GameState) -> None:
    async with running(replay=finished, settled=True) as (app, pilot):
        await press(pilot, "right", "right")
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert {die.size_name for die in screen.query(Die)} == {"normal"}
        await pilot.resize_terminal(40, 12)
        await settle(pilot)
        assert {die.size_name for die in screen.query(Die)} == {"compact"}
        for die in screen.query(Die):
            assert fully_shown(app, die), die.index
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert {die.size_name for die in screen.query(Die)} == {"normal"}


EIGHT = ["Ana", "Bea", "Carlos", "Dora", "Eva", "Fede", "Gus", "Hilda"]


def eight_players_at(seat: int) -> GameState:
    """Eight players, the first ``seat`` of them having filled Ones: ``seat``'s turn."""
    state = rules.new_game(EIGHT, seed=1)
    for _ in range(seat):
        state = rules.score(rules.roll(state, [1, 1, 2, 3, 5]), "ones")
    return state


@pytest.mark.parametrize("seat", [0, 3, 7])
async def test_the_one_line_standings_show_whose_turn_it_is_and_mark_who_is_left_out(
    seat: int,
) -> None:
    """One app per seat, resized to each size in turn: the turn screen fits its layout whenever
    it is resized, as when it opens."""
    sizes = [(40, 12), (60, 20)]
    async with running(eight_players_at(seat), size=sizes[0], settled=True) as (app, pilot):
        for size in sizes:
            await pilot.resize_terminal(*size)
            await settle(pilot)
            assert app.size == size
            line = next(s for s in app.screen.query(Standings) if s.one_line and s.display)
            shown = line.render().plain
            assert f"{CURRENT_MARK} {MARKS[seat]} {EIGHT[seat]} " in shown, (size, shown)
            assert cell_len(shown) <= line.content_region.width, (size, shown)
            left_out = [name for name in EIGHT if f"{name} " not in shown]
            assert left_out, f"eight players do not fit {size}"
            assert LEFT_OUT in shown, (size, shown)
            # Those shown sit side by side in seat order: the left out are before or after them.
            seen = [name for name in EIGHT if name not in left_out]
            assert seen == EIGHT[EIGHT.index(seen[0]) : EIGHT.index(seen[-1]) + 1], size
            assert shown.startswith(LEFT_OUT) == (seen[0] != EIGHT[0]), (size, shown)
            assert shown.endswith(LEFT_OUT) == (seen[-1] != EIGHT[-1]), (size, shown)
