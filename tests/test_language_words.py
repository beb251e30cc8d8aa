"""The last English words, said in Spanish and Swedish: the command line's errors and
metavars, the analysis's counts and tie-break rounds, dates, percentages, and the operating
system's and the file checks' reasons for a damaged file."""

from __future__ import annotations

import errno
from collections.abc import Iterator
from datetime import datetime

import pytest

from generala_tui import i18n, store, words
from generala_tui.commands import report
from generala_tui.commands.main import main
from generala_tui.game.model import Player
from generala_tui.ui import app_words
from generala_tui.ui.screens import analysis_words
from generala_tui.ui.widgets import coach_words


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
        ("C.UTF-8", "--lang takes en, es or sv, not 'xx'."),
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
        (["--lang", "sv", "simulate", "--help"], ["MAPP", "LISTA"], "DIR"),
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


@pytest.mark.parametrize(("lang", "shown"), [("en", "45%"), ("es", "45%"), ("sv", "45\xa0%")])
def test_percentages_follow_the_languages_conventions(lang: str, shown: str, speak: None) -> None:
    i18n.set_language(lang)
    assert i18n.percent(0.45) == shown
    assert coach_words.coach_progress(0.45) == shown + "\n"


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
