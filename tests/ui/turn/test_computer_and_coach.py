"""Computer players on the turn screen (a human cannot play their turn, a new game while one
plays, a game of computers on the winner's screen), the pace, the coach, and levels chosen on
the setup screen.

Their turns themselves (an expert's, a whole game of computers, replanning when the game moved
under them) are played on the local table alone: tests/ui/table/test_local_table.py."""

from __future__ import annotations

import pytest
from textual.widgets import Input

from generala_tui import i18n
from generala_tui.game import rules
from generala_tui.game.action import Action, ActionKind, action_of
from generala_tui.game.model import GameState, Level, Phase, Player
from generala_tui.game.strategy import play_game
from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.screens.analysis import AnalysisScreen
from generala_tui.ui.screens.game_over import GameOverScreen
from generala_tui.ui.screens.setup import LevelPicker, SetupScreen
from generala_tui.ui.screens.turn import TurnScreen
from generala_tui.ui.widgets.coach import CoachAdvice, CoachPanel

from ..conftest import computer_first, running, settle, settle_until


def _game(*players: Player, seed: int = 3) -> GameState:
    return rules.new_game(list(players), seed=seed)


async def test_a_champion_takes_its_turns_by_the_win_chances_solved_in_a_worker(
    monkeypatch,  # type: ignore[no-untyped-def]
) -> None:
    from generala_tui.game.strategy.chances import Chances

    asked: list[GameState] = []
    champion_action = Chances.champion_action

    def recorded(self: Chances, state: GameState) -> Action:
        asked.append(state)
        return champion_action(self, state)

    monkeypatch.setattr(Chances, "champion_action", recorded)
    game = _game(Player(name="Ana"), Player(name="Rita", level=Level.CHAMPION))
    async with running(game, computer_delay=0) as (app, pilot):
        await pilot.press("r", "enter")
        await pilot.pause()
        await settle_until(pilot, lambda: app.game.current == 0)
        assert app.solver.ready_chances(game.house_rules) is not None
        rita = app.game.players[1]
        assert len(rita.boxes) == 1
        assert app.game.current == 0 and app.game.turn.rolls == 0
        assert asked and all(state.current == 1 for state in asked)
        rita_moves = [action_of(entry) for entry in app.game.log if entry.seat == 1]
        assert rita_moves and rita_moves[-1] is not None
        assert rita_moves[-1].kind in {ActionKind.SCORE, ActionKind.SCRATCH}


async def test_humans_cannot_act_during_a_computer_turn_and_f_skips_ahead() -> None:
    game = _game(Player(name="Rita", level=Level.EASY), Player(name="Ana"))
    async with running(game, computer_delay=60) as (app, pilot):
        await pilot.pause()  # Rita's worker waits out her first step's long pace
        before = app.game
        assert before.current == 0
        await pilot.press("r", "1", "enter")
        await pilot.click("#roll")
        await pilot.click("#die-1")
        await pilot.pause()
        assert app.game.turn == before.turn  # the computer's first step is still waiting
        await pilot.press("f")
        await settle_until(pilot, lambda: app.game.current == 1)
        assert app.game.current == 1
        assert len(app.game.players[0].boxes) == 1


async def test_computer_pace_keys_change_the_delay() -> None:
    game = _game(Player(name="Rita", level=Level.EASY), Player(name="Ana"))
    async with running(game, computer_delay=0.7) as (app, pilot):
        await pilot.press("plus")
        assert app.computer_delay < 0.7
        await pilot.press("minus", "minus")
        assert app.computer_delay > 0.7


async def test_a_game_of_computers_opens_on_the_winner_screen_and_its_analysis() -> None:
    game = _game(Player(name="Max", level=Level.EASY), Player(name="Leo", level=Level.MEDIUM))
    async with running(play_game(game), computer_delay=0) as (app, pilot):
        await settle(pilot)
        assert app.game.phase is Phase.OVER
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("v")
        await settle(pilot)
        assert isinstance(app.screen, AnalysisScreen)
        text = str(app.screen.query_one("#analysis").render())
        assert "Max:" in text and "Leo:" in text
        assert "expected points lost over" in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)


async def test_setup_mixes_humans_and_computers_in_any_order() -> None:
    async with running(computer_delay=60) as (app, pilot):
        await pilot.pause()
        await pilot.press("ctrl+n")
        await pilot.pause()
        screen = app.screen
        screen.query_one("#name-1", Input).value = "Rita"
        for _ in range(3):  # Human, Easy, Medium, Expert
            await pilot.click("#level-1")
        screen.query_one("#level-3", LevelPicker).focus()
        await pilot.press("right")  # Human, Easy
        await pilot.pause()
        assert str(screen.query_one("#level-1", LevelPicker).label) == "⚙ Expert ▸"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TurnScreen)
        assert [p.level for p in app.game.players] == [Level.EXPERT, None, Level.EASY]


