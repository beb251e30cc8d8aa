"""Ties for the highest total and the tie-break round (RULES.md section 7)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from helpers import JUNK, play_game, play_rolls

from generala_tui.game import rules
from generala_tui.game.model import (
    Category,
    Ending,
    GameState,
    HoldToggled,
    HouseRules,
    Phase,
    ServedRoll,
    StraightRule,
    TieBreakEnded,
    TieBreakRound,
)
from generala_tui.game.rules import IllegalMove

SIXES_18 = ((6, 6, 6, 1, 2), Category.SIXES)
FIVES_15 = ((5, 5, 5, 1, 2), Category.FIVES)


def tied_game(players: int = 2, **house_rules: object) -> GameState:
    """A game played to the end in which every player scratched every box: all tied at 0."""
    names = ["Ana", "Bruno", "Rita", "Sofía"][:players]
    state = rules.new_game(names, HouseRules.model_validate(house_rules), seed=17)
    return play_game(state)


def tie_break_turn(state: GameState, dice: tuple[int, ...]) -> GameState:
    return rules.end_tie_break_turn(rules.roll(state, dice))


def test_a_tie_for_the_highest_total_starts_a_tie_break_round() -> None:
    state = tied_game(2)
    assert state.phase is Phase.TIE_BREAK
    assert state.tie_breaks == (TieBreakRound(contenders=(0, 1)),)
    assert state.current == 0
    assert state.turn.rolls == 0
    assert state.winners == ()
    assert state.ending is None


def test_only_the_players_tied_for_the_highest_total_play_the_tie_break() -> None:
    state = rules.new_game(["Ana", "Bruno", "Rita", "Sofía"], seed=2)
    state = play_game(state, {1: [SIXES_18], 3: [SIXES_18]})
    assert rules.totals(state) == [0, 18, 0, 18]
    assert state.tie_breaks == (TieBreakRound(contenders=(1, 3)),)
    assert state.current == 1


def test_the_tie_break_starts_from_the_first_seat_whoever_ended_the_game() -> None:
    # Rita (seat 2) plays the last turn of the game; Ana and Rita tie.
    state = rules.new_game(["Ana", "Bruno", "Rita"], seed=2)
    state = play_game(state, {0: [SIXES_18], 2: [SIXES_18]})
    assert state.tie_breaks[-1].contenders == (0, 2)
    assert state.current == 0
    state = tie_break_turn(state, JUNK)
    assert state.current == 2


def test_the_highest_tie_break_score_wins() -> None:
    state = tied_game(3)
    state = tie_break_turn(state, (6, 6, 1, 2, 3))  # Sixes 12
    state = tie_break_turn(state, (5, 5, 5, 2, 2))  # Full house, served: 35
    state = tie_break_turn(state, (2, 3, 4, 5, 6))  # Straight, served: 25
    assert state.phase is Phase.OVER
    assert state.winners == (1,)
    assert state.ending is Ending.TIE_BREAK
    assert state.tie_breaks == (TieBreakRound(contenders=(0, 1, 2), scores=(12, 35, 25)),)


def test_tie_break_scores_are_not_added_to_the_totals() -> None:
    state = tied_game(2)
    state = tie_break_turn(tie_break_turn(state, (5, 5, 5, 2, 2)), JUNK)
    assert rules.totals(state) == [0, 0]
    assert all(box.points == 0 for p in state.players for box in p.boxes.values())


def test_a_tie_break_that_ties_again_is_replayed_among_the_still_tied_players() -> None:
    state = tied_game(3)
    state = tie_break_turn(state, (5, 5, 5, 2, 2))  # 35
    state = tie_break_turn(state, JUNK)  # Sixes or Twos or Fours: 6
    state = tie_break_turn(state, (3, 3, 6, 6, 6))  # 35
    assert state.phase is Phase.TIE_BREAK
    assert state.tie_breaks[-1] == TieBreakRound(contenders=(0, 2))
    assert state.current == 0
    state = tie_break_turn(state, (1, 2, 3, 4, 5))  # 25
    assert state.current == 2
    state = tie_break_turn(state, (4, 4, 4, 4, 1))  # 45
    assert (state.phase, state.winners, state.ending) == (Phase.OVER, (2,), Ending.TIE_BREAK)
    assert [r.scores for r in state.tie_breaks] == [(35, 6, 35), (25, 45)]


def test_a_tie_break_can_tie_again_and_again() -> None:
    state = tied_game(2)
    for _ in range(3):
        state = tie_break_turn(tie_break_turn(state, JUNK), JUNK)
        assert state.phase is Phase.TIE_BREAK
    assert len(state.tie_breaks) == 4
    assert all(r.contenders == (0, 1) for r in state.tie_breaks)


def test_a_tie_break_turn_has_the_usual_three_rolls_and_holds() -> None:
    state = play_rolls(tied_game(2), JUNK, ({0, 1}, (2, 2, 5)), ({0, 1, 2, 3}, (2,)))
    assert state.turn.dice == (2, 2, 2, 2, 2)
    assert state.turn.rolls == 3
    with pytest.raises(IllegalMove):
        rules.roll(state)
    state = rules.end_tie_break_turn(state)
    assert state.tie_breaks[-1].scores == (50,)


@pytest.mark.parametrize(
    ("dice", "served", "house_rules", "points"),
    [
        ((6, 6, 6, 6, 2), False, HouseRules(), 40),  # Four of a kind beats Sixes (24)
        ((6, 6, 6, 6, 2), True, HouseRules(served_bonus=10), 50),
        ((6, 6, 6, 5, 5), False, HouseRules(), 30),  # Full house beats Sixes (18)
        ((2, 2, 6, 6, 6), True, HouseRules(), 35),
        ((1, 3, 4, 5, 6), True, HouseRules(), 25),
        ((1, 3, 4, 5, 6), True, HouseRules(straight=StraightRule.STRICT), 6),
        ((6, 6, 3, 3, 1), False, HouseRules(), 12),
        ((6, 6, 3, 3, 1), True, HouseRules(two_pairs=True), 15),
        ((1, 1, 2, 2, 3), False, HouseRules(two_pairs=True), 10),
        ((1, 1, 1, 2, 2), False, HouseRules(two_pairs=True), 30),
        # On an empty card Double Generala can't be scored: five of a kind earns Generala.
        ((3, 3, 3, 3, 3), False, HouseRules(double_generala=True), 50),
        ((3, 3, 3, 3, 3), True, HouseRules(double_generala=True, served_generala_wins=False), 50),
        ((3, 3, 3, 3, 3), False, HouseRules(generala_points=60, double_generala=True), 60),
    ],
)
def test_the_tie_break_score_is_the_best_box_of_an_empty_scorecard(
    dice: tuple[int, ...], served: bool, house_rules: HouseRules, points: int
) -> None:
    assert rules.tie_break_score(dice, house_rules, served) == points


def test_a_tie_break_turn_scores_its_final_dice_with_the_served_bonus() -> None:
    state = tied_game(2, served_roll=ServedRoll.ANY_FULL_ROLL)
    state = play_rolls(state, JUNK, ((), (4, 4, 4, 3, 3)))
    state = rules.end_tie_break_turn(state)
    state = play_rolls(state, JUNK, ({0, 1}, (4, 4, 3)))
    state = rules.end_tie_break_turn(state)
    assert state.tie_breaks[-1].scores == (35, 8)
    assert state.winners == (0,)


def test_a_served_generala_wins_the_tie_break_and_the_game_at_once() -> None:
    state = tied_game(3)
    state = tie_break_turn(state, (4, 4, 4, 4, 1))
    state = rules.roll(state, (2, 2, 2, 2, 2))
    assert (state.phase, state.winners, state.ending) == (
        Phase.OVER,
        (1,),
        Ending.SERVED_GENERALA,
    )
    # Rita never plays her tie-break turn.
    assert state.tie_breaks[-1].scores == (45,)


def test_a_served_generala_in_the_tie_break_under_any_full_roll_wins_at_once() -> None:
    state = tied_game(2, served_roll=ServedRoll.ANY_FULL_ROLL)
    state = play_rolls(state, JUNK, ((), (5, 5, 5, 5, 5)))
    assert (state.phase, state.winners) == (Phase.OVER, (0,))


def test_an_unserved_generala_in_the_tie_break_scores_generala_points() -> None:
    state = tied_game(2, generala_points=60)
    state = play_rolls(state, (5, 5, 5, 5, 1), ({0, 1, 2, 3}, (5,)))
    assert state.phase is Phase.TIE_BREAK
    state = rules.end_tie_break_turn(state)
    assert state.tie_breaks[-1].scores == (60,)


def test_without_served_generala_wins_a_served_tie_break_generala_scores_generala_points() -> None:
    state = tied_game(2, served_generala_wins=False)
    state = rules.roll(state, (5, 5, 5, 5, 5))
    assert state.phase is Phase.TIE_BREAK
    state = tie_break_turn(rules.end_tie_break_turn(state), (4, 4, 4, 4, 1))
    assert state.tie_breaks[-1].scores == (50, 45)
    assert state.winners == (0,)


def test_without_tie_break_the_tied_players_share_the_win() -> None:
    state = tied_game(3, tie_break=False)
    assert (state.phase, state.winners, state.ending) == (Phase.OVER, (0, 1, 2), Ending.SHARED)


@pytest.mark.parametrize("fill", [rules.score, rules.scratch])
def test_boxes_cannot_be_filled_in_a_tie_break_turn(
    fill: Callable[[GameState, Category], GameState],
) -> None:
    state = rules.roll(tied_game(2), (6, 6, 6, 1, 2))
    assert rules.scoring_options(state) == {}
    with pytest.raises(IllegalMove, match="tie-break"):
        fill(state, Category.SIXES)


def test_a_tie_break_turn_cannot_end_before_its_first_roll() -> None:
    with pytest.raises(IllegalMove, match="Roll first"):
        rules.end_tie_break_turn(tied_game(2))


def test_end_tie_break_turn_is_refused_in_a_regular_turn() -> None:
    state = rules.roll(rules.new_game(["Ana", "Bruno"], seed=1), JUNK)
    with pytest.raises(IllegalMove, match="fill a box"):
        rules.end_tie_break_turn(state)


def test_a_single_player_game_never_needs_a_tie_break() -> None:
    state = play_game(rules.new_game(["Ana"], seed=1))
    assert (state.phase, state.winners, state.ending) == (Phase.OVER, (0,), Ending.POINTS)


def test_hold_presses_of_a_tie_break_turn_end_with_it_as_their_net_change() -> None:
    rolled = rules.roll(tied_game(2), (6, 6, 6, 1, 2))
    pressed = rules.toggle_hold(rules.toggle_hold(rules.toggle_hold(rolled, 0), 3), 0)
    assert len(pressed.log) == len(rolled.log) + 3
    ended = rules.end_tie_break_turn(pressed)
    assert ended.log[len(rolled.log) :] == (
        HoldToggled(seat=0, die=3, held=True),
        TieBreakEnded(seat=0, points=18),
    )
