"""The match's tally: wins counted game by game, equal wins ordered by the points over the
match, then by seat."""

from __future__ import annotations

from helpers import finished_game

from generala_tui.game.match import MatchTally


def test_equal_wins_are_ordered_by_the_points_over_the_match() -> None:
    tally = MatchTally()
    tally = tally.after(finished_game({"Ana": 6, "Bruno": 18, "Rita": 24}))
    tally = tally.after(finished_game({"Bruno": 18, "Rita": 24, "Ana": 12}))
    assert dict(tally.wins) == {"Ana": 0, "Bruno": 0, "Rita": 2}
    assert tally.ranking() == [("Rita", 2), ("Bruno", 0), ("Ana", 0)]


def test_equal_wins_and_points_keep_the_first_games_seats() -> None:
    tally = MatchTally().after(finished_game({"Ana": 12, "Bruno": 12, "Rita": 24}))
    tally = tally.after(finished_game({"Bruno": 6, "Rita": 24, "Ana": 6}))
    assert tally.ranking() == [("Rita", 2), ("Ana", 0), ("Bruno", 0)]


def test_more_wins_come_first_whatever_the_points() -> None:
    tally = MatchTally().after(finished_game({"Ana": 24, "Bruno": 18}))
    tally = tally.after(finished_game({"Bruno": 24, "Ana": 6}))
    tally = tally.after(finished_game({"Ana": 6, "Bruno": 24}))
    assert tally.ranking() == [("Bruno", 2), ("Ana", 1)]
    assert dict(tally.points) == {"Ana": 36, "Bruno": 66}
    assert tally.games == 3
