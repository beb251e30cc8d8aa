"""``generala-tui host``: a table server in the foreground (docs/server.md).

It keeps its tables in a SQLite database in ``--data`` (the game's data folder's
``tables`` by default), so stopping it, or killing it, and starting it again on the
same folder goes on with every table. Players open tables in its lobby (``join
SERVER``) unless ``--open-tables host``; with ``--players`` it opens one more table
first. It prints, for every table not finished, its code and one line per human seat
given with the command that joins it (one for a free seat), then the lobby's command,
and logs to stderr until Ctrl+C.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import socket
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from .. import collector
from ..i18n import NP_, _, metavar
from .arguments import FOLDERS, add_players, add_rules, add_seed, completes
from .listening import (
    PrintableFormatter,
    add_address_options,
    is_loopback,
    port_number,
    session_limit,
)
from .output import fail, shown
from .ssh import INSTALL_HINT as SSH_INSTALL_HINT

if TYPE_CHECKING:
    from ..game.model import HouseRules, Player
    from ..online.server import TableServer
    from ..online.tables import TableRecord
    from .ssh import SSHGames

__all__ = ["configure_parser", "run"]

DEFAULT_PORT = 8765
DEFAULT_TURN_TIME = 120.0
"""A server's turn clock unless told: two minutes, ample for a turn's three rolls."""


def _seconds(value: str) -> float:
    try:
        seconds = float(value.strip())
    except ValueError:
        seconds = -1.0
    if not 0 <= seconds <= 86_400:
        raise argparse.ArgumentTypeError(
            _("{value!r} is not a time: give seconds from 0 to 86400").format(value=value)
        )
    return seconds


def configure_parser(parser: argparse.ArgumentParser) -> None:
    """Add the ``host`` options to ``parser``."""
    parser.description = _(
        "Run a table server: players in other terminals see its open tables with\n"
        "generala-tui join SERVER, open one there, or join one by its code. The server\n"
        "rolls the dice and keeps every table in its data folder, so a restart goes\n"
        "on where each table was."
    )
    add_address_options(
        parser,
        _(
            "the address to listen on (default %(default)s, this machine only; "
            "0.0.0.0 lets any machine that can reach this one join)"
        ),
        DEFAULT_PORT,
    )
    completes(
        parser.add_argument(
            "--data",
            metavar=metavar(NP_("metavar", "DIR")),
            type=Path,
            help=_("the folder the tables are kept in (default: the game's data folder's tables)"),
        ),
        FOLDERS,
    )
    add_players(
        parser,
        _(
            "open a table with these players, comma-separated, in seating order; "
            "NAME:LEVEL seats a computer, played by the server"
        ),
    )
    add_rules(parser, _("a house rule for the new table (repeatable), as for the game itself"))
    add_seed(
        parser, _("roll the new table's dice from this seed (else from the system's randomness)")
    )
    parser.add_argument(
        "--away",
        choices=["computer", "pause"],
        default="computer",
        help=_(
            "when a player is away on their turn too long: a computer plays for them "
            "until they are back (computer), or the table waits (pause); default %(default)s"
        ),
    )
    parser.add_argument(
        "--away-after",
        metavar=metavar(NP_("metavar", "SECONDS")),
        type=_seconds,
        default=60.0,
        help=_("how long a player may be away on their turn first (default %(default)g)"),
    )
    parser.add_argument(
        "--turn-time",
        metavar=metavar(NP_("metavar", "SECONDS")),
        type=_seconds,
        default=DEFAULT_TURN_TIME,
        help=_(
            "the time a player has for a turn at the tables opened from now on; then a "
            "computer plays for them until they press a key (default %(default)g; 0: no clock)"
        ),
    )
    parser.add_argument(
        "--pace",
        metavar=metavar(NP_("metavar", "SECONDS")),
        type=_seconds,
        default=0.6,
        help=_("the time between a computer's steps, so everyone sees them (default %(default)g)"),
    )
    parser.add_argument(
        "--max-tables",
        metavar=metavar(NP_("metavar", "N")),
        type=session_limit,
        default=100,
        help=_("the most tables not finished the server keeps (default %(default)s)"),
    )
    parser.add_argument(
        "--max-connections",
        metavar=metavar(NP_("metavar", "N")),
        type=session_limit,
        default=200,
        help=_(
            "the most connections at tables at once (default %(default)s); a seat's own "
            "player is let in even then"
        ),
    )
    parser.add_argument(
        "--open-tables",
        choices=["anyone", "host"],
        default="anyone",
        help=_(
            "who opens tables: anyone in the server's lobby (anyone), or only this host, "
            "with --players or the setup screen (host); default %(default)s"
        ),
    )
    parser.add_argument(
        "--watchers-talk",
        action="store_true",
        help=_("let the tables' watchers talk at them too (else only their players do)"),
    )
    parser.add_argument(
        "--rated",
        action="store_true",
        help=_(
            "rate the tables opened in the lobby: only players the server knows sit at them, "
            "the turn clock runs, and their end moves the players' ratings"
        ),
    )
    parser.add_argument(
        "--password",
        action="store_true",
        help=_(
            "make the server private: ask for a password (typed unseen, or standard "
            "input's first line) that its lobby asks of everyone who enters"
        ),
    )
    parser.add_argument(
        "--ssh",
        metavar=metavar(NP_("metavar", "PORT")),
        type=port_number,
        help=_(
            "also let players in over SSH on this port: ssh -p PORT HOST opens the lobby "
            "in their own terminal, nothing to install (needs the ssh extra: {install})"
        ).format(install=SSH_INSTALL_HINT),
    )
    parser.add_argument(
        "--max-ssh-sessions",
        metavar=metavar(NP_("metavar", "N")),
        type=session_limit,
        default=8,
        help=_("the most SSH sessions at once, each a game of its own (default %(default)s)"),
    )
    parser.add_argument(
        "--url",
        metavar=metavar(NP_("metavar", "URL")),
        help=_(
            "the address players reach the server at, for the join commands printed "
            "(behind a proxy, for example wss://example.org/generala); default ws://HOST:PORT"
        ),
    )


def join_lines(server_url: str, records: Sequence[TableRecord]) -> list[str]:
    """The lines that tell who joins each table, and how."""
    from ..online.invites import code_command, join_command, seat_commands

    lines: list[str] = []
    for record in records:
        game = record.game
        names = ", ".join(shown(player.name) for player in game.players)
        lines.append(
            _("Table {table} ({names}), round {round}:").format(
                table=record.code or record.id, names=names, round=game.round
            )
        )
        lines.extend(
            f"  {shown(name)}: {command}" for name, command in seat_commands(server_url, record)
        )
        if any(seat.free for seat in record.seats) and record.code is not None:
            lines.append(
                "  "
                + _("a free seat: {command}").format(command=code_command(server_url, record.code))
            )
        watch = join_command(server_url, record.id, None)
        lines.append("  " + _("to watch: {command}").format(command=watch))
    return lines


def run(args: argparse.Namespace) -> int:
    """Serve tables until Ctrl+C; return the exit status."""
    from ..game.rules import IllegalMove
    from ..words import refusal
    from .options import OptionError, parse_players, parse_rules

    players = None
    try:
        if args.players is not None:
            players = parse_players(args.players)
        house_rules = parse_rules(args.rules)
    except OptionError as error:
        return fail(str(error), "host")
    if args.rules and players is None:
        return fail(_("--rule is for the new table: give --players too."), "host")
    if args.ssh is not None:
        from .ssh import available

        if not available():
            return fail(
                _("--ssh needs asyncssh: {install}").format(install=SSH_INSTALL_HINT), "host"
            )
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(PrintableFormatter("%(asctime)s %(message)s", "%H:%M:%S"))
    root = logging.getLogger("generala_tui.online")
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    logging.getLogger("generala_tui.online.websockets").setLevel(logging.WARNING)
    if args.ssh is not None:  # asyncssh's own warnings, escaped as ours are; nothing less
        ssh_log = logging.getLogger("asyncssh")
        ssh_log.addHandler(handler)
        ssh_log.setLevel(logging.WARNING)
        ssh_log.propagate = False
    password = None
    if args.password:
        from .join import read_password

        password = read_password()
        if password is None:
            return fail(_("no password given"), "host")
    shown_host = f"[{args.host}]" if ":" in args.host else args.host
    url = (args.url or f"ws://{shown_host}:{args.port}").rstrip("/")
    try:
        return asyncio.run(_serve(args, players, house_rules, url, password))
    except IllegalMove as error:
        return fail(refusal(error), "host")
    except KeyboardInterrupt:
        return 0


async def _serve(
    args: argparse.Namespace,
    players: list[Player] | None,
    house_rules: HouseRules,
    url: str,
    password: str | None,
) -> int:
    from ..game.refusals import Refusal
    from ..online.server import TableServer
    from ..store.files import private_folder
    from ..store.paths import tables_dir
    from ..words import refusal

    data = args.data or tables_dir()
    try:
        private_folder(data)  # the seats' keys are in it: this user's only, as the app's own
        server = TableServer(
            data,
            max_connections=args.max_connections,
            max_tables=args.max_tables,
            away_after=args.away_after,
            pace=args.pace,
            turn_time=args.turn_time or None,
            open_tables=args.open_tables,
            password=password,
            watchers_talk=args.watchers_talk,
            rated=args.rated,
        )
    except OSError as error:
        return fail(
            _("cannot keep tables in {folder}: {error}").format(
                folder=shown(str(data)), error=shown(error.strerror or str(error))
            ),
            "host",
        )
    ssh: SSHGames | None = None
    try:
        if players is not None:
            try:
                server.open(players, house_rules, away=args.away, seed=args.seed)
            except Refusal as error:
                return fail(refusal(error), "host")
        try:
            await server.start(args.host, args.port)
        except OSError as error:
            return fail(
                _("cannot listen on {host}:{port}: {error}").format(
                    host=args.host, port=args.port, error=shown(error.strerror or str(error))
                ),
                "host",
            )
        if not is_loopback(args.host):
            logging.getLogger("generala_tui.online").warning(
                _(
                    "listening on {host}: anyone who can reach it and has a table's link can join"
                ).format(host=args.host)
            )
        from ..online.invites import COMMAND

        # Stopped from here on as by Ctrl+C: whoever read what it prints may stop it cleanly.
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, stop.set)
        if args.ssh is not None:
            started = await _serve_ssh(args, server, data, password is not None, url)
            if isinstance(started, int):
                return started
            ssh = started
        tables = server.open_tables()
        lines = join_lines(url, tables) or [
            _("No tables yet: players open them in the lobby.")
            if args.open_tables == "anyone"
            else _("No tables yet: start the server with --players NAMES to open one.")
        ]
        lines.append(_("The lobby: {command} {url}").format(command=COMMAND, url=url))
        if ssh is not None:
            lines.append(ssh.invitation(args.host if ssh.public is None else ssh.public[1]))
        print("\n".join(lines), flush=True)
        # The tables are long-lived and free of cycles: the collector's full passes over
        # them are left out (docs/server.md, "Where the time goes").
        freezer = asyncio.get_running_loop().create_task(collector.freeze_survivors())
        await stop.wait()
        freezer.cancel()
    finally:
        if ssh is not None:
            await ssh.close()
        await server.close()
    return 0


async def _serve_ssh(
    args: argparse.Namespace, server: TableServer, data: Path, password: bool, url: str
) -> SSHGames | int:
    """The SSH side listening beside ``server`` (which players reach at ``url``), or the
    exit status when it cannot."""
    from urllib.parse import urlsplit

    from .ssh import SSHGames

    own = {"0.0.0.0": "127.0.0.1", "::": "::1"}.get(args.host, args.host)
    table_url = f"ws://{f'[{own}]' if ':' in own else own}:{server.port}"
    public = urlsplit(url).hostname or args.host
    if public in {"0.0.0.0", "::"}:  # every address: the machine's name is the best guess
        public = socket.gethostname()
    games = SSHGames(
        server,
        data,
        table_url,
        max_sessions=args.max_ssh_sessions,
        password=password,
        public=(url, public),
    )
    try:
        await games.start(args.host, args.ssh)
    except ValueError as error:
        return fail(
            _(
                "the SSH host key in {folder} is damaged ({error}): move it away to make a new one"
            ).format(folder=shown(str(data)), error=shown(str(error))),
            "host",
        )
    except OSError as error:
        return fail(
            _("cannot listen on {host}:{port}: {error}").format(
                host=args.host, port=args.ssh, error=shown(error.strerror or str(error))
            ),
            "host",
        )
    return games
