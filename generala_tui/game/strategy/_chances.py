"""The numbers behind the win chances: every scorecard's future under the optimum.

Under the solitaire optimum (docs/rules.md section 10) a player's choices
depend on their own scorecard and dice alone, so each player's future is a
Markov chain of their own, independent of the others'. This module works out,
for every card (``_optimal``'s summary of a scorecard):

- ``points[card, s]``: the chance that the player's remaining turns, played
  by the optimum, add exactly ``s`` points and never win at once;
- ``wins[card, t]``: the chance that they win at once (a served Generala, when
  the house rules say so) on their ``t``-th turn from now, ``t`` from 1.

A turn follows the optimum exactly: :class:`Policy` holds its choice at every
roll (stop and fill which box, or roll which keep), taken from the same
values the expert plays by, ties broken the way the expert breaks them (a
stop before a roll, boxes and keeps in order). :func:`forward` carries the
chance of every roll through those choices; :func:`backward` values any
outcome of a turn along them. :func:`combine` turns the players' futures into
each one's chance of winning: the race to a served Generala in turn order,
then the final totals, tie-break rounds or shared wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
from numpy.typing import NDArray

from ..model import Category, HouseRules
from ._dice import FloatArray, IndexArray, dice_tables
from ._optimal import (
    Progress,
    RulesTables,
    Stops,
    TurnArrays,
    card_layers,
    rules_tables,
    stop_values,
    tie_break_stops,
    turn_values,
)

BoolArray = NDArray[np.bool_]

STOP = -1
"""A choice: stop and fill the box the policy names."""
AUTO = -2
"""Not a choice: a served five of a kind with the Generala box open wins at once."""

_CHUNK = 128


# --- the optimum's choices in a turn ---------------------------------------------


@dataclass(frozen=True, eq=False)
class Policy:
    """The optimum's choice at every roll of a turn, for a batch of cards (a column each).

    A choice is :data:`STOP`, :data:`AUTO`, or the keep (index) rolled.
    """

    first: IndexArray
    """(252, cards): after the first roll, which is served."""
    second: IndexArray
    """After the second roll: (252, cards) for an unserved roll, or with locked holds
    (pairs, cards) for every pair (locked dice, roll)."""
    second_served: IndexArray | None
    """(252, cards): after a served second roll (house rule any_full_roll, without
    locked holds; with them, pairs of no locked die are the served ones)."""
    box: IndexArray
    """(252, cards): the box a stop fills, the last roll not served."""
    box_served: IndexArray
    """(252, cards): the same, the last roll served."""
    auto: BoolArray
    """(cards,): whether a served five of a kind wins at once."""
    any_full_roll: bool
    locked_holds: bool


def _argmax_keep(
    keep_values: FloatArray, columns: Sequence[IndexArray]
) -> tuple[FloatArray, IndexArray]:
    """For every row of ``columns``, the best keep among them and its value (first of equals)."""
    padded = np.empty((keep_values.shape[0] + 1, keep_values.shape[1]))
    padded[:-1] = keep_values
    padded[-1] = -np.inf
    best = np.take(padded, columns[0], axis=0)
    arg = np.broadcast_to(columns[0][:, None], best.shape).copy()
    for column in columns[1:]:
        values = np.take(padded, column, axis=0)
        better = values > best
        np.copyto(arg, column[:, None], where=better)
        np.maximum(best, values, out=best)
    return best, arg


def _decide(stop: FloatArray, best: FloatArray, arg: IndexArray) -> IndexArray:
    # The expert stops on equal values (its boxes come before its keeps).
    return np.where(stop >= best, STOP, arg)


def _locked_argmax(third: FloatArray) -> tuple[FloatArray, IndexArray]:
    """For every pair (L, d): the best rolling keep K with L inside K inside d, and its value.

    As the solver does, from four locked dice down to none: the best of keeping
    exactly L and of the best with one more die locked. Of equal values the
    smaller keep, then the lower face added, is taken.
    """
    tables = dice_tables()
    columns = third.shape[1]
    best = np.full((tables.pairs, columns), -np.inf)
    arg = np.full((tables.pairs, columns), tables.rolling, dtype=np.intp)
    for level in reversed(tables.locked_levels):
        values = np.take(third, level.keeps, axis=0)
        keeps = np.broadcast_to(level.keeps[:, None], values.shape).copy()
        for rows, targets in level.extensions:
            found = np.take(best, targets, axis=0)
            better = found > values[rows]
            values[rows] = np.where(better, found, values[rows])
            keeps[rows] = np.where(better, np.take(arg, targets, axis=0), keeps[rows])
        best[level.start : level.end] = values
        arg[level.start : level.end] = keeps
    return best, arg


def policy(stops: Stops, arrays: TurnArrays, any_full_roll: bool, locked_holds: bool) -> Policy:
    """The optimum's choices, from a batch's stopping values and its turn's values."""
    tables = dice_tables()
    assert stops.box_unserved is not None and stops.box_served is not None
    cards = stops.unserved.shape[1]
    auto = ~np.isnan(stops.forced) if stops.forced is not None else np.zeros(cards, dtype=np.bool_)
    generala = tables.generala_rolls
    columns = tables.sub_keep_columns
    best_second, keep_second = _argmax_keep(arrays.second, columns)
    first = _decide(stops.served, best_second, keep_second)
    first[np.ix_(generala, np.flatnonzero(auto))] = AUTO
    second_served = None
    if locked_holds:
        best, arg = _locked_argmax(arrays.third)
        stop = stops.unserved[tables.pair_rolls]
        if any_full_roll:
            level = tables.locked_levels[0]
            stop[level.start : level.end] = stops.served
        second = _decide(stop, best, arg)
        if any_full_roll:
            second[np.ix_(tables.locked_levels[0].start + generala, np.flatnonzero(auto))] = AUTO
    else:
        best_third, keep_third = _argmax_keep(arrays.third, columns)
        second = _decide(stops.unserved, best_third, keep_third)
        if any_full_roll:
            second_served = _decide(stops.served, best_third, keep_third)
            second_served[np.ix_(generala, np.flatnonzero(auto))] = AUTO
    return Policy(
        first=first,
        second=second,
        second_served=second_served,
        box=stops.box_unserved,
        box_served=stops.box_served,
        auto=auto,
        any_full_roll=any_full_roll,
        locked_holds=locked_holds,
    )


