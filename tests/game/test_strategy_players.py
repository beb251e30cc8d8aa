"""The computer players: legal play under every rule set, their strength, their habits."""

from __future__ import annotations

import math
import statistics

import pytest

from generala_tui.game import rules
from generala_tui.game.action import Action, ActionKind
from generala_tui.game.model import (
    Box,
    Category,
    Ending,
    GameState,
    HouseRules,
    Level,
    Phase,
    Player,
    TieBreakRound,
)
from generala_tui.game.rules import IllegalMove
from generala_tui.game.strategy import (
    choose_action,
    play_game,
    play_turn,
    solve,
)

from .test_strategy import ReferenceTurn, position

C = Category


@pytest.fixture(autouse=True)
def _cache_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


def computers(*levels: Level) -> list[Player]:
    return [Player(name=f"{level.value} {seat}", level=level) for seat, level in enumerate(levels)]


def mean_and_error(scores: list[int]) -> tuple[float, float]:
    return statistics.fmean(scores), statistics.stdev(scores) / math.sqrt(len(scores))


# --- strength ----------------------------------------------------------------

NO_AUTOMATIC_WIN = HouseRules(served_generala_wins=False)


@pytest.mark.slow  # two thousand games played (about 10 s)
def test_expert_mean_over_two_thousand_games_agrees_with_its_expected_score():
    # Without the automatic win every game is played to its last box, so the
    # expert's mean final total estimates the strategy's expected score. Four
    # standard errors (about 2.6 points here) bound a correct solver's
    # deviation with a chance of failing of 6 in 100,000, and the seeds make
    # the test deterministic.
    strategy = solve(NO_AUTOMATIC_WIN)
    players = computers(Level.EXPERT)
    scores = []
    for seed in range(2000):
        state = play_game(rules.new_game(players, NO_AUTOMATIC_WIN, seed=seed), strategy)
        assert state.phase is Phase.OVER
        assert len(state.players[0].boxes) == 10
        scores.append(state.players[0].total)
    mean, error = mean_and_error(scores)
    assert abs(mean - strategy.expected_score) < 4 * error, (mean, error)


def test_expert_beats_medium_beats_easy():
    # Expected means are about 152, 145 and 131 with standard deviations near
    # 30: over 300 games the gaps are about 3 and 6 standard errors.
    strategy = solve(NO_AUTOMATIC_WIN)
    players = computers(Level.EXPERT, Level.MEDIUM, Level.EASY)
    scores: list[list[int]] = [[], [], []]
    for seed in range(300):
        state = play_game(rules.new_game(players, NO_AUTOMATIC_WIN, seed=10_000 + seed), strategy)
        for seat, player in enumerate(state.players):
            scores[seat].append(player.total)
    (expert, expert_error), (medium, medium_error), (easy, easy_error) = map(mean_and_error, scores)
    assert expert - medium > 2 * math.hypot(expert_error, medium_error)
    assert medium - easy > 2 * math.hypot(medium_error, easy_error)


# --- legal play under every rule set -----------------------------------------------


@pytest.mark.parametrize(
    "changes",
    [
        {},
        {"locked_holds": True},
        {"served_roll": "any_full_roll", "served_bonus": 10},
        {"double_generala": True, "two_pairs": True, "straight": "ones_wild"},
        {"locked_holds": True, "served_roll": "any_full_roll", "double_generala": True},
        {"straight": "one_replaces_two", "double_generala_served_bonus": False, "two_pairs": True},
    ],
)
def test_every_level_plays_whole_games_with_legal_moves(changes):
    house_rules = HouseRules.model_validate(changes)
    strategy = solve(house_rules)
    players = computers(Level.EXPERT, Level.MEDIUM, Level.EASY)
    moves: list[tuple[GameState, Action]] = []
    for seed in range(3):
        moves.clear()
        state = rules.new_game(players, house_rules, seed=seed)
        # rules.play refuses an illegal move: every action taken was legal.
        state = play_game(state, strategy, on_action=lambda s, a: moves.append((s, a)))
        assert state.phase is Phase.OVER
        assert moves
        if state.ending is not Ending.SERVED_GENERALA:
            assert all(len(p.boxes) == len(house_rules.categories()) for p in state.players)


def test_play_turn_stops_when_the_turn_ends():
    state = rules.new_game(computers(Level.EXPERT, Level.EASY), seed=3)
    after = play_turn(state)
    assert after.current == 1 or after.phase is Phase.OVER
    assert len(after.players[0].boxes) == 1 or after.phase is Phase.OVER


@pytest.mark.parametrize("level", list(Level))
def test_every_level_plays_a_tie_break_to_the_end(level):
    boxes = {category: Box(points=0, scratched=True) for category in HouseRules().categories()}
    players = tuple(
        Player(name=name, level=level, boxes=boxes) for name in ("Ana", "Bruno", "Rita")
    )
    state = GameState(
        players=players,
        phase=Phase.TIE_BREAK,
        tie_breaks=(TieBreakRound(contenders=(0, 2)),),
        current=0,
        seed=5,
    )
    kinds: set[ActionKind] = set()
    state = play_game(state, on_action=lambda s, a: kinds.add(a.kind))
    assert state.phase is Phase.OVER
    assert state.ending in {Ending.TIE_BREAK, Ending.SERVED_GENERALA}
    assert set(state.winners) <= {0, 2}
    assert kinds <= {ActionKind.ROLL, ActionKind.END_TIE_BREAK}


def test_choose_action_refuses_a_human_and_a_finished_game():
    state = rules.new_game(["Ana"], seed=1)
    with pytest.raises(ValueError, match="not a computer player"):
        choose_action(state)
    assert choose_action(state, Level.EASY) == Action.roll()
    over = state.model_copy(update={"phase": Phase.OVER, "winners": (0,)})
    with pytest.raises(IllegalMove):
        choose_action(over, Level.EXPERT)


