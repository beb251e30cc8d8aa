"""Helpers shared by the tests: scripted turns, a reference scorer, and what a hostile file
may hold.

The reference scorer is written from docs/rules.md on its own, without
looking at ``rules.py``'s way of doing it, so the property tests can compare the
two.
"""

from __future__ import annotations

import itertools
import json
import unicodedata
from collections import Counter
from collections.abc import Collection, Mapping, Sequence

from generala_tui.game import rules
from generala_tui.game.model import (
    NUMBER_CATEGORIES,
    Box,
    Category,
    GameState,
    HouseRules,
    Phase,
    Player,
    StraightRule,
)

NAMES = ("Ana", "Bruno", "Rita", "Sofía", "Tomás", "Uma", "Víctor", "Wen")

JUNK = (2, 2, 3, 4, 6)
"""Dice that are nothing in particular: no straight under any rule, no pairs of pairs."""


def finished_game(totals: Mapping[str, int]) -> GameState:
    """A game played to its end by the rules: the players (seated in this order) have only
    Sixes open, and fill it with these totals (multiples of 6, at most 24)."""
    house_rules = HouseRules()
    scratched = {c: Box(points=0, scratched=True) for c in house_rules.categories()}
    del scratched[Category.SIXES]
    state = GameState(
        players=tuple(Player(name=name, boxes=scratched) for name in totals),
        house_rules=house_rules,
        seed=1,
    )
    for total in totals.values():
        sixes = total // 6
        state = rules.score(rules.roll(state, [6] * sixes + [1] * (5 - sixes)), Category.SIXES)
    assert state.phase is Phase.OVER
    return state


def hold_exactly(state: GameState, positions: Collection[int]) -> GameState:
    """Toggle dice until exactly ``positions`` are held."""
    for die in range(5):
        if (die in positions) != state.turn.held[die]:
            state = rules.toggle_hold(state, die)
    return state


def play_rolls(
    state: GameState,
    first: Sequence[int],
    *rerolls: tuple[Collection[int], Sequence[int]],
) -> GameState:
    """Roll ``first``, then for each ``(held positions, values)`` hold those and roll the rest."""
    state = rules.roll(state, first)
    for held, values in rerolls:
        state = rules.roll(hold_exactly(state, held), values)
    return state


def score_turn(state: GameState, dice: Sequence[int], category: Category) -> GameState:
    """One roll showing ``dice``, scored in ``category``."""
    return rules.score(rules.roll(state, dice), category)


def scratch_turn(state: GameState, category: Category | None = None) -> GameState:
    """One roll of junk, then scratch ``category`` (the first open box by default)."""
    state = rules.roll(state, JUNK)
    if category is None:
        category = next(
            c for c in state.house_rules.categories() if c not in state.current_player.boxes
        )
    return rules.scratch(state, category)


def play_game(
    state: GameState,
    scoring: Mapping[int, Sequence[tuple[Sequence[int], Category]]] | None = None,
) -> GameState:
    """Play the regular rounds to the end.

    Each player (by seat) first plays the ``(dice, category)`` turns listed for
    them, rolling the dice once and scoring them, then scratches their other
    boxes in scorecard order.
    """
    queues = {seat: list(turns) for seat, turns in (scoring or {}).items()}
    while state.phase is Phase.PLAYING:
        queue = queues.get(state.current)
        if queue:
            dice, category = queue.pop(0)
            state = score_turn(state, dice, category)
        else:
            state = scratch_turn(state)
    return state


# --- hostile text ------------------------------------------------------------------

HOSTILE = {
    "osc 52": "\u001b]52;c;T1NDNTI=\u0007",
    "csi": "\u001b[2J",
    "c1 csi": "\u009b2J",
    "bidi override": "\u202e",
}
"""Sequences that would drive a terminal (or turn its text around) if printed raw."""


def unshown(text: str) -> list[str]:
    """The characters of ``text`` a terminal would not show as themselves (a line break is
    one line's end)."""
    return [
        char
        for char in text
        if char != "\n"
        and (unicodedata.category(char) in {"Cc", "Cf"} or not char.isprintable())
        and char not in "\u200c\u200d"
    ]


def record_document() -> dict[str, object]:
    """A game record as written to disk, read back as JSON (to be made hostile)."""
    from generala_tui import store  # the game-core tests need no store

    state = rules.roll(rules.new_game(["Ana", "Bob"], seed=3))
    path = store.data_dir() / "good.json"
    store.write_record(state, path, replace=True)
    document = json.loads(path.read_text())
    return document


# --- a reference scorer, straight from RULES.md ---------------------------

_STRAIGHTS: dict[StraightRule, list[list[int]]] = {
    StraightRule.STANDARD: [[1, 2, 3, 4, 5], [2, 3, 4, 5, 6], [1, 3, 4, 5, 6]],
    StraightRule.STRICT: [[1, 2, 3, 4, 5], [2, 3, 4, 5, 6]],
    StraightRule.WRAPAROUND: [sorted(set(range(1, 7)) - {missing}) for missing in range(1, 7)],
    StraightRule.ONE_REPLACES_TWO: [
        [1, 2, 3, 4, 5],
        [2, 3, 4, 5, 6],
        [1, 3, 4, 5, 6],
        [1, 1, 3, 4, 5],
    ],
}


def reference_straight(dice: Sequence[int], rule: StraightRule) -> bool:
    """Whether the dice are a straight under ``rule``, by the tables of RULES.md."""
    if rule is StraightRule.ONES_WILD:
        # Try every number for every 1: some choice must give a standard straight.
        ones = [i for i, value in enumerate(dice) if value == 1]
        for stand_ins in itertools.product(range(1, 7), repeat=len(ones)):
            tried = list(dice)
            for position, value in zip(ones, stand_ins, strict=True):
                tried[position] = value
            if sorted(tried) in _STRAIGHTS[StraightRule.STANDARD]:
                return True
        return False
    return sorted(dice) in _STRAIGHTS[rule]


def reference_points(
    dice: Sequence[int], category: Category, house_rules: HouseRules, served: bool
) -> int:
    """Points for the dice in ``category`` on any scorecard (RULES.md section 4)."""
    counts = Counter(dice)
    shape = sorted(counts.values(), reverse=True)
    bonus = house_rules.served_bonus if served else 0
    if category in NUMBER_CATEGORIES:
        number = NUMBER_CATEGORIES.index(category) + 1
        return number * counts[number]
    if category is Category.STRAIGHT:
        return 20 + bonus if reference_straight(dice, house_rules.straight) else 0
    if category is Category.FULL_HOUSE:
        return 30 + bonus if shape == [3, 2] else 0
    if category is Category.FOUR_OF_A_KIND:
        return 40 + bonus if shape[0] >= 4 else 0
    if category is Category.GENERALA:
        return house_rules.generala_points if shape == [5] else 0
    if category is Category.DOUBLE_GENERALA:
        if shape != [5]:
            return 0
        return 120 if served and house_rules.double_generala_served_bonus else 100
    assert category is Category.TWO_PAIRS
    if shape != [2, 2, 1]:
        return 0
    return 15 if served else 10


def reference_tie_break_score(dice: Sequence[int], house_rules: HouseRules, served: bool) -> int:
    """The best points of the dice in any box of an empty scorecard."""
    return max(
        reference_points(dice, category, house_rules, served)
        for category in house_rules.categories()
        # Double Generala needs points in the Generala box: never on an empty card.
        if category is not Category.DOUBLE_GENERALA
    )
