"""The optimal strategy for a rule set, and the values of every action in a position.

:func:`solve` computes (or loads) the table of a rule set: the expected future
points of every scorecard at the start of a turn, under the solitaire optimum
of docs/rules.md. A :class:`Strategy` answers questions about positions
from it; it plans each turn it is asked about on demand (a fraction of a
millisecond) and remembers the most recent plans.

Importing this module does not import numpy; solving or planning does.
"""

from __future__ import annotations

import hashlib
import operator
import threading
import time
from array import array
from collections import OrderedDict
from collections.abc import Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..action import Action, ActionKind
from ..boxes import FACES, MAX_ROLLS, NUMBER_OF_DICE
from ..model import (
    NUMBER_CATEGORIES,
    Category,
    GameState,
    HouseRules,
    Phase,
    Player,
)
from ..rules import IllegalMove, rolls_barred
from .actions import ActionValue
from .cache import Memo, TableStore, load_values, rules_text, save_values

if TYPE_CHECKING:
    # numpy and the solver load on first use, so that importing this module
    # (for the Strategy type, say) stays cheap.
    from ._dice import DiceTables, FloatArray
    from ._optimal import Progress, RulesTables

__all__ = [
    "SOLVER_VERSION",
    "Planner",
    "Strategy",
    "cached_strategy",
    "medium_planner",
    "solve",
    "strategy_key",
]

SOLVER_VERSION = 1
"""The version of the solver's results. Bump it whenever a change (to the solver,
or to the scoring in ``rules.py`` it reads) changes any value of any table: it is
part of the cache key and of the saved file, so tables of an older solver are
recomputed, never used. ``tests/store/test_strategy_cache.py`` pins a few expected
scores to this number to catch a change that forgets to."""
_FORMAT = 2
"""The layout of a saved table (the arrays in the file)."""
_PLANS_KEPT = 2048  # about 4 kB each
_TIE_BREAK_CARD = -1

# What a choice is, before it becomes an Action: (value, kind, argument),
# the argument a keep index for a roll, a category index for a box.
_Choice = tuple[float, ActionKind, int]
_value_of = operator.itemgetter(0)


@dataclass(frozen=True, eq=False)
class _Plan:
    """One turn planned for one scorecard, in compact arrays of Python floats."""

    start: float
    second: array[float]
    third: array[float]
    boxes: tuple[tuple[int, tuple[tuple[int, int], ...], float, float], ...]
    """Per open box: its category index, the (unserved, served) points of every
    roll there, and the value of the card after scoring points and after a
    scratch there."""
    tie_break_scores: tuple[array[float], array[float]] | None = None
    """For a tie-break turn: the (unserved, served) tie-break score of every roll."""


@dataclass(frozen=True)
class _Position:
    card: int
    roll: int
    rolls: int
    served: bool
    locked: tuple[int, ...]
    """How many dice of each face are locked (locked holds, after the second roll)."""


