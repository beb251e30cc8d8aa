"""``generala-tui serve``: the game in a web browser, through textual-serve.

Each page opened runs its own ``python -m generala_tui`` (with this Python) on
this machine, drawn in the page. textual-serve is an optional extra
(``pip install 'generala-tui[web]'``); without it the command says so in one
line. It listens on loopback (127.0.0.1) unless ``--host`` says otherwise.
"""

from __future__ import annotations

import argparse
import importlib.util
import shlex
import sys

from .i18n import NP_, _, metavar

__all__ = ["configure_parser", "run"]

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
INSTALL_HINT = "pip install 'generala-tui[web]'"


def port_number(value: str) -> int:
    """A TCP port, 1 to 65535, or an error naming what would do."""
    try:
        port = int(value.strip())
    except ValueError:
        port = 0
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(
            _("{value!r} is not a port: give a number from 1 to 65535").format(value=value)
        )
    return port


def configure_parser(parser: argparse.ArgumentParser) -> None:
    """Add the ``serve`` options to ``parser``."""
    parser.description = _(
        "Serve the game to a web browser. Every page opened plays its own game,\n"
        "run on this machine. Needs the web extra: {install}"
    ).format(install=INSTALL_HINT)
    parser.add_argument(
        "--host",
        metavar=metavar(NP_("metavar", "HOST")),
        default=DEFAULT_HOST,
        help=_(
            "the address to listen on (default {host}, this machine only; "
            "0.0.0.0 lets any machine that can reach this one play here)"
        ).format(host=DEFAULT_HOST),
    )
    parser.add_argument(
        "--port",
        metavar=metavar(NP_("metavar", "PORT")),
        type=port_number,
        default=DEFAULT_PORT,
        help=_("the port to listen on (default {port})").format(port=DEFAULT_PORT),
    )
    parser.add_argument(
        "--lang",
        metavar=metavar(NP_("metavar", "LANG")),
        help=_("the language of every page's game: en, es or sv"),
    )


def game_command(lang: str | None = None) -> str:
    """The shell command textual-serve runs for each page: this Python, this package (in
    ``lang``, when the command was given one)."""
    command = f"{shlex.quote(sys.executable)} -m generala_tui"
    return command if lang is None else f"{command} --lang {shlex.quote(lang)}"


def run(args: argparse.Namespace) -> int:
    """Serve until Ctrl+C; return the exit status."""
    if importlib.util.find_spec("textual_serve") is None:
        print(
            "generala-tui: "
            + _("serving in a browser needs textual-serve: {install}").format(install=INSTALL_HINT),
            file=sys.stderr,
        )
        return 1
    from textual_serve.server import Server

    lang = getattr(args, "lang", None)
    server = Server(game_command(lang), host=args.host, port=args.port, title="Generala")
    try:
        server.serve()
    except OSError as error:  # the port is taken, or the address is not this machine's
        print(
            "generala-tui: "
            + _("cannot listen on {host}:{port}: {error}").format(
                host=args.host, port=args.port, error=error.strerror or error
            ),
            file=sys.stderr,
        )
        return 1
    return 0
