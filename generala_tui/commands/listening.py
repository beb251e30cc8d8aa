"""What the commands that listen share (``serve`` and ``host``): the address and the port
they take, the limits' numbers, whether an address is this machine's, and log lines that
carry nothing raw of what a stranger sent.
"""

from __future__ import annotations

import argparse
import ipaddress
import logging
import re

from ..i18n import NP_, _, metavar

__all__ = [
    "DEFAULT_HOST",
    "PrintableFormatter",
    "add_address_options",
    "host_address",
    "is_loopback",
    "port_number",
    "session_limit",
]

DEFAULT_HOST = "127.0.0.1"
TOKEN_PARAMETER = "token"
"""The token's name in a link's query."""
TOKEN_IN_LOG = re.compile(r"([?&]" + TOKEN_PARAMETER + r"=)[^&#\s\"]*")
"""A token in a URL the access log writes (a request's, a ``Referer``): blanked."""


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


def host_address(value: str) -> str:
    """An explicit address to listen on; an empty one (every interface, silently) is refused."""
    host = value.strip()
    if not host or any(character.isspace() for character in host):
        raise argparse.ArgumentTypeError(
            _(
                "{value!r} is not an address: give one, such as {loopback} (this machine only) "
                "or 0.0.0.0 (every IPv4 interface)"
            ).format(value=value, loopback=DEFAULT_HOST)
        )
    return host


def session_limit(value: str) -> int:
    """How many games may run at once: a whole number from 1."""
    try:
        limit = int(value.strip())
    except ValueError:
        limit = 0
    if limit < 1:
        raise argparse.ArgumentTypeError(
            _("{value!r} is not a number of games: give a whole number from 1 up").format(
                value=value
            )
        )
    return limit


def add_address_options(parser: argparse.ArgumentParser, host_help: str, port: int) -> None:
    """``--host`` (loopback unless it names an address) and ``--port``, for the commands
    that listen: ``serve`` and ``host``."""
    parser.add_argument(
        "--host",
        metavar=metavar(NP_("metavar", "HOST")),
        type=host_address,
        default=DEFAULT_HOST,
        help=host_help,
    )
    parser.add_argument(
        "--port",
        metavar=metavar(NP_("metavar", "PORT")),
        type=port_number,
        default=port,
        help=_("the port to listen on (default %(default)s)"),
    )


def is_loopback(host: str) -> bool:
    """Whether ``host`` (an address or name, IPv6 with or without brackets) is this machine's
    loopback."""
    name = host.strip("[]").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


class PrintableFormatter(logging.Formatter):
    """Log lines, one a record, with nothing raw of what a stranger sent: an Origin, a Host,
    a User-Agent in aiohttp's access log, an error's words about a message
    (:func:`~generala_tui.game.model.printable`), and no traceback; and no token (a link's,
    in the access log's request line or ``Referer``: :data:`TOKEN_IN_LOG`)."""

    def format(self, record: logging.LogRecord) -> str:
        from ..game.model import printable

        if record.exc_info and record.exc_info[1] is not None:
            # aiohttp logs a request it can't parse with its traceback: one line instead.
            error = record.exc_info[1]
            said = " ".join(str(error).split())
            record = logging.makeLogRecord(
                {
                    **record.__dict__,
                    "msg": f"{record.getMessage()} ({type(error).__name__}: {said})",
                    "args": (),
                    "exc_info": None,
                    "exc_text": None,
                }
            )
        return printable(TOKEN_IN_LOG.sub(r"\1...", super().format(record)))
