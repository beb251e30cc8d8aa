"""The win-chance bar's words: its title, what it means, its waits and each share in percent.

Words are translated when they are read, never at import, so a change of language shows on
the next redraw: each word is a function (``roll_button()``) that looks its message up in the
catalogs each time it is called, each table a function that builds it in the current language.
Screens and widgets write no words of their own (``tests/ui/test_words.py``).
"""

from __future__ import annotations

from ...i18n import _, percent
from ..vocabulary import GAME_KEYS, KeyMap, shown_key

CERTAIN = 1e-9
"""A chance this close to 0 or 1 is a certainty (the sums of floating-point chances are off
by that much at most)."""


def title() -> str:
    """Before the bar, where the line has room."""
    return _("Chance of winning")


def meaning() -> str:
    """The bar's tooltip: what the chances are, and the assumption they rest on."""
    return _(
        "Chance of winning, if everyone plays like the expert from here "
        "(exact, not sampled; a shared win counts as a share)"
    )


def working() -> str:
    """In the bar's place while the chances' tables are worked out."""
    return _("Working out the chances…")


def failed() -> str:
    """In the bar's place when the chances' tables could not be worked out."""
    return _("The chances of winning could not be worked out.")


def share(chance: float) -> str:
    """A chance of winning in whole percent, rounded honestly: a chance that is not nil never
    shows as 0% ("<1%"), nor one that is not certain as 100% (">99%")."""
    if chance <= CERTAIN:
        return percent(0)
    if chance >= 1 - CERTAIN:
        return percent(1)
    if round(chance * 100) < 1:
        return _("<{percent}").format(percent=percent(0.01))
    if round(chance * 100) > 99:
        return _(">{percent}").format(percent=percent(0.99))
    return percent(chance)


def chances_button(on: bool, keys: KeyMap = GAME_KEYS) -> str:
    """The side panel's button that shows or hides the bar (naming the player's own key where
    ``keys`` gives one)."""
    key = shown_key("turn.win_chances", keys, "w")
    return (_("Win chances off ({key})") if on else _("Win chances ({key})")).format(key=key)
