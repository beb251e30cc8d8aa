"""``generala-tui simulate``: computer-only games without a user interface.

Plays ``--games`` games between computer players (one to eight) and prints,
per player, the mean and standard deviation of the final totals, the number of
wins and the win rate with its 95% interval, and the games played per second.
``--jobs N`` plays them in N processes (every core by default); each game
depends only on its own seed, drawn in order from ``--seed``, so the figures
are those of one process. ``--json`` prints the same as one JSON object, with
the strategy's expected final score from an empty scorecard
(``expected_optimal``), the time it took to compute its table
(``solve_seconds``) and the processes used (``jobs``); each of its
``players`` has ``name``, ``level``, ``mean``, ``stdev``, ``wins`` (the games
it won, a shared win counting for every sharer), ``win_rate`` (its mean win
share: a game won alone counts 1, a win shared by k players 1/k, so the rates
add up to 1) and ``win_rate_low`` and ``win_rate_high``, the 95% Wilson score
interval of the win rate (:func:`win_interval`).

Ctrl+C stops the run and prints the figures of the games finished so far,
marked as interrupted (exit status 130). A reader that closes the pipe early
(``| head -1``) ends the run quietly (exit status 141); output or a record
that can't be written (a full disk) is one line on stderr and exit status 1. On
a terminal, stderr shows a progress bar with the time left; on a pipe, nothing.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import math
import os
import random
import signal
import statistics
import sys
import time
from collections import deque
from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from .. import store
from ..game.model import MAX_PLAYERS, GameState, HouseRules, Level, Phase, Player
from ..game.rules import SEED_RANGE, IllegalMove, new_game
from ..i18n import NP_, _, decimal, metavar, ngettext, number, percent
from ..words import changed_rules, level_name
from . import output
from .arguments import (
    FOLDERS,
    SEED,
    add_language,
    add_players,
    add_rules,
    add_seed,
    completes,
    languages,
)
from .options import OptionError, parse_players, parse_rules
from .output import failure, shown, table, write_output

if TYPE_CHECKING:
    from ..game.strategy import Strategy
    from ..game.strategy.chances import Chances

__all__ = ["configure_parser", "run", "win_interval"]

DEFAULT_PLAYERS = "expert,medium,easy"
DEFAULT_GAMES = 1000
MAX_GAMES = 10_000_000
MAX_JOBS = 256
CHUNK = 20
"""Games a process plays per task: small enough for a steady progress bar and a
prompt Ctrl+C, large enough that passing results costs nothing."""
_BAR_WIDTH = 30
_SHARE = math.lcm(*range(1, MAX_PLAYERS + 1))
"""A whole win in whole parts, so that every share of a win (1/k of it for k sharers) is a
whole number of them, and the win rates add up exactly, in any order."""
_Z95 = statistics.NormalDist().inv_cdf(0.975)
"""The normal quantile of a two-sided 95% interval (1.96)."""
INTERRUPTED = 130
"""Exit status after Ctrl+C (128 + SIGINT), as shells report it."""
BROKEN_PIPE = output.BROKEN_PIPE
"""Exit status when the reader closed the pipe (128 + SIGPIPE), as shells report it."""
WRITE_FAILED = output.WRITE_FAILED
"""Exit status when the output or a record can't be written (a full disk)."""


def configure_parser(parser: argparse.ArgumentParser) -> None:
    """Add the ``simulate`` options to ``parser``."""
    parser.description = _(
        "Play games between computer players without a user interface and print, "
        "per player, the mean final total, its standard deviation, the wins and the win rate."
    )
    parser.add_argument(
        "--games",
        metavar=metavar(NP_("metavar", "N")),
        default=str(DEFAULT_GAMES),
        help=_("how many games to play (default %(default)s)"),
    )
    add_players(
        parser,
        _(
            "the computer players in seating order, by level ({levels}) "
            "or as NAME:LEVEL, comma-separated, one to {most} (default %(default)s)"
        ).format(levels=_levels(), most=MAX_PLAYERS),
        default=DEFAULT_PLAYERS,
    )
    add_seed(parser, _("a whole number that makes the run repeatable"), as_text=True)
    add_rules(
        parser,
        _(
            "a house rule (repeatable), e.g. generala_points=60; "
            "'generala-tui --help' lists them all, the game's help (? or F1) explains them"
        ),
    )
    parser.add_argument(
        "--jobs",
        metavar=metavar(NP_("metavar", "N")),
        default=None,
        help=_(
            "how many processes play the games (default: one per core, {jobs} here); "
            "the results are those of one process"
        ).format(jobs=_default_jobs()),
    )
    completes(
        parser.add_argument(
            "--records",
            metavar=metavar(NP_("metavar", "DIR")),
            default=None,
            help=_(
                "write each game's record in DIR (created if need be), as "
                "game-NUMBER-seed-SEED.json, for 'generala-tui analyse'"
            ),
        ),
        FOLDERS,
    )
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    add_language(
        parser,
        _("the language of the table and the messages: {languages}").format(languages=languages()),
    )
    parser.epilog = _(
        "A win shared under tie_break=false counts for every sharer in Wins. The win "
        "rate is the mean win share (1 for a game won alone, 1/k for a win shared by k "
        "players), shown with its 95% Wilson score interval, which holds even at 0 or "
        "every win (with shared wins it is a little wider than it needs to be). With "
        "served_generala_wins on (the default) an automatic win ends a game early, "
        "so totals are lower than in games played to the last box."
    )


