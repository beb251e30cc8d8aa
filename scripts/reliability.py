"""The reliability campaign: ``python scripts/reliability.py [--kills N]``.

What the README's reliability paragraph counts, done again from scratch in a temporary
home, and the figures printed:

- **Hostile files.** Every file in :func:`hostile_files` (control sequences in keys, tags,
  values and names; broken JSON, the wrong types, huge logs; pipes, devices, folders,
  sockets, links) is given to ``generala-tui analyse``, ``analyse --json`` and ``replay``
  as a record, and put in place of each of the app's own files (the preferences, the saved
  game, a history file, a strategy table) before ``generala-tui simulate --games 1`` (the
  preferences) or a headless game window (the others). Each must end by itself within
  ``LIMIT`` seconds, print no traceback, and print no character a terminal would act on.
- **Kills.** A game is played on a pseudo-terminal by random keys and killed with
  ``SIGKILL`` at a random moment, ``--kills`` times; each time the saved game must load
  without a warning and replay from its own log.

Nothing here is part of the test suite: it takes minutes, and it is the evidence behind one
paragraph. The test suite holds one test for each behaviour it relies on.
"""

from __future__ import annotations

import argparse
import json
import os
import pty
import random
import select
import signal
import socket
import subprocess
import sys
import tempfile
import time
import unicodedata
from collections.abc import Iterator
from pathlib import Path

LIMIT = 20.0
"""Seconds a command may take on one hostile file."""

HOSTILE = ["\u001b]52;c;T1NDNTI=\u0007", "\u001b[2J", "\u009b2J", "\u202e", "\u0000"]


def unshown(text: str) -> list[str]:
    return [
        char
        for char in text
        if char != "\n"
        and char not in "\u200c\u200d"
        and (unicodedata.category(char) in {"Cc", "Cf"} or not char.isprintable())
    ]


def good_record(home: Path) -> dict[str, object]:
    from generala_tui import store
    from generala_tui.game import rules

    os.environ["GENERALA_TUI_HOME"] = str(home)
    state = rules.roll(rules.toggle_hold(rules.roll(rules.new_game(["Ana", "Bob"], seed=3)), 0))
    path = home / "good.json"
    store.write_record(state, path, replace=True)
    document: dict[str, object] = json.loads(path.read_text())
    return document


