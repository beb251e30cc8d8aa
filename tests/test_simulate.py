"""``generala-tui simulate``: computer-only games from the command line."""

from __future__ import annotations

import io
import json

import pytest

from generala_tui import simulate
from generala_tui.cli import main
from generala_tui.game.model import HouseRules, Level, Player


@pytest.fixture(autouse=True)
def _cache_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


def run_json(capsys, *argv: str) -> dict:
    assert main(["simulate", "--json", *argv]) == 0
    out = capsys.readouterr().out
    return json.loads(out)


def test_json_names_every_figure(capsys):
    result = run_json(capsys, "--games", "6", "--players", "expert,medium,easy", "--seed", "3")
    assert result["games"] == 6
    assert result["games_per_second"] > 0
    assert result["expected_optimal"] == pytest.approx(151.8989551829597, abs=1e-9)
    assert result["solve_seconds"] > 0
    players = result["players"]
    assert [(p["name"], p["level"]) for p in players] == [
        ("Expert", "expert"),
        ("Medium", "medium"),
        ("Easy", "easy"),
    ]
    for player in players:
        assert set(player) == {"name", "level", "mean", "stdev", "wins"}
        assert 0 <= player["mean"] <= 400
        assert player["stdev"] >= 0
    # Every game has at least one winner (more only when the win is shared).
    assert sum(p["wins"] for p in players) >= 6


def test_the_same_seed_plays_the_same_games(capsys):
    argv = ("--games", "4", "--players", "Rita:expert,Ana:easy", "--seed", "11")
    first = run_json(capsys, *argv)
    second = run_json(capsys, *argv)
    assert first["players"] == second["players"]
    assert [p["name"] for p in first["players"]] == ["Rita", "Ana"]


def test_house_rules_change_the_expected_optimum(capsys):
    result = run_json(
        capsys, "--games", "2", "--players", "easy", "--seed", "1", "--rule", "generala_points=60"
    )
    assert result["house_rules"]["generala_points"] == 60
    assert result["expected_optimal"] > 151.9


def test_one_player_alone_wins_every_game(capsys):
    result = run_json(capsys, "--games", "3", "--players", "medium", "--seed", "2")
    assert result["players"][0]["wins"] == 3


def test_text_output_has_a_row_per_player_and_no_progress_bar_off_a_terminal(capsys):
    assert main(["simulate", "--games", "3", "--players", "expert,easy", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "\r" not in out
    lines = out.splitlines()
    assert lines[0] == "3 games, house rules: the defaults"
    assert lines[1].split() == ["Player", "Level", "Mean", "Std", "dev", "Wins"]
    assert lines[2].split()[:2] == ["Expert", "expert"]
    assert lines[3].split()[:2] == ["Easy", "easy"]
    assert "games per second" in lines[4]
    assert "151.90" in lines[4]


def test_changed_house_rules_are_listed(capsys):
    argv = ["simulate", "--games", "1", "--players", "easy", "--rule", "two_pairs=on"]
    assert main([*argv, "--rule", "served_bonus=10"]) == 0
    first_line = capsys.readouterr().out.splitlines()[0]
    assert first_line == "1 game, house rules: served_bonus=10, two_pairs=true"


def test_progress_bar_is_drawn_on_a_terminal_and_cleared():
    out = io.StringIO()
    bar = simulate._Progress(4, out)
    for done in range(1, 5):
        bar.show(done)
    bar.clear()
    text = out.getvalue()
    assert "4/4 games" in text
    assert text.endswith("\r")


def test_progress_is_shown_only_when_stdout_is_a_terminal(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    assert main(["simulate", "--games", "2", "--players", "easy", "--seed", "1"]) == 0
    assert "2/2 games" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "complaint"),
    [
        (["--games", "0"], "--games takes 1 to"),
        (["--games", "many"], "--games takes a whole number"),
        (["--seed", "x"], "--seed takes a whole number"),
        (["--players", "Ana,expert"], "Ana is not a computer player"),
        (["--players", "expert:genius"], "not a computer level"),
        (["--players", ",".join(["easy"] * 9)], "1 to 8 players"),
        (["--rule", "generala_points=55"], "generala_points can't be '55'"),
        (["--rule", "nonsense"], "KEY=VALUE"),
    ],
)
def test_bad_input_exits_2_with_one_line_on_stderr(capsys, argv, complaint):
    assert main(["simulate", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("generala-tui simulate: ")
    assert complaint in lines[0]


def test_simulate_function_counts_wins_per_seat():
    players = [Player(name="A", level=Level.EASY), Player(name="B", level=Level.EASY)]
    result = simulate.simulate(5, players, HouseRules(tie_break=False), seed=8)
    assert sum(p["wins"] for p in result["players"]) >= 5
    assert result["seed"] == 8