def card_policy(rt: RulesTables, cards: IndexArray, values: FloatArray) -> Policy:
    """The optimum's choices in a turn of each card (``values``: the solved table)."""
    stops = stop_values(rt, cards, values, choices=True)
    arrays = turn_values(stops, rt.any_full_roll, rt.locked_holds)
    return policy(stops, arrays, rt.any_full_roll, rt.locked_holds)


@cache
def tie_break_policy(house_rules: HouseRules) -> Policy:
    """The optimum's choices in a tie-break turn (its one "box" is ending the turn)."""
    plain = tie_break_stops(house_rules)
    none = np.zeros(plain.unserved.shape, dtype=np.intp)
    stops = Stops(
        unserved=plain.unserved,
        served=plain.served,
        forced=plain.forced,
        box_unserved=none,
        box_served=none,
    )
    rt = rules_tables(house_rules)
    arrays = turn_values(stops, rt.any_full_roll, rt.locked_holds)
    return policy(stops, arrays, rt.any_full_roll, rt.locked_holds)


# --- carrying chances through a turn ---------------------------------------------


@dataclass(frozen=True, eq=False)
class Entry:
    """Where a turn is: the chance of every roll before the choice after roll ``rolls``.

    ``rolls`` 1 to 3; ``unserved`` and ``served`` are (252, cards) except after a
    second roll with locked holds, where ``unserved`` is (pairs, cards) (served:
    the pairs of no locked die, under any_full_roll) and ``served`` is None.
    """

    rolls: int
    unserved: FloatArray | None
    served: FloatArray | None


def start_entry(cards: int) -> Entry:
    """A turn before its first roll."""
    first = dice_tables().first_roll
    return Entry(1, None, np.repeat(first[:, None], cards, axis=1))


def _scatter(masses: FloatArray, choices: IndexArray, into: FloatArray) -> None:
    """Add every row's mass to the keep its choice rolls (choices below 0 add nothing)."""
    cards = masses.shape[1]
    keeps = into.shape[0]
    chosen = choices >= 0
    flat = (choices + keeps * np.arange(cards)[None, :])[chosen]
    into += (
        np.bincount(flat, weights=masses[chosen], minlength=keeps * cards).reshape(cards, keeps).T
    )


