"""The win chances are exact: they sum to 1, follow the dice, agree with the expert's playouts."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable

import numpy as np
import pytest

from generala_tui.game import rules
from generala_tui.game.action import Action, ActionKind
from generala_tui.game.model import Category, GameState, HouseRules, Phase, ServedRoll
from generala_tui.game.strategy import _chances
from generala_tui.game.strategy._optimal import card_layers, rules_tables
from generala_tui.game.strategy.chances import Chances, cached_chances, solve_chances, win_chances

EVERYTHING = HouseRules(
    double_generala=True, two_pairs=True, locked_holds=True, served_roll=ServedRoll.ANY_FULL_ROLL
)
RULE_SETS = {
    "default": HouseRules(),
    "locked": HouseRules(locked_holds=True, two_pairs=True),
    "any full roll, double": HouseRules(double_generala=True, served_roll=ServedRoll.ANY_FULL_ROLL),
    "shared wins": HouseRules(tie_break=False, straight="wraparound"),
    "everything": EVERYTHING,
}


def expert_steps(
    house_rules: HouseRules, names: list[str], seed: int, until: Callable[[GameState, int], bool]
) -> GameState:
    """The expert's game from ``seed`` up to the first position ``until`` accepts."""
    chances = solve_chances(house_rules)
    state = rules.new_game(names, house_rules=house_rules, seed=seed)
    step = 0
    while not until(state, step):
        assert state.phase is not Phase.OVER, "the game ended before the position"
        state = rules.play(state, chances.strategy.best_action(state))
        step += 1
    return state


def at_step(house_rules: HouseRules, names: list[str], seed: int, steps: int) -> GameState:
    return expert_steps(house_rules, names, seed, lambda _, step: step == steps)


def playouts(chances: Chances, state: GameState, games: int) -> list[float]:
    """Each seat's share of the wins over ``games`` expert playouts with fresh dice."""
    wins = [0.0] * len(state.players)
    for game in range(games):
        position = state.model_copy(update={"seed": 7_919 * (game + 1) + 104_729 * state.seed})
        while position.phase is not Phase.OVER:
            position = rules.play(position, chances.strategy.best_action(position))
        for seat in position.winners:
            wins[seat] += 1 / len(position.winners)
    return [win / games for win in wins]


def assert_agrees_with_playouts(state: GameState, games: int) -> None:
    chances = solve_chances(state.house_rules)
    exact = chances.win_chances(state)
    played = playouts(chances, state, games)
    for seat, (chance, share) in enumerate(zip(exact, played, strict=True)):
        error = math.sqrt(max(chance * (1 - chance), 1 / games) / games)
        assert abs(share - chance) <= 3 * error, (seat, exact, played)


# --- every card's future ---------------------------------------------------------


@pytest.mark.parametrize("name", ["default", "locked", "everything"])
def test_without_automatic_wins_every_cards_points_average_the_optimum(name: str) -> None:
    # With no automatic win the game is the optimum's solitaire: every card's
    # distribution of remaining points must average exactly the value the
    # expert plays by, and hold all the chance.
    house_rules = RULE_SETS[name].model_copy(update={"served_generala_wins": False})
    futures = solve_chances(house_rules).futures
    values = solve_chances(house_rules).strategy.values
    cards = np.concatenate(card_layers(rules_tables(house_rules)))
    points = futures.points[cards]
    np.testing.assert_allclose(points.sum(axis=1), 1.0, rtol=0, atol=1e-12)
    means = points @ np.arange(points.shape[1])
    np.testing.assert_allclose(means, values[cards], rtol=1e-12, atol=1e-9)
    assert not futures.wins.any()


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_every_cards_future_holds_all_the_chance(name: str) -> None:
    futures = solve_chances(RULE_SETS[name]).futures
    cards = np.concatenate(card_layers(rules_tables(RULE_SETS[name])))
    total = futures.points[cards].sum(axis=1) + futures.wins[cards].sum(axis=1)
    np.testing.assert_allclose(total, 1.0, rtol=0, atol=1e-12)
    assert (futures.points >= 0).all() and (futures.wins >= 0).all()


def test_a_served_generala_on_a_first_roll_wins_one_game_in_1296_turns_of_an_open_box() -> None:
    # On a card whose only open box is Generala the turn wins at once when the
    # first roll is five of a kind (6 of 7776), and the expert rolls for it after.
    house_rules = HouseRules()
    rt = rules_tables(house_rules)
    only_generala = rt.full_card & ~rt.generala_bit
    wins = solve_chances(house_rules).futures.wins[only_generala]
    assert wins[1] == pytest.approx(6 / 7776, rel=1e-12)
    assert wins[2:].sum() == 0


# --- positions -----------------------------------------------------------------------


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_the_chances_sum_to_one_at_every_step_of_a_game(name: str) -> None:
    house_rules = RULE_SETS[name]
    chances = solve_chances(house_rules)
    state = rules.new_game(["Ana", "Bruno", "Caro"], house_rules=house_rules, seed=21)
    while state.phase is not Phase.OVER:
        found = chances.win_chances(state)
        assert len(found) == 3
        assert sum(found) == pytest.approx(1.0, abs=1e-12)
        assert all(0.0 <= chance <= 1.0 + 1e-12 for chance in found)
        state = rules.play(state, chances.strategy.best_action(state))
    assert win_chances(state) == tuple(1.0 if seat in state.winners else 0.0 for seat in range(3))


