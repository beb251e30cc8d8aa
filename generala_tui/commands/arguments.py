"""The options several commands share, each declared once: the players, the house rules,
the seed and the language; and the languages named from :data:`~generala_tui.i18n.LANGUAGES`.

Each command gives its own help (what the players or the seed are for differs from the
game to ``simulate`` to ``host``); the flag, its value's name and its type are said here.
Light to import: argparse and the languages, for ``--help`` and ``--version``.
"""

from __future__ import annotations

import argparse
from typing import Any

from .. import i18n
from ..i18n import NP_, _, metavar

PLAYERS = "--players"
RULE = "--rule"
SEED = "--seed"
LANG = "--lang"

FILES = "files"
FOLDERS = "folders"
COMPLETES = "generala_completes"
"""The attribute of an argument whose value a shell completes as a file's name
(:data:`FILES`) or a folder's (:data:`FOLDERS`): :mod:`.completion` reads it."""


class Integer:
    """argparse's ``int``, named in the current language in argparse's error ("invalid integer
    value: 'x'"; Spanish "valor entero no válido"): argparse names a type by its ``__name__``."""

    @property
    def __name__(self) -> str:
        return _("integer")

    def __call__(self, value: str) -> int:
        return int(value)


def languages() -> str:
    """The languages the game speaks, as the current language lists alternatives
    ("en, es, or sv"; Spanish "en, es o sv")."""
    from babel.lists import format_list

    locale = i18n.BABEL_LOCALES.get(i18n.language(), i18n.BABEL_LOCALES["en"])
    return format_list(list(i18n.LANGUAGES), style="or", locale=locale)


def named_languages() -> str:
    """Each language the game speaks by its code and its own name ("es (Español)")."""
    return ", ".join(f"{lang} ({i18n.LANGUAGE_NAMES[lang]})" for lang in i18n.LANGUAGES)


def completes(action: argparse.Action, kind: str) -> argparse.Action:
    """Mark ``action``'s value as a file's name (:data:`FILES`) or a folder's
    (:data:`FOLDERS`), for the shells' completion."""
    setattr(action, COMPLETES, kind)
    return action


def add_players(
    parser: argparse.ArgumentParser, help: str, *, dest: str = "players", default: Any = None
) -> argparse.Action:
    """``--players NAMES``: players comma-separated, in seating order (``NAME:LEVEL`` a
    computer), read by :func:`.options.parse_players`."""
    return parser.add_argument(
        PLAYERS, dest=dest, default=default, metavar=metavar(NP_("metavar", "NAMES")), help=help
    )


def add_rules(
    parser: argparse.ArgumentParser, help: str, *, dest: str = "rules"
) -> argparse.Action:
    """``--rule KEY=VALUE``, repeatable: house rules, read by :func:`.options.parse_rules`."""
    return parser.add_argument(
        RULE,
        dest=dest,
        action="append",
        default=[],
        metavar=metavar(NP_("metavar", "KEY=VALUE")),
        help=help,
    )


def add_seed(
    parser: argparse.ArgumentParser, help: str, *, dest: str = "seed", as_text: bool = False
) -> argparse.Action:
    """``--seed N``: a whole number the dice are rolled from; left as text with ``as_text``,
    for a command that tells a bad one in its own words (``simulate``, in one line)."""
    if as_text:
        return parser.add_argument(SEED, dest=dest, metavar=metavar(NP_("metavar", "N")), help=help)
    return parser.add_argument(
        SEED, dest=dest, type=Integer(), metavar=metavar(NP_("metavar", "N")), help=help
    )


def add_language(parser: argparse.ArgumentParser, help: str) -> argparse.Action:
    """``--lang LANG``: the language to speak, one of :data:`~generala_tui.i18n.LANGUAGES`
    (checked by the game's command before the parser is built, since its help speaks it)."""
    return parser.add_argument(LANG, metavar=metavar(NP_("metavar", "LANG")), help=help)


__all__ = [
    "COMPLETES",
    "FILES",
    "FOLDERS",
    "LANG",
    "PLAYERS",
    "RULE",
    "SEED",
    "Integer",
    "add_language",
    "add_players",
    "add_rules",
    "add_seed",
    "completes",
    "languages",
    "named_languages",
]
