"""What the analysis draws of a player's game, built from the review alone: no widget, no app."""

from __future__ import annotations

from dataclasses import dataclass

from ...game.strategy import DecisionMark, DecisionReview, LuckMark, PlayerReview
from ...game.strategy.review import DECISION_THRESHOLDS, LUCK_THRESHOLDS

SWING_MARKS = {LuckMark.VERY_LUCKY: 1, LuckMark.VERY_UNLUCKY: -1}
"""The rolls the chart marks: the big swings of luck, up or down."""
COSTLY_MARKS = frozenset({DecisionMark.BAD, DecisionMark.VERY_BAD})
"""The decisions the chart marks."""
LUCKY_SWING = next(bound for bound, mark in LUCK_THRESHOLDS if mark is LuckMark.VERY_LUCKY)
"""The luck from which a roll is marked as a big swing up."""
UNLUCKY_SWING = next(bound for bound, mark in LUCK_THRESHOLDS if mark is LuckMark.VERY_UNLUCKY)
"""The luck down to which a roll is marked as a big swing down."""
COSTLY = next(bound for bound, mark in DECISION_THRESHOLDS if mark is DecisionMark.BAD)
"""The cost from which a decision is marked."""

Point = tuple[int, float]


@dataclass(frozen=True)
class CourseChart:
    """A player's expected final total through the game, step by step, and its marks."""

    ys: tuple[float, ...]
    """The expected final total at each step (x is the step's number, from 0)."""
    lucky: tuple[Point, ...]
    unlucky: tuple[Point, ...]
    costly: tuple[Point, ...]
    ticks: tuple[int, ...]
    """The step each round starts at."""
    tick_labels: tuple[str, ...]
    """The rounds' numbers."""


def course_chart(player: PlayerReview) -> CourseChart:
    """The chart of ``player``'s course: a keep and the roll it threw share a log index, so
    the keep is the first step at its index and the roll the last."""
    course = player.course
    ys = tuple(value for _, value in course)
    first: dict[int, int] = {}
    last: dict[int, int] = {}
    for step, (move, _) in enumerate(course):
        first.setdefault(move, step)
        last[move] = step
    lucky: list[Point] = []
    unlucky: list[Point] = []
    rounds: dict[int, int] = {}
    for roll in player.rolls:
        if roll.tie_break or roll.move not in last:
            continue
        step = last[roll.move]
        rounds.setdefault(roll.round, first[roll.move])
        swing = SWING_MARKS.get(roll.mark)
        if swing == 1:
            lucky.append((step, ys[step]))
        elif swing == -1:
            unlucky.append((step, ys[step]))
    costly = [
        (first[d.move], ys[first[d.move]])
        for d in player.decisions
        if not d.tie_break and d.mark in COSTLY_MARKS and d.move in first
    ]
    ordered = sorted(rounds.items())
    return CourseChart(
        ys=ys,
        lucky=tuple(lucky),
        unlucky=tuple(unlucky),
        costly=tuple(costly),
        ticks=tuple(step for _, step in ordered),
        tick_labels=tuple(str(round_) for round_, _ in ordered),
    )


def listed_decisions(player: PlayerReview) -> list[DecisionReview]:
    """The decisions the analysis lists: every one with a choice in it, in the game's order."""
    return [decision for decision in player.decisions if not decision.forced]
