"""``generala-tui simulate``: computer-only games from the command line."""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from generala_tui.commands import simulate
from generala_tui.commands.main import main
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
        assert set(player) == {
            "name",
            "level",
            "mean",
            "stdev",
            "wins",
            "win_rate",
            "win_rate_low",
            "win_rate_high",
        }
        assert 0 <= player["mean"] <= 400
        assert player["stdev"] >= 0
        assert 0 <= player["win_rate_low"] <= player["win_rate"] <= player["win_rate_high"] <= 1
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
    heads = [
        "Player",
        "Level",
        "Mean",
        "Std",
        "dev",
        "Wins",
        "Win",
        "rate",
        "(interval",
        "at",
        "95%)",
    ]
    assert lines[1].split() == heads
    assert lines[2].split()[:2] == ["Expert", "Expert"]
    assert lines[3].split()[:2] == ["Easy", "Easy"]
    assert "games per second" in lines[4]
    assert "151.90" in lines[4]


def test_changed_house_rules_are_listed(capsys):
    argv = ["simulate", "--games", "1", "--players", "easy", "--rule", "two_pairs=on"]
    assert main([*argv, "--rule", "served_bonus=10"]) == 0
    first_line = capsys.readouterr().out.splitlines()[0]
    assert first_line == "1 game, house rules: served +10 on the first roll only, Two pairs"


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_progress_bar_is_drawn_with_the_time_left_and_cleared():
    out = io.StringIO()
    clock = _Clock()
    bar = simulate._Progress(4, out, clock)
    for done in range(1, 5):
        clock.now += 1.0  # a game a second: with three to go, about 3 s left
        bar.show(done)
    bar.clear()
    text = out.getvalue()
    frames = text.split("\r")
    assert "0/4 games" in frames[0]
    assert any("1/4 games" in frame and "left" not in frame for frame in frames)
    assert any("2/4 games, about 2 s left" in frame for frame in frames)
    assert any("3/4 games, about 1 s left" in frame for frame in frames)
    assert "4/4 games" in text and "4/4 games," not in text
    # Erased at the end, the whole line (a ^C echoed beside the bar too), the cursor shown.
    end = text.rsplit("4/4 games", 1)[1]
    assert "\x1b[?25h" in end and text.endswith("\x1b[2K")


def test_progress_is_redrawn_at_most_every_tenth_of_a_second_and_at_the_end():
    out = io.StringIO()
    clock = _Clock()
    bar = simulate._Progress(1000, out, clock)
    for done in range(1, 1001):
        clock.now += 0.001
        bar.show(done)
    bar.clear()
    drawn = [frame for frame in out.getvalue().split("\r") if " games" in frame]
    assert 10 <= len(drawn) <= 14  # one a tenth of a second, the first, the last
    assert "1,000/1,000 games" in drawn[-1]


@pytest.mark.parametrize(
    ("seconds", "expected"),
    [
        (10.0, ", about 10 s left"),
        (99.0, ", about 1 min 39 s left"),
        (3600.0, ", about 1 h 00 min left"),
        (None, ""),
    ],
)
def test_time_left_in_words(seconds, expected):
    assert simulate._time_left(seconds) == expected


def test_progress_goes_to_stderr_on_a_terminal_and_never_to_stdout(capsys, monkeypatch):
    monkeypatch.setattr("sys.stderr.isatty", lambda: True)
    assert main(["simulate", "--games", "2", "--players", "easy", "--seed", "1"]) == 0
    captured = capsys.readouterr()
    assert "2/2 games" in captured.err
    assert "\r" not in captured.out


