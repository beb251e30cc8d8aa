"""The guide's lessons, without an app: which one a position calls for, what completes it,
and the guided game's dice, which bring every lesson in the first turns."""

from __future__ import annotations

from collections import Counter

import pytest

from generala_tui.game import rules
from generala_tui.game.action import Action
from generala_tui.game.model import NUMBER_CATEGORIES, Category, GameState, HouseRules, Phase
from generala_tui.ui.guide import (
    GUIDE_TURNS,
    GUIDED_SEED,
    LESSONS,
    Lesson,
    completes,
    guided_game,
    lesson_due,
    made_something,
    scratch_box,
    served_offer,
)

from ..conftest import first_seed

EVERY = frozenset(LESSONS)


def but(*lessons: Lesson) -> frozenset[Lesson]:
    """Every lesson learned but these."""
    return EVERY - set(lessons)


def hold_commonest(state: GameState) -> GameState:
    """Hold every die showing the face the dice show most (the highest of equals)."""
    counts = Counter(state.turn.dice)
    face = max(counts, key=lambda f: (counts[f], f))
    for die, value in enumerate(state.turn.dice):
        if value == face:
            state = rules.toggle_hold(state, die)
    return state


def fill_a_number_box(state: GameState) -> GameState:
    """End the turn in the first open number box (a scratch when it takes nothing)."""
    player = state.current_player
    category = next(c for c in NUMBER_CATEGORIES if c not in player.boxes)
    return rules.play(state, Action.score(category))


def test_the_guided_game_is_one_human_at_the_classic_rules_with_the_guides_dice() -> None:
    game = guided_game("Ana")
    assert [(p.name, p.level) for p in game.players] == [("Ana", None)]
    assert game.house_rules == HouseRules()
    assert game.seed == GUIDED_SEED
    assert [p.name for p in guided_game().players] == ["Player 1"]
    assert [p.name for p in guided_game("   ").players] == ["Player 1"]  # refused: the default
    assert [p.name for p in guided_game("x" * 500).players] == ["Player 1"]


def test_the_first_roll_makes_nothing_and_asks_for_a_hold() -> None:
    rolled = rules.roll(guided_game())
    assert not made_something(rolled)
    assert served_offer(rolled) is None
    assert max(Counter(rolled.turn.dice).values()) >= 2, "dice alike, to hold"
    assert lesson_due(rolled, frozenset({Lesson.DICE})) is Lesson.HOLD


@pytest.mark.parametrize("rolls", [1, 2, 3])
@pytest.mark.parametrize("holding", [False, True])
def test_the_second_turns_first_roll_is_served_however_the_first_turn_went(
    rolls: int, holding: bool
) -> None:
    state = rules.roll(guided_game())
    if holding:
        state = hold_commonest(state)
    for _ in range(rolls - 1):
        state = rules.roll(state)
    state = rules.roll(fill_a_number_box(state))
    offer = served_offer(state)
    assert offer is not None and offer.served_bonus > 0
    assert lesson_due(state, frozenset({Lesson.DICE})) is Lesson.SERVED


def test_holding_the_first_rolls_three_alike_leaves_nothing_after_three_rolls() -> None:
    state = hold_commonest(rules.roll(guided_game()))
    assert sum(state.turn.held) == 3
    state = rules.roll(rules.roll(state))
    assert state.rolls_left == 0
    assert not made_something(state)
    learned = frozenset({Lesson.DICE, Lesson.HOLD, Lesson.ROLL})
    assert lesson_due(state, learned) is Lesson.SCRATCH
    assert scratch_box(state) is Category.GENERALA, "the hardest box to make: named first"


def test_the_lessons_come_in_order_along_a_first_turn() -> None:
    learned: frozenset[Lesson] = frozenset()
    state = guided_game()
    seen = []
    for step in ("roll", "hold", "roll", "roll"):
        lesson = lesson_due(state, learned)
        seen.append(lesson)
        after = rules.roll(state) if step == "roll" else rules.toggle_hold(state, 0)
        if completes(lesson, state, after):
            learned |= {lesson}
        state = after
    seen.append(lesson_due(state, learned))
    assert seen == [Lesson.DICE, Lesson.HOLD, Lesson.ROLL, Lesson.BOXES, Lesson.SCRATCH]
    assert learned == {Lesson.DICE, Lesson.HOLD, Lesson.ROLL}, "the boxes wait: a roll came"


