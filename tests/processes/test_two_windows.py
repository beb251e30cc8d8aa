"""Two windows on one home, each a real process: neither overwrites nor clears the other's
game, both games can be resumed, and every finished game reaches the history once."""

from __future__ import annotations

import os
import selectors
import subprocess
import sys
from pathlib import Path

import pytest

from generala_tui import store

WINDOW = Path(__file__).parent / "window.py"
WAIT = 60.0
"""Seconds a window may take to answer (a loaded two-core machine)."""


class Window:
    """A game window in a process of its own (tests/processes/window.py), driven by its commands."""

    def __init__(self, names: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, str(WINDOW), names],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
        )
        self.first = self.line()

    def line(self) -> str:
        assert self.process.stdout is not None
        with selectors.DefaultSelector() as selector:
            selector.register(self.process.stdout, selectors.EVENT_READ)
            if not selector.select(WAIT):
                self.process.kill()
                pytest.fail(f"the window did not answer in {WAIT} s")
        line = self.process.stdout.readline()
        if not line:
            _out, err = self.process.communicate(timeout=WAIT)
            pytest.fail(f"the window ended: {err[-2000:]}")
        return line.strip()

    def do(self, command: str) -> str:
        assert self.process.stdin is not None
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        return self.line()

    def quit(self) -> None:
        assert self.do("quit") == "closed"
        assert self.process.wait(timeout=WAIT) == 0

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=WAIT)

    def __enter__(self) -> Window:
        return self

    def __exit__(self, *exception: object) -> None:
        # A window a test did not quit (it failed, or kills it on purpose) goes all the same.
        self.kill()


def saved_players(slot: int) -> str | None:
    game, warning = store.load_game(slot)
    assert warning is None
    return None if game is None else ",".join(player.name for player in game.players)


def test_two_windows_keep_two_games_and_both_can_be_resumed() -> None:
    with Window("Ana,Bob") as ana, Window("Cid,Dee") as cid:
        assert ana.first.startswith("ready Ana,Bob")
        assert cid.first.startswith("ready Cid,Dee")
        assert ana.do("roll") == "done roll 1"
        ana.quit()
        assert cid.do("roll") == "done roll 1"
        # Ana's game is where her window left it; Cid's is beside it.
        assert sorted([saved_players(1), saved_players(2)]) == ["Ana,Bob", "Cid,Dee"]
        # Finishing Cid's game clears Cid's file only.
        assert cid.do("finish").startswith("done finish")
        assert {saved_players(1), saved_players(2)} == {"Ana,Bob", None}
        cid.quit()
    records, warnings = store.load_history()
    assert not warnings
    assert [",".join(p.name for p in record.game.players) for record in records] == ["Cid,Dee"]
    # A window opened alone goes on with the game left unfinished: Ana's.
    with Window("resume") as later:
        assert later.first.startswith("ready Ana,Bob")
        later.quit()


def test_a_window_opened_beside_another_says_so_and_resumes_its_own_game() -> None:
    with Window("Ana,Bob") as first:
        assert first.do("roll") == "done roll 1"
        with Window("resume") as second:
            # Ana's game is held by the first window: the second has nothing to resume.
            assert second.first.startswith("ready -")
            assert "Another window is playing the saved game" in second.first
            second.quit()
        first.quit()


def test_a_killed_window_lets_go_of_its_game() -> None:
    with Window("Ana,Bob") as window:
        assert window.do("roll") == "done roll 1"
        window.kill()
    with Window("resume") as later:
        assert later.first.startswith("ready Ana,Bob")
        later.quit()


def test_a_window_opened_alone_says_more_games_are_waiting() -> None:
    with Window("Ana,Bob") as ana, Window("Cid,Dee") as cid:
        assert ana.do("roll") == "done roll 1"
        assert cid.do("roll") == "done roll 1"
        ana.quit()
        cid.quit()
    with Window("resume") as later:
        # The game saved last goes on, and the other is said to be waiting.
        assert later.first.startswith("ready Cid,Dee")
        assert "1 more unfinished game is saved" in later.first
        with Window("resume") as beside:
            assert beside.first.startswith("ready Ana,Bob")
            assert "more unfinished" not in beside.first
            beside.quit()
        later.quit()
