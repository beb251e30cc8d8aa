"""Luck and skill, exactly: every roll and every decision of a game, valued.

The game is rebuilt from its own log (:func:`generala_tui.game.rules.replay`),
so any state will do: a finished game, a game saved half-way, a record read
from a file. Values are the solitaire optimum of docs/rules.md ("The computer
players and the coach"): V of a position is the expected final total of the
player's own column if they play optimally from there, an automatic win
counting as Generala points in the Generala box.

- A **roll**'s luck is V after the dice landed minus V of the keep that
  threw them (for the first roll of a turn: V of the turn before it).
- A **decision** (a keep and roll, a fill, a scratch, ending a tie-break turn)
  costs V of the best choice minus V of the choice made, never below 0.

Both telescope, so for a player whose every box is filled::

    total == expected_start + luck - loss

where ``expected_start`` is V of an empty scorecard. Tie-break turns are
valued on their own scale (the expected tie-break score) and kept out of
``luck``, ``loss``, the rating and the course: tie-break points are not part
of a total. In a game an automatic win ended, the winning roll's "after" is
V of scoring that Generala, as the optimum counts it; no player's column is
complete then, and ``expected_end`` (V where the record stops) takes the
place of the total in the identity, as it does for an unfinished game.
docs/analysis.md gives the definitions, the marks' thresholds and the rating
bands.
"""

from __future__ import annotations

import collections
import math
from dataclasses import dataclass, field

from ..action import Action, action_of
from ..marks import DecisionMark, LuckMark, Rating
from ..model import Category, GameState, HoldToggled, LogEntry, Phase, Rolled
from ..rules import replay
from .actions import ActionValue
from .optimal import Strategy, solve, strategy_key

__all__ = [
    "DECISION_THRESHOLDS",
    "LUCK_THRESHOLDS",
    "RATING_BANDS",
    "DecisionMark",
    "DecisionReview",
    "GameReview",
    "LuckMark",
    "PlayerReview",
    "Rating",
    "RollReview",
    "decision_mark",
    "luck_mark",
    "rating",
    "review_game",
]

_NEGLIGIBLE = 1e-9
"""Differences of values below this are rounding, not choices."""


DECISION_THRESHOLDS: tuple[tuple[float, DecisionMark], ...] = (
    (8.0, DecisionMark.VERY_BAD),
    (3.0, DecisionMark.BAD),
    (1.0, DecisionMark.DOUBTFUL),
)
"""A decision costing at least this many expected points gets this mark; below the last, fine."""

LUCK_THRESHOLDS: tuple[tuple[float, LuckMark], ...] = (
    (10.0, LuckMark.VERY_LUCKY),
    (3.0, LuckMark.LUCKY),
    (-6.0, LuckMark.VERY_UNLUCKY),
    (-3.0, LuckMark.UNLUCKY),
)
"""Luck of at least +10 is very lucky, of at least +3 lucky; of at most -6 very
unlucky, of at most -3 unlucky; in between, average."""

RATING_BANDS: tuple[tuple[float, Rating], ...] = (
    (1e-6, Rating.FLAWLESS),
    (0.1, Rating.MASTERLY),
    (0.25, Rating.STRONG),
    (0.5, Rating.SOLID),
    (1.0, Rating.CASUAL),
    (2.0, Rating.SHAKY),
)
"""A mean cost per decision below this many expected points gets this rating; else careless."""


def decision_mark(cost: float) -> DecisionMark:
    """The mark of a decision that cost ``cost`` expected points."""
    for threshold, mark in DECISION_THRESHOLDS:
        if cost >= threshold:
            return mark
    return DecisionMark.FINE


def luck_mark(luck: float) -> LuckMark:
    """The mark of a roll of luck ``luck`` (expected points gained by the dice)."""
    for threshold, mark in LUCK_THRESHOLDS:
        if (luck >= threshold) if threshold > 0 else (luck <= threshold):
            return mark
    return LuckMark.AVERAGE


def rating(mean_cost: float | None) -> Rating:
    """The rating of play whose decisions cost ``mean_cost`` each on average (None: unrated)."""
    if mean_cost is None:
        return Rating.UNRATED
    for bound, band in RATING_BANDS:
        if mean_cost < bound:
            return band
    return Rating.CARELESS


