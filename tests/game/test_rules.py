"""The rules of RULES.md sections 1 to 7 (the tie-break is in test_tie_break.py)."""

from __future__ import annotations

import ast
import inspect
import os
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from helpers import JUNK, play_game, play_rolls, score_turn, scratch_turn

import generala_tui.game
from generala_tui.game import rules
from generala_tui.game.model import (
    NUMBER_CATEGORIES,
    Box,
    Boxes,
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
from generala_tui.game.rules import IllegalMove

FIRST = ServedRoll.FIRST_ROLL
ANY_FULL = ServedRoll.ANY_FULL_ROLL
ALL = (0, 1, 2, 3, 4)
GAME = Path(generala_tui.game.__file__).parent
"""The game's package folder: its modules."""


def game(players: int = 2, seed: int = 7, **house_rules: object) -> GameState:
    names = ["Ana", "Bruno", "Rita"][:players]
    return rules.new_game(names, HouseRules.model_validate(house_rules), seed=seed)


def with_boxes(state: GameState, seat: int, boxes: dict[Category, Box]) -> GameState:
    """The state with the seat's scorecard replaced (as if earlier rounds went so)."""
    player = state.players[seat].model_copy(update={"boxes": Boxes(boxes)})
    players = tuple(player if i == seat else p for i, p in enumerate(state.players))
    return state.model_copy(update={"players": players})


# --- the rules' modules --------------------------------------------------


def test_the_rules_are_one_facade_over_a_module_for_each_subject() -> None:
    # Callers ask rules; each subject (scoring, moves, holds, questions, record) has its
    # module, and rules defines nothing of its own nor offers a name it does not declare.
    offered: dict[str, object] = {}
    exec("from generala_tui.game.rules import *", offered)  # what its __all__ offers
    offered.pop("__builtins__")
    public = {
        name: value
        for name, value in vars(rules).items()
        if not name.startswith("_") and not inspect.ismodule(value) and name != "annotations"
    }
    assert offered == public
    assert [name for name, value in public.items() if inspect.getmodule(value) is rules] == []


def test_no_module_of_the_game_is_over_700_lines() -> None:
    lines = {
        str(path.relative_to(GAME)): len(path.read_text(encoding="utf-8").splitlines())
        for path in sorted(GAME.rglob("*.py"))
    }
    assert {name: count for name, count in lines.items() if count > 700} == {}


# --- starting a game ------------------------------------------------------


def test_a_new_game_gives_each_player_an_empty_scorecard_and_seat_one_rolls_first() -> None:
    state = rules.new_game(["Ana", "Bruno", "Rita"], seed=5)
    assert [p.name for p in state.players] == ["Ana", "Bruno", "Rita"]
    assert all(p.boxes == {} for p in state.players)
    assert state.current == 0
    assert state.turn.rolls == 0
    assert state.phase is Phase.PLAYING
    assert state.winners == ()
    assert state.ending is None
    assert state.house_rules == HouseRules()
    assert state.seed == 5


def test_a_single_player_may_play_alone() -> None:
    state = play_game(rules.new_game(["Ana"], seed=1), {0: [((5, 5, 5, 1, 2), Category.FIVES)]})
    assert state.phase is Phase.OVER
    assert state.winners == (0,)
    assert state.ending is Ending.POINTS


def test_a_new_game_keeps_computer_levels_and_trims_names() -> None:
    state = rules.new_game([" Ana ", Player(name="Rita", level=Level.EASY)], seed=1)
    assert [(p.name, p.level) for p in state.players] == [("Ana", None), ("Rita", Level.EASY)]


def test_a_new_game_starts_players_given_as_models_with_empty_scorecards() -> None:
    veteran = Player(name="Rita", boxes={Category.SIXES: Box(points=30)})
    assert rules.new_game([veteran], seed=1).players[0].boxes == {}


def test_a_new_game_without_a_seed_draws_one_and_stores_it() -> None:
    seeds = {rules.new_game(["Ana"]).seed for _ in range(5)}
    assert len(seeds) > 1


@pytest.mark.parametrize(
    ("names", "message"),
    [
        ([], "1 to 8 players"),
        ([f"P{i}" for i in range(9)], "1 to 8 players"),
        (["Ana", "  "], "Player 2 needs a name"),
        (["x" * 21], "the most is 20"),
        (["Ana", "ANA "], "Two players are called"),
        (["Ana\x1b[31m"], "can't be shown"),
    ],
)
def test_new_game_refuses_bad_player_names(names: list[str], message: str) -> None:
    with pytest.raises(IllegalMove, match=message):
        rules.new_game(names, seed=1)


def test_validate_names_returns_the_trimmed_names() -> None:
    assert rules.validate_names([" Ana", "Bruno  "]) == ["Ana", "Bruno"]


# --- rolling --------------------------------------------------------------


def test_the_game_names_its_dice_and_faces_instead_of_writing_five_and_six() -> None:
    # range(5), range(1, 7), randint(1, 6): NUMBER_OF_DICE and FACES say them once.
    written = {("range", (5,)), ("range", (0, 5)), ("range", (1, 7)), ("randint", (1, 6))}
    found = []
    for path in sorted(GAME.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and all(
                isinstance(arg, ast.Constant) for arg in node.args
            ):
                name = getattr(node.func, "id", getattr(node.func, "attr", ""))
                args = tuple(arg.value for arg in node.args if isinstance(arg, ast.Constant))
                if (name, args) in written:
                    found.append(f"{path.name}:{node.lineno}")
    assert found == []


def test_the_first_roll_throws_all_five_dice() -> None:
    state = rules.roll(game())
    assert len(state.turn.dice) == 5
    assert all(1 <= die <= 6 for die in state.turn.dice)
    assert state.turn.rolls == 1
    assert state.turn.held == (False,) * 5


def test_roll_with_values_places_them_in_the_unheld_positions() -> None:
    state = rules.roll(game(), (1, 2, 3, 4, 5))
    state = rules.toggle_hold(rules.toggle_hold(state, 1), 3)
    state = rules.roll(state, (6, 5, 4))
    assert state.turn.dice == (6, 2, 5, 4, 4)
    assert state.turn.held == (False, True, False, True, False)


def test_seeded_dice_are_the_same_for_the_same_seed_and_moves() -> None:
    def play(seed: int) -> list[tuple[int, ...]]:
        state = game(seed=seed)
        seen = []
        for _ in range(4):
            state = rules.roll(state)
            seen.append(state.turn.dice)
            state = rules.roll(rules.toggle_hold(state, 0))
            seen.append(state.turn.dice)
            state = rules.scratch(state, next(iter(rules.scoring_options(state))))
        return seen

    assert play(11) == play(11)
    assert play(11) != play(12)


def test_seeded_dice_go_on_the_same_after_a_json_round_trip() -> None:
    state = rules.roll(game(seed=99))
    state = rules.scratch(state, Category.ONES)
    state = rules.roll(state)
    restored = GameState.model_validate_json(state.model_dump_json())
    assert rules.roll(restored) == rules.roll(state)
    state, restored = rules.scratch(state, Category.ONES), rules.scratch(restored, Category.ONES)
    assert rules.roll(restored).turn.dice == rules.roll(state).turn.dice


def test_seeded_dice_are_the_same_in_a_fresh_interpreter() -> None:
    # A saved game is reloaded by another process, with another hash seed.
    script = (
        "from generala_tui.game import rules\n"
        "state = rules.roll(rules.new_game(['Ana'], seed=2024))\n"
        "state = rules.roll(rules.toggle_hold(state, 0))\n"
        "print(list(state.turn.dice))\n"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, env=env
    )
    state = rules.roll(rules.new_game(["Ana"], seed=2024))
    state = rules.roll(rules.toggle_hold(state, 0))
    assert result.stdout.strip() == str(list(state.turn.dice))


def test_each_roll_of_a_game_draws_fresh_dice() -> None:
    state = game(seed=5)
    throws = set()
    for _ in range(6):
        state = rules.roll(state)
        throws.add(state.turn.dice)
        state = rules.scratch(state, next(iter(rules.scoring_options(state))))
    assert len(throws) > 1


def test_a_seeded_reroll_keeps_the_held_dice() -> None:
    state = rules.roll(game(seed=3), (6, 6, 1, 2, 3))
    state = rules.roll(rules.toggle_hold(rules.toggle_hold(state, 0), 1))
    assert state.turn.dice[:2] == (6, 6)


def test_a_player_may_roll_three_times_but_not_four() -> None:
    state = rules.roll(rules.roll(rules.roll(game(), JUNK), JUNK), JUNK)
    assert state.turn.rolls == 3
    assert state.rolls_left == 0
    assert not rules.can_roll(state)
    with pytest.raises(IllegalMove, match="3 times"):
        rules.roll(state)


def test_rolling_with_all_five_dice_held_is_refused() -> None:
    state = hold_all(rules.roll(game(), JUNK))
    assert not rules.can_roll(state)
    with pytest.raises(IllegalMove, match="All five dice are held"):
        rules.roll(state)


def hold_all(state: GameState) -> GameState:
    for die in range(5):
        state = rules.toggle_hold(state, die)
    return state


def test_can_roll_before_the_first_roll_and_after_one_or_two() -> None:
    state = game()
    assert rules.can_roll(state)
    state = rules.roll(state, JUNK)
    assert rules.can_roll(state)
    assert rules.can_roll(rules.roll(state, JUNK))


@pytest.mark.parametrize(
    "values",
    [(1, 2, 3, 4), (1, 2, 3, 4, 5, 6), (), (0, 1, 2, 3, 4), (1, 2, 3, 4, 7), (1, 2, 3, 4, -3)],
)
def test_a_first_roll_with_wrong_values_is_refused(values: tuple[int, ...]) -> None:
    with pytest.raises(IllegalMove):
        rules.roll(game(), values)


@pytest.mark.parametrize("bad", [True, 2.0, "3", None])
def test_a_die_value_that_is_not_a_whole_number_is_refused(bad: object) -> None:
    with pytest.raises(IllegalMove, match="1 to 6"):
        rules.roll(game(), (1, 2, 3, 4, bad))  # type: ignore[arg-type]


def test_a_reroll_needs_one_value_per_unheld_die() -> None:
    state = rules.toggle_hold(rules.roll(game(), JUNK), 0)
    with pytest.raises(IllegalMove, match="throws 4 dice, not 5"):
        rules.roll(state, JUNK)


# --- holding --------------------------------------------------------------


def test_holding_before_the_first_roll_is_refused() -> None:
    with pytest.raises(IllegalMove, match="Roll first"):
        rules.toggle_hold(game(), 0)


@pytest.mark.parametrize("die", [-1, 5, True])
def test_holding_a_die_that_does_not_exist_is_refused(die: int) -> None:
    with pytest.raises(IllegalMove, match="no die"):
        rules.toggle_hold(rules.roll(game(), JUNK), die)


def test_a_die_can_be_held_and_released_again() -> None:
    state = rules.roll(game(), JUNK)
    held = rules.toggle_hold(state, 2)
    assert held.turn.held == (False, False, True, False, False)
    assert rules.toggle_hold(held, 2).turn == state.turn


def test_without_locked_holds_a_die_held_for_a_roll_can_be_released_and_rolled() -> None:
    state = play_rolls(game(), (6, 1, 2, 3, 4), ({0}, (5, 5, 5, 5)))
    state = rules.toggle_hold(state, 0)
    assert not state.turn.held[0]
    assert rules.roll(state, (1, 1, 1, 1, 1)).turn.dice == (1, 1, 1, 1, 1)


def test_with_locked_holds_a_die_held_for_a_roll_stays_held() -> None:
    state = play_rolls(game(locked_holds=True), (6, 1, 2, 3, 4), ({0}, (5, 5, 5, 5)))
    assert state.turn.locked == (True, False, False, False, False)
    with pytest.raises(IllegalMove, match="locked holds"):
        rules.toggle_hold(state, 0)


def test_with_locked_holds_a_hold_made_since_the_last_roll_can_be_released() -> None:
    state = play_rolls(game(locked_holds=True), (6, 1, 2, 3, 4), ({0}, (5, 5, 5, 5)))
    state = rules.toggle_hold(state, 1)
    state = rules.toggle_hold(state, 1)
    assert state.turn.held == (True, False, False, False, False)
    state = rules.roll(rules.toggle_hold(state, 2), (1, 1, 1))
    assert state.turn.locked == (True, False, True, False, False)
    assert state.turn.dice == (6, 1, 5, 1, 1)


def test_locked_holds_last_only_for_the_turn() -> None:
    state = play_rolls(game(locked_holds=True), (6, 1, 2, 3, 4), ({0}, (5, 5, 5, 5)))
    state = rules.roll(rules.scratch(state, Category.ONES), JUNK)
    assert state.turn.locked == (False,) * 5
    assert rules.toggle_hold(state, 0).turn.held[0]


def test_holding_after_the_last_roll_is_allowed_and_changes_nothing_else() -> None:
    state = rules.roll(rules.roll(rules.roll(game(), JUNK), JUNK), (6, 6, 6, 2, 2))
    held = rules.toggle_hold(state, 0)
    assert held.turn.held[0]
    assert held.turn.dice == state.turn.dice
    assert rules.scoring_options(held) == rules.scoring_options(state)


# --- the served roll ------------------------------------------------------


@pytest.mark.parametrize("served_roll", list(ServedRoll))
def test_the_first_roll_is_always_served(served_roll: ServedRoll) -> None:
    assert rules.roll(game(served_roll=served_roll), JUNK).turn.served


@pytest.mark.parametrize(("served_roll", "served"), [(FIRST, False), (ANY_FULL, True)])
def test_a_second_roll_of_all_five_dice_is_served_only_under_any_full_roll(
    served_roll: ServedRoll, served: bool
) -> None:
    state = play_rolls(game(served_roll=served_roll), JUNK, ((), JUNK))
    assert state.turn.served is served


@pytest.mark.parametrize(("served_roll", "served"), [(FIRST, False), (ANY_FULL, True)])
def test_a_third_roll_of_all_five_dice_is_served_only_under_any_full_roll(
    served_roll: ServedRoll, served: bool
) -> None:
    state = play_rolls(game(served_roll=served_roll), JUNK, ({0}, JUNK[1:]), ((), JUNK))
    assert state.turn.served is served


@pytest.mark.parametrize("served_roll", list(ServedRoll))
def test_a_roll_that_keeps_a_die_is_never_served(served_roll: ServedRoll) -> None:
    state = play_rolls(game(served_roll=served_roll), JUNK, ({4}, (1, 1, 1, 1)))
    assert not state.turn.served


@pytest.mark.parametrize("served_roll", list(ServedRoll))
def test_holding_all_dice_and_stopping_keeps_the_served_roll(served_roll: ServedRoll) -> None:
    state = hold_all(rules.roll(game(served_roll=served_roll), (6, 6, 6, 2, 2)))
    assert state.turn.served
    assert rules.score(state, Category.FULL_HOUSE).players[0].boxes == {
        Category.FULL_HOUSE: Box(points=35)
    }


# --- RULES.md section 6: the worked examples ------------------------------


@pytest.mark.parametrize("served_roll", list(ServedRoll))
def test_worked_example_1_four_of_a_kind_after_rolling_one_die_scores_40(
    served_roll: ServedRoll,
) -> None:
    state = play_rolls(game(served_roll=served_roll), (2, 5, 5, 5, 5), ({1, 2, 3, 4}, (3,)))
    assert state.turn.dice == (3, 5, 5, 5, 5)
    assert rules.scoring_options(state)[Category.FOUR_OF_A_KIND] == 40
    state = rules.score(state, Category.FOUR_OF_A_KIND)
    assert state.players[0].boxes[Category.FOUR_OF_A_KIND] == Box(points=40)


@pytest.mark.parametrize(("served_roll", "points"), [(ANY_FULL, 35), (FIRST, 30)])
def test_worked_example_2_full_house_on_a_second_roll_of_all_five(
    served_roll: ServedRoll, points: int
) -> None:
    state = play_rolls(game(served_roll=served_roll), (1, 4, 4, 5, 6), ((), (3, 3, 3, 5, 5)))
    state = rules.score(state, Category.FULL_HOUSE)
    assert state.players[0].boxes[Category.FULL_HOUSE] == Box(points=points)


def test_worked_example_3_generala_on_a_served_second_roll_wins_at_once() -> None:
    state = play_rolls(game(3, served_roll=ANY_FULL), (2, 3, 3, 5, 6), ((), (4, 4, 4, 4, 4)))
    assert state.phase is Phase.OVER
    assert state.winners == (0,)
    assert state.ending is Ending.SERVED_GENERALA


@pytest.mark.parametrize("generala_points", [50, 60])
def test_worked_example_3_under_first_roll_is_an_ordinary_generala(generala_points: int) -> None:
    state = game(served_roll=FIRST, generala_points=generala_points)
    state = play_rolls(state, (2, 3, 3, 5, 6), ((), (4, 4, 4, 4, 4)))
    assert state.phase is Phase.PLAYING
    state = rules.score(state, Category.GENERALA)
    assert state.players[0].boxes[Category.GENERALA] == Box(points=generala_points)


@pytest.mark.parametrize("generala", [Box(points=50), Box(points=0, scratched=True)])
def test_worked_example_3_is_no_win_once_the_generala_box_is_filled(generala: Box) -> None:
    state = with_boxes(game(served_roll=ANY_FULL), 0, {Category.GENERALA: generala})
    state = play_rolls(state, (2, 3, 3, 5, 6), ((), (4, 4, 4, 4, 4)))
    assert state.phase is Phase.PLAYING
    assert rules.scoring_options(state)[Category.FOUR_OF_A_KIND] == 45


@pytest.mark.parametrize("served_roll", list(ServedRoll))
def test_five_of_a_kind_on_the_first_roll_with_generala_open_wins_at_once(
    served_roll: ServedRoll,
) -> None:
    state = score_turn(game(3, served_roll=served_roll), (6, 6, 6, 1, 2), Category.SIXES)
    state = rules.roll(state, (2, 2, 2, 2, 2))
    assert state.phase is Phase.OVER
    assert state.winners == (1,)
    assert state.ending is Ending.SERVED_GENERALA
    # The others do not finish their turns.
    assert len(state.players[2].boxes) == 0
    assert state.turn.dice == (2, 2, 2, 2, 2)


@pytest.mark.parametrize("served_roll", list(ServedRoll))
def test_five_of_a_kind_made_by_rerolling_some_dice_is_not_an_automatic_win(
    served_roll: ServedRoll,
) -> None:
    state = play_rolls(game(served_roll=served_roll), (4, 4, 4, 4, 1), ({0, 1, 2, 3}, (4,)))
    assert state.phase is Phase.PLAYING
    assert rules.score(state, Category.GENERALA).players[0].boxes[Category.GENERALA] == Box(
        points=50
    )


@pytest.mark.parametrize("generala_points", [50, 60])
def test_without_served_generala_wins_a_served_generala_simply_scores(
    generala_points: int,
) -> None:
    state = game(served_generala_wins=False, generala_points=generala_points)
    state = rules.roll(state, (5, 5, 5, 5, 5))
    assert state.phase is Phase.PLAYING
    assert rules.scoring_options(state)[Category.GENERALA] == generala_points
    state = rules.score(state, Category.GENERALA)
    assert state.players[0].boxes[Category.GENERALA] == Box(points=generala_points)


@pytest.mark.parametrize(
    "move",
    [
        lambda s: rules.roll(s),
        lambda s: rules.roll(s, (1, 2, 3, 4, 5)),
        lambda s: rules.toggle_hold(s, 0),
        lambda s: rules.score(s, Category.GENERALA),
        lambda s: rules.score(s, Category.FIVES),
        lambda s: rules.scratch(s, Category.ONES),
        lambda s: rules.end_tie_break_turn(s),
    ],
)
def test_every_move_after_the_game_is_over_is_refused(
    move: Callable[[GameState], GameState],
) -> None:
    state = rules.roll(game(), (5, 5, 5, 5, 5))
    assert state.phase is Phase.OVER
    with pytest.raises(IllegalMove, match="over"):
        move(state)
    assert not rules.can_roll(state)
    assert rules.scoring_options(state) == {}


def test_every_move_after_a_game_ended_on_points_is_refused() -> None:
    state = play_game(game(), {1: [((6, 6, 1, 2, 3), Category.SIXES)]})
    assert (state.phase, state.winners, state.ending) == (Phase.OVER, (1,), Ending.POINTS)
    for move in (rules.roll, lambda s: rules.scratch(s, Category.ONES)):
        with pytest.raises(IllegalMove):
            move(state)


# --- category points, RULES.md section 4 ----------------------------------

DEFAULT = HouseRules()


@pytest.mark.parametrize(
    ("category", "points"),
    [
        (Category.ONES, 0),
        (Category.TWOS, 2),
        (Category.THREES, 0),
        (Category.FOURS, 12),
        (Category.FIVES, 0),
        (Category.SIXES, 6),
    ],
)
@pytest.mark.parametrize("served", [False, True])
def test_number_boxes_score_the_sum_of_their_number(
    category: Category, points: int, served: bool
) -> None:
    assert rules.category_score((4, 4, 4, 2, 6), category, DEFAULT, served) == points


STRAIGHT_CASES: list[tuple[tuple[int, ...], set[StraightRule]]] = [
    # dice, the straight rules under which they are a straight
    ((1, 2, 3, 4, 5), set(StraightRule)),
    ((5, 3, 1, 4, 2), set(StraightRule)),
    ((2, 3, 4, 5, 6), set(StraightRule)),
    ((6, 2, 5, 3, 4), set(StraightRule)),
    ((3, 4, 5, 6, 1), set(StraightRule) - {StraightRule.STRICT}),
    ((1, 6, 5, 4, 3), set(StraightRule) - {StraightRule.STRICT}),
    ((4, 5, 6, 1, 2), {StraightRule.WRAPAROUND, StraightRule.ONES_WILD}),
    ((5, 6, 1, 2, 3), {StraightRule.WRAPAROUND, StraightRule.ONES_WILD}),
    ((6, 1, 2, 3, 4), {StraightRule.WRAPAROUND, StraightRule.ONES_WILD}),
    ((1, 1, 3, 4, 5), {StraightRule.ONE_REPLACES_TWO, StraightRule.ONES_WILD}),
    ((3, 1, 5, 1, 4), {StraightRule.ONE_REPLACES_TWO, StraightRule.ONES_WILD}),
    ((1, 2, 1, 4, 5), {StraightRule.ONES_WILD}),
    ((1, 1, 1, 5, 6), {StraightRule.ONES_WILD}),
    ((1, 1, 1, 1, 1), {StraightRule.ONES_WILD}),
    ((1, 1, 2, 3, 4), {StraightRule.ONES_WILD}),
    ((1, 1, 4, 5, 6), {StraightRule.ONES_WILD}),
    ((2, 1, 4, 5, 6), {StraightRule.WRAPAROUND, StraightRule.ONES_WILD}),
    ((2, 3, 4, 5, 5), set()),
    ((1, 1, 3, 4, 4), set()),
    ((1, 2, 2, 4, 5), set()),
    ((6, 6, 6, 6, 6), set()),
    ((1, 3, 3, 4, 5), set()),
]


@pytest.mark.parametrize(("dice", "straight_rules"), STRAIGHT_CASES)
@pytest.mark.parametrize("rule", list(StraightRule))
def test_straight_variants_accept_exactly_their_straights(
    dice: tuple[int, ...], straight_rules: set[StraightRule], rule: StraightRule
) -> None:
    house_rules = HouseRules(straight=rule)
    expected = 20 if rule in straight_rules else 0
    assert rules.is_straight(dice, rule) is (rule in straight_rules)
    assert rules.category_score(dice, Category.STRAIGHT, house_rules, False) == expected


@pytest.mark.parametrize("served_bonus", [5, 10])
@pytest.mark.parametrize(
    ("dice", "category", "base"),
    [
        ((1, 2, 3, 4, 5), Category.STRAIGHT, 20),
        ((5, 5, 5, 3, 3), Category.FULL_HOUSE, 30),
        ((3, 5, 3, 5, 5), Category.FULL_HOUSE, 30),
        ((2, 5, 5, 5, 5), Category.FOUR_OF_A_KIND, 40),
    ],
)
def test_straight_full_house_and_four_of_a_kind_earn_the_served_bonus(
    dice: tuple[int, ...], category: Category, base: int, served_bonus: int
) -> None:
    house_rules = HouseRules(served_bonus=served_bonus)
    assert rules.category_score(dice, category, house_rules, False) == base
    assert rules.category_score(dice, category, house_rules, True) == base + served_bonus


def test_five_of_a_kind_is_not_a_full_house() -> None:
    assert rules.category_score((5, 5, 5, 5, 5), Category.FULL_HOUSE, DEFAULT, False) == 0


@pytest.mark.parametrize("dice", [(5, 5, 5, 5, 3), (5, 5, 5, 3, 4), (5, 5, 3, 3, 4)])
def test_full_house_needs_three_of_one_number_and_two_of_another(
    dice: tuple[int, ...],
) -> None:
    assert rules.category_score(dice, Category.FULL_HOUSE, DEFAULT, False) == 0


@pytest.mark.parametrize("served", [False, True])
def test_five_of_a_kind_qualifies_as_four_of_a_kind(served: bool) -> None:
    points = rules.category_score((3, 3, 3, 3, 3), Category.FOUR_OF_A_KIND, DEFAULT, served)
    assert points == (45 if served else 40)


def test_three_of_a_kind_is_not_four_of_a_kind() -> None:
    assert rules.category_score((3, 3, 3, 2, 2), Category.FOUR_OF_A_KIND, DEFAULT, False) == 0


@pytest.mark.parametrize("generala_points", [50, 60])
@pytest.mark.parametrize("served_bonus", [5, 10])
@pytest.mark.parametrize("served", [False, True])
def test_generala_scores_generala_points_with_no_served_bonus(
    generala_points: int, served_bonus: int, served: bool
) -> None:
    house_rules = HouseRules(generala_points=generala_points, served_bonus=served_bonus)
    dice = (6, 6, 6, 6, 6)
    assert rules.category_score(dice, Category.GENERALA, house_rules, served) == generala_points
    assert rules.category_score((6, 6, 6, 6, 1), Category.GENERALA, house_rules, served) == 0


@pytest.mark.parametrize(
    ("served", "served_bonus_rule", "points"),
    [(False, True, 100), (True, True, 120), (False, False, 100), (True, False, 100)],
)
def test_double_generala_scores_100_or_120_when_served_with_the_bonus_rule(
    served: bool, served_bonus_rule: bool, points: int
) -> None:
    house_rules = HouseRules(double_generala=True, double_generala_served_bonus=served_bonus_rule)
    dice = (2, 2, 2, 2, 2)
    assert rules.category_score(dice, Category.DOUBLE_GENERALA, house_rules, served) == points
    assert rules.category_score(JUNK, Category.DOUBLE_GENERALA, house_rules, served) == 0


@pytest.mark.parametrize("served_bonus", [5, 10])
@pytest.mark.parametrize(("served", "points"), [(False, 10), (True, 15)])
def test_two_pairs_scores_10_or_15_served_whatever_the_served_bonus(
    served_bonus: int, served: bool, points: int
) -> None:
    house_rules = HouseRules(two_pairs=True, served_bonus=served_bonus)
    for dice in [(5, 5, 3, 3, 4), (1, 6, 1, 2, 6)]:
        assert rules.category_score(dice, Category.TWO_PAIRS, house_rules, served) == points


@pytest.mark.parametrize(
    "dice",
    [
        (5, 5, 5, 3, 3),  # full house
        (5, 5, 5, 5, 3),  # four of a kind
        (5, 5, 5, 5, 5),  # five of a kind
        (5, 5, 5, 3, 4),  # three of a kind
        (5, 5, 1, 3, 4),  # one pair
        (1, 2, 3, 4, 5),
    ],
)
def test_only_exactly_two_different_pairs_and_an_odd_die_are_two_pairs(
    dice: tuple[int, ...],
) -> None:
    house_rules = HouseRules(two_pairs=True)
    assert rules.category_score(dice, Category.TWO_PAIRS, house_rules, True) == 0


@pytest.mark.parametrize("dice", [(1, 2, 3, 4), (1, 2, 3, 4, 5, 6), (0, 1, 2, 3, 4)])
def test_category_score_refuses_anything_but_five_dice_from_1_to_6(
    dice: tuple[int, ...],
) -> None:
    with pytest.raises(IllegalMove):
        rules.category_score(dice, Category.ONES, DEFAULT, False)


# --- scoring and scratching, RULES.md section 5 ---------------------------


def test_scoring_options_are_empty_before_the_first_roll() -> None:
    assert rules.scoring_options(game()) == {}


def test_scoring_options_list_every_open_box_in_scorecard_order_with_its_points() -> None:
    state = rules.roll(game(), (5, 5, 5, 3, 3))
    assert list(rules.scoring_options(state).items()) == [
        (Category.ONES, 0),
        (Category.TWOS, 0),
        (Category.THREES, 6),
        (Category.FOURS, 0),
        (Category.FIVES, 15),
        (Category.SIXES, 0),
        (Category.STRAIGHT, 0),
        (Category.FULL_HOUSE, 35),
        (Category.FOUR_OF_A_KIND, 0),
        (Category.GENERALA, 0),
    ]


def test_scoring_options_leave_out_filled_boxes() -> None:
    state = with_boxes(game(), 0, {Category.FIVES: Box(points=10)})
    options = rules.scoring_options(rules.roll(state, (5, 5, 5, 3, 3)))
    assert Category.FIVES not in options
    assert len(options) == 9


def test_scoring_options_include_the_optional_categories_in_play() -> None:
    state = rules.roll(game(double_generala=True, two_pairs=True), (5, 5, 3, 3, 4))
    options = rules.scoring_options(state)
    assert list(options)[-2:] == [Category.DOUBLE_GENERALA, Category.TWO_PAIRS]
    assert options[Category.TWO_PAIRS] == 15


@pytest.mark.parametrize("category", [Category.GENERALA, Category.FOUR_OF_A_KIND])
def test_five_threes_may_go_to_generala_or_four_of_a_kind(category: Category) -> None:
    state = play_rolls(game(), (3, 3, 3, 3, 1), ({0, 1, 2, 3}, (3,)))
    points = {Category.GENERALA: 50, Category.FOUR_OF_A_KIND: 40}[category]
    assert rules.score(state, category).players[0].boxes == {category: Box(points=points)}


def test_five_threes_may_go_to_threes_for_15() -> None:
    state = play_rolls(game(), (3, 3, 3, 3, 1), ({0, 1, 2, 3}, (3,)))
    assert rules.score(state, Category.THREES).players[0].boxes == {Category.THREES: Box(points=15)}


def test_full_house_on_a_served_first_roll_scores_35() -> None:
    state = rules.score(rules.roll(game(), (2, 2, 6, 6, 6)), Category.FULL_HOUSE)
    assert state.players[0].boxes == {Category.FULL_HOUSE: Box(points=35)}


def test_full_house_with_a_served_bonus_of_10_scores_40() -> None:
    state = rules.score(rules.roll(game(served_bonus=10), (2, 2, 6, 6, 6)), Category.FULL_HOUSE)
    assert state.players[0].boxes == {Category.FULL_HOUSE: Box(points=40)}


@pytest.mark.parametrize(
    ("dice", "category", "why"),
    [
        (JUNK, Category.STRAIGHT, "don't make Straight"),
        (JUNK, Category.FULL_HOUSE, "don't make Full house"),
        ((5, 5, 5, 5, 5), Category.FULL_HOUSE, "don't make Full house"),
        (JUNK, Category.FOUR_OF_A_KIND, "don't make Four of a kind"),
        ((5, 5, 5, 5, 1), Category.GENERALA, "don't make Generala"),
    ],
)
def test_scoring_dice_that_do_not_qualify_is_refused(
    dice: tuple[int, ...], category: Category, why: str
) -> None:
    state = play_rolls(game(served_generala_wins=False), dice)
    with pytest.raises(IllegalMove, match=why):
        rules.score(state, category)


def test_two_pairs_that_are_not_two_pairs_are_refused() -> None:
    state = rules.roll(game(two_pairs=True), (5, 5, 5, 3, 3))
    with pytest.raises(IllegalMove, match="don't make Two pairs"):
        rules.score(state, Category.TWO_PAIRS)
    state = rules.score(rules.roll(game(two_pairs=True), (5, 5, 3, 3, 1)), Category.TWO_PAIRS)
    assert state.players[0].boxes == {Category.TWO_PAIRS: Box(points=15)}


@pytest.mark.parametrize("category", NUMBER_CATEGORIES)
def test_a_number_box_with_none_of_its_number_is_recorded_as_a_scratch(
    category: Category,
) -> None:
    dice = tuple(n for n in (1, 2, 3, 4, 5, 6) if NUMBER_CATEGORIES[n - 1] != category)[:5]
    state = rules.score(rules.roll(game(), dice), category)
    assert state.players[0].boxes == {category: Box(points=0, scratched=True)}


@pytest.mark.parametrize("category", HouseRules(double_generala=True, two_pairs=True).categories())
def test_any_open_box_can_be_scratched_whatever_the_dice(category: Category) -> None:
    state = rules.roll(game(double_generala=True, two_pairs=True), (6, 6, 6, 5, 5))
    state = rules.scratch(state, category)
    assert state.players[0].boxes == {category: Box(points=0, scratched=True)}
    assert state.players[0].total == 0


@pytest.mark.parametrize("fill", [rules.score, rules.scratch])
def test_nothing_can_be_filled_before_the_first_roll(
    fill: Callable[[GameState, Category], GameState],
) -> None:
    with pytest.raises(IllegalMove, match="Roll first"):
        fill(game(), Category.ONES)


@pytest.mark.parametrize("fill", [rules.score, rules.scratch])
def test_a_filled_box_cannot_be_filled_again(
    fill: Callable[[GameState, Category], GameState],
) -> None:
    state = with_boxes(game(), 0, {Category.SIXES: Box(points=6)})
    with pytest.raises(IllegalMove, match="already filled"):
        fill(rules.roll(state, (6, 6, 6, 1, 2)), Category.SIXES)


@pytest.mark.parametrize("fill", [rules.score, rules.scratch])
@pytest.mark.parametrize("category", [Category.DOUBLE_GENERALA, Category.TWO_PAIRS])
def test_an_optional_category_that_is_off_cannot_be_filled(
    fill: Callable[[GameState, Category], GameState], category: Category
) -> None:
    state = rules.roll(game(served_generala_wins=False), (5, 5, 5, 5, 5))
    with pytest.raises(IllegalMove, match="not played under these house rules"):
        fill(state, category)


def test_a_box_that_does_not_exist_cannot_be_filled() -> None:
    with pytest.raises(IllegalMove, match="no box called 'chance'"):
        rules.scratch(rules.roll(game(), JUNK), "chance")  # type: ignore[arg-type]


def test_filling_a_box_passes_the_turn_clockwise_with_fresh_dice() -> None:
    state = game(3)
    seen = []
    for _ in range(4):
        seen.append(state.current)
        state = scratch_turn(state)
        assert state.turn == GameState.model_fields["turn"].get_default(call_default_factory=True)
    assert seen == [0, 1, 2, 0]


def test_a_box_can_be_named_by_its_value() -> None:
    state = rules.score(rules.roll(game(), (6, 6, 6, 1, 2)), "sixes")  # type: ignore[arg-type]
    assert state.players[0].boxes == {Category.SIXES: Box(points=18)}


# --- Double Generala ------------------------------------------------------


def double_generala_game(**extra: object) -> GameState:
    return game(double_generala=True, **extra)


def test_double_generala_cannot_be_scored_while_generala_is_open() -> None:
    state = rules.roll(double_generala_game(served_generala_wins=False), (4, 4, 4, 4, 4))
    assert rules.scoring_options(state)[Category.DOUBLE_GENERALA] == 0
    with pytest.raises(IllegalMove, match="Generala box holds points"):
        rules.score(state, Category.DOUBLE_GENERALA)
    state = rules.scratch(state, Category.DOUBLE_GENERALA)
    assert state.players[0].boxes == {Category.DOUBLE_GENERALA: Box(points=0, scratched=True)}


@pytest.mark.parametrize(("served_bonus_rule", "points"), [(True, 120), (False, 100)])
def test_double_generala_alive_on_a_served_roll_is_no_automatic_win_and_scores(
    served_bonus_rule: bool, points: int
) -> None:
    state = double_generala_game(double_generala_served_bonus=served_bonus_rule)
    state = with_boxes(state, 0, {Category.GENERALA: Box(points=50)})
    state = rules.roll(state, (4, 4, 4, 4, 4))
    assert state.phase is Phase.PLAYING
    assert rules.scoring_options(state)[Category.DOUBLE_GENERALA] == points
    state = rules.score(state, Category.DOUBLE_GENERALA)
    assert state.players[0].boxes[Category.DOUBLE_GENERALA] == Box(points=points)
    assert state.players[0].total == 50 + points


def test_double_generala_alive_on_an_unserved_roll_scores_100() -> None:
    state = with_boxes(double_generala_game(), 0, {Category.GENERALA: Box(points=60)})
    state = play_rolls(state, (4, 4, 4, 4, 1), ({0, 1, 2, 3}, (4,)))
    state = rules.score(state, Category.DOUBLE_GENERALA)
    assert state.players[0].boxes[Category.DOUBLE_GENERALA] == Box(points=100)


def test_double_generala_is_alive_after_generala_was_scored_in_play() -> None:
    state = double_generala_game(players=1)
    state = play_rolls(state, (6, 6, 6, 6, 1), ({0, 1, 2, 3}, (6,)))
    state = rules.score(state, Category.GENERALA)
    state = rules.roll(state, (3, 3, 3, 3, 3))
    assert state.phase is Phase.PLAYING
    state = rules.score(state, Category.DOUBLE_GENERALA)
    assert state.players[0].total == 170


def test_double_generala_is_dead_once_generala_is_scratched() -> None:
    state = with_boxes(
        double_generala_game(), 0, {Category.GENERALA: Box(points=0, scratched=True)}
    )
    state = rules.roll(state, (4, 4, 4, 4, 4))
    assert state.phase is Phase.PLAYING  # no automatic win either
    assert rules.scoring_options(state)[Category.DOUBLE_GENERALA] == 0
    with pytest.raises(IllegalMove, match="Double Generala is dead"):
        rules.score(state, Category.DOUBLE_GENERALA)
    state = rules.scratch(state, Category.DOUBLE_GENERALA)
    assert state.players[0].boxes[Category.DOUBLE_GENERALA].scratched


def test_a_served_generala_after_generala_is_scored_may_go_to_four_of_a_kind_or_a_number() -> None:
    state = with_boxes(double_generala_game(), 0, {Category.GENERALA: Box(points=50)})
    state = rules.roll(state, (4, 4, 4, 4, 4))
    options = rules.scoring_options(state)
    assert options[Category.FOUR_OF_A_KIND] == 45
    assert options[Category.FOURS] == 20


# --- the end of the game --------------------------------------------------


def test_the_game_ends_when_every_box_of_every_column_is_filled() -> None:
    state = game(3, double_generala=True)
    for _ in range(11 * 3 - 1):
        state = scratch_turn(state)
        assert state.phase is Phase.PLAYING
    state = scratch_turn(state)
    assert state.phase is not Phase.PLAYING
    assert all(len(p.boxes) == 11 for p in state.players)


def test_the_highest_total_wins() -> None:
    state = play_game(
        game(3),
        {
            0: [((6, 6, 6, 1, 2), Category.SIXES)],
            1: [((6, 6, 6, 6, 2), Category.SIXES), ((1, 2, 3, 4, 5), Category.STRAIGHT)],
            2: [((5, 5, 5, 2, 2), Category.FULL_HOUSE)],
        },
    )
    assert rules.totals(state) == [18, 49, 35]
    assert (state.phase, state.winners, state.ending) == (Phase.OVER, (1,), Ending.POINTS)


def test_the_winner_may_sit_anywhere() -> None:
    state = play_game(game(3), {2: [((1, 1, 2, 3, 4), Category.ONES)]})
    assert state.winners == (2,)


def test_without_tie_break_tied_leaders_share_the_win() -> None:
    state = play_game(
        game(3, tie_break=False),
        {
            0: [((6, 6, 6, 1, 2), Category.SIXES)],
            2: [((6, 6, 6, 1, 2), Category.SIXES)],
        },
    )
    assert (state.phase, state.winners, state.ending) == (Phase.OVER, (0, 2), Ending.SHARED)
    assert state.tie_breaks == ()


def test_totals_are_the_sums_of_each_column() -> None:
    state = game(2)
    state = score_turn(state, (6, 6, 6, 2, 2), Category.FULL_HOUSE)
    state = score_turn(state, (1, 1, 5, 5, 5), Category.FIVES)
    state = score_turn(state, (3, 3, 1, 2, 5), Category.THREES)
    assert rules.totals(state) == [41, 15]
    assert rules.totals(state) == [p.total for p in state.players]


# --- moves leave their argument alone -------------------------------------


def _moves() -> list[tuple[str, Callable[[GameState], GameState], GameState]]:
    fresh = game(2, double_generala=True, locked_holds=True)
    rolled = play_rolls(fresh, (6, 6, 1, 2, 3), ({0, 1}, (6, 6, 6)))
    tie = play_game(game(2))
    return [
        ("roll", rules.roll, fresh),
        ("roll values", lambda s: rules.roll(s, (1, 1, 1)), rolled),
        ("toggle_hold", lambda s: rules.toggle_hold(s, 4), rolled),
        ("score", lambda s: rules.score(s, Category.GENERALA), rolled),
        ("scratch", lambda s: rules.scratch(s, Category.ONES), rolled),
        ("end_tie_break_turn", rules.end_tie_break_turn, rules.roll(tie, JUNK)),
        ("illegal roll", lambda s: rules.roll(s, (7,)), rolled),
        ("illegal release", lambda s: rules.toggle_hold(s, 0), rolled),
        ("illegal score", lambda s: rules.score(s, Category.STRAIGHT), rolled),
    ]


@pytest.mark.parametrize(("name", "move", "state"), _moves(), ids=[m[0] for m in _moves()])
def test_moves_never_change_the_state_they_are_given(
    name: str, move: Callable[[GameState], GameState], state: GameState
) -> None:
    before = state.model_copy(deep=True)
    dumped = state.model_dump_json()
    try:
        after = move(state)
    except IllegalMove:
        assert name.startswith("illegal")
    else:
        assert not name.startswith("illegal")
        assert after != state
    assert state == before
    assert state.model_dump_json() == dumped


def test_read_only_functions_never_change_the_state_they_are_given() -> None:
    state = play_rolls(game(), (5, 5, 5, 3, 3))
    dumped = state.model_dump_json()
    rules.scoring_options(state)
    rules.totals(state)
    rules.can_roll(state)
    dice: Sequence[int] = [5, 5, 5, 3, 3]
    rules.category_score(dice, Category.FULL_HOUSE, state.house_rules, True)
    rules.tie_break_score(dice, state.house_rules, True)
    assert dice == [5, 5, 5, 3, 3]
    assert state.model_dump_json() == dumped


def test_new_game_does_not_change_the_players_it_is_given() -> None:
    names = [" Ana", "Bruno "]
    rules.new_game(names, seed=1)
    assert names == [" Ana", "Bruno "]