class Planner:
    """Decisions for any position, given the turn-start value of every scorecard.

    The optimal :class:`Strategy` is a planner whose values are the solved
    table; the medium computer player is a planner whose values only look one
    turn ahead.
    """

    def __init__(self, house_rules: HouseRules, values: FloatArray) -> None:
        from ._dice import dice_tables
        from ._optimal import rules_tables

        self.house_rules = house_rules
        self._rt: RulesTables = rules_tables(house_rules)
        self._dice: DiceTables = dice_tables()
        self._values = values
        self._value_list: list[float] = values.tolist()
        self._plans: OrderedDict[int, _Plan] = OrderedDict()
        self._bits = {category: 1 << i for i, category in enumerate(self._rt.categories)}
        self._no_points = ((0, 0),) * len(self._dice.rolls)
        self._lock = threading.Lock()

    @property
    def values(self) -> FloatArray:
        """The turn-start value of every card: the table the planner plays by."""
        return self._values

    # --- public questions --------------------------------------------------

    def evaluate(self, state: GameState, *, all_scratches: bool = False) -> list[ActionValue]:
        """Every legal action of the position, best first, with its expected final total.

        The expected final total is the current player's column total at the
        end of the game (docs/rules.md), if the player takes the action
        and plays optimally afterwards. The actions are: before the first roll,
        the roll; after a roll, every distinct keep (as held positions; a keep
        of fewer than five dice, with every locked die under locked holds) while
        rolls are left, and stopping, which is filling a box: one action per
        open box, scoring it when the dice earn points there and scratching it
        otherwise (``all_scratches`` adds the never-better scratches of boxes
        the dice would score in). In a tie-break turn the values are expected
        tie-break scores and stopping is ending the turn. Empty once the game
        is over.
        """
        position = self._position(state)
        if position is None:
            return []
        offset = 0.0 if state.phase is Phase.TIE_BREAK else float(state.current_player.total)
        choices = self._choices(state, position, all_scratches)
        best = max(value for value, _, _ in choices)
        ranked = sorted(choices, key=lambda choice: -choice[0])
        return [self._action_value(state, position, choice, best, offset) for choice in ranked]

    def best_action(self, state: GameState) -> Action:
        """The best action of the position; :class:`IllegalMove` once the game is over."""
        position = self._position(state)
        if position is None:
            raise IllegalMove("The game is over.")
        choices = self._choices(state, position, False)
        # max() keeps the first of equal values: stopping before rolling on.
        return self._action(state, position, max(choices, key=_value_of))

    def action_value(self, state: GameState, action: Action) -> float:
        """The expected final total (tie-break: score) of taking ``action`` here.

        Raises :class:`IllegalMove` when the rules don't allow ``action`` here.
        """
        value = self.listed_value(state, action)
        if value is not None:
            return value.expected
        position = self._position(state)
        if position is not None and action.kind is ActionKind.ROLL and position.rolls:
            # The same keep held at other positions is worth the same.
            kept = tuple(sorted(state.turn.dice[i] for i in action.held))
            for value in self.evaluate(state):
                if value.action.kind is ActionKind.ROLL and value.kept == kept:
                    return value.expected
        raise IllegalMove(f"The rules don't allow {action!r} here.")

    def listed_value(self, state: GameState, action: Action) -> ActionValue | None:
        """``action``'s row in :meth:`evaluate` (every scratch listed), or None.

        A number box scored without a die of its number is that box's scratch, and is
        found as such.
        """
        if (
            action.kind is ActionKind.SCORE
            and action.category in NUMBER_CATEGORIES
            and state.turn.rolls
            and NUMBER_CATEGORIES.index(action.category) + 1 not in state.turn.dice
        ):
            action = Action.scratch(action.category)  # no dice of the number: a scratch
        for value in self.evaluate(state, all_scratches=True):
            if value.action == action:
                return value
        return None

    # --- positions -----------------------------------------------------------

    def card(self, player: Player) -> int:
        """The card (bit set) of a player's scorecard."""
        bits = self._bits
        card = 0
        for category in player.boxes:
            card |= bits.get(category, 0)
        if self._rt.points_bit and player.holds_points(Category.GENERALA):
            card |= self._rt.points_bit
        return card

    def _position(self, state: GameState) -> _Position | None:
        if state.phase is Phase.OVER:
            return None
        turn = state.turn
        if state.phase is Phase.TIE_BREAK:
            card = _TIE_BREAK_CARD
        else:
            card = self.card(state.current_player)
            if card & self._rt.full_card == self._rt.full_card:
                return None
        if not turn.rolls:
            return _Position(card, -1, 0, False, ())
        locked: tuple[int, ...] = ()
        if self._rt.locked_holds:
            values = [turn.dice[i] for i in range(NUMBER_OF_DICE) if turn.locked[i]]
            locked = tuple(values.count(face) for face in range(1, FACES + 1))
        roll = self._dice.roll_index[tuple(sorted(turn.dice))]
        # A turn whose fill was taken back after the computers played goes on as after its
        # last roll: only its boxes are left to choose.
        rolls = MAX_ROLLS if rolls_barred(state) else turn.rolls
        return _Position(card, roll, rolls, turn.served, locked)

    def _plan(self, card: int) -> _Plan:
        with self._lock:
            plan = self._plans.get(card)
            if plan is not None:
                self._plans.move_to_end(card)
                return plan
        import numpy as np

        from ._blas import one_blas_thread
        from ._optimal import stop_values, tie_break_stops, turn_values

        tie_break_scores = None
        if card == _TIE_BREAK_CARD:
            stops = tie_break_stops(self.house_rules)
            tie_break_scores = (_floats(stops.unserved[:, 0]), _floats(stops.served[:, 0]))
        else:
            stops = stop_values(self._rt, np.array([card], dtype=np.intp), self._values)
        with one_blas_thread():
            arrays = turn_values(stops, self._rt.any_full_roll, self._rt.locked_holds, self._dice)
        plan = _Plan(
            start=float(arrays.start[0]),
            second=_floats(arrays.second[:, 0]),
            third=_floats(arrays.third[:, 0]),
            boxes=self._open_boxes(card),
            tie_break_scores=tie_break_scores,
        )
        with self._lock:
            self._plans[card] = plan
            if len(self._plans) > _PLANS_KEPT:
                self._plans.popitem(last=False)
        return plan

    def _choices(self, state: GameState, position: _Position, all_scratches: bool) -> list[_Choice]:
        plan = self._plan(position.card)
        if position.rolls == 0:
            return [(plan.start, ActionKind.ROLL, 0)]
        choices: list[_Choice] = []
        if plan.tie_break_scores is not None:
            scores = plan.tie_break_scores[1 if position.served else 0]
            choices.append((scores[position.roll], ActionKind.END_TIE_BREAK, -1))
        else:
            choices.extend(self._boxes(plan, position, all_scratches))
        if position.rolls < 3:
            keep_values = plan.second if position.rolls == 1 else plan.third
            keeps = self._dice.sub_keep_lists[position.roll]
            if position.rolls == 2 and any(position.locked):
                counts = self._dice.keep_counts
                locked = position.locked
                keeps = tuple(
                    keep
                    for keep in keeps
                    if all(have >= need for have, need in zip(counts[keep], locked, strict=True))
                )
            roll_kind = ActionKind.ROLL
            choices.extend([(keep_values[keep], roll_kind, keep) for keep in keeps])
        return choices

    def _open_boxes(
        self, card: int
    ) -> tuple[tuple[int, tuple[tuple[int, int], ...], float, float], ...]:
        if card == _TIE_BREAK_CARD:
            return ()
        rt = self._rt
        values = self._value_list
        boxes = []
        for index, category in enumerate(rt.categories):
            bit = 1 << index
            if card & bit:
                continue
            column = rt.scores[index]
            if category is Category.DOUBLE_GENERALA and not card & rt.points_bit:
                column = self._no_points  # a scratch until Generala holds points
            with_points = card | bit
            if category is Category.GENERALA:
                with_points |= rt.points_bit
            boxes.append((index, column, values[with_points], values[card | bit]))
        return tuple(boxes)

    def _boxes(self, plan: _Plan, position: _Position, all_scratches: bool) -> list[_Choice]:
        roll = position.roll
        served = 1 if position.served else 0
        choices: list[_Choice] = []
        for index, column, with_points, scratched in plan.boxes:
            points = column[roll][served]
            if points:
                choices.append((points + with_points, ActionKind.SCORE, index))
                if not all_scratches:
                    continue
            choices.append((scratched, ActionKind.SCRATCH, index))
        return choices

    # --- choices to actions ----------------------------------------------------

    def _action(self, state: GameState, position: _Position, choice: _Choice) -> Action:
        _, kind, argument = choice
        if kind is ActionKind.ROLL:
            if position.rolls == 0:
                return Action.roll()
            return Action.roll(self._held_positions(state, argument))
        if kind is ActionKind.END_TIE_BREAK:
            return Action.end_tie_break()
        category = self._rt.categories[argument]
        return Action.score(category) if kind is ActionKind.SCORE else Action.scratch(category)

    def _held_positions(self, state: GameState, keep: int) -> tuple[int, ...]:
        # Hold the keep's dice, preferring locked dice, then dice already held,
        # so a user interface toggles as few holds as it can.
        turn = state.turn
        wanted = list(self._dice.keep_counts[keep])
        order = sorted(
            range(NUMBER_OF_DICE), key=lambda i: (not turn.locked[i], not turn.held[i], i)
        )
        held: list[int] = []
        for die in order:
            face = turn.dice[die] - 1
            if wanted[face]:
                wanted[face] -= 1
                held.append(die)
        return tuple(sorted(held))

    def _action_value(
        self,
        state: GameState,
        position: _Position,
        choice: _Choice,
        best: float,
        offset: float,
    ) -> ActionValue:
        value, kind, argument = choice
        action = self._action(state, position, choice)
        kept: tuple[int, ...] = ()
        points: int | None = None
        if kind is ActionKind.ROLL and position.rolls:
            kept = self._dice.keeps[argument]
        elif kind is ActionKind.SCORE:
            points = self._rt.scores[argument][position.roll][1 if position.served else 0]
        elif kind is ActionKind.SCRATCH:
            points = 0
        return ActionValue(
            action=action, expected=offset + value, loss=best - value, kept=kept, points=points
        )