@dataclass(frozen=True)
class RollReview:
    """One throw of the dice, and its luck."""

    player: int
    round: int
    """The player's round (1 to the number of boxes); tie-break rounds go on counting from there."""
    roll: int
    """The roll's number in its turn, 1 to 3."""
    move: int
    """The index of the roll's ``Rolled`` entry in ``state.log``."""
    held: tuple[int, ...]
    """The positions of the dice held for the throw."""
    dice: tuple[int, ...]
    """All five dice after the throw, in position order."""
    before: float
    """V before the throw, given the keep (the expected final total; tie-break: score)."""
    after: float
    """V once the dice landed."""
    luck: float
    """``after - before``."""
    mark: LuckMark
    tie_break: bool = False
    """A roll of a tie-break turn (valued in tie-break points, outside the identity)."""
    won: bool = False
    """The roll won the game at once (a served Generala)."""


@dataclass(frozen=True)
class DecisionReview:
    """One decision, what it was worth and what the best one was worth."""

    player: int
    round: int
    """As :attr:`RollReview.round`."""
    roll: int
    """The roll the decision was taken after, 1 to 3."""
    move: int
    """The index in ``state.log`` of the entry the decision made (a ``Rolled`` for a keep)."""
    action: Action
    best: Action
    expected: float
    """V after the action taken."""
    best_expected: float
    """V after the best action."""
    cost: float
    """``best_expected - expected``, at least 0."""
    choices: tuple[ActionValue, ...]
    """Every legal choice, best first, as the coach lists them."""
    mark: DecisionMark
    position: GameState = field(repr=False)
    """:attr:`state` without its log, as the review keeps it."""
    game_log: tuple[LogEntry, ...] = field(repr=False)
    """The whole log of the game reviewed (the same tuple for every decision)."""
    tie_break: bool = False
    """A decision of a tie-break turn (valued in tie-break points, outside the identity)."""

    @property
    def state(self) -> GameState:
        """The position the decision was taken in: just before that entry (holds as set),
        with its log (the game's first ``move`` steps, copied when asked for: a review
        keeps one log for all its decisions, not one each)."""
        return self.position.model_copy(update={"log": self.game_log[: self.move]})

    @property
    def forced(self) -> bool:
        """Whether there was only one choice (it counts in no rating)."""
        return len(self.choices) <= 1


@dataclass(frozen=True)
class PlayerReview:
    """One player's game: luck, losses, rating, and every roll and decision."""

    player: int
    name: str
    total: int
    """The player's total where the record stops (the final total of a finished game)."""
    expected_start: float
    """V of an empty scorecard under the game's house rules."""
    luck: float
    """The luck of the player's rolls in the regular rounds, summed."""
    loss: float
    """The cost of the player's decisions in the regular rounds, summed."""
    rating: Rating
    rolls: tuple[RollReview, ...]
    decisions: tuple[DecisionReview, ...]
    course: tuple[tuple[int, float], ...]
    """(log index, V) after every roll and decision of the regular rounds, in order.

    It starts with ``(-1, expected_start)``; a keep and the roll it threw share
    their ``Rolled`` entry's index.
    """
    expected_end: float
    """V where the record stops: ``expected_start + luck - loss``."""
    complete: bool
    """Every box of the player's column is filled: then ``total == expected_end``."""
    mean_cost: float | None
    """The mean cost of the decisions with a choice in them (regular rounds); None without any."""
    tie_break_luck: float = 0.0
    tie_break_loss: float = 0.0


@dataclass(frozen=True)
class GameReview:
    """Every player's review, by seat."""

    players: tuple[PlayerReview, ...]


@dataclass
class _Column:
    """One player's review as it is gathered."""

    rolls: list[RollReview]
    decisions: list[DecisionReview]
    course: list[tuple[int, float]]


