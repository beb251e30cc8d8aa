"""The analysis's marks for a decision, a roll and a player's game.

They live outside the strategy package so that the words for them (``ui/vocabulary.py``)
load without it; :mod:`generala_tui.game.strategy.review` gives them out and decides
them (its thresholds and bands)."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["DecisionMark", "LuckMark", "Rating"]


class DecisionMark(StrEnum):
    """A decision by what it cost (thresholds: ``review.DECISION_THRESHOLDS``)."""

    FINE = "fine"
    DOUBTFUL = "doubtful"
    BAD = "bad"
    VERY_BAD = "very_bad"


class LuckMark(StrEnum):
    """A roll by its luck (thresholds: ``review.LUCK_THRESHOLDS``)."""

    VERY_UNLUCKY = "very_unlucky"
    UNLUCKY = "unlucky"
    AVERAGE = "average"
    LUCKY = "lucky"
    VERY_LUCKY = "very_lucky"


class Rating(StrEnum):
    """A player's play over a game, from the mean cost of their decisions
    (``review.RATING_BANDS``)."""

    FLAWLESS = "flawless"
    MASTERLY = "masterly"
    STRONG = "strong"
    SOLID = "solid"
    CASUAL = "casual"
    SHAKY = "shaky"
    CARELESS = "careless"
    UNRATED = "unrated"
    """No decision with a choice in it yet."""
