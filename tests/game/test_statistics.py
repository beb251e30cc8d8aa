"""Statistics per player name, from finished games played with the real rules."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from helpers import JUNK, finished_game, hold_exactly, play_game, scratch_turn

from generala_tui.game import rules
from generala_tui.game.model import Category, Ending, GameState, HouseRules, Level, Player
from generala_tui.game.statistics import (
    HALL_OF_FAME_PLACES,
    FameEntry,
    PlayerStatistics,
    hall_of_fame,
    player_statistics,
)
from generala_tui.game.strategy import play_game as computers_play


def _computers(names: list[str], seed: int, rules_: HouseRules | None = None) -> GameState:
    players = [Player(name=name, level=Level.EASY) for name in names]
    return computers_play(rules.new_game(players, rules_, seed=seed))


def _by_name(stats: list[PlayerStatistics]) -> dict[str, PlayerStatistics]:
    return {s.name: s for s in stats}


def _generala_on_second_roll(state: GameState) -> GameState:
    """The current player rolls junk, keeps the two 2s, rolls three more 2s: Generala."""
    state = rules.roll(state, JUNK)
    state = rules.roll(hold_exactly(state, {0, 1}), [2, 2, 2])
    return rules.score(state, Category.GENERALA)


def _served_generala_win() -> GameState:
    """Ana scratches once, Bruno too, then Ana's first roll is five 3s: she wins at once."""
    state = rules.new_game(["Ana", "Bruno"], seed=3)
    state = scratch_turn(scratch_turn(state))
    state = rules.roll(state, [3, 3, 3, 3, 3])
    assert state.ending is Ending.SERVED_GENERALA
    return state


def test_games_wins_and_totals_match_the_games_played() -> None:
    games = [_computers(["Rita", "Tomás"], seed) for seed in (11, 12, 13, 14)]
    newest_first = list(reversed(games))
    stats = _by_name(player_statistics((game, None) for game in newest_first))
    for seat, name in enumerate(["Rita", "Tomás"]):
        totals = [game.players[seat].total for game in games]
        wins = sum(seat in game.winners for game in games)
        assert stats[name].games == 4
        assert stats[name].wins == wins
        assert stats[name].best == max(totals)
        assert stats[name].worst == min(totals)
        assert stats[name].average == pytest.approx(sum(totals) / 4)
        assert stats[name].recent_totals == tuple(totals)  # oldest first
        assert stats[name].average_loss is None
        assert stats[name].analysed_games == 0


def test_players_come_most_wins_first() -> None:
    games = [_computers(["Rita", "Tomás", "Uma"], seed) for seed in range(20, 26)]
    stats = player_statistics((game, None) for game in reversed(games))
    assert [s.wins for s in stats] == sorted((s.wins for s in stats), reverse=True)
    assert sum(s.wins for s in stats) >= len(games)


def test_names_group_case_insensitively_with_the_newest_spelling() -> None:
    old = _computers(["rita", "Tomás"], 31)
    new = _computers(["RITA", "Tomás"], 32)
    stats = _by_name(player_statistics([(new, None), (old, None)]))
    assert set(stats) == {"RITA", "Tomás"}
    assert stats["RITA"].games == 2
    assert stats["RITA"].recent_totals == (old.players[0].total, new.players[0].total)


def test_a_shared_win_counts_as_a_win_for_each_winner() -> None:
    state = rules.new_game(["Ana", "Bruno"], HouseRules(tie_break=False), seed=4)
    sixes = [([6, 6, 6, 6, 1], Category.SIXES)]
    game = play_game(state, {0: sixes, 1: sixes})
    assert game.ending is Ending.SHARED
    stats = _by_name(player_statistics([(game, None)]))
    assert stats["Ana"].wins == stats["Bruno"].wins == 1
    assert stats["Ana"].best == stats["Bruno"].best == 24


def test_a_generala_in_its_box_counts_and_a_scratched_one_does_not() -> None:
    state = _generala_on_second_roll(rules.new_game(["Ana", "Bruno"], seed=2))
    game = play_game(state)
    assert game.players[0].holds_points(Category.GENERALA)
    stats = _by_name(player_statistics([(game, None)]))
    assert stats["Ana"].generalas == 1
    assert stats["Ana"].automatic_wins == 0
    assert stats["Bruno"].generalas == 0


def test_a_served_generala_is_an_automatic_win_and_a_generala_without_totals() -> None:
    won = _served_generala_win()
    finished = _computers(["Ana", "Bruno"], 41)
    stats = _by_name(player_statistics([(won, None), (finished, None)]))
    ana = stats["Ana"]
    assert (ana.games, ana.automatic_wins, ana.generalas) == (2, 1, 1)
    assert ana.wins == 1 + (0 in finished.winners)
    # The game cut short leaves no total: only the finished game's.
    assert ana.recent_totals == (finished.players[0].total,)
    assert ana.best == ana.worst == finished.players[0].total
    assert stats["Bruno"].automatic_wins == 0
    assert stats["Bruno"].generalas == finished.players[1].holds_points(Category.GENERALA)


