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

With :class:`~generala_tui.game.strategy.chances.Chances` (or alone at the
table, where every chance is 1) the review also measures the game in win
chances, W of a position being every seat's exact chance of winning the game
if everyone plays the expert from there:

- a **roll**'s luck for each seat is W once the dice landed minus W of the
  keep that threw them (the first roll of a turn: W of the turn);
- a **decision**'s effect on each seat is W after the action taken minus W of
  the position (which is W after the expert's choice), and its win-chance cost
  the best choice's chance for the player minus the chance left, never below 0.

They telescope over the whole game, tie-break turns included, so for each seat::

    chance_end == chance_start + chance_luck + chance_skill + chance_others

where ``chance_end`` is the game's result (1 for a sole winner, 1/k for each
of k sharers, 0 otherwise; W where the record stops for an unfinished game),
``chance_skill`` the effect of the seat's own decisions and ``chance_others``
that of everyone else's.
"""

from __future__ import annotations

import collections
import math
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from ..action import Action, ActionKind, action_of
from ..marks import DecisionMark, LuckMark, Rating
from ..model import Category, GameState, HoldToggled, LogEntry, Phase, Rolled
from ..rules import IllegalMove, replay
from .actions import ActionValue
from .optimal import Strategy, solve, strategy_key

if TYPE_CHECKING:
    from .chances import Chances

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
    "Step",
    "chance_change",
    "decision_mark",
    "luck_mark",
    "rating",
    "review_game",
    "turning_points",
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
    chances_before: tuple[float, ...] | None = None
    """Every seat's win chance before the throw, given the keep (for the first roll of a
    turn: W of the turn); None when the review was made without win chances."""
    chances_after: tuple[float, ...] | None = None
    """Every seat's win chance once the dice landed (the game's result if it won)."""


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
    taken_back: bool = False
    """A fill made again: the one made first was taken back with the computers' turns played
    on from it (:class:`~generala_tui.game.model.TakeBack`), which the player had seen. It
    is valued in its position as the log has it, the rolls the player chose to stop."""
    chances_before: tuple[float, ...] | None = None
    """Every seat's win chance in the position (W after the expert's choice); None when
    the review was made without win chances."""
    chances_after: tuple[float, ...] | None = None
    """Every seat's win chance after the action taken (a keep: before its dice land)."""
    best_chance: float | None = None
    """The player's win chance after the choice that leaves them the most."""
    chance_cost: float | None = None
    """``best_chance`` minus the player's chance after the action taken, at least 0."""

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
    chance_start: float | None = None
    """The player's win chance before the first roll (None without win chances)."""
    chance_end: float | None = None
    """The game's result for the player (1 a sole win, 1/k a win shared by k, else 0), or
    their win chance where the record stops: ``chance_start + chance_luck + chance_skill +
    chance_others``."""
    chance_luck: float | None = None
    """What every roll of the game (anyone's, tie-breaks included) did to the player's chance."""
    chance_skill: float | None = None
    """What the player's own decisions did to their chance, summed (0 for the expert's)."""
    chance_others: float | None = None
    """What the other players' decisions did to this player's chance, summed."""
    chance_cost: float | None = None
    """The win-chance cost of the player's own decisions, summed (each at least 0)."""

    @property
    def taken_back(self) -> int:
        """How many of the player's fills were made again after a take-back."""
        return sum(1 for decision in self.decisions if decision.taken_back)


Step = RollReview | DecisionReview
"""A roll or a decision: the steps of a game, as :attr:`GameReview.steps` orders them."""


@dataclass(frozen=True)
class GameReview:
    """Every player's review, by seat."""

    players: tuple[PlayerReview, ...]
    steps: tuple[Step, ...] = ()
    """Every roll and decision of the game, of every player, in the game's order (a keep
    before the roll it threw)."""
    chances_start: tuple[float, ...] | None = None
    """Every seat's win chance before the first roll; None without win chances."""
    chances_end: tuple[float, ...] | None = None
    """Every seat's result, or win chance where the record stops."""

    @property
    def has_chances(self) -> bool:
        """Whether the review measured the game in win chances too."""
        return self.chances_start is not None


def chance_change(step: Step, seat: int) -> float:
    """What ``step`` did to ``seat``'s win chance (0 without win chances)."""
    if step.chances_before is None or step.chances_after is None:
        return 0.0
    return step.chances_after[seat] - step.chances_before[seat]


def turning_points(review: GameReview, seat: int | None = None, count: int = 5) -> list[Step]:
    """The ``count`` steps that moved ``seat``'s win chance most (without a seat: any
    player's), largest first; steps that moved nothing are never turning points."""

    def size(step: Step) -> float:
        if seat is not None:
            return abs(chance_change(step, seat))
        return max(abs(chance_change(step, other)) for other in range(len(review.players)))

    moved = [(size(step), index) for index, step in enumerate(review.steps)]
    moved = [(change, index) for change, index in moved if change > _NEGLIGIBLE]
    moved.sort(key=lambda pair: (-pair[0], pair[1]))
    return [review.steps[index] for _, index in moved[:count]]


@dataclass
class _Column:
    """One player's review as it is gathered."""

    rolls: list[RollReview]
    decisions: list[DecisionReview]
    course: list[tuple[int, float]]


