"""The optimal strategy against hand computations and a slow, plain reference solver."""

from __future__ import annotations

import ast
import itertools
import math
import subprocess
import sys
from collections.abc import Callable, Collection, Sequence
from functools import cache
from pathlib import Path

import pytest

from generala_tui.game import rules
from generala_tui.game.action import Action, ActionKind
from generala_tui.game.model import (
    NUMBER_OF_DICE,
    Box,
    Category,
    GameState,
    HouseRules,
    Phase,
    Player,
    ServedRoll,
    StraightRule,
    TieBreakRound,
    Turn,
)
from generala_tui.game.strategy import Strategy, cached_strategy, optimal, solve

C = Category
TOLERANCE = 1e-9


@pytest.fixture(autouse=True)
def _cache_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


def strategy_for(**changes: object) -> Strategy:
    return solve(HouseRules.model_validate(changes))


def position(
    house_rules: HouseRules,
    open_boxes: Collection[Category],
    dice: Sequence[int] = (),
    rolls: int = 0,
    served: bool = False,
    held: Sequence[int] = (),
    locked: Sequence[int] = (),
    generala_points: bool = False,
    total: int = 0,
) -> GameState:
    """A one-player game whose player has only ``open_boxes`` open.

    The filled boxes hold scratches, except that ``total`` points sit in the
    first filled number box, and Generala holds points when
    ``generala_points``. Such positions need not arise in play (17 points in
    Ones), so the state is built without the model's checks.
    """
    boxes: dict[Category, Box] = {}
    for category in house_rules.categories():
        if category not in open_boxes:
            boxes[category] = Box(points=0, scratched=True)
    if generala_points:
        boxes[C.GENERALA] = Box(points=house_rules.generala_points)
    if total:
        first = next(c for c in boxes if c is not C.GENERALA)
        boxes[first] = Box(points=total)
    turn = Turn(
        dice=tuple(dice),
        rolls=rolls,
        served=served,
        held=tuple(i in held for i in range(NUMBER_OF_DICE)),
        locked=tuple(i in locked for i in range(NUMBER_OF_DICE)),
    )
    return GameState.model_construct(
        players=(Player(name="Ana", boxes=boxes),), house_rules=house_rules, turn=turn
    )


def values_by_action(strategy: Strategy, state: GameState) -> dict[Action, float]:
    return {value.action: value.expected for value in strategy.evaluate(state)}


# --- a reference solver, written straight from RULES.md sections 2-6 and 10 ---
#
# Slow and plain: ordered outcomes of every throw, every sub-multiset of the
# dice as a keep, and the rules engine's category_score. It shares nothing
# with the solver but the rules engine.

Future = Callable[[frozenset[Category], bool], float]


class ReferenceTurn:
    """One turn with ``open_boxes`` open; ``future`` values the card after it."""

    def __init__(
        self,
        house_rules: HouseRules,
        open_boxes: frozenset[Category],
        generala_points: bool,
        future: Future,
    ) -> None:
        self.rules = house_rules
        self.open = open_boxes
        self.generala_points = generala_points
        self.future = future
        self.after_roll = cache(self._after_roll)
        self.keep_value = cache(self._keep_value)

    def box_value(self, dice: tuple[int, ...], served: bool, category: Category) -> float:
        points = rules.category_score(dice, category, self.rules, served)
        if category is C.DOUBLE_GENERALA and not self.generala_points:
            points = 0
        holds = self.generala_points or (category is C.GENERALA and points > 0)
        return points + self.future(self.open - {category}, holds)

    def stop_value(self, dice: tuple[int, ...], served: bool) -> float:
        return max(self.box_value(dice, served, category) for category in self.open)

    def _after_roll(
        self, dice: tuple[int, ...], rolls: int, served: bool, locked: tuple[int, ...]
    ) -> float:
        if (
            served
            and self.rules.served_generala_wins
            and C.GENERALA in self.open
            and len(set(dice)) == 1
        ):
            # RULES.md section 10: the automatic win scores the Generala box.
            return self.rules.generala_points + self.future(self.open - {C.GENERALA}, True)
        best = self.stop_value(dice, served)
        if rolls < 3:
            for keep in sub_multisets(dice):
                if contains(keep, locked):
                    best = max(best, self.keep_value(keep, rolls))
        return best

    def _keep_value(self, keep: tuple[int, ...], rolls: int) -> float:
        thrown = NUMBER_OF_DICE - len(keep)
        if self.rules.served_roll is ServedRoll.FIRST_ROLL:
            served = rolls == 0
        else:
            served = thrown == NUMBER_OF_DICE
        locked = keep if self.rules.locked_holds else ()
        total = 0.0
        for outcome in itertools.product(range(1, 7), repeat=thrown):
            total += self.after_roll(tuple(sorted(keep + outcome)), rolls + 1, served, locked)
        return total / 6**thrown

    def start(self) -> float:
        return self.keep_value((), 0)


