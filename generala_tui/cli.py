"""The ``generala-tui`` command."""

from __future__ import annotations

import argparse
import gc
import sys
from collections.abc import Callable, Sequence
from typing import Any

from . import __version__

PROG = "generala-tui"

# Nothing heavy is imported at the top: --version needs none of it, --help only the house
# rules' words, a subcommand only its own module, and the game its models and the UI.


RULES_PAGE = "docs/rules.md"
"""The players' rule book, in the project's source folder."""


class _Parser(argparse.ArgumentParser):
    """An argument parser that can finish itself when first used.

    ``when_used(configure)`` defers adding arguments (or help text) until the parser
    parses or prints its help, so a subcommand's module is imported only when that
    subcommand runs or its help is asked for, and the house rules' help only for --help.
    """

    _configure: Callable[[argparse.ArgumentParser], None] | None = None

    def when_used(self, configure: Callable[[argparse.ArgumentParser], None]) -> None:
        self._configure = configure

    def _finish(self) -> None:
        configure, self._configure = self._configure, None
        if configure is not None:
            configure(self)

    def parse_known_args(self, *args: Any, **kwargs: Any) -> Any:
        self._finish()
        return super().parse_known_args(*args, **kwargs)

    def format_help(self) -> str:
        self._finish()
        return super().format_help()

    def format_usage(self) -> str:
        self._finish()
        return super().format_usage()


class _GameParser(_Parser):
    """The game's own parser: its help names the levels and every house rule, which need
    the game's models, so they are written in only when the help is printed."""

    _described = False

    def format_help(self) -> str:
        if not self._described:
            self._described = True
            _describe_game_options(self)
        return super().format_help()


def _describe_game_options(parser: argparse.ArgumentParser) -> None:
    """The help that needs the game's models: the levels, the players, every house rule."""
    from .game.model import MAX_PLAYERS, Level
    from .options import rules_help

    levels = ", ".join(level.value for level in Level)
    for action in parser._actions:
        if action.dest == "game_players":
            action.help = (
                "start a game at once with these players, comma-separated, in seating order; "
                f"NAME:LEVEL makes a computer player (LEVEL is {levels}), and a bare level "
                f"names one after it (for example Ana,Rita:expert,medium); 1 to {MAX_PLAYERS} "
                "players"
            )
    parser.epilog = (
        "Without --players the game opens on the setup screen.\n\n"
        "House rules for --rule KEY=VALUE (true/false also take on/off, yes/no, 1/0):\n"
        f"{rules_help()}\n\n"
        f"The rules of the game, every house rule explained: {RULES_PAGE}\n"
        "in the source folder."
    )


def _configure_simulate(parser: argparse.ArgumentParser) -> None:
    from . import simulate

    simulate.configure_parser(parser)


def _configure_serve(parser: argparse.ArgumentParser) -> None:
    from . import serve

    serve.configure_parser(parser)


def build_parser() -> argparse.ArgumentParser:
    parser = _GameParser(
        prog=PROG,
        description="Generala, the Latin-American five-dice game, in your terminal.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument(
        "--players",
        dest="game_players",
        metavar="NAMES",
        help="start a game at once with these players",  # in full by _describe_game_options
    )
    parser.add_argument(
        "--resume",
        action="store_true",
        help="go on at once with the game in progress saved when the last one stopped",
    )
    parser.add_argument(
        "--seed", dest="game_seed", type=int, metavar="N", help="seed the dice of the first game"
    )
    parser.add_argument(
        "--rule",
        dest="game_rules",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a house rule for the game (repeatable), for example --rule generala_points=60; "
        "the rules and their values are listed below",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    simulate_parser = commands.add_parser(
        "simulate",
        help="play computer-only games and print statistics",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    simulate_parser.when_used(_configure_simulate)
    serve_parser = commands.add_parser(
        "serve",
        help="play in a web browser (the web extra)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    serve_parser.when_used(_configure_serve)
    analyse_parser = commands.add_parser(
        "analyse", help="print the luck and the decisions of a recorded game"
    )
    analyse_parser.when_used(_configure_analyse)
    replay = commands.add_parser(
        "replay",
        help="open a game record file in the game and step through it move by move",
        description=(
            "Open a game record (written by the app's Save record, by simulate --records, "
            "or a history or autosave file) and step through the game move by move "
            "without changing it: ←/→ a step, PgUp/PgDn a turn, Home/End the first or last step, "
            "Esc closes. The last step says how the game ended."
        ),
        epilog="A file that can't be read gets one line on stderr and exit status 2.",
    )
    replay.add_argument(
        "file", metavar="FILE", help="a game record (or a history or autosave file)"
    )
    return parser


def _configure_analyse(parser: argparse.ArgumentParser) -> None:
    # The analyse command's module (its words in report.py) loads only here.
    from . import analyse

    analyse.configure_parser(parser)


def fail(message: str, command: str | None = None) -> int:
    """Print one line naming the problem (and the command, as analyse and simulate do);
    return exit status 2."""
    prefix = f"{PROG} {command}:" if command else f"{PROG}: error:"
    print(f"{prefix} {message}", file=sys.stderr)
    return 2


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; return the exit status."""
    args = build_parser().parse_args(argv)
    given = args.game_players is not None or args.game_seed is not None or args.game_rules
    if args.command == "simulate":
        if given:
            return fail(
                "--players, --seed and --rule go after 'simulate', not before it.", "simulate"
            )
        from . import simulate

        return simulate.run(args)
    if args.command == "serve":
        if given or args.resume:
            return fail("'serve' takes no --players, --seed, --rule or --resume.", "serve")
        from . import serve

        return serve.run(args)
    if args.command == "analyse":
        if given:
            return fail("--players, --seed and --rule don't go with 'analyse'.", "analyse")
        from . import analyse

        return analyse.run(args)
    if args.command == "replay":
        if given or args.resume:
            return fail("--players, --seed, --rule and --resume don't go with 'replay'.", "replay")
        return _replay(args.file)
    # Start-up allocates a great deal and frees little: the collector's passes over it
    # would only delay the first frame. The app resumes it once that frame is drawn.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _play(args, collector_paused=collecting)
    finally:
        if collecting:
            gc.enable()


def _play(args: argparse.Namespace, *, collector_paused: bool) -> int:
    """The game itself: the setup screen, or the turn screen of the players given."""
    from .options import OptionError, parse_players, parse_rules
    from .store import load_preferences

    preferences, warning = load_preferences()
    try:
        house_rules = parse_rules(args.game_rules, base=preferences.house_rules)
        players = parse_players(args.game_players) if args.game_players is not None else None
    except OptionError as error:
        return fail(str(error))

    from .game.rules import new_game
    from .ui.app import GeneralaApp

    if args.resume and (players or args.game_rules or args.game_seed is not None):
        return fail(
            "--resume goes on with the saved game: it takes no --players, --seed or --rule."
        )
    game = new_game(players, house_rules, seed=args.game_seed) if players else None
    app = GeneralaApp(
        game,
        house_rules,
        seed=args.game_seed,
        startup_warning=warning,
        resume=args.resume,
        collector_paused=collector_paused,
    )
    app.run()
    return app.return_code or 0


def _replay(file: str) -> int:
    """Open the record in the app, read-only; a bad file is one line and exit status 2."""
    from .store import RecordError, read_record

    try:
        game = read_record(file)
    except RecordError as error:
        return fail(str(error), "replay")
    from .ui.app import GeneralaApp

    app = GeneralaApp(replay=game)
    app.run()
    return app.return_code or 0
