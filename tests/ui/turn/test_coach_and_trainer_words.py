"""Coach labels that close up before they are cut, and a trainer verdict that says the best once."""

from __future__ import annotations

from generala_tui.ui.screens import trainer_words
from generala_tui.ui.widgets.coach import _fit


def test_a_keep_too_wide_closes_up_its_dice_before_anything_is_cut() -> None:
    assert _fit("[1 1 1 1]", 9) == "[1 1 1 1]"
    assert _fit("[1 1 1 1]", 8) == "[1111]"
    assert _fit("Keep [1 1 1 1]", 11) == "Keep [1111]"


def test_a_label_still_too_wide_once_closed_up_is_cut_with_an_ellipsis() -> None:
    assert _fit("[1 1 1 1 1]", 5) == "[111…"
    assert _fit("Full house", 6) == "Full …"


def test_a_best_answer_names_the_best_choice_once() -> None:
    said = trainer_words.trainer_verdict(
        "Keep 1-1-1-1 and roll", 161.2, 0.0, ("Keep 1-1-1-1", 161.2), None
    )
    assert said.plain.count("161.2") == 1
    assert "Best:" not in said.plain


def test_a_costly_answer_names_the_best_choice_and_the_next_best() -> None:
    said = trainer_words.trainer_verdict(
        "Roll all five dice", 145.9, 15.3, ("Keep 1-1-1-1", 161.2), ("Four of a kind", 156.0)
    )
    lines = said.plain.splitlines()
    assert len(lines) == 3
    assert "Keep 1-1-1-1" in lines[1] and "161.2" in lines[1]
    assert "Four of a kind" in lines[2] and "156.0" in lines[2]


def test_the_narrow_trainer_score_shows_no_negative_zero() -> None:
    """Before any answer, and after best answers only, nothing is given away: no negative zero."""
    assert trainer_words.trainer_score_short(0, 0, 0.0).plain == "Score 0/0"
    assert trainer_words.trainer_score_short(1, 1, 0.01).plain == "Score 1/1"
    assert trainer_words.trainer_score_short(2, 1, 3.25).plain == "Score 1/2, −3.2"
