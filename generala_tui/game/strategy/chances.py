"""Who is winning: each player's exact chance of winning the game, and the champion.

:func:`win_chances` gives, for any position (between turns or inside one, in
the regular rounds or a tie-break), every seat's chance of winning the game,
a shared win split evenly among its sharers. The chances are exact under one
assumption, said wherever they are shown: every player plays the
expected-score optimum (the expert, docs/strategy.md) from here on. Under it
each player's future is their own, so the chances come from exact
distributions, worked out once per rule set (:func:`solve_chances`), of every
scorecard's remaining points and of its chance to win at once on each turn
to come; nothing is sampled. Every house rule counts: the race to a served
Generala in turn order, tie-break rounds (their own race included) or shared
wins, Double Generala alive or dead, the optional boxes, the straights,
locked holds and served rolls.

:class:`Chances` also values each action of a position by the win chance it
leaves (:meth:`Chances.action_chances`), and :meth:`Chances.champion_action`
is the ``champion`` computer player: the action with the highest chance of
winning, the expert's where they are equal.

Like the strategy's tables, the distributions are kept in memory and, with a
:class:`~generala_tui.game.strategy.cache.TableStore`, on disk (:mod:`.cache`).
Importing this module does not import numpy.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..action import Action, ActionKind
from ..model import MAX_ROLLS, Category, GameState, HouseRules, Phase
from ..rules import IllegalMove, rolls_barred, tie_break_score
from .actions import ActionValue
from .cache import Memo, TableStore, load_futures, save_futures
from .optimal import Strategy, cached_strategy, solve, strategy_key

if TYPE_CHECKING:
    from ._chances import Entry, Future, Futures, Policy, Valued
    from ._dice import FloatArray
    from ._optimal import Progress, RulesTables

__all__ = [
    "CHANCES_VERSION",
    "Chances",
    "cached_chances",
    "chances_key",
    "solve_chances",
    "win_chances",
]

CHANCES_VERSION = 1
"""The version of the win-chance tables: part of their cache key and saved file."""
_POLICIES_KEPT = 512
_EQUAL = 1e-12
"""Win chances closer than this are equal (the champion then plays the expert's way)."""


class Chances:
    """The win chances of one rule set (build it with :func:`solve_chances`)."""

    def __init__(
        self, strategy: Strategy, futures: Futures, solve_seconds: float, from_disk: bool = False
    ) -> None:
        from ._dice import dice_tables
        from ._optimal import rules_tables

        self.strategy = strategy
        """The expert's table the chances assume everyone plays by."""
        self.house_rules = strategy.house_rules
        self.solve_seconds = solve_seconds
        self.from_disk = from_disk
        self.futures = futures
        """Every scorecard's future under the optimum: the tables the chances come from."""
        self._rt = rules_tables(strategy.house_rules)
        self._dice = dice_tables()
        self._policies: OrderedDict[int, Policy] = OrderedDict()
        self._lock = threading.Lock()

    def for_rules(self, house_rules: HouseRules) -> Chances:
        """The same tables for ``house_rules``, which share them (:func:`.cache.rules_text`)."""
        strategy = solve(house_rules)  # from memory: rule sets sharing tables share a strategy
        return Chances(strategy, self.futures, self.solve_seconds, self.from_disk)

    # --- public questions --------------------------------------------------------

    def win_chances(self, state: GameState) -> tuple[float, ...]:
        """Every seat's chance of winning from this position (see the module's docstring)."""
        if state.phase is Phase.OVER:
            return _shares(state)
        return self._chances(state, self._current_future(state))

    def after(self, state: GameState, action: Action) -> tuple[float, ...]:
        """Every seat's chance of winning once the current player takes ``action``.

        For a roll: before its dice land. Raises :class:`IllegalMove` when the
        rules don't allow ``action`` here.
        """
        if state.phase is Phase.OVER:
            raise IllegalMove("The game is over.")
        self.strategy.action_value(state, action)  # IllegalMove unless the rules allow it
        return self._chances(state, self._future_after(state, action))

    def action_chances(self, state: GameState, values: Sequence[ActionValue]) -> list[float]:
        """The current player's chance of winning after each of ``values``' actions.

        ``values`` are actions of this position as :meth:`Strategy.evaluate`
        gives them (any subset, in any order).
        """
        if state.phase is Phase.OVER or not values:
            return []
        turn = self._turn_values(state)
        return [turn.of(value) for value in values]

    def champion_action(self, state: GameState) -> Action:
        """What the champion plays: the action with the highest chance of winning.

        Of actions whose chances are equal (as when the game is decided, or
        alone at the table), the expert's choice; so the champion plays like
        the expert wherever winning does not tell the actions apart.
        """
        if state.phase is Phase.OVER:
            raise IllegalMove("The game is over.")
        values = self.strategy.evaluate(state)  # best first by expected total
        if len(values) == 1 or len(state.players) == 1:
            return values[0].action
        chances = self.action_chances(state, values)
        best = max(chances)
        for value, chance in zip(values, chances, strict=True):
            if chance >= best - _EQUAL:
                return value.action
        return values[0].action  # pragma: no cover - max() is among them

    # --- the current player's future ---------------------------------------------

    def _policy(self, card: int) -> Policy:
        with self._lock:
            found = self._policies.get(card)
            if found is not None:
                self._policies.move_to_end(card)
                return found
        import numpy as np

        from ._blas import one_blas_thread
        from ._chances import card_policy

        with one_blas_thread():
            made = card_policy(self._rt, np.array([card], dtype=np.intp), self.strategy.values)
        with self._lock:
            self._policies[card] = made
            if len(self._policies) > _POLICIES_KEPT:
                self._policies.popitem(last=False)
        return made

    def _entry(self, state: GameState) -> Entry:
        """Where the current turn is, for :func:`_chances.forward`."""
        import numpy as np

        from ._chances import Entry, start_entry

        turn = state.turn
        if not turn.rolls:
            return start_entry(1)
        dice = self._dice
        roll = dice.roll_index[tuple(sorted(turn.dice))]
        # A turn whose fill was taken back after the computers played rolls no more.
        rolls = MAX_ROLLS if rolls_barred(state) else turn.rolls
        if rolls == 2 and self._rt.locked_holds:
            locked = tuple(sorted(turn.dice[i] for i in range(len(turn.dice)) if turn.locked[i]))
            pairs = np.zeros((dice.pairs, 1))
            pairs[dice.pair_at[dice.keep_index[locked], roll], 0] = 1.0
            return Entry(2, pairs, None)
        one = np.zeros((len(dice.rolls), 1))
        one[roll, 0] = 1.0
        if turn.served:
            return Entry(rolls, None, one)
        return Entry(rolls, one, None)

    def _rolled_entry(self, state: GameState, kept: tuple[int, ...]) -> Entry:
        """Where the turn is once the dice ``kept`` are held and the others thrown."""
        import numpy as np

        from ._chances import rolled

        dice = self._dice
        keeps = np.zeros((dice.rolling, 1))
        keeps[dice.keep_index[tuple(sorted(kept))], 0] = 1.0
        rolls = state.turn.rolls + 1
        locked_pairs = self._rt.locked_holds and rolls == 2
        return rolled(keeps, self._rt.any_full_roll, locked_pairs, rolls)

    def _current_future(self, state: GameState, entry: Entry | None = None) -> Future:
        """The current player's future from ``entry`` (default: where their turn is)."""
        from ._chances import Future, forward, mix, outcomes, tie_break_turn

        entry = entry or self._entry(state)
        if state.phase is Phase.TIE_BREAK:
            win, scores = tie_break_turn(self.house_rules, entry)
            return _future(0, [0.0, win], scores)
        card = self.strategy.card(state.current_player)
        pol = self._policy(card)
        import numpy as np

        cards = np.array([card], dtype=np.intp)
        turn = outcomes(self._rt, cards, pol, forward(pol, entry))
        points, wins = mix(self._rt, self.futures, cards, turn)
        return Future(0, wins[0], _shifted(points[0], state.current_player.total))

    def _future_after(self, state: GameState, action: Action) -> Future:
        import numpy as np

        from ._chances import Future

        turn = state.turn
        if action.kind is ActionKind.ROLL:
            if not turn.rolls:
                return self._current_future(state)
            if turn.rolls >= MAX_ROLLS or len(action.held) >= len(turn.dice) or rolls_barred(state):
                raise IllegalMove(f"The rules don't allow {action!r} here.")
            kept = tuple(turn.dice[i] for i in action.held)
            return self._current_future(state, self._rolled_entry(state, kept))
        if not turn.rolls:
            raise IllegalMove(f"The rules don't allow {action!r} here.")
        if action.kind is ActionKind.END_TIE_BREAK:
            if state.phase is not Phase.TIE_BREAK:
                raise IllegalMove(f"The rules don't allow {action!r} here.")
            score = tie_break_score(turn.dice, self.house_rules, turn.served)
            scores = np.zeros(score + 1)
            scores[score] = 1.0
            return _future(0, [0.0, 0.0], scores)
        value = self._value_of(state, action)
        assert action.category is not None
        box = self._rt.categories.index(action.category)
        card = self.strategy.card(state.current_player)
        from ._chances import next_card

        after = int(next_card(self._rt, card, box, value.points or 0))
        futures = self.futures
        wins = np.concatenate([[0.0], futures.wins[after][:-1]])
        points = _shifted(futures.points[after], state.current_player.total + (value.points or 0))
        return Future(0, wins, points)

    def _value_of(self, state: GameState, action: Action) -> ActionValue:
        value = self.strategy.listed_value(state, action)
        if value is not None:
            return value
        raise IllegalMove(f"The rules don't allow {action!r} here.")

    # --- the table ---------------------------------------------------------------------

    def _table(self, state: GameState, current: Future) -> tuple[list[Future], list[int]]:
        """Everyone's futures in the order :func:`_chances.combine` takes, and their seats."""
        from ._chances import Future

        futures = self.futures
        if state.phase is Phase.TIE_BREAK:
            tie_round = state.tie_breaks[-1]
            played = len(tie_round.scores)
            win, scores = _fresh_tie_break(self.house_rules)
            table: list[Future] = []
            for place, seat in enumerate(tie_round.contenders):
                if place < played:
                    known = [0.0] * (tie_round.scores[place] + 1)
                    known[-1] = 1.0
                    table.append(_future(-1, [0.0], known))
                elif place == played:
                    table.append(current)
                else:
                    table.append(_future(place - played, [0.0, win], scores))
                del seat
            return _padded(table), list(tie_round.contenders)
        count = len(state.players)
        table = []
        for seat, player in enumerate(state.players):
            order = (seat - state.current) % count
            if order == 0:
                table.append(current)
                continue
            card = self.strategy.card(player)
            table.append(
                Future(order, futures.wins[card], _shifted(futures.points[card], player.total))
            )
        return _padded(table), list(range(count))

    def _chances(self, state: GameState, current: Future) -> tuple[float, ...]:
        from ._chances import combine, tie_break_ties

        table, seats = self._table(state, current)
        chances = combine(table, tie_break_ties(self.house_rules, len(table)))
        result = [0.0] * len(state.players)
        for seat, chance in zip(seats, chances.tolist(), strict=True):
            result[seat] = chance
        return tuple(result)

    def _turn_values(self, state: GameState) -> _TurnChances:
        """The current player's chance after every way their turn can go on."""
        import numpy as np

        from ._chances import (
            Future,
            backward,
            most_points,
            next_card,
            race,
            standings,
            tie_break_ties,
        )

        # The current player's own future is not needed here, only the others': a
        # placeholder as long as the current player's totals can reach.
        tie_break = state.phase is Phase.TIE_BREAK
        reach = (
            _fresh_tie_break(self.house_rules)[1].size
            if tie_break
            else (state.current_player.total + most_points(self.house_rules) + 1)
        )
        placeholder = Future(0, np.zeros(len(self._rt.categories) + 2), np.zeros(reach))
        table, seats = self._table(state, placeholder)
        table = _padded(table)
        place = seats.index(state.current) if state.phase is Phase.TIE_BREAK else state.current
        ties = tie_break_ties(self.house_rules, len(table))
        given_total = standings(table, ties, [place])[0]  # G[x]: others beaten with total x
        before = race(table, place)  # H[t]: nobody else has won before my t-th turn
        rt = self._rt
        futures = self.futures
        dice = self._dice
        total = 0 if state.phase is Phase.TIE_BREAK else state.current_player.total
        width = len(given_total)

        def standing_with(points: int, future_points: FloatArray) -> float:
            start = total + points
            span = min(len(future_points), width - start)
            return float(future_points[:span] @ given_total[start : start + span])

        if state.phase is Phase.TIE_BREAK:
            from ._chances import tie_break_policy
            from ._optimal import tie_break_stops

            pol = tie_break_policy(self.house_rules)
            stops = tie_break_stops(self.house_rules)
            stop_u = given_total[stops.unserved[:, 0].astype(np.intp)]
            stop_s = given_total[stops.served[:, 0].astype(np.intp)]
            boxes: dict[tuple[int, int], float] = {}
        else:
            card = self.strategy.card(state.current_player)
            pol = self._policy(card)
            boxes = {}
            # The value of ending the turn with each box and points.
            for index in range(len(rt.categories)):
                if card & (1 << index):
                    continue
                for points in _box_points(rt, index):
                    after = int(next_card(rt, card, index, points))
                    # Winning at once on a later turn, or with the final totals.
                    later = float(futures.wins[after][1:] @ before[2:])
                    boxes[(index, points)] = later + standing_with(points, futures.points[after])
            stop_u = np.array(
                [
                    boxes[(box, _points(rt, card, box, roll, False))]
                    for roll, box in enumerate(pol.box[:, 0].tolist())
                ]
            )
            stop_s = np.array(
                [
                    boxes[(box, _points(rt, card, box, roll, True))]
                    for roll, box in enumerate(pol.box_served[:, 0].tolist())
                ]
            )
        valued = backward(pol, stop_u, stop_s, 1.0)
        return _TurnChances(state, valued, boxes, given_total, dice.keep_index, rt.categories)


@dataclass(frozen=True, eq=False)
class _TurnChances:
    """The current player's chance after each action of their turn."""

    state: GameState
    valued: Valued
    boxes: dict[tuple[int, int], float]
    """Per (box index, points): ending the turn so."""
    given_total: FloatArray
    """Per total (tie-break: score): winning with it, without winning at once."""
    keep_index: dict[tuple[int, ...], int]
    categories: tuple[Category, ...]

    def of(self, value: ActionValue) -> float:
        action = value.action
        turn = self.state.turn
        if action.kind is ActionKind.ROLL:
            if not turn.rolls:
                return self.valued.start
            keeps = self.valued.second if turn.rolls == 1 else self.valued.third
            return float(keeps[self.keep_index[value.kept]])
        if action.kind is ActionKind.END_TIE_BREAK:
            score = tie_break_score(turn.dice, self.state.house_rules, turn.served)
            return float(self.given_total[score])
        assert action.category is not None
        return self.boxes[(self.categories.index(action.category), value.points or 0)]


def _box_points(rt: RulesTables, box: int) -> set[int]:
    """Every number of points a turn can end with in ``box``."""
    return {points for pair in rt.scores[box] for points in pair} | {0}


def _points(rt: RulesTables, card: int, box: int, roll: int, served: bool) -> int:
    if rt.categories[box] is Category.DOUBLE_GENERALA and not card & rt.points_bit:
        return 0  # dead: a scratch
    return rt.scores[box][roll][1 if served else 0]


def _shares(state: GameState) -> tuple[float, ...]:
    share = 1.0 / len(state.winners)
    return tuple(share if seat in state.winners else 0.0 for seat in range(len(state.players)))


def _shifted(points: FloatArray, by: int) -> FloatArray:
    import numpy as np

    return np.concatenate([np.zeros(by), points])


def _future(order: int, wins: Sequence[float], totals: Sequence[float] | FloatArray) -> Future:
    import numpy as np

    from ._chances import Future

    return Future(order, np.asarray(wins, dtype=np.float64), np.asarray(totals, dtype=np.float64))


def _padded(table: list[Future]) -> list[Future]:
    """The futures with their totals and wins padded to one length each."""
    from ._chances import Future

    width = max(len(future.totals) for future in table)
    turns = max(len(future.wins) for future in table)
    return [
        Future(future.order, _grown(future.wins, turns), _grown(future.totals, width))
        for future in table
    ]


def _grown(values: FloatArray, length: int) -> FloatArray:
    import numpy as np

    if len(values) == length:
        return values
    grown = np.zeros(length)
    grown[: len(values)] = values
    return grown


def _fresh_tie_break(house_rules: HouseRules) -> tuple[float, FloatArray]:
    from ._chances import tie_break_turn

    return tie_break_turn(house_rules)


# --- solving and caching -------------------------------------------------------------

_memory: Memo[Chances] = Memo()


def chances_key(house_rules: HouseRules) -> str:
    """The cache key of a rule set's win-chance tables."""
    return f"chances-c{CHANCES_VERSION}-{strategy_key(house_rules)}"


def cached_chances(house_rules: HouseRules, tables: TableStore | None = None) -> Chances | None:
    """The win chances if they are in memory (or in ``tables``), without computing them."""
    found = _memory.find(house_rules)
    if found is not None or tables is None:
        return found
    strategy = cached_strategy(house_rules, tables)
    if strategy is None:
        return None
    key = chances_key(house_rules)
    loaded = load_futures(tables, key, house_rules, CHANCES_VERSION, strategy.values)
    if loaded is None:
        return None
    futures, seconds = loaded
    return _memory.keep(Chances(strategy, futures, seconds, from_disk=True))


def solve_chances(
    house_rules: HouseRules | None = None,
    progress: Progress | None = None,
    tables: TableStore | None = None,
) -> Chances:
    """The win chances of ``house_rules``: from memory, from ``tables``, or computed now.

    Solves the expert's table first when needed. ``progress`` is called with
    the fraction done (0 to 1): the strategy's table is the first half, the
    chances' the second. Safe to call from several threads: one computes, the
    others wait for its result.
    """
    rules = house_rules or HouseRules()

    def compute() -> Chances:
        from ._blas import one_blas_thread
        from ._chances import solve_futures

        half = None if progress is None else (lambda done: progress(done / 2))
        strategy = solve(rules, half, tables)
        started = time.perf_counter()
        rest = None if progress is None else (lambda done: progress(0.5 + done / 2))
        with one_blas_thread():
            futures = solve_futures(rules, strategy.values, rest)
        seconds = time.perf_counter() - started
        if tables is not None:
            save_futures(tables, chances_key(rules), rules, CHANCES_VERSION, futures, seconds)
        return Chances(strategy, futures, seconds)

    return _memory.find_or_make(rules, lambda: cached_chances(rules, tables), compute, progress)


def win_chances(state: GameState, tables: TableStore | None = None) -> tuple[float, ...]:
    """Every seat's chance of winning from this position, a shared win split evenly.

    Exact, under the assumption that every player plays the expected-score
    optimum from here on; they sum to 1. Solves the rule set's tables on first
    use (see :func:`solve_chances`).
    """
    if state.phase is Phase.OVER:
        return _shares(state)
    return solve_chances(state.house_rules, tables=tables).win_chances(state)
