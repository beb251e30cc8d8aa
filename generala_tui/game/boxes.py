"""The dice and the boxes of the scorecard: five dice of six faces, three rolls a turn, the
categories in scorecard order, and their English names.

The one list of the boxes' names: each is a message id of the translation catalogs
(``words.category_label`` says it in the current language).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType

from .words import N_

NUMBER_OF_DICE = 5
"""The dice a turn throws, numbered 0 to ``NUMBER_OF_DICE - 1`` in the rules and the files."""
FACES = 6
"""The faces of a die: it shows 1 to ``FACES``."""
MAX_ROLLS = 3

NO_SUCH_DIE = N_("There is no die {die!r}: the dice are numbered 0 to {last}.")
"""The refusal of a die out of range (``last``: ``NUMBER_OF_DICE - 1``)."""
WRONG_FACE = N_("A die shows 1 to {faces}, not {value!r}.")
"""The refusal of a die showing no face of a die (``faces``: :data:`FACES`)."""


class Category(StrEnum):
    """A box of the scorecard, in scorecard order (docs/rules.md)."""

    ONES = "ones"
    TWOS = "twos"
    THREES = "threes"
    FOURS = "fours"
    FIVES = "fives"
    SIXES = "sixes"
    STRAIGHT = "straight"
    FULL_HOUSE = "full_house"
    FOUR_OF_A_KIND = "four_of_a_kind"
    GENERALA = "generala"
    DOUBLE_GENERALA = "double_generala"
    TWO_PAIRS = "two_pairs"


NUMBER_CATEGORIES: tuple[Category, ...] = (
    Category.ONES,
    Category.TWOS,
    Category.THREES,
    Category.FOURS,
    Category.FIVES,
    Category.SIXES,
)
"""The six number boxes; ``NUMBER_CATEGORIES[n - 1]`` counts the n's."""


BOX_NAMES: Mapping[Category, str] = MappingProxyType(
    {
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
)
"""The boxes' names in English (docs/rules.md, section "Names"), each a message id of the
translation catalogs."""


def box_name(category: Category) -> str:
    """The English name of a box, for messages: "Full house", "Double Generala"."""
    return BOX_NAMES[category]
