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