def review_game(
    state: GameState, strategy: Strategy | None = None, chances: Chances | None = None
) -> GameReview:
    """Value every roll and decision of the game's log, for each player by seat.

    ``strategy`` must be solved for the game's house rules; without it the
    strategy is solved (or fetched from memory), or taken from ``chances``; a
    strategy of other rules is a :class:`ValueError`. With ``chances`` (of the
    game's rules, else a :class:`ValueError`) every roll and decision is also
    valued in win chances; alone at the table they are too, without
    ``chances`` (every chance is 1). Raises
    :class:`~generala_tui.game.rules.BadRecord` when the log does not replay.
    """
    if chances is not None and strategy_key(chances.house_rules) != strategy_key(state.house_rules):
        raise ValueError("The win chances were solved for other house rules.")
    if strategy is None:
        strategy = chances.strategy if chances is not None else solve(state.house_rules)
    elif strategy_key(strategy.house_rules) != strategy_key(state.house_rules):
        raise ValueError("The strategy was solved for other house rules.")
    start = strategy.expected_score
    columns = [_Column([], [], [(-1, start)]) for _ in state.players]
    rounds = state.rounds
    steps: list[Step] = []
    valuer = _ChanceValuer(chances, len(state.players))
    # One pass over the replay, two positions at a time: none is kept but a decision's,
    # and that one without its log (DecisionReview.state gives it back when asked).
    positions = replay(state)
    after = next(positions)
    chances_start = valuer.win(after) if valuer.on else None
    now = chances_start  # every seat's W where the game is
    retaken = {take_back.step for take_back in state.taken_back}
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
            if move in retaken and not isinstance(entry, Rolled):
                decision = replace(decision, taken_back=True)
            if valuer.on:
                assert now is not None
                decision = valuer.decision(decision, before, now)
                now = decision.chances_after
            column.decisions.append(decision)
            steps.append(decision)
            chosen = decision.expected
            if not tie_break:
                column.course.append((move, chosen))
        elif valuer.on:  # the first roll of a turn: W of the turn
            now = valuer.win(before)
        if isinstance(entry, Rolled):
            if chosen is None:  # the first roll of a turn: V of the turn
                chosen = strategy.evaluate(before)[0].expected
            value = _after_roll(strategy, after, entry, tie_break)
            luck = value - chosen
            landed = valuer.win(after) if valuer.on else None
            roll = RollReview(
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
                chances_before=now,
                chances_after=landed,
            )
            column.rolls.append(roll)
            steps.append(roll)
            now = landed
            if not tie_break:
                column.course.append((move, value))
    # Played out to its end: the end of the replay checks that the log leads to the state.
    collections.deque(positions, maxlen=0)
    chances_end = valuer.win(state) if valuer.on else None
    players = tuple(
        _player_review(state, seat, column, start) for seat, column in enumerate(columns)
    )
    if chances_start is not None and chances_end is not None:
        players = tuple(
            _with_chances(player, steps, chances_start, chances_end) for player in players
        )
    return GameReview(
        players=players,
        steps=tuple(steps),
        chances_start=chances_start,
        chances_end=chances_end,
    )


class _ChanceValuer:
    """Win chances for the review: the Chances', or alone at the table every one 1."""

    def __init__(self, chances: Chances | None, seats: int) -> None:
        self.chances = chances
        self.alone = seats == 1
        self.on = chances is not None or self.alone

    def win(self, state: GameState) -> tuple[float, ...]:
        if self.chances is None:
            return (1.0,)
        return self.chances.win_chances(state)

    def decision(
        self, decision: DecisionReview, state: GameState, before: tuple[float, ...]
    ) -> DecisionReview:
        """``decision`` with its win chances: ``before`` is W of the position."""
        chances = self.chances
        if chances is None:
            after: tuple[float, ...] = (1.0,)
            best = 1.0
        else:
            after = _chances_after(chances, state, decision.action)
            best = max(chances.action_chances(state, decision.choices))
        cost = best - after[decision.player]
        return replace(
            decision,
            chances_before=before,
            chances_after=after,
            best_chance=best,
            chance_cost=cost if cost >= _NEGLIGIBLE else 0.0,
        )


def _chances_after(chances: Chances, state: GameState, action: Action) -> tuple[float, ...]:
    """Every seat's chance after ``action``: scoring a number box without any of its
    number is scratching it, and valued so."""
    try:
        return chances.after(state, action)
    except IllegalMove:
        if action.kind is not ActionKind.SCORE or action.category is None:
            raise
        return chances.after(state, Action.scratch(action.category))


def _with_chances(
    player: PlayerReview,
    steps: list[Step],
    start: tuple[float, ...],
    end: tuple[float, ...],
) -> PlayerReview:
    seat = player.player
    rolls = [chance_change(step, seat) for step in steps if isinstance(step, RollReview)]
    own = [step for step in steps if isinstance(step, DecisionReview) and step.player == seat]
    others = [step for step in steps if isinstance(step, DecisionReview) and step.player != seat]
    return replace(
        player,
        chance_start=start[seat],
        chance_end=end[seat],
        chance_luck=math.fsum(rolls),
        chance_skill=math.fsum(chance_change(step, seat) for step in own),
        chance_others=math.fsum(chance_change(step, seat) for step in others),
        chance_cost=math.fsum(step.chance_cost or 0.0 for step in own),
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
        from ._optimal import TIE_BREAK_WIN_VALUE

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