def test_a_shared_win_is_split_among_its_sharers() -> None:
    state = expert_steps(
        HouseRules(tie_break=False), ["Ana", "Bruno"], 114, lambda s, _: s.phase is Phase.OVER
    )
    assert state.winners == (0, 1)
    assert win_chances(state) == (0.5, 0.5)


def test_alone_at_the_table_the_chance_is_certain() -> None:
    state = rules.new_game(["Ana"], seed=3)
    assert win_chances(state) == pytest.approx((1.0,), abs=1e-12)


@pytest.mark.parametrize("name", ["default", "locked", "everything"])
def test_the_expert_s_choice_leaves_the_chances_of_its_position(name: str) -> None:
    house_rules = RULE_SETS[name]
    chances = solve_chances(house_rules)
    state = rules.new_game(["Ana", "Bruno"], house_rules=house_rules, seed=8)
    for _ in range(30):
        action = chances.strategy.best_action(state)
        assert chances.after(state, action) == pytest.approx(chances.win_chances(state), abs=1e-12)
        values = chances.strategy.evaluate(state)
        mine = chances.action_chances(state, values)
        best = next(c for v, c in zip(values, mine, strict=True) if v.action == action)
        assert best == pytest.approx(chances.win_chances(state)[state.current], abs=1e-12)
        state = rules.play(state, action)


def _roll_outcomes(thrown: int) -> list[tuple[tuple[int, ...], float]]:
    """Every result of throwing ``thrown`` dice, as sorted values, with its chance."""
    counts = Counter(
        tuple(sorted(values)) for values in itertools.product(range(1, 7), repeat=thrown)
    )
    return [(values, count / 6**thrown) for values, count in counts.items()]


@pytest.mark.parametrize(
    ("name", "steps", "held"),
    [("default", 21, (0, 1, 2)), ("locked", 12, (0, 1)), ("everything", 33, ())],
)
def test_a_roll_s_chances_are_the_average_of_where_its_dice_can_land(
    name: str, steps: int, held: tuple[int, ...]
) -> None:
    house_rules = RULE_SETS[name]
    chances = solve_chances(house_rules)
    state = expert_steps(
        house_rules, ["Ana", "Bruno"], 5, lambda s, step: step >= steps and s.turn.rolls == 1
    )
    if house_rules.locked_holds:  # the second roll: a pair (locked dice, roll)
        state = rules.play(state, Action.roll(held))
        held = tuple(sorted({*held, 2}))
    action = Action.roll(held)
    expected = np.zeros(2)
    for values, chance in _roll_outcomes(5 - len(held)):
        landed = rules.play(state, action, dice=values)
        expected += chance * np.array(chances.win_chances(landed))
    np.testing.assert_allclose(chances.after(state, action), expected, rtol=0, atol=1e-12)


def test_a_turn_s_chances_are_the_average_of_its_first_roll() -> None:
    state = at_step(HouseRules(), ["Ana", "Bruno", "Caro"], 4, 40)
    while state.turn.rolls:
        state = rules.play(state, solve_chances().strategy.best_action(state))
    chances = solve_chances()
    expected = np.zeros(3)
    for values, chance in _roll_outcomes(5):
        expected += chance * np.array(chances.win_chances(rules.roll(state, values)))
    np.testing.assert_allclose(chances.win_chances(state), expected, rtol=0, atol=1e-12)


def test_filling_a_box_leaves_the_chances_of_the_next_position() -> None:
    chances = solve_chances()
    state = expert_steps(
        HouseRules(), ["Ana", "Bruno"], 6, lambda s, step: step > 8 and s.turn.rolls == 3
    )
    for value in chances.strategy.evaluate(state, all_scratches=True):
        after = rules.play(state, value.action)
        assert chances.after(state, value.action) == pytest.approx(
            chances.win_chances(after), abs=1e-12
        )


def test_a_turn_whose_fill_was_taken_back_is_valued_as_after_its_last_roll() -> None:
    from generala_tui.game.model import Level, Player

    chances = solve_chances()
    rita = Player(name="Rita", level=Level.EXPERT)
    rolled = rules.roll(rules.new_game(["Ana", rita], seed=5), [4, 4, 3, 5, 1])
    played = rules.score(rolled, Category.FOURS)
    while rules.computer_to_act(played):
        played = rules.play(played, chances.strategy.best_action(played))
    back = rules.undo(played)
    best = chances.strategy.best_action(back)
    assert best.kind is not ActionKind.ROLL
    assert chances.win_chances(back) == pytest.approx(chances.after(back, best), abs=1e-12)
    assert chances.win_chances(rolled) != pytest.approx(chances.after(rolled, best), abs=1e-6)
    with pytest.raises(rules.IllegalMove):
        chances.after(back, Action.roll([0, 1]))


