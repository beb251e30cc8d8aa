"""The trainer's positions and verdicts: drawn from a player's costliest decisions, else random."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import generala_tui
from generala_tui.game import rules
from generala_tui.game.action import Action
from generala_tui.game.model import (
    GameState,
    HoldToggled,
    HouseRules,
    Level,
    Phase,
    Player,
    Rolled,
)
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


def test_trainee_is_the_name_typed_else_the_most_frequent_human() -> None:
    ana = rules.new_game(["Ana", "Bruno"], seed=1)
    bruno = rules.new_game(["Bruno", Player(name="Rita", level=Level.EXPERT)], seed=2)
    games = [ana, bruno]
    assert trainee(games, "Ana") == "Ana"
    assert trainee(games, "Zoe") == "Zoe"  # never trained on somebody else's mistakes
    assert trainee([], "Zoe") == "Zoe"
    assert trainee(games, None) == "Bruno"  # no name typed: the commonest human
    assert trainee([bruno], None) == "Bruno"  # a computer is never trained
    assert trainee([ana], None) == "Ana"  # the newest game's first among equals
    assert trainee([], None) is None


def test_a_named_player_without_history_gets_random_positions_only(strategy) -> None:
    games = [finished([("Ana", None), ("Bot", Level.EXPERT)], 3, strategy)]
    drills = training_round(games, trainee(games, "Zoe") or "", strategy, seed=1, count=4)
    assert {drill.source for drill in drills} == {DrillSource.RANDOM}
    assert all(drill.state.players[0].name == "Zoe" for drill in drills)


def _released_after_the_roll(state: GameState) -> bool:
    """After the last roll only releases, and nothing held but what the rules lock."""
    last_roll = max(i for i, entry in enumerate(state.log) if isinstance(entry, Rolled))
    after = state.log[last_roll + 1 :]
    releases = all(isinstance(e, HoldToggled) and not e.held for e in after)
    return releases and state.turn.held == state.turn.locked


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
        assert _released_after_the_roll(state)  # the holds the player made are not shown
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
        assert drill.state.turn.rolls >= 1 and _released_after_the_roll(drill.state)
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


def test_random_positions_show_no_hold_but_the_locked_ones(strategy) -> None:
    held_before = 0
    for seed in range(6):
        for drill in random_drills(HouseRules(), "Zoe", seed=seed, count=10):
            roll = max(i for i, e in enumerate(drill.state.log) if isinstance(e, Rolled))
            held_before += len(drill.state.log[roll].held)  # type: ignore[union-attr]
            assert not any(drill.state.turn.held)
    assert held_before, "the computer held dice on the way to some of these positions"
    locked = HouseRules(locked_holds=True)
    some_locked = False
    for drill in random_drills(locked, "Zoe", seed=3, count=10):
        assert drill.state.turn.held == drill.state.turn.locked
        some_locked |= any(drill.state.turn.locked)
    assert some_locked


def test_another_round_draws_other_positions_and_leaves_out_those_answered_best(
    strategy,
) -> None:
    games = [finished([("Ana", None), ("Bot", Level.EXPERT)], s, strategy) for s in (3, 4, 5)]
    every = history_drills(games, "Ana", strategy, count=100)
    assert len(every) >= 8
    first = training_round(games, "Ana", strategy, seed=1, count=4)
    second = training_round(games, "Ana", strategy, seed=2, count=4)
    assert all(d.source is DrillSource.HISTORY for d in first + second)
    assert [d.state for d in first] != [d.state for d in second]
    assert [d.cost for d in first] == sorted((d.cost for d in first), reverse=True)
    best = [d.state for d in first[:3]]
    again = training_round(games, "Ana", strategy, seed=1, count=4, answered_best=best)
    assert len(again) == 4
    assert not [d for d in again if d.state in best]


def test_random_drills_draw_again_when_a_served_generala_ends_the_game() -> None:
    # Seed 21 reaches a game won at once by a served Generala on the way to one position.
    drills = random_drills(HouseRules(), "Zoe", seed=21, count=10)
    assert len(drills) == 10
    assert all(drill.state.phase is Phase.PLAYING for drill in drills)


def test_random_drills_always_leave_a_choice(strategy) -> None:
    for seed in range(20):
        for drill in random_drills(HouseRules(), "Zoe", seed=seed, count=10):
            assert len(strategy.evaluate(drill.state)) > 1


def test_the_best_margin_is_written_once_for_the_trainer_and_the_coach() -> None:
    # The trainer grades by it and the coach's words call a choice best by it: one margin.
    package = Path(generala_tui.__file__).parent
    written = [
        path.relative_to(package).as_posix()
        for path in sorted(package.rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Assign)
        and any(getattr(target, "id", None) == "BEST_MARGIN" for target in node.targets)
    ]
    assert written == ["game/action.py"]
