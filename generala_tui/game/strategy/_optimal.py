"""The dynamic programme: a turn's values for many scorecards at once.

A scorecard is summed up by a *card*: one bit per category in play (in
scorecard order, set when the box is filled) and, with Double Generala on, one
more bit set when the Generala box holds points. The future points of a card
depend on nothing else, because totals only add up (docs/rules.md).

For a batch of cards whose successors are known, :func:`turn_values` runs the
roll, keep, roll, keep, roll, choose chain of a turn over dice multisets; every
array has one row per card. :func:`solve_values` runs it over every card, most
filled first, and returns the expected future points of every card at the
start of a turn.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import numpy as np
from numpy.typing import NDArray

from ..model import Category, HouseRules, ServedRoll
from ..rules import category_score, served_bonuses, tie_break_score
from ._blas import one_blas_thread
from ._dice import DiceTables, FloatArray, IndexArray, dice_tables

BoolArray = NDArray[np.bool_]
Progress = Callable[[float], None]

TIE_BREAK_WIN_VALUE = 100.0
"""What an automatic win is worth to a computer player in a tie-break turn.

More than any tie-break score (the most is 60), so a served Generala is always
worth going for when the rules make one possible.
"""

_CHUNK = 256


@dataclass(frozen=True, eq=False)
class RulesTables:
    """What the solver needs to know about one rule set."""

    house_rules: HouseRules
    categories: tuple[Category, ...]
    generala_bit: int
    """The bit of the Generala box in a card."""
    points_bit: int
    """The "Generala holds points" bit, or 0 without Double Generala."""
    double_bit: int
    """The bit of the Double Generala box, or 0 without it."""
    full_card: int
    """Every box filled (the points bit clear)."""
    cards: int
    """The size of a table indexed by card."""
    unserved: tuple[FloatArray, ...]
    """Per category: the points of every roll, last roll not served."""
    served: tuple[FloatArray, ...]
    """Per category: the points of every roll, last roll served."""
    scores: tuple[tuple[tuple[int, int], ...], ...]
    """``scores[c][d]``: the (unserved, served) points of roll ``d`` in category ``c``."""
    any_full_roll: bool
    locked_holds: bool
    automatic_win: bool
    generala_points: int


@cache
def rules_tables(house_rules: HouseRules) -> RulesTables:
    """Score every roll in every category under ``house_rules`` (with the rules engine)."""
    tables = dice_tables()
    categories = house_rules.categories()
    # A box without a served bonus scores a served roll as any other: ask once.
    bonus = served_bonuses(house_rules)
    scores = tuple(
        tuple(
            (unserved, category_score(roll, category, house_rules, True))
            if bonus.get(category)
            else (unserved, unserved)
            for roll in tables.rolls
            for unserved in (category_score(roll, category, house_rules, False),)
        )
        for category in categories
    )
    count = len(categories)
    double = house_rules.double_generala
    return RulesTables(
        house_rules=house_rules,
        categories=categories,
        generala_bit=1 << categories.index(Category.GENERALA),
        points_bit=1 << count if double else 0,
        double_bit=1 << categories.index(Category.DOUBLE_GENERALA) if double else 0,
        full_card=(1 << count) - 1,
        cards=1 << (count + 1 if double else count),
        unserved=tuple(np.array([u for u, _ in column], dtype=np.float64) for column in scores),
        served=tuple(np.array([s for _, s in column], dtype=np.float64) for column in scores),
        scores=scores,
        any_full_roll=house_rules.served_roll is ServedRoll.ANY_FULL_ROLL,
        locked_holds=house_rules.locked_holds,
        automatic_win=house_rules.served_generala_wins,
        generala_points=house_rules.generala_points,
    )


@dataclass(frozen=True, eq=False)
class Stops:
    """The value of stopping on every roll, and the automatic wins, for a batch of cards.

    Arrays hold one row per roll and one column per card, so that the solver's
    gathers copy whole rows.
    """

    unserved: FloatArray
    """(252, cards): the value of filling the best box with the roll, last roll not served."""
    served: FloatArray
    """(252, cards): the same with the last roll served."""
    forced: FloatArray | None
    """(cards,): the value of a served five of a kind that wins at once, NaN where none does."""
    box_unserved: IndexArray | None = None
    """(252, cards): the box (category index) the best stop fills, last roll not served;
    asked for with ``choices``. Of boxes of equal value, the first in scorecard order."""
    box_served: IndexArray | None = None
    """(252, cards): the same with the last roll served."""


def stop_values(
    rt: RulesTables, cards: IndexArray, values: FloatArray, choices: bool = False
) -> Stops:
    """For each card, the value of filling the best open box with each roll.

    With ``choices``, also which box that is (for the win chances, which follow
    the optimum's play).
    """
    tables = dice_tables()
    shape = (len(tables.rolls), len(cards))
    unserved = np.full(shape, -np.inf)
    served = np.full(shape, -np.inf)
    forced: FloatArray | None = None
    box_u = np.full(shape, -1, dtype=np.intp) if choices else None
    box_s = np.full(shape, -1, dtype=np.intp) if choices else None

    def take(best: FloatArray, candidate: FloatArray, box: IndexArray | None, index: int) -> None:
        if box is not None:
            box[candidate > best] = index
        np.maximum(best, candidate, out=best)

    for index, category in enumerate(rt.categories):
        bit = 1 << index
        is_open = (cards & bit) == 0
        if not is_open.any():
            continue
        # A filled box is worth minus infinity, so it is never the best.
        after = np.where(is_open, values[cards | bit], -np.inf)
        if category is Category.GENERALA:
            with_points = np.where(
                is_open, values[cards | bit | rt.points_bit] + rt.generala_points, -np.inf
            )
            # Only five of a kind scores there: everything else is a scratch.
            candidate = np.broadcast_to(after, shape).copy()
            candidate[tables.generala_rolls] = with_points
            take(unserved, candidate, box_u, index)
            take(served, candidate, box_s, index)
            if rt.automatic_win:
                forced = np.where(is_open, with_points, np.nan)
            continue
        if category is Category.DOUBLE_GENERALA:
            # Scorable only while the Generala box holds points; a scratch otherwise.
            allowed = (cards & rt.points_bit) != 0
            points_u = np.where(allowed, rt.unserved[index][:, None], 0.0)
            points_s = np.where(allowed, rt.served[index][:, None], 0.0)
        else:
            points_u = rt.unserved[index][:, None]
            points_s = rt.served[index][:, None]
        take(unserved, points_u + after, box_u, index)
        take(served, points_s + after, box_s, index)
    return Stops(
        unserved=unserved, served=served, forced=forced, box_unserved=box_u, box_served=box_s
    )


@dataclass(frozen=True, eq=False)
class TurnArrays:
    """A turn's values for a batch of cards (one column per card)."""

    start: FloatArray
    """(cards,): the value of the turn before its first roll."""
    second: FloatArray
    """(210, cards): the value of rolling from each keep after the first roll."""
    third: FloatArray
    """(210, cards): the value of rolling from each keep after the second roll."""


def _force(values: FloatArray, forced: FloatArray | None, tables: DiceTables) -> FloatArray:
    # A served five of a kind with the Generala box open wins at once: under
    # docs/rules.md it is scored in Generala, whatever else was possible.
    if forced is None:
        return values
    columns = np.flatnonzero(~np.isnan(forced))
    if columns.size:
        values = values.copy()
        values[np.ix_(tables.generala_rolls, columns)] = forced[columns]
    return values


def _best_keep(keep_values: FloatArray, tables: DiceTables) -> FloatArray:
    """(252, cards): for every roll, the value of the best rolling keep inside it."""
    padded = np.empty((keep_values.shape[0] + 1, keep_values.shape[1]))
    padded[:-1] = keep_values
    padded[-1] = -np.inf
    columns = tables.sub_keep_columns
    best = np.take(padded, columns[0], axis=0)
    for column in columns[1:]:
        np.maximum(best, np.take(padded, column, axis=0), out=best)
    return best


def turn_values(
    stops: Stops, any_full_roll: bool, locked_holds: bool, tables: DiceTables | None = None
) -> TurnArrays:
    """Run a turn's roll, keep, roll, keep, roll, choose chain for a batch of cards."""
    tables = tables or dice_tables()
    first = tables.first_roll
    forced = stops.forced
    # The third roll: stop whatever it shows.
    third = tables.transition @ stops.unserved
    if any_full_roll:
        third[0] = first @ _force(stops.served, forced, tables)
    # The second roll.
    if not locked_holds:
        best_third = _best_keep(third, tables)
        second = tables.transition @ np.maximum(stops.unserved, best_third)
        if any_full_roll:
            again = _force(np.maximum(stops.served, best_third), forced, tables)
            second[0] = first @ again
    else:
        second = _locked_second(stops, third, any_full_roll, tables)
    # The first roll, always served.
    opening = _force(np.maximum(stops.served, _best_keep(second, tables)), forced, tables)
    return TurnArrays(start=first @ opening, second=second, third=third)


def _locked_second(
    stops: Stops, third: FloatArray, any_full_roll: bool, tables: DiceTables
) -> FloatArray:
    # With locked holds the keep after the second roll must contain the keep
    # before it. best[p] for a pair p = (L, d) is the best value on roll d with
    # the dice L locked: the best of keeping exactly L and of adding one more
    # die, computed from five locked dice (stopping) down to none.
    columns = third.shape[1]
    best = np.empty((tables.pairs, columns))
    best[tables.pairs - len(tables.rolls) :] = stops.unserved
    second = np.empty_like(third)
    for level in reversed(tables.locked_levels):
        values = np.take(third, level.keeps, axis=0)
        for rows, targets in level.extensions:
            values[rows] = np.maximum(values[rows], np.take(best, targets, axis=0))
        best[level.start : level.end] = values
        shaped = values.reshape(level.keep_count, level.per_keep, columns)
        keeps = slice(level.first_keep, level.first_keep + level.keep_count)
        second[keeps] = (shaped * level.chance).sum(axis=1)
    if any_full_roll:
        none_locked = tables.locked_levels[0]
        again = np.maximum(stops.served, best[none_locked.start : none_locked.end])
        second[0] = tables.first_roll @ _force(again, stops.forced, tables)
    return second


def card_layers(rt: RulesTables) -> list[IndexArray]:
    """Every reachable card, grouped by the number of filled boxes, fullest first."""
    count = len(rt.categories)
    masks = np.arange(1 << count, dtype=np.intp)
    filled = np.zeros(masks.size, dtype=np.intp)
    for index in range(count):
        filled += (masks >> index) & 1
    layers: list[IndexArray] = []
    for size in range(count - 1, -1, -1):
        cards = masks[filled == size]
        if rt.points_bit:
            with_generala = cards[(cards & rt.generala_bit) != 0]
            cards = np.concatenate([cards, with_generala | rt.points_bit])
        layers.append(cards)
    return layers


def solve_values(house_rules: HouseRules, progress: Progress | None = None) -> FloatArray:
    """The expected future points of every card at the start of a turn (the whole table)."""
    rt = rules_tables(house_rules)
    tables = dice_tables()
    values = np.zeros(rt.cards)
    layers = card_layers(rt)
    total = sum(layer.size for layer in layers)
    done = 0
    with one_blas_thread():
        for layer in layers:
            for start in range(0, layer.size, _CHUNK):
                cards = layer[start : start + _CHUNK]
                stops = stop_values(rt, cards, values)
                values[cards] = turn_values(stops, rt.any_full_roll, rt.locked_holds, tables).start
                done += cards.size
                if progress is not None:
                    progress(done / total)
    return values


@cache
def tie_break_stops(house_rules: HouseRules) -> Stops:
    """The stopping values of a tie-break turn: its tie-break score (docs/rules.md)."""
    tables = dice_tables()
    unserved = np.array([[tie_break_score(roll, house_rules, False)] for roll in tables.rolls])
    served = np.array([[tie_break_score(roll, house_rules, True)] for roll in tables.rolls])
    forced = np.array([TIE_BREAK_WIN_VALUE]) if house_rules.served_generala_wins else None
    return Stops(
        unserved=unserved.astype(np.float64), served=served.astype(np.float64), forced=forced
    )


_SAMPLE = 48


def consistent(rt: RulesTables, values: FloatArray) -> bool:
    """Whether a table's values agree with a turn played from them, on a sample of cards.

    For the empty card and cards spread evenly over every reachable card, the
    value of a turn computed from the values of the cards after it must equal
    the card's own value, as it does in a table :func:`solve_values` computed.
    Checking every card would be solving again; a sample catches a table of
    wrong values (scaled, shifted, another rule set's, stale) in a millisecond.
    """
    layers = card_layers(rt)
    reachable = np.concatenate(layers)
    # The other cards (every box filled, or unreachable) are worth nothing more.
    others = np.ones(rt.cards, dtype=np.bool_)
    others[reachable] = False
    if np.any(values[others] != 0.0):
        return False
    step = max(1, reachable.size // _SAMPLE)
    cards = np.concatenate([reachable[::step], np.zeros(1, dtype=np.intp)])
    with one_blas_thread():
        stops = stop_values(rt, cards, values)
        start = turn_values(stops, rt.any_full_roll, rt.locked_holds).start
    return bool(np.allclose(start, values[cards], rtol=1e-9, atol=1e-9))
