"""The trainer's positions and verdicts: drawn from a player's costliest decisions, else random."""

from __future__ import annotations

import pytest

from generala_tui.game import rules
from generala_tui.game.action import Action
from generala_tui.game.model import GameState, HouseRules, Level, Phase, Player, Rolled
from generala_tui.game.strategy import analyse_game, play_game, solve
from generala_tui.game.training import (
    DrillSource,
    grade,
    history_drills,
    random_drills,
    trainee,
    training_round,
)


@pytest.fixture(scope="module")
def strategy():
    return solve(HouseRules())


def finished(names_levels: list[tuple[str, Level | None]], seed: int, strategy) -> GameState:
    """A finished game whose humans were played by the easy computer, then made human again."""
    players = [Player(name=n, level=level or Level.EASY) for n, level in names_levels]
    game = play_game(rules.new_game(players, seed=seed), strategy)
    humans = tuple(
        p.model_copy(update={"level": level})
        for p, (_, level) in zip(game.players, names_levels, strict=True)
    )
    return game.model_copy(update={"players": humans})


def test_trainee_is_the_preferred_human_when_in_the_history_else_the_most_frequent() -> None:
    ana = rules.new_game(["Ana", "Bruno"], seed=1)
    bruno = rules.new_game(["Bruno", Player(name="Rita", level=Level.EXPERT)], seed=2)
    games = [ana, bruno]
    assert trainee(games, "Ana") == "Ana"
    assert trainee(games, "Zoe") == "Bruno"
    assert trainee(games, "Rita") == "Bruno"  # a computer is never trained
    assert trainee([], "Zoe") == "Zoe"
    assert trainee([ana], None) == "Ana"  # the newest game's first among equals


def test_history_drills_are_the_players_costliest_decisions_right_after_the_roll(
    strategy,
) -> None:
    games = [finished([("Ana", None), ("Bot", Level.EXPERT)], seed, strategy) for seed in (3, 4)]
    drills = history_drills(games, "Ana", strategy, count=5)
    assert drills, "an easy player's games give costly decisions"
    costs = [drill.cost for drill in drills]
    assert costs == sorted(costs, reverse=True)
    worst = max(
        decision.loss
        for game in games
        for analysis in analyse_game(game, strategy)
        if analysis.name == "Ana"
        for decision in analysis.costliest
    )
    assert costs[0] == pytest.approx(worst)
    for drill in drills:
        assert drill.source is DrillSource.HISTORY
        state = drill.state
        assert state.current_player.name == "Ana"
        assert state.turn.rolls >= 1 and state.phase is Phase.PLAYING
        assert isinstance(state.log[-1], Rolled)  # the holds the player made are not shown
        assert drill.played is not None
        assert grade(drill, drill.played, strategy).cost == pytest.approx(drill.cost, abs=1e-6)
    assert history_drills(games, "Bot", strategy) == []  # computers are not trained


def test_random_drills_are_seeded_decisions_after_a_roll(strategy) -> None:
    drills = random_drills(HouseRules(), "Zoe", seed=7, count=4)
    assert drills == random_drills(HouseRules(), "Zoe", seed=7, count=4)
    assert drills != random_drills(HouseRules(), "Zoe", seed=8, count=4)
    for drill in drills:
        assert drill.source is DrillSource.RANDOM
        assert drill.state.players[0].name == "Zoe"
        assert drill.state.turn.rolls >= 1 and isinstance(drill.state.log[-1], Rolled)
        assert grade(drill, strategy.best_action(drill.state), strategy).is_best


def test_a_round_tops_the_history_up_with_random_positions(strategy) -> None:
    game = finished([("Ana", None)], 5, strategy)
    drills = training_round([game], "Ana", strategy, seed=1, count=6)
    assert len(drills) == 6
    sources = [drill.source for drill in drills]
    assert sources[0] is DrillSource.HISTORY
    assert DrillSource.RANDOM in sources
    assert sources == sorted(sources, key=lambda s: s is DrillSource.RANDOM)
    assert {d.source for d in training_round([], "Ana", strategy, 1, 3)} == {DrillSource.RANDOM}


def test_grade_names_the_cost_the_best_and_the_next_best(strategy) -> None:
    drill = random_drills(HouseRules(), "Zoe", seed=11, count=1)[0]
    values = strategy.evaluate(drill.state)
    worst = values[-1]
    verdict = grade(drill, worst.action, strategy)
    assert verdict.best == values[0]
    assert verdict.next_best == values[1]
    assert verdict.cost == pytest.approx(values[0].expected - worst.expected)
    assert verdict.is_best is (verdict.cost < 0.05)
    keep_all = Action.roll(range(5))
    if drill.state.rolls_left:
        with pytest.raises(rules.IllegalMove):
            grade(drill, keep_all, strategy)


def test_random_drills_draw_again_when_a_served_generala_ends_the_game() -> None:
    # Seed 21 reaches a game won at once by a served Generala on the way to one position.
    drills = random_drills(HouseRules(), "Zoe", seed=21, count=10)
    assert len(drills) == 10
    assert all(drill.state.phase is Phase.PLAYING for drill in drills)


def test_random_drills_always_leave_a_choice(strategy) -> None:
    for seed in range(20):
        for drill in random_drills(HouseRules(), "Zoe", seed=seed, count=10):
            assert len(strategy.evaluate(drill.state)) > 1
