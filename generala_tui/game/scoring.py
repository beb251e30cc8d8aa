"""What the dice score (docs/rules.md): five dice checked, the straights of each house
rule, the points a roll earns in each box and on a tie-break turn, the served bonuses, and
whether Double Generala can score. Only the dice and the house rules count here, and a
player's boxes for Double Generala; the moves that fill a box are
:mod:`~generala_tui.game.moves`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Literal

from .boxes import FACES, NUMBER_OF_DICE, WRONG_FACE
from .model import (
    DOUBLE_GENERALA_POINTS,
    DOUBLE_GENERALA_SERVED_POINTS,
    FIXED_POINTS,
    NUMBER_CATEGORIES,
    TWO_PAIRS_POINTS,
    TWO_PAIRS_SERVED_BONUS,
    Category,
    HouseRules,
    Player,
    StraightRule,
    box_name,
)
from .refusals import IllegalMove
from .words import N_

_STANDARD_STRAIGHTS = (
    frozenset({1, 2, 3, 4, 5}),
    frozenset({2, 3, 4, 5, 6}),
    frozenset({3, 4, 5, 6, 1}),
)
_STRICT_STRAIGHTS = _STANDARD_STRAIGHTS[:2]


def check_dice(dice: Sequence[int]) -> tuple[int, ...]:
    """Return ``dice`` as a tuple, or raise :class:`IllegalMove` unless they are five dice 1-6."""
    values = tuple(dice)
    if len(values) != NUMBER_OF_DICE:
        raise IllegalMove(
            N_("A roll shows {dice} dice, not {count}."), dice=NUMBER_OF_DICE, count=len(values)
        )
    for value in values:
        check_face(value)
    return values


def check_face(value: object) -> None:
    """Raise :class:`IllegalMove` unless ``value`` is a face of a die, 1 to ``FACES``."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= FACES:
        raise IllegalMove(WRONG_FACE, faces=FACES, value=value)


def is_generala(dice: Sequence[int]) -> bool:
    """Whether all five dice show the same number."""
    return len(dice) == NUMBER_OF_DICE and len(set(dice)) == 1


def is_straight(dice: Sequence[int], rule: StraightRule) -> bool:
    """Whether the dice form a straight under house rule ``straight``."""
    faces = frozenset(dice)
    if rule is StraightRule.STRICT:
        return faces in _STRICT_STRAIGHTS
    if rule is StraightRule.WRAPAROUND:
        return len(faces) == NUMBER_OF_DICE
    if rule is StraightRule.ONE_REPLACES_TWO:
        return faces in _STANDARD_STRAIGHTS or sorted(dice) == [1, 1, 3, 4, 5]
    if rule is StraightRule.ONES_WILD:
        others = [value for value in dice if value != 1]
        return len(set(others)) == len(others)
    return faces in _STANDARD_STRAIGHTS


def category_score(
    dice: Sequence[int], category: Category, house_rules: HouseRules, served: bool
) -> int:
    """The points the dice earn in ``category`` (docs/rules.md), 0 if they don't qualify.

    Only the dice count: the scorecard is ignored, so there is no Double
    Generala precondition and no automatic win here.
    """
    values = check_dice(dice)
    counts = sorted(Counter(values).values())
    if category in NUMBER_CATEGORIES:
        face = NUMBER_CATEGORIES.index(category) + 1
        return face * values.count(face)
    bonus = house_rules.served_bonus if served else 0
    if category is Category.STRAIGHT:
        return FIXED_POINTS[category] + bonus if is_straight(values, house_rules.straight) else 0
    if category is Category.FULL_HOUSE:
        return FIXED_POINTS[category] + bonus if counts == [2, 3] else 0
    if category is Category.FOUR_OF_A_KIND:
        return FIXED_POINTS[category] + bonus if counts[-1] >= 4 else 0
    if category is Category.GENERALA:
        return house_rules.generala_points if counts == [5] else 0
    if category is Category.DOUBLE_GENERALA:
        if counts != [5]:
            return 0
        if served and house_rules.double_generala_served_bonus:
            return DOUBLE_GENERALA_SERVED_POINTS
        return DOUBLE_GENERALA_POINTS
    # Two pairs: +5 when served, whatever served_bonus is.
    if counts != [1, 2, 2]:
        return 0
    return TWO_PAIRS_POINTS + (TWO_PAIRS_SERVED_BONUS if served else 0)


def served_bonuses(house_rules: HouseRules) -> dict[Category, int]:
    """The boxes in play that take more points on a served roll, with how many more."""
    bonuses: dict[Category, int] = dict.fromkeys(FIXED_POINTS, house_rules.served_bonus)
    if house_rules.double_generala and house_rules.double_generala_served_bonus:
        bonuses[Category.DOUBLE_GENERALA] = DOUBLE_GENERALA_SERVED_POINTS - DOUBLE_GENERALA_POINTS
    if house_rules.two_pairs:
        bonuses[Category.TWO_PAIRS] = TWO_PAIRS_SERVED_BONUS
    return {
        category: bonuses[category] for category in house_rules.categories() if category in bonuses
    }


def tie_break_score(dice: Sequence[int], house_rules: HouseRules, served: bool) -> int:
    """The best score the dice would earn in any box of an empty scorecard (docs/rules.md).

    On an empty scorecard Double Generala can't be scored, so five of a kind
    earns ``generala_points``.
    """
    return max(
        category_score(dice, category, house_rules, served)
        for category in house_rules.categories()
        if category is not Category.DOUBLE_GENERALA
    )


def double_generala_status(player: Player) -> Literal["alive", "waiting", "dead"]:
    """Whether the player's Double Generala box can score (docs/rules.md).

    ``alive`` once Generala holds points; ``waiting`` while Generala is open
    (only a scratch for now); ``dead`` once Generala is scratched (only ever a
    scratch).
    """
    if player.holds_points(Category.GENERALA):
        return "alive"
    return "dead" if Category.GENERALA in player.boxes else "waiting"


def category_name(category: Category) -> str:
    """The English name of a category, for messages (:func:`~generala_tui.game.model.box_name`)."""
    return box_name(category)
