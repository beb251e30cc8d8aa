"""The match's tally: wins counted game by game, equal wins ordered by the points over the
match, then by seat."""

from __future__ import annotations

from generala_tui.game import rules
from generala_tui.game.match import MatchTally
from generala_tui.game.model import Box, Category, GameState, HouseRules, Phase, Player


def _finished(totals: dict[str, int]) -> GameState:
    """A game played to its end by the rules: the players (seated in this order) have only
    Sixes open, and fill it with these totals (multiples of 6, at most 24)."""
    house_rules = HouseRules()
    scratched = {c: Box(points=0, scratched=True) for c in house_rules.categories()}
    del scratched[Category.SIXES]
    state = GameState(
        players=tuple(Player(name=name, boxes=scratched) for name in totals),
        house_rules=house_rules,
        seed=1,
    )
    for total in totals.values():
        sixes = total // 6
        state = rules.score(rules.roll(state, [6] * sixes + [1] * (5 - sixes)), "sixes")
    assert state.phase is Phase.OVER
    return state


def test_equal_wins_are_ordered_by_the_points_over_the_match() -> None:
    tally = MatchTally()
    tally = tally.after(_finished({"Ana": 6, "Bruno": 18, "Rita": 24}))
    tally = tally.after(_finished({"Bruno": 18, "Rita": 24, "Ana": 12}))
    assert dict(tally.wins) == {"Ana": 0, "Bruno": 0, "Rita": 2}
    assert tally.ranking() == [("Rita", 2), ("Bruno", 0), ("Ana", 0)]


def test_equal_wins_and_points_keep_the_first_games_seats() -> None:
    tally = MatchTally().after(_finished({"Ana": 12, "Bruno": 12, "Rita": 24}))
    tally = tally.after(_finished({"Bruno": 6, "Rita": 24, "Ana": 6}))
    assert tally.ranking() == [("Rita", 2), ("Ana", 0), ("Bruno", 0)]


def test_more_wins_come_first_whatever_the_points() -> None:
    tally = MatchTally().after(_finished({"Ana": 24, "Bruno": 18}))
    tally = tally.after(_finished({"Bruno": 24, "Ana": 6}))
    tally = tally.after(_finished({"Ana": 6, "Bruno": 24}))
    assert tally.ranking() == [("Bruno", 2), ("Ana", 1)]
    assert dict(tally.points) == {"Ana": 36, "Bruno": 66}
    assert tally.games == 3
