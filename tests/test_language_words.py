"""The words outside the screens, said in Spanish and Swedish: the command line's errors and
metavars, simulate's table, limits and help, the analysis's counts and tie-break rounds,
dates, percentages, possessives, lists joined with the language's "and", the rules' summaries
and presets' notices, and the operating system's and the file checks' reasons for a damaged
file (no Python English in them)."""

from __future__ import annotations

import errno
import re
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from generala_tui import i18n, store, words
from generala_tui.commands import report
from generala_tui.commands.main import main
from generala_tui.game.action import Action
from generala_tui.game.model import Category, HouseRules, Player, StraightRule
from generala_tui.ui import app_words, vocabulary
from generala_tui.ui.screens import analysis_words, settings_words, turn_words
from generala_tui.ui.widgets import boxes_words, coach_words


@pytest.fixture
def speak() -> Iterator[None]:
    yield
    i18n.set_language("en")


def _error(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    try:
        status = main(args)
    except SystemExit as exit_:  # argparse's own errors
        status = int(exit_.code or 0)
    assert status == 2
    return capsys.readouterr().err


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--lang", "es", "--lang", "xx"], "error: --lang lleva en, es o sv, no 'xx'."),
        (["--lang", "sv", "--lang", "xx"], "fel: --lang tar en, es eller sv"),
        (["--lang", "es", "--players", "Ana,,Bruno"], "error: el jugador 2 necesita un nombre."),
        (["--lang", "es", "--seed", "x"], "valor entero no válido: 'x'"),
        (["--lang", "sv", "--seed", "x"], "ogiltigt heltal: 'x'"),
        (["--seed", "x"], "invalid integer value: 'x'"),
    ],
)
def test_the_command_lines_errors_speak_its_last_language(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    expected: str,
    speak: None,
) -> None:
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert expected in _error(args, capsys)


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ("es_AR.UTF-8", "--lang lleva en, es o sv, no 'xx'."),
        ("sv_SE.UTF-8", "--lang tar en, es eller sv"),
        ("C.UTF-8", "--lang takes en, es, or sv, not 'xx'."),  # Babel's English list
    ],
)
def test_a_bad_language_is_told_in_the_environments_not_the_saved_one(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    environ: str,
    expected: str,
    speak: None,
) -> None:
    store.save_preferences(store.Preferences(language="es" if environ != "es_AR.UTF-8" else "sv"))
    monkeypatch.setenv("LANG", environ)
    assert expected in _error(["--lang", "xx"], capsys)


@pytest.mark.parametrize(
    ("args", "shown", "english"),
    [
        (["--lang", "es", "--help"], ["IDIOMA", "NOMBRES", "CLAVE=VALOR", "ORDEN"], "NAMES"),
        (["--lang", "sv", "--help"], ["SPRÅK", "NAMN", "NYCKEL=VÄRDE", "KOMMANDO"], "NAMES"),
        (
            ["--lang", "es", "replay", "--help"],
            ["ARCHIVO", "[--lang IDIOMA] ARCHIVO", "RePág/AvPág"],
            "FILE",
        ),
        (["--lang", "sv", "simulate", "--help"], ["MAPP", "NAMN"], "DIR"),
    ],
)
def test_the_helps_metavars_speak_the_language(
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    shown: list[str],
    english: str,
    speak: None,
) -> None:
    with pytest.raises(SystemExit):
        main(args)
    out = capsys.readouterr().out
    for word in shown:
        assert word in out
    assert english not in out


@pytest.mark.parametrize(
    ("lang", "one", "many"),
    [("en", "1 average", "21 average"), ("es", "1 normal", "21 normales")],
)
def test_luck_counts_agree_with_their_number(lang: str, one: str, many: str, speak: None) -> None:
    i18n.set_language(lang)
    assert report._luck_count("average", 1) == one
    assert report._luck_count("average", 21) == many


@pytest.mark.parametrize(("lang", "round_"), [("en", "tb2"), ("es", "des2"), ("sv", "sär2")])
def test_tie_break_rounds_are_abbreviated_in_the_language(
    lang: str, round_: str, speak: None
) -> None:
    i18n.set_language(lang)
    assert words.tie_break_round(2) == round_
    assert analysis_words.decision_round(12, 10) == round_
    assert analysis_words.analysis_tie_break_hint().startswith(f"{round_[:-1]}1, {round_}…")


