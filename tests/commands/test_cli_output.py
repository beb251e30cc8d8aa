"""What the command line prints, wherever it goes: a full device or a closed pipe gets one
line or nothing (never a traceback), the game without a terminal refuses in one line, and
text from outside (a file's name, its keys, the system's words) never drives the terminal.

Each test runs the real ``python -m generala_tui`` with its own ``GENERALA_TUI_HOME``;
each run is bounded by a timeout.
"""

from __future__ import annotations

import copy
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from generala_tui import i18n, store
from generala_tui.commands import main, output, report
from generala_tui.game import rules

TIMEOUT = 60
"""Seconds one run may take on a slow, shared machine."""

HIDDEN = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
"""What must never reach the terminal from outside: C0 controls but the line break, DEL,
C1 controls, and the bidi embeddings, overrides and isolates."""

posix = pytest.mark.skipif(sys.platform == "win32", reason="POSIX devices and pipes")


@pytest.fixture
def record(tmp_path: Path) -> Path:
    """A valid record: Ana's first roll against Bob."""
    path = tmp_path / "game.json"
    store.write_record(rules.roll(rules.new_game(["Ana", "Bob"], seed=3)), path)
    return path


def _env(home: Path) -> dict[str, str]:
    return {**os.environ, "GENERALA_TUI_HOME": str(home), "LANG": "C.UTF-8"}


def _run(home: Path, args: list[str], **streams: Any) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "generala_tui", *args],
        env=_env(home),
        timeout=TIMEOUT,
        check=False,
        **streams,
    )


SIMULATE = ["simulate", "--games", "2", "--jobs", "1", "--players", "easy", "--seed", "1"]
PRINTING = [
    pytest.param(SIMULATE, id="simulate"),
    pytest.param([*SIMULATE, "--json"], id="simulate-json"),
    pytest.param(["analyse", "RECORD"], id="analyse"),
    pytest.param(["analyse", "RECORD", "--json"], id="analyse-json"),
    pytest.param(["--help"], id="help"),
    pytest.param(["--version"], id="version"),
    pytest.param(["analyse", "--help"], id="analyse-help"),
]


def _with(args: list[str], record: Path) -> list[str]:
    return [str(record) if arg == "RECORD" else arg for arg in args]


@posix
@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args", PRINTING)
def test_output_to_a_full_device_is_one_line_and_status_1(
    args: list[str], record: Path, generala_home: Path
) -> None:
    with open("/dev/full", "wb") as full:
        done = _run(generala_home, _with(args, record), stdout=full, stderr=subprocess.PIPE)
    said = done.stderr.decode()
    assert done.returncode == 1, said
    assert said.count("\n") == 1 and "Traceback" not in said, said
    assert said.startswith("generala-tui")
    assert said.endswith(": can't write the output (no space left on device)\n"), said


@posix
@pytest.mark.parametrize("args", PRINTING)
def test_a_closed_pipe_ends_quietly_with_status_141(
    args: list[str], record: Path, generala_home: Path
) -> None:
    """As ``generala-tui analyse FILE | head -c 10`` once head has gone: the pipe's reading
    end is closed before the command starts, so its first write finds no reader."""
    reading, writing = os.pipe()
    os.close(reading)
    try:
        done = _run(generala_home, _with(args, record), stdout=writing, stderr=subprocess.PIPE)
    finally:
        os.close(writing)
    assert done.stderr == b""
    assert done.returncode == 141


@posix
@pytest.mark.parametrize(
    "args",
    [
        pytest.param([], id="setup"),
        pytest.param(["--players", "Ana,Bob", "--seed", "3"], id="players"),
        pytest.param(["replay", "RECORD"], id="replay"),
    ],
)
def test_the_game_without_a_terminal_refuses_in_one_line_with_status_2(
    args: list[str], record: Path, generala_home: Path, tmp_path: Path
) -> None:
    """``generala-tui </dev/null >out 2>err``: no escape codes in a file, no wait for keys."""
    out, err = tmp_path / "out", tmp_path / "err"
    with out.open("wb") as stdout, err.open("wb") as stderr:
        done = _run(
            generala_home,
            _with(args, record),
            stdin=subprocess.DEVNULL,
            stdout=stdout,
            stderr=stderr,
        )
    assert done.returncode == 2
    assert out.read_bytes() == b""
    said = err.read_text()
    assert said.count("\n") == 1 and "\x1b" not in said, said
    assert said.startswith("generala-tui replay: " if args[:1] == ["replay"] else "generala-tui: ")
    for command in ("generala-tui simulate", "generala-tui analyse FILE", "generala-tui serve"):
        assert command in said
    assert not (generala_home / "state" / "game.json").exists()


def test_a_driver_named_by_the_environment_needs_no_terminal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """textual-serve runs the game for each page over pipes, naming its web driver."""
    from generala_tui.ui.app import GeneralaApp

    started: list[GeneralaApp] = []
    monkeypatch.setattr(GeneralaApp, "run", lambda self, *a, **k: started.append(self))
    monkeypatch.setattr("sys.__stdin__", None)  # no terminal at all
    assert not output.has_terminal()
    monkeypatch.setenv("TEXTUAL_DRIVER", "textual.drivers.web_driver:WebDriver")
    assert output.has_terminal()
    assert main.main([]) == 0
    assert len(started) == 1


# --- text from outside --------------------------------------------------------------


