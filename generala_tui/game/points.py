"""What the boxes score: the points of those worth fixed points, of Double Generala and of
Two pairs, and the house rules' variants of which rolls are served and which dice make a
straight (docs/rules.md). The rules' scoring and the models' checks read them alike; the
house rules themselves are :class:`~generala_tui.game.model.HouseRules`."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType

from .boxes import Category


class ServedRoll(StrEnum):
    """Which rolls are served (house rule ``served_roll``, docs/rules.md)."""

    FIRST_ROLL = "first_roll"
    ANY_FULL_ROLL = "any_full_roll"


class StraightRule(StrEnum):
    """Which dice make a straight (house rule ``straight``, docs/rules.md)."""

    STANDARD = "standard"
    STRICT = "strict"
    WRAPAROUND = "wraparound"
    ONE_REPLACES_TWO = "one_replaces_two"
    ONES_WILD = "ones_wild"


# The boxes' points (docs/rules.md), for the rules' scoring and the models' checks alike.
FIXED_POINTS: Mapping[Category, int] = MappingProxyType(
    {Category.STRAIGHT: 20, Category.FULL_HOUSE: 30, Category.FOUR_OF_A_KIND: 40}
)
"""The boxes worth fixed points, which house rule ``served_bonus`` raises on a served roll."""
DOUBLE_GENERALA_POINTS = 100
DOUBLE_GENERALA_SERVED_POINTS = 120
"""Double Generala's points on a served roll, with ``double_generala_served_bonus``."""
TWO_PAIRS_POINTS = 10
TWO_PAIRS_SERVED_BONUS = 5
"""Two pairs' bonus on a served roll, whatever ``served_bonus`` is."""
