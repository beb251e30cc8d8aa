"""Luck and skill, exactly: the review of a game's rolls and decisions (docs/analysis.md)."""

from __future__ import annotations

import functools
import random

import pytest
from helpers import scratch_turn

from generala_tui.game import rules
from generala_tui.game.action import Action, ActionKind
from generala_tui.game.model import (
    Category,
    Ending,
    GameState,
    HouseRules,
    Level,
    Phase,
    Player,
    ServedRoll,
    StraightRule,
)
from generala_tui.game.strategy import (
    DecisionMark,
    LuckMark,
    Rating,
    Strategy,
    analyse_game,
    play_game,
    review_game,
    solve,
)
from generala_tui.game.strategy.review import decision_mark, luck_mark, rating

C = Category
IDENTITY = 1e-6


@functools.cache
def strategy_of(house_rules: HouseRules) -> Strategy:
    """One table per rule set for the whole session (solving is the slow part)."""
    return solve(house_rules)


def rule_sets(count: int, seed: int) -> list[HouseRules]:
    """``count`` random rule sets; together they play every optional box and rule."""
    rng = random.Random(seed)
    sets = []
    for number in range(count):
        sets.append(
            HouseRules(
                generala_points=rng.choice([50, 60]),
                served_bonus=rng.choice([5, 10]),
                served_roll=list(ServedRoll)[number % 2],
                straight=rng.choice(list(StraightRule)),
                served_generala_wins=number % 3 != 0,
                double_generala=number % 2 == 0,
                double_generala_served_bonus=rng.random() < 0.5,
                two_pairs=number % 4 < 2,
                locked_holds=number % 4 in (1, 2),
                tie_break=rng.random() < 0.7,
            )
        )
    return sets


def played(state: GameState, strategy: Strategy, rng: random.Random, blunders: float) -> GameState:
    """Play to the end, each decision the optimum's or, with chance ``blunders``, any legal one."""
    while state.phase is not Phase.OVER:
        values = strategy.evaluate(state, all_scratches=True)
        if state.turn.rolls and rng.random() < blunders:
            state = rules.play(state, rng.choice(values).action)
        else:
            state = rules.play(state, values[0].action)
    return state


@pytest.mark.slow  # hundreds of random games reviewed (about 15 s)
def test_every_complete_column_totals_its_expectation_plus_luck_minus_losses():
    """Hundreds of random games under random house rules: the identity to 1e-6."""
    rng = random.Random(12)
    checked = 0
    lost = 0.0
    for house_rules in rule_sets(4, seed=12):
        strategy = strategy_of(house_rules)
        for _ in range(60):
            players = [f"P{seat}" for seat in range(rng.randint(1, 3))]
            start = rules.new_game(players, house_rules, seed=rng.randrange(2**63))
            game = played(start, strategy, rng, blunders=rng.choice([0.05, 0.3, 0.8]))
            review = review_game(game, strategy)
            for player in review.players:
                assert player.expected_start == strategy.expected_score
                assert player.expected_end == pytest.approx(
                    player.expected_start + player.luck - player.loss, abs=IDENTITY
                )
                if player.complete:
                    assert player.total == game.players[player.player].total
                    assert (
                        abs(player.total - (player.expected_start + player.luck - player.loss))
                        < IDENTITY
                    )
                    checked += 1
                lost += player.loss
            if game.ending is Ending.SERVED_GENERALA:  # rare: its own test below
                assert not any(player.complete for player in review.players)
    assert checked >= 300
    assert lost > checked  # the blunders cost points: the losses are in the identity


def test_blunders_lose_points_and_the_optimum_loses_none():
    house_rules = HouseRules(double_generala=True, two_pairs=True)
    strategy = strategy_of(house_rules)
    rng = random.Random(3)
    game = played(rules.new_game(["Ana"], house_rules, seed=3), strategy, rng, blunders=0.5)
    (sloppy,) = review_game(game, strategy).players
    assert sloppy.loss > 5
    assert any(decision.mark is not DecisionMark.FINE for decision in sloppy.decisions)
    game = played(rules.new_game(["Ana"], house_rules, seed=3), strategy, rng, blunders=0.0)
    (perfect,) = review_game(game, strategy).players
    assert perfect.loss == 0.0
    assert {decision.mark for decision in perfect.decisions} == {DecisionMark.FINE}
    assert perfect.rating is Rating.FLAWLESS


