"""A game is loaded only if it could have arisen in play, and no state can be changed.

Every refusal starts from the JSON of a game played with the real rules, edits
one thing in it as a corrupt or hand-edited file would, and checks that
loading it is refused with a sentence a player can read.
"""

from __future__ import annotations

import copy
import itertools
import json
import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest
from helpers import JUNK, play_game, play_rolls, score_turn
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

from generala_tui.game import rules
from generala_tui.game.model import (
    Box,
    Boxes,
    Category,
    Ending,
    GameState,
    HouseRules,
    Phase,
    Player,
    box_name,
)
from generala_tui.game.refusals import english_refusal as refusal

from .test_game_record import random_house_rules, random_step

C = Category
Json = dict[str, Any]


def played_game(house_rules: HouseRules | None = None) -> GameState:
    """Ana and Bruno one turn each, then Ana's turn after two rolls holding her fours.

    Ana has 15 in Fives, Bruno 25 in Straight (served); the dice show 4-4-4-3-6.
    """
    state = rules.new_game(["Ana", "Bruno"], house_rules, seed=5)
    state = score_turn(state, (5, 5, 5, 2, 3), C.FIVES)
    state = score_turn(state, (2, 3, 4, 5, 6), C.STRAIGHT)
    return play_rolls(state, (4, 4, 1, 2, 6), ({0, 1}, (4, 3, 6)))


def finished_game() -> GameState:
    state = play_game(rules.new_game(["Ana", "Bruno"], seed=5), {0: [((6, 6, 2, 3, 4), C.SIXES)]})
    assert state.phase is Phase.OVER
    return state


def tie_break_game() -> GameState:
    state = play_game(rules.new_game(["Ana", "Bruno", "Rita"], seed=5))
    assert state.phase is Phase.TIE_BREAK
    return state


def as_json(state: GameState) -> Json:
    data: Json = json.loads(state.model_dump_json())
    return data


def load(data: Json) -> GameState:
    return GameState.model_validate_json(json.dumps(data))


def refused(data: Json) -> str:
    """Load ``data`` expecting a refusal; return its reason as a player would read it."""
    with pytest.raises(ValidationError) as error:
        load(data)
    return refusal(error.value)


def edited(state: GameState, edit: Callable[[Json], object]) -> Json:
    data = as_json(state)
    edit(data)
    return data


# --- what a real game looks like --------------------------------------------


@pytest.mark.parametrize(
    "state",
    [
        played_game(),
        played_game(HouseRules(double_generala=True, two_pairs=True, locked_holds=True)),
        finished_game(),
        tie_break_game(),
        rules.roll(rules.new_game(["Ana", "Bruno"], seed=5), (3, 3, 3, 3, 3)),
    ],
    ids=["mid_turn", "every_option", "finished", "tie_break", "served_generala"],
)
def test_a_played_game_loads_from_its_json_as_it_was(state: GameState) -> None:
    assert load(as_json(state)) == state


def test_the_json_of_a_players_boxes_is_the_same_as_before() -> None:
    data = as_json(played_game())
    assert data["players"][0]["boxes"] == {"fives": {"points": 15, "scratched": False}}
    saved = (
        '{"players": [{"name": "Ana", "boxes": {"ones": {"points": 3, "scratched": false},'
        ' "generala": {"points": 0, "scratched": true}}}], "log": []}'
    )
    loaded = GameState.model_validate_json(saved)
    assert loaded.players[0].boxes == {
        C.ONES: Box(points=3),
        C.GENERALA: Box(points=0, scratched=True),
    }
    assert loaded.players[0].model_dump(mode="json")["boxes"] == {
        "ones": {"points": 3, "scratched": False},
        "generala": {"points": 0, "scratched": True},
    }


# --- dice -------------------------------------------------------------------


def test_a_die_showing_seven_is_refused() -> None:
    data = edited(played_game(), lambda d: d["turn"].update(dice=[4, 4, 7, 3, 6]))
    assert refused(data) == "A die shows 1 to 6, not 7."


