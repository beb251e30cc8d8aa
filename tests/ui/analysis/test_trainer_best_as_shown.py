"""The trainer's verdict says "best" as the coach's columns do (issue 23): of a choice whose
total shows as the best one's, never of one shown lower (148.7 beside a best at 148.8)."""

from __future__ import annotations

from generala_tui.game import rules
from generala_tui.game.action import Action
from generala_tui.game.strategy import ActionValue
from generala_tui.game.training import Drill, DrillSource, Verdict
from generala_tui.ui.screens import trainer_words
from generala_tui.ui.screens.trainer import _shown_best


def test_a_choice_shown_lower_than_the_best_is_not_called_best() -> None:
    said = trainer_words.trainer_verdict("Keep 3", 148.74, 0.02, ("Keep 4", 148.76), None)
    assert "Best choice!" not in said.plain
    assert said.plain.startswith("Costs 0.1: Keep 3, 148.7 expected.")
    assert "Best: Keep 4, 148.8." in said.plain


def test_a_choice_shown_as_the_best_is_best() -> None:
    said = trainer_words.trainer_verdict("Keep 3", 148.71, 0.03, ("Keep 4", 148.74), None)
    assert said.plain.startswith("Best choice! Keep 3: 148.7 expected.")
    assert "Best:" not in said.plain


def test_the_score_counts_best_as_the_verdict_says_it() -> None:
    state = rules.roll(rules.new_game(["Ana", "Bruno"], seed=1), [4, 3, 1, 2, 6])
    choices = (
        ActionValue(Action.roll([0]), 148.76, 0.0, kept=(4,)),
        ActionValue(Action.roll([1]), 148.74, 0.02, kept=(3,)),
        ActionValue(Action.roll([2]), 148.69, 0.07, kept=(1,)),
    )
    verdicts = [Verdict(choice.action, choice.expected, choices) for choice in choices]
    assert [_shown_best(verdict) for verdict in verdicts] == [True, False, False]
    assert [verdict.is_best for verdict in verdicts] == [True, True, False]  # the game's margin
    assert Drill(state, DrillSource.RANDOM).state is state
