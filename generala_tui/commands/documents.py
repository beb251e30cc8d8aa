"""``generala-tui docs [NAME]``: one of the game's documents, as an installed game has them.

The pages the game and its help point at (the rule book in each language, the analysis
explained) are package data: ``commands/docs`` is the source's ``docs`` folder (a link to
it), and the wheel holds a copy of those pages, so a game installed with pipx, uv or pip
has them too. A page is printed as it is written (Markdown), without a pager (``| less``
pages it), every line escaped as the commands print text (:func:`.output.shown`).
"""

from __future__ import annotations

import argparse
import textwrap
from importlib import resources

from .. import i18n
from ..i18n import NP_, _, metavar
from .arguments import add_language, languages
from .output import PROG, fail, shown, write_output

__all__ = ["DOCUMENTS", "command", "configure_parser", "read", "run"]

PACKAGE = __name__.rpartition(".")[0]
FOLDER = "docs"
"""The documents' folder, beside this module (in :data:`PACKAGE`)."""

DOCUMENTS = {
    "rules": {"en": "rules.md", "es": "rules.es.md", "sv": "rules.sv.md"},
    "analysis": {"en": "analysis.md"},
}
"""Each document's page in each language it is written in (English always)."""


def _about() -> dict[str, str]:
    return {
        "rules": _(
            "the rule book: every house rule with its setting name, the boxes' names in "
            "Spanish and Swedish"
        ),
        "analysis": _(
            "the analysis explained: its figures, marks and ratings, and the keys of analyse --json"
        ),
    }


def command(name: str) -> str:
    """The command that prints document ``name``, as the help names it."""
    assert name in DOCUMENTS, name
    return f"{PROG} docs {name}"


def configure_parser(parser: argparse.ArgumentParser) -> None:
    """Add the ``docs`` arguments to ``parser``."""
    parser.description = _(
        "Print one of the game's documents, in Markdown, in the language chosen when it is "
        "written in it (else in English). Without a name, the list of them."
    )
    parser.add_argument(
        "name",
        nargs="?",
        choices=list(DOCUMENTS),
        metavar=metavar(NP_("metavar", "NAME")),
        help=_("the document: {names}").format(names=", ".join(DOCUMENTS)),
    )
    add_language(parser, _("the language: {languages}").format(languages=languages()))


def read(name: str, lang: str) -> str:
    """The text of document ``name`` in ``lang`` (in English when it is not written in it).
    Raises :class:`OSError` when its page is missing."""
    pages = DOCUMENTS[name]
    page = resources.files(PACKAGE).joinpath(FOLDER, pages.get(lang, pages["en"]))
    return page.read_text(encoding="utf-8")


def listing() -> str:
    """The documents there are, each with what it says."""
    about = _about()
    width = max(map(len, DOCUMENTS))
    lines = [_("{command} NAME prints one of these:").format(command=f"{PROG} docs")]
    for name in DOCUMENTS:
        lines += textwrap.wrap(
            about[name],
            79,
            initial_indent=f"  {name.ljust(width)}  ",
            subsequent_indent=" " * (width + 4),
        )
    return "\n".join(lines) + "\n"


def run(args: argparse.Namespace) -> int:
    """Print the document ``args`` name, or the list of them; return the exit status."""
    if args.name is None:
        return write_output(listing(), "docs")
    try:
        text = read(args.name, i18n.language())
    except OSError as error:
        return fail(
            _("the document {name} is not installed with this game ({error})").format(
                name=args.name, error=error.strerror or error
            ),
            "docs",
        )
    return write_output("".join(shown(line) + "\n" for line in text.splitlines()), "docs")
