"""The review in win chances: each roll's luck and each decision's effect, for every seat, add
up from the start's chance to the game's result (docs/analysis.md, "Luck and skill in win
chances")."""

from __future__ import annotations

import math
import random

import pytest
from helpers import scratch_turn

from generala_tui.game import rules
from generala_tui.game.action import Action, action_of
from generala_tui.game.model import (
    Category,
    Ending,
    GameState,
    HoldToggled,
    HouseRules,
    Phase,
    Rolled,
)
from generala_tui.game.rules import replay
from generala_tui.game.strategy import Chances, DecisionReview, RollReview, review_game
from generala_tui.game.strategy.chances import solve_chances
from generala_tui.game.strategy.review import GameReview, chance_change, turning_points

C = Category
IDENTITY = 1e-9


def chances_of(house_rules: HouseRules) -> Chances:
    return solve_chances(house_rules)  # kept in memory: solved once per rule set


def played(state: GameState, chances: Chances, rng: random.Random, blunders: float) -> GameState:
    """To the end: the expert's choices, or with chance ``blunders`` any legal one."""
    strategy = chances.strategy
    while state.phase is not Phase.OVER:
        values = strategy.evaluate(state, all_scratches=True)
        if state.turn.rolls and rng.random() < blunders:
            state = rules.play(state, rng.choice(values).action)
        else:
            state = rules.play(state, values[0].action)
    return state


def assert_identity(review: GameReview, state: GameState) -> None:
    """For every seat: the end = the start + luck + own decisions + the others' decisions."""
    assert review.chances_start is not None and review.chances_end is not None
    assert math.fsum(review.chances_start) == pytest.approx(1.0, abs=IDENTITY)
    assert math.fsum(review.chances_end) == pytest.approx(1.0, abs=IDENTITY)
    if state.phase is Phase.OVER:  # the result: 1 a sole win, 1/k each of k sharers, 0
        share = 1 / len(state.winners)
        result = tuple(
            share if seat in state.winners else 0.0 for seat in range(len(state.players))
        )
        assert review.chances_end == result
    for player in review.players:
        assert player.chance_start is not None and player.chance_end is not None
        assert player.chance_luck is not None and player.chance_skill is not None
        assert player.chance_others is not None and player.chance_cost is not None
        summed = player.chance_start + player.chance_luck + player.chance_skill
        assert abs(summed + player.chance_others - player.chance_end) < IDENTITY
        assert player.chance_cost >= 0


def tied(house_rules: HouseRules, names: list[str]) -> GameState:
    """Everyone scratches every box: tied at 0 after the regular rounds."""
    state = rules.new_game(names, house_rules, seed=2)
    while state.phase is Phase.PLAYING:
        state = scratch_turn(state)
    return state


def test_the_identity_holds_for_every_seat_in_games_won_on_points_or_by_a_served_generala():
    endings = set()
    for number, house_rules in enumerate([HouseRules(), HouseRules(locked_holds=True)]):
        chances = chances_of(house_rules)
        for seed in range(6):
            names = ["Ana", "Bruno", "Carla", "Dora"][: 2 + seed % 3]
            game = rules.new_game(names, house_rules, seed=100 * number + seed)
            state = played(game, chances, random.Random(seed), blunders=0.3)
            endings.add(state.ending)
            assert_identity(review_game(state, chances=chances), state)
    # A served Generala at once: Bruno's first roll ends the game.
    chances = chances_of(HouseRules())
    state = rules.roll(scratch_turn(rules.new_game(["Ana", "Bruno"], seed=2), C.ONES), [4] * 5)
    assert state.ending is Ending.SERVED_GENERALA
    review = review_game(state, chances=chances)
    assert_identity(review, state)
    win = review.steps[-1]
    assert isinstance(win, RollReview) and win.won and win.chances_after == (0.0, 1.0)
    assert Ending.POINTS in endings


