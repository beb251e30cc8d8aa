"""Key response, coach and win chances on: ``python tests/benchmarks/bench_keys.py [PRESSES]``.

In one process, through Pilot (``app.run_test(size=...)``, Textual's headless driver), the
turn screen of a seeded two-player game started as ``generala_tui.commands.main`` starts it
(the collector paused until the first frame, then what start-up built frozen), with the
preferences a player sets for the coach (``h``) and the win chances (``w``) on and the roll
animation off, in a home of its own whose strategy and win-chance tables are solved once
beforehand. Each key is pressed ``PRESSES`` times (20 unless told) at 80x24 and at 200x60,
the two sizes taking turns (a fresh app for every few turns played); before each key an
idle frame is timed the same way (``screen.refresh()``: a frame drawn with no key), so the
two stand side by side as the machine's speed drifts.

For each key (``1`` hold, ``r`` roll, ``enter`` fill on the box that scores most):

- **frame**: from sending the key to the end of the next frame Textual renders. A screen
  at rest draws its next frame at once; Textual draws at most 60 frames a second, so a
  frame that follows another within 16.7 ms (the coach's, after the key's) waits for its
  turn. The headless driver writes nothing to a terminal, so a terminal's own time is not
  in these;
- **move**: the move (``LocalTable.move`` or ``hold``), with the synchronous redraw it
  sets off; **drawing**: that frame's layout and render;
- **settled**: from the key to the end of the last frame it set off (the coach's advice and
  the win chances of the new position shown, every worker done).

``--against PATH [--rounds N]`` (another checkout, say a ``git worktree`` of an older commit):
N rounds (6 unless told), each a fresh process of this checkout and one of the other, taking
turns which goes first, each pressing every key ``PRESSES`` times at both sizes; it prints
both checkouts' pooled times and, key by key, each round's median key-to-frame here over
there (the median of those ratios and their spread): on this shared machine the ratio of
runs side by side holds where the times themselves drift.

Frames are observed by wrapping two private methods of Textual's ``Screen``
(``_on_timer_update``, the frame's layout and render, and ``_compositor_refresh``, which
renders and writes it): only this benchmark touches them, nothing in ``generala_tui`` does.
Not collected by pytest.
"""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

SIZES = ((80, 24), (200, 60))
KEYS = {"hold": "1", "roll": "r", "fill": "enter"}
TURNS_PER_APP = 4
"""Turns played in one app before the next (at the other size) starts."""
QUIET = 0.06
"""Seconds without a frame or a worker after which a key's work is taken as done."""
TIMEOUT = 30.0


class Probe:
    """The frames rendered and the moves made, timed (``perf_counter``)."""

    def __init__(self) -> None:
        self.frames: list[tuple[float, float]] = []
        """(start of the frame's update, end of its render) of each frame rendered."""
        self.moves: list[float] = []
        """How long each move took, its synchronous redraw included."""
        self.drawn = asyncio.Event()
        """Set as each frame is rendered."""
        self._update_started: float | None = None
        self._undo: list[Callable[[], None]] = []

    def install(self) -> None:
        from textual.screen import Screen

        from generala_tui.ui.local import LocalTable

        probe = self
        update, refresh = Screen._on_timer_update, Screen._compositor_refresh

        def timed_update(self: Screen[Any]) -> None:
            probe._update_started = time.perf_counter()
            try:
                update(self)
            finally:
                probe._update_started = None

        def timed_refresh(self: Screen[Any]) -> None:
            started = probe._update_started or time.perf_counter()
            refresh(self)
            probe.frames.append((started, time.perf_counter()))
            probe.drawn.set()

        def timed(method: Callable[..., bool]) -> Callable[..., bool]:
            def timed_move(self: LocalTable, *args: Any) -> bool:
                started = time.perf_counter()
                done = method(self, *args)
                probe.moves.append(time.perf_counter() - started)
                return done

            return timed_move

        move, hold = LocalTable.move, LocalTable.hold
        Screen._on_timer_update = timed_update  # type: ignore[method-assign]
        Screen._compositor_refresh = timed_refresh  # type: ignore[method-assign]
        LocalTable.move = timed(move)  # type: ignore[method-assign]
        LocalTable.hold = timed(hold)  # type: ignore[method-assign]

        def undo() -> None:
            Screen._on_timer_update = update  # type: ignore[method-assign]
            Screen._compositor_refresh = refresh  # type: ignore[method-assign]
            LocalTable.move, LocalTable.hold = move, hold  # type: ignore[method-assign]

        self._undo.append(undo)

    def uninstall(self) -> None:
        while self._undo:
            self._undo.pop()()

    def clear(self) -> None:
        self.frames.clear()
        self.moves.clear()
        self.drawn.clear()


class Times:
    """What was measured of one key (or of the idle frame) at one size, in seconds."""

    def __init__(self) -> None:
        self.frame: list[float] = []
        """From the key to the end of the next frame."""
        self.move: list[float] = []
        """The move, with the redraw it sets off (nothing for the idle frame)."""
        self.drawing: list[float] = []
        """That frame's layout and render."""
        self.settled: list[float] = []
        """From the key to the end of the last frame it set off."""

    def add(self, other: Times) -> None:
        for name, values in vars(other).items():
            getattr(self, name).extend(values)