def hostile_files(folder: Path, home: Path) -> Iterator[tuple[str, Path]]:
    """Each hostile file, made in ``folder``: its name and its path."""
    good = good_record(home)

    def write(name: str, data: bytes | str) -> tuple[str, Path]:
        path = folder / f"{len(os.listdir(folder)):03}.json"
        path.write_bytes(data.encode() if isinstance(data, str) else data)
        return name, path

    def changed(name: str, change: object) -> tuple[str, Path]:
        document = json.loads(json.dumps(good))
        change(document)  # type: ignore[operator]
        return write(name, json.dumps(document))

    for sequence in HOSTILE:
        tag = repr(sequence)
        yield changed(
            f"box key {tag}", lambda d, s=sequence: d["game"]["players"][0]["boxes"].update({s: 3})
        )
        yield changed(
            f"log tag {tag}", lambda d, s=sequence: d["game"]["log"][0].update(kind=s + "roll")
        )
        yield changed(
            f"house rule {tag}", lambda d, s=sequence: d["game"]["house_rules"].update({s: True})
        )
        yield changed(
            f"rule value {tag}", lambda d, s=sequence: d["game"]["house_rules"].update(straight=s)
        )
        yield changed(
            f"name {tag}", lambda d, s=sequence: d["game"]["players"][0].update(name="A" + s)
        )
        yield changed(f"game key {tag}", lambda d, s=sequence: d["game"].update({s: 1}))
        yield changed(f"format {tag}", lambda d, s=sequence: d.update(format=s))
        yield changed(f"version {tag}", lambda d, s=sequence: d.update(version=s))
        yield changed(f"level {tag}", lambda d, s=sequence: d["game"]["players"][0].update(level=s))
    for name, data in [
        ("empty", b""),
        ("spaces", b"   \n\t"),
        ("not UTF-8", b"\xff\xfe{}"),
        ("a byte-order mark", b"\xef\xbb\xbf" + json.dumps(good).encode()),
        ("cut short", json.dumps(good)[:200]),
        ("a list", "[1, 2, 3]"),
        ("a string", '"game"'),
        ("null", "null"),
        ("deep nesting", "[" * 200_000 + "]" * 200_000),
        ("a huge number", '{"version": ' + "9" * 100_000 + "}"),
        ("NaN", '{"format": "generala-tui game record", "version": NaN}'),
        ("binary noise", random.Random(1).randbytes(100_000)),
        (
            "a million empty objects",
            json.dumps({**good, "game": {**good["game"], "log": [{}] * 10**6}}),
        ),  # type: ignore[dict-item]
        (
            "five million zeros",
            json.dumps({**good, "game": {**good["game"], "log": [0] * 5 * 10**6}}),
        ),  # type: ignore[dict-item]
    ]:
        yield write(name, data)
    toggles = [{"kind": "hold", "seat": 0, "die": 0}] * 20_000
    yield changed(
        "20,000 hold toggles", lambda d: d["game"]["log"].__setitem__(slice(1, 1), toggles)
    )
    yield changed(
        "a name of 10^6 characters", lambda d: d["game"]["players"][0].update(name="A" * 10**6)
    )
    yield changed("a die of 7", lambda d: d["game"]["turn"]["dice"].__setitem__(0, 7))
    yield changed("a score of -5", lambda d: d["game"]["players"][0]["boxes"].update(ones=-5))
    yield changed(
        "nine players", lambda d: d["game"]["players"].extend([{"name": f"P{n}"} for n in range(7)])
    )
    yield changed("a seat of 99", lambda d: d["game"].update(current=99))
    yield changed(
        "a log that does not replay", lambda d: d["game"]["log"][0].update(dice=[6, 6, 6, 6, 6])
    )
    yield changed("a finished game without winners", lambda d: d["game"].update(phase="over"))
    pipe = folder / "a named pipe"
    os.mkfifo(pipe)
    yield "a named pipe", pipe
    for device in ["/dev/zero", "/dev/urandom", "/dev/null"]:
        link = folder / f"link to {Path(device).name}"
        link.symlink_to(device)
        yield f"a link to {device}", link
    yield "a folder", folder
    loop = folder / "loop"
    loop.symlink_to(loop)
    yield "a symbolic-link loop", loop
    dangling = folder / "dangling"
    dangling.symlink_to(folder / "nowhere")
    yield "a dangling link", dangling
    sock = folder / "socket"
    listening = socket.socket(socket.AF_UNIX)
    listening.bind(str(sock))
    yield "a socket", sock


def run(command: list[str], home: Path) -> tuple[str, float]:
    """Run ``command``; return what went wrong (empty when nothing did) and the seconds."""
    started = time.monotonic()
    try:
        done = subprocess.run(
            command,
            capture_output=True,
            timeout=LIMIT,
            env={**os.environ, "GENERALA_TUI_HOME": str(home), "TERM": "xterm-256color"},
            stdin=subprocess.DEVNULL,
        )
    except subprocess.TimeoutExpired:
        return f"still running after {LIMIT:.0f} s", LIMIT
    seconds = time.monotonic() - started
    out = done.stdout.decode("utf-8", "replace") + done.stderr.decode("utf-8", "replace")
    if "Traceback" in out:
        return "a traceback: " + out[-300:], seconds
    raw = unshown(out)
    if raw:
        return f"raw characters {raw[:5]!r}", seconds
    return "", seconds


WINDOW = """
import asyncio
from generala_tui.ui.app import GeneralaApp
async def main():
    app = GeneralaApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.keeper.flush()
        for note in app._notifications:
            print(note.message)
asyncio.run(main())
"""


def own_files(home: Path) -> dict[str, Path]:
    from generala_tui import store

    os.environ["GENERALA_TUI_HOME"] = str(home)
    return {
        "preferences": store.preferences_path(),
        "saved game": store.game_path(),
        "history file": store.history_dir() / "20260101T000000000000Z-000000000000.json",
        "strategy table": store.cache_dir()
        / "strategy"
        / "strategy-s1-f2-5a3d0b1affeee74e2a8b.npz",
    }


