"""``generala-tui simulate``: computer-only games without a user interface.

Plays ``--games`` games between computer players (one to eight) and prints,
per player, the mean and standard deviation of the final totals and the
number of wins, and the games played per second. ``--json`` prints the same as
one JSON object, with the strategy's expected final score from an empty
scorecard (``expected_optimal``) and the time it took to compute its table
(``solve_seconds``).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any, TextIO

from . import store
from .game.model import MAX_PLAYERS, GameState, HouseRules, Phase, Player
from .game.rules import SEED_RANGE, IllegalMove, new_game
from .options import OptionError, parse_players, parse_rules

__all__ = ["configure_parser", "run"]

DEFAULT_PLAYERS = "expert,medium,easy"
DEFAULT_GAMES = 1000
MAX_GAMES = 10_000_000
_BAR_WIDTH = 30


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
        help="a house rule, as in RULES.md section 8 (repeatable), e.g. generala_points=60",
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
    result = simulate(games, players, house_rules, seed, show_progress=sys.stdout.isatty())
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        _print_table(result, sys.stdout)
    return 0


def simulate(
    games: int,
    players: Sequence[Player],
    house_rules: HouseRules,
    seed: int | None = None,
    show_progress: bool = False,
) -> dict[str, Any]:
    """Play ``games`` games and return the figures ``--json`` prints."""
    from .game.strategy import play_game, solve

    # The table's compute time, even when it comes from the cache this time.
    strategy = solve(house_rules, tables=store.strategy_tables)
    seeds = random.Random(seed) if seed is not None else random.SystemRandom()
    totals: list[list[int]] = [[] for _ in players]
    wins = [0] * len(players)
    progress = _Progress(games) if show_progress else None
    started = time.perf_counter()
    for game in range(games):
        state: GameState = new_game(players, house_rules, seeds.randrange(SEED_RANGE))
        state = play_game(state, strategy)
        assert state.phase is Phase.OVER
        for seat, player in enumerate(state.players):
            totals[seat].append(player.total)
        for seat in state.winners:
            wins[seat] += 1
        if progress is not None:
            progress.show(game + 1)
    elapsed = time.perf_counter() - started
    if progress is not None:
        progress.clear()
    return {
        "games": games,
        "games_per_second": games / elapsed if elapsed > 0 else math.inf,
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
    """A one-line progress bar on the terminal, redrawn at most every 1/10 s."""

    def __init__(self, total: int, out: TextIO | None = None) -> None:
        self.total = total
        self.out = out or sys.stdout
        self._last = 0.0

    def show(self, done: int) -> None:
        now = time.monotonic()
        if done < self.total and now - self._last < 0.1:
            return
        self._last = now
        filled = _BAR_WIDTH * done // self.total
        bar = "█" * filled + "·" * (_BAR_WIDTH - filled)
        self.out.write(f"\r{bar} {done}/{self.total} games")
        self.out.flush()

    def clear(self) -> None:
        self.out.write("\r" + " " * (_BAR_WIDTH + 30) + "\r")
        self.out.flush()


def _print_table(result: dict[str, Any], out: TextIO) -> None:
    games = result["games"]
    defaults = HouseRules().model_dump(mode="json")
    changed = [
        f"{key}={_text(value)}"
        for key, value in result["house_rules"].items()
        if value != defaults[key]
    ]
    print(
        f"{games} game{'s' if games != 1 else ''}, house rules: "
        f"{', '.join(changed) if changed else 'the defaults'}",
        file=out,
    )
    width = max(len("Player"), *(len(player["name"]) for player in result["players"]))
    print(f"{'Player':<{width}}  {'Level':<6}  {'Mean':>7}  {'Std dev':>7}  {'Wins':>7}", file=out)
    for player in result["players"]:
        print(
            f"{player['name']:<{width}}  {player['level']:<6}  {player['mean']:>7.2f}  "
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
