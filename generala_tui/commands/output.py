"""What the commands print and where: text as a terminal shows it, the one line telling a
problem, output written to the end or given up on, and whether there is a terminal to play in.

Shared by every command (the game's own, ``simulate``, ``analyse``, ``serve``); it imports
nothing heavy, the game's models only when text is escaped.
"""

from __future__ import annotations

import io
import os
import re
import sys
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from .. import i18n
from ..i18n import NP_, _, metavar

PROG = "generala-tui"

NO_TERMINAL = 2
"""Exit status of the game (and ``replay``) without a terminal: it says so in one line."""
WRITE_FAILED = 1
"""Exit status when the output can't be written (a full disk, /dev/full): one line on stderr."""
BROKEN_PIPE = 141
"""Exit status when the reader closed the pipe (128 + SIGPIPE, as shells report a command
killed by it); nothing is said, the reader having gone (``| head``)."""


_SPACES = "([\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000])"
"""The space separators but the space: a terminal shows them as spaces, and the
languages' numbers have some (Swedish "10\u00a0000"). Compiled by :mod:`re` at its first
use (and kept in its cache), not as every command starts."""


def shown(text: str) -> str:
    """``text`` as the command line may print it: every character a terminal would not show
    as itself (a control, a bidi override) escaped by :func:`~generala_tui.game.model.printable`
    (``\x1b``, ``\u202e``), the spaces that group the digits of a number kept. Text already
    so is unchanged, so escaping twice is harmless."""
    from ..game.model import printable

    return "".join(
        part if index % 2 else printable(part) for index, part in enumerate(re.split(_SPACES, text))
    )


def table(
    heads: Sequence[str],
    rows: Sequence[Sequence[str]],
    right: Collection[int] = (),
    least: Mapping[int, int] | None = None,
) -> list[str]:
    """The lines of a table drawn by :mod:`rich.table`, as plain text: ``heads`` over
    ``rows``, the columns two spaces apart, each as wide as its widest cell counted in the
    cells a terminal gives it (a CJK letter or an emoji two), the columns numbered in
    ``right`` aligned to the right (figures), the others to the left; ``least`` gives a
    column its least width. No colour, no markup read from a cell, no space at a line's end.
    """
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    least = least or {}
    grid = Table(box=None, pad_edge=False, show_edge=False, padding=(0, 1), header_style="")
    for index, head in enumerate(heads):
        grid.add_column(
            Text(head),
            justify="right" if index in right else "left",
            min_width=least.get(index),
            no_wrap=True,
        )
    for row in rows:
        grid.add_row(*(Text(cell) for cell in row))
    out = io.StringIO()
    # Wide enough that no column is ever squeezed: the text goes to a file or a pipe too.
    console = Console(file=out, width=1_000_000, color_system=None, force_terminal=False)
    console.print(grid)
    return [line.rstrip() for line in out.getvalue().splitlines()]


def say(message: str) -> None:
    """Print ``message`` (a warning, which may come from outside: a file's name, its
    contents) on stderr, one line, every character shown as itself."""
    print(shown(message), file=sys.stderr)


def failure(message: str, command: str | None = None) -> str:
    """The one line telling a problem, after the command's name ("generala-tui analyse: ..."),
    else after "generala-tui: error:"; outside text in ``message`` is escaped (:func:`shown`)."""
    prefix = f"{PROG} {command}:" if command else _("{prog}: error:").format(prog=PROG)
    return f"{prefix} {i18n.after_colon(shown(message))}"


def fail(message: str, command: str | None = None) -> int:
    """Print one line naming the problem (and the command, as analyse and simulate do);
    return exit status 2."""
    print(failure(message, command), file=sys.stderr)
    return 2


def write_output(text: str, command: str | None = None) -> int:
    """Write ``text`` on stdout and flush it; return 0, else the exit status to end with.

    A reader that has closed the pipe (``| head``) gets nothing more and nothing is said:
    :data:`BROKEN_PIPE`. Output that can't be written (a full disk, ``>/dev/full``) is one
    line on stderr, "generala-tui analyse: can't write the output (no space left on
    device)": :data:`WRITE_FAILED`. Either way stdout then points at the null device, so
    Python's own flush at exit finds nothing to fail on (as the Python documentation
    advises for SIGPIPE).
    """
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        _quiet_stdout()
        return BROKEN_PIPE
    except OSError as error:
        _quiet_stdout()
        from ..store import why

        print(
            failure(_("can't write the output ({why})").format(why=why(error)), command),
            file=sys.stderr,
        )
        return WRITE_FAILED
    return 0


def _quiet_stdout() -> None:
    """Point stdout at the null device: what is left in its buffer goes nowhere."""
    try:
        descriptor = sys.stdout.fileno()
    except (OSError, ValueError):  # not a file (a test's capture): nothing to flush at exit
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, descriptor)
    finally:
        os.close(devnull)


def has_terminal() -> bool:
    """Whether the game has a terminal to play in: Textual reads the keys from stdin and
    draws on stderr (on stdout under Windows), which must be terminals, not files or pipes
    (``generala-tui </dev/null >out 2>err`` would write escape codes into a file and wait
    for keys that never come). A driver named in ``TEXTUAL_DRIVER`` brings its own way in
    and out: textual-serve's web driver, over pipes, for each page of ``generala-tui serve``."""
    if os.environ.get("TEXTUAL_DRIVER"):
        return True
    screen = sys.__stdout__ if sys.platform == "win32" else sys.__stderr__
    return all(_is_a_terminal(stream) for stream in (sys.__stdin__, screen))


def _is_a_terminal(stream: Any) -> bool:
    try:
        return stream is not None and bool(stream.isatty())
    except (OSError, ValueError):  # closed
        return False


def no_terminal() -> str:
    """Why the game won't start without a terminal, and what plays without one."""
    # Marked outside the f-string: Babel reads inside f-strings from Python 3.12 on only.
    file = metavar(NP_("metavar", "FILE"))
    return _(
        "The game plays in a terminal, and here its input or its screen is a file or a pipe; "
        "without a terminal, try '{simulate}', '{analyse}' or '{serve}'."
    ).format(simulate=f"{PROG} simulate", analyse=f"{PROG} analyse {file}", serve=f"{PROG} serve")