def rolled(keeps: FloatArray, any_full_roll: bool, locked_pairs: bool, rolls: int) -> Entry:
    """The rolls that follow rolling from each keep (``keeps``: (210, cards)): roll ``rolls``."""
    tables = dice_tables()
    if locked_pairs:
        rolling = tables.pairs - len(tables.rolls)
        chance = tables.transition[tables.pair_keeps[:rolling], tables.pair_rolls[:rolling]]
        pairs = np.zeros((tables.pairs, keeps.shape[1]))
        pairs[:rolling] = keeps[tables.pair_keeps[:rolling]] * chance[:, None]
        return Entry(rolls, pairs, None)
    served = None
    if any_full_roll:
        served = np.outer(tables.first_roll, keeps[0])
        keeps = keeps.copy()
        keeps[0] = 0.0
    return Entry(rolls, tables.transition.T @ keeps, served)


@dataclass(frozen=True, eq=False)
class Stopped:
    """How a turn ends, for each card: the chance of stopping on every roll, and of winning."""

    unserved: FloatArray
    """(252, cards): the chance of stopping on each roll, the last roll not served."""
    served: FloatArray
    """(252, cards): the same, served."""
    auto: FloatArray
    """(cards,): the chance of winning at once."""


def forward(pol: Policy, entry: Entry) -> Stopped:
    """Carry the chances of ``entry`` through the rest of the turn, as the policy plays it."""
    tables = dice_tables()
    cards = pol.box.shape[1]
    rolls = len(tables.rolls)
    unserved = np.zeros((rolls, cards))
    served = np.zeros((rolls, cards))
    auto = np.zeros(cards)
    keeps = np.zeros((tables.rolling, cards))

    def decide(
        masses: FloatArray | None, choices: IndexArray | None, stop_into: FloatArray
    ) -> None:
        nonlocal auto
        if masses is None or choices is None:
            return
        auto = auto + np.where(choices == AUTO, masses, 0.0).sum(axis=0)
        stop_into += np.where(choices == STOP, masses, 0.0)
        _scatter(masses, choices, keeps)

    if entry.rolls == 1:
        assert entry.served is not None
        decide(entry.served, pol.first, served)
        entry = rolled(keeps, pol.any_full_roll, pol.locked_holds, 2)
        keeps = np.zeros_like(keeps)
    if entry.rolls == 2:
        if pol.locked_holds:
            assert entry.unserved is not None
            pairs = entry.unserved
            stopping = np.where(pol.second == STOP, pairs, 0.0)
            auto = auto + np.where(pol.second == AUTO, pairs, 0.0).sum(axis=0)
            _scatter(pairs, pol.second, keeps)
            if pol.any_full_roll:
                level = tables.locked_levels[0]
                served += stopping[level.start : level.end]
                stopping = stopping.copy()
                stopping[level.start : level.end] = 0.0
            unserved += _rows_summed(tables.pair_rolls, stopping, len(tables.rolls))
        else:
            decide(entry.unserved, pol.second, unserved)
            decide(entry.served, pol.second_served, served)
        entry = rolled(keeps, pol.any_full_roll, False, 3)
    if entry.rolls == 3:
        if entry.unserved is not None:
            unserved += entry.unserved
        if entry.served is not None:
            last = entry.served.copy()
            winning = np.flatnonzero(pol.auto)
            generala = tables.generala_rolls
            if winning.size:
                won = np.zeros(cards)
                won[winning] = last[np.ix_(generala, winning)].sum(axis=0)
                auto = auto + won
                last[np.ix_(generala, winning)] = 0.0
            served += last
    return Stopped(unserved=unserved, served=served, auto=auto)


def _rows_summed(rows: IndexArray, values: FloatArray, count: int) -> FloatArray:
    """``out[r]``: the sum of the rows of ``values`` whose entry in ``rows`` is ``r``."""
    cards = values.shape[1]
    flat = (rows[:, None] * cards + np.arange(cards)[None, :]).ravel()
    summed = np.bincount(flat, weights=values.ravel(), minlength=count * cards)
    return np.asarray(summed, dtype=np.float64).reshape(count, cards)


@dataclass(frozen=True, eq=False)
class Valued:
    """A turn of one card valued along the policy (see :func:`backward`)."""

    start: float
    """Before the first roll."""
    second: FloatArray
    """(210,): rolling from each keep after the first roll."""
    third: FloatArray
    """(210,): rolling from each keep after the second roll."""


