"""The game's record: the log the rules append, play() and replay(); the screen's questions."""

from __future__ import annotations

import random

import pytest
from helpers import JUNK, play_rolls, score_turn

from generala_tui.game import rules
from generala_tui.game.action import Action, ActionKind, action_of
from generala_tui.game.model import (
    NUMBER_OF_DICE,
    Category,
    Filled,
    GameState,
    HoldToggled,
    HouseRules,
    Level,
    Phase,
    Player,
    Rolled,
    ServedRoll,
    StraightRule,
    TakeBack,
    TieBreakEnded,
)

C = Category


def random_house_rules(rng: random.Random) -> HouseRules:
    return HouseRules(
        generala_points=rng.choice([50, 60]),
        served_bonus=rng.choice([5, 10]),
        served_roll=rng.choice(list(ServedRoll)),
        straight=rng.choice(list(StraightRule)),
        served_generala_wins=rng.random() < 0.5,
        double_generala=rng.random() < 0.5,
        double_generala_served_bonus=rng.random() < 0.5,
        two_pairs=rng.random() < 0.5,
        locked_holds=rng.random() < 0.5,
        tie_break=rng.random() < 0.7,
    )


def random_step(state: GameState, rng: random.Random) -> GameState:
    """One random legal step: a hold toggle, a roll, a fill or the end of a tie-break turn."""
    choices = []
    if rules.can_hold(state):
        choices += ["hold"] * 2
    if rules.can_roll(state):
        choices += ["roll"] * 3
    if rules.can_fill(state) or rules.can_end_tie_break_turn(state):
        choices.append("end")
    choice = rng.choice(choices)
    if choice == "hold":
        die = rng.randrange(NUMBER_OF_DICE)
        try:
            return rules.toggle_hold(state, die)
        except rules.IllegalMove:  # a locked die: roll instead, or fill
            return random_step(state, rng) if rules.can_roll(state) else _end_turn(state, rng)
    if choice == "roll":
        held = [die for die in range(NUMBER_OF_DICE) if rng.random() < 0.4]
        if state.turn.rolls and rng.random() < 0.5:
            try:  # a whole decision at once: holds and roll
                return rules.play(state, Action.roll(held))
            except rules.IllegalMove:
                pass
        return rules.roll(state)
    return _end_turn(state, rng)


def _end_turn(state: GameState, rng: random.Random) -> GameState:
    if state.phase is Phase.TIE_BREAK:
        return rules.play(state, Action.end_tie_break())
    return _fill(state, rng)


def _fill(state: GameState, rng: random.Random) -> GameState:
    offer = rng.choice(rules.offers(state))
    if offer.points and rng.random() < 0.9:
        return rules.play(state, Action.score(offer.category))
    return rules.play(state, Action.scratch(offer.category))


def random_game(seed: int) -> GameState:
    rng = random.Random(seed)
    players = [f"P{i}" for i in range(rng.randint(1, 4))]
    state = rules.new_game(players, random_house_rules(rng), seed=rng.randrange(2**63))
    # Stop some games half way: a game in progress replays too.
    steps = rng.choice([10**6, rng.randrange(1, 200)])
    for _ in range(steps):
        if state.phase is Phase.OVER:
            break
        state = random_step(state, rng)
    return state


@pytest.mark.slow  # thousands of random games replayed (about 20 s)
def test_thousands_of_random_games_replay_from_the_seed_and_the_log_alone():
    finished = 0
    for seed in range(2000):
        game = random_game(seed)
        positions = list(rules.replay(game))
        assert positions[-1] == game
        assert len(positions) == len(game.log) + 1
        assert positions[0] == rules.new_game(
            [Player(name=p.name) for p in game.players], game.house_rules, seed=game.seed
        )
        finished += game.phase is Phase.OVER
    assert finished > 500  # not only short games


def test_a_game_survives_json_with_its_log_and_goes_on_with_the_same_dice():
    game = random_game(3)
    while game.phase is Phase.OVER:
        game = random_game(game.seed % 1000 + 1)
    loaded = GameState.model_validate_json(game.model_dump_json())
    assert loaded == game
    assert list(rules.replay(loaded))[-1] == game
    if rules.can_roll(game):
        assert rules.roll(loaded) == rules.roll(game)