def test_a_die_showing_zero_is_refused() -> None:
    data = edited(played_game(), lambda d: d["turn"].update(dice=[0, 4, 4, 3, 6]))
    assert refused(data) == "A die shows 1 to 6, not 0."


@pytest.mark.parametrize("dice", [[4, 4, 4, 3], [4, 4, 4, 3, 6, 6], [4]])
def test_a_turn_showing_other_than_five_dice_is_refused(dice: list[int]) -> None:
    data = edited(played_game(), lambda d: d["turn"].update(dice=dice))
    assert refused(data) == (
        f"A turn shows 5 dice, or none before its first roll, not {len(dice)}."
    )


@pytest.mark.parametrize("field", ["held", "locked"])
@pytest.mark.parametrize("length", [4, 6, 10])
def test_held_or_locked_marks_not_five_long_are_refused(field: str, length: int) -> None:
    data = edited(played_game(), lambda d: d["turn"].update({field: [False] * length}))
    assert refused(data) == f"A turn marks which of its 5 dice are {field}, not {length}."


def test_rolls_without_dice_are_refused() -> None:
    data = edited(played_game(), lambda d: d["turn"].update(dice=[]))
    assert refused(data) == "A turn shows its dice once it has rolled, but this one shows none."


def test_dice_before_the_first_roll_are_refused() -> None:
    data = edited(played_game(), lambda d: d["turn"].update(rolls=0))
    assert refused(data) == "A turn shows no dice before its first roll."


def test_held_dice_before_the_first_roll_are_refused() -> None:
    state = rules.new_game(["Ana", "Bruno"], seed=5)
    data = edited(state, lambda d: d["turn"].update(held=[True] + [False] * 4))
    assert refused(data) == "Before the first roll of a turn no die is held or served."


def test_a_locked_die_that_is_not_held_is_refused() -> None:
    state = played_game(HouseRules(locked_holds=True))
    data = edited(state, lambda d: d["turn"].update(locked=[False, False, True, False, False]))
    assert "locked and not held" in refused(data)


def test_a_locked_die_without_the_locked_holds_house_rule_is_refused() -> None:
    data = edited(
        played_game(), lambda d: d["turn"].update(locked=[True, False, False, False, False])
    )
    assert refused(data) == "A die is locked, but these house rules don't lock holds."


# --- players ------------------------------------------------------------------


@pytest.mark.parametrize("current", [2, 7, -1])
def test_a_current_seat_out_of_range_is_refused(current: int) -> None:
    data = edited(played_game(), lambda d: d.update(current=current))
    seat = current + 1
    assert refused(data) == f"It is the turn of seat {seat}, but the table has no seat {seat}."


def test_a_game_without_players_is_refused() -> None:
    data = edited(rules.new_game(["Ana"], seed=5), lambda d: d.update(players=[]))
    assert refused(data) == "A game has 1 to 8 players, not 0."


def test_nine_players_are_refused() -> None:
    nine = [{"name": f"P{seat}"} for seat in range(9)]
    data = edited(rules.new_game(["Ana"], seed=5), lambda d: d.update(players=nine))
    assert refused(data) == "A game has 1 to 8 players, not 9."


def test_two_players_with_the_same_name_in_another_case_are_refused() -> None:
    data = edited(played_game(), lambda d: d["players"][1].update(name="ANA"))
    assert refused(data) == "Two players are called ANA: each needs a name of their own."


def test_a_name_with_braces_is_quoted_as_written() -> None:
    state = rules.new_game(["{reason}", "Bruno"], seed=5)
    data = edited(state, lambda d: d["players"][1].update(name="{REASON}"))
    assert refused(data) == "Two players are called {REASON}: each needs a name of their own."


def test_a_name_with_a_character_that_cant_be_shown_is_refused() -> None:
    data = edited(played_game(), lambda d: d["players"][1].update(name="Bru\x1bno"))
    assert "can't be shown" in refused(data)


BLANK_NAMES = {
    "zero-width joiner": "\u200d",
    "joiners": "\u200c\u200d\u200c",
    "hangul filler": "\u3164",
    "hangul choseong filler": "\u115f",
    "hangul jungseong filler": "\u1160",
    "halfwidth hangul filler": "\uffa0",
    "braille blank": "\u2800",
    "variation selector": "\ufe0f",
    "combining grapheme joiner": "\u034f",
    "fillers and spaces": "\u3164 \u2800 \u200d",
}