def backward(
    pol: Policy, stop_unserved: FloatArray, stop_served: FloatArray, auto_value: float
) -> Valued:
    """Value a turn of one card along the policy, given the value of every way it can end.

    ``stop_unserved[d]`` and ``stop_served[d]`` value stopping on roll ``d``
    (in the box the policy fills there), ``auto_value`` winning at once.
    """
    tables = dice_tables()
    first_roll = tables.first_roll
    transition = tables.transition
    last_served = stop_served.copy()
    if bool(pol.auto[0]):
        last_served[tables.generala_rolls] = auto_value
    third: FloatArray = transition @ stop_unserved
    if pol.any_full_roll:
        third[0] = first_roll @ last_served

    def roll_values(choices: IndexArray, stop: FloatArray, keep_values: FloatArray) -> FloatArray:
        values = np.where(choices >= 0, keep_values[np.maximum(choices, 0)], stop)
        return np.where(choices == AUTO, auto_value, values)

    if pol.locked_holds:
        stop = stop_unserved[tables.pair_rolls]
        if pol.any_full_roll:
            level = tables.locked_levels[0]
            stop[level.start : level.end] = stop_served
        pairs = roll_values(pol.second[:, 0], stop, third)
        rolling = tables.pairs - len(tables.rolls)
        chance = transition[tables.pair_keeps[:rolling], tables.pair_rolls[:rolling]]
        second = np.zeros(tables.rolling)
        np.add.at(second, tables.pair_keeps[:rolling], chance * pairs[:rolling])
    else:
        second = transition @ roll_values(pol.second[:, 0], stop_unserved, third)
        if pol.any_full_roll:
            assert pol.second_served is not None
            second[0] = first_roll @ roll_values(pol.second_served[:, 0], stop_served, third)
    first = roll_values(pol.first[:, 0], stop_served, second)
    return Valued(start=float(first_roll @ first), second=second, third=third)


# --- every card's future -----------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Outcomes:
    """How the turns of a batch of cards end: per (box, points), the chance (one per card)."""

    boxes: tuple[int, ...]
    points: tuple[int, ...]
    chances: FloatArray
    """(outcomes, cards)."""
    auto: FloatArray
    """(cards,)."""


@cache
def _box_points(
    house_rules: HouseRules,
) -> tuple[tuple[int, tuple[int, ...], FloatArray, FloatArray], ...]:
    """Per box: its index, its possible points, and which of them every roll scores there.

    The last two are (points, 252) tables of zeros and ones, unserved and served.
    """
    rt = rules_tables(house_rules)
    possible = house_rules.possible_points()
    result = []
    for index, category in enumerate(rt.categories):
        points = tuple(sorted(possible[category]))
        unserved = np.zeros((len(points), len(rt.scores[index])))
        served = np.zeros_like(unserved)
        for roll, (plain, bonus) in enumerate(rt.scores[index]):
            unserved[points.index(plain), roll] = 1.0
            served[points.index(bonus), roll] = 1.0
        result.append((index, points, unserved, served))
    return tuple(result)


def outcomes(rt: RulesTables, cards: IndexArray, pol: Policy, stopped: Stopped) -> Outcomes:
    """Group the stops of a batch of cards by the box filled and its points."""
    boxes: list[int] = []
    points: list[int] = []
    rows: list[FloatArray] = []
    dead = (cards & rt.points_bit) == 0 if rt.points_bit else None
    for index, possible, unserved, served in _box_points(rt.house_rules):
        bit = 1 << index
        if not np.any((cards & bit) == 0):
            continue
        mass_u = np.where(pol.box == index, stopped.unserved, 0.0)
        mass_s = np.where(pol.box_served == index, stopped.served, 0.0)
        chances = unserved @ mass_u + served @ mass_s
        if rt.categories[index] is Category.DOUBLE_GENERALA and dead is not None:
            # A dead Double Generala box can only be scratched.
            total = chances.sum(axis=0)
            chances = np.where(dead[None, :], 0.0, chances)
            chances[possible.index(0)] = np.where(dead, total, chances[possible.index(0)])
        for row, value in enumerate(possible):
            boxes.append(index)
            points.append(value)
            rows.append(chances[row])
    return Outcomes(tuple(boxes), tuple(points), np.array(rows), stopped.auto)


def next_card(rt: RulesTables, card: IndexArray | int, box: int, points: int) -> IndexArray | int:
    """The card after filling ``box`` with ``points``."""
    after = card | (1 << box)
    if points and rt.categories[box] is Category.GENERALA:
        after = after | rt.points_bit
    return after