@pytest.mark.parametrize(
    ("lang", "shown"),
    [("en", "2026-11-30 06:20"), ("es", "30/11/2026 06:20"), ("sv", "2026-11-30 06:20")],
)
def test_dates_show_four_digit_years(lang: str, shown: str, speak: None) -> None:
    i18n.set_language(lang)
    assert i18n.date_time(datetime(2026, 11, 30, 6, 20)) == shown
    assert i18n.date(datetime(2026, 11, 30, 6, 20)) == shown.split()[0]


@pytest.mark.parametrize(("lang", "shown"), [("en", "45%"), ("es", "45%"), ("sv", "45\xa0%")])
def test_percentages_follow_the_languages_conventions(lang: str, shown: str, speak: None) -> None:
    i18n.set_language(lang)
    assert i18n.percent(0.45) == shown
    assert coach_words.coach_progress(0.45) == shown + "\n"


@pytest.mark.parametrize(
    ("lang", "said"), [("en", "win 48%"), ("es", "48% de ganar"), ("sv", "vinst 48\xa0%")]
)
def test_the_coachs_one_line_says_the_win_chance_as_the_language_does(
    lang: str, said: str, speak: None
) -> None:
    """Issue 36, 11: Spanish said "ganar 48%", a verb before its number."""
    i18n.set_language(lang)
    assert coach_words.coach_win_advice(0.48) == said


@pytest.mark.parametrize(
    ("lang", "on", "off"),
    [
        ("en", "Turn the roll animation on", "Turn the roll animation off"),
        ("es", "Activar la animación de la tirada", "Desactivar la animación de la tirada"),
        ("sv", "Slå på kastanimationen", "Stäng av kastanimationen"),
    ],
)
def test_the_palettes_animation_entry_is_an_action(
    lang: str, on: str, off: str, speak: None
) -> None:
    i18n.set_language(lang)
    assert (app_words.roll_animation_command(True), app_words.roll_animation_command(False)) == (
        on,
        off,
    )


@pytest.mark.parametrize(
    ("code", "english", "spanish"),
    [
        (errno.ENOENT, "no such file or directory", "no existe el archivo o la carpeta"),
        (errno.EACCES, "permission denied", "permiso denegado"),
        (errno.EPERM, "operation not permitted", "operación no permitida"),
        (errno.EISDIR, "a folder stands where the file should be", "hay una carpeta donde"),
        (errno.ENOTDIR, "a file stands where a folder should be", "hay un archivo donde"),
        (errno.ENOSPC, "no space left on device", "no queda espacio en el disco"),
        (errno.EROFS, "read-only file system", "el disco es de solo lectura"),
        (errno.EIO, "input/output error", "error 5 del sistema (EIO)"),
    ],
)
def test_the_operating_systems_reasons_are_told_in_the_language(
    code: int, english: str, spanish: str, speak: None
) -> None:
    import os

    error = OSError(code, os.strerror(code))
    assert store.why(error) == english  # English: the system's own words, as before
    i18n.set_language("es")
    assert store.why(error).startswith(spanish)
    i18n.set_language("sv")
    assert store.why(error) != english


def test_a_value_that_fails_validation_is_named_by_its_place(speak: None) -> None:
    from pydantic import ValidationError

    try:
        Player.model_validate({"name": 5})
    except ValidationError as error:
        english = store.formats.first_error(error)
        i18n.set_language("es")
        spanish = store.formats.first_error(error)
        i18n.set_language("sv")
        swedish = store.formats.first_error(error)
    else:
        raise AssertionError("a number is no name")
    assert english.startswith("name: Input should be")  # pydantic's words, as before
    assert spanish == "un valor en name no es válido"
    assert swedish == "ett värde i name är inte giltigt"


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
    assert "(standard: 1000)" in said  # the default named (argparse's %(default)s)


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
            "Elegiste las reglas suecas: tocá Guardar para conservarlas.",
        ),
        (
            "sv",
            "Du valde de klassiska reglerna: Spara behåller dem.",
            "Du valde de svenska reglerna: Spara behåller dem.",
        ),
    ],
)
def test_each_preset_has_a_notice_of_its_own(
    lang: str, classic: str, swedish: str, speak: None
) -> None:
    i18n.set_language(lang)
    assert settings_words.preset_chosen(settings_words.CLASSIC_PRESET) == classic
    assert settings_words.preset_chosen(settings_words.SWEDISH_PRESET) == swedish