@pytest.mark.parametrize("name", BLANK_NAMES.values(), ids=BLANK_NAMES.keys())
def test_a_name_that_shows_nothing_is_refused_as_no_name(name: str) -> None:
    with pytest.raises(rules.IllegalMove) as typed:
        rules.validate_names(["Ana", name])
    assert str(typed.value) == "Player 2 needs a name."
    data = edited(played_game(), lambda d: d["players"][1].update(name=name))
    assert refused(data) == "Player 2 needs a name."


@pytest.mark.parametrize(
    "twin", ["Ana\u200d", "\u200dANA", "A\u3164na", "\u2800Ana", "A\u034fna", "Ana\ufe0f", "A na"]
)
def test_a_name_that_looks_like_another_once_blanks_go_is_refused(twin: str) -> None:
    with pytest.raises(rules.IllegalMove) as typed:
        rules.validate_names(["Ana", twin])
    assert str(typed.value) == f"Two players are called {twin}: each needs a name of their own."
    data = edited(played_game(), lambda d: d["players"][1].update(name=twin))
    assert refused(data) == str(typed.value)


@pytest.mark.parametrize(
    "names",
    [
        ["👩\u200d👩\u200d👧", "👩"],  # a family, and a woman alone
        ["علی\u200cرضا", "علی"],
        ["❤\ufe0f", "Ana"],
        ["Ana María", "Ana Mario"],
        ["\u2800\u2801", "Bo"],  # braille that shows a dot
        ["ᄀ\u1160", "Bo"],  # a hangul syllable of two jamo, one of them a filler
    ],
)
def test_names_that_show_something_of_their_own_are_still_accepted(names: list[str]) -> None:
    assert rules.validate_names(names) == names
    state = rules.new_game(names, seed=1)
    assert GameState.model_validate_json(state.model_dump_json()) == state


# --- boxes --------------------------------------------------------------------


def test_a_scratched_box_holding_points_is_refused() -> None:
    data = edited(played_game(), lambda d: d["players"][0]["boxes"]["fives"].update(scratched=True))
    assert refused(data) == "A scratched box holds 0 points, not 15."


def test_a_box_filled_with_no_points_that_is_not_a_scratch_is_refused() -> None:
    data = edited(played_game(), lambda d: d["players"][0]["boxes"]["fives"].update(points=0))
    assert refused(data) == "A box filled with 0 points is a scratch."


def _put_box(category: str, points: int) -> Callable[[Json], None]:
    def edit(data: Json) -> None:
        data["players"][0]["boxes"] = {category: {"points": points, "scratched": False}}

    return edit


@pytest.mark.parametrize(
    ("category", "points"),
    [
        ("fives", 7),
        ("fours", 24),
        ("ones", 6),
        ("straight", 21),
        ("straight", 30),
        ("full_house", 40),
        ("four_of_a_kind", 41),
        ("generala", 55),
        ("generala", 60),
    ],
)
def test_points_a_box_cannot_hold_are_refused(category: str, points: int) -> None:
    data = edited(played_game(), _put_box(category, points))
    name = box_name(Category(category))
    assert refused(data) == f"No dice score {points} points in Ana's {name} box."


@pytest.mark.parametrize(
    ("category", "points"),
    [("fours", 20), ("ones", 5), ("straight", 25), ("full_house", 35), ("generala", 50)],
)
def test_points_a_box_can_hold_load(category: str, points: int) -> None:
    data = edited(played_game(), _put_box(category, points))
    assert load(data).players[0].boxes[Category(category)].points == points


def test_points_a_box_can_hold_follow_the_house_rules() -> None:
    rich = HouseRules(generala_points=60, served_bonus=10)
    data = edited(played_game(rich), _put_box("generala", 60))
    assert load(data).players[0].total == 60
    data = edited(played_game(rich), _put_box("full_house", 40))
    assert load(data).players[0].total == 40
    data = edited(played_game(rich), _put_box("full_house", 35))
    assert "No dice score 35 points" in refused(data)


