"""Which of the turn screen's keys act, refuse or hide, from the state alone (turn_view)."""

from __future__ import annotations

from generala_tui.game import rules
from generala_tui.game.action import Action
from generala_tui.game.model import Level, Player
from generala_tui.ui.screens.turn_view import COMPUTER_KEYS, TURN_KEYS, footer_hidden, key_state


def test_a_human_before_the_first_roll_may_roll_but_not_hold_or_fill() -> None:
    game = rules.new_game(["Ana", "Bruno"], seed=1)
    assert key_state(game, "roll") is True
    assert key_state(game, "hold") is None and key_state(game, "fill") is None
    assert key_state(game, "end_tie_break") is False  # not a tie-break turn
    assert key_state(game, "skip_ahead") is False and key_state(game, "pause") is False
    rolled = rules.play(game, Action.roll())
    assert key_state(rolled, "hold") is True and key_state(rolled, "fill") is True


def test_a_computers_turn_hides_the_turns_keys_and_shows_the_computers() -> None:
    game = rules.new_game([Player(name="Rita", level=Level.EASY), Player(name="Ana")], seed=5)
    assert key_state(game, "roll") is False and key_state(game, "skip_ahead") is True
    assert key_state(game, "pause") is True
    hidden = footer_hidden(game, lambda seat: True)
    assert "undo" in hidden and not hidden & COMPUTER_KEYS


def test_a_human_fill_behind_a_computers_turn_keeps_undo_and_a_taken_back_turn_rolls_no_more():
    from generala_tui.game.strategy import choose_action
    from generala_tui.ui.screens import turn_words

    rita = Player(name="Rita", level=Level.EASY)
    game = rules.play(rules.new_game(["Ana", rita], seed=5), Action.roll())
    game = rules.play(game, Action.score(rules.offers(game)[0].category))
    game = rules.play(game, choose_action(game))  # Rita's first roll
    assert rules.computer_to_act(game)
    assert "undo" not in footer_hidden(game, lambda seat: True)
    back = rules.undo(game)
    assert key_state(back, "roll") is None and key_state(back, "hold") is None
    assert key_state(back, "fill") is True
    assert turn_words.roll_label(back) == "No rolls"
    prompt = turn_words.prompt(back, strategy_progress=None, paused=False).plain
    assert prompt.endswith("Taken back: choose a box again (↑↓ and Enter); no more rolls.")


def test_alone_at_the_table_there_is_no_win_chance_bar() -> None:
    assert key_state(rules.new_game(["Ana"], seed=1), "win_chances") is False
    assert key_state(rules.new_game(["Ana", "Bea"], seed=1), "win_chances") is True


def test_at_an_online_table_another_seats_turn_hides_the_turns_keys_and_undo() -> None:
    game = rules.new_game(["Ana", "Bruno"], seed=1)
    assert footer_hidden(game, lambda seat: True) == {"quit", *COMPUTER_KEYS}
    theirs = footer_hidden(game, lambda seat: seat == 1)
    assert theirs >= TURN_KEYS and "undo" in theirs
    mine = footer_hidden(game, lambda seat: seat == 0)
    assert not TURN_KEYS & mine and "undo" in mine
