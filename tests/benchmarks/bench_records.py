"""Hostile records: ``python tests/benchmarks/bench_records.py [RUNS] [--against PATH]``.

How long ``generala-tui analyse FILE`` takes, and how much memory it holds at its peak, on
records built to be large, each case in a fresh process (``commands.main.main(["analyse", FILE])``,
its report thrown away), the cases taking turns, ``RUNS`` rounds (3 unless told):

- ``real``: the 47-step game record written by 10362cd (``tests/data``): the floor;
- ``1k``, ``10k``, ``100k``: a two-player game of ten rounds, each turn's first roll followed
  by hold toggles (die 0 held and released again, as a player who changes their mind does)
  spread evenly over its 20 turns until the log has that many steps;
- ``10k-ok``: a game the bounds let through with as many steps: eight players, every box
  in play, one tie-break round, every turn with
  :data:`~generala_tui.game.model.MAX_TOGGLES_PER_TURN` toggles;
- ``widest``: the largest game the bounds let through (docs/performance.md, "Hostile
  records"): eight players, every box in play, everything scratched, so all tie and play
  :data:`~generala_tui.game.model.MAX_TIE_BREAK_ROUNDS` tie-break rounds on the same dice,
  every turn with :data:`~generala_tui.game.model.MAX_TOGGLES_PER_TURN` toggles;
- ``{}x10^6`` and ``0x5x10^6``: the real record with its log replaced by a million empty
  objects (3 MB) or five million zeros (10 MB), which no game's log can be.

The records are written once, by this checkout's rules, to a temporary folder; the
strategy tables are solved once, by a warm-up run of each case, into a home the children
share (``GENERALA_TUI_HOME``), so every timed run reads them from the cache as a player's
second analysis does. A child's time is the wall clock from just before it starts to its
end (the interpreter, the imports and the table's loading are in it); its peak memory is
``ru_maxrss`` (``resource.getrusage(RUSAGE_CHILDREN)``, read after each child by a
process of its own that waits for it). A child is stopped after :data:`TIMEOUT` seconds
and held below :data:`MEMORY_CAP` bytes of address space (``RLIMIT_AS``): the machine is
shared. The exit status says whether the record was analysed (0) or refused (2).

``--against PATH`` runs every case in another checkout of generala-tui too (a ``git
worktree`` of an older commit), taking turns with this one's. Not collected by pytest.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

REAL_RECORD = Path(__file__).parents[1] / "data" / "home-10362cd" / "records" / "record.json"
TIMEOUT = 60.0
"""Seconds a child may take before it is stopped."""
MEMORY_CAP = 4 * 1024**3
"""Bytes of address space a child may map (``RLIMIT_AS``)."""

CHILD = r"""
import io, os, resource, sys, time
cap = int(sys.argv[2])
resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
sys.stdout = io.StringIO()
try:
    from generala_tui.commands.main import main
except ImportError:  # --against a checkout from before generala_tui/commands/
    from generala_tui.cli import main
try:
    status = main(["analyse", sys.argv[1]])
except MemoryError:
    status = "memory"
sys.__stdout__.write(f"{status}\n")
"""
WAITER = r"""
import json, resource, subprocess, sys, time
start = time.perf_counter()
try:
    child = subprocess.run(sys.argv[1:], capture_output=True, text=True, timeout=TIMEOUT)
    said = child.stdout.strip().splitlines()
    status = said[-1] if said else f"exit {child.returncode}"
    if not said and child.stderr.strip():
        status = child.stderr.strip().splitlines()[-1][:60]
except subprocess.TimeoutExpired:
    status = "timeout"
seconds = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(json.dumps({"seconds": seconds, "kib": peak, "status": status}))
"""


def _finished_game(players: int, every_box: bool, tie_break_rounds: int) -> Any:
    """A game of ``players`` (one roll a turn), and the toggles-free JSON of its record."""
    from generala_tui.game import rules
    from generala_tui.game.model import HouseRules, Phase

    house_rules = HouseRules(double_generala=every_box, two_pairs=every_box)
    state = rules.new_game([f"P{n}" for n in range(players)], house_rules, seed=7)
    if tie_break_rounds:
        # Everything scratched: all tie at 0; then the same dice for everyone, round after
        # round, until the last round, which the first seat wins.
        while state.phase is Phase.PLAYING:
            state = rules.roll(state, (1, 2, 3, 4, 6))
            state = rules.scratch(state, rules.offers(state)[0].category)
        while state.phase is Phase.TIE_BREAK:
            last = len(state.tie_breaks) == tie_break_rounds
            first = state.current == state.tie_breaks[-1].contenders[0]
            dice = (6, 6, 6, 5, 5) if last and first else (1, 2, 3, 4, 6)
            state = rules.end_tie_break_turn(rules.roll(state, dice))
        return state
    while state.phase is not Phase.OVER:
        state = rules.roll(state)
        if state.phase is Phase.TIE_BREAK:
            state = rules.end_tie_break_turn(state)
        elif state.phase is Phase.PLAYING:
            best = max(rules.offers(state), key=lambda offer: offer.points or 0)
            state = (
                rules.score(state, best.category)
                if best.points
                else rules.scratch(state, best.category)
            )
    return state


def _with_toggles(game: dict[str, Any], toggles_per_turn: int) -> dict[str, Any]:
    """The game's JSON with ``toggles_per_turn`` toggles (pairs on die 0, so every
    position's holds stay as they were) after the first roll of each turn."""
    log: list[dict[str, Any]] = []
    first = True
    for entry in game["log"]:
        log.append(entry)
        if entry["kind"] == "roll" and first and not entry.get("won"):
            for n in range(toggles_per_turn):
                log.append({"kind": "hold", "seat": entry["seat"], "die": 0, "held": n % 2 == 0})
        first = entry["kind"] != "roll"
    return {**game, "log": log}


