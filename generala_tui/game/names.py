"""The table: how many players sit at it and what a player's name may be, checked in one
place for the models, the setup screen and the command line alike."""

from __future__ import annotations

from collections.abc import Sequence

from .refusals import Refusal, shows
from .words import N_

MAX_PLAYERS = 8
MAX_NAME_LENGTH = 20


def check_names(names: Sequence[str]) -> None:
    """The one place the table's names are checked (the models', the setup screen's and the
    command line's): 1 to 8 players, each named by 1 to 20 characters a terminal shows
    (:func:`shows`), no two alike whatever their case. Raises :class:`Refusal`."""
    if not 1 <= len(names) <= MAX_PLAYERS:
        raise Refusal(
            N_("A game has 1 to {most} players, not {count:,}."), most=MAX_PLAYERS, count=len(names)
        )
    seen: set[str] = set()
    for position, name in enumerate(names, start=1):
        if not name.strip():
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
        if name.casefold() in seen:
            raise Refusal(
                N_("Two players are called {name}: each needs a name of their own."), name=name
            )
        seen.add(name.casefold())