def test_the_identity_holds_through_a_tie_break_and_for_a_shared_win():
    chances = chances_of(HouseRules())
    state = tied(HouseRules(), ["Ana", "Bruno", "Carla"])
    assert state.phase is Phase.TIE_BREAK
    regular = len(state.log)
    state = played(state, chances, random.Random(3), blunders=0.5)
    assert state.ending is Ending.TIE_BREAK
    review = review_game(state, chances=chances)
    assert_identity(review, state)
    # The tie-break's rolls and decisions count in win chances (they decide the game).
    assert any(step.tie_break and step.move >= regular for step in review.steps)
    tie_break = [step for step in review.steps if step.tie_break]
    assert sum(abs(chance_change(step, 0)) for step in tie_break) > 0.1

    shared_rules = HouseRules(tie_break=False)
    state = tied(shared_rules, ["Ana", "Bruno"])
    assert state.ending is Ending.SHARED
    review = review_game(state, chances=chances_of(shared_rules))
    assert_identity(review, state)
    assert review.chances_end == (0.5, 0.5)


def test_the_identity_holds_where_an_unfinished_game_stops_mid_turn_or_between_turns():
    chances = chances_of(HouseRules())
    rng = random.Random(5)
    state = rules.new_game(["Ana", "Bruno"], seed=5)
    checked = 0
    for played_moves in range(1, 64):
        values = chances.strategy.evaluate(state, all_scratches=True)
        state = rules.play(state, rng.choice(values[:4]).action)
        if played_moves % 7 == 0:
            review = review_game(state, chances=chances)
            assert_identity(review, state)
            assert review.chances_end == chances.win_chances(state)
            checked += 1
    assert checked >= 9
    start = review_game(rules.new_game(["Ana", "Bruno"], seed=5), chances=chances)
    assert start.steps == ()
    assert (
        start.chances_start
        == start.chances_end
        == chances.win_chances(rules.new_game(["Ana", "Bruno"], seed=5))
    )


def test_each_roll_and_decision_is_valued_in_win_chances_from_its_own_position():
    chances = chances_of(HouseRules())
    state = played(
        rules.new_game(["Ana", "Bruno", "Carla"], seed=9), chances, random.Random(9), 0.4
    )
    review = review_game(state, chances=chances)
    positions = list(replay(state))
    steps = iter(review.steps)
    for move, entry in enumerate(state.log):
        if isinstance(entry, HoldToggled):
            continue  # a hold is no step
        before, after = positions[move], positions[move + 1]
        action = action_of(entry)
        assert action is not None
        keep_after = None
        if before.turn.rolls:
            decision = next(steps)
            assert isinstance(decision, DecisionReview) and decision.move == move
            assert decision.chances_before == pytest.approx(chances.win_chances(before))
            assert decision.chances_after == chances.after(before, action)
            best = max(chances.action_chances(before, chances.strategy.evaluate(before)))
            assert decision.best_chance == best
            lost = best - decision.chances_after[decision.player]
            assert decision.chance_cost == pytest.approx(max(lost, 0.0), abs=1e-9)
            keep_after = decision.chances_after
        if isinstance(entry, Rolled):
            roll = next(steps)
            assert isinstance(roll, RollReview) and roll.move == move
            if keep_after is None:  # the first roll of a turn: W of the turn
                assert roll.chances_before == chances.win_chances(before)
            else:
                assert roll.chances_before == keep_after == chances.after(before, action)
            assert roll.chances_after == chances.win_chances(after)
    assert next(steps, None) is None


def test_own_decisions_are_skill_and_the_others_decisions_are_apart():
    chances = chances_of(HouseRules())
    state = played(rules.new_game(["Ana", "Bruno"], seed=12), chances, random.Random(12), 0.5)
    review = review_game(state, chances=chances)
    for player in review.players:
        own = [
            s for s in review.steps if isinstance(s, DecisionReview) and s.player == player.player
        ]
        others = [
            s for s in review.steps if isinstance(s, DecisionReview) and s.player != player.player
        ]
        assert player.chance_skill == pytest.approx(
            sum(chance_change(s, player.player) for s in own)
        )
        assert player.chance_others == pytest.approx(
            sum(chance_change(s, player.player) for s in others)
        )
        assert player.chance_cost == pytest.approx(sum(s.chance_cost or 0 for s in own))
        # Blundering half the time costs the blunderer some of their chance.
        assert player.chance_cost > 0.01
        assert player.chance_skill < 0


