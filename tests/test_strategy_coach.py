"""The coach's analysis of a finished game: expected points lost, costliest decisions."""

from __future__ import annotations

import pytest
from test_strategy import position

from generala_tui.game import rules
from generala_tui.game.model import Category, GameState, HouseRules, Level, Player
from generala_tui.game.strategy import (
    Action,
    ActionKind,
    analyse_game,
    apply_action,
    choose_action,
    play_game,
    solve,
)

C = Category


@pytest.fixture(autouse=True)
def _cache_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


@pytest.fixture(scope="module")
def strategy():
    return solve(HouseRules())


def recorded_game(levels: list[Level], seed: int, strategy) -> list[tuple[GameState, Action]]:
    players = [Player(name=f"P{seat}", level=level) for seat, level in enumerate(levels)]
    history: list[tuple[GameState, Action]] = []
    play_game(
        rules.new_game(players, seed=seed),
        strategy,
        on_action=lambda state, action: history.append((state, action)),
    )
    return history


def test_an_expert_game_loses_nothing(strategy):
    history = recorded_game([Level.EXPERT, Level.EXPERT], seed=7, strategy=strategy)
    analyses = analyse_game(history, strategy)
    assert [a.name for a in analyses] == ["P0", "P1"]
    for analysis in analyses:
        assert analysis.decisions > 0
        assert analysis.total_loss == pytest.approx(0.0, abs=1e-9)
        assert analysis.costliest == ()


def test_an_easy_game_loses_points_and_names_its_three_costliest_decisions(strategy):
    history = recorded_game([Level.EASY, Level.EXPERT], seed=4, strategy=strategy)
    easy, expert = analyse_game(history, strategy)
    assert expert.total_loss == pytest.approx(0.0, abs=1e-9)
    assert easy.total_loss > 1
    assert len(easy.costliest) == 3
    losses = [decision.loss for decision in easy.costliest]
    assert losses == sorted(losses, reverse=True)
    assert sum(losses) <= easy.total_loss + 1e-9
    for decision in easy.costliest:
        state, action = history[decision.move]
        assert (decision.state, decision.action) == (state, action)
        assert state.current == 0
        values = strategy.evaluate(state)
        assert decision.best == values[0].action == choose_action(state, Level.EXPERT, strategy)
        assert decision.best_expected == values[0].expected
        assert decision.loss == pytest.approx(
            values[0].expected - strategy.action_value(state, action), abs=1e-9
        )
        assert decision.round == state.round


def test_scratching_a_served_generala_is_the_costliest_decision(strategy):
    house_rules = HouseRules(served_generala_wins=False)
    local = solve(house_rules)
    state = position(
        house_rules,
        {C.GENERALA, C.ONES, C.SIXES},
        (6, 6, 6, 6, 6),
        rolls=1,
        served=True,
    )
    rolled_on = apply_action(state, Action.roll((0, 1, 2, 3)), values=[2])
    history = [
        (state, Action.scratch(C.GENERALA)),
        (rolled_on, Action.score(C.SIXES)),
    ]
    (analysis,) = analyse_game(history, local)
    worst = analysis.costliest[0]
    assert worst.move == 0
    assert worst.best == Action.score(C.GENERALA)
    assert worst.loss > 40
    assert analysis.decisions == 2


def test_the_same_keep_at_other_positions_is_no_loss(strategy):
    state = position(HouseRules(), {C.SIXES, C.FIVES}, (6, 1, 6, 2, 6), rolls=1, served=True)
    best = strategy.best_action(state)
    assert best.kind is ActionKind.ROLL
    # Holding the same dice values at different positions: the same decision.
    assert strategy.action_value(state, Action.roll((0, 2, 4))) == pytest.approx(
        strategy.evaluate(state)[0].expected
    )
    (analysis,) = analyse_game([(state, Action.roll((0, 2, 4)))], strategy)
    assert analysis.total_loss == pytest.approx(0.0, abs=1e-9)


def test_the_first_roll_of_a_turn_is_no_decision(strategy):
    state = rules.new_game(["Ana"], seed=1)
    (analysis,) = analyse_game([(state, Action.roll())], strategy)
    assert analysis.decisions == 0
    assert analyse_game([], strategy) == []


def test_scoring_a_number_without_its_dice_counts_as_its_scratch(strategy):
    state = position(HouseRules(), {C.ONES, C.SIXES}, (6, 2, 6, 2, 6), rolls=3)
    assert strategy.action_value(state, Action.score(C.ONES)) == strategy.action_value(
        state, Action.scratch(C.ONES)
    )
    (analysis,) = analyse_game([(state, Action.score(C.ONES))], strategy)
    # Sixes take 18 and leave Ones open; the scratch leaves Sixes open.
    others = [c for c in HouseRules().categories() if c not in {C.ONES, C.SIXES}]
    loss = 18 + strategy.card_value([*others, C.SIXES]) - strategy.card_value([*others, C.ONES])
    assert analysis.total_loss == pytest.approx(loss, abs=1e-9)
    assert analysis.costliest[0].best == Action.score(C.SIXES)


def test_an_impossible_action_is_refused(strategy):
    state = position(HouseRules(), {C.SIXES}, (6, 1, 6, 2, 6), rolls=3)
    with pytest.raises(rules.IllegalMove):
        analyse_game([(state, Action.score(C.GENERALA))], strategy)