def sub_multisets(dice: tuple[int, ...]) -> set[tuple[int, ...]]:
    return {
        tuple(sorted(chosen))
        for size in range(NUMBER_OF_DICE)
        for chosen in itertools.combinations(dice, size)
    }


def contains(keep: tuple[int, ...], locked: tuple[int, ...]) -> bool:
    return all(keep.count(face) >= locked.count(face) for face in set(locked))


def reference_values(house_rules: HouseRules) -> Callable[[frozenset[Category], bool], float]:
    @cache
    def value(open_boxes: frozenset[Category], generala_points: bool) -> float:
        if not open_boxes:
            return 0.0
        return ReferenceTurn(house_rules, open_boxes, generala_points, value).start()

    return value


# --- by hand -------------------------------------------------------------


def test_only_sixes_open_is_worth_thirty_times_the_chance_a_die_shows_six_in_three_rolls():
    strategy = strategy_for()
    filled = [c for c in HouseRules().categories() if c is not C.SIXES]
    assert strategy.card_value(filled) == pytest.approx(30 * (1 - (5 / 6) ** 3), abs=TOLERANCE)


def test_only_generala_open_is_worth_fifty_times_the_chance_of_five_of_a_kind_in_three_rolls():
    # 2,783,176 / 6^10: the well-known chance of five of a kind in three rolls
    # when the most common number is kept.
    strategy = strategy_for()
    filled = [c for c in HouseRules().categories() if c is not C.GENERALA]
    expected = 50 * 2_783_176 / 6**10
    assert strategy.card_value(filled) == pytest.approx(expected, abs=TOLERANCE)


def test_empty_scorecard_is_the_whole_game_value_and_a_full_one_is_worth_nothing():
    strategy = strategy_for()
    assert strategy.card_value([]) == strategy.expected_score
    assert strategy.card_value(HouseRules().categories()) == 0.0
    # A regression pin for the default rules (computed by this solver).
    assert strategy.expected_score == pytest.approx(151.8989551829597, abs=TOLERANCE)


def test_last_roll_offers_the_open_box_scored_or_scratched():
    strategy = strategy_for()
    state = position(HouseRules(), {C.FULL_HOUSE}, (6, 6, 3, 6, 3), rolls=3, total=17)
    values = strategy.evaluate(state, all_scratches=True)
    assert [(v.action, v.expected, v.loss, v.points) for v in values] == [
        (Action.score(C.FULL_HOUSE), 47.0, 0.0, 30),
        (Action.scratch(C.FULL_HOUSE), 17.0, 30.0, 0),
    ]
    assert strategy.best_action(state) == Action.score(C.FULL_HOUSE)


def test_last_roll_served_full_house_earns_the_bonus():
    strategy = strategy_for(served_roll="any_full_roll", served_bonus=10)
    state = position(strategy.house_rules, {C.FULL_HOUSE}, (5, 5, 5, 3, 3), rolls=3, served=True)
    assert values_by_action(strategy, state) == {Action.score(C.FULL_HOUSE): 40.0}


