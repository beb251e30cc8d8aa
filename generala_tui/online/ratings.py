"""Ratings of rated tables: openskill's Weng-Lin Bayesian rating (Plackett-Luce), for 2 to
8 players in one game, each rating a mean (``mu``) and its uncertainty (``sigma``).

A player the server knows starts at openskill's own prior (25, 25/3); a computer takes part
at a fixed rating per level (:data:`COMPUTER_RATINGS`, measured by
``tests/benchmarks/bench_ratings.py`` and written in docs/server.md) that no game changes.
A game's places are its own ranking: the winners first (a tie-break decides among equals),
then by total, equal totals sharing a place. The rating shown is the mean, with ± its
uncertainty; the leaderboard ranks by the mean less three times the uncertainty
(openskill's ``ordinal``), so a few lucky games do not top it.

openskill is imported only when a rated game ends.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from ..game.model import GameState, Level

PRIOR = (25.0, 25.0 / 3)
"""A new player's rating: openskill's default mean and uncertainty."""
COMPUTER_RATINGS: dict[Level, tuple[float, float]] = {
    Level.EASY: (21.2, 1.5),
    Level.MEDIUM: (25.1, 1.5),
    Level.EXPERT: (27.3, 1.5),
    Level.CHAMPION: (27.2, 1.5),
}
"""Each computer level's fixed rating (mean, uncertainty): the means the simulation's two
runs of 3000 games settled at (averaged), and the uncertainty its ratings kept there."""


@dataclass(frozen=True)
class Standing:
    """One seat of a finished rated game: who (a player the server knows, by id, or a
    computer's level), their rating before it, their place (1: first) and total."""

    person: str | None
    level: Level | None
    mu: float
    sigma: float
    place: int
    total: int


@dataclass(frozen=True)
class Result:
    """A known player's result of a rated game, as the server keeps it with the game's end."""

    person: str
    place: int
    total: int
    before: tuple[float, float]
    after: tuple[float, float]


def places(game: GameState) -> list[int]:
    """Each seat's place in a finished game (1: first): the winners first, then by total;
    equal totals share a place."""
    return placing([player.total for player in game.players], game.winners)


def placing(totals: Sequence[int], winners: Collection[int]) -> list[int]:
    """Each seat's place by its ``totals`` and the ``winners`` (1: first)."""
    key = [(seat not in winners, -total) for seat, total in enumerate(totals)]
    return [1 + sum(other < mine for other in key) for mine in key]


def rate(standings: Sequence[Standing]) -> list[tuple[float, float]]:
    """Every seat's rating after the game (a computer's unchanged): Plackett-Luce over the
    places, each seat a team of one."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    teams = [[model.create_rating([one.mu, one.sigma])] for one in standings]
    after = model.rate(teams, ranks=[float(one.place) for one in standings])
    return [
        (one.mu, one.sigma) if one.person is None else (team[0].mu, team[0].sigma)
        for one, team in zip(standings, after, strict=True)
    ]


def ordinal(mu: float, sigma: float) -> float:
    """What the leaderboard ranks by: the mean less three times its uncertainty."""
    return mu - 3 * sigma