@pytest.mark.parametrize(
    "house_rules",
    [
        HouseRules(double_generala=True, two_pairs=True, **changes)
        for changes in (
            {},
            {"generala_points": 60, "served_bonus": 10},
            {"double_generala_served_bonus": False},
        )
    ],
)
def test_the_points_a_box_can_hold_are_what_some_dice_score_there(
    house_rules: HouseRules,
) -> None:
    all_dice = list(itertools.product(range(1, 7), repeat=5))
    for category, possible in house_rules.possible_points().items():
        scored = {
            rules.category_score(dice, category, house_rules, served)
            for dice in all_dice
            for served in (False, True)
        }
        assert possible == scored | {0}, category


@pytest.mark.parametrize("category", [C.TWO_PAIRS, C.DOUBLE_GENERALA])
def test_a_box_the_house_rules_do_not_play_is_refused(category: Category) -> None:
    points = 10 if category is C.TWO_PAIRS else 100
    data = edited(played_game(), _put_box(category.value, points))
    assert refused(data) == (
        f"Ana has a {box_name(category)} box, which these house rules don't play."
    )


def test_double_generala_with_points_while_generala_holds_none_is_refused() -> None:
    state = played_game(HouseRules(double_generala=True))
    data = edited(state, _put_box("double_generala", 100))
    assert "Generala box doesn't" in refused(data)


def test_more_boxes_filled_than_turns_played_is_refused() -> None:
    def fill_another(data: Json) -> None:
        data["players"][1]["boxes"]["sixes"] = {"points": 18, "scratched": False}

    assert refused(edited(played_game(), fill_another)) == (
        "Bruno has filled 2 boxes where 1 are due at this point of the game."
    )


def test_a_box_name_is_the_rules_name() -> None:
    for category in Category:
        assert box_name(category) == rules.category_name(category)


# --- phase, winners, tie-breaks -----------------------------------------------


def test_winners_before_the_game_is_over_are_refused() -> None:
    data = edited(played_game(), lambda d: d.update(winners=[0]))
    assert refused(data) == "A game still being played has no winner and no ending yet."


def test_an_ending_before_the_game_is_over_is_refused() -> None:
    data = edited(played_game(), lambda d: d.update(ending="points"))
    assert refused(data) == "A game still being played has no winner and no ending yet."


@pytest.mark.parametrize("field", ["winners", "ending"])
def test_a_finished_game_without_winners_or_ending_is_refused(field: str) -> None:
    data = edited(finished_game(), lambda d: d.update({field: [] if field == "winners" else None}))
    assert refused(data) == "A finished game names its winners and how it was decided."


def test_a_finished_game_with_a_winner_not_at_the_table_is_refused() -> None:
    data = edited(finished_game(), lambda d: d.update(winners=[4]))
    assert refused(data) == "The game was won by seat 5, but the table has no seat 5."


def test_two_winners_without_a_shared_win_are_refused() -> None:
    data = edited(finished_game(), lambda d: d.update(winners=[0, 1]))
    assert refused(data) == "Only a shared win has more than one winner."


def test_a_game_over_before_every_box_is_filled_is_refused() -> None:
    state = played_game()
    data = edited(state, lambda d: d.update(phase="over", winners=[0], ending="points"))
    assert "boxes where 10 are due" in refused(data)


@pytest.mark.parametrize("contenders", [[0, 3], [-1, 0]])
def test_tie_break_contenders_out_of_range_are_refused(contenders: list[int]) -> None:
    data = edited(tie_break_game(), lambda d: d["tie_breaks"][0].update(contenders=contenders))
    assert refused(data).startswith("A tie-break is played by seat ")


def test_a_tie_break_of_one_player_is_refused() -> None:
    data = edited(tie_break_game(), lambda d: d["tie_breaks"][0].update(contenders=[0]))
    assert "two or more tied players" in refused(data)