def test_second_roll_with_only_sixes_open_keeps_the_sixes():
    strategy = strategy_for()
    state = position(HouseRules(), {C.SIXES}, (6, 1, 6, 2, 3), rolls=2)
    values = strategy.evaluate(state)
    best = values[0]
    # Two sixes kept, three dice thrown once more: 12 + 3 * 1/6 * 6.
    assert best.action == Action.roll((0, 2))
    assert best.kept == (6, 6)
    assert best.expected == pytest.approx(15.0, abs=TOLERANCE)
    by_action = {v.action: v for v in values}
    assert by_action[Action.score(C.SIXES)].expected == 12.0
    assert by_action[Action.score(C.SIXES)].loss == pytest.approx(3.0, abs=TOLERANCE)
    assert by_action[Action.roll()].expected == pytest.approx(5.0, abs=TOLERANCE)
    assert by_action[Action.roll((0, 1, 2))].expected == pytest.approx(12 + 2.0, abs=TOLERANCE)


def test_first_roll_with_only_sixes_open_keeps_the_six():
    strategy = strategy_for()
    state = position(HouseRules(), {C.SIXES}, (1, 2, 6, 3, 4), rolls=1, served=True)
    best = strategy.evaluate(state)[0]
    # Four dice, each a six within two throws with chance 11/36.
    assert best.action == Action.roll((2,))
    assert best.expected == pytest.approx(6 + 4 * 11 / 36 * 6, abs=TOLERANCE)


def test_every_distinct_keep_is_offered_once_with_its_dice():
    strategy = strategy_for()
    state = position(HouseRules(), {C.SIXES, C.FIVES}, (5, 5, 6, 6, 6), rolls=1, served=True)
    keeps = [v.kept for v in strategy.evaluate(state) if v.action.kind is ActionKind.ROLL]
    # Keeps of 0-2 fives and 0-3 sixes, except all five dice: 3 * 4 - 1.
    assert len(keeps) == len(set(keeps)) == 11
    for value in strategy.evaluate(state):
        if value.action.kind is ActionKind.ROLL:
            assert tuple(sorted(state.turn.dice[i] for i in value.action.held)) == value.kept


def test_locked_dice_must_stay_in_every_keep():
    strategy = strategy_for(locked_holds=True)
    dice = (2, 2, 5, 6, 1)
    state = position(
        strategy.house_rules, {C.TWOS, C.SIXES}, dice, rolls=2, held=(0, 1), locked=(0, 1)
    )
    rolls = [v for v in strategy.evaluate(state) if v.action.kind is ActionKind.ROLL]
    assert rolls, "keeps with the two locked twos remain"
    for value in rolls:
        assert {0, 1} <= set(value.action.held)
    # Without locked holds the same position may release them.
    free = position(HouseRules(), {C.TWOS, C.SIXES}, dice, rolls=2, held=(0, 1))
    assert any(
        not {0, 1} <= set(v.action.held)
        for v in strategy_for().evaluate(free)
        if v.action.kind is ActionKind.ROLL
    )


def test_held_positions_prefer_dice_already_held():
    strategy = strategy_for()
    # Only Straight open: keep 2-3-4-5, with one of the two fives.
    fresh = position(HouseRules(), {C.STRAIGHT}, (2, 3, 4, 5, 5), rolls=1, served=True)
    assert strategy.best_action(fresh) == Action.roll((0, 1, 2, 3))
    holding = position(HouseRules(), {C.STRAIGHT}, (2, 3, 4, 5, 5), rolls=1, served=True, held=(4,))
    assert strategy.best_action(holding) == Action.roll((0, 1, 2, 4))


def test_before_the_first_roll_the_only_action_is_to_roll():
    strategy = strategy_for()
    state = position(HouseRules(), {C.SIXES, C.GENERALA}, total=40)
    values = strategy.evaluate(state)
    assert [v.action for v in values] == [Action.roll()]
    assert values[0].expected == pytest.approx(
        40
        + strategy.card_value(
            [c for c in HouseRules().categories() if c not in {C.SIXES, C.GENERALA}]
        )
    )


