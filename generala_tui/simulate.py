"""``generala-tui simulate``: computer-only games without a user interface.

Plays ``--games`` games between computer players (one to eight) and prints,
per player, the mean and standard deviation of the final totals and the
number of wins, and the games played per second. ``--json`` prints the same as
one JSON object, with the strategy's expected final score from an empty
scorecard (``expected_optimal``) and the time it took to compute its table
(``solve_seconds``).

Ctrl+C stops the run and prints the figures of the games finished so far,
marked as interrupted (exit status 130). A reader that closes the pipe early
(``| head -1``) ends the run quietly. On a terminal, stderr shows a progress
bar with the time left; on a pipe, nothing.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any, TextIO

from rich.cells import cell_len

from . import store
from .game.model import MAX_PLAYERS, GameState, HouseRules, Phase, Player
from .game.rules import SEED_RANGE, IllegalMove, new_game
from .options import OptionError, parse_players, parse_rules

__all__ = ["configure_parser", "run"]

DEFAULT_PLAYERS = "expert,medium,easy"
DEFAULT_GAMES = 1000
MAX_GAMES = 10_000_000
_BAR_WIDTH = 30
INTERRUPTED = 130
"""Exit status after Ctrl+C (128 + SIGINT), as shells report it."""
BROKEN_PIPE = 141
"""Exit status when the reader closed the pipe (128 + SIGPIPE), as shells report it."""


def configure_parser(parser: argparse.ArgumentParser) -> None:
    """Add the ``simulate`` options to ``parser``."""
    parser.description = (
        "Play games between computer players without a user interface and print, "
        "per player, the mean final total, its standard deviation and the wins."
    )
    parser.add_argument(
        "--games",
        metavar="N",
        default=str(DEFAULT_GAMES),
        help=f"how many games to play (default {DEFAULT_GAMES})",
    )
    parser.add_argument(
        "--players",
        metavar="LIST",
        default=DEFAULT_PLAYERS,
        help=(
            "the computer players in seating order, by level (easy, medium, expert) "
            f"or as NAME:LEVEL, comma-separated, one to {MAX_PLAYERS} "
            f"(default {DEFAULT_PLAYERS})"
        ),
    )
    parser.add_argument(
        "--seed", metavar="S", default=None, help="a whole number that makes the run repeatable"
    )
    parser.add_argument(
        "--rule",
        metavar="KEY=VALUE",
        action="append",
        default=[],
        help="a house rule (repeatable), e.g. generala_points=60; "
        "'generala-tui --help' lists them all, docs/rules.md explains them",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.epilog = (
        "A win shared under tie_break=false counts for every sharer. With "
        "served_generala_wins on (the default) an automatic win ends a game early, "
        "so totals are lower than in games played to the last box."
    )


class _InputError(ValueError):
    pass


def _games(text: str) -> int:
    try:
        games = int(text)
    except ValueError:
        raise _InputError(f"--games takes a whole number, not {text!r}.") from None
    if not 1 <= games <= MAX_GAMES:
        raise _InputError(f"--games takes 1 to {MAX_GAMES}, not {games}.")
    return games


def _seed(text: str | None) -> int | None:
    if text is None:
        return None
    try:
        return int(text)
    except ValueError:
        raise _InputError(f"--seed takes a whole number, not {text!r}.") from None


def _players(text: str) -> list[Player]:
    players = parse_players(text)
    humans = [player.name for player in players if player.level is None]
    if humans:
        raise _InputError(
            f"{humans[0]} is not a computer player: simulate plays computers only "
            "(give a level: easy, medium or expert, or NAME:LEVEL)."
        )
    return players


def run(args: argparse.Namespace) -> int:
    """Run the simulation the parsed ``args`` ask for; return the exit status."""
    try:
        games = _games(args.games)
        seed = _seed(args.seed)
        players = _players(args.players)
        house_rules = parse_rules(args.rule)
    except (OptionError, _InputError, IllegalMove) as error:
        print(f"generala-tui simulate: {error}", file=sys.stderr)
        return 2
    try:
        result = simulate(games, players, house_rules, seed, show_progress=sys.stderr.isatty())
        if result is None:
            print("generala-tui simulate: interrupted before a game ended.", file=sys.stderr)
            return INTERRUPTED
        if args.json:
            print(json.dumps(result, indent=2))
        else:
            _print_table(result, sys.stdout)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader has gone (| head -1): say nothing more, and keep Python's own
        # flush at exit from failing on the closed pipe.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return BROKEN_PIPE
    except KeyboardInterrupt:
        # Ctrl+C while printing: what is printed is printed.
        return INTERRUPTED
    return INTERRUPTED if result["interrupted"] else 0


def simulate(
    games: int,
    players: Sequence[Player],
    house_rules: HouseRules,
    seed: int | None = None,
    show_progress: bool = False,
) -> dict[str, Any] | None:
    """Play ``games`` games and return the figures ``--json`` prints.

    Ctrl+C (KeyboardInterrupt) stops the games: the figures are those of the games
    finished, with ``interrupted`` true; None when not one game had ended.
    """
    from .game.strategy import play_game, solve

    totals: list[list[int]] = [[] for _ in players]
    wins = [0] * len(players)
    progress = _Progress(games) if show_progress else None
    interrupted = False
    played = 0
    started = time.perf_counter()
    try:
        # The table's compute time, even when it comes from the cache this time.
        strategy = solve(house_rules, tables=store.strategy_tables)
        seeds = random.Random(seed) if seed is not None else random.SystemRandom()
        started = time.perf_counter()
        for _ in range(games):
            state: GameState = new_game(players, house_rules, seeds.randrange(SEED_RANGE))
            state = play_game(state, strategy)
            assert state.phase is Phase.OVER
            for seat, player in enumerate(state.players):
                totals[seat].append(player.total)
            for seat in state.winners:
                wins[seat] += 1
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
        "expected_optimal": strategy.expected_score,
        "solve_seconds": strategy.solve_seconds,
        "house_rules": house_rules.model_dump(mode="json"),
        "seed": seed,
        "players": [
            {
                "name": player.name,
                "level": player.level.value if player.level else None,
                "mean": statistics.fmean(scores),
                "stdev": statistics.stdev(scores) if len(scores) > 1 else 0.0,
                "wins": wins[seat],
            }
            for seat, (player, scores) in enumerate(zip(players, totals, strict=True))
        ],
    }


class _Progress:
    """A one-line progress bar with the time left, redrawn at most every 1/10 s."""

    def __init__(self, total: int, out: TextIO | None = None) -> None:
        self.total = total
        self.out = out or sys.stderr
        self._started = time.monotonic()
        self._last = 0.0
        self._width = 0

    def show(self, done: int) -> None:
        now = time.monotonic()
        if done < self.total and now - self._last < 0.1:
            return
        self._last = now
        filled = _BAR_WIDTH * done // self.total
        bar = "█" * filled + "·" * (_BAR_WIDTH - filled)
        line = f"{bar} {done}/{self.total} games{_time_left(now - self._started, done, self.total)}"
        # Pad over a longer line drawn before (the time left shrinks).
        self.out.write("\r" + line + " " * max(self._width - len(line), 0))
        self._width = max(self._width, len(line))
        self.out.flush()

    def clear(self) -> None:
        # Erase to the end of the line: a terminal's ^C echo may stand beyond the bar.
        self.out.write("\r\033[K")
        self.out.flush()


def _time_left(elapsed: float, done: int, total: int) -> str:
    """``, about 1 min 20 s left`` from the pace so far; empty before there is a pace."""
    if done <= 0 or done >= total or elapsed <= 0:
        return ""
    seconds = round(elapsed / done * (total - done))
    if seconds >= 3600:
        text = f"{seconds // 3600} h {seconds % 3600 // 60:02d} min"
    elif seconds >= 60:
        text = f"{seconds // 60} min {seconds % 60:02d} s"
    else:
        text = f"{seconds} s"
    return f", about {text} left"


def _ljust(text: str, width: int) -> str:
    """``text`` padded to ``width`` terminal cells (a CJK character takes two)."""
    return text + " " * max(width - cell_len(text), 0)


def _print_table(result: dict[str, Any], out: TextIO) -> None:
    games = result["games"]
    defaults = HouseRules().model_dump(mode="json")
    changed = [
        f"{key}={_text(value)}"
        for key, value in result["house_rules"].items()
        if value != defaults[key]
    ]
    if result.get("interrupted"):
        print(
            f"Interrupted: {games} of {result['games_requested']} games played.",
            file=out,
        )
    print(
        f"{games} game{'s' if games != 1 else ''}, house rules: "
        f"{', '.join(changed) if changed else 'the defaults'}",
        file=out,
    )
    width = max(cell_len("Player"), *(cell_len(player["name"]) for player in result["players"]))
    print(
        f"{_ljust('Player', width)}  {'Level':<6}  {'Mean':>7}  {'Std dev':>7}  {'Wins':>7}",
        file=out,
    )
    for player in result["players"]:
        print(
            f"{_ljust(player['name'], width)}  {player['level']:<6}  {player['mean']:>7.2f}  "
            f"{player['stdev']:>7.2f}  {player['wins']:>7}",
            file=out,
        )
    print(
        f"{result['games_per_second']:.0f} games per second. The optimal strategy expects "
        f"{result['expected_optimal']:.2f} points a game (its table took "
        f"{result['solve_seconds']:.2f} s).",
        file=out,
    )


def _text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)
