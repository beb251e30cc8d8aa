"""The combinatorics of five dice, shared by every rule set.

The solver works on multisets, because the order of the dice never matters
for scoring: 252 multisets of five dice (*rolls*), and 462 multisets of zero to
five dice (*keeps*). The keeps are ordered by size, then lexicographically, so
the 210 keeps that still roll at least one die come first and the 252 keeps of
five dice come last, in the same order as the rolls.

Everything here is built once per process, in about ten milliseconds.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from functools import cache

import numpy as np
from numpy.typing import NDArray

from ..boxes import FACES, NUMBER_OF_DICE

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
    pair_keeps: IndexArray
    """Every pair's L (a keep index), in pair order."""
    pair_rolls: IndexArray
    """Every pair's d (a roll index), in pair order."""
    pair_at: IndexArray
    """``pair_at[k, d]``: the place of the pair (k, d), -1 where keep k is not inside roll d."""


def _counts(dice: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(dice.count(face) for face in range(1, FACES + 1))


@cache
def dice_tables() -> DiceTables:
    """Build (once) the tables every solver shares (in about ten milliseconds)."""
    # Everything is worked out on counts (how many dice of each face), which
    # add up and index dictionaries without sorting.
    faces = range(1, FACES + 1)
    rolls = tuple(itertools.combinations_with_replacement(faces, NUMBER_OF_DICE))
    roll_counts = [_counts(roll) for roll in rolls]
    roll_index = {roll: i for i, roll in enumerate(rolls)}
    keeps = tuple(
        keep
        for size in range(NUMBER_OF_DICE + 1)
        for keep in itertools.combinations_with_replacement(faces, size)
    )
    keep_index = {keep: i for i, keep in enumerate(keeps)}
    keep_counts = tuple(_counts(keep) for keep in keeps)
    keep_of_counts = {counts: i for i, counts in enumerate(keep_counts)}
    rolling = sum(1 for keep in keeps if len(keep) < NUMBER_OF_DICE)
    roll_matrix = np.array(roll_counts, dtype=np.intp)  # (252, 6)
    keep_matrix = np.array(keep_counts, dtype=np.intp)  # (462, 6)
    # What the thrown dice must show for keep k to become roll d (negative: it can't).
    thrown = roll_matrix[None, :, :] - keep_matrix[:rolling, None, :]
    possible: NDArray[np.bool_] = np.all(thrown >= 0, axis=2)
    thrown = np.where(possible[:, :, None], thrown, 0)
    factorials = np.array([math.factorial(n) for n in range(NUMBER_OF_DICE + 1)], dtype=np.int64)
    dice_thrown = NUMBER_OF_DICE - keep_matrix[:rolling].sum(axis=1)  # (210,)
    # Multinomial: the number of orders the thrown dice can show the outcome.
    orders = factorials[dice_thrown][:, None] // factorials[thrown].prod(axis=2)
    transition = np.where(possible, orders / (float(FACES) ** dice_thrown)[:, None], 0.0)

    # The pairs (L, d) of a keep L inside a roll d, ordered by L then d.
    pairs = sorted(
        (keep_of_counts[sub], d)
        for d, counts in enumerate(roll_counts)
        for sub in itertools.product(*(range(c + 1) for c in counts))
    )
    sub_lists: list[list[int]] = [[] for _ in rolls]
    for k, d in pairs:
        if k < rolling:
            sub_lists[d].append(k)
    widest = max(len(subs) for subs in sub_lists)
    columns = np.full((widest, len(rolls)), rolling, dtype=np.intp)
    for d, subs in enumerate(sub_lists):
        columns[: len(subs), d] = subs

    # pair_at[k, d]: the place of the pair (k, d) among the pairs, -1 if k is not inside d.
    pair_keeps = np.array([k for k, _ in pairs], dtype=np.intp)
    pair_rolls = np.array([d for _, d in pairs], dtype=np.intp)
    pair_at = np.full((len(keeps) + 1, len(rolls)), -1, dtype=np.intp)  # row -1: no keep
    pair_at[pair_keeps, pair_rolls] = np.arange(len(pairs))
    # plus_one[k, f]: the keep of k and one more die showing face f + 1 (-1: none).
    powers = (NUMBER_OF_DICE + 2) ** np.arange(FACES, dtype=np.intp)  # counts as digits of a number
    keep_at = np.full((NUMBER_OF_DICE + 2) ** FACES, -1, dtype=np.intp)
    keep_at[keep_matrix @ powers] = np.arange(len(keeps))
    plus_one = keep_at[(keep_matrix @ powers)[:, None] + powers[None, :]]
    plus_one[keep_matrix.sum(axis=1) == NUMBER_OF_DICE] = -1
    sizes = np.array([len(keeps[k]) for k in range(len(keeps))], dtype=np.intp)[pair_keeps]
    levels: list[LockedLevel] = []
    for size in range(NUMBER_OF_DICE):
        members = np.flatnonzero(sizes == size)
        start, end = int(members[0]), int(members[-1]) + 1
        level_keeps = pair_keeps[start:end]
        level_rolls = pair_rolls[start:end]
        keep_count = len(set(level_keeps.tolist()))
        per_keep = len(members) // keep_count
        chance = transition[level_keeps, level_rolls]
        extensions = []
        for face in range(FACES):
            found = pair_at[plus_one[level_keeps, face], level_rolls]
            rows = np.flatnonzero(found >= 0)
            extensions.append((rows, found[rows]))
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
        generala_rolls=np.array(
            [roll_index[(face,) * NUMBER_OF_DICE] for face in faces], dtype=np.intp
        ),
        pairs=len(pairs),
        locked_levels=tuple(levels),
        pair_keeps=pair_keeps,
        pair_rolls=pair_rolls,
        pair_at=pair_at[: len(keeps)],
    )
