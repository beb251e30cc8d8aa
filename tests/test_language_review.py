"""What a bilingual review of the Spanish and Swedish game found, without the user interface:
no English left in a file's trouble or the simulate table, Swedish possessives, lists joined
with the language's "and", counts grouped as the language groups them."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from generala_tui import i18n, store, words
from generala_tui.commands.main import main
from generala_tui.game.action import Action
from generala_tui.game.model import Category, HouseRules, StraightRule
from generala_tui.ui import vocabulary
from generala_tui.ui.screens import settings_words, turn_words
from generala_tui.ui.widgets import boxes_words


@pytest.fixture
def speak() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "not valid JSON, or cut short (line 1, column 2)"),
        ("es", "no es JSON válido, o está cortado (línea 1, columna 2)"),
        ("sv", "inte giltig JSON, eller avkortad (rad 1, kolumn 2)"),
    ],
)
def test_a_damaged_json_file_is_told_without_pythons_english(
    generala_home: Path, lang: str, said: str, speak: None
) -> None:
    preferences = generala_home / "config" / "preferences.json"
    preferences.parent.mkdir(parents=True, exist_ok=True)
    preferences.write_text("{not json")
    i18n.set_language(lang)
    _preferences, warning = store.load_preferences()
    assert warning is not None
    assert said in warning
    assert "Expecting" not in warning


@pytest.mark.parametrize(
    ("name", "owned"),
    [
        ("Ana", "Anas"),
        ("Lars", "Lars"),
        ("Felix", "Felix"),
        ("Inez", "Inez"),
        ("LARS", "LARS"),
        ("Spelare 1", "Spelare 1:s"),
        ("R2-D2", "R2-D2:s"),
    ],
)
def test_swedish_possessives(name: str, owned: str, speak: None) -> None:
    i18n.set_language("sv")
    assert i18n.genitive(name) == owned


def test_possessives_in_english_and_spanish(speak: None) -> None:
    assert i18n.genitive("Lars") == "Lars's"
    i18n.set_language("es")
    assert i18n.genitive("Lars") == "Lars"  # "Turno de Lars": Spanish says it in the sentence


@pytest.mark.parametrize(
    ("lang", "held", "said"),
    [
        ("en", (0, 2), "Hold dice 1 and 3 and roll"),
        ("es", (0, 2), "Guardar los dados 1 y 3 y tirar"),
        ("sv", (0, 2), "Spara tärningarna 1 och 3 och slå"),
        ("sv", (0, 1, 3), "Spara tärningarna 1, 2 och 4 och slå"),
        ("sv", (4,), "Spara tärning 5 och slå"),
    ],
)
def test_held_dice_are_listed_with_the_languages_and(
    lang: str, held: tuple[int, ...], said: str, speak: None
) -> None:
    i18n.set_language(lang)
    assert vocabulary.describe_action(Action.roll(held)) == said


def test_the_rules_summaries_say_only_changed_rules_in_words(speak: None) -> None:
    rules = HouseRules(straight=StraightRule.STRICT, tie_break=False)
    assert words.changed_rules(rules) == "straights: 1-5 and 2-6 only, ties share the win"
    i18n.set_language("es")
    said = "escaleras: solo 1-5 y 2-6, los empates comparten la victoria"
    assert words.changed_rules(rules) == said
    assert words.changed_rules(HouseRules()) == "las predeterminadas"


def test_simulate_in_spanish_shows_its_levels_rules_and_counts_as_spanish_does(
    capsys: pytest.CaptureFixture[str], speak: None
) -> None:
    argv = ["simulate", "--lang", "es", "--games", "2", "--players", "expert,easy"]
    assert main([*argv, "--seed", "1", "--rule", "tie_break=false", "--jobs", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "2 partidas, reglas de la casa: los empates comparten la victoria"
    assert out[2].split()[:2] == ["Experto", "Experto"]
    assert out[3].split()[:2] == ["Fácil", "Fácil"]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("es", "--games lleva de 1 a 10.000.000, no 20.000.000."),
        ("sv", "--games tar 1 till 10\xa0000\xa0000, inte 20\xa0000\xa0000."),
    ],
)
def test_simulates_limits_are_grouped_as_the_language_groups_them(
    capsys: pytest.CaptureFixture[str], lang: str, said: str, speak: None
) -> None:
    assert main(["simulate", "--lang", lang, "--games", "20000000"]) == 2
    assert said in capsys.readouterr().err


def test_simulates_help_names_the_records_parts_in_the_language(
    capsys: pytest.CaptureFixture[str], speak: None
) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--lang", "sv", "--help"])
    said = re.sub(r"[ \n]+", " ", capsys.readouterr().out)
    assert "game-NUMMER-seed-FRÖ.json" in said
    assert "(standard: 1\xa0000)" in said  # the default named, its count grouped


@pytest.mark.parametrize("lang", ["en", "es", "sv"])
def test_the_waiting_double_generala_leaves_the_coachs_columns_room(lang: str, speak: None) -> None:
    # The box list at 80 columns with the coach has 23 columns for a box's name and note.
    i18n.set_language(lang)
    waiting = turn_words.double_generala_notes()["waiting"]
    assert len(boxes_words.box_name(Category.DOUBLE_GENERALA, waiting)) <= 23
    assert len(vocabulary.category_label(Category.TWO_PAIRS)) <= 15


@pytest.mark.parametrize(
    ("lang", "classic", "swedish"),
    [
        (
            "es",
            "Elegiste las reglas clásicas: tocá Guardar para conservarlas.",
            "Elegiste el Reglamento sueco: tocá Guardar para conservarlo.",
        ),
        (
            "sv",
            "Du valde de klassiska reglerna: Spara behåller dem.",
            "Du valde reglerna ur Reglamento sueco: Spara behåller dem.",
        ),
    ],
)
def test_each_preset_has_a_notice_of_its_own(
    lang: str, classic: str, swedish: str, speak: None
) -> None:
    i18n.set_language(lang)
    assert settings_words.preset_chosen(settings_words.CLASSIC_PRESET) == classic
    assert settings_words.preset_chosen(settings_words.SWEDISH_PRESET) == swedish
