"""``generala-tui join``: play at an online table in this terminal, watch it, or see a
server's open tables.

``join LINK`` plays the seat a table's link opens (watches, for a link without a seat);
``join SERVER CODE`` takes the first free seat of the table the code names (the seat is
kept in the player's home, so the same command later takes it again; no free seat:
watching); ``join SERVER`` opens the server's lobby. What was given is checked first (one
line and exit status 2 if it is not a link, a server or a code, as for a file that can't
be read), then the game opens (:mod:`generala_tui.ui.remote`, :mod:`generala_tui.ui.lobby`).
A table that refuses this window for good (a wrong key, a full server, the seat taken in
another window) ends the game with the server's reason on stderr, and status 2.
"""

from __future__ import annotations

import contextlib
import os
import sys

from .. import i18n
from ..i18n import _
from . import output
from .output import fail, no_terminal

__all__ = ["run"]


LINK_BYTES = 4096
"""The most of standard input read for a link (one is under 200 characters)."""


def read_link() -> str | None:
    """The link from standard input: asked for unseen at a terminal, else its first line
    (a pipe, a file). A pipe or file leaves the game the terminal itself (``/dev/tty``)
    for its keys. None when there is no line to read."""
    import getpass

    if output.has_terminal():
        try:
            return getpass.getpass(_("The table's link (not shown): "))
        except (EOFError, KeyboardInterrupt):
            return None
    return _piped_line() or None


def _piped_line() -> str:
    """Standard input's first line (a pipe, a file); the game gets the terminal itself
    (``/dev/tty``) for its keys."""
    line = sys.stdin.buffer.readline(LINK_BYTES).decode("utf-8", "replace")
    if os.name == "posix":
        # With no terminal at all, the check that follows says so.
        with contextlib.suppress(OSError):
            terminal = os.open("/dev/tty", os.O_RDWR)
            os.dup2(terminal, sys.stdin.fileno())
            os.close(terminal)
    return line


def read_password() -> str | None:
    """The server's password: asked for unseen at a terminal, else standard input's first
    line. None when there is none to read."""
    import getpass

    if output.has_terminal():
        try:
            return getpass.getpass(_("The server's password (not shown): "))
        except (EOFError, KeyboardInterrupt):
            return None
    return _piped_line().rstrip("\r\n") or None


def run(url: str, code: str | None = None, *, ask_password: bool = False) -> int:
    """Join the table ``url`` opens (``-``: the link read from standard input), or go to the
    server ``url`` names (its lobby, or with ``code`` the table that code names); return the
    exit status."""
    from ..game.refusals import Refusal
    from ..online.client import Address, parse_url
    from ..online.lobby_client import Entrance, destination
    from ..words import refusal

    where: Address | Entrance
    try:
        if url == "-":  # a seat's link, its key kept out of the list of processes
            if code is not None:
                return fail(_("a code goes with a server, not with a link read from input"), "join")
            link = read_link()
            if link is None:
                return fail(_("no link on standard input: give the table's link"), "join")
            where = parse_url(link.strip())
        else:
            where = destination([url] if code is None else [url, code])
    except Refusal as error:
        return fail(refusal(error), "join")
    if ask_password:
        if not isinstance(where, Entrance):
            return fail(_("--password is for a server's lobby or a code, not a link"), "join")
        password = read_password()
        if password is None:
            return fail(_("no password given"), "join")
        where = Entrance(where.server, where.code, password)
    if not output.has_terminal():
        return fail(no_terminal(), "join")
    from ..ui.app import GeneralaApp

    app = GeneralaApp(table=where, language=i18n.language())
    app.run()
    if app.online.ended_with is not None:
        return fail(app.online.ended_with, "join")
    return app.return_code or 0