def test_expert_refuses_a_strategy_solved_for_other_rules():
    state = rules.roll(rules.new_game(computers(Level.EXPERT), seed=1), [1, 2, 3, 4, 6])
    with pytest.raises(ValueError, match="other house rules"):
        choose_action(state, strategy=solve(HouseRules(generala_points=60)))
    # Rules that differ only in the tie-break share the strategy.
    assert choose_action(state, strategy=solve(HouseRules(tie_break=False)))


# --- habits ------------------------------------------------------------------------


def test_easy_holds_its_most_common_number_the_higher_on_a_tie():
    house_rules = HouseRules()
    state = position(house_rules, {C.ONES, C.FIVES}, (2, 5, 2, 5, 1), rolls=1, served=True)
    assert choose_action(state, Level.EASY) == Action.roll((1, 3))


def test_easy_stops_as_soon_as_a_box_other_than_a_number_scores():
    state = position(HouseRules(), {C.FULL_HOUSE, C.SIXES}, (2, 2, 6, 6, 6), rolls=1, served=True)
    assert choose_action(state, Level.EASY) == Action.score(C.FULL_HOUSE)


def test_easy_fills_the_box_with_most_points_or_scratches_its_first_open_box():
    state = position(HouseRules(), {C.ONES, C.TWOS, C.FOURS}, (4, 2, 2, 6, 6), rolls=3)
    assert choose_action(state, Level.EASY) == Action.score(C.TWOS)
    state = position(HouseRules(), {C.ONES, C.GENERALA}, (4, 2, 3, 6, 6), rolls=3)
    assert choose_action(state, Level.EASY) == Action.scratch(C.ONES)


def test_easy_keeps_its_locked_dice():
    house_rules = HouseRules(locked_holds=True)
    state = position(
        house_rules, {C.THREES, C.FIVES}, (3, 3, 5, 5, 5), rolls=2, held=(0, 1), locked=(0, 1)
    )
    action = choose_action(state, Level.EASY)
    assert {0, 1} <= set(action.held) or action.kind is not ActionKind.ROLL


def test_medium_plays_for_the_most_points_this_turn():
    house_rules = HouseRules()
    open_boxes = {C.FOUR_OF_A_KIND, C.SIXES, C.STRAIGHT}
    state = position(house_rules, open_boxes, (6, 6, 6, 6, 1), rolls=3)
    assert choose_action(state, Level.MEDIUM) == Action.score(C.FOUR_OF_A_KIND)
    # Earlier in the turn: the action worth most for this turn alone.
    turn = ReferenceTurn(house_rules, frozenset(open_boxes), False, lambda _boxes, _points: 0.0)
    state = position(house_rules, open_boxes, (2, 3, 6, 6, 5), rolls=1, served=True)
    action = choose_action(state, Level.MEDIUM)
    assert action.kind is ActionKind.ROLL
    kept = tuple(sorted(state.turn.dice[i] for i in action.held))
    best = turn.after_roll((2, 3, 5, 6, 6), 1, True, ())
    assert turn.keep_value(kept, 1) == pytest.approx(best, abs=1e-9)


def test_expert_follows_the_strategy():
    strategy = solve(HouseRules())
    state = position(HouseRules(), {C.FULL_HOUSE, C.SIXES, C.GENERALA}, (6, 6, 6, 2, 3), rolls=2)
    assert choose_action(state, Level.EXPERT, strategy) == strategy.evaluate(state)[0].action


# --- the champion ------------------------------------------------------------------


class RecordingChances:
    """Win-chance tables that play as the real ones and count the champion's decisions."""

    def __init__(self, house_rules: HouseRules) -> None:
        from generala_tui.game.strategy.chances import solve_chances

        self.real = solve_chances(house_rules)
        self.house_rules = self.real.house_rules
        self.strategy = self.real.strategy
        self.asked: list[GameState] = []

    def champion_action(self, state: GameState) -> Action:
        self.asked.append(state)
        return self.real.champion_action(state)


def test_a_champion_plays_whole_games_by_the_chances_it_is_given():
    chances = RecordingChances(HouseRules())
    players = computers(Level.CHAMPION, Level.EXPERT)
    moves: list[tuple[GameState, Action]] = []
    for seed in range(2):
        chances.asked.clear()
        moves.clear()
        state = rules.new_game(players, seed=seed)
        state = play_game(state, chances=chances, on_action=lambda s, a: moves.append((s, a)))
        assert state.phase is Phase.OVER
        assert list(rules.replay(state))[-1] == state
        # Every decision of the champion's after a first roll came from the chances.
        champion = [s for s, a in moves if s.current == 0 and s.turn.rolls > 0]
        assert champion and chances.asked == champion
        assert all(s.current == 0 for s in chances.asked)


def test_a_champion_without_chances_solves_them_and_refuses_other_rules():
    state = rules.roll(rules.new_game(computers(Level.CHAMPION), seed=1), [1, 2, 3, 4, 6])
    assert choose_action(state) in {value.action for value in solve(HouseRules()).evaluate(state)}
    # Every rule counts, the tie-break too (without it a tie is a shared win).
    for other in (HouseRules(generala_points=60), HouseRules(tie_break=False)):
        with pytest.raises(ValueError, match="other house rules"):
            choose_action(state, chances=RecordingChances(other))
    tables = RecordingChances(HouseRules())
    assert choose_action(state, chances=tables) and tables.asked == [state]
    assert choose_action(state, Level.EXPERT, chances=tables) and tables.asked == [state]