def test_no_progress_when_stderr_is_not_a_terminal(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    monkeypatch.setattr("sys.stderr.isatty", lambda: False)
    assert main(["simulate", "--games", "2", "--players", "easy", "--seed", "1"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    assert "games" not in captured.out.splitlines()[0].split(",")[0][3:]


def _interrupt_after(monkeypatch, games: int) -> None:
    """Make Ctrl+C strike while game number ``games + 1`` is played (in this process:
    the tests that use it pass ``--jobs 1``; other processes get a real SIGINT below)."""
    import generala_tui.game.strategy as strategy

    real = strategy.play_game
    calls = []

    def play_game(*args, **kwargs):
        calls.append(1)
        if len(calls) > games:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(strategy, "play_game", play_game)


def test_ctrl_c_prints_the_games_played_so_far_marked_as_interrupted(capsys, monkeypatch):
    _interrupt_after(monkeypatch, 3)
    argv = ["simulate", "--games", "50", "--players", "expert,easy", "--seed", "4", "--jobs", "1"]
    assert main(argv) == simulate.INTERRUPTED
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Interrupted: 3 of 50 games played."
    assert lines[1] == "3 games, house rules: the defaults"
    assert [line.split()[0] for line in lines[3:5]] == ["Expert", "Easy"]


def test_ctrl_c_in_json_says_interrupted_and_counts_the_games_played(capsys, monkeypatch):
    _interrupt_after(monkeypatch, 2)
    argv = ["simulate", "--json", "--games", "9", "--players", "easy", "--seed", "4", "--jobs", "1"]
    assert main(argv) == 130
    result = json.loads(capsys.readouterr().out)
    assert result["interrupted"] is True
    assert result["games"] == 2
    assert result["games_requested"] == 9
    assert result["players"][0]["wins"] == 2


def test_ctrl_c_before_the_first_game_ends_says_so_in_one_line(capsys, monkeypatch):
    _interrupt_after(monkeypatch, 0)
    assert main(["simulate", "--games", "9", "--players", "easy", "--jobs", "1"]) == 130
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == "generala-tui simulate: interrupted before a game ended.\n"


def test_a_finished_run_is_not_marked_interrupted(capsys):
    result = run_json(capsys, "--games", "2", "--players", "easy", "--seed", "1")
    assert result["interrupted"] is False
    assert result["games"] == result["games_requested"] == 2


def _fields(row: str) -> list[tuple[int, int]]:
    """Where each word of a row starts and ends, in terminal cells."""
    from rich.cells import cell_len

    spans, at = [], 0
    for word in row.split():
        start = cell_len(row[: row.index(word, at)])
        at = row.index(word, at) + len(word)
        spans.append((start, start + cell_len(word)))
    return spans


def test_names_of_wide_characters_keep_the_columns_aligned(capsys):
    players = "王小明:expert,Ana:easy,José:medium"
    assert main(["simulate", "--games", "2", "--players", players, "--seed", "1"]) == 0
    header, *rows = capsys.readouterr().out.splitlines()[1:5]
    _, level, mean, _, stdev, wins, *_, rate = _fields(header)
    for row in rows:
        _, level_cells, mean_cells, stdev_cells, wins_cells, _, rate_cells = _fields(row)
        assert level_cells[0] == level[0], row  # left-aligned: same first cell
        assert mean_cells[1] == mean[1], row  # right-aligned: same last cell
        assert stdev_cells[1] == stdev[1], row
        assert wins_cells[1] == wins[1], row
        assert rate_cells[1] == rate[1], row


def _simulate_process(*argv: str, **popen: object) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(Path(simulate.__file__).parents[1])}
    return subprocess.Popen(
        [sys.executable, "-m", "generala_tui", "simulate", *argv], env=env, **popen
    )


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_closed_pipe_ends_the_run_quietly(jobs):
    process = _simulate_process(
        "--json",
        "--games",
        "50",
        "--players",
        "easy",
        "--jobs",
        jobs,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # the reader is gone before a word is written, as with | head
    err = process.stderr.read().decode()
    assert process.wait(timeout=120) == simulate.BROKEN_PIPE
    assert err == ""


@pytest.mark.skipif(sys.platform == "win32", reason="a terminal for stderr needs a pty")
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_on_a_terminal_stops_cleanly_with_the_games_so_far(jobs):
    import pty
    import select

    leader, follower = pty.openpty()
    process = _simulate_process(
        "--games",
        "1000000",
        "--players",
        "easy",
        "--seed",
        "3",
        "--jobs",
        jobs,
        stdout=subprocess.PIPE,
        stderr=follower,
        # Ctrl+C as a terminal's: a run in the background of a script (CI's, say) starts
        # with SIGINT ignored, which the child would inherit.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    os.close(follower)
    seen = b""
    try:
        # Wait for the progress bar to show a game played: then Ctrl+C.
        while b"games" not in seen or b" 0/" in seen.rsplit(b"\r", 1)[-1]:
            ready, _, _ = select.select([leader], [], [], 60)
            assert ready, f"no progress bar: {seen!r}"
            seen += os.read(leader, 1024)
        process.send_signal(signal.SIGINT)
        out = process.communicate(timeout=60)[0].decode()
    finally:
        if process.poll() is None:
            process.kill()
        with contextlib.suppress(OSError):
            seen += os.read(leader, 65536)
        os.close(leader)
    assert process.returncode == simulate.INTERRUPTED
    assert out.startswith("Interrupted: ")
    assert " of 1,000,000 games played." in out.splitlines()[0]
    assert "Traceback" not in seen.decode(errors="replace")


@pytest.mark.parametrize(
    ("argv", "complaint"),
    [
        (["--games", "0"], "--games takes 1 to"),
        (["--games", "many"], "--games takes a whole number"),
        (["--seed", "x"], "--seed takes a whole number"),
        (["--jobs", "0"], "--jobs takes 1 to"),
        (["--jobs", "all"], "--jobs takes a whole number"),
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


def _same_games(result: dict) -> dict:
    """The figures of the games themselves: not how fast, nor how many processes."""
    return {key: value for key, value in result.items() if key not in {"games_per_second", "jobs"}}


def test_two_processes_play_exactly_the_games_of_one(capsys):
    argv = ("--games", "70", "--players", "expert,medium,Ana:easy", "--seed", "7")
    alone = run_json(capsys, *argv, "--jobs", "1")
    shared = run_json(capsys, *argv, "--jobs", "2")
    assert alone["jobs"] == 1
    assert shared["jobs"] == 2
    assert _same_games(shared) == _same_games(alone)
    assert shared["games"] == 70


def test_two_processes_under_other_house_rules_match_one(capsys):
    argv = ("--games", "45", "--players", "expert,expert", "--seed", "12")
    rules = ("--rule", "tie_break=false", "--rule", "locked_holds=true")
    alone = run_json(capsys, *argv, *rules, "--jobs", "1")
    shared = run_json(capsys, *argv, *rules, "--jobs", "2")
    assert shared["jobs"] == 2
    assert _same_games(shared) == _same_games(alone)


def test_jobs_default_to_every_core_and_a_short_run_stays_in_one_process(capsys):
    from generala_tui.commands.main import build_parser

    args = build_parser().parse_args(["simulate"])
    assert simulate._jobs(args.jobs) == (os.cpu_count() or 1)
    # Fewer games than one task's worth: starting processes would only cost time.
    result = run_json(capsys, "--games", "3", "--players", "easy", "--jobs", "4")
    assert result["jobs"] == 1


def test_the_text_output_says_how_many_processes_played(capsys):
    argv = ["simulate", "--games", "41", "--players", "easy", "--seed", "2", "--jobs", "2"]
    assert main(argv) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert "games per second (2 processes)." in last


def test_progress_is_drawn_with_two_processes(capsys, monkeypatch):
    monkeypatch.setattr("sys.stderr.isatty", lambda: True)
    argv = ["simulate", "--games", "60", "--players", "easy", "--seed", "1", "--jobs", "2"]
    assert main(argv) == 0
    captured = capsys.readouterr()
    assert "60/60 games" in captured.err
    assert "\r" not in captured.out


def test_a_level_name_longer_than_its_heading_keeps_the_columns_aligned(capsys):
    """Spanish "Experto" is longer than "Nivel" and the six columns the table gave it: the
    heading's columns used to stand one to the left of their figures."""
    assert main(["--lang", "es", "simulate", "--games", "2", "--seed", "1"]) == 0
    header, *rows = capsys.readouterr().out.splitlines()[1:5]
    _, level, mean, stdev, wins = _fields(header)[:5]
    for row in rows:
        _, level_cells, mean_cells, stdev_cells, wins_cells = _fields(row)[:5]
        assert level_cells[0] == level[0], row
        assert mean_cells[1] == mean[1], row
        assert stdev_cells[1] == stdev[1], row
        assert wins_cells[1] == wins[1], row
        assert _fields(row)[-1][1] == _fields(header)[-1][1], row  # the win rate's, too


# --- the win rate ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rate", "games", "low", "high"),
    [
        # Wilson score intervals, worked out by hand (z = 1.959964).
        (0.5, 100, 0.403832, 0.596168),
        (0.0, 10, 0.0, 0.277533),  # no win: not the empty interval [0, 0]
        (1.0, 10, 0.722467, 1.0),
        (0.2, 40, 0.105000, 0.347573),
    ],
)
def test_the_win_rate_interval_is_wilsons(rate, games, low, high):
    assert simulate.win_interval(rate, games) == pytest.approx((low, high), abs=1e-6)


def test_win_rates_add_up_to_one_and_match_the_wins_when_no_win_is_shared(capsys):
    result = run_json(capsys, "--games", "60", "--players", "expert,expert,easy", "--seed", "9")
    players = result["players"]
    assert sum(p["win_rate"] for p in players) == pytest.approx(1.0, abs=1e-12)
    for player in players:
        # With the tie-break on (the default) no win is shared: the rate is the wins' share.
        assert player["win_rate"] == player["wins"] / 60
        low, high = simulate.win_interval(player["wins"] / 60, 60)
        assert (player["win_rate_low"], player["win_rate_high"]) == (low, high)
        assert 0 <= low < player["win_rate"] < high <= 1  # each of them won some, not all
        assert high - low < 0.35  # sixty games pin a rate down to within about ±0.12


def test_a_shared_win_counts_whole_in_wins_and_split_in_the_win_rate(capsys):
    games = 120
    result = run_json(
        capsys,
        *("--games", str(games), "--players", "expert,expert", "--seed", "3"),
        *("--rule", "tie_break=false", "--rule", "served_generala_wins=false"),
    )
    first, second = result["players"]
    shared = first["wins"] + second["wins"] - games
    assert shared > 0, "over 120 games two experts tie at least once"
    for player in (first, second):
        assert player["win_rate"] == pytest.approx((player["wins"] - shared / 2) / games)
        assert player["win_rate_low"] < player["win_rate"] < player["win_rate_high"]
    assert first["win_rate"] + second["win_rate"] == pytest.approx(1.0, abs=1e-12)
    # Two equal players: each one's interval holds one half, or nearly (5% of runs miss it).
    assert first["win_rate_low"] < 0.5 + 0.05 and first["win_rate_high"] > 0.5 - 0.05


def test_the_table_shows_the_win_rate_and_its_interval(capsys):
    argv = ("--games", "30", "--players", "medium,easy", "--seed", "5")
    result = run_json(capsys, *argv)
    assert main(["simulate", *argv]) == 0
    rows = capsys.readouterr().out.splitlines()[2:4]
    for row, player in zip(rows, result["players"], strict=True):
        rate = f"{100 * player['win_rate']:.1f}%"
        interval = f"({100 * player['win_rate_low']:.1f}–{100 * player['win_rate_high']:.1f}%)"
        assert row.endswith(f"{rate} {interval}")


def test_the_win_rate_of_a_player_alone_is_all_with_an_honest_interval(capsys):
    result = run_json(capsys, "--games", "5", "--players", "easy", "--seed", "2")
    (player,) = result["players"]
    assert player["win_rate"] == player["win_rate_high"] == 1.0
    assert player["win_rate_low"] == pytest.approx(0.565518, abs=1e-6)  # Wilson's, 5 of 5


# --- the champion --------------------------------------------------------------------


def test_a_champion_plays_in_simulate(capsys):
    result = run_json(capsys, "--games", "4", "--players", "champion,Rita:champion", "--seed", "6")
    assert [(p["name"], p["level"]) for p in result["players"]] == [
        ("Champion", "champion"),
        ("Rita", "champion"),
    ]
    assert sum(p["wins"] for p in result["players"]) >= 4
    assert main(["simulate", "--games", "2", "--players", "champion", "--seed", "1"]) == 0
    assert capsys.readouterr().out.splitlines()[2].split()[:2] == ["Champion", "Champion"]


def test_two_processes_play_the_champions_games_exactly_as_one(capsys):
    argv = ("--games", "24", "--players", "champion,medium", "--seed", "21")
    alone = run_json(capsys, *argv, "--jobs", "1")
    shared = run_json(capsys, *argv, "--jobs", "2")
    assert shared["jobs"] == 2
    assert _same_games(shared) == _same_games(alone)


def test_simulate_refuses_a_human_naming_the_levels(capsys):
    assert main(["simulate", "--games", "1", "--players", "Ana,expert"]) == 2
    assert "(give a level: easy, medium, expert, champion, or NAME:LEVEL)" in (
        capsys.readouterr().err
    )