def test_a_served_roll_of_the_players_own_is_taught_when_it_comes() -> None:
    game = rules.new_game(["Ana"], seed=0)
    seed = first_seed(lambda s: served_offer(s) is not None and s.phase is Phase.PLAYING, game)
    rolled = rules.roll(game.model_copy(update={"seed": seed}))
    assert lesson_due(rolled, frozenset({Lesson.DICE})) is Lesson.SERVED
    assert lesson_due(rolled, but(Lesson.HOLD)) is Lesson.HOLD, "once learned, not again"


def test_no_scratch_lesson_while_the_dice_make_something_or_rolls_are_left() -> None:
    state = rules.roll(rules.new_game(["Ana"], seed=1), [2, 3, 4, 6, 6])
    learned = frozenset({Lesson.DICE, Lesson.HOLD, Lesson.ROLL})
    assert lesson_due(state, learned) is Lesson.BOXES, "rolls are left"
    full = rules.roll(rules.roll(state, [1, 3, 4, 6, 6]), [2, 2, 6, 6, 6])
    assert made_something(full) and full.rolls_left == 0
    assert lesson_due(full, learned) is Lesson.BOXES


def test_the_scratch_lesson_comes_at_a_turns_end_after_three_turns_when_it_has_not_yet() -> None:
    state = rules.new_game(["Ana"], seed=1)
    for category in (Category.ONES, Category.TWOS, Category.THREES):
        state = rules.play(rules.roll(state, [1, 2, 3, 3, 3]), Action.score(category))
    full = rules.roll(
        rules.roll(rules.roll(state, [1, 2, 3, 4, 6]), [1, 2, 3, 4, 6]), [2, 2, 6, 6, 6]
    )
    assert made_something(full) and full.rolls_left == 0
    assert lesson_due(full, but(Lesson.SCRATCH)) is Lesson.SCRATCH


def test_the_last_words_once_every_lesson_is_learned_or_the_turns_are_many() -> None:
    state = rules.new_game(["Ana"], seed=1)
    assert lesson_due(state, EVERY) is Lesson.DONE
    assert lesson_due(state, frozenset()) is Lesson.DICE
    for category in NUMBER_CATEGORIES[:GUIDE_TURNS]:
        state = rules.play(rules.roll(state, [1, 2, 3, 4, 6]), Action.score(category))
    assert lesson_due(state, frozenset()) is Lesson.DONE


@pytest.mark.parametrize(
    ("lesson", "completed_by"),
    [
        (Lesson.DICE, {"roll"}),
        (Lesson.HOLD, {"hold"}),
        (Lesson.ROLL, {"roll"}),
        (Lesson.BOXES, {"fill"}),
        (Lesson.SERVED, {"fill", "roll"}),
        (Lesson.SCRATCH, {"fill"}),
        (Lesson.DONE, {"roll"}),
        (Lesson.WAITING, set()),
    ],
)
def test_each_lesson_goes_on_only_when_the_player_does_what_it_says(
    lesson: Lesson, completed_by: set[str]
) -> None:
    fresh = rules.new_game(["Ana"], seed=3)
    rolled = rules.roll(fresh)
    steps = {
        "roll": (fresh, rolled),
        "hold": (rolled, rules.toggle_hold(rolled, 0)),
        "fill": (rolled, rules.play(rolled, Action.score(Category.SIXES))),
    }
    for name, (before, after) in steps.items():
        assert completes(lesson, before, after) is (name in completed_by), name


def test_a_hold_taken_back_or_another_game_completes_nothing() -> None:
    rolled = rules.roll(rules.new_game(["Ana"], seed=3))
    held = rules.toggle_hold(rolled, 0)
    assert not completes(Lesson.HOLD, held, rules.toggle_hold(held, 0))  # released: log shorter
    other = rules.roll(rules.new_game(["Ana"], seed=4))
    assert not completes(Lesson.DICE, rules.new_game(["Ana"], seed=3), other)