def campaign_files(root: Path) -> tuple[int, int, list[str]]:
    folder = root / "files"
    folder.mkdir()
    home = root / "home"
    home.mkdir()
    tried = runs = 0
    problems: list[str] = []
    files = list(hostile_files(folder, home))
    python = sys.executable
    for name, path in files:
        tried += 1
        for command in (["analyse"], ["analyse", "--json"], ["replay"]):
            runs += 1
            trouble, _seconds = run([python, "-m", "generala_tui", *command, str(path)], home)
            if trouble:
                problems.append(f"{' '.join(command)} on {name}: {trouble}")
                print("  " + problems[-1], flush=True)
        for kind, target in own_files(root / f"own-{tried}").items():
            target.parent.mkdir(parents=True, exist_ok=True)
            target.unlink(missing_ok=True)
            if path.is_dir() or path.is_symlink() or not path.is_file():
                target.symlink_to(path.resolve() if not path.is_symlink() else os.readlink(path))
            else:
                target.write_bytes(path.read_bytes())
            runs += 1
            command = (
                [python, "-m", "generala_tui", "simulate", "--games", "1"]
                if kind == "preferences"
                else [python, "-c", WINDOW]
            )
            trouble, _seconds = run(command, root / f"own-{tried}")
            if trouble:
                problems.append(f"{name} as the {kind}: {trouble}")
                print("  " + problems[-1], flush=True)
            target.unlink(missing_ok=True)
        print(f"  {tried}/{len(files)} files", end="\r", file=sys.stderr, flush=True)
    return tried, runs, problems


def campaign_kills(root: Path, kills: int) -> tuple[int, list[str]]:
    from generala_tui import store
    from generala_tui.game import rules

    home = root / "kills"
    home.mkdir()
    os.environ["GENERALA_TUI_HOME"] = str(home)
    chance = random.Random(52)
    problems: list[str] = []
    survived = 0
    for kill in range(kills):
        argv = [sys.executable, "-m", "generala_tui", "--resume"]
        if kill == 0:
            argv = [sys.executable, "-m", "generala_tui", "--players", "Ana,Bob,Caro:easy"]
        pid, fd = pty.fork()
        if pid == 0:  # the child: the game, on the pseudo-terminal
            os.environ["TERM"] = "xterm-256color"
            os.execv(argv[0], argv)
        os.set_blocking(fd, False)
        deadline = time.monotonic() + chance.uniform(2.0, 6.0)
        while time.monotonic() < deadline:
            ready, _w, _x = select.select([fd], [], [], 0.05)
            if ready:
                try:
                    os.read(fd, 65536)
                except OSError:
                    break
            if chance.random() < 0.3:
                with_key = chance.choice(
                    [b"r", b"1", b"2", b"3", b"\r", b"\x1b[B", b"\x1b[A", b"y"]
                )
                try:
                    os.write(fd, with_key)
                except OSError:
                    break
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(fd)
        game, warning = store.load_game()
        if warning is not None:
            problems.append(f"kill {kill + 1}: {warning}")
            continue
        if game is not None:
            for _position in rules.replay(game):
                pass
        survived += 1
        print(f"  {kill + 1}/{kills} kills", end="\r", file=sys.stderr, flush=True)
    game, _warning = store.load_game()
    steps = 0 if game is None else len(game.log)
    print(f"  the game killed last had {steps} steps in its log", flush=True)
    return survived, problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=30)
    parser.add_argument("--no-files", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        root = Path(temporary)
        if not args.no_files:
            tried, runs, problems = campaign_files(root)
            print(f"hostile files: {tried} files, {runs} runs, {len(problems)} problems")
            for problem in problems:
                print("  " + problem)
        survived, problems = campaign_kills(root, args.kills)
        print(f"kills: {survived} of {args.kills} survived")
        for problem in problems:
            print("  " + problem)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