def most_points(house_rules: HouseRules) -> int:
    """The most points an empty scorecard can still add (the length of a points row, less one)."""
    return sum(max(points) for points in house_rules.possible_points().values())


@dataclass(frozen=True, eq=False)
class Futures:
    """Every card's future under the optimum (see the module's docstring)."""

    points: FloatArray
    """(cards, most points + 1)."""
    wins: FloatArray
    """(cards, boxes + 1): column ``t`` the chance of winning at once on turn ``t``."""


def mix(
    rt: RulesTables, futures: Futures, cards: IndexArray, turn: Outcomes
) -> tuple[FloatArray, FloatArray]:
    """The futures of cards whose next turn ends as ``turn`` says: (points, wins) rows."""
    width = futures.points.shape[1]
    points = np.zeros((len(cards), width))
    wins = np.zeros((len(cards), futures.wins.shape[1]))
    wins[:, 1] = turn.auto
    for box, value, chances in zip(turn.boxes, turn.points, turn.chances, strict=True):
        if not np.any(chances):
            continue
        after = next_card(rt, cards, box, value)
        points[:, value:] += chances[:, None] * futures.points[after, : width - value]
        wins[:, 2:] += chances[:, None] * futures.wins[after, 1:-1]
    return points, wins


def solve_futures(
    house_rules: HouseRules, values: FloatArray, progress: Progress | None = None
) -> Futures:
    """Every card's future, from the solved table ``values`` of the same rules.

    Cards are worked out fullest first, so each one's successors are known;
    ``progress`` is called with the fraction done as the work goes on.
    """
    rt = rules_tables(house_rules)
    width = most_points(house_rules) + 1
    points = np.zeros((rt.cards, width))
    points[:, 0] = 1.0  # a full card adds nothing more
    wins = np.zeros((rt.cards, len(rt.categories) + 1))
    futures = Futures(points, wins)
    layers = card_layers(rt)
    total = sum(layer.size for layer in layers)
    done = 0
    for layer in layers:
        for start in range(0, layer.size, _CHUNK):
            cards = layer[start : start + _CHUNK]
            pol = card_policy(rt, cards, values)
            turn = outcomes(rt, cards, pol, forward(pol, start_entry(len(cards))))
            points[cards], wins[cards] = mix(rt, futures, cards, turn)
            done += cards.size
            if progress is not None:
                progress(done / total)
    return futures


