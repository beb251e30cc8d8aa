"""The real program in a real terminal: killed, terminated, or started on corrupted files.

Each test runs ``python -m generala_tui`` on a pseudo-terminal with its own
``GENERALA_TUI_HOME``, types into it and reads what it draws. Waits are for the
program's output or files, each bounded by a deadline.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from generala_tui.game import rules
from generala_tui.game.model import GameState, Rolled

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX terminal")

CONTROL = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]")
"""An escape sequence of the terminal's output (a cursor move, a colour)."""
DEADLINE = 30.0
"""Seconds any one wait may take on a slow, shared machine before the test fails."""


class Terminal:
    """``generala-tui`` running on a pseudo-terminal of 100x32."""

    def __init__(self, home: Path, *args: str) -> None:
        self.home = home
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 32, 100, 0, 0))
        env = {
            **os.environ,
            "GENERALA_TUI_HOME": str(home),
            "TERM": "xterm-256color",
            "COLUMNS": "100",
            "LINES": "32",
        }
        self.process = subprocess.Popen(
            [sys.executable, "-m", "generala_tui", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
            close_fds=True,
        )
        os.close(slave)
        self.master = master
        self.output = b""

    def read(self, timeout: float = 0.2) -> None:
        """Take in what the program drew within ``timeout`` seconds."""
        ready, _, _ = select.select([self.master], [], [], timeout)
        if ready:
            with contextlib.suppress(OSError):
                self.output += os.read(self.master, 65536)

    def wait_for(self, what: str | Callable[[], bool], timeout: float = DEADLINE) -> None:
        """Read until the output shows ``what`` (or ``what()`` holds)."""
        done = (lambda: what.encode() in self.shown()) if isinstance(what, str) else what
        end = time.monotonic() + timeout
        while not done():
            if time.monotonic() > end:
                tail = self.output[-2000:].decode(errors="replace")
                raise AssertionError(f"gave up waiting for {what!r}; the screen ended:\n{tail}")
            if self.process.poll() is not None:
                self.read(0)
                if not done():
                    raise AssertionError(f"the program ended ({self.process.returncode})")
            self.read()

    def shown(self) -> bytes:
        """The output without its escape sequences: a run of text drawn in parts (a notice
        over two widgets is drawn a widget's part at a time) reads whole again."""
        return CONTROL.sub(b"", self.output)

    def type(self, keys: bytes) -> None:
        os.write(self.master, keys)

    def exit_code(self) -> int:
        end = time.monotonic() + DEADLINE
        while self.process.poll() is None and time.monotonic() < end:
            self.read()
        assert self.process.returncode is not None, "the program did not end"
        with contextlib.suppress(OSError):
            while select.select([self.master], [], [], 0)[0]:
                chunk = os.read(self.master, 65536)
                if not chunk:
                    break
                self.output += chunk
        return self.process.returncode

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        os.close(self.master)


def saved_game(home: Path) -> GameState | None:
    path = home / "state" / "game.json"
    try:
        return GameState.model_validate(json.loads(path.read_text())["game"])
    except (OSError, ValueError, KeyError):
        return None  # not written yet, or caught half way by the reader (never by the writer)


def rolls_saved(home: Path) -> int:
    game = saved_game(home)
    return 0 if game is None else sum(isinstance(e, Rolled) for e in game.log)


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path / "home"


def test_sigkill_mid_game_then_resume_goes_on_with_the_same_dice(home: Path) -> None:
    first = Terminal(home, "--players", "Ana,Bruno", "--seed", "7")
    try:
        first.wait_for("roll the dice")
        first.type(b"r")
        first.wait_for(lambda: rolls_saved(home) == 1)
        first.type(b"2")
        first.wait_for(lambda: (g := saved_game(home)) is not None and g.turn.held[1])
        first.process.kill()
        assert first.exit_code() == -signal.SIGKILL
    finally:
        first.close()
    saved = saved_game(home)
    assert saved is not None and saved.turn.rolls == 1 and saved.turn.held[1]
    # The same dice are to come: the next roll of the saved game, as the rules draw it.
    expected = rules.roll(saved)
    again = Terminal(home, "--resume")
    try:
        again.wait_for("roll 1 of 3")
        again.type(b"r")
        again.wait_for(lambda: rolls_saved(home) == 2)
        resumed = saved_game(home)
        assert resumed is not None
        assert resumed.turn.dice == expected.turn.dice
        assert resumed.log == expected.log
        again.type(b"\x11")  # ctrl+q asks first during a game
        again.wait_for("Quit now?")
        again.type(b"y")
        assert again.exit_code() == 0
    finally:
        again.close()


def test_sigterm_restores_the_terminal_and_keeps_the_game(home: Path) -> None:
    terminal = Terminal(home, "--players", "Ana,Bruno", "--seed", "3")
    try:
        terminal.wait_for("roll the dice")
        terminal.type(b"r")
        terminal.wait_for(lambda: rolls_saved(home) == 1)
        drawn = len(terminal.output)
        terminal.process.send_signal(signal.SIGTERM)
        assert terminal.exit_code() == 0
        after = terminal.output[drawn:]
        assert b"\x1b[?1049l" in after, "the alternate screen was left"
        assert b"\x1b[?25h" in after, "the cursor is shown again"
        assert b"\x1b[?1000l" in after, "mouse reporting is off"
    finally:
        terminal.close()
    game = saved_game(home)
    assert game is not None and game.turn.rolls == 1


def test_sighup_also_quits_cleanly(home: Path) -> None:
    terminal = Terminal(home)
    try:
        terminal.wait_for("Start the game")
        terminal.process.send_signal(signal.SIGHUP)
        assert terminal.exit_code() == 0
    finally:
        terminal.close()


def test_every_data_file_corrupted_still_starts_says_so_and_keeps_them(home: Path) -> None:
    files = {
        home / "config" / "preferences.json": b'{"version": 1, "house_rules": {"generala_',
        home / "state" / "game.json": b'{"version": 1, "game": {"players": []}}',
        home / "data" / "history" / "20260101T000000000000Z-0123456789ab.json": b"\x00\xff",
        home / "cache" / "strategy" / "nonsense.npz": b"not numpy",
    }
    for path, content in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)
    terminal = Terminal(home, "--players", "Ana,Rita:expert", "--seed", "1")
    try:
        terminal.wait_for("roll the dice")
        terminal.wait_for("preferences.json")  # one notification names the bad file
        terminal.type(b"r")
        terminal.wait_for(lambda: rolls_saved(home) == 1)
        terminal.type(b"\x11")
        terminal.wait_for("Quit now?")
        terminal.type(b"y")
        assert terminal.exit_code() == 0
    finally:
        terminal.close()
    for path, content in list(files.items())[:2]:
        kept = list(path.parent.glob(f"{path.name}.bad-*"))
        assert kept and kept[0].read_bytes() == content, f"{path.name} was kept aside"