async def _next_frame(app: Any, probe: Probe, what: str) -> tuple[float, float]:
    """The first frame drawn since ``probe`` was cleared, waited for as it comes: on Textual's
    own timer (``pilot.pause()`` would draw one at once, sooner than a player sees it)."""
    try:
        await asyncio.wait_for(probe.drawn.wait(), TIMEOUT)
    except TimeoutError:  # never wait for ever: say why
        raise RuntimeError(f"{what} drew no frame on {type(app.screen).__name__}") from None
    return probe.frames[0]


async def _settle(app: Any, probe: Probe) -> None:
    """Wait until no worker runs and no frame has come for :data:`QUIET` seconds."""
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        await app.workers.wait_for_complete()
        seen = len(probe.frames)
        await asyncio.sleep(QUIET)  # real time: frames come on Textual's 60 Hz timer
        if len(probe.frames) == seen and not any(w.is_running for w in app.workers):
            return
    raise RuntimeError("the screen never settled")


async def _timed(
    app: Any, probe: Probe, act: Callable[[], object], what: str, times: Times
) -> None:
    """Time ``act`` (a key's press, or a refresh) into ``times``."""
    await _settle(app, probe)
    probe.clear()
    sent = time.perf_counter()
    done = act()
    if isinstance(done, Awaitable):
        await done
    start, end = await _next_frame(app, probe, what)
    times.frame.append(end - sent)
    times.move.append(sum(probe.moves))
    times.drawing.append(end - start)
    await _settle(app, probe)
    times.settled.append(probe.frames[-1][1] - sent)


def _home(cache: Path) -> str:
    """An empty home whose preferences have the coach and the win chances on and the roll
    animation off, and whose table cache is the run's."""
    from generala_tui import store
    from generala_tui.store import Preferences

    home = tempfile.mkdtemp(prefix="bench-keys-")
    (Path(home) / "cache").symlink_to(cache, target_is_directory=True)
    os.environ["GENERALA_TUI_HOME"] = home
    warning = store.save_preferences(
        Preferences(coach=True, win_chances=True, roll_animation=False)
    )
    assert warning is None, warning
    return home


async def _session(
    size: tuple[int, int], seed: int, turns: int, cache: Path, probe: Probe
) -> dict[str, Times]:
    from generala_tui import collector
    from generala_tui.game import rules
    from generala_tui.game.model import Phase, Player
    from generala_tui.store import load_preferences
    from generala_tui.ui.app import GeneralaApp
    from generala_tui.ui.screens.turn import TurnScreen

    times = {name: Times() for name in ("idle", *KEYS)}
    _home(cache)
    preferences, _ = load_preferences()
    house_rules = preferences.house_rules
    # As commands.main.main starts it: the collector paused, the game dealt, the app made.
    collector.pause()
    game = rules.new_game([Player(name="Ana"), Player(name="Bruno")], house_rules, seed=seed)
    app = GeneralaApp(game, house_rules, seed=seed)
    assert app.coach and app.win_chances and not app.roll_animation
    async with app.run_test(size=size) as pilot:
        await _settle(app, probe)
        for _ in range(turns):
            state = app.game
            if state is None or state.phase is not Phase.PLAYING:
                break
            await pilot.press("r")  # the turn's first roll
            state = app.game
            if state is None or state.phase is not Phase.PLAYING:
                break  # a served Generala won the game
            for name, key in KEYS.items():
                screen = app.screen
                assert isinstance(screen, TurnScreen), (screen, name)
                if name == "fill":  # the box that scores most: no scratch question
                    state = app.game
                    assert state is not None
                    best = max(rules.offers(state), key=lambda offer: offer.points or 0)
                    screen.point_at(best.category)
                await _timed(app, probe, screen.refresh, "a refresh", times["idle"])
                await _timed(app, probe, lambda k=key: pilot.press(k), key, times[name])
                assert probe.moves, f"{key} made no move"
        await app.workers.wait_for_complete()
    return times


def _solve_tables(cache: Path) -> None:
    """The strategy and win-chance tables of the default rules, solved into ``cache``."""
    from generala_tui import store
    from generala_tui.game.model import HouseRules
    from generala_tui.game.strategy.chances import solve_chances

    os.environ["GENERALA_TUI_HOME"] = str(cache.parent)
    solve_chances(HouseRules(), tables=store.strategy_tables)


async def _run(presses: int) -> dict[tuple[int, int], dict[str, Times]]:
    cache = Path(tempfile.mkdtemp(prefix="bench-keys-home-")) / "cache"
    cache.mkdir()
    _solve_tables(cache)
    results = {size: {name: Times() for name in ("idle", *KEYS)} for size in SIZES}
    probe = Probe()
    probe.install()
    try:
        seed = 0
        while min(len(results[size]["hold"].frame) for size in SIZES) < presses:
            for size in SIZES:
                seed += 1
                session = await _session(size, seed, TURNS_PER_APP, cache, probe)
                for name, times in session.items():
                    results[size][name].add(times)
    finally:
        probe.uninstall()
        os.environ.pop("GENERALA_TUI_HOME", None)
    return results


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def _said(values: list[float], *, spread: bool = True) -> str:
    ms = 1e3
    median = f"{statistics.median(values) * ms:6.1f}"
    if not spread:
        return median
    return f"{median} {_p95(values) * ms:5.1f} {min(values) * ms:5.1f}-{max(values) * ms:<5.1f}"


