"""The generala-tui command line: bad options get one clear line and status 2."""

from __future__ import annotations

import subprocess
import sys

import pytest

from generala_tui.cli import main


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--players", "Ana,Bruno", "--rule", "generala_points=55"], "choose one of 50, 60"),
        (["--players", "Ana", "--rule", "nope=1"], "There is no house rule 'nope'"),
        (["--players", "Ana", "--rule", "straight"], "KEY=VALUE"),
        (["--players", "Ana,,Bruno"], "Player 2 needs a name"),
        (["--players", "Ana,ana"], "Two players are called ana"),
        (["--players", "Ana:wizard"], "choose one of easy, medium, expert"),
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


def test_players_flag_opens_the_app_on_that_game(monkeypatch: pytest.MonkeyPatch) -> None:
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


def test_no_players_flag_opens_setup_with_the_given_rules(monkeypatch: pytest.MonkeyPatch) -> None:
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
    from generala_tui.game.model import HouseRules
    from generala_tui.options import rule_choices, rule_default

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
    assert "easy, medium, expert" in flat


@pytest.mark.parametrize("argv", [[], ["simulate"]])
def test_help_points_to_the_rules_page_of_the_project(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    text = _help(argv, capsys)
    assert "docs/rules.md" in " ".join(text.split())
    assert "RULES.md" not in text
    assert "section 8" not in text
