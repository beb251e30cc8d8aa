"""The game's words that the command line and the files share with the screens, without the
user interface: the boxes' names, and the rules' refusals, in the current language."""

from __future__ import annotations

from .game import rules
from .game.model import Category
from .i18n import N_, _, pgettext

_CATEGORY_NAMES: dict[Category, str] = {
    Category.ONES: N_("Ones"),
    Category.TWOS: N_("Twos"),
    Category.THREES: N_("Threes"),
    Category.FOURS: N_("Fours"),
    Category.FIVES: N_("Fives"),
    Category.SIXES: N_("Sixes"),
    Category.STRAIGHT: N_("Straight"),
    Category.FULL_HOUSE: N_("Full house"),
    Category.FOUR_OF_A_KIND: N_("Four of a kind"),
    Category.GENERALA: N_("Generala"),
    Category.DOUBLE_GENERALA: N_("Double Generala"),
    Category.TWO_PAIRS: N_("Two pairs"),
}
"""The boxes' names (docs/rules.md, section "Names"), as message ids."""


def category_label(category: Category) -> str:
    """The name of a box as players say it, in the current language."""
    return _(_CATEGORY_NAMES[Category(category)])


def refusal(error: rules.IllegalMove) -> str:
    """Why the rules refused a move, in the current language (the core says it in English,
    with its parameters apart: a box is named as the players of this language name it)."""
    params = {
        key: category_label(value)
        if isinstance(value, Category)
        else refusal(value)
        if isinstance(value, rules.IllegalMove)
        else value
        for key, value in error.params.items()
    }
    return _(error.message).format(**params)


def tie_break_round(number: int) -> str:
    """The ``number``-th tie-break round, short, as the analyses list rounds: "tb1" (Spanish
    "des1", desempate; Swedish "sär1", särspel)."""
    return pgettext("tie-break round", "tb{number}").format(number=number)