def test_a_turn_whose_fill_was_taken_back_is_advised_only_its_boxes():
    from generala_tui.game.model import Level
    from generala_tui.game.strategy import choose_action

    rita = Player(name="Rita", level=Level.EASY)
    rolled = rules.roll(rules.new_game(["Ana", rita], seed=5), [4, 4, 3, 4, 3])
    played = rules.score(rolled, C.FOURS)
    while rules.computer_to_act(played):
        played = rules.play(played, choose_action(played))
    back = rules.undo(played)
    strategy = strategy_for()
    assert any(v.action.kind is ActionKind.ROLL for v in strategy.evaluate(rolled))
    kinds = {v.action.kind for v in strategy.evaluate(back)}
    assert kinds == {ActionKind.SCORE, ActionKind.SCRATCH}
    rules.play(back, strategy.best_action(back))  # a fill the rules take


def test_double_generala_is_a_scratch_unless_generala_holds_points():
    strategy = strategy_for(double_generala=True)
    rules_ = strategy.house_rules
    dice = (4, 4, 4, 4, 4)
    scratched = position(rules_, {C.DOUBLE_GENERALA, C.FOURS}, dice, rolls=3)
    scored = position(rules_, {C.DOUBLE_GENERALA, C.FOURS}, dice, rolls=3, generala_points=True)
    assert Action.scratch(C.DOUBLE_GENERALA) in values_by_action(strategy, scratched)
    values = values_by_action(strategy, scored)
    assert values[Action.score(C.DOUBLE_GENERALA)] == pytest.approx(
        50
        + 100
        + strategy.card_value(
            [c for c in rules_.categories() if c is not C.FOURS], generala_holds_points=True
        )
    )


def test_game_over_has_no_actions():
    strategy = strategy_for()
    state = position(HouseRules(), {C.SIXES}).model_copy(
        update={"phase": Phase.OVER, "winners": (0,)}
    )
    assert strategy.evaluate(state) == []


def test_tie_break_turn_is_valued_by_its_tie_break_score():
    strategy = strategy_for()
    state = position(HouseRules(), set(), (2, 3, 4, 5, 6), rolls=3).model_copy(
        update={"phase": Phase.TIE_BREAK, "tie_breaks": (TieBreakRound(contenders=(0,)),)}
    )
    assert values_by_action(strategy, state) == {Action.end_tie_break(): 20.0}
    state = state.model_copy(update={"turn": state.turn.model_copy(update={"rolls": 2})})
    values = strategy.evaluate(state)
    assert values[0].action == Action.end_tie_break()
    assert {v.action.kind for v in values} == {ActionKind.END_TIE_BREAK, ActionKind.ROLL}


# --- against the reference ------------------------------------------------

REFERENCE_CASES = [
    pytest.param({}, {C.FULL_HOUSE, C.GENERALA}, False, id="default"),
    pytest.param(
        {"served_roll": "any_full_roll", "locked_holds": True, "served_bonus": 10},
        {C.STRAIGHT, C.FOUR_OF_A_KIND},
        False,
        id="any-full-roll-locked",
    ),
    pytest.param(
        {"double_generala": True}, {C.GENERALA, C.DOUBLE_GENERALA}, False, id="double-generala"
    ),
    pytest.param(
        {"served_roll": "any_full_roll"},
        {C.GENERALA, C.FOUR_OF_A_KIND},
        False,
        id="any-full-roll-automatic-win",
    ),
    pytest.param(
        {"double_generala": True, "served_roll": "any_full_roll"},
        {C.DOUBLE_GENERALA, C.SIXES},
        True,
        id="double-generala-after-points",
    ),
    pytest.param(
        {
            "two_pairs": True,
            "straight": StraightRule.ONES_WILD,
            "served_roll": "any_full_roll",
            "served_generala_wins": False,
        },
        {C.TWO_PAIRS, C.STRAIGHT},
        False,
        id="two-pairs-ones-wild",
    ),
    pytest.param(
        {"locked_holds": True, "generala_points": 60},
        {C.GENERALA, C.FIVES},
        False,
        id="locked-generala",
    ),
]