def test_every_step_appends_one_entry_saying_what_it_did():
    state = rules.new_game(["Ana", "Bruno"], seed=1)
    state = rules.roll(state, [6, 6, 2, 3, 6])
    assert state.log == (Rolled(seat=0, dice=(6, 6, 2, 3, 6), served=True),)
    state = rules.toggle_hold(state, 0)
    assert state.log[-1] == HoldToggled(seat=0, die=0, held=True)
    state = rules.play(state, Action.roll((0, 1, 4)), dice=[5, 5])
    assert state.log[-3:] == (
        HoldToggled(seat=0, die=1, held=True),
        HoldToggled(seat=0, die=4, held=True),
        Rolled(seat=0, held=(0, 1, 4), dice=(6, 6, 5, 5, 6)),
    )
    assert state.log[-1].thrown == (2, 3)
    state = rules.play(state, Action.score(C.FULL_HOUSE))
    assert state.log[-1] == Filled(seat=0, category=C.FULL_HOUSE, points=30)
    state = rules.play(rules.roll(state, JUNK), Action.scratch(C.GENERALA))
    assert state.log[-1] == Filled(seat=1, category=C.GENERALA, scratch=True)
    assert [action_of(entry) for entry in state.log] == [
        Action.roll(),
        None,
        None,
        None,
        Action.roll((0, 1, 4)),
        Action.score(C.FULL_HOUSE),
        Action.roll(),
        Action.scratch(C.GENERALA),
    ]


def test_play_toggles_holds_then_rolls_and_refuses_holds_before_the_first_roll():
    state = rules.roll(rules.new_game(["Ana"], seed=1), [6, 6, 2, 3, 6])
    state = rules.toggle_hold(state, 3)
    after = rules.play(state, Action.roll((0, 1, 4)), dice=[5, 5])
    assert after.turn.dice == (6, 6, 5, 5, 6)
    assert after.turn.held == (True, True, False, False, True)
    with pytest.raises(rules.IllegalMove, match="Roll first"):
        rules.play(rules.new_game(["Ana"], seed=1), Action.roll((0,)))
    with pytest.raises(rules.IllegalMove, match="Choose a box"):
        rules.play(state, Action(kind=ActionKind.SCORE))


def test_a_served_fill_records_its_bonus_and_a_served_generala_its_win():
    state = rules.roll(
        rules.new_game(["Ana", "Bruno"], HouseRules(served_bonus=10)), [2, 2, 3, 3, 3]
    )
    state = rules.score(state, C.FULL_HOUSE)
    assert state.log[-1] == Filled(seat=0, category=C.FULL_HOUSE, points=40, served_bonus=10)
    state = rules.roll(state, [4, 4, 4, 4, 4])
    assert state.log[-1] == Rolled(seat=1, dice=(4,) * 5, served=True, won=True)
    assert state.phase is Phase.OVER


def test_a_tie_break_turn_records_its_score():
    state = rules.new_game(["Ana", "Bruno"], seed=4)
    # Both scratch everything: a tie at 0, then a tie-break.
    while state.phase is Phase.PLAYING:
        state = rules.scratch(rules.roll(state, JUNK), rules.offers(state)[0].category)
    state = rules.play(rules.roll(state, [3, 3, 3, 2, 2]), Action.end_tie_break())
    assert state.log[-1] == TieBreakEnded(seat=0, points=35)
    assert list(rules.replay(state))[-1] == state


def test_a_tampered_record_names_the_step_that_does_not_replay():
    state = score_turn(rules.new_game(["Ana", "Bruno"], seed=2), [6, 6, 6, 1, 2], C.SIXES)
    state = play_rolls(state, [1, 2, 3, 4, 6], ({0, 1, 2, 3}, [5]))
    wrong_seat = state.log[0].model_copy(update={"seat": 1})
    with pytest.raises(rules.BadRecord, match="Step 1 "):
        list(rules.replay(state.model_copy(update={"log": (wrong_seat, *state.log[1:])})))
    wrong_box = state.log[1].model_copy(update={"category": C.GENERALA})
    with pytest.raises(rules.BadRecord, match="Step 2 "):
        list(
            rules.replay(
                state.model_copy(update={"log": (state.log[0], wrong_box, *state.log[2:])})
            )
        )
    with pytest.raises(rules.BadRecord, match="does not lead"):
        list(rules.replay(state.model_copy(update={"log": state.log[:-1]})))


def test_offers_tell_the_points_the_served_bonus_and_double_generalas_state():
    house_rules = HouseRules(double_generala=True, two_pairs=True)
    state = rules.new_game(["Ana"], house_rules, seed=1)
    before = rules.offers(state)
    assert [offer.category for offer in before] == list(house_rules.categories())
    assert all(offer.points is None for offer in before)
    state = rules.roll(state, [2, 2, 5, 5, 1])
    by_box = {offer.category: offer for offer in rules.offers(state)}
    assert by_box[C.TWO_PAIRS] == rules.Offer(C.TWO_PAIRS, 15, served_bonus=5)
    assert by_box[C.FIVES] == rules.Offer(C.FIVES, 10)
    assert by_box[C.DOUBLE_GENERALA].double_generala == "waiting"
    assert by_box[C.GENERALA].points == 0
    assert by_box[C.ONES].double_generala is None


