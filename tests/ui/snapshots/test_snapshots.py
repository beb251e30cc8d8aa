"""Every screen with seeded dice (the turn screen at every size), against the approved SVGs."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from generala_tui.game import rules
from generala_tui.game.model import HouseRules
from generala_tui.ui.app import GeneralaApp

from ..conftest import first_seed, last_turn_tie, nothing_to_score, settle

SIZE = (80, 24)


def _mid_game() -> Any:
    state = rules.new_game(["Ana", "Bruno", "Rita"], seed=11)
    for dice, category in [
        ([5, 5, 5, 3, 3], "full_house"),
        ([1, 2, 2, 4, 6], "twos"),
        ([6, 6, 6, 6, 1], "four_of_a_kind"),
    ]:
        state = rules.score(rules.roll(state, dice), category)
    return state


def test_setup_screen(snap_compare: Any) -> None:
    assert snap_compare(GeneralaApp(), terminal_size=SIZE)


def test_setup_screen_with_a_name_error(snap_compare: Any) -> None:
    async def clear_name(pilot: Pilot[None]) -> None:
        pilot.app.screen.query_one("#name-2", Input).value = "  "
        await pilot.press("ctrl+s")
        await pilot.pause()

    assert snap_compare(GeneralaApp(), terminal_size=SIZE, run_before=clear_name)


def test_settings_screen(snap_compare: Any) -> None:
    assert snap_compare(GeneralaApp(), terminal_size=SIZE, press=["ctrl+r"])


def test_turn_screen_before_the_first_roll(snap_compare: Any) -> None:
    assert snap_compare(GeneralaApp(_mid_game()), terminal_size=SIZE)


def test_turn_screen_with_held_dice(snap_compare: Any) -> None:
    assert snap_compare(GeneralaApp(_mid_game()), terminal_size=SIZE, press=["r", "2", "4"])


def test_turn_screen_with_optional_boxes_and_locked_holds(snap_compare: Any) -> None:
    house = HouseRules(double_generala=True, two_pairs=True, locked_holds=True)
    app = GeneralaApp(rules.new_game(["Ana", "Bruno"], house, seed=4))
    assert snap_compare(app, terminal_size=SIZE, press=["r", "1", "2", "r"])


def test_scratch_dialog(snap_compare: Any) -> None:
    state = nothing_to_score()
    assert snap_compare(GeneralaApp(state), terminal_size=SIZE, press=["up", "up", "up", "enter"])


def test_scorecard_screen(snap_compare: Any) -> None:
    assert snap_compare(GeneralaApp(_mid_game()), terminal_size=SIZE, press=["s"])


def test_help_screen(snap_compare: Any) -> None:
    assert snap_compare(GeneralaApp(_mid_game()), terminal_size=SIZE, press=["question_mark"])


def test_tie_break_turn(snap_compare: Any) -> None:
    state = rules.scratch(rules.roll(last_turn_tie(), [1, 2, 3, 3, 5]), "generala")
    assert snap_compare(GeneralaApp(state), terminal_size=SIZE, press=["r"])


def test_game_over_on_points(snap_compare: Any) -> None:
    state = last_turn_tie()
    state = rules.roll(rules.roll(state, [1, 2, 3, 5, 6]), [6, 6, 6, 6, 6])
    state = rules.score(state, "generala")
    assert snap_compare(GeneralaApp(state), terminal_size=SIZE)


def test_game_over_by_served_generala(snap_compare: Any) -> None:
    game = rules.new_game(["Ana", "Bruno"])
    seed = first_seed(lambda s: s.phase.value == "over", game)
    app = GeneralaApp(game.model_copy(update={"seed": seed}))
    assert snap_compare(app, terminal_size=SIZE, press=["r"])


def test_turn_screen_with_the_coach(snap_compare: Any) -> None:
    async def coach_on(pilot: Pilot[None]) -> None:
        await pilot.press("h")
        await settle(pilot)  # the strategy table is computed in a worker
        await pilot.press("r", "2")
        await pilot.pause()

    assert snap_compare(GeneralaApp(_mid_game()), terminal_size=SIZE, run_before=coach_on)


@pytest.mark.parametrize("size", [(80, 24), (40, 12), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_analysis_screen(snap_compare: Any, size: tuple[int, int]) -> None:
    from generala_tui.game.model import Level, Player
    from generala_tui.game.strategy import play_game

    players = [Player(name="Max", level=Level.EASY), Player(name="Leo", level=Level.MEDIUM)]
    final = play_game(rules.new_game(players, HouseRules(served_generala_wins=False), seed=21))
    app = GeneralaApp(final)

    async def analyse(pilot: Pilot[None]) -> None:
        await pilot.press("v")
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=analyse)


def test_analysis_chart_at_80x24(snap_compare: Any) -> None:
    """Below 30 rows the analysis opens on its list; ``c`` shows the chart, whole at 80x24."""
    from generala_tui.game.model import Level, Player
    from generala_tui.game.strategy import play_game

    players = [Player(name="Max", level=Level.EASY), Player(name="Leo", level=Level.MEDIUM)]
    final = play_game(rules.new_game(players, HouseRules(served_generala_wins=False), seed=21))

    async def chart(pilot: Pilot[None]) -> None:
        await pilot.press("v")
        await settle(pilot)
        await pilot.press("c")
        await settle(pilot)

    assert snap_compare(GeneralaApp(final), terminal_size=(80, 24), run_before=chart)


TURN_SIZES = [(40, 12), (60, 20), (120, 40), (200, 60)]


@pytest.mark.parametrize("size", TURN_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_turn_screen_at_every_size(snap_compare: Any, size: tuple[int, int]) -> None:
    assert snap_compare(GeneralaApp(_mid_game()), terminal_size=size, press=["r", "2"])


def test_turn_screen_too_small(snap_compare: Any) -> None:
    assert snap_compare(GeneralaApp(_mid_game()), terminal_size=(30, 8))


def test_tie_break_turn_at_40x12(snap_compare: Any) -> None:
    state = rules.scratch(rules.roll(last_turn_tie(), [1, 2, 3, 3, 5]), "generala")
    assert snap_compare(GeneralaApp(state), terminal_size=(40, 12), press=["r"])


def test_scorecard_screen_at_40x12(snap_compare: Any) -> None:
    assert snap_compare(GeneralaApp(_mid_game()), terminal_size=(40, 12), press=["s"])


def test_game_over_at_40x12(snap_compare: Any) -> None:
    state = last_turn_tie()
    state = rules.roll(rules.roll(state, [1, 2, 3, 5, 6]), [6, 6, 6, 6, 6])
    state = rules.score(state, "generala")
    assert snap_compare(GeneralaApp(state), terminal_size=(40, 12))


def test_analysis_decision_opened(snap_compare: Any) -> None:
    from generala_tui.game.model import Level, Player
    from generala_tui.game.strategy import play_game

    players = [Player(name="Max", level=Level.EASY), Player(name="Leo", level=Level.MEDIUM)]
    final = play_game(rules.new_game(players, HouseRules(served_generala_wins=False), seed=21))

    async def open_decision(pilot: Pilot[None]) -> None:
        await pilot.press("v")
        await settle(pilot)
        pilot.app.screen.query_one("#decisions-1").focus()
        await pilot.press("down", "enter")
        await pilot.pause()

    assert snap_compare(GeneralaApp(final), terminal_size=SIZE, run_before=open_decision)


@pytest.mark.parametrize("size", [(80, 24), (40, 12), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_trainer_screen(snap_compare: Any, size: tuple[int, int]) -> None:
    from generala_tui.ui.screens.trainer import TrainerScreen

    async def answer_one(pilot: Pilot[None]) -> None:
        await pilot.pause()
        pilot.app.push_screen(TrainerScreen(seed=5))
        await settle(pilot)
        await pilot.press("down", "enter")  # fill the second open box
        await pilot.pause()

    assert snap_compare(GeneralaApp(), terminal_size=size, run_before=answer_one)


@pytest.mark.parametrize("size", [(80, 24), (40, 12)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_replay_screen(snap_compare: Any, size: tuple[int, int]) -> None:
    from generala_tui.game.model import Level, Player
    from generala_tui.game.strategy import play_game

    players = [Player(name="Max", level=Level.EASY), Player(name="Leo", level=Level.MEDIUM)]
    final = play_game(rules.new_game(players, HouseRules(served_generala_wins=False), seed=21))
    app = GeneralaApp(replay=final)
    assert snap_compare(app, terminal_size=size, press=["pagedown", "pagedown", "right"])