@pytest.mark.parametrize(("changes", "open_boxes", "generala_points"), REFERENCE_CASES)
def test_card_values_match_the_reference_solver(changes, open_boxes, generala_points):
    strategy = strategy_for(**changes)
    reference = reference_values(strategy.house_rules)
    for size in range(1, len(open_boxes) + 1):
        for subset in itertools.combinations(sorted(open_boxes), size):
            still_open = frozenset(subset)
            filled = [c for c in strategy.house_rules.categories() if c not in still_open]
            assert strategy.card_value(filled, generala_points) == pytest.approx(
                reference(still_open, generala_points), abs=TOLERANCE
            ), still_open


@pytest.mark.parametrize(
    ("changes", "open_boxes", "dice", "rolls", "locked"),
    [
        ({}, {C.FULL_HOUSE, C.FOURS}, (4, 4, 2, 4, 6), 1, ()),
        ({"served_roll": "any_full_roll"}, {C.STRAIGHT, C.THREES}, (3, 3, 4, 5, 1), 2, ()),
        ({"locked_holds": True}, {C.FOUR_OF_A_KIND, C.ONES}, (1, 1, 2, 1, 6), 2, (0, 1)),
        ({"locked_holds": True}, {C.FOUR_OF_A_KIND, C.ONES}, (1, 1, 2, 1, 6), 1, ()),
    ],
)
def test_every_action_matches_the_reference_solver(changes, open_boxes, dice, rolls, locked):
    strategy = strategy_for(**changes)
    house_rules = strategy.house_rules
    future = reference_values(house_rules)
    turn = ReferenceTurn(house_rules, frozenset(open_boxes), False, future)
    served = rolls == 1
    state = position(house_rules, open_boxes, dice, rolls, served, held=locked, locked=locked)
    values = strategy.evaluate(state, all_scratches=True)
    assert values, "a position after a roll always has actions"
    for value in values:
        action = value.action
        if action.kind is ActionKind.ROLL:
            expected = turn.keep_value(value.kept, rolls)
        else:
            assert action.category is not None
            points = rules.category_score(dice, action.category, house_rules, served)
            if action.kind is ActionKind.SCRATCH and points:
                expected = future(frozenset(open_boxes) - {action.category}, False)
            else:
                expected = turn.box_value(tuple(sorted(dice)), served, action.category)
        assert value.expected == pytest.approx(expected, abs=TOLERANCE), action
    best = values[0].expected
    assert best == pytest.approx(
        turn.after_roll(tuple(sorted(dice)), rolls, served, tuple(sorted(dice[i] for i in locked))),
        abs=TOLERANCE,
    )
    assert all(v.loss == pytest.approx(best - v.expected, abs=TOLERANCE) for v in values)
    assert [v.expected for v in values] == sorted((v.expected for v in values), reverse=True)


@pytest.mark.parametrize(
    "changes",
    [
        {},
        {"served_roll": "any_full_roll", "double_generala": True},
        {"locked_holds": True, "two_pairs": True, "straight": "wraparound"},
    ],
)
def test_turn_start_value_is_the_average_of_the_best_action_after_the_first_roll(changes):
    strategy = strategy_for(**changes)
    house_rules = strategy.house_rules
    open_boxes = set(house_rules.categories()[::2]) | {C.GENERALA}
    start = position(house_rules, open_boxes, generala_points=False)
    total = 0.0
    for outcome in itertools.combinations_with_replacement(range(1, 7), NUMBER_OF_DICE):
        chance = math.factorial(5) / math.prod(
            math.factorial(outcome.count(face)) for face in set(outcome)
        )
        state = rules.roll(start, list(outcome))
        if state.phase is Phase.OVER:
            # The automatic win: the Generala box takes the points (RULES.md section 10).
            filled = [c for c in house_rules.categories() if c not in open_boxes - {C.GENERALA}]
            value = house_rules.generala_points + strategy.card_value(filled, True)
        else:
            value = strategy.evaluate(state)[0].expected
        total += chance / 6**5 * value
    assert strategy.evaluate(start)[0].expected == pytest.approx(total, abs=TOLERANCE)