def _floats(values: FloatArray) -> array[float]:
    import numpy as np

    floats = array("d")
    floats.frombytes(np.ascontiguousarray(values, dtype=np.float64).tobytes())
    return floats


class Strategy(Planner):
    """The optimal strategy of a rule set (docs/rules.md).

    Build it with :func:`solve`. ``expected_score`` is the expected final total
    of a whole game from an empty scorecard; :meth:`evaluate` values every
    action of a position; :meth:`best_action` is what the expert plays.
    """

    def __init__(
        self,
        house_rules: HouseRules,
        values: FloatArray,
        solve_seconds: float,
        from_disk: bool = False,
    ) -> None:
        super().__init__(house_rules, values)
        self.solve_seconds = solve_seconds
        """How long computing the table took (when it was computed, if loaded from disk)."""
        self.from_disk = from_disk
        """Whether the table was read from the disk cache rather than computed now."""

    def for_rules(self, house_rules: HouseRules) -> Strategy:
        """The same table for ``house_rules``, which share it (:func:`.cache.rules_text`)."""
        return Strategy(house_rules, self._values, self.solve_seconds, self.from_disk)

    @property
    def expected_score(self) -> float:
        """The expected final total of a whole game, from an empty scorecard."""
        return float(self._values[0])

    def card_value(
        self, filled: Collection[Category], generala_holds_points: bool = False
    ) -> float:
        """The expected points still to come, at the start of a turn, with ``filled`` boxes filled.

        ``generala_holds_points`` matters with Double Generala only.
        """
        card = 0
        for category in filled:
            card |= 1 << self._rt.categories.index(category)
        if generala_holds_points and Category.GENERALA in filled:
            card |= self._rt.points_bit
        return float(self._values[card])