def test_a_tie_break_without_a_tie_break_round_is_refused() -> None:
    data = edited(tie_break_game(), lambda d: d.update(tie_breaks=[]))
    assert refused(data) == "A tie-break is being played, but no tie-break round is saved."


# --- the log ------------------------------------------------------------------


def test_a_log_entry_by_a_seat_not_at_the_table_is_refused() -> None:
    data = edited(played_game(), lambda d: d["log"][2].update(seat=2))
    assert refused(data) == (
        "Step 3 of the game's record is played by seat 3, but the table has no seat 3."
    )


@pytest.mark.parametrize("die", [5, -1])
def test_a_hold_of_a_die_that_does_not_exist_is_refused(die: int) -> None:
    data = edited(played_game(), lambda d: d["log"][5].update(die=die))
    assert refused(data) == f"There is no die {die}: the dice are numbered 0 to 4."
    with pytest.raises(rules.IllegalMove) as move:  # the rules say it in the same words
        rules.toggle_hold(rules.roll(rules.new_game(["Ana"], seed=1)), die)
    assert str(move.value) == refused(data)


@pytest.mark.parametrize(
    ("dice", "reason"),
    [
        ([5, 5, 5, 2, 3, 4], "A roll shows 5 dice, not 6."),
        ([5, 5, 5, 2], "A roll shows 5 dice, not 4."),
        ([5, 5, 5, 2, 7], "A die shows 1 to 6, not 7."),
        ([0, 5, 5, 2, 3], "A die shows 1 to 6, not 0."),
    ],
)
def test_a_roll_in_the_log_not_showing_five_dice_1_to_6_is_refused(
    dice: list[int], reason: str
) -> None:
    data = edited(played_game(), lambda d: d["log"][0].update(dice=dice))
    assert refused(data) == reason


@pytest.mark.parametrize("held", [[1, 0], [0, 0], [0, 5], [-1], [0, 1, 2, 3, 4]])
def test_a_roll_holding_dice_out_of_order_twice_or_out_of_range_is_refused(
    held: list[int],
) -> None:
    data = edited(played_game(), lambda d: d["log"][7].update(held=held))
    assert refused(data).startswith("A roll throws at least one die and holds dice 0 to 4")


def test_a_win_on_a_roll_that_is_no_served_generala_is_refused() -> None:
    data = edited(played_game(), lambda d: d["log"][0].update(won=True))
    assert refused(data) == "Only a Generala on a served roll wins at once."


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"points": 16}, "Step 2 of the game's record scores 16 points in Fives"),
        ({"category": "two_pairs", "points": 10}, "Step 2 of the game's record fills Two pairs"),
        ({"scratch": True}, "A scratch of Fives takes 0 points, not 15."),
        ({"served_bonus": 20}, "A served bonus of 20 can't be part of 15 points."),
    ],
)
def test_a_fill_in_the_log_the_rules_could_not_make_is_refused(change: Json, reason: str) -> None:
    data = edited(played_game(), lambda d: d["log"][1].update(change))
    assert refused(data).startswith(reason)


def test_a_refusal_pydantic_makes_says_where() -> None:
    data = edited(played_game(), lambda d: d["turn"].update(rolls="two"))
    assert refused(data).startswith("turn.rolls: ")


def test_a_state_the_rules_build_is_not_checked_again() -> None:
    # model_copy is how the rules build states, thousands of times a game:
    # it must stay free of checks (the checks are for data coming in).
    state = played_game()
    assert state.model_copy(update={"current": 9}).current == 9


# --- random legal play --------------------------------------------------------


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rng=st.randoms(use_true_random=False), players=st.integers(1, 8))
def test_every_state_of_random_legal_play_loads_from_its_json(
    rng: random.Random, players: int
) -> None:
    state = rules.new_game(
        [f"P{seat}" for seat in range(players)], random_house_rules(rng), seed=rng.randrange(2**63)
    )
    for _ in range(rng.randrange(1, 120)):
        assert GameState.model_validate_json(state.model_dump_json()) == state
        if state.phase is Phase.OVER:
            break
        state = random_step(state, rng)
    assert GameState.model_validate(state.model_dump()) == state