def _levels() -> str:
    return ", ".join(level.value for level in Level)


class _InputError(ValueError):
    pass


def _whole_number(text: str, flag: str, most: int | None = None) -> int:
    """``text`` as a whole number for ``flag``, from 1 to ``most`` when ``most`` is given."""
    try:
        value = int(text)
    except ValueError:
        raise _InputError(
            _("{flag} takes a whole number, not {value!r}.").format(flag=flag, value=text)
        ) from None
    if most is not None and not 1 <= value <= most:
        raise _InputError(
            _("{flag} takes 1 to {most}, not {number}.").format(
                flag=flag, most=number(most), number=number(value)
            )
        )
    return value


def _games(text: str) -> int:
    return _whole_number(text, "--games", MAX_GAMES)


def _seed(text: str | None) -> int | None:
    return None if text is None else _whole_number(text, SEED)


def _default_jobs() -> int:
    return os.cpu_count() or 1


def _jobs(text: str | None) -> int:
    return _default_jobs() if text is None else _whole_number(text, "--jobs", MAX_JOBS)


def _players(text: str) -> list[Player]:
    players = parse_players(text)
    humans = [player.name for player in players if player.level is None]
    if humans:
        raise _InputError(
            _(
                "{name} is not a computer player: simulate plays computers only "
                "(give a level: {levels}, or NAME:LEVEL)."
            ).format(name=humans[0], levels=_levels())
        )
    return players


def run(args: argparse.Namespace) -> int:
    """Run the simulation the parsed ``args`` ask for; return the exit status."""
    try:
        games = _games(args.games)
        seed = _seed(args.seed)
        jobs = _jobs(args.jobs)
        players = _players(args.players)
        house_rules = parse_rules(args.rules)
        records = store.record_folder(args.records) if args.records is not None else None
    except (OptionError, _InputError, IllegalMove, store.RecordError) as error:
        message = _refusal(error) if isinstance(error, IllegalMove) else str(error)
        print(failure(message, "simulate"), file=sys.stderr)
        return 2
    try:
        result = simulate(
            games,
            players,
            house_rules,
            seed,
            show_progress=sys.stderr.isatty(),
            jobs=jobs,
            records=records,
        )
    except store.RecordError as error:  # a record could not be written: the disk is full...
        print(failure(str(error), "simulate"), file=sys.stderr)
        return WRITE_FAILED
    if result is None:
        print(failure(_("interrupted before a game ended."), "simulate"), file=sys.stderr)
        return INTERRUPTED
    if args.json:
        text = json.dumps(result, indent=2) + "\n"  # ASCII: a name's letters escaped too
    else:
        table = io.StringIO()
        _print_table(result, table)
        text = table.getvalue()
    try:
        status = write_output(text, "simulate")
    except KeyboardInterrupt:
        # Ctrl+C while printing: what is printed is printed.
        return INTERRUPTED
    if status:
        return status
    return INTERRUPTED if result["interrupted"] else 0