def _write(path: Path, game: dict[str, Any]) -> None:
    record = json.loads(REAL_RECORD.read_text())
    path.write_text(json.dumps({**record, "game": game}))


def _records(folder: Path) -> dict[str, Path]:
    from generala_tui.game.law import MAX_TIE_BREAK_ROUNDS, MAX_TOGGLES_PER_TURN

    paths = {"real": REAL_RECORD}
    two = _finished_game(2, every_box=False, tie_break_rounds=0).model_dump(mode="json")
    turns = sum(entry["kind"] in ("fill", "tie_break") for entry in two["log"])
    for name, steps in (("1k", 1_000), ("10k", 10_000), ("100k", 100_000)):
        per_turn = (steps - len(two["log"])) // turns // 2 * 2
        game = _with_toggles(two, per_turn)
        paths[name] = folder / f"{name}.json"
        _write(paths[name], game)
        print(f"{name}: {len(game['log'])} steps, {per_turn} toggles a turn")
    table = _finished_game(8, every_box=True, tie_break_rounds=1)
    game = _with_toggles(table.model_dump(mode="json"), MAX_TOGGLES_PER_TURN)
    paths["10k-ok"] = folder / "10k-ok.json"
    _write(paths["10k-ok"], game)
    print(
        f"10k-ok: {len(game['log'])} steps, 8 players, 12 boxes, 1 tie-break round, "
        f"{MAX_TOGGLES_PER_TURN} toggles a turn"
    )
    widest = _finished_game(8, every_box=True, tie_break_rounds=MAX_TIE_BREAK_ROUNDS)
    game = _with_toggles(widest.model_dump(mode="json"), MAX_TOGGLES_PER_TURN)
    paths["widest"] = folder / "widest.json"
    _write(paths["widest"], game)
    print(
        f"widest: {len(game['log'])} steps, 8 players, 12 boxes, {MAX_TIE_BREAK_ROUNDS} "
        f"tie-break rounds, {MAX_TOGGLES_PER_TURN} toggles a turn"
    )
    real_game = json.loads(REAL_RECORD.read_text())["game"]
    for name, log in (("{}x10^6", [{}] * 10**6), ("0x5x10^6", [0] * (5 * 10**6))):
        paths[name] = folder / f"{name}.json"
        _write(paths[name], {**real_game, "log": log})
    return paths


def _run(path: Path, home: Path, checkout: str | None) -> dict[str, Any]:
    env = {**os.environ, "GENERALA_TUI_HOME": str(home), "OMP_NUM_THREADS": "1"}
    if checkout:
        env["PYTHONPATH"] = checkout  # before the installed package on sys.path
    waiter = WAITER.replace("TIMEOUT", repr(TIMEOUT))
    command = [sys.executable, "-c", CHILD, str(path), str(MEMORY_CAP)]
    result = subprocess.run(
        [sys.executable, "-c", waiter, *command],
        capture_output=True,
        text=True,
        env=env,
        cwd=home,  # not the checkout, which would come first on sys.path
        check=True,
    )
    return dict(json.loads(result.stdout))


def main() -> None:
    arguments = sys.argv[1:]
    against = None
    if "--against" in arguments:
        at = arguments.index("--against")
        against = str(Path(arguments[at + 1]).resolve())
        del arguments[at : at + 2]
    runs = int(arguments[0]) if arguments else 3
    folder = Path(tempfile.mkdtemp(prefix="bench-records-"))
    home = folder / "home"
    home.mkdir()
    paths = _records(folder)
    sides = [("now", None), *([("other", against)] if against else [])]
    for path in paths.values():  # warm-up: the tables solved and cached, files read
        for _side, checkout in sides:
            _run(path, home, checkout)
    results: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for _ in range(runs):
        for name, path in paths.items():
            for side, checkout in sides:
                results.setdefault((name, side), []).append(_run(path, home, checkout))
    print(f"generala-tui analyse FILE, {runs} fresh processes of each, taking turns")
    print(f"(stopped after {TIMEOUT:.0f} s or at {MEMORY_CAP / 1024**3:.0f} GiB)")
    print(
        f"{'record':10}{'side':7}{'size':>9}{'median':>10}{'min-max':>16}{'peak MiB':>10}  status"
    )
    for name, path in paths.items():
        size = path.stat().st_size
        for side, _checkout in sides:
            got = results[(name, side)]
            seconds = [r["seconds"] for r in got]
            peak = statistics.median(r["kib"] for r in got) / 1024
            status = ", ".join(sorted({str(r["status"]) for r in got}))
            print(
                f"{name:10}{side:7}{size / 1e6:7.2f}MB{statistics.median(seconds):9.2f}s"
                f"{min(seconds):8.2f}-{max(seconds):.2f}s{peak:10.1f}  {status}"
            )
    if against:
        print(f"This checkout beside {against}, run by run (time, memory):")
        for name in paths:
            now, other = results[(name, "now")], results[(name, "other")]
            times = sorted(a["seconds"] / b["seconds"] for a, b in zip(now, other, strict=True))
            memory = sorted(a["kib"] / b["kib"] for a, b in zip(now, other, strict=True))
            print(
                f"  {name:10} time {statistics.median(times):.3f} "
                f"({times[0]:.3f}-{times[-1]:.3f}), memory {statistics.median(memory):.2f}"
            )


if __name__ == "__main__":
    main()
