"""One refusal type for the player: the rules' and the models' refusals alike keep their
sentence as a template with its parameters apart, so each is said in the player's language."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from generala_tui import i18n, words
from generala_tui.game import rules
from generala_tui.game.model import Category, GameState, Refusal, check_names, refused
from generala_tui.game.refusals import english_refusal as refusal


def _impossible(edit) -> ValidationError:
    data = json.loads(rules.new_game(["Ana", "Bruno"], seed=3).model_dump_json())
    edit(data)
    with pytest.raises(ValidationError) as error:
        GameState.model_validate(data)
    return error.value


def test_a_refusal_is_english_with_its_boxes_phrases_and_names_said_in_english() -> None:
    phrase = Refusal("Player {seat}", seat=2)
    said = Refusal(
        "{where} fills {box} for {name}.", where=phrase, box=Category.FULL_HOUSE, name="A\x1b[2J"
    )
    assert str(said) == "Player 2 fills Full house for A\\x1b[2J."
    assert said.params["box"] is Category.FULL_HOUSE  # kept apart, for the translation


def test_a_models_refusal_is_found_inside_pydantics_error() -> None:
    error = _impossible(lambda data: data.update(current=5))
    found = refused(error)
    assert isinstance(found, Refusal)
    assert refusal(error) == "It is the turn of seat 6, but the table has no seat 6."


@pytest.mark.parametrize(
    ("lang", "start"),
    [("en", "It is the turn of seat 6"), ("es", "Es el turno del asiento 6"), ("sv", "Det är")],
)
def test_a_models_refusal_is_said_in_the_players_language(lang: str, start: str) -> None:
    error = _impossible(lambda data: data.update(current=5))
    i18n.set_language(lang)
    said = words.refusal(error)
    assert said.startswith(start)
    assert "6" in said
    if lang != "en":
        assert said != refusal(error)


def test_a_rules_refusal_and_a_models_refusal_are_said_by_the_same_function() -> None:
    with pytest.raises(rules.IllegalMove) as move:
        rules.validate_names(["Ana", "ana"])
    assert isinstance(move.value, Refusal)
    model = _impossible(lambda data: data["players"][1].update(name="ANA"))
    i18n.set_language("es")
    assert words.refusal(move.value).replace("ana", "ANA") == words.refusal(model)


@pytest.mark.parametrize(
    "names",
    [[], ["Ana"] * 9, ["Ana", "ANA"], ["Ana\u202e"], ["Ana", "x" * 21], ["Ana", "  "]],
)
def test_names_are_checked_in_one_place(names: list[str]) -> None:
    with pytest.raises(Refusal) as checked:
        check_names(names)
    with pytest.raises(rules.IllegalMove) as validated:
        rules.validate_names(names)
    assert validated.value.message == checked.value.message


def test_pydantics_own_complaint_names_its_place_in_another_language() -> None:
    error = _impossible(lambda data: data.update(seed="many"))
    assert refused(error) is None
    assert refusal(error).startswith("seed: ")
    i18n.set_language("sv")
    assert "seed" in words.refusal(error)
    assert words.refusal(error) != refusal(error)
