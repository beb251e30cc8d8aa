"""Start-up: ``python tests/benchmarks/bench_startup.py [RUNS] [--against PATH]``.

``--against PATH`` (another checkout of generala-tui, say a ``git worktree`` of an older
commit) runs its setup, turn and saved cases too, taking turns with this one's, and prints
the ratios between the two.

**Start-up.** Fresh processes, alternating, each on a pseudo-terminal of its own
(100x32), so Textual draws exactly as it does for a player:

- ``bare``: a bare Textual app (a Header, a Static and a Footer);
- ``floor``: the same bare app, which first imports pydantic and validates a small nested
  state of frozen models (as the game does with its own before its first frame): the
  floor of the stack the game is built on (Textual and pydantic);
- ``setup``: ``generala_tui.commands.main:main([])``, the setup screen;
- ``turn``: ``generala_tui.commands.main:main(["--players", "Ana,Bruno"])``, the turn screen;
- ``saved``: the setup screen, with a game left unfinished in the home (it offers it).

The same probe serves all four. Before the app starts, the child wraps
``textual.app.App._display``, the method that writes a frame to the terminal;
the first time it has written a frame of the screen named (``Screen`` for the
bare apps, ``SetupScreen``, ``TurnScreen``), the child notes the wall clock and
its peak memory (``ru_maxrss``) and leaves at once. (``App._display`` is private to
Textual: the probe only measures, and nothing in ``generala_tui`` uses it.) The time is counted from
just before the parent starts the process, so it holds the interpreter's own
start-up and every import. The probe imports ``textual.app`` before the app
does, which every one of them does anyway. Each child has its own empty
``GENERALA_TUI_HOME``. The medians, their ratios to the floor and to the bare app, and
the run-by-run ratios are printed.
Every child compiles to bytecode under one temporary ``PYTHONPYCACHEPREFIX``,
written by a warm-up run, as an installed package's is at install time.

The keys are timed by ``tests/benchmarks/bench_keys.py``.
Not collected by pytest.
"""

from __future__ import annotations

import json
import os
import pty
import select
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROBE = r"""
import os, resource, sys, time
from textual.app import App

WANT, OUT = sys.argv[1], sys.argv[2]
_display = App._display


def _probe(self, screen, renderable):
    _display(self, screen, renderable)
    if renderable is not None and type(screen).__name__ == WANT and screen.children:
        now = time.time()
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        mods = sorted(m for m in sys.modules if m.startswith(("generala_tui", "numpy")))
        with open(OUT, "w") as out:
            import json
            json.dump({"at": now, "rss_kib": rss, "modules": mods}, out)
        os._exit(0)


App._display = _probe
if sys.argv[3] in ("bare", "floor"):
    if sys.argv[3] == "floor":
        # The floor of the stack: pydantic imported, and a small nested state of frozen
        # models validated before the first frame, as the game does with its own.
        from pydantic import BaseModel, ConfigDict

        class Frozen(BaseModel):
            model_config = ConfigDict(frozen=True, extra="forbid")

        class Rules(Frozen):
            points: int = 50
            wins: bool = True

        class Seat(Frozen):
            name: str
            level: str | None = None
            boxes: dict[str, int] = {}

        class State(Frozen):
            seats: tuple[Seat, ...]
            rules: Rules = Rules()
            current: int = 0

        State.model_validate(
            {"seats": [{"name": "Ana"}, {"name": "Bot", "level": "easy", "boxes": {"ones": 3}}]}
        )
    from textual.app import App as A
    from textual.widgets import Footer, Header, Static

    class Bare(A):
        def compose(self):
            yield Header()
            yield Static("Hello")
            yield Footer()

    Bare().run()
else:
    try:
        from generala_tui.commands.main import main
    except ImportError:  # --against a checkout from before generala_tui/commands/
        from generala_tui.cli import main

    main(sys.argv[4:])
os._exit(3)
"""

KINDS = {
    "bare": ("Screen", ["bare"]),
    "floor": ("Screen", ["floor"]),
    "setup": ("SetupScreen", ["cli"]),
    "turn": ("TurnScreen", ["cli", "--players", "Ana,Bruno", "--seed", "3"]),
    # The setup screen with a game left unfinished in the home (it offers to resume it).
    "saved": ("SetupScreen", ["cli"]),
}
TIMEOUT = 30.0
AGAINST: str | None = None
"""Another checkout of generala-tui (``--against PATH``): its setup, turn and saved
kinds run too, as ``setup@other``..., taking turns with these."""


def _first_frame(kind: str, pycache: str) -> tuple[float, int, list[str]]:
    """Seconds from spawning to the first frame of the kind's screen, peak KiB, modules."""
    screen, args = KINDS[kind.removesuffix("@other")]
    with tempfile.TemporaryDirectory() as home:
        if kind.removesuffix("@other") == "saved":
            _leave_a_game(home)
        out = Path(home) / "probe.json"
        env = {**os.environ, "GENERALA_TUI_HOME": home, "TERM": "xterm-256color"}
        # Compiled once, as an installed package is: the warm-up run writes the bytecode.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env.update(COLUMNS="100", LINES="32", PYTHONPYCACHEPREFIX=pycache)
        if kind.endswith("@other") and AGAINST is not None:
            env["PYTHONPATH"] = AGAINST  # before the installed package on sys.path
        master, slave = pty.openpty()
        os.set_blocking(master, False)
        import fcntl
        import struct
        import termios

        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 32, 100, 0, 0))
        started = time.time()
        child = subprocess.Popen(
            [sys.executable, "-c", PROBE, screen, str(out), *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
            cwd=home,  # not the checkout, which would come first on sys.path
        )
        os.close(slave)
        deadline = time.monotonic() + TIMEOUT
        while child.poll() is None and time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.05)
            if ready:
                try:
                    os.read(master, 65536)  # the terminal drains what the app draws
                except OSError:
                    break
        if child.poll() is None:
            child.kill()
        child.wait()
        os.close(master)
        if not out.exists():
            raise RuntimeError(f"{kind}: no first frame (exit status {child.returncode})")
        probe = json.loads(out.read_text())
    return probe["at"] - started, probe["rss_kib"], probe["modules"]


