"""The combinatorics of five dice, shared by every rule set.

The solver works on multisets, because the order of the dice never matters
for scoring: 252 multisets of five dice (*rolls*), and 462 multisets of zero to
five dice (*keeps*). The keeps are ordered by size, then lexicographically, so
the 210 keeps that still roll at least one die come first and the 252 keeps of
five dice come last, in the same order as the rolls.

Everything here is built once per process, in a few tens of milliseconds.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from functools import cache

import numpy as np
from numpy.typing import NDArray

FACES = 6
DICE = 5

FloatArray = NDArray[np.float64]
IndexArray = NDArray[np.intp]


@dataclass(frozen=True, eq=False)
class LockedLevel:
    """The pairs (L, d) of a roll d with the dice L locked, for every L of one size.

    A pair's place is its place among all pairs, ordered by L then d, so the
    pairs of one level are the rows ``start:end`` and every L of the level has
    the same number (``per_keep``) of pairs.
    """

    start: int
    end: int
    keeps: IndexArray
    """Each pair's L (a keep index)."""
    first_keep: int
    """The keep index of the level's first L (its Ls are consecutive)."""
    keep_count: int
    per_keep: int
    chance: FloatArray
    """(keep_count, per_keep, 1): the chance that rolling from L gives d."""
    extensions: tuple[tuple[IndexArray, IndexArray], ...]
    """Per face: the level's pairs (from 0) where L can take one more die of that
    face, and the pair (L + that die, d) each of them leads to."""


@dataclass(frozen=True, eq=False)
class DiceTables:
    """Index tables and transition probabilities over dice multisets."""

    rolls: tuple[tuple[int, ...], ...]
    """The 252 multisets of five dice, each a sorted tuple."""
    roll_index: dict[tuple[int, ...], int]
    keeps: tuple[tuple[int, ...], ...]
    """The 462 multisets of zero to five dice; the first ``rolling`` of them roll dice."""
    keep_index: dict[tuple[int, ...], int]
    keep_counts: tuple[tuple[int, ...], ...]
    """How many dice of each face (1 to 6) every keep holds."""
    rolling: int
    """How many keeps hold fewer than five dice (210)."""
    transition: FloatArray
    """``transition[k, d]``: the chance of roll ``d`` when rolling every die but keep ``k``."""
    first_roll: FloatArray
    """The chance of every roll when all five dice are thrown."""
    sub_keep_lists: tuple[tuple[int, ...], ...]
    """For every roll, the rolling keeps inside it (keep indices, increasing)."""
    sub_keep_columns: tuple[IndexArray, ...]
    """The same, as columns: ``sub_keep_columns[j][d]`` is roll d's j-th keep, or
    ``rolling`` (meant to index a row of minus infinity) past its last."""
    generala_rolls: IndexArray
    """The six rolls of five of a kind."""
    pairs: int
    """How many pairs (L, d) of a keep L inside a roll d there are (4368)."""
    locked_levels: tuple[LockedLevel, ...]
    """The pairs with 0, 1, ... 4 dice locked; the last 252 pairs are (d, d)."""


def _counts(dice: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(dice.count(face) for face in range(1, FACES + 1))


def _from_counts(counts: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(face for face in range(1, FACES + 1) for _ in range(counts[face - 1]))


def _chance(outcome: tuple[int, ...]) -> float:
    # Multinomial: the number of orders the thrown dice can show this outcome.
    orders = math.factorial(len(outcome))
    for count in _counts(outcome):
        orders //= math.factorial(count)
    return orders / float(FACES ** len(outcome))


def _sub_counts(roll: tuple[int, ...]) -> list[tuple[int, ...]]:
    return list(itertools.product(*(range(c + 1) for c in _counts(roll))))


@cache
def dice_tables() -> DiceTables:
    """Build (once) the tables every solver shares."""
    faces = range(1, FACES + 1)
    rolls = tuple(itertools.combinations_with_replacement(faces, DICE))
    roll_index = {roll: i for i, roll in enumerate(rolls)}
    keeps = tuple(
        keep
        for size in range(DICE + 1)
        for keep in itertools.combinations_with_replacement(faces, size)
    )
    keep_index = {keep: i for i, keep in enumerate(keeps)}
    keep_counts = tuple(_counts(keep) for keep in keeps)
    rolling = sum(1 for keep in keeps if len(keep) < DICE)

    transition = np.zeros((rolling, len(rolls)))
    for k, keep in enumerate(keeps[:rolling]):
        for outcome in itertools.combinations_with_replacement(faces, DICE - len(keep)):
            transition[k, roll_index[tuple(sorted(keep + outcome))]] += _chance(outcome)

    pairs = sorted(
        (keep_index[_from_counts(sub)], d)
        for d, roll in enumerate(rolls)
        for sub in _sub_counts(roll)
    )
    sub_lists: list[list[int]] = [[] for _ in rolls]
    for k, d in pairs:
        if k < rolling:
            sub_lists[d].append(k)
    widest = max(len(subs) for subs in sub_lists)
    columns = np.full((widest, len(rolls)), rolling, dtype=np.intp)
    for d, subs in enumerate(sub_lists):
        columns[: len(subs), d] = subs

    pair_index = {pair: p for p, pair in enumerate(pairs)}
    plus_one = [
        [keep_index.get(tuple(sorted((*keep, face))), -1) for face in faces]
        for keep in keeps[:rolling]
    ]
    levels: list[LockedLevel] = []
    for size in range(DICE):
        members = [p for p, (k, _) in enumerate(pairs) if len(keeps[k]) == size]
        start, end = members[0], members[-1] + 1
        level_keeps = np.array([pairs[p][0] for p in members], dtype=np.intp)
        keep_count = len(set(level_keeps.tolist()))
        per_keep = len(members) // keep_count
        chance = np.array([transition[pairs[p][0], pairs[p][1]] for p in members])
        extensions = []
        for face in range(FACES):
            rows: list[int] = []
            targets: list[int] = []
            for row, p in enumerate(members):
                k, d = pairs[p]
                target = pair_index.get((plus_one[k][face], d))
                if target is not None:
                    rows.append(row)
                    targets.append(target)
            extensions.append((np.array(rows, dtype=np.intp), np.array(targets, dtype=np.intp)))
        levels.append(
            LockedLevel(
                start=start,
                end=end,
                keeps=level_keeps,
                first_keep=int(level_keeps[0]),
                keep_count=keep_count,
                per_keep=per_keep,
                chance=chance.reshape(keep_count, per_keep, 1),
                extensions=tuple(extensions),
            )
        )
    return DiceTables(
        rolls=rolls,
        roll_index=roll_index,
        keeps=keeps,
        keep_index=keep_index,
        keep_counts=keep_counts,
        rolling=rolling,
        transition=transition,
        first_roll=np.ascontiguousarray(transition[0]),
        sub_keep_lists=tuple(tuple(subs) for subs in sub_lists),
        sub_keep_columns=tuple(np.ascontiguousarray(column) for column in columns),
        generala_rolls=np.array([roll_index[(face,) * DICE] for face in faces], dtype=np.intp),
        pairs=len(pairs),
        locked_levels=tuple(levels),
    )