def _tampered(record: Path, tmp_path: Path) -> list[Path]:
    """Records with control characters, C1 and bidi overrides in a kind, a key, a name."""
    data = json.loads(record.read_text())
    changes = {
        "kind": lambda d: d["game"]["log"][0].update(kind="\x1b]52;c;T1NDNTI=\x07roll"),
        "rule": lambda d: d["game"]["house_rules"].update({"\x1b[2J": 1}),
        "box": lambda d: d["game"]["players"][0]["boxes"].update({"ones\x9b": 3}),
        "name": lambda d: d["game"]["players"][0].update(name="An\u202ea"),
        "format": lambda d: d.update(format="\x9b31m\u2066"),
        "version": lambda d: d.update(version="\x1b[5m"),
    }
    paths = []
    for name, change in changes.items():
        tampered = copy.deepcopy(data)
        change(tampered)
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(tampered), encoding="utf-8")
        paths.append(path)
    return paths


@posix
def test_analyse_prints_nothing_from_a_file_that_drives_the_terminal(
    record: Path, generala_home: Path, tmp_path: Path
) -> None:
    # A good record under a name with controls, C1 and a bidi override, and one not there.
    odd = tmp_path / "odd\x1b]0;title\x07\x9b2J\u202e.json"
    odd.write_bytes(record.read_bytes())
    files = [*_tampered(record, tmp_path), odd, tmp_path / "gone\x1b[2J\u202e.json"]
    for path in files:
        for extra in ([], ["--json"]):
            done = _run(generala_home, ["analyse", str(path), *extra], capture_output=True)
            printed = done.stdout.decode() + done.stderr.decode()
            assert not HIDDEN.search(printed), (path.name, extra, printed[:300])
            assert done.returncode == (0 if path == odd else 2), printed[:300]
            if path == odd and extra:
                assert json.loads(done.stdout)["players"][0]["name"] == "Ana"
            elif path == odd:
                assert "odd\\x1b]0;title\\x07\\x9b2J\\u202e.json" in printed


@posix
@pytest.mark.parametrize(
    "args",
    [
        pytest.param(["--bogus=\x1b[2J\u202e"], id="unknown-option"),
        pytest.param(["replay", "gone\x1b]0;x\x07.json"], id="replay-file"),
        pytest.param(["simulate", "--records", "/dev/null/\x1b[2J"], id="simulate-records"),
        pytest.param(["analyse", "a.json", "\x1b[2J"], id="analyse-extra"),
    ],
)
def test_an_error_shows_the_arguments_given_escaped(args: list[str], generala_home: Path) -> None:
    done = _run(generala_home, args, capture_output=True, stdin=subprocess.DEVNULL)
    printed = done.stdout.decode() + done.stderr.decode()
    assert done.returncode == 2
    assert not HIDDEN.search(printed), printed
    assert "\\x1b" in printed or "\\u202e" in printed


def test_a_damaged_preferences_files_warning_before_simulate_is_escaped(
    generala_home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import generala_tui.store

    monkeypatch.setattr(
        generala_tui.store,
        "load_preferences",
        lambda: (generala_tui.store.Preferences(), "bad \x1b[2J\u202e file"),
    )
    assert main.main(["simulate", "--games", "0"]) == 2
    err = capsys.readouterr().err
    assert not HIDDEN.search(err), err
    assert "bad \\x1b[2J\\u202e file" in err


def test_shown_escapes_what_does_not_show_and_keeps_a_numbers_spaces() -> None:
    assert output.shown("10\u00a0000 \x1b[2J \u202e \x9b") == "10\u00a0000 \\x1b[2J \\u202e \\x9b"
    assert output.shown(output.shown("é \x07")) == "é \\x07"  # twice is once
    i18n.set_language("sv")
    line = output.failure("--games tar 1 till " + i18n.number(10_000_000) + ".", "simulate")
    assert "10\u00a0000\u00a0000" in line


def test_a_table_aligns_its_columns_by_the_cells_a_terminal_gives_each_character(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from rich.cells import cell_len

    monkeypatch.setenv("FORCE_COLOR", "1")  # printed to a file or a pipe all the same
    heads = ["Player", "Level", "Wins"]
    rows = [["王小明", "Expert", "12"], ["Ana 🎲", "", "1,234"], ["[b]Eve[/]", "Easy", "7"]]
    lines = output.table(heads, rows, right={2}, least={1: 8})
    assert lines == [
        "Player     Level      Wins",
        "王小明     Expert       12",
        "Ana 🎲               1,234",
        "[b]Eve[/]  Easy          7",
    ]
    # Each column starts (or, to the right, ends) on the same terminal cell on every line.
    assert {cell_len(line) for line in lines} == {cell_len(lines[0])}
    assert not any("\x1b" in line or line != line.rstrip() for line in lines)


def test_the_analysis_json_escapes_what_does_not_show_and_stays_the_same_json() -> None:
    analysis = {
        "winners": ["José", "An\u202ea", "\x1b]52;c;x\x07", "\x9b", "\u2066x", "\U000e0041"],
        "players": [{"name": "Zoë\u200dÅ", "luck": 1.5}],
    }
    text = report.analysis_json_text(analysis)
    assert not HIDDEN.search(text), text
    assert json.loads(text) == analysis
    assert "José" in text and "Zoë\u200dÅ" in text  # letters stay as they are
    assert "\\u202e" in text and "\\u009b" in text and "\\udb40\\udc41" in text
