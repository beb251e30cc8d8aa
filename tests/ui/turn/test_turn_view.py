"""What the turn screen shows, built from the state alone: tested without Pilot."""

from __future__ import annotations

from generala_tui.game import rules
from generala_tui.game.action import Action
from generala_tui.game.model import Category, GameState, HouseRules, Level, Player
from generala_tui.game.strategy import solve
from generala_tui.ui.screens.turn_view import (
    box_offers,
    first_open_box,
    side_width,
    turn_layout,
    turn_view,
)
from generala_tui.ui.widgets.scorecard_columns import cut_name, fitted_columns, scorecard_width

from ..conftest import last_turn_tie

C = Category


def test_a_fill_is_announced_from_the_log_on_the_next_players_screen() -> None:
    state = rules.score(
        rules.roll(rules.new_game(["Ana", "Bruno"], seed=1), [5, 5, 1, 2, 3]), C.FIVES
    )
    message = turn_view(state).message.plain
    assert message.startswith("Ana scored 10 in Fives.")
    assert "Bruno, roll the dice" in message
    # A game read back from JSON says the same: the words come from the log.
    loaded = GameState.model_validate_json(state.model_dump_json())
    assert turn_view(loaded).message == turn_view(state).message
    # Once Bruno rolls, the announcement has done its work.
    assert "Ana scored" not in turn_view(rules.roll(state)).message.plain


def test_a_scratch_and_a_served_fill_are_announced_as_such() -> None:
    state = rules.roll(rules.new_game(["Ana", "Bruno"], seed=1), [2, 2, 3, 3, 3])
    assert "(served)" in turn_view(rules.score(state, C.FULL_HOUSE)).message.plain
    scratched = rules.scratch(state, C.GENERALA)
    assert turn_view(scratched).message.plain.startswith("Ana scratched Generala.")


def test_the_served_note_names_the_hands_the_dice_make_and_what_they_add() -> None:
    house_rules = HouseRules(served_bonus=10, two_pairs=True, double_generala=True)
    start = rules.new_game(["Ana"], house_rules, seed=1)
    full = turn_view(rules.roll(start, [2, 2, 3, 3, 3])).message.plain
    assert "Served! +10: Full house." in full
    assert "Straight" not in full and "Two pairs" not in full  # a full house is not two pairs
    state = rules.roll(start, [2, 2, 3, 3, 6])
    assert "Served! +5: Two pairs." in turn_view(state).message.plain  # +5 whatever the bonus
    served = {offer.category: offer.served for offer in turn_view(state).offers}
    assert served[C.TWO_PAIRS] and not served[C.FULL_HOUSE] and not served[C.THREES]


def test_a_first_roll_that_makes_no_hand_is_not_called_served() -> None:
    """At a table "served" is said of a hand made on the first roll: 4-3-2-4-6 made none,
    yet the note listed every box a served roll could raise."""
    state = rules.roll(rules.new_game(["Ana", "Bruno"], seed=1), [4, 3, 2, 4, 6])
    assert state.turn.served
    view = turn_view(state)
    assert "Served" not in view.message.plain
    assert "press 1-5 to hold them" in view.message.plain  # what to do, as on later rolls
    assert not any(offer.served for offer in view.offers)


def test_a_tie_break_turn_says_roll_or_take_your_score_and_offers_no_box() -> None:
    state = rules.scratch(rules.roll(last_turn_tie(), [1, 2, 3, 3, 5]), C.GENERALA)
    view = turn_view(state)
    assert view.offers == ()
    assert view.tie_break is not None and "Tie-break!" in view.tie_break.plain
    assert "roll the dice" in view.message.plain
    assert not view.end_turn_enabled
    rolled = turn_view(rules.roll(state, [4, 4, 4, 2, 2]))
    assert "Roll, or take your tie-break score" in rolled.message.plain
    assert rolled.end_turn_enabled and rolled.end_turn_label == "Take 35 points (Enter)"


def test_a_computers_turn_disables_the_buttons_and_says_how_to_pause() -> None:
    state = rules.new_game([Player(name="Rita", level=Level.EASY), Player(name="Ana")], seed=1)
    view = turn_view(state)
    assert view.computer and not view.roll_enabled
    assert "p pauses" in view.message.plain
    assert "Rita ⚙ is paused" in turn_view(state, paused=True).message.plain
    expert = rules.new_game([Player(name="Max", level=Level.EXPERT), Player(name="Ana")], seed=1)
    assert (
        "working out the best play… 40%" in turn_view(expert, strategy_progress=0.4).message.plain
    )
    # The champion waits for its win chances as the expert for its table; the easy, for none.
    champion = rules.new_game([Player(name="Lu", level=Level.CHAMPION), Player(name="Ana")], seed=1)
    assert "Lu ⚙ is working out the best play… 70%" in (
        turn_view(champion, strategy_progress=0.7).message.plain
    )
    assert "working out" not in turn_view(state, strategy_progress=0.7).message.plain