def test_served_bonuses_follow_the_house_rules():
    assert rules.served_bonuses(HouseRules()) == {
        C.STRAIGHT: 5,
        C.FULL_HOUSE: 5,
        C.FOUR_OF_A_KIND: 5,
    }
    everything = HouseRules(served_bonus=10, double_generala=True, two_pairs=True)
    assert rules.served_bonuses(everything) == {
        C.STRAIGHT: 10,
        C.FULL_HOUSE: 10,
        C.FOUR_OF_A_KIND: 10,
        C.DOUBLE_GENERALA: 20,
        C.TWO_PAIRS: 5,
    }
    no_dg_bonus = HouseRules(double_generala=True, double_generala_served_bonus=False)
    assert C.DOUBLE_GENERALA not in rules.served_bonuses(no_dg_bonus)


def test_the_questions_of_the_turn_screen():
    state = rules.new_game([Player(name="Rita", level=Level.EASY), Player(name="Ana")], seed=1)
    assert rules.computer_to_act(state)
    assert not rules.can_hold(state) and not rules.can_fill(state)
    state = rules.roll(state, JUNK)
    assert rules.can_hold(state) and rules.can_fill(state)
    assert not rules.can_end_tie_break_turn(state)
    state = rules.scratch(state, C.GENERALA)
    assert not rules.computer_to_act(state)


# --- undo -----------------------------------------------------------------------


def test_undo_takes_back_a_fill_and_the_fill_leaves_the_log():
    rolled = rules.roll(rules.new_game(["Ana", "Bruno"], seed=3), [5, 5, 5, 2, 1])
    filled = rules.score(rolled, C.FIVES)
    assert rules.undo_refusal(filled) is None
    assert rules.undo(filled) == rolled
    # Bruno has rolled: Ana's fill is behind a roll now.
    assert rules.undo_refusal(rules.roll(filled)) == "A roll can't be taken back."


def test_undo_takes_back_hold_changes_one_at_a_time_but_never_a_roll():
    rolled = rules.roll(rules.new_game(["Ana"], seed=3), [5, 5, 5, 2, 1])
    held = rules.toggle_hold(rules.toggle_hold(rolled, 0), 1)
    assert rules.undo(rules.undo(held)) == rolled
    with pytest.raises(rules.IllegalMove, match="A roll can't be taken back"):
        rules.undo(rolled)
    with pytest.raises(rules.IllegalMove, match="nothing to take back"):
        rules.undo(rules.new_game(["Ana"], seed=3))


def test_undo_takes_back_each_hold_press_as_the_player_made_it():
    rolled = rules.roll(rules.new_game(["Ana"], seed=3), [5, 5, 5, 2, 1])
    pressed = [rolled]
    for die in (0, 1, 0):  # hold 0, hold 1, release 0
        pressed.append(rules.toggle_hold(pressed[-1], die))
    assert [state.turn.held[:2] for state in pressed] == [
        (False, False),
        (True, False),
        (True, True),
        (False, True),
    ]
    state = pressed[-1]
    for before in reversed(pressed[:-1]):
        state = rules.undo(state)
        assert state == before
    assert rules.undo_refusal(state) == "A roll can't be taken back."


def test_undo_refuses_a_computers_move_and_a_finished_game():
    rita = Player(name="Rita", level=Level.EASY)
    state = rules.score(rules.roll(rules.new_game([rita, "Ana"], seed=3), JUNK), C.TWOS)
    assert rules.undo_refusal(state) == "That was Rita's move: only your own can be taken back."
    over = rules.roll(rules.new_game(["Ana"], seed=1), [4, 4, 4, 4, 4])
    assert over.phase is Phase.OVER
    assert "game is over" in (rules.undo_refusal(over) or "")


def test_a_human_may_take_back_a_fill_before_the_computer_after_them_acts():
    rita = Player(name="Rita", level=Level.EASY)
    rolled = rules.roll(rules.new_game(["Ana", rita], seed=3), JUNK)
    filled = rules.scratch(rolled, C.GENERALA)
    assert rules.computer_to_act(filled)
    assert rules.undo(filled) == rolled


