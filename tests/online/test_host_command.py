"""``generala-tui host``: bad options and unusable folders or ports get one clear line and
status 2, and nothing is served."""

from __future__ import annotations

import socket
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from generala_tui.commands.main import main


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["host", "--players", "Ana,,Bruno"], "Player 2 needs a name"),
        (["host", "--players", "Ana:wizard"], "choose one of easy, medium, expert, champion"),
        (["host", "--rule", "generala_points=60"], "give --players too"),
        (["host", "--players", "Ana", "--rule", "nope=1"], "There is no house rule 'nope'"),
        (["--players", "Ana", "host"], "go after 'host'"),
        (["host", "--port", "70000"], "is not a port"),
        (["host", "--away-after", "-1"], "is not a time"),
        (["host", "--away", "sometimes"], "invalid choice"),
        (["host", "--ssh", "0"], "is not a port"),
        (["host", "--max-ssh-sessions", "0"], "--max-ssh-sessions"),
    ],
)
def test_bad_options_exit_2_with_one_line(
    args: list[str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        status = main(args)
    except SystemExit as exit_:  # argparse's own refusals
        status = int(exit_.code or 0)
    assert status == 2
    err = capsys.readouterr().err
    assert expected in err.splitlines()[-1]  # argparse says its usage lines first
    assert "Traceback" not in err


def test_ssh_without_asyncssh_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from generala_tui.commands import ssh

    monkeypatch.setattr(ssh, "available", lambda: False)
    assert main(["host", "--ssh", "2222"]) == 2
    err = capsys.readouterr().err
    assert err.splitlines() == [
        "generala-tui host: --ssh needs asyncssh: pip install 'generala-tui[ssh]'"
    ]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "generala_tui", "host", *args],
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_taken_port_is_one_line(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        data = str(tmp_path / "data" / "tables")
        done = _run("--data", data, "--port", port, "--players", "Ana,Bo")
    assert done.returncode == 2
    assert f"cannot listen on 127.0.0.1:{port}" in done.stderr
    assert "Traceback" not in done.stderr and not done.stdout
    # The folders it made for its tables (the seats' keys in them) are its user's only.
    for folder in (tmp_path / "data", tmp_path / "data" / "tables"):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700, folder


def test_a_data_folder_that_is_a_file_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "tables").write_text("not a folder")
    done = _run("--data", str(tmp_path / "tables"), "--port", "1")
    assert done.returncode == 2
    assert "cannot keep tables in" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_folder_another_server_keeps_is_refused(tmp_path: Path) -> None:
    from generala_tui.online.database import TableDatabase

    keeper = TableDatabase(tmp_path / "tables")
    try:
        done = _run("--data", str(tmp_path / "tables"), "--port", "1")
    finally:
        keeper.close()
    assert done.returncode == 2
    assert "another table server is using it" in done.stderr


def test_a_damaged_database_is_one_line_and_left_as_it_is(tmp_path: Path) -> None:
    folder = tmp_path / "tables"
    folder.mkdir()
    (folder / "tables.sqlite3").write_bytes(b"\x1b]52;c;not a database\x07" * 100)
    done = _run("--data", str(folder), "--port", "1")
    assert done.returncode == 2
    assert "is not a database this server can read" in done.stderr
    assert "\x1b" not in done.stderr and "Traceback" not in done.stderr
    assert (folder / "tables.sqlite3").read_bytes().startswith(b"\x1b]52")