def review_game(state: GameState, strategy: Strategy | None = None) -> GameReview:
    """Value every roll and decision of the game's log, for each player by seat.

    ``strategy`` must be solved for the game's house rules; without it the
    strategy is solved (or fetched from memory); a strategy of other rules is
    a :class:`ValueError`. Raises :class:`~generala_tui.game.rules.BadRecord`
    when the log does not replay.
    """
    if strategy is None:
        strategy = solve(state.house_rules)
    elif strategy_key(strategy.house_rules) != strategy_key(state.house_rules):
        raise ValueError("The strategy was solved for other house rules.")
    start = strategy.expected_score
    columns = [_Column([], [], [(-1, start)]) for _ in state.players]
    rounds = state.rounds
    # One pass over the replay, two positions at a time: none is kept but a decision's,
    # and that one without its log (DecisionReview.state gives it back when asked).
    positions = replay(state)
    after = next(positions)
    for move, entry in enumerate(state.log):
        before, after = after, next(positions)
        if isinstance(entry, HoldToggled):
            continue
        action = action_of(entry)
        assert action is not None  # every entry but a hold is a decision
        column = columns[entry.seat]
        tie_break = before.phase is Phase.TIE_BREAK
        round_ = rounds + len(before.tie_breaks) if tie_break else before.round
        chosen: float | None = None
        if before.turn.rolls:
            decision = _decision(strategy, before, state, action, move, round_, tie_break)
            column.decisions.append(decision)
            chosen = decision.expected
            if not tie_break:
                column.course.append((move, chosen))
        if isinstance(entry, Rolled):
            if chosen is None:  # the first roll of a turn: V of the turn
                chosen = strategy.evaluate(before)[0].expected
            value = _after_roll(strategy, after, entry, tie_break)
            luck = value - chosen
            column.rolls.append(
                RollReview(
                    player=entry.seat,
                    round=round_,
                    roll=before.turn.rolls + 1,
                    move=move,
                    held=entry.held,
                    dice=entry.dice,
                    before=chosen,
                    after=value,
                    luck=luck,
                    mark=luck_mark(luck),
                    tie_break=tie_break,
                    won=entry.won,
                )
            )
            if not tie_break:
                column.course.append((move, value))
    # Played out to its end: the end of the replay checks that the log leads to the state.
    collections.deque(positions, maxlen=0)
    return GameReview(
        players=tuple(
            _player_review(state, seat, column, start) for seat, column in enumerate(columns)
        )
    )


def _decision(
    strategy: Strategy,
    state: GameState,
    game: GameState,
    action: Action,
    move: int,
    round_: int,
    tie_break: bool,
) -> DecisionReview:
    choices = tuple(strategy.evaluate(state))
    best = choices[0]
    expected = strategy.action_value(state, action)
    cost = best.expected - expected
    if cost < _NEGLIGIBLE:
        cost = 0.0  # the best (or a rounding of it); never a gain
    return DecisionReview(
        player=state.current,
        round=round_,
        roll=state.turn.rolls,
        move=move,
        action=action,
        best=best.action,
        expected=expected,
        best_expected=best.expected,
        cost=cost,
        choices=choices,
        mark=decision_mark(cost),
        position=state,
        game_log=game.log,
        tie_break=tie_break,
    )


def _after_roll(strategy: Strategy, after: GameState, entry: Rolled, tie_break: bool) -> float:
    """V once the roll's dice landed."""
    if not entry.won:
        return strategy.evaluate(after)[0].expected
    if tie_break:
        from ._solver import TIE_BREAK_WIN_VALUE

        return TIE_BREAK_WIN_VALUE
    # The game ended at once; the optimum counts the win as Generala points
    # in the Generala box, with the game going on (docs/rules.md).
    going_on = after.model_copy(update={"phase": Phase.PLAYING, "winners": (), "ending": None})
    return strategy.action_value(going_on, Action.score(Category.GENERALA))


def _player_review(state: GameState, seat: int, column: _Column, start: float) -> PlayerReview:
    player = state.players[seat]
    regular_rolls = [roll for roll in column.rolls if not roll.tie_break]
    regular = [decision for decision in column.decisions if not decision.tie_break]
    rated = [decision.cost for decision in regular if not decision.forced]
    mean_cost = math.fsum(rated) / len(rated) if rated else None
    luck = math.fsum(roll.luck for roll in regular_rolls)
    loss = math.fsum(decision.cost for decision in regular)
    return PlayerReview(
        player=seat,
        name=player.name,
        total=player.total,
        expected_start=start,
        luck=luck,
        loss=loss,
        rating=rating(mean_cost),
        rolls=tuple(column.rolls),
        decisions=tuple(column.decisions),
        course=tuple(column.course),
        expected_end=column.course[-1][1],
        complete=len(player.boxes) == state.rounds,
        mean_cost=mean_cost,
        tie_break_luck=math.fsum(roll.luck for roll in column.rolls if roll.tie_break),
        tie_break_loss=math.fsum(d.cost for d in column.decisions if d.tie_break),
    )
