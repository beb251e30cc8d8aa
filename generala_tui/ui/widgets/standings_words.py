"""The standings' words.

Words are translated when they are read, never at import, so a change of language shows on
the next redraw: each word is a function (``roll_button()``) that looks its message up in the
catalogs each time it is called, each table a function that builds it in the current language.
Screens and widgets write no words of their own (``tests/ui/test_words.py``).
"""

from __future__ import annotations

from ...i18n import _


def tie_note() -> str:
    """In the standings: a player in the tie-break."""
    return _("tie")


def away_note() -> str:
    """In the standings of an online table: a player not at it now (their connection lost,
    or not come yet)."""
    return _("away")
