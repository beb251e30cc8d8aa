"""Extract, update and compile the translation catalogs (run from the repository's root).

    python scripts/catalogs.py            # all three steps
    python scripts/catalogs.py extract    # generala_tui/locale/generala_tui.pot from the code
    python scripts/catalogs.py update     # each language's .po takes the template's messages
    python scripts/catalogs.py compile    # each .po to its .mo (committed: the wheel ships them)

The words are found where the code marks them: ``_("...")``, ``N_("...")``,
``ngettext("...", "...", n)``, ``pgettext("context", "...")`` and ``NP_("context", "...")`` (see
``babel.cfg``). A translator edits ``generala_tui/locale/<lang>/LC_MESSAGES/generala_tui.po``
with any gettext tool (Poedit, Lokalize, a text editor), then runs ``compile``;
``tests/test_catalogs.py`` fails when a catalog misses a message, breaks a
placeholder, or its ``.mo`` is not compiled from its ``.po``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from babel.messages.frontend import CommandLineInterface

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "generala_tui" / "locale"
TEMPLATE = LOCALE / "generala_tui.pot"
LANGUAGES = ("es", "sv")
KEYWORDS = [
    *("-k", "_", "-k", "N_", "-k", "ngettext:1,2"),
    *("-k", "pgettext:1c,2", "-k", "NP_:1c,2"),
]


def pybabel(*args: str) -> None:
    CommandLineInterface().run(["pybabel", "-q", *args])


def extract() -> None:
    pybabel(
        "extract",
        "-F",
        "babel.cfg",
        "--no-default-keywords",
        *KEYWORDS,
        "--sort-by-file",
        "--project=generala-tui",
        "--copyright-holder=The generala-tui developers",
        "--msgid-bugs-address=-",
        "-o",
        str(TEMPLATE.relative_to(ROOT)),
        "generala_tui",  # relative: the template names files as the repository does
    )


def update() -> None:
    for lang in LANGUAGES:
        po = LOCALE / lang / "LC_MESSAGES" / "generala_tui.po"
        if po.exists():
            pybabel(
                "update", "-D", "generala_tui", "-i", str(TEMPLATE), "-d", str(LOCALE), "-l", lang
            )
        else:
            pybabel(
                "init", "-D", "generala_tui", "-i", str(TEMPLATE), "-d", str(LOCALE), "-l", lang
            )


def compile_catalogs() -> None:
    pybabel("compile", "-D", "generala_tui", "-d", str(LOCALE), "--statistics")


def main(argv: list[str]) -> int:
    os.chdir(ROOT)
    steps = {"extract": extract, "update": update, "compile": compile_catalogs}
    chosen = argv or list(steps)
    for step in chosen:
        if step not in steps:
            print(f"unknown step {step!r}: choose from {', '.join(steps)}", file=sys.stderr)
            return 2
        steps[step]()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