async def test_the_level_button_goes_round_to_the_champion_and_back_to_human() -> None:
    async with running(computer_delay=60) as (app, pilot):
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        screen.query_one("#name-1", Input).value = "Rita"
        labels = []
        for _ in range(5):
            await pilot.click("#level-1")
            labels.append(str(screen.query_one("#level-1", LevelPicker).label))
        assert labels == ["⚙ Easy ▸", "⚙ Medium ▸", "⚙ Expert ▸", "⚙ Champion ▸", "Human ▸"]
        screen.query_one("#level-1", LevelPicker).focus()
        await pilot.press("left")  # back from Human: the last level
        await pilot.pause()
        assert str(screen.query_one("#level-1", LevelPicker).label) == "⚙ Champion ▸"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TurnScreen)
        assert app.game.players[0].level is Level.CHAMPION


async def test_coach_shows_the_best_action_and_follows_holds_and_rolls() -> None:
    game = _game(Player(name="Ana"), Player(name="Bruno"))
    async with running(game) as (app, pilot):
        await pilot.press("h")
        await settle(pilot)
        panel = app.screen.query_one(CoachPanel)
        assert panel.display
        # the only choice is the best by the total (★) and by the chance of winning (♛)
        assert "★♛ Roll" in str(panel.render())
        await pilot.press("r")
        await pilot.pause()
        after_roll = str(panel.render())
        # the keeps, ranked, the best marked; at 80 columns each with its win chance
        # where the total's loss would be (the panel has room for one of them)
        assert "★" in after_roll and "Keep and roll:" in after_roll and "%" in after_roll
        assert "◆" not in after_roll
        await pilot.press("3")
        await pilot.pause()
        held = app.game.turn.dice[2]
        assert f"◆[{held}]" in str(panel.render())  # the keep the held die makes
        await pilot.press("r")
        await pilot.pause()
        assert app.game.turn.rolls == 2
        assert str(panel.render()) != after_roll
        await pilot.press("h")
        await pilot.pause()
        assert not panel.display


def _coach_says(app: GeneralaApp) -> list[str]:
    """The coach's words: its panel's lines under their heading, and its one line (which shows
    below 80 columns, where the panel does not)."""
    screen = app.screen
    panel_lines = str(screen.query_one(CoachPanel).render()).splitlines()[1:]
    line = str(screen.query_one(CoachAdvice).render())
    return [said for said in [*panel_lines, line] if said.strip()]


@pytest.mark.parametrize("size", [(60, 20), (80, 24), (200, 60)])
async def test_the_coach_advises_on_new_dice_a_frame_after_them_never_on_the_old(
    size: tuple[int, int],
) -> None:
    # A key's frame shows its dice, boxes and scores at once; the coach's advice on them (its
    # win chances looked up, its lines laid out) comes with the next frame (bench_keys.py).
    game = _game(Player(name="Ana"), Player(name="Bruno"))
    async with running(game, size=size) as (app, pilot):
        await pilot.press("h")
        await settle_until(pilot, lambda: any("%" in said for said in _coach_says(app)))
        await pilot.press("r")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TurnScreen) and app.table is not None

        def fill() -> bool:
            state = app.game
            assert state is not None and app.table is not None
            best = max(rules.offers(state), key=lambda offer: offer.points or 0)
            return app.table.move(Action.score(best.category))

        moves = {
            "hold": lambda: app.table.hold(0),
            "two holds before a frame": lambda: app.table.hold(1) and app.table.hold(2),
            "roll": lambda: app.table.move(Action.roll([0])),
            "fill": fill,
        }
        for name, move in moves.items():
            before = _coach_says(app)
            assert before, name
            assert move(), name  # the move and its redraw, as its key makes them
            # Its frame: no advice, neither on the dice before nor yet on these.
            assert _coach_says(app) == [], (name, _coach_says(app))
            await settle(pilot)
            state = app.game
            assert state is not None
            values = screen._coach_values(state)
            assert values and screen.query_one(CoachPanel).showing(state, values), name
            said = _coach_says(app)
            assert i18n.decimal(values[0].expected) in said[-1], (name, said)  # the best total
            assert any(i18n.decimal(values[0].expected) in line for line in said[:-1]), name
        # A redraw of the same position (the tables ready, a resize, a language) keeps the
        # advice in view: it is the position's already.
        advice = _coach_says(app)
        screen.draw(state)
        assert _coach_says(app) == advice


async def test_new_game_while_a_computer_plays_does_not_crash() -> None:
    game = computer_first()
    async with running(game, computer_delay=60) as (app, pilot):
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
    async with running(game, computer_delay=60) as (app, pilot):
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


async def test_pace_can_be_changed_on_a_human_turn_when_computers_play() -> None:
    game = rules.new_game([Player(name="Ana"), Player(name="Rita", level=Level.EASY)], seed=1)
    async with running(game, computer_delay=0.0) as (app, pilot):
        await pilot.press("minus")
        assert app.computer_delay > 0.0
