"""The models are frozen dataclasses with pydantic's methods: what the base class promises."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from typing import Any

import pytest
from helpers import JUNK, score_turn
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
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
    Impossible,
    Level,
    Player,
    Rolled,
    StraightRule,
    Turn,
    refusal,
)


def test_a_constructor_and_a_file_refuse_with_the_same_sentence() -> None:
    with pytest.raises(Impossible) as built:
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
    # Pydantic's words for a dataclass ("Extra inputs are not permitted" for a model).
    assert refusal(error.value) == "colour: Unexpected keyword argument"


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
        ({"generala_points": 55}, "generala_points is 50 or 60, not 55."),
        ({"served_bonus": True}, "served_bonus is 5 or 10, not True."),
        ({"two_pairs": "yes"}, "two_pairs is true or false, not 'yes'."),
        ({"straight": "crooked"}, "straight is one of"),
    ],
)
def test_house_rules_built_outside_their_choices_are_refused(
    changes: dict[str, object], reason: str
) -> None:
    with pytest.raises(Impossible) as error:
        HouseRules(**changes)  # type: ignore[arg-type]
    assert str(error.value).startswith(reason)


def test_model_copy_checks_nothing_and_knows_its_fields() -> None:
    turn = Turn()
    assert turn.model_copy(update={"rolls": 9}).rolls == 9
    assert turn.model_copy() == turn and turn.model_copy() is not turn
    with pytest.raises(TypeError, match="no field colour"):
        turn.model_copy(update={"colour": "red"})


def test_model_fields_give_each_fields_type_and_default() -> None:
    fields = HouseRules.model_fields
    assert list(fields)[:2] == ["generala_points", "served_bonus"]
    assert fields["straight"].annotation is StraightRule
    assert fields["tie_break"].default is True
    assert GameState.model_fields["turn"].default == Turn()


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
    assert dumped["players"] == [{"name": "Ana", "level": None, "hat": 1}]
    assert store.Preferences.model_validate(dumped).model_extra == {"mood": "joy"}


def test_building_and_playing_a_game_imports_no_pydantic() -> None:
    code = (
        "import sys\n"
        "from generala_tui.game import rules\n"
        "from generala_tui import store\n"
        "state = rules.roll(rules.new_game(['Ana', 'Bruno'], seed=1))\n"
        "state = rules.toggle_hold(state, 0)\n"
        "store.Preferences().model_copy(update={'coach': True})\n"
        "print('pydantic' in sys.modules)\n"
        "state.model_dump_json()\n"
        "print('pydantic' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.split() == ["False", "True"]


# --- preferences read without pydantic ------------------------------------------------

_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-2, 70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(["", "x", "50", "easy", "expert", "strict", "first_roll", "textual-dark"]),
)
_SEATS = st.lists(
    st.dictionaries(st.sampled_from(["name", "level", "hat"]), _VALUES, max_size=3),
    max_size=9,
)
_RULES = st.dictionaries(
    st.sampled_from([*HouseRules.model_fields, "chance"]),
    st.one_of(_VALUES, st.sampled_from([50, 60, 5, 10, "standard", "ones_wild", True])),
    max_size=5,
)
_PREFERENCES = st.dictionaries(
    st.sampled_from(
        [*store.Preferences.model_fields, "mood", "model_copy", "_secret", "house_rules"]
    ),
    st.one_of(_VALUES, _RULES, _SEATS),
    max_size=6,
)


def _same(quick: store.Preferences, checked: store.Preferences) -> None:
    assert quick == checked
    assert quick.model_extra == checked.model_extra
    assert [seat.model_extra for seat in quick.players] == [
        seat.model_extra for seat in checked.players
    ]
    assert quick.model_dump(mode="json") == checked.model_dump(mode="json")
    assert type(quick.computer_delay) is type(checked.computer_delay)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=_PREFERENCES)
def test_preferences_read_without_pydantic_are_those_pydantic_reads(data: dict[str, Any]) -> None:
    quick = store._preferences_quickly(copy.deepcopy(data))
    if quick is not None:
        _same(quick, store.Preferences.model_validate(copy.deepcopy(data)))


def test_the_preferences_the_app_writes_are_read_without_pydantic() -> None:
    written = store.Preferences(
        house_rules=HouseRules(two_pairs=True, straight=StraightRule.WRAPAROUND),
        computer_delay=1,
        players=[store.Seat(name="Ana"), store.Seat(name="Bot", level=Level.EXPERT)],
        language="es",
    ).model_dump(mode="json")
    for data in (written, {**written, "mood": "joy"}, {"version": 1}, {}):
        quick = store._preferences_quickly(copy.deepcopy(data))
        assert quick is not None, data
        _same(quick, store.Preferences.model_validate(copy.deepcopy(data)))


@pytest.mark.parametrize("seed", range(12))
def test_a_strategy_key_is_made_of_the_rules_json(seed: int) -> None:
    from test_game_record import random_house_rules

    from generala_tui.game.strategy import optimal

    house_rules = random_house_rules(random.Random(seed))
    dumped = house_rules.model_dump(mode="json", exclude={"tie_break"})
    assert optimal._rules_text(house_rules) == json.dumps(dumped, sort_keys=True)