def _computers_play_on(state: GameState) -> tuple[GameState, list[tuple[int, ...]]]:
    """``state`` after the computers to act played, with the dice they threw."""
    from generala_tui.game.strategy import choose_action

    thrown = []
    while rules.computer_to_act(state):
        state = rules.play(state, choose_action(state))
        if isinstance(state.log[-1], Rolled):
            thrown.append(state.log[-1].dice)
    return state, thrown


def test_a_fill_is_taken_back_with_the_computers_turns_after_it_who_play_again_the_same_dice():
    rita, rui = (Player(name=n, level=Level.EASY) for n in ("Rita", "Rui"))
    rolled = rules.roll(rules.new_game(["Ana", rita, rui], seed=5), [4, 4, 3, 4, 3])
    played, thrown = _computers_play_on(rules.score(rolled, C.FOURS))
    assert played.current == 0 and len(thrown) >= 2
    assert rules.undo_refusal(played) is None
    back = rules.undo(played)
    assert back.model_copy(update={"taken_back": ()}) == rolled
    assert back.taken_back == (
        TakeBack(seat=0, step=len(rolled.log), undone=len(played.log) - len(rolled.log)),
    )
    # The same dice to come: filled elsewhere, the computers throw what they threw.
    again, thrown_again = _computers_play_on(rules.score(back, C.FULL_HOUSE))
    assert thrown_again[: len(thrown)] == thrown[: len(thrown_again)]
    assert thrown_again[0] == thrown[0]
    # Taken back again in the same turn: one record, all its steps counted.
    twice = rules.undo(again)
    assert len(twice.taken_back) == 1 and twice.taken_back[0].undone > back.taken_back[0].undone


def test_a_turn_taken_back_so_rolls_and_holds_no_more_and_the_record_says_so():
    rita = Player(name="Rita", level=Level.EASY)
    rolled = rules.roll(rules.new_game(["Ana", rita], seed=5), [4, 4, 3, 4, 3])
    assert rules.can_roll(rolled) and rules.can_hold(rolled)
    back = rules.undo(_computers_play_on(rules.score(rolled, C.FOURS))[0])
    assert rules.rolls_barred(back) and not rules.can_roll(back) and not rules.can_hold(back)
    for step in (rules.roll, lambda state: rules.toggle_hold(state, 0)):
        with pytest.raises(rules.IllegalMove, match="taken back after the computers played on"):
            step(back)
    assert rules.undo_refusal(back) == "That fill was taken back already: fill a box again."
    # The record keeps it: written, read and replayed, the game is the same.
    again = GameState.model_validate_json(back.model_dump_json())
    assert again == back and list(rules.replay(again))[-1] == back
    # The next turn rolls as ever.
    filled = rules.score(back, C.FOURS)
    assert not rules.rolls_barred(filled)
    assert not rules.rolls_barred(_computers_play_on(filled)[0])


def test_a_fill_is_taken_back_only_until_the_next_human_acts():
    rita = Player(name="Rita", level=Level.EASY)
    rolled = rules.roll(rules.new_game(["Ana", rita, "Bruno"], seed=5), [4, 4, 3, 4, 3])
    bruno_to_act, _ = _computers_play_on(rules.score(rolled, C.FOURS))
    assert bruno_to_act.current == 2 and rules.undo_refusal(bruno_to_act) is None
    assert rules.undo_refusal(rules.roll(bruno_to_act)) == "A roll can't be taken back."
    over = rules.roll(rules.new_game(["Ana", rita], seed=1), [4, 4, 4, 4, 4])
    assert rules.undo_refusal(over) == "The game is over: its moves can't be taken back."


def test_a_record_of_take_backs_that_does_not_fit_its_log_is_refused():
    rita = Player(name="Rita", level=Level.EASY)
    rolled = rules.roll(rules.new_game(["Ana", rita], seed=5), [4, 4, 3, 4, 3])
    back = rules.undo(_computers_play_on(rules.score(rolled, C.FOURS))[0])
    data = back.model_dump(mode="json")
    for bad in ({"seat": 0, "step": 9, "undone": 2}, {"seat": 1, "step": 0, "undone": 2}):
        data["taken_back"] = [bad]
        with pytest.raises(ValueError, match="Take-back 1 of the game's record"):
            GameState.model_validate(data)
    assert "taken_back" not in rolled.model_dump(mode="json")  # nothing taken back: as before


def test_undo_of_a_random_game_step_equals_the_position_before_it():
    for seed in range(200):
        game = random_game(seed)
        if rules.undo_refusal(game) is None:
            assert rules.undo(game) == rules.positions(game)[-2]
            assert rules.undo(game).log == game.log[:-1]