def _leave_a_game(home: str) -> None:
    """A game of two players, 40 steps in, autosaved in ``home`` as the app saves it."""
    import random

    from generala_tui import store
    from generala_tui.game import rules
    from generala_tui.game.model import Level, Player

    game = rules.new_game([Player(name="Ana"), Player(name="Bot", level=Level.EXPERT)], seed=5)
    rng = random.Random(5)
    for _ in range(40):
        if rules.can_roll(game) and (game.turn.rolls == 0 or rng.random() < 0.5):
            game = rules.roll(game)
        else:
            options = rules.scoring_options(game)
            best = max(options, key=options.__getitem__)
            game = rules.score(game, best) if options[best] else rules.scratch(game, best)
    previous = os.environ.get("GENERALA_TUI_HOME")
    os.environ["GENERALA_TUI_HOME"] = home
    try:
        assert store.save_game(game) is None
    finally:
        if previous is None:
            del os.environ["GENERALA_TUI_HOME"]
        else:
            os.environ["GENERALA_TUI_HOME"] = previous


def main() -> None:
    global AGAINST
    arguments = sys.argv[1:]
    if "--against" in arguments:
        at = arguments.index("--against")
        AGAINST = str(Path(arguments[at + 1]).resolve())
        del arguments[at : at + 2]
    runs = int(arguments[0]) if arguments else 15
    kinds = [*KINDS, *(f"{k}@other" for k in ("setup", "turn", "saved") if AGAINST)]
    wall: dict[str, list[float]] = {k: [] for k in kinds}
    rss: dict[str, list[int]] = {k: [] for k in kinds}
    modules: dict[str, list[str]] = {}
    pycache = tempfile.mkdtemp(prefix="bench-startup-pycache-")
    for kind in kinds:
        _first_frame(kind, pycache)  # warms the file cache and writes the bytecode
    for _ in range(runs):
        for kind in kinds:
            seconds, kib, mods = _first_frame(kind, pycache)
            wall[kind].append(seconds)
            rss[kind].append(kib)
            modules[kind] = mods
    ms = 1e3
    print(f"First frame, {runs} fresh processes of each, alternating, 100x32 pseudo-terminal")
    print("(floor: a bare Textual app importing pydantic and validating a small nested state)")
    print(
        f"{'':13}{'median':>8}{'min-max':>14}{'/bare':>7}{'/floor':>7}"
        f"{'peak MiB':>10}{'/bare':>7}{'/floor':>7}"
    )
    floor_t, floor_m = statistics.median(wall["floor"]), statistics.median(rss["floor"])
    bare_t, bare_m = statistics.median(wall["bare"]), statistics.median(rss["bare"])
    for kind in kinds:
        t, m = statistics.median(wall[kind]), statistics.median(rss[kind])
        print(
            f"{kind:13}{t * ms:6.0f}ms{min(wall[kind]) * ms:7.0f}-{max(wall[kind]) * ms:.0f}ms"
            f"{t / bare_t:7.2f}{t / floor_t:7.2f}"
            f"{m / 1024:10.1f}{m / bare_m:7.2f}{m / floor_m:7.2f}"
        )
    print("Run by run (each run's processes side by side), median (min-max):")
    for kind in kinds[len(KINDS) - 3 :]:
        by_floor = sorted(a / b for a, b in zip(wall[kind], wall["floor"], strict=True))
        by_bare = sorted(a / b for a, b in zip(wall[kind], wall["bare"], strict=True))
        memory = sorted(a / b for a, b in zip(rss[kind], rss["floor"], strict=True))
        print(
            f"  {kind:12} time /floor {statistics.median(by_floor):.2f} "
            f"({by_floor[0]:.2f}-{by_floor[-1]:.2f}), /bare {statistics.median(by_bare):.2f} "
            f"({by_bare[0]:.2f}-{by_bare[-1]:.2f}); memory /floor "
            f"{statistics.median(memory):.2f} ({memory[0]:.2f}-{memory[-1]:.2f})"
        )
    if AGAINST:
        print(f"This checkout beside {AGAINST}, run by run:")
        for kind in ("setup", "turn", "saved"):
            times = sorted(a / b for a, b in zip(wall[kind], wall[f"{kind}@other"], strict=True))
            memory = sorted(a / b for a, b in zip(rss[kind], rss[f"{kind}@other"], strict=True))
            print(
                f"  {kind:6} time {statistics.median(times):.2f} ({times[0]:.2f}-{times[-1]:.2f}),"
                f" memory {statistics.median(memory):.2f} ({memory[0]:.2f}-{memory[-1]:.2f})"
            )
    for kind in ("setup", "turn"):
        heavy = [m for m in modules[kind] if m.startswith("numpy") or "strategy" in m]
        heavy += [m for m in modules[kind] if m.endswith(("simulate", "analysis"))]
        print(
            f"  {kind}: imported before the first frame: {len(modules[kind])} modules of "
            f"generala_tui/numpy; numpy, strategy, simulate, analysis: {heavy or 'none'}"
        )


if __name__ == "__main__":
    main()