def test_only_a_served_generala_game_leaves_no_totals() -> None:
    stats = _by_name(player_statistics([(_served_generala_win(), None)]))
    assert stats["Bruno"].best is None
    assert stats["Bruno"].average is None
    assert stats["Bruno"].worst is None
    assert stats["Bruno"].recent_totals == ()


def test_loss_per_game_averages_the_analysed_games_only() -> None:
    first = _computers(["Rita", "Tomás"], 51)
    second = _computers(["Rita", "Tomás"], 52)
    third = _computers(["Rita", "Tomás"], 53)
    stats = _by_name(
        player_statistics(
            [
                (third, {"Rita": 3.0, "Tomás": 1.0}),
                (second, None),
                (first, {"Rita": 5.0, "Tomás": 2.0}),
            ]
        )
    )
    assert stats["Rita"].average_loss == pytest.approx(4.0)
    assert stats["Rita"].analysed_games == 2
    assert stats["Tomás"].average_loss == pytest.approx(1.5)


def test_recent_totals_keep_the_last_games_oldest_first() -> None:
    games = [_computers(["Rita"], seed) for seed in range(60, 66)]
    stats = player_statistics([(game, None) for game in reversed(games)], recent=3)
    assert stats[0].recent_totals == tuple(game.players[0].total for game in games[-3:])
    assert stats[0].games == 6


def test_games_not_over_are_left_out() -> None:
    unfinished = rules.roll(rules.new_game(["Ana"], seed=1))
    assert player_statistics([(unfinished, None)]) == []
    assert player_statistics([]) == []


# --- the hall of fame ---------------------------------------------------------

DAY = datetime(2026, 3, 1, 20, 0, tzinfo=UTC)


def _newest_first(*games: GameState) -> list[tuple[GameState, datetime]]:
    """``games`` (oldest first) a day apart, as the history gives them: newest first."""
    return [(game, DAY + timedelta(days=n)) for n, game in enumerate(games)][::-1]


def _line(entry: FameEntry) -> tuple[int, int, str]:
    return entry.place, entry.total, entry.name


def test_the_hall_of_fame_lists_the_best_totals_best_first_with_their_game() -> None:
    first = finished_game({"Ana": 18, "Bruno": 6, "Rita": 12})
    second = finished_game({"Rita": 24, "Ana": 6})
    (fame,) = hall_of_fame(_newest_first(first, second))
    assert fame.house_rules == HouseRules()
    assert fame.games == 2
    assert [_line(entry) for entry in fame.entries] == [
        (1, 24, "Rita"),
        (2, 18, "Ana"),
        (3, 12, "Rita"),
        (4, 6, "Bruno"),  # Bruno's 6 stood first: before Ana's of the next day
        (4, 6, "Ana"),
    ]
    top = fame.entries[0]
    assert top.finished_at == DAY + timedelta(days=1)
    assert top.others == (("Ana", False),)
    assert not top.computer
    assert fame.entries[1].others == (("Bruno", False), ("Rita", False))


def test_computers_totals_count_and_say_so() -> None:
    game = _computers(["Rita", "Tomás"], 41)
    (fame,) = hall_of_fame([(game, DAY)])
    assert {entry.name for entry in fame.entries} == {"Rita", "Tomás"}
    assert all(entry.computer for entry in fame.entries)
    assert all(computer for entry in fame.entries for _name, computer in entry.others)


def test_the_hall_of_fame_keeps_ten_places() -> None:
    games = [finished_game({"Ana": 6 * (n % 3 + 2), "Bruno": 6}) for n in range(12)]
    (fame,) = hall_of_fame(_newest_first(*games))
    assert len(fame.entries) == HALL_OF_FAME_PLACES
    assert fame.games == 12
    assert [entry.total for entry in fame.entries] == [24] * 4 + [18] * 4 + [12] * 2
    assert [entry.place for entry in fame.entries] == [1] * 4 + [5] * 4 + [9] * 2


def test_each_set_of_house_rules_has_its_list_the_last_played_first() -> None:
    swedish = HouseRules(generala_points=60)
    classic_game = finished_game({"Ana": 12, "Bruno": 6})
    swedish_game = _computers(["Rita", "Tomás"], 42, swedish)
    # A rule that changes nothing (the Double Generala's bonus without the Double Generala)
    # makes no list of its own.
    idle = _computers(["Uma", "Vera"], 43, HouseRules(double_generala_served_bonus=False))
    lists = hall_of_fame(_newest_first(classic_game, idle, swedish_game))
    assert [fame.house_rules for fame in lists] == [swedish, HouseRules()]
    assert {entry.name for entry in lists[0].entries} == {"Rita", "Tomás"}
    assert {entry.name for entry in lists[1].entries} == {"Ana", "Bruno", "Uma", "Vera"}
    assert [fame.games for fame in lists] == [1, 2]


def test_games_won_by_a_served_generala_or_not_over_are_left_out() -> None:
    unfinished = rules.new_game(["Ana", "Bruno"], seed=2)
    assert hall_of_fame([(_served_generala_win(), DAY), (unfinished, DAY)]) == []
    assert hall_of_fame([]) == []