def consistent(
    house_rules: HouseRules, values: FloatArray, futures: Futures, sample: int = 48
) -> bool:
    """Whether saved futures can be the optimum's: every card's chances add up to 1, a
    card with every box filled (or none that play can reach) adds nothing, and a sample
    of cards agree with a turn played from their successors'."""
    rt = rules_tables(house_rules)
    reachable = np.concatenate(card_layers(rt))
    others = np.ones(rt.cards, dtype=np.bool_)
    others[reachable] = False
    nothing = np.zeros(futures.points.shape[1])
    nothing[0] = 1.0
    if not (
        np.array_equal(
            futures.points[others], np.broadcast_to(nothing, (int(others.sum()), nothing.size))
        )
        and not futures.wins[others].any()
        and np.allclose(
            futures.points[reachable].sum(axis=1) + futures.wins[reachable].sum(axis=1),
            1.0,
            rtol=0,
            atol=1e-9,
        )
        and (futures.points >= 0).all()
        and (futures.wins >= 0).all()
    ):
        return False
    step = max(1, reachable.size // sample)
    cards = np.concatenate([reachable[::step], np.zeros(1, dtype=np.intp)])
    pol = card_policy(rt, cards, values)
    turn = outcomes(rt, cards, pol, forward(pol, start_entry(len(cards))))
    points, wins = mix(rt, futures, cards, turn)
    return bool(
        np.allclose(points, futures.points[cards], rtol=1e-9, atol=1e-12)
        and np.allclose(wins, futures.wins[cards], rtol=1e-9, atol=1e-12)
    )


# --- from the players' futures to their chances ---------------------------------------


@dataclass(frozen=True, eq=False)
class Future:
    """One player's future from now: ``wins[t]`` their chance to win at once on their
    ``t``-th turn from now (``wins[0]`` is 0); ``totals[x]`` the chance their final
    total (tie-break: score) is ``x`` and they never win at once. ``order`` is their
    place in the order of the turns to come (0 plays first)."""

    order: int
    wins: FloatArray
    totals: FloatArray


def race(futures: Sequence[Future], seat: int) -> FloatArray:
    """``H[t]``: the chance nobody else has won at once before ``seat``'s ``t``-th turn."""
    mine = futures[seat]
    turns = len(mine.wins)
    result = np.ones(turns)
    steps = np.arange(turns)
    earlier = np.maximum(steps - 1, 0)
    for other, future in enumerate(futures):
        if other == seat or not future.wins.any():
            continue
        # Their turns before my t-th: t if they play before me in a round, else t - 1.
        survive = 1.0 - np.cumsum(future.wins)
        played = steps if future.order < mine.order else earlier
        result *= survive[np.minimum(played, len(survive) - 1)]
    result[0] = 1.0
    return result


def standings(
    futures: Sequence[Future], ties: FloatArray, seats: Sequence[int] | None = None
) -> list[FloatArray]:
    """Per seat, ``G[x]``: the chance that nobody else wins at once and the seat wins with
    total ``x`` (all totals as long as each other).

    ``ties[k, j]`` is the chance of winning a tie of ``k`` players from place ``j``
    (from 0) in seating order; players sit in the order of ``futures``. Each other
    player is a factor ``below(x) + z at(x)`` of a polynomial whose ``z**k`` counts
    ``k`` of them tied at ``x``: products of the factors before and after each
    seat, built once from each end, give every seat's ties by place.
    """
    width = len(futures[0].totals)
    count = len(futures)

    def times(poly: FloatArray, future: Future) -> FloatArray:
        below = np.concatenate([[0.0], np.cumsum(future.totals)[:-1]])
        grown = np.zeros((width, poly.shape[1] + 1))
        grown[:, :-1] = poly * below[:, None]
        grown[:, 1:] += poly * future.totals[:, None]
        return grown

    prefix = [np.ones((width, 1))]
    for future in futures[:-1]:
        prefix.append(times(prefix[-1], future))
    suffix = [np.ones((width, 1))]
    for future in reversed(futures[1:]):
        suffix.append(times(suffix[-1], future))
    suffix.reverse()  # suffix[i]: the factors of the players after seat i
    result = []
    for seat in range(count) if seats is None else seats:
        before, after = prefix[seat], suffix[seat]
        places, others = np.indices((before.shape[1], after.shape[1]))
        weights = ties[1 + places + others, places]
        result.append(np.asarray(np.einsum("xa,xb,ab->x", before, after, weights)))
    return result


def combine(futures: Sequence[Future], ties: FloatArray) -> FloatArray:
    """Each player's chance of winning (``ties`` as for :func:`standings`)."""
    given = standings(futures, ties)
    return np.array(
        [
            float(future.wins @ race(futures, seat)) + float(future.totals @ given[seat])
            for seat, future in enumerate(futures)
        ]
    )


def shared_ties(players: int) -> FloatArray:
    """A tie shared evenly (house rule tie_break off)."""
    ties = np.zeros((players + 1, players + 1))
    for k in range(1, players + 1):
        ties[k, :k] = 1.0 / k
    return ties


def tie_break_turn(house_rules: HouseRules, entry: Entry | None = None) -> tuple[float, FloatArray]:
    """A tie-break turn played by the optimum: its chance to win at once, and of each score."""
    pol = tie_break_policy(house_rules)
    stopped = forward(pol, entry or start_entry(1))
    stops = tie_break_stops(house_rules)
    width = int(max(np.max(stops.unserved), np.max(stops.served))) + 1
    scores = np.zeros(width)
    np.add.at(scores, stops.unserved[:, 0].astype(np.intp), stopped.unserved[:, 0])
    np.add.at(scores, stops.served[:, 0].astype(np.intp), stopped.served[:, 0])
    return float(stopped.auto[0]), scores


@cache
def tie_break_ties(house_rules: HouseRules, players: int) -> FloatArray:
    """``ties[k, j]``: the chance that place ``j`` of ``k`` tied players wins the tie-break."""
    if not house_rules.tie_break:
        return shared_ties(players)
    win, scores = tie_break_turn(house_rules)
    ties = np.zeros((players + 1, players + 1))
    ties[1, 0] = 1.0
    for k in range(2, players + 1):
        fresh = [Future(j, np.array([0.0, win]), scores) for j in range(k)]
        # Everyone tied again plays the same round again: solve for it.
        again = float(np.sum(scores**k))
        ties[k, :k] = combine(fresh, ties) / (1.0 - again)
    ties.setflags(write=False)
    return ties
