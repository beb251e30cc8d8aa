"""The models: house rules, categories, players, and saving a game as JSON."""

from __future__ import annotations

import pytest
from helpers import JUNK, NAMES, play_game, play_rolls, score_turn
from pydantic import ValidationError

from generala_tui.game import rules
from generala_tui.game.model import (
    Box,
    Category,
    Ending,
    GameState,
    HouseRules,
    Level,
    Phase,
    Player,
    ServedRoll,
    StraightRule,
    Turn,
)

# --- house rules ----------------------------------------------------------


def test_house_rules_have_the_fields_and_defaults_of_rules_md_section_8() -> None:
    assert HouseRules().model_dump() == {
        "generala_points": 50,
        "served_bonus": 5,
        "served_roll": ServedRoll.FIRST_ROLL,
        "straight": StraightRule.STANDARD,
        "served_generala_wins": True,
        "double_generala": False,
        "double_generala_served_bonus": True,
        "two_pairs": False,
        "locked_holds": False,
        "tie_break": True,
    }


def test_house_rule_enums_use_the_values_written_in_rules_md() -> None:
    assert [rule.value for rule in ServedRoll] == ["first_roll", "any_full_roll"]
    assert [rule.value for rule in StraightRule] == [
        "standard",
        "strict",
        "wraparound",
        "one_replaces_two",
        "ones_wild",
    ]


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("generala_points", 60),
        ("served_bonus", 10),
        ("served_roll", "any_full_roll"),
        ("straight", "ones_wild"),
        ("served_generala_wins", False),
        ("double_generala", True),
        ("double_generala_served_bonus", False),
        ("two_pairs", True),
        ("locked_holds", True),
        ("tie_break", False),
    ],
)
def test_each_house_rule_accepts_its_other_value(field: str, value: object) -> None:
    assert getattr(HouseRules.model_validate({field: value}), field) == value


@pytest.mark.parametrize(
    ("field", "value", "choices"),
    [
        ("generala_points", 55, ["50", "60"]),
        ("served_bonus", 7, ["5", "10"]),
        ("served_roll", "second_roll", ["'first_roll'", "'any_full_roll'"]),
        ("straight", "crooked", ["'standard'", "'strict'", "'wraparound'", "'ones_wild'"]),
    ],
)
def test_a_house_rule_outside_its_choices_is_refused_naming_the_choices(
    field: str, value: object, choices: list[str]
) -> None:
    with pytest.raises(ValidationError) as error:
        HouseRules.model_validate({field: value})
    message = str(error.value)
    assert field in message
    for choice in choices:
        assert choice in message


def test_an_unknown_house_rule_is_refused() -> None:
    with pytest.raises(ValidationError, match="chance"):
        HouseRules.model_validate({"chance": True})


def test_house_rules_are_frozen() -> None:
    house_rules = HouseRules()
    with pytest.raises(ValidationError):
        house_rules.generala_points = 60  # type: ignore[misc]


def test_default_rules_play_the_ten_categories_in_scorecard_order() -> None:
    assert HouseRules().categories() == (
        Category.ONES,
        Category.TWOS,
        Category.THREES,
        Category.FOURS,
        Category.FIVES,
        Category.SIXES,
        Category.STRAIGHT,
        Category.FULL_HOUSE,
        Category.FOUR_OF_A_KIND,
        Category.GENERALA,
    )


@pytest.mark.parametrize(
    ("double_generala", "two_pairs", "extra"),
    [
        (True, False, [Category.DOUBLE_GENERALA]),
        (False, True, [Category.TWO_PAIRS]),
        (True, True, [Category.DOUBLE_GENERALA, Category.TWO_PAIRS]),
    ],
)
def test_optional_categories_follow_generala_in_scorecard_order(
    double_generala: bool, two_pairs: bool, extra: list[Category]
) -> None:
    house_rules = HouseRules(double_generala=double_generala, two_pairs=two_pairs)
    assert house_rules.categories() == (*HouseRules().categories(), *extra)


@pytest.mark.parametrize(
    ("house_rules", "rounds"),
    [
        (HouseRules(), 10),
        (HouseRules(double_generala=True), 11),
        (HouseRules(two_pairs=True), 11),
        (HouseRules(double_generala=True, two_pairs=True), 12),
    ],
)
def test_a_game_has_one_round_per_category_in_play(house_rules: HouseRules, rounds: int) -> None:
    assert rules.new_game(["Ana"], house_rules, seed=1).rounds == rounds


def test_category_values_are_the_names_in_rules_md() -> None:
    assert [category.value for category in Category] == [
        "ones",
        "twos",
        "threes",
        "fours",
        "fives",
        "sixes",
        "straight",
        "full_house",
        "four_of_a_kind",
        "generala",
        "double_generala",
        "two_pairs",
    ]


# --- players, boxes, turns ------------------------------------------------


def test_a_player_total_is_the_sum_of_the_boxes() -> None:
    player = Player(
        name="Ana",
        boxes={
            Category.SIXES: Box(points=24),
            Category.STRAIGHT: Box(points=0, scratched=True),
            Category.FULL_HOUSE: Box(points=35),
        },
    )
    assert player.total == 59