def test_resume_without_a_saved_game_opens_the_setup(home: Path) -> None:
    terminal = Terminal(home, "--resume")
    try:
        terminal.wait_for("Start the game")
        terminal.wait_for("no game in progress")
        terminal.type(b"\x11")
        assert terminal.exit_code() == 0
    finally:
        terminal.close()


def test_join_reads_its_link_unseen_from_the_terminal(home: Path) -> None:
    terminal = Terminal(home, "join", "-")
    try:
        terminal.wait_for("link (not shown):")
        terminal.type(b"ws://example.org/short\r")
        assert terminal.exit_code() == 2
        # Not echoed as typed: the only time it shows is in the refusal.
        assert terminal.output.count(b"ws://example.org/short") == 1
        assert b"is not a table's address" in terminal.output
    finally:
        terminal.close()


def test_join_reads_its_link_from_a_pipe(home: Path) -> None:
    link = b"ws://127.0.0.1:9/AbCdEfGh12345678?seat=KkKkKkKk-_345678\n"
    env = {**os.environ, "GENERALA_TUI_HOME": str(home)}
    command = [sys.executable, "-m", "generala_tui", "join", "-"]
    # No terminal at all (a new session has none): the link is read, and then the game
    # says it has nowhere to be played.
    read = subprocess.run(
        command, input=link, capture_output=True, env=env, start_new_session=True, check=False
    )
    assert read.returncode == 2
    assert b"not a table's address" not in read.stderr and b"terminal" in read.stderr
    empty = subprocess.run(
        command, input=b"", capture_output=True, env=env, start_new_session=True, check=False
    )
    assert empty.returncode == 2 and b"no link on standard input" in empty.stderr
