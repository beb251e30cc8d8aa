"""The generala-tui command line: bad options get one clear line and status 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from generala_tui import i18n
from generala_tui.commands import output
from generala_tui.commands.main import main


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The game has its terminal (under pytest stdin and stderr are not one): these tests
    replace the app's run, and the refusal without a terminal has tests of its own."""
    monkeypatch.setattr(output, "has_terminal", lambda: True)


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--players", "Ana,Bruno", "--rule", "generala_points=55"], "choose one of 50, 60"),
        (["--players", "Ana", "--rule", "nope=1"], "There is no house rule 'nope'"),
        (["--players", "Ana", "--rule", "straight"], "KEY=VALUE"),
        (["--players", "Ana,,Bruno"], "Player 2 needs a name"),
        (["--players", "Ana,ana"], "Two players are called ana"),
        (["--players", "Ana:wizard"], "choose one of easy, medium, expert, champion"),
    ],
)
def test_bad_options_exit_2_with_one_line(
    args: list[str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert expected in err
    assert err.count("\n") == 1


def test_python_dash_m_prints_the_version() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "generala_tui", "--version"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0
    assert done.stdout.startswith("generala-tui ")


def test_players_flag_opens_the_app_on_that_game(
    monkeypatch: pytest.MonkeyPatch, terminal: None
) -> None:
    from generala_tui.ui.app import GeneralaApp

    started: list[GeneralaApp] = []
    monkeypatch.setattr(GeneralaApp, "run", lambda self, *a, **k: started.append(self))
    argv = ["--players", " Ana , Rita ", "--seed", "9", "--rule", "generala_points=60"]
    assert main(argv) == 0
    (app,) = started
    game = app._first_game
    assert game is not None
    assert [p.name for p in game.players] == ["Ana", "Rita"]
    assert game.seed == 9
    assert game.house_rules.generala_points == 60


def test_a_champion_from_the_command_line_plays_in_the_app(
    monkeypatch: pytest.MonkeyPatch, terminal: None
) -> None:
    from generala_tui.game.model import Level
    from generala_tui.ui.app import GeneralaApp

    started: list[GeneralaApp] = []
    monkeypatch.setattr(GeneralaApp, "run", lambda self, *a, **k: started.append(self))
    assert main(["--players", "Ana,Rita:champion,champion"]) == 0
    (app,) = started
    game = app._first_game
    assert game is not None
    assert [(p.name, p.level) for p in game.players] == [
        ("Ana", None),
        ("Rita", Level.CHAMPION),
        ("Champion", Level.CHAMPION),
    ]


def test_no_players_flag_opens_setup_with_the_given_rules(
    monkeypatch: pytest.MonkeyPatch, terminal: None
) -> None:
    from generala_tui.ui.app import GeneralaApp

    started: list[GeneralaApp] = []
    monkeypatch.setattr(GeneralaApp, "run", lambda self, *a, **k: started.append(self))
    assert main(["--rule", "two_pairs=on"]) == 0
    (app,) = started
    assert app._first_game is None
    assert app.house_rules.two_pairs


def test_game_options_before_simulate_are_refused_not_dropped(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--rule", "generala_points=60", "simulate", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert "go after 'simulate'" in err
    assert err.count("\n") == 1


def _help(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as done:
        main([*argv, "--help"])
    assert done.value.code == 0
    return capsys.readouterr().out


def test_help_lists_every_house_rule_with_its_values_and_default(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from generala_tui.commands.options import rule_choices, rule_default
    from generala_tui.game.model import HouseRules

    text = _help([], capsys)
    flat = " ".join(text.split())
    for key in HouseRules.model_fields:
        values = " | ".join(rule_choices(key))
        assert f"{key} = {values} (default {rule_default(key)})" in flat, key
    assert "generala_points = 50 | 60 (default 50)" in flat
    assert "straight = standard | strict | wraparound | one_replaces_two | ones_wild" in flat
    assert max(len(line) for line in text.splitlines()) <= 80


def test_help_explains_name_colon_level_for_computer_players(
    capsys: pytest.CaptureFixture[str],
) -> None:
    flat = " ".join(_help([], capsys).split())
    assert "NAME:LEVEL makes a computer player" in flat
    assert "easy, medium, expert, champion" in flat


@pytest.mark.parametrize(
    ("argv", "pointer"),
    [
        ([], "the game's help, ? or F1 in the game. The README is installed with the game"),
        (["simulate"], "the game's help (? or F1) explains them"),
    ],
)
def test_help_points_to_what_an_installed_game_has(
    argv: list[str], pointer: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The game's own help and the README in the package's metadata, not the source's docs
    folder, which a game installed with pipx or pip doesn't have."""
    text = _help(argv, capsys)
    assert pointer in " ".join(text.split())
    assert "docs/" not in text and "source folder" not in text
    assert "RULES.md" not in text
    assert "section 8" not in text


@pytest.mark.parametrize(
    ("args", "environ", "words"),
    [
        (
            ["--lang", "es", "--help"],
            "C.UTF-8",
            ["uso: generala-tui", "opciones", "empezar en el acto", "mostrar la versión"],
        ),
        (["--lang=sv", "--help"], "es_AR.UTF-8", ["användning: generala-tui", "flaggor"]),
        (
            ["--help"],
            "es_AR.UTF-8",
            ["uso:", "Reglas de la casa para --rule", "? o F1 en el juego"],
        ),
        (["--help"], "sv_SE.UTF-8", ["Husregler för --rule", "? eller F1 i spelet"]),
        (["simulate", "--lang", "es", "--help"], "C.UTF-8", ["Juega partidas entre computadoras"]),
    ],
)
def test_help_speaks_the_chosen_language(
    args: list[str],
    environ: str,
    words: list[str],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("LANG", environ)
    with pytest.raises(SystemExit) as done:
        main(args)
    assert done.value.code == 0
    out = capsys.readouterr().out
    for word in words:
        assert word in out
    assert "show this help message" not in out
    assert "show program's version" not in out


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--lang", "es", "--players", "Ana,,Bruno"], "error: el jugador 2 necesita un nombre."),
        (["--lang", "sv", "--players", "Ana", "--rule", "nope=1"], "fel: det finns ingen husregel"),
        (["--lang", "es", "--bogus"], "argumentos no reconocidos: --bogus"),
        (["--lang", "fr"], "--lang takes en, es, or sv, not 'fr'."),
        (["--lang", "xx", "--players", "Ana"], "--lang takes en, es, or sv, not 'xx'."),
    ],
)
def test_errors_speak_the_chosen_language_and_a_bad_language_exits_2(
    args: list[str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        status = main(args)
    except SystemExit as exit_:  # argparse's own errors
        status = int(exit_.code or 0)
    assert status == 2
    err = capsys.readouterr().err
    assert expected in err


@pytest.mark.parametrize(
    ("variables", "words"),
    [
        # A list by preference, as gettext reads it: French has no catalog, Swedish has.
        ({"LANGUAGE": "fr:sv", "LANG": "es_AR.UTF-8"}, "användning: generala-tui"),
        # English first: its words are the catalogs' own, so the list ends there.
        ({"LANGUAGE": "en_GB:es", "LANG": "es_AR.UTF-8"}, "usage: generala-tui"),
        ({"LC_ALL": "C.UTF-8", "LANG": "es_AR.UTF-8"}, "usage: generala-tui"),
        ({"LC_MESSAGES": "es_UY.UTF-8", "LANG": "sv_SE.UTF-8"}, "uso: generala-tui"),
    ],
)
def test_the_environments_language_is_the_one_gettext_finds(
    variables: dict[str, str],
    words: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(SystemExit):
        main(["--help"])
    assert words in capsys.readouterr().out


def test_the_saved_language_comes_before_the_environment(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from generala_tui import store

    monkeypatch.setenv("LANG", "sv_SE.UTF-8")
    store.save_preferences(store.Preferences(language="es"))
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "uso: generala-tui" in capsys.readouterr().out


def test_the_game_opens_in_the_language_of_the_option(
    monkeypatch: pytest.MonkeyPatch, terminal: None
) -> None:
    from generala_tui.ui.app import GeneralaApp

    started: list[str] = []
    monkeypatch.setattr(GeneralaApp, "run", lambda self: started.append(i18n.language()))
    monkeypatch.setenv("LANG", "es_AR.UTF-8")
    assert main(["--lang", "sv"]) == 0
    assert started == ["sv"]
    assert main([]) == 0
    assert started == ["sv", "es"]


def test_a_damaged_preferences_file_is_told_in_the_chosen_language(
    generala_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    preferences = generala_home / "config" / "preferences.json"
    preferences.parent.mkdir(parents=True, exist_ok=True)
    preferences.write_text("")
    assert main(["--lang", "es", "simulate", "--games", "0"]) == 2
    err = capsys.readouterr().err
    assert "preferences.json: está vacío. Se guardó como preferences.json.bad-" in err
    assert "rigen las preferencias predeterminadas." in err
