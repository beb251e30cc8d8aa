"""The screens' words modules build their sentences from the facts alone: no app, no Pilot."""

from __future__ import annotations

import pytest

from generala_tui import i18n, words
from generala_tui.game import rules
from generala_tui.game.model import Category, Level
from generala_tui.ui import vocabulary
from generala_tui.ui.screens import history_words, replay_words, settings_words, setup_words

C = Category


@pytest.fixture(autouse=True)
def _english() -> object:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_a_seats_default_name_is_known_in_every_language_and_a_typed_one_is_not() -> None:
    i18n.set_language("es")
    assert vocabulary.default_player_name(3) == "Jugador 3"
    i18n.set_language("en")
    # The name given in Spanish follows a change to English (its number kept) ...
    assert vocabulary.default_name_number("Jugador 3") == 3
    assert vocabulary.default_name_number("Player 12") == 12
    # ... a name typed stays the player's.
    assert vocabulary.default_name_number("Player one") is None
    assert vocabulary.default_name_number("Ana") is None


def test_a_computers_level_name_follows_the_language_and_keeps_its_number() -> None:
    i18n.set_language("es")
    medium = setup_words.level_named("Medium 2", Level.MEDIUM)
    assert medium is not None and medium.endswith(" 2") and medium != "Medium 2"
    assert setup_words.level_named("Medium", None) is None  # a human's name
    assert setup_words.level_named("Bea", Level.MEDIUM) is None


def test_a_level_button_says_the_level_and_that_a_press_steps_on() -> None:
    human = setup_words.level_button_label(None)
    assert human.startswith("Human") and human.endswith("▸")
    assert setup_words.level_button_label(Level.EXPERT).startswith("⚙ ")


def test_too_many_players_counts_in_the_plural_the_language_takes() -> None:
    assert setup_words.too_many_players(1) == "A game has at most 1 player."
    assert setup_words.too_many_players(8) == "A game has at most 8 players."


def test_a_saved_game_is_offered_with_its_scores_and_how_far_it_came() -> None:
    state = rules.score(
        rules.roll(rules.new_game(["Ana", "Bea"], seed=1), [5, 5, 1, 2, 3]), C.FIVES
    )
    offer = setup_words.resume_label(state).plain
    assert "Ana: 10 · Bea: 0" in offer and "round 1/" in offer
    assert "Ana: 10 · Bea: 0" in setup_words.new_game_question(state).plain


def test_a_preset_is_named_and_a_rule_that_depends_on_another_says_which() -> None:
    assert settings_words.preset_label(settings_words.CLASSIC_PRESET, True).plain == "● Classic"
    assert settings_words.preset_label(settings_words.CLASSIC_PRESET, False).plain == "○ Classic"
    assert "Classic" in settings_words.preset_chosen(settings_words.CLASSIC_PRESET)
    said = settings_words.applies_only_when("double_generala")
    assert said == "Applies only when “Double Generala box” is on."


def test_every_house_rule_has_a_title_and_an_explanation_in_each_language() -> None:
    english = words.rule_text()
    i18n.set_language("sv")
    swedish = words.rule_text()
    assert english.keys() == swedish.keys()
    assert all(title and why for title, why in swedish.values())
    assert english["tie_break"] != swedish["tie_break"]


def test_each_step_of_the_log_is_told_in_the_replay() -> None:
    start = rules.new_game(["Ana", "Bea"], seed=1)
    rolled = rules.roll(start, [5, 5, 1, 2, 3])
    held = rules.toggle_hold(rolled, 0)
    scored = rules.score(rules.roll(rolled, [5, 5, 5, 2, 3]), C.FIVES)
    assert replay_words.replay_step(start, rolled, rolled.log[-1]).plain == "Ana rolls: 5-5-1-2-3."
    assert replay_words.replay_step(rolled, held, held.log[-1]).plain == "Ana holds die 1."
    assert replay_words.replay_step(scored, scored, scored.log[-1]).plain.startswith(
        "Ana scored 15 in Fives"
    )


def test_the_history_names_the_winners_and_every_total() -> None:
    state = rules.score(
        rules.roll(rules.new_game(["Ana", "Bea"], seed=1), [5, 5, 1, 2, 3]), C.FIVES
    )
    assert history_words.totals_line(state) == "Ana 10 · Bea 0"
