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
from generala_tui.ui.widgets.boxes import BoxRow
from generala_tui.ui.widgets.coach import CoachPanel
from generala_tui.ui.widgets.dice import Die
from generala_tui.ui.widgets.standings import LEFT_OUT, Standings

from ..conftest import fully_shown, last_turn_tie, running, settle, settle_until


async def press(pilot: Pilot[None], *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await pilot.pause()
    await settle(pilot)


@pytest.mark.parametrize(
    ("size", "house_rules"),
    [
        ((40, 12), HouseRules()),
        ((60, 20), HouseRules(two_pairs=True, double_generala=True)),
        ((80, 24), HouseRules(two_pairs=True, double_generala=True)),
    ],
)
async def test_the_scorecard_scrolls_by_keys_to_every_row_and_to_close(
    size: tuple[int, int], house_rules: HouseRules
) -> None:
    async with running(
        rules.new_game(["Ana", "Bruno"], house_rules, seed=1), size=size, settled=True
    ) as (app, pilot):
        await press(pilot, "s")
        screen = app.screen
        assert isinstance(screen, ScorecardScreen)
        title = screen.query_one("#scorecard-title")
        close = screen.query_one("#close-scorecard")
        table = screen.query_one("#scorecard")
        assert fully_shown(app, title)
        # Every row is laid out (none hidden in a table scrolled inside the panel) ...
        assert table.region.height >= table.virtual_size.height
        # ... and Down, PageDown and End bring the last of them and Close into view.
        await press(pilot, "down")
        await press(pilot, "pagedown", "pagedown", "pagedown")
        assert fully_shown(app, close)
        await press(pilot, "home")
        assert fully_shown(app, title)
        await press(pilot, "end")
        assert fully_shown(app, close)


def won_on_points() -> GameState:
    state = last_turn_tie()
    state = rules.roll(rules.roll(state, [1, 2, 3, 5, 6]), [6, 6, 6, 6, 6])
    return rules.score(state, "generala")


@pytest.mark.parametrize("size", [(40, 12), (60, 20), (64, 20), (80, 24), (120, 40)])
@pytest.mark.parametrize("language", ["en", "es"])
async def test_every_game_over_button_is_on_the_screen(
    size: tuple[int, int], language: str
) -> None:
    async with running(won_on_points(), size=size, settled=True) as (app, pilot):
        app.set_language(language)
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameOverScreen)
        for button in screen.query(Button):
            button.focus()
            await settle(pilot)
            assert fully_shown(app, button), f"{button.id} at {size}"


@pytest.fixture(scope="module")
def finished() -> GameState:
    players = [Player(name="Max", level=Level.EASY), Player(name="Leo", level=Level.MEDIUM)]
    return play_game(rules.new_game(players, HouseRules(served_generala_wins=False), seed=21))


async def open_a_decision(app: GeneralaApp, pilot: Pilot[None]) -> DecisionScreen:
    """From the game over: the analysis (v), the decisions alone (c), the third one opened."""
    await settle(pilot)
    await press(pilot, "v")
    await settle_until(pilot, lambda: bool(app.screen.query(DecisionList)))
    await press(pilot, "c", "down", "down", "enter")
    screen = app.screen
    assert isinstance(screen, DecisionScreen)
    return screen


@pytest.mark.parametrize("size", [(40, 12), (60, 20), (80, 24)])
async def test_a_decision_scrolls_by_keys_to_every_box_and_to_its_end(
    finished: GameState, size: tuple[int, int]
) -> None:
    async with running(finished, size=size) as (app, pilot):
        screen = await open_a_decision(app, pilot)
        scroll = screen.query_one("#decision-scroll")
        assert scroll.max_scroll_y > 0
        await press(pilot, "down")
        assert scroll.scroll_y == 1
        await press(pilot, "pagedown")
        assert scroll.scroll_y > 1
        await press(pilot, "end")
        assert scroll.scroll_y == scroll.max_scroll_y
        last = screen.query_one("#decision-scorecard")  # the last part, to its foot
        assert scroll.region.y < last.region.bottom <= scroll.region.bottom
        for row in [r for r in screen.query(BoxRow) if r.display]:
            scroll.scroll_to_widget(row, animate=False)
            await settle(pilot)
            assert fully_shown(app, row), row.category
            if size[0] >= 60:  # each row ends with its cost, at the row's right edge
                offer = row.offer
                assert offer.loss is not None
                shown = str(row.render())
                assert shown.endswith(coach_words.coach_cost(offer.loss)), shown
                assert cell_len(shown) == row.content_region.width, shown
        await press(pilot, "home")
        assert scroll.scroll_y == 0
        await press(pilot, "enter")  # Close keeps the focus
        assert not isinstance(app.screen, DecisionScreen)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_coach_of_a_decision_uses_its_width(
    finished: GameState, size: tuple[int, int]
) -> None:
    async with running(finished, size=size) as (app, pilot):
        screen = await open_a_decision(app, pilot)
        coach = screen.query_one(CoachPanel)
        shown = str(coach.render())
        assert "…" not in shown
        longest = max(cell_len(line) for line in shown.splitlines())
        assert longest == coach.content_region.width  # its rows end at its right edge


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


@pytest.mark.parametrize("size", [(40, 12), (60, 20)])
@pytest.mark.parametrize("seat", [0, 3, 7])
async def test_the_one_line_standings_show_whose_turn_it_is_and_mark_who_is_left_out(
    size: tuple[int, int], seat: int
) -> None:
    async with running(eight_players_at(seat), size=size, settled=True) as (app, _):
        line = next(s for s in app.screen.query(Standings) if s.one_line and s.display)
        shown = line.render().plain
        assert f"{CURRENT_MARK} {MARKS[seat]} {EIGHT[seat]} " in shown, shown  # and its mark
        assert cell_len(shown) <= line.content_region.width, shown
        left_out = [name for name in EIGHT if f"{name} " not in shown]
        assert left_out, "eight players do not fit this width"
        assert LEFT_OUT in shown
        # Those shown sit side by side in seat order: the left out are before or after them.
        seen = [name for name in EIGHT if name not in left_out]
        assert seen == EIGHT[EIGHT.index(seen[0]) : EIGHT.index(seen[-1]) + 1]
        assert shown.startswith(LEFT_OUT) == (seen[0] != EIGHT[0])
        assert shown.endswith(LEFT_OUT) == (seen[-1] != EIGHT[-1])
