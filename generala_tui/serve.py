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
        raise argparse.ArgumentTypeError(f"{value!r} is not a port: give a number from 1 to 65535")
    return port


def configure_parser(parser: argparse.ArgumentParser) -> None:
    """Add the ``serve`` options to ``parser``."""
    parser.description = (
        "Serve the game to a web browser. Every page opened plays its own game,\n"
        f"run on this machine. Needs the web extra: {INSTALL_HINT}"
    )
    parser.add_argument(
        "--host",
        default=DEFAULT_HOST,
        help=f"the address to listen on (default {DEFAULT_HOST}, this machine only; "
        "0.0.0.0 lets any machine that can reach this one play here)",
    )
    parser.add_argument(
        "--port",
        type=port_number,
        default=DEFAULT_PORT,
        help=f"the port to listen on (default {DEFAULT_PORT})",
    )


def game_command() -> str:
    """The shell command textual-serve runs for each page: this Python, this package."""
    return f"{shlex.quote(sys.executable)} -m generala_tui"


def run(args: argparse.Namespace) -> int:
    """Serve until Ctrl+C; return the exit status."""
    if importlib.util.find_spec("textual_serve") is None:
        print(
            f"generala-tui: serving in a browser needs textual-serve: {INSTALL_HINT}",
            file=sys.stderr,
        )
        return 1
    from textual_serve.server import Server

    server = Server(game_command(), host=args.host, port=args.port, title="Generala")
    try:
        server.serve()
    except OSError as error:  # the port is taken, or the address is not this machine's
        print(
            f"generala-tui: cannot listen on {args.host}:{args.port}: {error.strerror or error}",
            file=sys.stderr,
        )
        return 1
    return 0
