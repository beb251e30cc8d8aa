"""The stylesheets of the first frame, parsed ahead of time, as Python's bytecode is compiled.

Textual parses ``generala.tcss`` and the default CSS of every widget class at
every start: about 40 ms before the setup's first frame. What a parse gives
depends only on the CSS, the theme's colour variables and Textual's version, so
``python scripts/stylesheet.py`` draws the setup and the turn screen once,
headless, under the default theme, and keeps every parse made (``generala.tcss.rules``,
shipped beside the sheet). At start-up the app puts them in the stylesheet's own
parse cache when Textual's version and the variables are the same. Textual looks a
parse up by the CSS text itself, so a sheet edited since is simply parsed again;
under another theme, another Textual or a damaged file, Textual parses everything
as it always does.
"""

from __future__ import annotations

import pickle
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import textual
from textual.css.stylesheet import Stylesheet

import generala_tui

RULES = Path(__file__).with_name("generala.tcss.rules")
_ROOTS = {
    "textual": Path(textual.__file__).parent,
    "generala_tui": Path(generala_tui.__file__).parent,
}
"""Where the CSS was read from, by package: paths differ from one installation to another."""


def _relative(location: str) -> tuple[str, str] | None:
    path = Path(location)
    for root, folder in _ROOTS.items():
        if path.is_relative_to(folder):
            return root, path.relative_to(folder).as_posix()
    return None


def compiled(
    parses: Mapping[tuple[Any, ...], Any], variables: Mapping[str, str], textual_version: str
) -> bytes:
    """What a stylesheet parsed (its parse cache), for the file the app preloads."""
    entries = []
    for (css, (location, class_var), is_default, tie_breaker, scope), rules in parses.items():
        where = _relative(location)
        if where is not None:
            entries.append((css, where, class_var, is_default, tie_breaker, scope, rules))
    document = {"textual": textual_version, "variables": dict(variables), "entries": entries}
    return pickle.dumps(document, protocol=pickle.HIGHEST_PROTOCOL)


def _installed(textual_version: str) -> bool:
    """Whether the Textual imported is that version, by its installed metadata's folder
    (reading the version through importlib.metadata costs more than the parse saves)."""
    return (_ROOTS["textual"].parent / f"textual-{textual_version}.dist-info").is_dir()


def preload(stylesheet: Stylesheet, rules: Path = RULES) -> int:
    """Put the parses made ahead of time in the stylesheet's parse cache, if they hold for
    the Textual installed and the stylesheet's variables; how many."""
    try:
        with rules.open("rb") as file:
            document: dict[str, Any] = pickle.load(file)  # the package's own file
        if not _installed(document["textual"]) or document["variables"] != stylesheet._variables:
            return 0
        cache = stylesheet._parse_cache
        for css, (root, path), class_var, is_default, tie_breaker, scope, parsed in document[
            "entries"
        ]:
            location = str(_ROOTS[root] / path)
            cache[(css, (location, class_var), is_default, tie_breaker, scope)] = parsed
        return len(document["entries"])
    except (
        OSError,
        EOFError,
        pickle.UnpicklingError,
        ImportError,
        AttributeError,
        LookupError,
        TypeError,
        ValueError,
    ):  # a damaged or foreign file: Textual parses as always
        return 0
