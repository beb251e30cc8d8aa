"""The house rules (docs/rules.md) and the points each box is worth under them; and the base
of every model of the game, the house rules the first of them."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from .boxes import NUMBER_CATEGORIES, NUMBER_OF_DICE, Category


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


class FrozenModel(BaseModel):
    """The base of the game's models and of the files': frozen, unknown fields refused.

    Each schema is built the first time the class validates (``defer_build``):
    importing the game builds none, and a first frame builds only those it uses.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


NonNegative = Annotated[int, Field(ge=0)]
"""0 or more."""

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


class HouseRules(FrozenModel):
    """The house rules of docs/rules.md, with the same names and defaults."""

    generala_points: Literal[50, 60] = 50
    served_bonus: Literal[5, 10] = 5
    served_roll: ServedRoll = ServedRoll.FIRST_ROLL
    straight: StraightRule = StraightRule.STANDARD
    served_generala_wins: bool = True
    double_generala: bool = False
    double_generala_served_bonus: bool = True
    two_pairs: bool = False
    locked_holds: bool = False
    tie_break: bool = True

    def categories(self) -> tuple[Category, ...]:
        """The categories in play under these rules, in scorecard order."""
        return _categories(self)

    def possible_points(self) -> Mapping[Category, frozenset[int]]:
        """Every number of points each box in play can hold under these rules, 0 (a scratch) too."""
        return _possible_points(self)


@functools.cache
def _categories(house_rules: HouseRules) -> tuple[Category, ...]:
    # Asked at every move: worked out once for each set of house rules.
    return tuple(
        category
        for category in Category
        if (category is not Category.DOUBLE_GENERALA or house_rules.double_generala)
        and (category is not Category.TWO_PAIRS or house_rules.two_pairs)
    )


@functools.cache
def _possible_points(house_rules: HouseRules) -> Mapping[Category, frozenset[int]]:
    possible: dict[Category, frozenset[int]] = {}
    for category in house_rules.categories():
        if category in NUMBER_CATEGORIES:
            face = NUMBER_CATEGORIES.index(category) + 1
            points = {face * count for count in range(NUMBER_OF_DICE + 1)}
        elif category in FIXED_POINTS:
            fixed = FIXED_POINTS[category]
            points = {fixed, fixed + house_rules.served_bonus}
        elif category is Category.GENERALA:
            points = {house_rules.generala_points}
        elif category is Category.DOUBLE_GENERALA:
            plain = DOUBLE_GENERALA_POINTS
            served = DOUBLE_GENERALA_SERVED_POINTS
            points = {plain, served if house_rules.double_generala_served_bonus else plain}
        else:
            points = {TWO_PAIRS_POINTS, TWO_PAIRS_POINTS + TWO_PAIRS_SERVED_BONUS}
        possible[category] = frozenset(points | {0})
    return MappingProxyType(possible)