def test_holds_points_is_false_for_an_open_or_scratched_box() -> None:
    player = Player(
        name="Ana",
        boxes={
            Category.GENERALA: Box(points=0, scratched=True),
            Category.SIXES: Box(points=18),
        },
    )
    assert player.holds_points(Category.SIXES)
    assert not player.holds_points(Category.GENERALA)
    assert not player.holds_points(Category.FIVES)


def test_a_box_cannot_hold_negative_points() -> None:
    with pytest.raises(ValueError, match="greater than or equal to 0"):
        Box(points=-1)


@pytest.mark.parametrize("name", ["", "   ", "x" * 21])
def test_a_player_name_must_be_1_to_20_characters(name: str) -> None:
    with pytest.raises(ValueError, match=r"String should have at (least 1|most 20) character"):
        Player(name=name)


def test_a_player_name_is_trimmed() -> None:
    assert Player(name="  Ana ").name == "Ana"


def test_a_turn_starts_with_no_dice_nothing_held_and_no_rolls() -> None:
    turn = Turn()
    assert turn.dice == ()
    assert turn.held == (False,) * 5
    assert turn.locked == (False,) * 5
    assert turn.rolls == 0
    assert not turn.served


def test_a_turn_cannot_have_more_than_three_rolls() -> None:
    with pytest.raises(ValueError, match="less than or equal to 3"):
        Turn(dice=JUNK, rolls=4)


def test_rolls_left_counts_down_from_three() -> None:
    state = rules.new_game(["Ana"], seed=1)
    assert state.rolls_left == 3
    state = rules.roll(state, JUNK)
    assert state.rolls_left == 2


def test_the_round_counts_the_current_players_filled_boxes() -> None:
    state = rules.new_game(["Ana", "Bruno"], seed=1)
    assert state.round == 1
    state = score_turn(state, (6, 6, 6, 2, 3), Category.SIXES)
    assert state.round == 1  # Bruno's turn of round 1
    state = score_turn(state, (6, 6, 6, 2, 3), Category.SIXES)
    assert state.round == 2
    assert state.current_player.name == "Ana"


def test_the_round_stays_at_the_last_round_once_the_game_is_over() -> None:
    state = play_game(rules.new_game(["Ana"], seed=1))
    assert state.phase is Phase.OVER
    assert state.round == 10


# --- saving a game as JSON ------------------------------------------------


def _round_trip(state: GameState) -> GameState:
    return GameState.model_validate_json(state.model_dump_json())


def _house_rules_of_every_kind() -> HouseRules:
    return HouseRules(
        generala_points=60,
        served_bonus=10,
        served_roll=ServedRoll.ANY_FULL_ROLL,
        straight=StraightRule.ONES_WILD,
        double_generala=True,
        two_pairs=True,
        locked_holds=True,
    )


def test_a_new_game_survives_a_json_round_trip() -> None:
    state = rules.new_game(["Ana", "Bruno"], _house_rules_of_every_kind(), seed=42)
    assert _round_trip(state) == state


def test_a_game_mid_turn_with_locked_holds_survives_a_json_round_trip() -> None:
    state = rules.new_game(
        [Player(name="Ana"), Player(name="Rita", level=Level.EXPERT)],
        _house_rules_of_every_kind(),
        seed=42,
    )
    state = score_turn(state, (6, 6, 6, 2, 3), Category.SIXES)
    state = play_rolls(state, (5, 5, 1, 2, 5), ({0, 1, 4}, (3, 4)))
    state = rules.toggle_hold(state, 3)
    assert any(state.turn.locked)
    restored = _round_trip(state)
    assert restored == state
    assert restored.players[0].boxes == {Category.SIXES: Box(points=18)}
    assert restored.players[1].level is Level.EXPERT


def test_a_game_in_a_tie_break_survives_a_json_round_trip() -> None:
    state = play_game(rules.new_game(["Ana", "Bruno"], seed=3))
    state = rules.end_tie_break_turn(rules.roll(state, JUNK))
    state = rules.roll(state, (1, 1, 2, 2, 3))
    assert state.phase is Phase.TIE_BREAK
    assert _round_trip(state) == state


@pytest.mark.parametrize("ending", list(Ending))
def test_a_finished_game_survives_a_json_round_trip(ending: Ending) -> None:
    state = rules.new_game(["Ana", "Bruno"], HouseRules(tie_break=ending is not Ending.SHARED))
    if ending is Ending.SERVED_GENERALA:
        state = rules.roll(state, (3, 3, 3, 3, 3))
    elif ending is Ending.POINTS:
        state = play_game(state, {0: [((6, 6, 2, 3, 4), Category.SIXES)]})
    else:
        state = play_game(state)
        if ending is Ending.TIE_BREAK:
            state = rules.end_tie_break_turn(rules.roll(state, (6, 6, 6, 2, 3)))
            state = rules.end_tie_break_turn(rules.roll(state, JUNK))
    assert state.phase is Phase.OVER
    assert state.ending is ending
    assert _round_trip(state) == state


def test_eight_players_with_accented_names_can_play() -> None:
    state = rules.new_game(list(NAMES))
    assert [player.name for player in state.players] == list(NAMES)