def test_a_number_box_scored_without_its_number_is_its_scratch() -> None:
    chances = solve_chances()
    state = rules.roll(rules.new_game(["Ana", "Bruno"], seed=2), [1, 2, 3, 4, 6])
    assert chances.after(state, Action.score(Category.FIVES)) == pytest.approx(
        chances.after(state, Action.scratch(Category.FIVES)), abs=1e-15
    )


def test_an_illegal_action_is_refused() -> None:
    chances = solve_chances()
    state = rules.roll(rules.new_game(["Ana", "Bruno"], seed=2), [1, 2, 3, 4, 6])
    with pytest.raises(rules.IllegalMove):
        chances.after(state, Action.end_tie_break())
    filled = rules.score(state, Category.SIXES)
    with pytest.raises(rules.IllegalMove):
        chances.after(filled, Action.score(Category.SIXES))


# --- against the expert's own playouts ------------------------------------------------


TIE_BREAK_SEED = 114
"""Two experts from this seed tie on 142 after the regular rounds (77 steps)."""


def test_real_positions_agree_with_playouts() -> None:
    assert_agrees_with_playouts(at_step(HouseRules(), ["Ana", "Bruno"], 5, 60), 1500)
    assert_agrees_with_playouts(at_step(RULE_SETS["locked"], ["Ana", "Bruno"], 11, 52), 1500)


def test_a_tie_break_in_play_agrees_with_playouts() -> None:
    state = expert_steps(
        HouseRules(), ["Ana", "Bruno"], TIE_BREAK_SEED, lambda s, _: s.phase is Phase.TIE_BREAK
    )
    assert [player.total for player in state.players] == [142, 142]
    assert win_chances(state)[0] == pytest.approx(0.5, abs=0.01)  # the first seat's race
    # The first contender's score is down: the second knows what to beat.
    chances = solve_chances()
    while state.tie_breaks[-1].scores == ():
        state = rules.play(state, chances.strategy.best_action(state))
    assert_agrees_with_playouts(state, 3000)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("house_rules", "names", "seed", "until", "games"),
    [
        pytest.param(
            HouseRules(),
            ["Ana", "Bruno", "Caro"],
            7,
            lambda s, step: step >= 100,
            3000,
            id="three players, late",
        ),
        pytest.param(
            HouseRules(),
            ["Ana", "Bruno"],
            3,
            lambda s, _: all(len(p.boxes) == 9 for p in s.players),
            4000,
            id="the last round",
        ),
        pytest.param(
            HouseRules(double_generala=True),
            ["Ana", "Bruno"],
            2,
            lambda s, step: step >= 49,
            3000,
            id="a live Double Generala",
        ),
        pytest.param(
            HouseRules(served_roll=ServedRoll.ANY_FULL_ROLL),
            ["Ana", "Bruno", "Caro", "Dora"],
            1,
            lambda s, step: step >= 12 and s.turn.rolls == 1,
            1500,
            id="a served-Generala race among four",
        ),
        pytest.param(
            HouseRules(),
            ["Ana", "Bruno"],
            TIE_BREAK_SEED,
            lambda s, _: s.phase is Phase.TIE_BREAK,
            6000,
            id="a tie-break about to start",
        ),
        pytest.param(
            EVERYTHING,
            ["Ana", "Bruno"],
            4,
            lambda s, step: step >= 40 and s.turn.rolls == 2,
            2000,
            id="every house rule, second roll locked",
        ),
    ],
)
def test_edge_positions_agree_with_playouts(
    house_rules: HouseRules,
    names: list[str],
    seed: int,
    until: Callable[[GameState, int], bool],
    games: int,
) -> None:
    assert_agrees_with_playouts(expert_steps(house_rules, names, seed, until), games)


def test_the_chances_of_a_tie_break_follow_its_race() -> None:
    house_rules = HouseRules()
    win, scores = _chances.tie_break_turn(house_rules)
    assert win == pytest.approx(6 / 7776, rel=1e-12)
    ties = _chances.tie_break_ties(house_rules, 3)
    assert ties[2, :2].sum() == pytest.approx(1.0, abs=1e-12)
    assert ties[2, 0] > ties[2, 1]  # the first to play can win at once first
    shared = _chances.tie_break_ties(house_rules.model_copy(update={"tie_break": False}), 3)
    assert shared[3, :3].tolist() == [1 / 3] * 3
    assert scores.sum() + win == pytest.approx(1.0, abs=1e-12)


def test_rule_sets_differing_only_in_the_tie_break_share_the_tables():
    solve_chances(HouseRules())
    twin = cached_chances(HouseRules(tie_break=False))
    assert twin is not None, "the tables of the default rules serve"
    assert twin.house_rules.tie_break is False
    assert twin.futures is solve_chances(HouseRules()).futures
    assert twin.strategy.house_rules == HouseRules(tie_break=False)
    assert cached_chances(HouseRules(tie_break=False)) is twin
    assert solve_chances(HouseRules(tie_break=False)) is twin
