"""The table: how many players sit at it and what a player's name may be, checked in one
place for the models, the setup screen and the command line alike."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from .refusals import Refusal, shows
from .words import N_

MAX_PLAYERS = 8
MAX_NAME_LENGTH = 20

WRONG_PLAYER_COUNT = N_("A game has 1 to {most} players, not {count:,}.")
"""The refusal of a table of no players or too many (``most``: :data:`MAX_PLAYERS`)."""

_BLANK_CATEGORIES = frozenset({"Cc", "Cf", "Zs"})
"""Controls, format characters (the joiners a name may hold among them) and spaces."""
_BLANK_LOOKING = frozenset(
    "\u115f\u1160\u3164\uffa0"  # the Hangul fillers: letters to Unicode, blank on screen
    "\u2800"  # the braille pattern without dots
    "\u034f\u17b4\u17b5\u180b\u180c\u180d\u180f"  # marks Unicode shows as nothing
    + "".join(map(chr, range(0xFE00, 0xFE10)))  # variation selectors
    + "".join(map(chr, range(0xE0100, 0xE01F0)))
)
"""The characters of no blank category that show nothing of their own: Unicode's default
ignorable letters and marks, and the braille blank."""


def _seen(name: str) -> str:
    """What of ``name`` a player sees, casefolded: its blank characters (spaces, joiners,
    fillers) left out. Two names alike here look alike at the table."""
    return "".join(
        char
        for char in name
        if unicodedata.category(char) not in _BLANK_CATEGORIES and char not in _BLANK_LOOKING
    ).casefold()


def name_key(name: str) -> str:
    """What two names that look alike share (their case and blank characters left out): a
    table server keeps each of its players' names unique by it."""
    return _seen(name)


def check_names(names: Sequence[str]) -> None:
    """The one place the table's names are checked (the models', the setup screen's and the
    command line's): 1 to 8 players, each named by 1 to 20 characters a terminal shows
    (:func:`shows`), at least one of which is not blank, and no two alike whatever their
    case and their blank characters (``"Ana\\u200d"`` is ``"ana"``). Raises
    :class:`Refusal`."""
    if not 1 <= len(names) <= MAX_PLAYERS:
        raise Refusal(WRONG_PLAYER_COUNT, most=MAX_PLAYERS, count=len(names))
    taken: set[str] = set()
    for position, name in enumerate(names, start=1):
        seen = _seen(name)
        if not seen:
            raise Refusal(N_("Player {position} needs a name."), position=position)
        if len(name) > MAX_NAME_LENGTH:
            raise Refusal(
                N_("Player {position}'s name is {length} characters long; the most is {most}."),
                position=position,
                length=len(name),
                most=MAX_NAME_LENGTH,
            )
        if not shows(name):
            raise Refusal(
                N_("Player {position}'s name has a character that can't be shown."),
                position=position,
            )
        if seen in taken:
            raise Refusal(
                N_("Two players are called {name}: each needs a name of their own."), name=name
            )
        taken.add(seen)