def test_the_experts_choices_cost_nothing_and_a_better_choice_for_winning_gains():
    chances = chances_of(HouseRules())
    state = rules.new_game(["Ana", "Bruno"], seed=3)
    found_gain = False
    while state.phase is not Phase.OVER:
        state = rules.play(state, chances.champion_action(state))
    review = review_game(state, chances=chances)
    for step in review.steps:
        if isinstance(step, DecisionReview):
            assert step.chance_cost == 0.0  # the champion's choice is the best for winning
            found_gain = found_gain or chance_change(step, step.player) > 1e-6
            assert chance_change(step, step.player) > -1e-9
    assert found_gain  # somewhere the champion left the expert's way and gained by it
    expert = played(rules.new_game(["Ana", "Bruno"], seed=3), chances, random.Random(0), 0.0)
    for player in review_game(expert, chances=chances).players:
        assert player.chance_skill == 0.0


def test_turning_points_are_the_largest_changes_largest_first():
    chances = chances_of(HouseRules())
    state = played(
        rules.new_game(["Ana", "Bruno", "Carla"], seed=14), chances, random.Random(14), 0.3
    )
    review = review_game(state, chances=chances)
    for seat in range(3):
        points = turning_points(review, seat, count=4)
        sizes = [abs(chance_change(step, seat)) for step in points]
        assert len(points) == 4 and sizes == sorted(sizes, reverse=True)
        rest = [abs(chance_change(s, seat)) for s in review.steps if s not in points]
        assert min(sizes) >= max(rest)
    overall = turning_points(review, count=3)
    largest = max(max(abs(chance_change(s, seat)) for seat in range(3)) for s in review.steps)
    assert max(abs(chance_change(overall[0], seat)) for seat in range(3)) == largest


def test_a_served_generala_that_wins_is_the_turning_point():
    chances = chances_of(HouseRules())
    state = rules.new_game(["Ana", "Bruno"], seed=2)
    for _ in range(3):
        state = scratch_turn(scratch_turn(state))
    state = rules.roll(rules.roll(state, [1, 2, 3, 5, 6]), [2, 2, 3, 5, 6])
    state = rules.scratch(state, C.SIXES)
    state = rules.roll(state, [6] * 5)  # Bruno's served Generala
    review = review_game(state, chances=chances)
    (top,) = turning_points(review, 0, count=1)
    assert isinstance(top, RollReview) and top.won and top.player == 1
    assert chance_change(top, 1) > 0.25 and chance_change(top, 0) < -0.25


def test_alone_at_the_table_every_chance_is_one_without_solving_any():
    state = played(rules.new_game(["Ana"], seed=1), chances_of(HouseRules()), random.Random(1), 0.3)
    review = review_game(state)
    assert review.has_chances and review.chances_start == review.chances_end == (1.0,)
    assert all(step.chances_before == step.chances_after == (1.0,) for step in review.steps)
    (ana,) = review.players
    assert (ana.chance_luck, ana.chance_skill, ana.chance_others, ana.chance_cost) == (0, 0, 0, 0)
    assert turning_points(review, 0) == []


def test_without_chances_at_a_table_of_two_nothing_is_valued_in_win_chances():
    state = scratch_turn(rules.new_game(["Ana", "Bruno"], seed=1))
    review = review_game(state)
    assert not review.has_chances and review.chances_end is None
    assert review.players[0].chance_luck is None
    assert all(step.chances_before is None for step in review.steps)


def test_scoring_a_number_box_without_its_number_is_valued_as_its_scratch():
    chances = chances_of(HouseRules())
    state = rules.score(
        rules.roll(rules.new_game(["Ana", "Bruno"], seed=1), [2, 2, 3, 4, 5]), "ones"
    )
    decision = review_game(state, chances=chances).steps[-1]
    assert isinstance(decision, DecisionReview)
    rolled = rules.roll(rules.new_game(["Ana", "Bruno"], seed=1), [2, 2, 3, 4, 5])
    assert decision.chances_after == chances.after(rolled, Action.scratch(C.ONES))


def test_chances_of_other_house_rules_are_refused():
    state = scratch_turn(rules.new_game(["Ana", "Bruno"], seed=1))
    with pytest.raises(ValueError, match="other house rules"):
        review_game(state, chances=chances_of(HouseRules(two_pairs=True)))