def test_each_roll_and_decision_is_valued_from_its_own_position():
    strategy = strategy_of(HouseRules())
    game = play_game(rules.new_game([Player(name="Eve", level=Level.EASY)], seed=5), strategy)
    (review,) = review_game(game, strategy).players
    positions = rules.positions(game)
    assert len(review.rolls) == sum(entry.kind == "roll" for entry in game.log)
    for roll in review.rolls:
        before, after = positions[roll.move], positions[roll.move + 1]
        keep = strategy.evaluate(before)[0] if not before.turn.rolls else None
        expected_before = (
            keep.expected
            if keep is not None
            else strategy.action_value(before, Action.roll(roll.held))
        )
        assert roll.before == expected_before
        assert roll.after == strategy.evaluate(after)[0].expected
        assert roll.luck == roll.after - roll.before
        assert roll.dice == after.turn.dice
        assert roll.roll == after.turn.rolls
        assert roll.round == before.round
        assert roll.mark is luck_mark(roll.luck)
    for decision in review.decisions:
        state = positions[decision.move]
        assert decision.state == state
        values = strategy.evaluate(state)
        assert decision.best == values[0].action
        assert decision.choices == tuple(values)
        assert decision.expected == strategy.action_value(state, decision.action)
        assert decision.cost == pytest.approx(
            max(0.0, values[0].expected - decision.expected), abs=1e-9
        )
        assert decision.roll == state.turn.rolls >= 1
        assert decision.mark is decision_mark(decision.cost)
    # The course: from the empty card to the final total, a step per roll and decision.
    assert review.course[0] == (-1, strategy.expected_score)
    assert len(review.course) == 1 + len(review.rolls) + len(review.decisions)
    assert [move for move, _ in review.course] == sorted(move for move, _ in review.course)
    assert review.course[-1][1] == pytest.approx(review.total, abs=IDENTITY)


def test_a_tie_break_is_reviewed_on_its_own_scale_outside_the_identity():
    house_rules = HouseRules()
    strategy = strategy_of(house_rules)
    state = rules.new_game(["Ana", "Bruno"], house_rules, seed=2)
    while state.phase is Phase.PLAYING:  # both scratch everything: tied at 0
        state = scratch_turn(state)
    assert state.phase is Phase.TIE_BREAK
    regular_moves = len(state.log)
    rng = random.Random(1)
    state = played(state, strategy, rng, blunders=0.5)
    review = review_game(state, strategy)
    for player in review.players:
        assert player.complete and player.total == 0
        assert abs(player.expected_start + player.luck - player.loss) < IDENTITY
        tie_rolls = [roll for roll in player.rolls if roll.tie_break]
        assert tie_rolls
        assert all(roll.move >= regular_moves for roll in tie_rolls)
        assert all(roll.round == len(house_rules.categories()) + 1 for roll in tie_rolls[:1])
        assert player.tie_break_luck == pytest.approx(sum(roll.luck for roll in tie_rolls))
        assert all(move < regular_moves for move, _ in player.course)
    # The scratches cost a lot: the whole expectation, less the luck.
    assert review.players[0].loss > 100


def test_an_automatic_win_counts_as_generala_points_for_the_winning_roll():
    house_rules = HouseRules()
    strategy = strategy_of(house_rules)
    state = rules.new_game(["Ana", "Bruno"], house_rules, seed=2)
    state = scratch_turn(state, C.ONES)
    state = rules.roll(state, [4, 4, 4, 4, 4])
    assert state.ending is Ending.SERVED_GENERALA
    ana, bruno = review_game(state, strategy).players
    win = bruno.rolls[-1]
    assert win.won
    going_on = state.model_copy(update={"phase": Phase.PLAYING, "winners": (), "ending": None})
    assert win.after == strategy.action_value(going_on, Action.score(C.GENERALA))
    assert win.luck > 30 and win.mark is LuckMark.VERY_LUCKY
    assert not ana.complete and not bruno.complete
    assert bruno.expected_end == win.after == bruno.course[-1][1]
    assert bruno.decisions == ()
    assert bruno.rating is Rating.UNRATED