# --- solving and caching -------------------------------------------------------

_memory: Memo[Strategy] = Memo()


def strategy_key(house_rules: HouseRules) -> str:
    """The cache key of a rule set's table: the solver's version and the rules that matter."""
    digest = hashlib.sha256(rules_text(house_rules).encode()).hexdigest()
    return f"strategy-s{SOLVER_VERSION}-f{_FORMAT}-{digest[:20]}"


def cached_strategy(house_rules: HouseRules, tables: TableStore | None = None) -> Strategy | None:
    """The strategy if it is in memory (or in ``tables``), without computing it."""
    strategy = _memory.find(house_rules)
    if strategy is None and tables is not None:
        loaded = load_values(tables, strategy_key(house_rules), house_rules, SOLVER_VERSION)
        if loaded is not None:
            values, seconds = loaded
            strategy = _memory.keep(Strategy(house_rules, values, seconds, from_disk=True))
    return strategy


def solve(
    house_rules: HouseRules | None = None,
    progress: Progress | None = None,
    tables: TableStore | None = None,
) -> Strategy:
    """The optimal strategy of ``house_rules``, from memory, from ``tables``, or computed now.

    Computing takes well under two seconds; ``progress`` is then called with
    the fraction done (0 to 1) as the work goes on. With ``tables`` the table
    is looked for there first, and kept there once computed; tables that can't
    be read or written are no error. Safe to call from several threads: one
    computes, the others wait for its result.
    """
    rules = house_rules or HouseRules()

    def compute() -> Strategy:
        from ._optimal import solve_values

        started = time.perf_counter()
        values = solve_values(rules, progress)
        seconds = time.perf_counter() - started
        if tables is not None:
            save_values(tables, strategy_key(rules), rules, SOLVER_VERSION, values, seconds)
        return Strategy(rules, values, seconds)

    return _memory.find_or_make(rules, lambda: cached_strategy(rules, tables), compute, progress)


# --- the medium player's one-turn lookahead --------------------------------------

_medium: dict[str, Planner] = {}


def medium_planner(house_rules: HouseRules) -> Planner:
    """The medium computer player: a one-turn lookahead.

    It plays each turn exactly to maximise the expected points of that turn
    alone, as if the game ended with it: the boxes left open are worth nothing
    to it. On equal values it prefers to stop, and it fills the first box in
    scorecard order (so with nothing to score it scratches its lowest open
    number box first).
    """
    key = strategy_key(house_rules)
    planner = _medium.get(key)
    if planner is None:
        import numpy as np

        from ._optimal import rules_tables

        planner = Planner(house_rules, np.zeros(rules_tables(house_rules).cards))
        _medium[key] = planner
    return planner