def test_served_generala_wins_changes_nothing_when_only_the_first_roll_is_served():
    # Scoring a served five of a kind in Generala is what the optimum does anyway.
    with_win = strategy_for().expected_score
    without = strategy_for(served_generala_wins=False).expected_score
    assert with_win == pytest.approx(without, abs=TOLERANCE)


def test_richer_rules_are_worth_more():
    base = strategy_for().expected_score
    assert strategy_for(generala_points=60).expected_score > base
    assert strategy_for(served_bonus=10).expected_score > base
    assert strategy_for(two_pairs=True).expected_score > base
    assert strategy_for(locked_holds=True).expected_score < base
    assert strategy_for(straight="strict").expected_score < base


# --- solving, caching, importing -----------------------------------------


def test_solve_is_cached_in_memory():
    assert solve(HouseRules(served_bonus=10)) is solve(HouseRules(served_bonus=10))


def test_tables_differing_only_in_tie_break_share_their_values():
    solve(HouseRules())
    strategy = cached_strategy(HouseRules(tie_break=False))
    assert strategy is not None, "the table of the default rules serves"
    assert strategy.house_rules.tie_break is False
    assert strategy.expected_score == solve(HouseRules()).expected_score
    assert cached_strategy(HouseRules(tie_break=False)) is strategy
    assert solve(HouseRules(tie_break=False)) is strategy


def test_importing_the_game_and_the_strategy_package_does_not_import_numpy():
    code = (
        "import sys\n"
        "import generala_tui.game, generala_tui.game.rules, generala_tui.game.strategy\n"
        "import generala_tui.commands.main, generala_tui.commands.simulate, generala_tui.store\n"
        "from generala_tui.game.action import Action\n"
        "from generala_tui.game.strategy import Strategy, choose_action, solve\n"
        "assert 'numpy' not in sys.modules, 'numpy was imported'\n"
        "from generala_tui.game.model import HouseRules\n"
        "solve(HouseRules())\n"
        "assert 'numpy' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_progress_is_reported_up_to_one():
    seen: list[float] = []
    from generala_tui.game.strategy.optimal import _memory

    house_rules = HouseRules(straight="strict", generala_points=60)
    _memory.clear()
    solve(house_rules, progress=seen.append)
    assert seen and seen[-1] == 1.0
    assert seen == sorted(seen)
    assert all(0 < fraction <= 1 for fraction in seen)


def test_the_strategy_counts_its_dice_and_faces_with_the_models_names():
    """``range(5)``, ``range(1, 7)``, ``randint(1, 6)`` or a ``FACES = 6`` of its own: the
    dice of a turn and a die's faces are said once, in game/boxes.py."""
    written = {("range", (5,)), ("range", (0, 5)), ("range", (6,)), ("range", (1, 7))}
    written.add(("randint", (1, 6)))
    found = []
    for path in sorted(Path(optimal.__file__).parent.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)]
        for call in calls:
            name = getattr(call.func, "id", getattr(call.func, "attr", ""))
            args = tuple(getattr(arg, "value", None) for arg in call.args)
            if (name, args) in written:
                found.append(f"{path.name}:{call.lineno}")
        for node in tree.body:
            if (
                isinstance(node, ast.Assign)
                and isinstance(node.value, ast.Constant)
                and node.value.value in (5, 6)
                and any(word in ast.unparse(node.targets[0]) for word in ("DICE", "FACE"))
            ):
                found.append(f"{path.name}:{node.lineno}")
    assert found == []
