"""The box list's words: a box's name and note, its tags.

Words are translated when they are read, never at import, so a change of language shows on
the next redraw: each word is a function (``roll_button()``) that looks its message up in the
catalogs each time it is called, each table a function that builds it in the current language.
Screens and widgets write no words of their own (``tests/ui/test_words.py``).
"""

from __future__ import annotations

from ...game.model import Category
from ...i18n import _, pgettext
from ..vocabulary import category_label

NO_POINTS_YET = "–"
"""A box's points before the first roll."""


def scratch_tag() -> str:
    return _("scratch")


def served_tag() -> str:
    """After a box's points: filling it now scratches it, or takes the served bonus."""
    return _("served")


def box_name(category: Category, note: str) -> str:
    """A box in the list of open boxes, with its note (see
    :func:`~generala_tui.ui.screens.turn_words.double_generala_notes`)."""
    return category_label(category) + (f" ({note})" if note else "")


def box_short_name(category: Category) -> str:
    """A box's name where the whole does not fit (a row of 40 columns with the coach's
    costs): the long names said shorter, as players write them on a paper scorecard; the
    others whole."""
    shorter = {
        Category.FULL_HOUSE: pgettext("box, short", "Full"),
        Category.FOUR_OF_A_KIND: pgettext("box, short", "4 of a kind"),
        Category.DOUBLE_GENERALA: pgettext("box, short", "Double Gen."),
        Category.TWO_PAIRS: pgettext("box, short", "2 pairs"),
    }
    return shorter.get(category) or category_label(category)
