"""What the analysis draws of a player's game, built from the review alone: the charts' data
(:mod:`..widgets.charts`), no widget, no app."""

from __future__ import annotations

from ...game.strategy import (
    DecisionMark,
    DecisionReview,
    GameReview,
    LuckMark,
    PlayerReview,
    RollReview,
)
from ...game.strategy.review import DECISION_THRESHOLDS, LUCK_THRESHOLDS, turning_points
from ..widgets.charts import CourseChart, Point, WinChart

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


TURNING_POINTS = 5
"""How many turning points the win-chance chart marks and lists for the player shown."""


def win_chart(review: GameReview, seat: int, rounds: int, count: int = TURNING_POINTS) -> WinChart:
    """The win-chance chart of ``review`` with ``seat``'s turning points (``rounds``: the
    game's regular rounds, after which tie-break rounds are labelled tb1, tb2...)."""
    from ... import words

    start = review.chances_start or ()
    lines = [[100 * chance] for chance in start]
    ticks: list[int] = []
    labels: list[str] = []
    index: dict[int, int] = {}
    for number, step in enumerate(review.steps):
        index[id(step)] = number + 1
        after = step.chances_after or ()
        for line, chance in zip(lines, after, strict=True):
            line.append(100 * chance)
        if isinstance(step, RollReview) and step.roll == 1:
            # A round starts with its first player's first roll: the first of its number.
            label = (
                words.tie_break_round(step.round - rounds)
                if step.round > rounds
                else str(step.round)
            )
            if label not in labels:
                ticks.append(number)
                labels.append(label)
    turning = tuple(turning_points(review, seat, count))
    marks = tuple((index[id(step)], 100 * (step.chances_after or ())[seat]) for step in turning)
    return WinChart(
        lines=tuple(tuple(line) for line in lines),
        seat=seat,
        turning=turning,
        marks=marks,
        ticks=tuple(ticks),
        tick_labels=tuple(labels),
    )
