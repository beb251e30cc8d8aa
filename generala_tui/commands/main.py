"""The ``generala-tui`` command: its arguments, the language, then the game, ``replay``, or
the command named (``simulate``, ``serve``, ``host``, ``join``, ``analyse``, ``fair-play``,
``docs``, ``completion``, each in its module beside this one)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .. import __version__, collector, i18n
from ..i18n import N_, NP_, _, metavar
from . import output
from .arguments import (
    FILES,
    LANG,
    add_language,
    add_players,
    add_rules,
    add_seed,
    completes,
    languages,
    named_languages,
)
from .output import PROG, fail, no_terminal, say, shown, write_output

if TYPE_CHECKING:
    from ..store import Preferences

# Nothing heavy is imported at the top: --version needs none of it, --help only the house
# rules' words, a subcommand only its own module, and the game its models and the UI.


ARGPARSE_WORDS = (
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("expected one argument"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
)
"""The words argparse itself prints (its help's headings, its errors), in the catalogs:
argparse looks them up with gettext, which :func:`speak_to_argparse` points at ours."""


def speak_to_argparse() -> None:
    """Make argparse say its own words (``usage:``, ``options``, its errors) in the current
    language: it looks them up through the module's ``_`` and ``ngettext``, the gettext
    functions it imported, which read the environment's language, not the game's."""
    setattr(argparse, "_", i18n._)  # noqa: B010 - argparse's own module global
    setattr(argparse, "ngettext", i18n.ngettext)  # noqa: B010


class _Parser(argparse.ArgumentParser):
    """An argument parser that can finish itself when first used.

    ``when_used(configure)`` defers adding arguments (or help text) until the parser
    parses or prints its help, so a subcommand's module is imported only when that
    subcommand runs or its help is asked for, and the house rules' help only for --help.
    """

    _configure: Callable[[argparse.ArgumentParser], None] | None = None

    def when_used(self, configure: Callable[[argparse.ArgumentParser], None]) -> None:
        self._configure = configure

    def finish(self) -> None:
        """Add what :meth:`when_used` deferred, now (once)."""
        configure, self._configure = self._configure, None
        if configure is not None:
            configure(self)

    def parse_known_args(self, *args: Any, **kwargs: Any) -> Any:
        self.finish()
        return super().parse_known_args(*args, **kwargs)

    def format_help(self) -> str:
        self.finish()
        return super().format_help()

    def format_usage(self) -> str:
        self.finish()
        return super().format_usage()

    def error(self, message: str) -> Any:  # NoReturn in typeshed; argparse exits with 2
        # "unrecognized arguments: ..." names the arguments as they were typed.
        super().error(shown(message))

    def _print_message(self, message: str, file: Any = None) -> None:
        # argparse drops a failed write of --help or --version (exit status 0): say it.
        if message and (file is None or file is sys.stdout):
            status = write_output(message, self.prog.removeprefix(PROG).strip() or None)
            if status:
                raise SystemExit(status)
            return
        super()._print_message(message, file)


class _GameParser(_Parser):
    """The game's own parser: its help names the levels and every house rule, which need
    the game's models, so they are written in only when the help is printed."""

    _described = False
    commands: Mapping[str, argparse.ArgumentParser]
    """The commands' own parsers, by name."""

    def describe(self) -> None:
        """Write in the help that needs the game's models (once)."""
        if not self._described:
            self._described = True
            _describe_game_options(self)

    def format_help(self) -> str:
        self.describe()
        return super().format_help()


def _describe_game_options(parser: argparse.ArgumentParser) -> None:
    """The help that needs the game's models: the levels, the players, every house rule."""
    from ..game.model import MAX_PLAYERS, Level
    from .documents import command as document_command
    from .options import rules_help

    levels = ", ".join(level.value for level in Level)
    for action in parser._actions:
        if action.dest == "game_players":
            action.help = _(
                "start a game at once with these players, comma-separated, in seating order; "
                "NAME:LEVEL makes a computer player (LEVEL is {levels}), and a bare level names "
                "one after it (for example Ana,Rita:expert,medium); 1 to {most} players"
            ).format(levels=levels, most=MAX_PLAYERS)
    # What an installed game has (pipx, pip): the game's own help, and the README, which is
    # the package's description; the docs folder is the source's only.
    parser.epilog = (
        _("Without --players the game opens on the setup screen.")
        + "\n\n"
        + _("House rules for --rule KEY=VALUE (true/false also take on/off, yes/no, 1/0):")
        + f"\n{rules_help()}\n\n"
        + _(
            "The rules as the house rules chosen play them, and every key: the game's help,\n"
            "? or F1 in the game. The README is installed with the game, as the description\n"
            "in the package's metadata."
        )
        + "\n\n"
        + _("The whole rule book: {command}.").format(command=document_command("rules"))
    )


def _configure_simulate(parser: argparse.ArgumentParser) -> None:
    from . import simulate

    simulate.configure_parser(parser)


def _configure_serve(parser: argparse.ArgumentParser) -> None:
    from . import serve

    serve.configure_parser(parser)


def _configure_host(parser: argparse.ArgumentParser) -> None:
    from . import host

    host.configure_parser(parser)


def _configure_analyse(parser: argparse.ArgumentParser) -> None:
    # The analyse command's module (its words in report.py) loads only here.
    from . import analyse

    analyse.configure_parser(parser)


def _configure_fair_play(parser: argparse.ArgumentParser) -> None:
    from . import fair_play

    fair_play.configure_parser(parser)


def _configure_docs(parser: argparse.ArgumentParser) -> None:
    from . import documents

    documents.configure_parser(parser)


def _configure_completion(parser: argparse.ArgumentParser) -> None:
    from . import completion

    completion.configure_parser(parser)


def _configure_replay(parser: argparse.ArgumentParser) -> None:
    completes(
        parser.add_argument(
            "file",
            metavar=metavar(NP_("metavar", "FILE")),
            help=_("a game record (or a history or autosave file)"),
        ),
        FILES,
    )
    # Naming the languages loads Babel's data: only for this command or its help.
    add_language(parser, _("the language: {languages}").format(languages=languages()))


def _configure_join(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "url",
        metavar=metavar(NP_("metavar", "SERVER|LINK")),
        help=_(
            "a server (HOST, HOST:PORT or ws://HOST:PORT), or a table's link: "
            "ws://HOST:PORT/TABLE?seat=KEY; - reads the link from standard input (typed "
            "unseen, or from a file: join - < link.txt), so the seat's key is not in the "
            "list of processes"
        ),
    )
    parser.add_argument(
        "code",
        nargs="?",
        metavar=metavar(NP_("metavar", "CODE")),
        help=_("the table's code on that server (six letters and digits, as K7QXM3)"),
    )
    parser.add_argument(
        "--password",
        action="store_true",
        help=_(
            "the server is private: ask for its password (typed unseen, or the first line "
            "of standard input), so it is not in the list of processes"
        ),
    )
    add_language(parser, _("the language: {languages}").format(languages=languages()))


def build_parser() -> argparse.ArgumentParser:
    """The command's parser, its help in the current language."""
    speak_to_argparse()
    parser = _GameParser(
        prog=PROG,
        description=_("Generala, the Latin-American five-dice game, in your terminal."),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"%(prog)s {__version__}",
        # Python 3.11's argparse does not look this one up in the catalog itself.
        help=_("show program's version number and exit"),
    )
    add_language(
        parser,
        _(
            "the language: {languages}; without it, the one chosen on the settings screen, "
            "else the environment's (LANG), else English"
        ).format(languages=named_languages()),
    )
    # in full by _describe_game_options
    add_players(parser, _("start a game at once with these players"), dest="game_players")
    parser.add_argument(
        "--resume",
        action="store_true",
        help=_(
            "go on at once with the game in progress saved when the last one stopped, in the "
            "language it was played in unless --lang names another"
        ),
    )
    add_seed(parser, _("seed the dice of the first game"), dest="game_seed")
    add_rules(
        parser,
        _(
            "a house rule for the game (repeatable), for example --rule generala_points=60; "
            "the rules and their values are listed below"
        ),
        dest="game_rules",
    )
    commands = parser.add_subparsers(
        dest="command", metavar=metavar(NP_("metavar", "COMMAND")), parser_class=_Parser
    )
    simulate_parser = commands.add_parser(
        "simulate",
        help=_("play computer-only games and print statistics"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    simulate_parser.when_used(_configure_simulate)
    serve_parser = commands.add_parser(
        "serve",
        help=_("play in a web browser (the web extra)"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    serve_parser.when_used(_configure_serve)
    host_parser = commands.add_parser(
        "host",
        help=_("run a table server that players in other terminals join"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    host_parser.when_used(_configure_host)
    analyse_parser = commands.add_parser(
        "analyse", help=_("print the luck and the decisions of a recorded game")
    )
    analyse_parser.when_used(_configure_analyse)
    fair_play_parser = commands.add_parser(
        "fair-play",
        help=_(
            "report how close each player's rated games came to the optimum, for a table "
            "server's host"
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    fair_play_parser.when_used(_configure_fair_play)
    replay = commands.add_parser(
        "replay",
        help=_("open a game record file in the game and step through it move by move"),
        description=_(
            "Open a game record (written by the app's Save record, by simulate --records, "
            "or a history or autosave file) and step through the game move by move "
            "without changing it: ←/→ a step, PgUp/PgDn a turn, Home/End the first or last step, "
            "Esc closes. The last step says how the game ended."
        ),
        epilog=_("A file that can't be read gets one line on stderr and exit status 2."),
    )
    replay.when_used(_configure_replay)
    join = commands.add_parser(
        "join",
        help=_("play at an online table in this terminal, or see a server's open tables"),
        description=_(
            "Sit down at an online table: by a server and the table's code (join HOST "
            "CODE: a free seat is yours, kept for next time), by the link its host sent "
            "(generala-tui host prints one for each seat), or see a server's open tables "
            "(join HOST: its lobby, where you take a seat, watch, or open a table). The "
            "server rolls the dice and plays the computers. A link without a seat watches."
        ),
        epilog=_(
            "A link, server or code that is not one gets one line on stderr and exit status 2."
        ),
    )
    join.when_used(_configure_join)
    docs_parser = commands.add_parser(
        "docs",
        help=_("print one of the game's documents: its rule book, the analysis explained"),
    )
    docs_parser.when_used(_configure_docs)
    completion_parser = commands.add_parser(
        "completion",
        help=_("print the shell completion script for bash, zsh or fish"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    completion_parser.when_used(_configure_completion)
    parser.commands = commands.choices
    return parser


def finished_parser() -> argparse.ArgumentParser:
    """The command's parser with every command's arguments and help in it (as a completion
    script needs them), none left to add when first used."""
    parser = build_parser()
    assert isinstance(parser, _GameParser)
    parser.describe()
    for command in parser.commands.values():
        if isinstance(command, _Parser):
            command.finish()
    return parser


def _given_languages(argv: Sequence[str]) -> list[str]:
    """The values of every ``--lang`` among the arguments, in order (the last one counts),
    read before the parser is built (its help speaks the language)."""
    early = argparse.ArgumentParser(prog=PROG, add_help=False)
    early.add_argument(LANG, action="append", default=[])
    known, _rest = early.parse_known_args(list(argv))
    langs: list[str] = known.lang
    return langs


def _given_language(argv: Sequence[str]) -> str | None:
    """The value of ``--lang`` among the arguments, or None."""
    langs = _given_languages(argv)
    return langs[-1] if langs else None


def _error_language(argv: Sequence[str]) -> str:
    """The language to tell the command line's errors in: its last ``--lang`` the game speaks
    (``--lang es --lang xx`` is told in Spanish), else the environment's, else English."""
    spoken = [lang for lang in _given_languages(argv) if lang in i18n.LANGUAGES]
    return i18n.choose_language(spoken[-1] if spoken else None, None)


def choose_language(argv: Sequence[str], saved: str | None) -> str | None:
    """Speak the language ``--lang`` names, else the ``saved`` one, else the environment's,
    else English; return the value of a ``--lang`` the game doesn't speak (an error, then
    told in :func:`_error_language`), else None."""
    given = _given_language(argv)
    if given is not None and given not in i18n.LANGUAGES:
        i18n.set_language(_error_language(argv))
        return given
    i18n.set_language(i18n.choose_language(given, saved))
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; return the exit status (argparse's own exits, --help, --version
    and a wrong argument, raise :class:`SystemExit`).

    0 when all went well; 2 for a wrong argument or an unusable file, and for the game or
    ``replay`` without a terminal (:func:`.output.has_terminal`), one line on stderr; 1
    (:data:`.output.WRITE_FAILED`) when the output can't be written, a full disk, one line on
    stderr; 141 (:data:`.output.BROKEN_PIPE`) when its reader closed the pipe, nothing said.
    ``simulate`` adds 130 after Ctrl+C. Every line printed from outside text (a file's
    name or contents, the operating system's words) shows only characters a terminal
    shows as themselves (:func:`shown`).
    """
    argv = sys.argv[1:] if argv is None else list(argv)
    if "--version" in argv:  # no words to say: nothing to read for the language either
        build_parser().parse_args(argv)
    speak_to_argparse()
    # A damaged preferences file is told in --lang's language, else the environment's.
    i18n.set_language(_error_language(argv))
    # From the store's import (pydantic, the models) to the app's first frame: see
    # generala_tui.collector. A command other than the game turns it back on as it starts.
    collector.pause()
    try:
        return _command(argv)
    finally:
        collector.resume()  # if the app stopped before it drew a frame


def _command(argv: list[str]) -> int:
    """:func:`main` from the preferences on: the game, or the command named."""
    from ..store import load_preferences

    # Read once: a damaged file is set aside as it is read, and its warning told once.
    preferences, warning = load_preferences()
    bad_language = choose_language(argv, preferences.language)
    if bad_language is not None:
        return fail(
            _("--lang takes {languages}, not {value!r}.").format(
                languages=languages(), value=bad_language
            )
        )
    args = build_parser().parse_args(argv)
    if args.command is not None:
        collector.resume()  # not the game: start-up is over
    given = args.game_players is not None or args.game_seed is not None or args.game_rules
    if args.command == "simulate":
        if given:
            return fail(
                _("--players, --seed and --rule go after 'simulate', not before it."), "simulate"
            )
        if warning is not None:
            say(warning)
        from . import simulate

        return simulate.run(args)
    if args.command == "serve":
        if given or args.resume:
            return fail(_("'serve' takes no --players, --seed, --rule or --resume."), "serve")
        from . import serve

        return serve.run(args)
    if args.command == "host":
        if given or args.resume:
            return fail(_("--players, --seed and --rule go after 'host', not before it."), "host")
        from . import host

        return host.run(args)
    if args.command == "analyse":
        if given:
            return fail(_("--players, --seed and --rule don't go with 'analyse'."), "analyse")
        from . import analyse

        return analyse.run(args)
    if args.command in ("replay", "join", "docs", "completion", "fair-play") and (
        given or args.resume
    ):
        return fail(
            _("--players, --seed, --rule and --resume don't go with '{command}'.").format(
                command=args.command
            ),
            args.command,
        )
    if args.command == "replay":
        return _replay(args.file)
    if args.command == "join":
        from . import join

        return join.run(args.url, args.code, ask_password=args.password)
    if args.command == "fair-play":
        from . import fair_play

        return fair_play.run(args)
    if args.command == "docs":
        from . import documents

        return documents.run(args)
    if args.command == "completion":
        from . import completion

        return completion.run(finished_parser(), args.shell)
    return _play(args, preferences, warning)


def _play(
    args: argparse.Namespace,
    preferences: Preferences,
    warning: str | None,
) -> int:
    """The game itself: the setup screen, or the turn screen of the players given (under
    the ``preferences`` read, telling their file's ``warning`` if any)."""
    from .options import OptionError, parse_players, parse_rules

    try:
        house_rules = parse_rules(args.game_rules, base=preferences.house_rules)
        players = parse_players(args.game_players) if args.game_players is not None else None
    except OptionError as error:
        return fail(str(error))

    if args.resume and (players or args.game_rules or args.game_seed is not None):
        return fail(
            _("--resume goes on with the saved game: it takes no --players, --seed or --rule.")
        )
    if not output.has_terminal():
        return fail(no_terminal())

    from ..game.rules import new_game
    from ..ui.app import GeneralaApp

    game = new_game(players, house_rules, seed=args.game_seed) if players else None
    app = GeneralaApp(
        game,
        house_rules,
        seed=args.game_seed,
        startup_warning=warning,
        resume=args.resume,
        # Only as named: without --lang a resumed game speaks the language it was played in.
        language=args.lang,
    )
    app.run()
    return app.return_code or 0


def _replay(file: str) -> int:
    """Open the record in the app, read-only; a bad file is one line and exit status 2."""
    from ..store import RecordError, read_record

    try:
        game = read_record(file)
    except RecordError as error:
        return fail(str(error), "replay")
    if not output.has_terminal():
        return fail(no_terminal(), "replay")
    from ..ui.app import GeneralaApp

    app = GeneralaApp(replay=game, language=i18n.language())
    app.run()
    return app.return_code or 0
