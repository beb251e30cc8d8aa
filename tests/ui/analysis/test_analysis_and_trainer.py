"""The analysis with its charts and decisions opened; the trainer played by keys and by mouse,
and its verdicts' words."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from textual.widgets import Button, DataTable, Static, TabbedContent

from generala_tui import store
from generala_tui.game import rules
from generala_tui.game.action import Action
from generala_tui.game.model import GameState, HouseRules, Level, Phase, Player
from generala_tui.game.strategy import (
    ActionValue,
    DecisionMark,
    LuckMark,
    play_game,
    review_game,
    solve,
)
from generala_tui.game.training import Drill, DrillSource, Verdict
from generala_tui.ui import vocabulary
from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.screens import trainer_words
from generala_tui.ui.screens.analysis import AnalysisScreen, DecisionList, DecisionScreen
from generala_tui.ui.screens.analysis_view import COSTLY_MARKS, course_chart, listed_decisions
from generala_tui.ui.screens.setup import SetupScreen
from generala_tui.ui.screens.trainer import TrainerScreen, _shown_best
from generala_tui.ui.widgets import coach_words

from ..conftest import click_box, running, settle, settle_until


@pytest.fixture(scope="module")
def finished() -> GameState:
    players = [Player(name="Max", level=Level.EASY), Player(name="Leo", level=Level.MEDIUM)]
    return play_game(rules.new_game(players, HouseRules(served_generala_wins=False), seed=21))


def test_the_chart_library_is_not_imported_at_start_up() -> None:
    probe = (
        "import sys, json; import generala_tui.commands.main, generala_tui.ui.app; "
        "print(json.dumps([m for m in ('textual_plotext', 'plotext') if m in sys.modules]))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == []


def test_the_course_chart_marks_big_luck_and_costly_decisions(finished: GameState) -> None:
    review = review_game(finished, solve(finished.house_rules))
    for player in review.players:
        chart = course_chart(player)
        assert chart.ys == tuple(value for _, value in player.course)
        assert chart.tick_labels == tuple(str(n) for n in range(1, finished.rounds + 1))
        costly = [d for d in player.decisions if d.mark in COSTLY_MARKS]
        assert len(chart.costly) == len(costly)
        big = [r for r in player.rolls if r.mark in {LuckMark.VERY_LUCKY, LuckMark.VERY_UNLUCKY}]
        assert len(chart.lucky) + len(chart.unlucky) == len(big)
        for step, value in chart.costly:
            assert chart.ys[step] == value
    easy = review.players[0]
    assert any(d.mark in {DecisionMark.BAD, DecisionMark.VERY_BAD} for d in easy.decisions)


async def _analysis(app: GeneralaApp, pilot) -> AnalysisScreen:  # type: ignore[no-untyped-def]
    await pilot.press("v")
    await settle_until(
        pilot,
        lambda: isinstance(app.screen, AnalysisScreen) and bool(app.screen.query(DecisionList)),
    )
    screen = app.screen
    assert isinstance(screen, AnalysisScreen)
    return screen


async def test_the_analysis_shows_each_players_figures_chart_and_decisions(
    finished: GameState,
) -> None:
    from generala_tui.ui.widgets.course_chart import CourseChartPlot

    async with running(finished) as (app, pilot):
        screen = await _analysis(app, pilot)
        review = screen.review
        assert review is not None
        table = screen.query_one("#analysis-players", DataTable)
        assert table.row_count == 2
        for row, player in enumerate(review.players):
            cells = [str(cell) for cell in table.get_row_at(row)]
            assert cells[0] == player.name
            assert cells[1] == str(finished.players[row].total)
            assert cells[4] == f"{player.loss:.1f}"
        charts = list(screen.query(CourseChartPlot))
        assert [c.chart for c in charts] == [course_chart(p) for p in review.players]
        lists = list(screen.query(DecisionList))
        assert [len(d.decisions) for d in lists] == [
            len(listed_decisions(p)) for p in review.players
        ]
        assert lists[0].row_count == len(lists[0].decisions)
        tabs = screen.query_one("#analysis-tabs", TabbedContent)
        assert tabs.active == "player-1"
        await pilot.press("n")
        assert tabs.active == "player-2"
        await pilot.press("n")
        assert tabs.active == "player-1"
        await pilot.press("p")
        assert tabs.active == "player-2"


async def test_enter_on_a_decision_opens_its_position_and_escape_goes_back(
    finished: GameState,
) -> None:
    async with running(finished) as (app, pilot):
        screen = await _analysis(app, pilot)
        decisions = screen.query_one("#decisions-1", DecisionList)
        decisions.focus()
        await pilot.press("down", "enter")
        await pilot.pause()
        opened = app.screen
        assert isinstance(opened, DecisionScreen)
        decision = decisions.decisions[1]
        assert opened.decision == decision
        shown = str(opened.query_one("#decision-choices", Static).render())
        assert f"{decision.expected:.1f} expected" in shown
        assert "Best: " in shown and f"{decision.best_expected:.1f}" in shown
        assert f"{decision.choices[1].expected:.1f}" in shown  # the next best
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


async def test_a_click_on_a_decision_opens_it(finished: GameState) -> None:
    async with running(finished, size=(120, 40)) as (app, pilot):
        screen = await _analysis(app, pilot)
        decisions = screen.query_one("#decisions-1", DecisionList)
        screen.query_one("#analysis-scroll").scroll_to_widget(decisions, animate=False)
        await pilot.pause()
        assert await pilot.click(decisions, offset=(3, 3))  # the header is row 0
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, DecisionScreen)
        assert app.screen.decision == decisions.decisions[2]


# --- the trainer --------------------------------------------------------------------------


async def _trainer(pilot, app: GeneralaApp) -> TrainerScreen:  # type: ignore[no-untyped-def]
    await pilot.pause()
    assert isinstance(app.screen, SetupScreen)
    await pilot.press("ctrl+g")
    await settle_until(
        pilot, lambda: isinstance(app.screen, TrainerScreen) and app.screen.position is not None
    )
    screen = app.screen
    assert isinstance(screen, TrainerScreen)
    return screen


def _expected_cost(screen: TrainerScreen, action: Action) -> float:
    drill = screen.drills[len(screen.answers) - 1]
    strategy = solve(HouseRules())
    values = strategy.evaluate(drill.state)
    return max(0.0, values[0].expected - strategy.action_value(drill.state, action))


async def test_a_whole_training_round_by_keys() -> None:
    async with running(house_rules=HouseRules()) as (app, pilot):
        screen = await _trainer(pilot, app)
        assert len(screen.drills) == 10
        assert {drill.source for drill in screen.drills} == {DrillSource.RANDOM}
        total = 0.0
        for number in range(10):
            state = screen.position
            assert state is not None and state == screen.drills[number].state
            # Dice 1 and 2 held or released (the positions come unseeded: any may show up).
            held = sorted({0, 1} ^ {i for i, h in enumerate(state.turn.held) if h})
            lockable = not any(state.turn.locked[:2])
            if number % 2 and state.rolls_left and len(held) < 5 and lockable:
                await pilot.press("1", "2", "r")  # hold the first two dice and roll
                action = Action.roll(held)
            else:
                await pilot.press("down", "enter")  # fill the second open box
                offer = rules.offers(state)[1 % len(rules.offers(state))]
                fill = Action.score if offer.points else Action.scratch
                action = fill(offer.category)
            await pilot.pause()
            assert len(screen.answers) == number + 1
            verdict = screen.answers[-1].verdict
            assert verdict.action == action
            assert verdict.cost == pytest.approx(_expected_cost(screen, action))
            total += verdict.cost
            score = str(screen.query_one("#trainer-score", Static).render())
            assert f"of {number + 1} best" in score and f"{total:.1f} points" in score
            await pilot.press("enter")  # next (the last one: the summary)
            await pilot.pause()
        assert screen.done
        summary = str(screen.query_one("#trainer-summary", Static).render())
        # "Best" as the coach shows it: the totals equal to the tenth (a choice within
        # BEST_MARGIN of the best may still show a tenth less, and then is not).
        best = sum(
            coach_words.shown_best(answer.verdict.expected, answer.verdict.best.expected)
            for answer in screen.answers
        )
        assert f"{best} of 10 best choices" in summary and f"{total:.1f}" in summary
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)


async def test_a_whole_training_round_by_mouse() -> None:
    async with running(house_rules=HouseRules(), size=(100, 32)) as (app, pilot):
        await pilot.pause()
        assert await pilot.click("#open-trainer")
        await settle_until(
            pilot, lambda: isinstance(app.screen, TrainerScreen) and app.screen.position is not None
        )
        screen = app.screen
        assert isinstance(screen, TrainerScreen)
        for number in range(10):
            state = screen.position
            assert state is not None
            held_after = sum(state.turn.held) + (-1 if state.turn.held[2] else 1)
            if number % 2 == 0 and state.rolls_left and held_after < 5:
                assert await pilot.click("#die-3")
                await pilot.pause()
                assert (
                    screen.position is not None
                    and screen.position.turn.held[2] != state.turn.held[2]
                )
                assert await pilot.click("#trainer-roll")
            else:
                category = rules.offers(state)[0].category
                await click_box(pilot, category)
            await pilot.pause()
            assert len(screen.answers) == number + 1
            assert screen.query_one("#trainer-next", Button).display
            assert await pilot.click("#trainer-next")
            await pilot.pause()
        assert screen.done
        # A click elsewhere first: two quick clicks on one button make a double click.
        assert await pilot.click("#trainer-top")
        assert await pilot.click("#trainer-next")  # another round
        await settle_until(pilot, lambda: screen.position is not None and not screen.answers)
        assert not screen.done and len(screen.drills) == 10


async def test_the_trainer_draws_on_the_players_own_costliest_decisions() -> None:
    games = []
    for seed in (31, 32):
        easy = [Player(name="Ana", level=Level.EASY), Player(name="Bot", level=Level.EXPERT)]
        game = play_game(rules.new_game(easy, seed=seed))
        human = (game.players[0].model_copy(update={"level": None}), game.players[1])
        game = game.model_copy(update={"players": human})
        assert game.phase is Phase.OVER
        assert store.add_to_history(game) is None
        games.append(game)
    async with running(house_rules=HouseRules()) as (app, pilot):
        await pilot.pause()
        app.screen.query_one("#name-1").value = "Ana"  # type: ignore[attr-defined]
        screen = await _trainer(pilot, app)
        assert screen.trainee_name == "Ana"
        first = screen.drills[0]
        assert first.source is DrillSource.HISTORY
        strategy = solve(HouseRules())
        costs = [
            d.cost
            for game in games
            for p in review_game(game, strategy).players
            if p.name == "Ana"
            for d in p.decisions
        ]
        drawn = [d for d in screen.drills if d.source is DrillSource.HISTORY]
        assert all(any(d.cost == pytest.approx(c) for c in costs) for d in drawn)
        assert first.state.current_player.name == "Ana"
        top = str(screen.query_one("#trainer-top", Static).render())
        assert "one of your costly decisions" in top
        await pilot.press("down", "enter")
        await pilot.pause()
        said = str(screen.query_one("#trainer-message", Static).render())
        assert first.played is not None
        played = vocabulary.describe_action(first.played, first.state.turn.dice)
        assert f"In your game you played: {played} (cost {first.cost:.1f})." in said


def _history_of_ana() -> None:
    easy = [Player(name="Ana", level=Level.EASY), Player(name="Bot", level=Level.EXPERT)]
    game = play_game(rules.new_game(easy, seed=31))
    human = (game.players[0].model_copy(update={"level": None}), game.players[1])
    assert store.add_to_history(game.model_copy(update={"players": human})) is None


async def test_a_named_player_is_never_trained_on_anothers_decisions() -> None:
    _history_of_ana()
    async with running(house_rules=HouseRules()) as (app, pilot):
        await pilot.pause()
        app.screen.query_one("#name-1").value = "Zoe"  # type: ignore[attr-defined]
        screen = await _trainer(pilot, app)
        assert screen.trainee_name == "Zoe"
        assert {drill.source for drill in screen.drills} == {DrillSource.RANDOM}
        top = str(screen.query_one("#trainer-top", Static).render())
        assert "random position (Zoe has no finished game in the history yet)" in top


async def test_with_no_name_typed_the_heading_says_whose_decisions_they_are() -> None:
    _history_of_ana()
    async with running(house_rules=HouseRules()) as (app, pilot):
        await pilot.pause()
        app.push_screen(TrainerScreen(None, seed=3))
        await settle_until(
            pilot, lambda: isinstance(app.screen, TrainerScreen) and app.screen.position is not None
        )
        screen = app.screen
        assert isinstance(screen, TrainerScreen)
        assert screen.trainee_name == "Ana"
        top = str(screen.query_one("#trainer-top", Static).render())
        assert "one of Ana's costly decisions" in top
        await pilot.press("down", "enter")
        await pilot.pause()
        said = str(screen.query_one("#trainer-message", Static).render())
        assert "In Ana's game: " in said


async def test_a_trainer_without_its_table_says_so_and_r_tries_again() -> None:
    from generala_tui.game import strategy as strategy_module

    def fail(*args: object, **kwargs: object) -> None:
        raise OSError("no room left on the device")

    breakage = pytest.MonkeyPatch()
    breakage.setattr(strategy_module, "cached_strategy", lambda house_rules: None)
    breakage.setattr(strategy_module, "solve", fail)
    async with running(house_rules=HouseRules()) as (app, pilot):
        await pilot.pause()
        app.push_screen(TrainerScreen(seed=2))
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TrainerScreen)
        top = str(screen.query_one("#trainer-top", Static).render())
        assert "could not be prepared" in top and "no room left" in top
        assert screen.check_action("retry", ()) and not screen.check_action("fill", ())
        breakage.undo()
        await pilot.press("r")
        await settle_until(pilot, lambda: screen.position is not None)
        assert len(screen.drills) == 10 and not screen.check_action("retry", ())


async def test_the_command_palette_opens_the_trainer_from_the_setup_screen() -> None:
    async with running(house_rules=HouseRules()) as (app, pilot):
        await pilot.pause()
        commands = [c.title for c in app.get_system_commands(app.screen)]
        assert "Trainer" in commands
        trainer = next(c for c in app.get_system_commands(app.screen) if c.title == "Trainer")
        trainer.callback()
        await pilot.pause()
        assert isinstance(app.screen, TrainerScreen)


async def test_a_seats_default_name_names_nobody_so_the_history_says_whose_decisions() -> None:
    _history_of_ana()
    async with running(house_rules=HouseRules()) as (app, pilot):
        await pilot.pause()
        assert app.screen.query_one("#name-1").value == vocabulary.default_player_name(1)  # type: ignore[attr-defined]
        screen = await _trainer(pilot, app)
        assert screen.trainee_name == "Ana"
        assert DrillSource.HISTORY in {drill.source for drill in screen.drills}
        top = str(screen.query_one("#trainer-top", Static).render())
        assert "one of Ana's costly decisions" in top


# --- the trainer's verdicts, built from the figures alone --------------------------------


def test_a_best_answer_names_the_best_choice_once() -> None:
    said = trainer_words.trainer_verdict(
        "Keep 1-1-1-1 and roll", 161.2, 0.0, ("Keep 1-1-1-1", 161.2), None
    )
    assert said.plain.count("161.2") == 1
    assert "Best:" not in said.plain


def test_a_costly_answer_names_the_best_choice_and_the_next_best() -> None:
    said = trainer_words.trainer_verdict(
        "Roll all five dice", 145.9, 15.3, ("Keep 1-1-1-1", 161.2), ("Four of a kind", 156.0)
    )
    lines = said.plain.splitlines()
    assert len(lines) == 3
    assert "Keep 1-1-1-1" in lines[1] and "161.2" in lines[1]
    assert "Four of a kind" in lines[2] and "156.0" in lines[2]


def test_the_narrow_trainer_score_shows_no_negative_zero() -> None:
    """Before any answer, and after best answers only, nothing is given away: no negative zero."""
    assert trainer_words.trainer_score_short(0, 0, 0.0).plain == "Score 0/0"
    assert trainer_words.trainer_score_short(1, 1, 0.01).plain == "Score 1/1"
    assert trainer_words.trainer_score_short(2, 1, 3.25).plain == "Score 1/2, −3.2"


# The verdict says "best" as the coach's columns do (issue 23): of a choice whose total shows
# as the best one's, never of one shown lower (148.7 beside a best at 148.8).


def test_a_choice_shown_lower_than_the_best_is_not_called_best() -> None:
    said = trainer_words.trainer_verdict("Keep 3", 148.74, 0.02, ("Keep 4", 148.76), None)
    assert "Best choice!" not in said.plain
    assert said.plain.startswith("Costs 0.1: Keep 3, 148.7 expected.")
    assert "Best: Keep 4, 148.8." in said.plain


def test_a_choice_shown_as_the_best_is_best() -> None:
    said = trainer_words.trainer_verdict("Keep 3", 148.71, 0.03, ("Keep 4", 148.74), None)
    assert said.plain.startswith("Best choice! Keep 3: 148.7 expected.")
    assert "Best:" not in said.plain


def test_the_score_counts_best_as_the_verdict_says_it() -> None:
    state = rules.roll(rules.new_game(["Ana", "Bruno"], seed=1), [4, 3, 1, 2, 6])
    choices = (
        ActionValue(Action.roll([0]), 148.76, 0.0, kept=(4,)),
        ActionValue(Action.roll([1]), 148.74, 0.02, kept=(3,)),
        ActionValue(Action.roll([2]), 148.69, 0.07, kept=(1,)),
    )
    verdicts = [Verdict(choice.action, choice.expected, choices) for choice in choices]
    assert [_shown_best(verdict) for verdict in verdicts] == [True, False, False]
    assert [verdict.is_best for verdict in verdicts] == [True, True, False]  # the game's margin
    assert Drill(state, DrillSource.RANDOM).state is state
