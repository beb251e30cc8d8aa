"""The models are frozen pydantic models: what a pydantic user expects of them, and the
sentences a player reads when data is refused."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from helpers import JUNK, score_turn
from pydantic import ValidationError

from generala_tui import store
from generala_tui.game import rules
from generala_tui.game.action import Action, ActionKind
from generala_tui.game.model import (
    Box,
    Category,
    Filled,
    GameState,
    HouseRules,
    Player,
    Rolled,
    ServedRoll,
    StraightRule,
    Turn,
)
from generala_tui.game.refusals import english_refusal as refusal


def test_a_constructor_and_a_file_refuse_with_the_same_sentence() -> None:
    with pytest.raises(ValidationError) as built:
        Filled(seat=0, category=Category.FIVES, scratch=True, points=15)
    with pytest.raises(ValidationError) as read:
        Filled.model_validate({"seat": 0, "category": "fives", "scratch": True, "points": 15})
    sentence = "A scratch of Fives takes 0 points, not 15."
    assert refusal(built.value) == sentence
    assert refusal(read.value) == sentence


def test_a_sentence_with_braces_is_given_as_it_is() -> None:
    data = {"players": [{"name": "{a}"}, {"name": "{A}"}]}
    with pytest.raises(ValidationError) as error:
        GameState.model_validate(data)
    assert refusal(error.value) == "Two players are called {A}: each needs a name of their own."


def test_pydantics_own_refusals_still_say_where() -> None:
    with pytest.raises(ValidationError) as error:
        Player.model_validate({"name": "x" * 21})
    assert refusal(error.value).startswith("name: String should have at most 20 characters")
    with pytest.raises(ValidationError) as error:
        Rolled.model_validate({"seat": -1, "dice": [1, 2, 3, 4, 5]})
    assert refusal(error.value).startswith("seat: Input should be greater than or equal to 0")


def test_unknown_fields_are_refused_when_read() -> None:
    with pytest.raises(ValidationError) as error:
        Box.model_validate({"points": 3, "colour": "red"})
    assert refusal(error.value) == "colour: Extra inputs are not permitted"
    with pytest.raises(ValidationError) as error:
        HouseRules(no_such_rule=True)  # type: ignore[call-arg]
    assert refusal(error.value) == "no_such_rule: Extra inputs are not permitted"


def test_built_values_are_normalised_as_pydantic_did() -> None:
    player = Player(name="  Ana ", level="easy", boxes={Category.ONES: Box(points=3)})  # type: ignore[arg-type]
    assert player.name == "Ana"
    assert player.level is not None and player.level.value == "easy"
    assert type(player.level).__name__ == "Level"
    turn = Turn(dice=[1, 2, 3, 4, 5], held=[False] * 5, rolls=1)  # type: ignore[arg-type]
    assert turn.dice == (1, 2, 3, 4, 5) and turn.held == (False,) * 5
    assert HouseRules(straight="strict").straight is StraightRule.STRICT  # type: ignore[arg-type]
    action = Action(kind="roll", held=[1, 0])  # type: ignore[arg-type]
    assert action.kind is ActionKind.ROLL and action.held == (1, 0)


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"generala_points": 55}, "generala_points: Input should be 50 or 60"),
        ({"served_bonus": 7}, "served_bonus: Input should be 5 or 10"),
        ({"two_pairs": "perhaps"}, "two_pairs: Input should be a valid boolean"),
        ({"straight": "crooked"}, "straight: Input should be 'standard', 'strict'"),
    ],
)
def test_house_rules_built_outside_their_choices_are_refused(
    changes: dict[str, object], reason: str
) -> None:
    with pytest.raises(ValidationError) as error:
        HouseRules(**changes)  # type: ignore[arg-type]
    assert isinstance(error.value, ValueError)
    assert refusal(error.value).startswith(reason)


def test_model_copy_checks_nothing_and_knows_its_fields() -> None:
    turn = Turn()
    assert turn.model_copy(update={"rolls": 9}).rolls == 9
    assert turn.model_copy() == turn and turn.model_copy() is not turn
    with pytest.raises(ValidationError):
        Turn.model_validate(turn.model_copy(update={"rolls": 9}).model_dump())


def test_model_fields_give_each_fields_type_and_default() -> None:
    fields = HouseRules.model_fields
    assert list(fields)[:2] == ["generala_points", "served_bonus"]
    assert fields["straight"].annotation is StraightRule
    assert fields["tie_break"].default is True
    assert GameState.model_fields["turn"].get_default(call_default_factory=True) == Turn()


def test_equal_house_rules_hash_alike() -> None:
    assert hash(HouseRules(two_pairs=True)) == hash(HouseRules(two_pairs=True))
    assert len({HouseRules(), HouseRules(), HouseRules(two_pairs=True)}) == 2


def test_dumps_are_the_json_they_were() -> None:
    state = score_turn(rules.new_game(["Ana", "Bruno"], seed=4), JUNK, Category.SIXES)
    data = json.loads(state.model_dump_json())
    assert data["players"][0]["boxes"] == {"sixes": {"points": 6, "scratched": False}}
    assert data["log"][0] == {
        "kind": "roll",
        "seat": 0,
        "held": [],
        "dice": list(JUNK),
        "served": True,
        "won": False,
    }
    assert state.model_dump(mode="json") == data
    assert state.house_rules.model_dump(mode="json", exclude={"tie_break"}) == {
        key: value for key, value in data["house_rules"].items() if key != "tie_break"
    }


def test_preferences_keep_unknown_keys_through_a_copy_and_a_dump() -> None:
    preferences = store.Preferences.model_validate(
        {"mood": "joy", "players": [{"name": "Ana", "hat": 1}]}
    )
    assert preferences.model_extra == {"mood": "joy"}
    copied = preferences.model_copy(update={"coach": True})
    dumped = copied.model_dump(mode="json")
    assert dumped["mood"] == "joy" and dumped["coach"] is True
    assert dumped["players"] == [{"name": "Ana", "level": None, "colour": None, "hat": 1}]
    assert store.Preferences.model_validate(dumped).model_extra == {"mood": "joy"}


def test_states_are_immutable() -> None:
    state = rules.new_game(["Ana"], seed=1)
    with pytest.raises(ValidationError):
        state.current = 1  # type: ignore[misc]
    with pytest.raises(TypeError):
        state.players[0].boxes[Category.ONES] = Box(points=1)  # type: ignore[index]


def test_a_schema_is_built_only_when_first_needed() -> None:
    # defer_build: importing the game builds no schema (the first frame builds what it uses).
    code = (
        "from generala_tui.game import model\n"
        "print(model.GameState.__pydantic_complete__, model.Rolled.__pydantic_complete__)\n"
        "model.GameState(players=[model.Player(name='Ana')])\n"
        "print(model.GameState.__pydantic_complete__)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.split() == ["False", "False", "True"]


@pytest.mark.parametrize(
    ("house_rules", "key"),
    [
        (HouseRules(), "strategy-s1-f2-5a3d0b1affeee74e2a8b"),
        (HouseRules(tie_break=False), "strategy-s1-f2-5a3d0b1affeee74e2a8b"),
        (
            HouseRules(
                double_generala=True,
                two_pairs=True,
                straight=StraightRule.ONES_WILD,
                served_roll=ServedRoll.ANY_FULL_ROLL,
                generala_points=60,
            ),
            "strategy-s1-f2-58adc889e5070024ed6b",
        ),
    ],
)
def test_a_strategy_key_is_the_one_earlier_releases_cached_tables_under(
    house_rules: HouseRules, key: str
) -> None:
    # The keys 10362cd made (without pydantic): tables already cached are found again.
    from generala_tui.game.strategy import optimal

    assert optimal.strategy_key(house_rules) == key


def test_a_key_of_a_file_that_cant_be_shown_is_escaped_in_the_refusal() -> None:
    with pytest.raises(ValidationError) as error:
        HouseRules.model_validate({"x\x1b]0;pwned\x07": True})
    assert refusal(error.value) == "'x\\x1b]0;pwned\\x07': Extra inputs are not permitted"
