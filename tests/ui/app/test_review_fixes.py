"""Player-facing bugs found in review, each pinned by a test."""

from __future__ import annotations

from rich.cells import cell_len
from textual.widgets import Button

from generala_tui.game import rules
from generala_tui.game.model import Category, Level, Player
from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.screens.dialogs import ConfirmDialog, QuitDialog
from generala_tui.ui.screens.scorecard import ScorecardScreen
from generala_tui.ui.screens.setup import SetupScreen
from generala_tui.ui.screens.turn import TurnScreen
from generala_tui.ui.screens.turn_view import box_offers
from generala_tui.ui.widgets.scorecard import ScorecardTable
from generala_tui.ui.widgets.standings import Standings

from ..conftest import computer_first, nothing_to_score, settle, settle_until


async def test_new_game_while_a_computer_plays_does_not_crash() -> None:
    game = computer_first()
    app = GeneralaApp(game, computer_delay=60)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TurnScreen)
        assert [w for w in app.workers if w.group == "computer" and w.is_running]
        app.show_setup()  # while Rita's worker waits out its pace
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        assert app.game is None
        assert app.is_running
        assert not [w for w in app.workers if w.group == "computer" and w.is_running]


async def test_a_human_cannot_roll_for_the_computer_and_its_turn_goes_on() -> None:
    game = computer_first()
    app = GeneralaApp(game, computer_delay=60)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TurnScreen)
        titles = {c.title for c in app.get_system_commands(screen)}
        assert "Roll" not in titles
        before = app.game
        screen.action_roll()
        assert app.game is before
        await pilot.press("f")
        await settle_until(pilot, lambda: app.game.current == 1)
        assert app.game.current == 1  # Rita finished her turn


async def test_computer_replans_when_the_game_moved_under_it() -> None:
    game = computer_first()
    app = GeneralaApp(game, computer_delay=60)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.game = rules.roll(app.game)  # something else rolls while her step waits
        await pilot.press("f")
        await settle_until(pilot, lambda: app.game.current == 1)
        assert app.game.current == 1


async def test_ctrl_q_over_another_dialog_still_asks() -> None:
    state = nothing_to_score()
    app = GeneralaApp(state)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.click("#box-generala")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, QuitDialog)
        await pilot.press("n")
        await pilot.pause()
        assert app.is_running


async def test_enter_on_the_scratch_question_keeps_playing() -> None:
    state = nothing_to_score()
    app = GeneralaApp(state)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.click("#box-generala")
        await pilot.pause()
        await pilot.press(
            "enter"
        )  # the focus starts on "Keep playing": Enter, Enter never scratches
        await pilot.pause()
        assert app.game == state
        await pilot.click("#box-generala")
        await pilot.pause()
        app.screen.query_one("#confirm", Button).focus()
        await pilot.press("enter")
        await pilot.pause()
        assert app.game.players[0].boxes[Category.GENERALA].scratched


async def test_enter_before_the_first_roll_does_nothing_and_says_nothing() -> None:
    app = GeneralaApp(rules.new_game(["Ana", "Bruno"], seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        start = app.game
        await pilot.press("tab", "enter", "space")
        await pilot.pause()
        assert app.game.turn.rolls == 1  # space rolled; enter did nothing
        assert app.game.players == start.players
        assert not [n for n in app._notifications if "tie-break" in n.message]


async def test_pace_can_be_changed_on_a_human_turn_when_computers_play() -> None:
    game = rules.new_game([Player(name="Ana"), Player(name="Rita", level=Level.EASY)], seed=1)
    app = GeneralaApp(game, computer_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("minus")
        assert app.computer_delay > 0.0


async def test_a_wide_scorecard_scrolls_sideways() -> None:
    names = [f"{letter * 18}{n}" for n, letter in enumerate("ABCDEFGH")]
    app = GeneralaApp(rules.new_game(names, seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen)
        table = app.screen.query_one(ScorecardTable)
        assert table.max_scroll_x > 0
        await pilot.press("right", "right", "right")
        await pilot.pause()
        assert table.scroll_x > 0


async def test_wide_character_names_keep_one_row_per_player() -> None:
    names = ["😀🎲 Dice", "張偉張偉張偉張偉張偉", "Ana", "ABCDEFGHIJKLMNOPQRST"]
    players = [
        Player(name=n, level=Level.EASY if n == "ABCDEFGHIJKLMNOPQRST" else None) for n in names
    ]
    app = GeneralaApp(rules.new_game(players, seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        standings = app.screen.query_one("#standings", Standings)
        lines = str(standings.render()).split("\n")
        assert len(lines) == 4
        width = standings.size.width
        assert all(cell_len(line) <= width for line in lines)
        assert "⚙" in lines[3]


def test_double_generala_says_why_it_can_only_be_scratched() -> None:
    from generala_tui.game.model import HouseRules

    state = rules.new_game(["Ana"], HouseRules(double_generala=True), seed=1)
    notes = {o.category: o.note for o in box_offers(state)}
    assert notes[Category.DOUBLE_GENERALA] == "later"
    state = rules.scratch(rules.roll(state, [1, 2, 3, 4, 6]), Category.GENERALA)
    notes = {o.category: o.note for o in box_offers(state)}
    assert notes[Category.DOUBLE_GENERALA] == "dead"


async def test_play_again_after_a_seeded_game_rolls_new_dice() -> None:
    app = GeneralaApp(rules.new_game(["Ana", "Bruno"], seed=9), seed=9)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.play_again()
        await pilot.pause()
        assert app.game.seed != 9


async def test_a_computer_that_cannot_choose_says_so_and_f_tries_again(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from generala_tui.ui import computer

    calls = []

    def broken_once(state, strategy=None):  # type: ignore[no-untyped-def]
        calls.append(state)
        if len(calls) == 1:
            raise RuntimeError("no table")
        return original(state, strategy=strategy)

    original = computer.choose_action
    monkeypatch.setattr(computer, "choose_action", broken_once)
    game = computer_first()
    app = GeneralaApp(game, computer_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert any(
            "Rita could not choose a move (no table): press f" in n.message
            for n in app._notifications
        )
        assert app.game.turn.rolls == 0
        await pilot.press("f")
        await settle_until(pilot, lambda: app.game.current == 1)
        assert app.game.current == 1