def _report(results: dict[tuple[int, int], dict[str, Times]], label: str = "") -> None:
    for size, by_key in results.items():
        print(
            f"{label}{size[0]}x{size[1]:<8}{'frame: median p95 min-max':>30} {'move':>6}"
            f" {'drawing':>7}   settled: median p95"
        )
        for name, times in by_key.items():
            print(
                f"  {name:5} {len(times.frame):3}x {_said(times.frame):>28}"
                f" {_said(times.move, spread=False)} {_said(times.drawing, spread=False):>7}"
                f"  {_said(times.settled, spread=False):>17} {_p95(times.settled) * 1e3:5.1f}"
            )


def _child(presses: int) -> None:
    """``--child``: measure, and print the times as JSON for the parent of ``--against``."""
    results = asyncio.run(_run(presses))
    print(
        json.dumps(
            [
                [list(size), {name: vars(times) for name, times in by_key.items()}]
                for size, by_key in results.items()
            ]
        )
    )


def _from_child(output: str) -> dict[tuple[int, int], dict[str, Times]]:
    results: dict[tuple[int, int], dict[str, Times]] = {}
    for size, by_key in json.loads(output.strip().splitlines()[-1]):
        results[(size[0], size[1])] = {}
        for name, values in by_key.items():
            times = results[(size[0], size[1])][name] = Times()
            for field, measured in values.items():
                setattr(times, field, measured)
    return results


def _against(other: Path, rounds: int, presses: int) -> None:
    """Rounds of a child process of this checkout and one of ``other`` (taking turns which
    goes first), ``presses`` presses of each key at each size each; the times pooled, and
    each round's median key-to-frame here over there."""
    here = Path(__file__).resolve().parents[2]
    checkouts = {"here": here, "there": other.resolve()}
    pooled = {
        name: {size: {key: Times() for key in ("idle", *KEYS)} for size in SIZES}
        for name in checkouts
    }
    ratios: dict[tuple[tuple[int, int], str], list[float]] = {}
    for round_ in range(rounds):
        order = list(checkouts.items())
        if round_ % 2:
            order.reverse()
        medians: dict[str, dict[tuple[tuple[int, int], str], float]] = {}
        for name, checkout in order:
            done = subprocess.run(
                [
                    sys.executable,
                    str(here / "tests/benchmarks/bench_keys.py"),
                    "--child",
                    str(presses),
                ],
                cwd=checkout,
                env={**os.environ, "PYTHONPATH": str(checkout)},
                capture_output=True,
                text=True,
                check=True,
                timeout=600,
            )
            results = _from_child(done.stdout)
            medians[name] = {}
            for size, by_key in results.items():
                for key, times in by_key.items():
                    pooled[name][size][key].add(times)
                    medians[name][(size, key)] = statistics.median(times.frame)
        for case, median in medians["here"].items():
            ratios.setdefault(case, []).append(median / medians["there"][case])
        print(f"round {round_ + 1} of {rounds} done", file=sys.stderr)
    for name, checkout in checkouts.items():
        print(f"\n{name}: {checkout}")
        _report(pooled[name])
    print("\nKey to frame, here over there, round by round (median of the rounds, min-max):")
    for (size, key), values in ratios.items():
        print(
            f"  {size[0]}x{size[1]:<4} {key:5} {statistics.median(values):5.2f}"
            f"  ({min(values):.2f}-{max(values):.2f})"
        )


def main() -> None:
    arguments = sys.argv[1:]
    if arguments and arguments[0] == "--child":
        _child(int(arguments[1]))
        return
    other: Path | None = None
    rounds = 6
    if "--against" in arguments:
        at = arguments.index("--against")
        other = Path(arguments[at + 1])
        del arguments[at : at + 2]
    if "--rounds" in arguments:
        at = arguments.index("--rounds")
        rounds = int(arguments[at + 1])
        del arguments[at : at + 2]
    presses = int(arguments[0]) if arguments else 20
    print(
        "Key response, coach and win chances on, roll animation off (Pilot, headless, the turn\n"
        "screen of a two-player game), ms. frame: from the key to the end of the next frame\n"
        "(median, p95, min-max); move: the move with the redraw it sets off; drawing: that\n"
        "frame's layout and render (medians); settled: from the key to the end of the last\n"
        "frame it set off, the coach's advice and the win chances of the new position shown\n"
        "(median, p95). idle: a frame drawn with no key (screen.refresh()), beside each key."
    )
    if other is not None:
        _against(other, rounds, presses)
    else:
        _report(asyncio.run(_run(presses)))


if __name__ == "__main__":
    main()