def test_an_unfinished_game_is_reviewed_so_far():
    strategy = strategy_of(HouseRules())
    state = rules.new_game(["Ana"], seed=8)
    (empty,) = review_game(state, strategy).players
    assert empty.rolls == empty.decisions == ()
    assert empty.course == ((-1, strategy.expected_score),)
    assert empty.expected_end == strategy.expected_score
    state = rules.toggle_hold(rules.roll(state), 0)
    (one_roll,) = review_game(state, strategy).players
    assert len(one_roll.rolls) == 1 and one_roll.decisions == ()
    assert one_roll.expected_end == pytest.approx(strategy.expected_score + one_roll.luck)


def test_analyse_game_is_the_regular_rounds_of_the_review():
    strategy = strategy_of(HouseRules())
    game = play_game(
        rules.new_game(
            [Player(name="E", level=Level.EASY), Player(name="M", level=Level.MEDIUM)], seed=4
        ),
        strategy,
    )
    for analysis, review in zip(
        analyse_game(game, strategy), review_game(game, strategy).players, strict=True
    ):
        regular = [d for d in review.decisions if not d.tie_break]
        assert analysis.decisions == len(regular)
        assert analysis.total_loss == pytest.approx(review.loss, abs=1e-9)


@pytest.mark.parametrize(
    ("cost", "mark"),
    [
        (0.0, DecisionMark.FINE),
        (0.99, DecisionMark.FINE),
        (1.0, DecisionMark.DOUBTFUL),
        (3.0, DecisionMark.BAD),
        (8.0, DecisionMark.VERY_BAD),
        (50.0, DecisionMark.VERY_BAD),
    ],
)
def test_decision_marks_follow_the_documented_thresholds(cost, mark):
    assert decision_mark(cost) is mark


def test_luck_marks_and_ratings_run_in_order():
    lucks = [luck_mark(luck) for luck in (-40, -6, -5.9, -3, -2.9, 0, 2.9, 3, 9.9, 10, 40)]
    assert lucks == [
        LuckMark.VERY_UNLUCKY,
        LuckMark.VERY_UNLUCKY,
        LuckMark.UNLUCKY,
        LuckMark.UNLUCKY,
        LuckMark.AVERAGE,
        LuckMark.AVERAGE,
        LuckMark.AVERAGE,
        LuckMark.LUCKY,
        LuckMark.LUCKY,
        LuckMark.VERY_LUCKY,
        LuckMark.VERY_LUCKY,
    ]
    bands = [rating(cost) for cost in (0.0, 0.004, 0.2, 0.4, 0.9, 1.5, 3.0)]
    assert bands == [band for band in Rating if band is not Rating.UNRATED]
    assert rating(None) is Rating.UNRATED


def test_a_record_that_does_not_replay_is_refused():
    strategy = strategy_of(HouseRules())
    game = play_game(rules.new_game([Player(name="E", level=Level.EASY)], seed=2), strategy)
    log = list(game.log)
    log[0] = log[0].model_copy(update={"dice": (1, 1, 1, 1, 2)})
    with pytest.raises(rules.BadRecord, match=r"Step [0-9]+ of the game.s record"):
        review_game(game.model_copy(update={"log": tuple(log)}), strategy)


def test_forced_decisions_are_left_out_of_the_rating():
    strategy = strategy_of(HouseRules())
    state = rules.new_game(["Ana"], seed=1)
    for category in HouseRules().categories()[:-1]:
        state = scratch_turn(state, category)
    state = rules.play(rules.play(rules.roll(state), Action.roll(())), Action.roll(()))
    assert state.turn.rolls == 3
    (before,) = review_game(state, strategy).players
    state = rules.play(state, Action.scratch(C.GENERALA))
    (after,) = review_game(state, strategy).players
    last = after.decisions[-1]
    assert last.forced and last.cost == 0.0
    assert last.action.kind is ActionKind.SCRATCH
    assert after.mean_cost == before.mean_cost


def test_a_strategy_of_other_rules_is_refused():
    game = rules.new_game(["Ana"], HouseRules(two_pairs=True), seed=1)
    with pytest.raises(ValueError, match="other house rules"):
        review_game(game, strategy_of(HouseRules()))
    # The tie-break rule does not change the strategy: its table serves both.
    (review,) = review_game(game, strategy_of(HouseRules(two_pairs=True, tie_break=False))).players
    assert review.expected_start == strategy_of(HouseRules(two_pairs=True)).expected_score
