"""Property tests: any sequence of moves, legal or not, keeps the game's invariants.

A reference of what is legal, written from RULES.md, decides for every move
whether it must succeed or must raise ``IllegalMove`` and change nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from helpers import (
    reference_points,
    reference_straight,
    reference_tie_break_score,
    scratch_turn,
)
from hypothesis import HealthCheck, event, given, settings
from hypothesis import Phase as HypothesisPhase
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
)

from generala_tui.game import rules
from generala_tui.game.model import (
    NUMBER_CATEGORIES,
    Category,
    Ending,
    GameState,
    HouseRules,
    Phase,
    ServedRoll,
    StraightRule,
)
from generala_tui.game.rules import IllegalMove

NAMES = ["Ana", "Bruno", "Rita"]

# The explain phase reruns a failing game hundreds of times (minutes, for the
# state machine); the shrunk example is explanation enough.
PHASES = tuple(phase for phase in HypothesisPhase if phase is not HypothesisPhase.explain)

house_rules_strategy = st.builds(
    HouseRules,
    generala_points=st.sampled_from([50, 60]),
    served_bonus=st.sampled_from([5, 10]),
    served_roll=st.sampled_from(ServedRoll),
    straight=st.sampled_from(StraightRule),
    served_generala_wins=st.booleans(),
    double_generala=st.booleans(),
    double_generala_served_bonus=st.booleans(),
    two_pairs=st.booleans(),
    locked_holds=st.booleans(),
    tie_break=st.booleans(),
)
dice_strategy = st.lists(st.integers(1, 6), min_size=5, max_size=5)


# --- the scorer against the reference -------------------------------------


@settings(max_examples=300, deadline=None, phases=PHASES)
@given(dice_strategy, st.sampled_from(Category), house_rules_strategy, st.booleans())
def test_category_score_matches_the_rule_book(
    dice: list[int], category: Category, house_rules: HouseRules, served: bool
) -> None:
    expected = reference_points(dice, category, house_rules, served)
    assert rules.category_score(dice, category, house_rules, served) == expected


@settings(max_examples=200, deadline=None, phases=PHASES)
@given(dice_strategy, st.sampled_from(StraightRule))
def test_is_straight_matches_the_rule_book(dice: list[int], rule: StraightRule) -> None:
    assert rules.is_straight(dice, rule) is reference_straight(dice, rule)


@settings(max_examples=200, deadline=None, phases=PHASES)
@given(dice_strategy, house_rules_strategy, st.booleans(), st.randoms(use_true_random=False))
def test_the_order_of_the_dice_never_matters(
    dice: list[int], house_rules: HouseRules, served: bool, shuffler: random.Random
) -> None:
    shuffled = list(dice)
    shuffler.shuffle(shuffled)
    for category in Category:
        assert rules.category_score(dice, category, house_rules, served) == rules.category_score(
            shuffled, category, house_rules, served
        )


@settings(max_examples=200, deadline=None, phases=PHASES)
@given(dice_strategy, house_rules_strategy, st.booleans())
def test_tie_break_score_is_the_best_box_of_an_empty_scorecard(
    dice: list[int], house_rules: HouseRules, served: bool
) -> None:
    expected = reference_tie_break_score(dice, house_rules, served)
    assert rules.tie_break_score(dice, house_rules, served) == expected


# --- the reference of legal moves -----------------------------------------


def roll_is_legal(state: GameState) -> bool:
    turn = state.turn
    return (
        state.phase is not Phase.OVER and turn.rolls < 3 and (turn.rolls == 0 or not all(turn.held))
    )


def thrown_positions(state: GameState) -> list[int]:
    if state.turn.rolls == 0:
        return [0, 1, 2, 3, 4]
    return [i for i in range(5) if not state.turn.held[i]]


def expected_options(state: GameState) -> dict[Category, int]:
    """The boxes the current player may fill now and their points, from RULES.md."""
    if state.phase is not Phase.PLAYING or state.turn.rolls == 0:
        return {}
    player = state.current_player
    options = {}
    for category in state.house_rules.categories():
        if category in player.boxes:
            continue
        points = reference_points(state.turn.dice, category, state.house_rules, state.turn.served)
        generala = player.boxes.get(Category.GENERALA)
        if category is Category.DOUBLE_GENERALA and (generala is None or generala.scratched):
            points = 0
        options[category] = points
    return options


class GeneralaMoves(RuleBasedStateMachine):
    """Random moves, most of them legal, some not, on a game under random house rules."""

    state: GameState

    def __init__(self) -> None:
        super().__init__()
        self.fills = 0
        self.locked = [False] * 5
        self.only_scratch = False

    @initialize(
        house_rules=house_rules_strategy,
        players=st.integers(1, 3),
        seed=st.integers(0, 2**64),
        only_scratch=st.booleans(),
        rounds_scratched=st.integers(0, 11),
    )
    def start(
        self,
        house_rules: HouseRules,
        players: int,
        seed: int,
        only_scratch: bool,
        rounds_scratched: int,
    ) -> None:
        state = rules.new_game(NAMES[:players], house_rules, seed=seed)
        # Starting late in the game makes endings and ties come within the steps.
        for _ in range(min(rounds_scratched, state.rounds - 1) * players):
            state = scratch_turn(state)
            self.fills += 1
        self.state = state
        self.only_scratch = only_scratch

    # -- applying a move ---------------------------------------------------

    def attempt(self, legal: bool, move: Callable[[GameState], GameState]) -> GameState | None:
        """Make the move; it must succeed when legal, and otherwise raise and change nothing."""
        before = self.state
        copy = before.model_copy(deep=True)
        dumped = before.model_dump_json()
        try:
            after = move(before)
        except IllegalMove as error:
            assert not legal, f"a legal move was refused: {error}"
            after = None
        else:
            assert legal, "an illegal move was allowed"
        assert before == copy
        assert before.model_dump_json() == dumped
        if after is not None:
            if after.turn.rolls == 0:
                self.locked = [False] * 5
            self.state = after
        return after

    def rolled(self, before: GameState, after: GameState, thrown: list[int]) -> None:
        """Check a roll against RULES.md sections 2, 3 and 6."""
        rules_in_play = before.house_rules
        assert after.turn.rolls == before.turn.rolls + 1
        for die in range(5):
            if die not in thrown:
                assert after.turn.dice[die] == before.turn.dice[die]
        if rules_in_play.served_roll is ServedRoll.FIRST_ROLL:
            served = before.turn.rolls == 0
        else:
            served = len(thrown) == 5
        assert after.turn.served is served
        if rules_in_play.locked_holds and before.turn.rolls:
            self.locked = [
                was or held for was, held in zip(self.locked, before.turn.held, strict=True)
            ]
        assert list(after.turn.locked) == self.locked
        generala_open = Category.GENERALA not in before.current_player.boxes
        wins = (
            served
            and rules_in_play.served_generala_wins
            and len(set(after.turn.dice)) == 1
            and (generala_open or before.phase is Phase.TIE_BREAK)
        )
        if wins:
            assert after.phase is Phase.OVER
            assert after.winners == (before.current,)
            assert after.ending is Ending.SERVED_GENERALA
        else:
            assert after.phase is before.phase
            assert after.current == before.current

    def filled(self, before: GameState, after: GameState, category: Category, points: int) -> None:
        """Check that exactly one box was filled, with these points, and the turn passed."""
        self.fills += 1
        seat = before.current
        old, new = before.players[seat].boxes, after.players[seat].boxes
        assert set(new) == {*old, category}
        assert all(new[c] == box for c, box in old.items())
        assert new[category].points == points
        assert new[category].scratched is (points == 0)
        for other in range(len(before.players)):
            if other != seat:
                assert after.players[other] == before.players[other]
        if after.phase is Phase.PLAYING:
            assert after.current == (seat + 1) % len(after.players)

    # -- the moves ---------------------------------------------------------

    @rule()
    def roll_seeded(self) -> None:
        before, thrown, legal = self.state, thrown_positions(self.state), roll_is_legal(self.state)
        after = self.attempt(legal, rules.roll)
        if after is not None:
            self.rolled(before, after, thrown)

    @rule(data=st.data())
    def roll_values(self, data: st.DataObject) -> None:
        before, thrown = self.state, thrown_positions(self.state)
        kind = data.draw(st.integers(0, 9), label="kind")
        if kind <= 1:
            # Five of a kind now and then, for the automatic win and Double Generala.
            kept = {before.turn.dice[i] for i in range(5) if i not in thrown}
            face = kept.pop() if len(kept) == 1 else data.draw(st.integers(1, 6), label="face")
            values = [face] * len(thrown)
        elif kind == 2:
            values = data.draw(st.lists(st.integers(-1, 7), max_size=6), label="any values")
        else:
            values = data.draw(
                st.lists(st.integers(1, 6), min_size=len(thrown), max_size=len(thrown)),
                label="values",
            )
        legal = (
            roll_is_legal(before)
            and len(values) == len(thrown)
            and all(1 <= value <= 6 for value in values)
        )
        after = self.attempt(legal, lambda s: rules.roll(s, values))
        if after is not None:
            self.rolled(before, after, thrown)
            assert [after.turn.dice[i] for i in thrown] == values

    @rule(die=st.integers(-1, 5))
    def toggle_hold(self, die: int) -> None:
        before = self.state
        legal = (
            before.phase is not Phase.OVER
            and before.turn.rolls > 0
            and 0 <= die < 5
            and not (before.turn.held[die] and self.locked[die])
        )
        after = self.attempt(legal, lambda s: rules.toggle_hold(s, die))
        if after is not None:
            assert after.turn.held[die] is not before.turn.held[die]
            assert after.turn.model_copy(update={"held": before.turn.held}) == before.turn

    def fill_is_legal(self, category: Category) -> bool:
        state = self.state
        return (
            state.phase is Phase.PLAYING
            and state.turn.rolls > 0
            and category in state.house_rules.categories()
            and category not in state.current_player.boxes
        )

    @rule(category=st.sampled_from(Category))
    def score(self, category: Category) -> None:
        before = self.state
        points = expected_options(before).get(category, 0)
        legal = self.fill_is_legal(category) and (category in NUMBER_CATEGORIES or points > 0)
        after = self.attempt(legal, lambda s: rules.score(s, category))
        if after is not None:
            self.filled(before, after, category, points)

    @rule(category=st.sampled_from(Category))
    def scratch(self, category: Category) -> None:
        before = self.state
        after = self.attempt(self.fill_is_legal(category), lambda s: rules.scratch(s, category))
        if after is not None:
            self.filled(before, after, category, 0)

    @rule(holds=st.sets(st.integers(0, 4)), choice=st.integers(0, 11))
    def hold_roll_and_end_the_turn(self, holds: set[int], choice: int) -> None:
        """Keeps games moving: roll unless rolled, hold some dice, roll again, end the turn."""
        if self.state.phase is Phase.OVER:
            return
        if self.state.turn.rolls == 0:
            self.roll_seeded()
        for die in range(5):
            if self.state.phase is not Phase.OVER and (die in holds) != self.state.turn.held[die]:
                self.toggle_hold(die)
        self.roll_seeded()
        self.play_a_quick_turn(choice)

    @rule(choice=st.integers(0, 11), generala=st.integers(1, 60))
    def play_a_quick_turn(self, choice: int, generala: int = 0) -> None:
        """Keeps games moving: roll unless rolled, then end the turn.

        The turn fills one of the offered boxes, scoring it when it earns
        points (unless this game's players only scratch, which makes ties), or
        ends a tie-break turn.
        """
        if self.state.phase is Phase.OVER:
            return
        if self.state.turn.rolls == 0:
            if 1 <= generala <= 6:
                # Now and then a served five of a kind.
                before = self.state
                after = self.attempt(True, lambda s: rules.roll(s, [generala] * 5))
                assert after is not None
                self.rolled(before, after, [0, 1, 2, 3, 4])
                if after.phase is Phase.OVER:
                    return
            else:
                self.roll_seeded()
        if self.state.phase is Phase.TIE_BREAK:
            self.end_tie_break_turn()
            return
        before = self.state
        options = rules.scoring_options(before)
        if not options:
            return
        category = list(options)[choice % len(options)]
        points = 0 if self.only_scratch else options[category]
        move = rules.score if points else rules.scratch
        after = self.attempt(True, lambda s: move(s, category))
        assert after is not None
        self.filled(before, after, category, points)

    @rule()
    def end_tie_break_turn(self) -> None:
        before = self.state
        legal = before.phase is Phase.TIE_BREAK and before.turn.rolls > 0
        after = self.attempt(legal, rules.end_tie_break_turn)
        if after is not None:
            tie_round = after.tie_breaks[len(before.tie_breaks) - 1]
            expected = reference_tie_break_score(
                before.turn.dice, before.house_rules, before.turn.served
            )
            assert tie_round.scores[-1] == expected
            assert rules.totals(after) == rules.totals(before)

    # -- the invariants ----------------------------------------------------

    @invariant()
    def dice_are_five_numbers_from_1_to_6_after_a_roll(self) -> None:
        turn = self.state.turn
        if turn.rolls == 0:
            assert turn.dice == ()
        else:
            assert len(turn.dice) == 5
            assert all(1 <= die <= 6 for die in turn.dice)

    @invariant()
    def at_most_three_rolls(self) -> None:
        assert 0 <= self.state.turn.rolls <= 3
        assert self.state.rolls_left == 3 - self.state.turn.rolls

    @invariant()
    def each_box_is_filled_once_and_only_in_play(self) -> None:
        in_play = set(self.state.house_rules.categories())
        assert sum(len(p.boxes) for p in self.state.players) == self.fills
        for player in self.state.players:
            assert set(player.boxes) <= in_play

    @invariant()
    def players_fill_their_boxes_in_turn(self) -> None:
        state = self.state
        counts = [len(p.boxes) for p in state.players]
        assert max(counts) - min(counts) <= 1
        if state.phase is Phase.PLAYING:
            assert state.current == self.fills % len(state.players)

    @invariant()
    def totals_are_the_sums_of_the_boxes(self) -> None:
        assert rules.totals(self.state) == [
            sum(box.points for box in p.boxes.values()) for p in self.state.players
        ]

    @invariant()
    def the_game_leaves_play_after_rounds_times_players_turns_or_an_automatic_win(self) -> None:
        state = self.state
        turns = state.rounds * len(state.players)
        if self.fills == turns:
            assert state.phase is not Phase.PLAYING
        elif state.phase is not Phase.PLAYING:
            assert state.ending is Ending.SERVED_GENERALA

    @invariant()
    def a_finished_game_has_winners_and_an_ending(self) -> None:
        state = self.state
        event(f"reached {state.phase.value}" + (f" ({state.ending.value})" if state.ending else ""))
        if state.phase is Phase.OVER:
            assert state.winners
            assert state.ending is not None
            assert not rules.can_roll(state)
        else:
            assert state.winners == ()
            assert state.ending is None

    @invariant()
    def the_winners_on_points_have_the_highest_total(self) -> None:
        state = self.state
        if state.ending in (Ending.POINTS, Ending.SHARED):
            totals = rules.totals(state)
            assert state.winners == tuple(i for i, t in enumerate(totals) if t == max(totals))
            assert (len(state.winners) > 1) is (state.ending is Ending.SHARED)

    @invariant()
    def can_roll_and_scoring_options_agree_with_the_rule_book(self) -> None:
        assert rules.can_roll(self.state) is roll_is_legal(self.state)
        assert rules.scoring_options(self.state) == expected_options(self.state)

    @invariant()
    def the_state_survives_a_json_round_trip(self) -> None:
        assert GameState.model_validate_json(self.state.model_dump_json()) == self.state


GeneralaMoves.TestCase.settings = settings(
    max_examples=40,
    stateful_step_count=200,
    deadline=None,
    phases=PHASES,
    suppress_health_check=[HealthCheck.too_slow],
)
# Slow: fuzzing, 40 runs of 200 random moves each checked against the rule book (over 10 s).
TestGeneralaMoves = pytest.mark.slow(GeneralaMoves.TestCase)


# --- whole games ----------------------------------------------------------


def play_whole_game(state: GameState, chooser: random.Random, scratch_all: bool) -> list[Any]:
    """Play a game to its end with random legal moves; return the log of moves."""
    log: list[Any] = []
    for _ in range(5000):
        if state.phase is Phase.OVER:
            return log
        turn = state.turn
        # Under locked holds a die held for a roll can't be released.
        free = [die for die in range(5) if not (turn.held[die] and turn.locked[die])]
        if turn.rolls and free and chooser.random() < 0.4:
            state = rules.toggle_hold(state, chooser.choice(free))
            continue
        if rules.can_roll(state) and (turn.rolls == 0 or chooser.random() < 0.5):
            state = rules.roll(state)
            log.append(("roll", state.turn.dice))
            continue
        if state.phase is Phase.TIE_BREAK:
            state = rules.end_tie_break_turn(state)
            log.append(("tie-break", state.tie_breaks[-1].scores))
            continue
        options = rules.scoring_options(state)
        category = chooser.choice(sorted(options))
        if scratch_all or options[category] == 0:
            state = rules.scratch(state, category)
        else:
            state = rules.score(state, category)
        log.append(("fill", category))
    raise AssertionError("the game did not end")


@settings(max_examples=40, deadline=None, phases=PHASES)
@given(
    house_rules=house_rules_strategy,
    players=st.integers(1, 3),
    seed=st.integers(0, 2**32),
    choices=st.randoms(use_true_random=False),
    scratch_all=st.booleans(),
)
def test_a_whole_game_of_legal_moves_ends_after_rounds_times_players_turns(
    house_rules: HouseRules,
    players: int,
    seed: int,
    choices: random.Random,
    scratch_all: bool,
) -> None:
    state = rules.new_game(NAMES[:players], house_rules, seed=seed)
    log = play_whole_game(state, random.Random(choices.random()), scratch_all)
    event(f"tie-break rounds: {sum(entry[0] == 'tie-break' for entry in log) > 0}")
    fills = [entry for entry in log if entry[0] == "fill"]
    assert len(fills) <= state.rounds * players
    if len(fills) < state.rounds * players:
        # Only a served Generala ends a game early.
        last_roll = [entry for entry in log if entry[0] == "roll"][-1]
        assert len(set(last_roll[1])) == 1


@settings(max_examples=20, deadline=None, phases=PHASES)
@given(
    house_rules=house_rules_strategy,
    seed=st.integers(0, 2**32),
    choices=st.integers(0, 2**32),
)
def test_the_same_seed_and_moves_give_the_same_game(
    house_rules: HouseRules, seed: int, choices: int
) -> None:
    state = rules.new_game(NAMES[:2], house_rules, seed=seed)
    first = play_whole_game(state, random.Random(choices), scratch_all=False)
    again = play_whole_game(state, random.Random(choices), scratch_all=False)
    assert first == again
