"""Every screen with seeded dice (the turn screen at every size), against the approved SVGs:
the turn screen with the win-chance bar, the coach with its win chances, eight players in
their colours, the turn log's own screen, the guide in three languages, and the analysis with
the win chances on its chart."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from generala_tui import store
from generala_tui.game import rules
from generala_tui.game.model import Category, GameState, HouseRules, Level, Player
from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.widgets.coach import CoachPanel
from generala_tui.ui.widgets.win_chances import WinChances

from ..conftest import first_seed, last_turn_tie, nothing_to_score, settle, settle_until
from ..guide.helpers import guide_of
from ..turn.test_coach_win_chances import trailing

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


def _max_and_leo() -> GameState:
    """A game of two computers played to its end, for the analysis, the replay and records."""
    from generala_tui.game.strategy import play_game

    players = [Player(name="Max", level=Level.EASY), Player(name="Leo", level=Level.MEDIUM)]
    return play_game(rules.new_game(players, HouseRules(served_generala_wins=False), seed=21))


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


@pytest.mark.parametrize("size", [(120, 32), (160, 48)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_turn_screen_with_the_coach_on_a_big_terminal(
    snap_compare: Any, size: tuple[int, int]
) -> None:
    """120x32: the box list's names and the coach's totals whole, the side panel narrowed;
    160x48: huge dice (one held) and the turn log across the foot (issue 36)."""

    async def coach_on(pilot: Pilot[None]) -> None:
        await pilot.press("h")
        await settle(pilot)
        await pilot.press("r", "2")
        await settle(pilot)

    assert snap_compare(GeneralaApp(_mid_game()), terminal_size=size, run_before=coach_on)


@pytest.mark.parametrize("size", [(80, 24), (40, 12), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_analysis_screen(snap_compare: Any, size: tuple[int, int]) -> None:
    final = _max_and_leo()
    app = GeneralaApp(final)

    async def analyse(pilot: Pilot[None]) -> None:
        await pilot.press("v")
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=analyse)


def test_analysis_chart_at_80x24(snap_compare: Any) -> None:
    """Below 30 rows the analysis opens on its list; ``c`` shows the chart, whole at 80x24."""
    final = _max_and_leo()

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
    final = _max_and_leo()

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
    final = _max_and_leo()
    app = GeneralaApp(replay=final)
    assert snap_compare(app, terminal_size=size, press=["pagedown", "pagedown", "right"])


# --- the win chances: the bar at the table, the coach's, the analysis chart's --------------


async def _bar_on(pilot: Pilot[None]) -> None:
    await pilot.press("w", "r")
    bar = pilot.app.screen.query_one(WinChances)
    await settle_until(pilot, lambda: bar.shares is not None)
    await settle(pilot)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_turn_screen_with_the_win_chance_bar(snap_compare: Any, size: tuple[int, int]) -> None:
    assert snap_compare(GeneralaApp(_mid_game()), terminal_size=size, run_before=_bar_on)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("by_chance", [False, True], ids=["by-total", "by-chance"])
def test_the_coach_shows_the_win_chances(
    snap_compare: Any, size: tuple[int, int], by_chance: bool
) -> None:
    """The coach with its win chances (issue 24, "on the screen"): a player trailing late,
    where the best total and the best chance are two choices, ranked by each."""

    async def coach_on(pilot: Pilot[None]) -> None:
        await pilot.press("h")
        panel = pilot.app.screen.query_one(CoachPanel)
        await settle_until(pilot, lambda: "%" in panel._text.plain)
        if by_chance:
            await pilot.press("k")
        await settle(pilot)

    assert snap_compare(GeneralaApp(trailing()), terminal_size=size, run_before=coach_on)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_analysis_with_the_win_chance_chart(snap_compare: Any, size: tuple[int, int]) -> None:
    """At 120x40 the chart shows at once; at 80x24 ``c`` brings it over the list."""

    async def chart(pilot: Pilot[None]) -> None:
        await pilot.press("v")
        await settle(pilot)
        if size[1] < 30:
            await pilot.press("c")
            await settle(pilot)

    assert snap_compare(GeneralaApp(_max_and_leo()), terminal_size=size, run_before=chart)


# --- eight players in their colours ---------------------------------------------------------

NAMES = ("Ana", "Bea", "Carlos", "Dora", "Eva", "Fede", "Gus", "Hilda")
CHOSEN = ("grey", "blue", "orange", "purple", "green", "red", "yellow", "sky")


@pytest.mark.parametrize("theme", ["textual-dark", "textual-light"])
def test_eight_players_in_their_colours(snap_compare: Any, theme: str) -> None:
    """Their colours and marks chosen at the setup: the turn screen (standings, top bar, side
    scorecard) in a light and a dark theme."""
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


# --- the turn log's own screen ----------------------------------------------------------------


def two_rounds() -> GameState:
    """A scripted game of two rounds (holds, a scratch, a served fill) and the turn in progress."""
    state = rules.new_game(["Ana", "Bruno"], seed=1)
    state = rules.roll(state, [4, 4, 2, 6, 1])
    state = rules.toggle_hold(rules.toggle_hold(state, 0), 1)
    state = rules.roll(state, [4, 3, 5])
    state = rules.score(state, Category.FOURS)
    state = rules.roll(state, [2, 3, 4, 5, 6])
    state = rules.score(state, Category.STRAIGHT)
    state = rules.roll(state, [1, 1, 2, 3, 6])
    state = rules.scratch(state, Category.GENERALA)
    state = rules.roll(state, [3, 3, 3, 5, 5])
    state = rules.score(state, Category.FULL_HOUSE)
    return rules.roll(state, [6, 6, 2, 6, 1])


@pytest.mark.parametrize("size", [(40, 12), (80, 24)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_turn_log_screen(snap_compare: Any, size: tuple[int, int]) -> None:
    async def open_log(pilot: Pilot[None]) -> None:
        await pilot.press("l")
        await pilot.pause()
        await pilot.pause()

    assert snap_compare(GeneralaApp(two_rounds()), terminal_size=size, run_before=open_log)


# --- the guided game's guide (issue 23, "at the table") ---------------------------------------

STEPS = {
    "hold": ["r"],  # the first roll made nothing: hold the dice you like
    "served": ["r", "enter", "r"],  # the second turn's first roll: a served straight
    "scratch": ["r", "1", "r", "r"],  # three rolls, nothing made
}


@pytest.mark.parametrize(
    ("lesson", "lang", "size"),
    [
        ("hold", "en", (40, 12)),
        ("hold", "en", (80, 24)),
        ("served", "es", (80, 24)),
        ("scratch", "sv", (120, 40)),
    ],
    ids=["hold-en-40x12", "hold-en-80x24", "served-es-80x24", "scratch-sv-120x40"],
)
def test_the_guide(snap_compare: Any, lesson: str, lang: str, size: tuple[int, int]) -> None:
    """Brief on one line at 40x12, in full from 80x24, in three languages."""

    async def guided(pilot: Pilot[None]) -> None:
        app = pilot.app
        assert isinstance(app, GeneralaApp)
        await pilot.pause()
        await pilot.press("ctrl+f")
        await settle_until(pilot, lambda: guide_of(app) is not None)
        for key in STEPS[lesson]:
            await pilot.press(key)
            await pilot.pause()
        await settle(pilot)

    assert snap_compare(GeneralaApp(language=lang), terminal_size=size, run_before=guided)
