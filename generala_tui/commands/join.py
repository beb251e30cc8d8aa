"""``generala-tui join URL``: play a seat of an online table in this terminal, or watch it.

The link is checked first (one line and exit status 2 if it is not a table's, as for a
file that can't be read), then the game opens at that seat (:mod:`generala_tui.ui.remote`).
A table that refuses this window for good (a wrong key, a full server, the seat taken in
another window) ends the game with the server's reason on stderr, and status 2.
"""

from __future__ import annotations

from .. import i18n
from . import output
from .output import fail

__all__ = ["run"]


def run(url: str) -> int:
    """Join the table ``url`` opens; return the exit status."""
    from ..game.refusals import Refusal
    from ..online.client import parse_url
    from ..words import refusal

    try:
        address = parse_url(url)
    except Refusal as error:
        return fail(refusal(error), "join")
    if not output.has_terminal():
        from .main import no_terminal

        return fail(no_terminal(), "join")
    from ..ui.app import GeneralaApp

    app = GeneralaApp(table=address, language=i18n.language())
    app.run()
    if app.table_ended_with is not None:
        return fail(app.table_ended_with, "join")
    return app.return_code or 0