def simulate(
    games: int,
    players: Sequence[Player],
    house_rules: HouseRules,
    seed: int | None = None,
    show_progress: bool = False,
    jobs: int = 1,
    records: Path | None = None,
) -> dict[str, Any] | None:
    """Play ``games`` games and return the figures ``--json`` prints.

    With ``records`` (an existing folder) each game's record is written there
    as ``game-<number>-seed-<seed>.json`` (:func:`record_name`); a record that
    can't be written raises :class:`~generala_tui.store.RecordError`.

    With ``jobs`` above one the games are played in that many processes; the
    figures are the same as in one, because every game is played from its own
    seed, drawn in order from ``seed``, and the results are taken in that order.

    Ctrl+C (KeyboardInterrupt) stops the games: the figures are those of the games
    finished, with ``interrupted`` true; None when not one game had ended.
    """
    from ..game.strategy import solve
    from ..game.strategy.chances import solve_chances

    totals: list[list[int]] = [[] for _ in players]
    wins = [0] * len(players)
    shares = [0] * len(players)  # in parts of _SHARE
    champions = any(player.level is Level.CHAMPION for player in players)
    chances: Chances | None = None
    progress = _Progress(games) if show_progress else None
    interrupted = False
    played = 0
    workers = 1
    started = time.perf_counter()
    try:
        # The table's compute time, even when it comes from the cache this time.
        if champions:  # the champions' win chances, and the strategy they rest on
            chances = solve_chances(house_rules, tables=store.strategy_tables)
            strategy = chances.strategy
        else:
            strategy = solve(house_rules, tables=store.strategy_tables)
        seeds = random.Random(seed) if seed is not None else random.SystemRandom()
        game_seeds = ((number, seeds.randrange(SEED_RANGE)) for number in range(1, games + 1))
        started = time.perf_counter()
        workers = min(jobs, math.ceil(games / CHUNK))
        if workers > 1:
            results = _in_processes(
                game_seeds, players, house_rules, strategy, workers, records, champions
            )
        else:
            results = _here(game_seeds, players, house_rules, strategy, records, chances)
        # Closed on the way out, Ctrl+C included: the worker processes are gone on return.
        with contextlib.closing(results):
            for game_totals, winners in results:
                for seat, total in enumerate(game_totals):
                    totals[seat].append(total)
                for seat in winners:
                    wins[seat] += 1
                    shares[seat] += _SHARE // len(winners)
                played += 1
                if progress is not None:
                    progress.show(played)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        if progress is not None:
            progress.clear()
    if played == 0:
        if interrupted:
            return None
        raise AssertionError("no game was played")  # pragma: no cover - games >= 1
    elapsed = time.perf_counter() - started
    return {
        "games": played,
        "games_requested": games,
        "interrupted": interrupted,
        "games_per_second": played / elapsed if elapsed > 0 else math.inf,
        "jobs": workers,
        "expected_optimal": strategy.expected_score,
        "solve_seconds": strategy.solve_seconds,
        "house_rules": house_rules.model_dump(mode="json"),
        "seed": seed,
        "records": str(records) if records is not None else None,
        "players": [
            {
                "name": player.name,
                "level": player.level.value if player.level else None,
                "mean": statistics.fmean(scores),
                "stdev": statistics.stdev(scores) if len(scores) > 1 else 0.0,
                "wins": wins[seat],
                **_win_rate(shares[seat], played),
            }
            for seat, (player, scores) in enumerate(zip(players, totals, strict=True))
        ],
    }


def _win_rate(share: int, games: int) -> dict[str, float]:
    """The ``win_rate`` (mean win share) of a player whose shares add up to ``share`` parts
    of :data:`_SHARE` over ``games`` games, and its interval (``win_rate_low``, ``_high``)."""
    rate = share / (_SHARE * games)
    low, high = win_interval(rate, games)
    return {"win_rate": rate, "win_rate_low": low, "win_rate_high": high}


def win_interval(rate: float, games: int, z: float = _Z95) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a win rate ``rate`` over ``games`` games.

    Wilson's interval rather than the normal approximation's rate ± 1.96 standard errors:
    it stays within 0 and 1 and does not shrink to nothing at no win or every win, where
    the standard deviation of the games is 0. It takes the variance of a game's share to
    be rate * (1 - rate), exact for wins and losses; a shared win's share (1/k) varies
    less than that, so with shared wins the interval is a little wider than it needs to be,
    never narrower. The rate is always inside it.
    """
    n = games
    centre = (rate + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(rate * (1 - rate) / n + z * z / (4 * n * n))
    return max(0.0, min(rate, centre - half)), min(1.0, max(rate, centre + half))


_Result = tuple[tuple[int, ...], tuple[int, ...]]
"""One game's outcome: every seat's final total, and the seats that won."""


_Game = tuple[int, int]
"""A game to play: its number (from 1) and its seed."""


def record_name(number: int, seed: int) -> str:
    """The file name of game ``number``'s record: ``game-000001-seed-<seed>.json``."""
    return f"game-{number:06d}-seed-{seed}.json"


