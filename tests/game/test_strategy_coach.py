"""The coach's analysis of a finished game: expected points lost, costliest decisions."""

from __future__ import annotations

import pytest
from helpers import play_rolls, scratch_turn

from generala_tui.game import rules
from generala_tui.game.action import Action, ActionKind, action_of
from generala_tui.game.model import Category, Filled, GameState, HouseRules, Level, Player
from generala_tui.game.strategy import analyse_game, choose_action, play_game, solve

C = Category


@pytest.fixture(autouse=True)
def _cache_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


@pytest.fixture(scope="module")
def strategy():
    return solve(HouseRules())


def recorded_game(levels: list[Level], seed: int, strategy) -> GameState:
    players = [Player(name=f"P{seat}", level=level) for seat, level in enumerate(levels)]
    return play_game(rules.new_game(players, seed=seed), strategy)


def reaching(house_rules: HouseRules, open_boxes: set[Category]) -> GameState:
    """Ana alone, every box but ``open_boxes`` scratched through the rules, her next turn due."""
    state = rules.new_game(["Ana"], house_rules, seed=1)
    for category in house_rules.categories():
        if category not in open_boxes:
            state = scratch_turn(state, category)
    return state


def loss_of_last_decision(before: GameState, after: GameState, strategy) -> float:
    """What the decisions between ``before`` and ``after`` cost, by the analysis of each."""
    (first,) = analyse_game(before, strategy)
    (second,) = analyse_game(after, strategy)
    return second.total_loss - first.total_loss


def test_an_expert_game_loses_nothing(strategy):
    analyses = analyse_game(recorded_game([Level.EXPERT, Level.EXPERT], 7, strategy), strategy)
    assert [a.name for a in analyses] == ["P0", "P1"]
    for analysis in analyses:
        assert analysis.decisions > 0
        assert analysis.total_loss == pytest.approx(0.0, abs=1e-9)
        assert analysis.costliest == ()


def test_an_easy_game_loses_points_and_names_its_three_costliest_decisions(strategy):
    game = recorded_game([Level.EASY, Level.EXPERT], seed=4, strategy=strategy)
    easy, expert = analyse_game(game, strategy)
    assert expert.total_loss == pytest.approx(0.0, abs=1e-9)
    assert easy.total_loss > 1
    assert len(easy.costliest) == 3
    losses = [decision.loss for decision in easy.costliest]
    assert losses == sorted(losses, reverse=True)
    assert sum(losses) <= easy.total_loss + 1e-9
    positions = rules.positions(game)
    for decision in easy.costliest:
        state, action = positions[decision.move], action_of(game.log[decision.move])
        assert action is not None
        assert (decision.state, decision.action) == (state, action)
        assert state.current == 0
        values = strategy.evaluate(state)
        assert decision.best == values[0].action == choose_action(state, Level.EXPERT, strategy)
        assert decision.best_expected == values[0].expected
        assert decision.loss == pytest.approx(
            values[0].expected - strategy.action_value(state, action), abs=1e-9
        )
        assert decision.round == state.round


def test_the_analysis_reads_a_game_loaded_from_json(strategy):
    game = recorded_game([Level.EASY, Level.MEDIUM], seed=9, strategy=strategy)
    loaded = GameState.model_validate_json(game.model_dump_json())
    assert analyse_game(loaded, strategy) == analyse_game(game, strategy)


def test_scratching_a_served_generala_is_the_costliest_decision():
    house_rules = HouseRules(served_generala_wins=False)
    local = solve(house_rules)
    state = rules.roll(reaching(house_rules, {C.GENERALA, C.ONES, C.SIXES}), [6, 6, 6, 6, 6])
    assert state.turn.served
    scratched_at = len(state.log)
    state = rules.scratch(state, C.GENERALA)
    state = rules.score(rules.roll(state, [6, 6, 6, 6, 2]), C.SIXES)
    (analysis,) = analyse_game(state, local)
    worst = analysis.costliest[0]
    assert worst.move == scratched_at
    assert worst.action == Action.scratch(C.GENERALA)
    assert worst.best == Action.score(C.GENERALA)
    assert worst.loss > 40


def test_the_same_keep_at_other_positions_is_no_loss(strategy):
    state = rules.roll(reaching(HouseRules(), {C.SIXES, C.FIVES}), [6, 1, 6, 2, 6])
    best = strategy.best_action(state)
    assert best.kind is ActionKind.ROLL
    # Holding the same dice values at different positions: the same decision.
    assert strategy.action_value(state, Action.roll((0, 2, 4))) == pytest.approx(
        strategy.evaluate(state)[0].expected
    )
    after = rules.play(state, Action.roll((0, 2, 4)))
    assert loss_of_last_decision(state, after, strategy) == pytest.approx(0.0, abs=1e-9)


def test_the_first_roll_of_a_turn_and_the_holds_are_no_decisions(strategy):
    state = rules.new_game(["Ana"], seed=1)
    (analysis,) = analyse_game(state, strategy)
    assert analysis.decisions == 0
    state = rules.toggle_hold(rules.roll(state), 2)
    (analysis,) = analyse_game(state, strategy)
    assert analysis.decisions == 0
    (analysis,) = analyse_game(rules.play(state, Action.roll((2,))), strategy)
    assert analysis.decisions == 1


def test_scoring_a_number_without_its_dice_counts_as_its_scratch(strategy):
    kept = ({0, 1, 2, 3}, [4]), ({0, 1, 2, 3}, [6])
    state = play_rolls(reaching(HouseRules(), {C.ONES, C.SIXES}), [6, 2, 6, 2, 5], *kept)
    assert state.turn.dice == (6, 2, 6, 2, 6) and not state.rolls_left
    assert strategy.action_value(state, Action.score(C.ONES)) == strategy.action_value(
        state, Action.scratch(C.ONES)
    )
    after = rules.score(state, C.ONES)
    # Sixes take 18 and leave Ones open; the scratch leaves Sixes open.
    others = [c for c in HouseRules().categories() if c not in {C.ONES, C.SIXES}]
    loss = 18 + strategy.card_value([*others, C.SIXES]) - strategy.card_value([*others, C.ONES])
    assert loss_of_last_decision(state, after, strategy) == pytest.approx(loss, abs=1e-9)
    assert strategy.best_action(state) == Action.score(C.SIXES)


def test_a_record_that_does_not_replay_is_refused(strategy):
    game = recorded_game([Level.EASY], seed=2, strategy=strategy)
    log = list(game.log)
    fill = next(i for i, entry in enumerate(log) if isinstance(entry, Filled))
    log[fill] = log[fill].model_copy(update={"points": log[fill].points + 1})
    with pytest.raises(rules.BadRecord, match=f"Step {fill + 1}"):
        analyse_game(game.model_copy(update={"log": tuple(log)}), strategy)
