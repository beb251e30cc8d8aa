"""``generala-tui join URL``: play a seat of an online table in this terminal, or watch it.

The link is checked first (one line and exit status 2 if it is not a table's, as for a
file that can't be read), then the game opens at that seat (:mod:`generala_tui.ui.remote`).
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
    line = sys.stdin.buffer.readline(LINK_BYTES).decode("utf-8", "replace")
    if os.name == "posix":
        # With no terminal at all, the check that follows says so.
        with contextlib.suppress(OSError):
            terminal = os.open("/dev/tty", os.O_RDWR)
            os.dup2(terminal, sys.stdin.fileno())
            os.close(terminal)
    return line or None


def run(url: str) -> int:
    """Join the table ``url`` opens (``-``: the link read from standard input); return the
    exit status."""
    from ..game.refusals import Refusal
    from ..online.client import parse_url
    from ..words import refusal

    if url == "-":
        link = read_link()
        if link is None:
            return fail(_("no link on standard input: give the table's link"), "join")
        url = link.strip()
    try:
        address = parse_url(url)
    except Refusal as error:
        return fail(refusal(error), "join")
    if not output.has_terminal():
        return fail(no_terminal(), "join")
    from ..ui.app import GeneralaApp

    app = GeneralaApp(table=address, language=i18n.language())
    app.run()
    if app.online.ended_with is not None:
        return fail(app.online.ended_with, "join")
    return app.return_code or 0