def _play(
    game: _Game,
    players: Sequence[Player],
    house_rules: HouseRules,
    strategy: Strategy,
    records: Path | None,
    chances: Chances | None = None,
) -> _Result:
    from ..game import strategy as strategies

    number, seed = game
    state: GameState = new_game(players, house_rules, seed)
    state = strategies.play_game(state, strategy, chances=chances)
    assert state.phase is Phase.OVER
    if records is not None:
        # Played by the rules just now: no need to replay it before writing.
        store.write_record(state, records / record_name(number, seed), verify=False, replace=True)
    return tuple(player.total for player in state.players), tuple(state.winners)


def _here(
    games: Iterator[_Game],
    players: Sequence[Player],
    house_rules: HouseRules,
    strategy: Strategy,
    records: Path | None,
    chances: Chances | None = None,
) -> Generator[_Result]:
    for game in games:
        yield _play(game, players, house_rules, strategy, records, chances)


def _in_processes(
    seeds: Iterator[_Game],
    players: Sequence[Player],
    house_rules: HouseRules,
    strategy: Strategy,
    workers: int,
    records: Path | None = None,
    champions: bool = False,
) -> Generator[_Result]:
    """The games' results in the order of their seeds, played by ``workers`` processes.

    With ``champions`` each process solves the win-chance tables once, as it starts (from
    the disk cache the table store keeps, or from this process's memory when forked).

    Chunks of seeds go out as workers free up, a few per worker ahead, so a long
    run neither waits for the slowest chunk nor holds every seed in memory. On
    Ctrl+C (or any early exit) the chunks not started are dropped and the
    running ones, a fraction of a second each, finish before this returns.
    """
    # The workers ignore Ctrl+C, which a terminal sends to them too: only this
    # process decides to stop, and the workers' chunks end on their own.
    pool = ProcessPoolExecutor(
        max_workers=workers,
        initializer=_start_worker,
        initargs=(strategy.house_rules, strategy._values, strategy.solve_seconds, champions),
    )
    pending: deque[Future[list[_Result]]] = deque()
    try:
        while True:
            while len(pending) < 4 * workers:
                chunk = [seed for _, seed in zip(range(CHUNK), seeds, strict=False)]
                if not chunk:
                    break
                pending.append(
                    pool.submit(_play_chunk, chunk, tuple(players), house_rules, records)
                )
            if not pending:
                return
            yield from pending.popleft().result()
    finally:
        for future in pending:
            future.cancel()
        pool.shutdown(wait=True, cancel_futures=True)


_worker_strategy: Strategy | None = None
_worker_chances: Chances | None = None


def _start_worker(
    house_rules: HouseRules, values: Any, solve_seconds: float, champions: bool = False
) -> None:
    global _worker_strategy, _worker_chances
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    from ..game.strategy import Strategy

    _worker_strategy = Strategy(house_rules, values, solve_seconds)
    if champions:
        from ..game.strategy.chances import solve_chances

        _worker_chances = solve_chances(house_rules, tables=store.strategy_tables)


def _play_chunk(
    games: list[_Game],
    players: tuple[Player, ...],
    house_rules: HouseRules,
    records: Path | None,
) -> list[_Result]:
    assert _worker_strategy is not None
    return [
        _play(game, players, house_rules, _worker_strategy, records, _worker_chances)
        for game in games
    ]