def test_the_coach_marks_its_advice_on_the_box_it_would_fill() -> None:
    strategy = solve(HouseRules())
    state = rules.roll(rules.new_game(["Ana"], seed=1), [6, 6, 1, 2, 3])
    state = rules.roll(rules.toggle_hold(rules.toggle_hold(state, 0), 1), [6, 6, 6])
    assert state.turn.dice == (6,) * 5 and not state.turn.served
    values = strategy.evaluate(state)
    offers = box_offers(state, values)
    advised = [offer.category for offer in offers if offer.advised]
    assert advised == [values[0].action.category] == [C.GENERALA]
    assert all(offer.expected is not None for offer in offers)
    # Without the coach, nothing is advised.
    assert not any(offer.advised for offer in box_offers(state))


def test_the_cursor_starts_on_the_first_open_box() -> None:
    state = rules.new_game(["Ana"], seed=1)
    assert first_open_box(state) is C.ONES
    state = rules.play(rules.roll(state, [1, 1, 1, 2, 3]), Action.score(C.ONES))
    assert first_open_box(state) is C.TWOS


def test_double_generala_says_why_it_can_only_be_scratched() -> None:
    from generala_tui.game.model import HouseRules

    state = rules.new_game(["Ana"], HouseRules(double_generala=True), seed=1)
    notes = {o.category: o.note for o in box_offers(state)}
    assert notes[Category.DOUBLE_GENERALA] == "later"
    state = rules.scratch(rules.roll(state, [1, 2, 3, 4, 6]), Category.GENERALA)
    notes = {o.category: o.note for o in box_offers(state)}
    assert notes[Category.DOUBLE_GENERALA] == "dead"


def test_each_terminal_size_has_its_layout_and_dice() -> None:
    dice = {size: turn_layout(*size).dice for size in SIZES}
    assert dice == {
        (39, 24): "compact",  # (too small: the notice)
        (40, 12): "compact",
        (60, 20): "normal",
        (80, 24): "normal",
        (120, 32): "big",
        (159, 60): "big",
        (200, 47): "big",
        (160, 48): "huge",
        (200, 60): "huge",
    }
    assert turn_layout(39, 24).tiny and not turn_layout(40, 12).tiny
    assert turn_layout(60, 20).narrow and not turn_layout(80, 24).narrow
    assert not turn_layout(119, 60).wide and turn_layout(120, 32).wide
    huge = turn_layout(160, 48)
    assert huge.wide and huge.huge and not huge.narrow and not huge.small_dice


SIZES = [(39, 24), (40, 12), (60, 20), (80, 24), (120, 32)]
SIZES += [(159, 60), (200, 47), (160, 48), (200, 60)]


def test_the_side_panel_gives_way_to_the_box_list_and_the_scorecard() -> None:
    # Room for all: the side panel's share (30%, at most 40).
    assert side_width(200, 42) == 40
    assert side_width(160, 42) == 40
    # At 120 columns with three players (a scorecard of 42 cells), the box list's 46 cells
    # (a box's key, its name whole and the coach's two columns) and the whole scorecard
    # first: the side panel has what is left, not its 36.
    assert side_width(120, 42) == 120 - 2 - 46 - 2 - 42 == 28
    # Never under its least: a wider scorecard has its names cut instead.
    assert side_width(120, 70) == 26
    # The coach off, the box list needs less (no coach's columns): the side panel has more.
    assert side_width(120, 42, coach=False) == 36  # its share: 120 - 2 - 34 - 2 - 42 leaves 40


def test_the_scorecards_columns_cut_the_longest_names_first_to_fit_their_room() -> None:
    state = rules.new_game(["Ana", "Bea", "Carlos", "Dora", "Eva", "Fede", "Gus", "Hilda"], seed=1)
    whole = fitted_columns(state)
    assert whole.names == tuple(player.name for player in state.players)
    assert not whole.short_boxes and whole.width == scorecard_width(state)
    assert fitted_columns(state, whole.width) == whole  # room enough: as it is
    short_names = rules.new_game(["Max", "Leo"], seed=1)  # none to cut: the boxes whole too
    assert not fitted_columns(short_names).short_boxes
    fitted = fitted_columns(state, 76)  # the scorecard screen's room at 80 columns
    assert fitted.width <= 76
    assert fitted.names == ("Ana", "Bea", "Car…", "Dora", "Eva", "Fede", "Gus", "Hil…")
    assert fitted.short_boxes
    assert cut_name("Carlos", 4) == "Car…" and cut_name("Ana", 4) == "Ana"
    # No room for even the narrowest: the narrowest (the table scrolls sideways).
    narrowest = fitted_columns(state, 30)
    assert narrowest.width > 30 and all(len(name) <= 2 for name in narrowest.names)