def test_every_state_of_a_game_to_its_end_loads_from_its_json() -> None:
    state = play_game(rules.new_game(["Ana", "Bruno"], seed=5))
    state = rules.end_tie_break_turn(rules.roll(state, (6, 6, 6, 2, 3)))
    state = rules.end_tie_break_turn(rules.roll(state, JUNK))
    assert state.ending is Ending.TIE_BREAK
    for position in rules.replay(state):
        assert GameState.model_validate_json(position.model_dump_json()) == position


# --- immutability ---------------------------------------------------------------


def test_assigning_into_a_players_boxes_raises() -> None:
    state = played_game()
    with pytest.raises(TypeError):
        state.players[0].boxes[C.ONES] = Box(points=1)  # type: ignore[index]
    with pytest.raises(TypeError):
        del state.players[0].boxes[C.FIVES]  # type: ignore[attr-defined]
    assert state.players[0].boxes == {C.FIVES: Box(points=15)}


def test_filling_a_box_changes_no_earlier_state() -> None:
    before = rules.roll(rules.new_game(["Ana"], seed=5), (2, 2, 2, 5, 5))
    after = rules.score(before, C.FULL_HOUSE)
    assert before.players[0].boxes == {}
    assert after.players[0].boxes == {C.FULL_HOUSE: Box(points=35)}
    assert isinstance(after.players[0].boxes, Boxes)
    with pytest.raises(TypeError):
        after.players[0].boxes[C.ONES] = Box(points=1)  # type: ignore[index]
    assert before.players[0].boxes == {}


def test_the_boxes_a_player_is_built_from_can_change_without_changing_the_player() -> None:
    boxes = {C.SIXES: Box(points=18)}
    player = Player(name="Ana", boxes=boxes)
    copied = player.model_copy(update={"boxes": Boxes(boxes)})
    boxes[C.ONES] = Box(points=2)
    assert player.boxes == copied.boxes == {C.SIXES: Box(points=18)}
    assert Player(name="Ana", boxes=player.boxes) == player


def test_no_field_of_a_state_can_be_reassigned() -> None:
    state = played_game()
    with pytest.raises(ValidationError):
        state.current = 1  # type: ignore[misc]
    with pytest.raises(ValidationError):
        state.players[0].boxes = {}  # type: ignore[misc]


def _refuses_change(model: object, name: str) -> bool:
    try:
        setattr(model, name, getattr(model, name))
    except ValidationError:
        pass
    else:
        return False
    try:
        delattr(model, name)
    except ValidationError:
        return True
    return False


def _mutable_parts(value: object, where: str) -> list[str]:
    if isinstance(value, BaseModel):
        if not all(_refuses_change(value, name) for name in type(value).model_fields):
            return [where]
        return [
            part
            for name in type(value).model_fields
            for part in _mutable_parts(getattr(value, name), f"{where}.{name}")
        ]
    if isinstance(value, tuple):
        return [p for i, item in enumerate(value) for p in _mutable_parts(item, f"{where}[{i}]")]
    if isinstance(value, Boxes):
        return [p for key, item in value.items() for p in _mutable_parts(item, f"{where}[{key}]")]
    if value is None or isinstance(value, int | str):  # enums, bools too
        return []
    return [where]


@pytest.mark.parametrize("seed", range(20))
def test_nothing_inside_a_state_can_be_changed(seed: int) -> None:
    rng = random.Random(seed)
    state = rules.new_game(["Ana", "Bruno", "Rita"], random_house_rules(rng), seed=seed)
    for _ in range(150):
        if state.phase is Phase.OVER:
            break
        state = random_step(state, rng)
    assert _mutable_parts(state, "state") == []
    assert _mutable_parts(load(as_json(state)), "loaded") == []


def test_a_state_survives_a_deep_copy_and_pickle() -> None:
    state = played_game()
    assert copy.deepcopy(state) == state
    unpickled = pickle.loads(pickle.dumps(state))
    assert unpickled == state
    assert isinstance(unpickled.players[0].boxes, Boxes)
    assert isinstance(copy.deepcopy(state).players[0].boxes, Boxes)