class _Progress:
    """The progress bar with the games played and the time left, drawn by :mod:`rich.progress`
    on ``out`` (stderr, a terminal), at most every 1/10 s, and erased at the end.

    Drawn from this thread, not from rich's refresh thread: the worker processes are forked
    while it runs, and a fork beside a running thread may leave a lock held in the child
    (Python 3.12 warns of it). ``clock`` stands in for rich's (``time.monotonic``) in tests.
    """

    def __init__(
        self, total: int, out: TextIO | None = None, clock: Callable[[], float] | None = None
    ) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, Progress, TextColumn
        from rich.table import Column

        self._clock = clock or time.monotonic
        self._bar = Progress(
            BarColumn(bar_width=_BAR_WIDTH),
            TextColumn("{task.fields[line]}", markup=False, table_column=Column(no_wrap=True)),
            console=Console(file=out or sys.stderr, force_terminal=True),
            auto_refresh=False,
            transient=True,
            # Only the bar goes to the terminal: what is printed meanwhile stays where it goes.
            redirect_stdout=False,
            redirect_stderr=False,
            get_time=self._clock,
        )
        self._task = self._bar.add_task("", total=total, line=_games_left(0, total, None))
        self._last = -math.inf
        self._bar.start()

    def show(self, done: int) -> None:
        self._bar.update(self._task, completed=done)
        task = self._bar.tasks[0]
        now = self._clock()
        if done < (task.total or 0) and now - self._last < 0.1:
            return
        self._last = now
        # rich.progress's time left: the pace of the last 30 s of games.
        line = _games_left(task.completed, task.total, task.time_remaining)
        self._bar.update(self._task, line=line)
        self._bar.refresh()

    def clear(self) -> None:
        """Erase the bar (the whole line: a terminal's ^C echo may stand beside it)."""
        self._bar.stop()


def _games_left(done: float, total: float | None, seconds: float | None) -> str:
    """``12/1,000 games, about 1 min 20 s left``: the games played and, once rich.progress has
    a pace (two games or more), the time left at it."""
    total = int(total or 0)
    games = ngettext("{done}/{total} game", "{done}/{total} games", total).format(
        done=number(int(done)), total=number(total)
    )
    return games + (_time_left(seconds) if done < total else "")


def _time_left(seconds: float | None) -> str:
    """``, about 1 min 20 s left``; empty while there is no estimate."""
    if seconds is None:
        return ""
    whole = round(seconds)
    if whole >= 3600:
        text = f"{whole // 3600} h {whole % 3600 // 60:02d} min"
    elif whole >= 60:
        text = f"{whole // 60} min {whole % 60:02d} s"
    else:
        text = f"{whole} s"
    return _(", about {time} left").format(time=text)


def _print_table(result: dict[str, Any], out: TextIO) -> None:
    games = result["games"]
    if result.get("interrupted"):
        print(
            ngettext(
                "Interrupted: {games} of {requested} game played.",
                "Interrupted: {games} of {requested} games played.",
                result["games_requested"],
            ).format(games=number(games), requested=number(result["games_requested"])),
            file=out,
        )
    rules_text = changed_rules(HouseRules.model_validate(result["house_rules"]))
    print(
        ngettext(
            "{games} game, house rules: {rules}", "{games} games, house rules: {rules}", games
        ).format(games=number(games), rules=rules_text),
        file=out,
    )
    heads = [
        _("Player"),
        _("Level"),
        _("Mean"),
        _("Std dev"),
        _("Wins"),
        _("Win rate (interval at 95%)"),
    ]
    rows = [
        [
            shown(player["name"]),
            level_name(Level(player["level"])) if player["level"] else "",
            decimal(player["mean"], 2),
            decimal(player["stdev"], 2),
            number(player["wins"]),
            _win_rate_text(player),
        ]
        for player in result["players"]
    ]
    right = {2, 3, 4, 5}
    for line in table(heads, rows, right=right, least={1: 6, 2: 7, 3: 7, 4: 7}):
        print(line, file=out)
    print(
        _(
            "{speed} games per second ({processes}). The optimal strategy expects "
            "{expected} points a game (its table took {seconds} s)."
        ).format(
            speed=decimal(result["games_per_second"], 0),
            processes=_processes(result.get("jobs", 1)),
            expected=decimal(result["expected_optimal"], 2),
            seconds=decimal(result["solve_seconds"], 2),
        ),
        file=out,
    )


def _win_rate_text(player: dict[str, Any]) -> str:
    """``51.3% (49.1-53.5%)`` (with an en dash): the win rate and its 95% interval, in the
    language's way (``51,3 % (49,1-53,5 %)`` in Swedish)."""
    rate = percent(player["win_rate"], 1)
    low = decimal(100 * player["win_rate_low"], 1)
    high = percent(player["win_rate_high"], 1)
    return f"{rate} ({low}–{high})"


def _refusal(error: IllegalMove) -> str:
    from ..words import refusal

    return refusal(error)


def _processes(jobs: int) -> str:
    return ngettext("one process", "{jobs} processes", jobs).format(jobs=jobs)
