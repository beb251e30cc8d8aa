"""Fair play on rated tables: how close each player's rated games came to the optimum.

For the host of a table server, never an automatic ban (docs/server.md, "Fair play"). Every
rated game the server kept whole (:func:`.database.read_rated_games`) is reviewed as the
analysis reviews a game (:func:`~generala_tui.game.strategy.review.review_game`); for each
player the server knows, over their games, the decisions with a choice in them (regular
rounds, as a game's rating counts them), the mean cost per decision in expected points, and
the share that were the optimum (cost 0). A player is flagged, "look at these games", when
over at least ``min_games`` games and :data:`DECISIONS_PER_GAME` decisions a game their mean
cost is below :data:`THRESHOLD`: closer to the optimum than the computer's strongest players
but its expert, which plays it, came over any ten games measured.

Reviewing is CPU work (the strategy's numpy tables): about 25 ms a player's game on the
2-core machine, once each game however many known players sat at it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..game.model import GameState
from ..game.names import name_key

if TYPE_CHECKING:
    from ..game.strategy.cache import TableStore
    from ..game.strategy.review import GameReview

THRESHOLD = 0.05
"""A mean cost per decision below this many expected points, over enough games, is flagged.
The figures behind it are in docs/server.md ("Fair play")."""
MIN_GAMES = 10
"""The rated games a player needs to be flagged at all (``--min-games``)."""
DECISIONS_PER_GAME = 15
"""And as many decisions with a choice per game of those (a game has 27 on average): 150."""


@dataclass(frozen=True)
class PlayerPlay:
    """One player's rated games, reviewed."""

    name: str
    games: tuple[tuple[str, int], ...]
    """The rated games reviewed: (table id, game number), oldest first."""
    decisions: int
    """Their decisions with a choice in them, over those games."""
    cost: float
    """The cost of those decisions, summed (expected points)."""
    optimal: int
    """How many of them were the optimum (cost 0)."""
    flagged: bool

    @property
    def mean_cost(self) -> float | None:
        return self.cost / self.decisions if self.decisions else None

    @property
    def optimal_share(self) -> float | None:
        return self.optimal / self.decisions if self.decisions else None


@dataclass(frozen=True)
class FairPlay:
    """The report: each player with rated games kept, by name, and the games that did not
    read (a row not as written, a log that does not replay, no seat of the player's name)."""

    players: tuple[PlayerPlay, ...]
    unread: tuple[tuple[str, int], ...]
    min_games: int
    min_decisions: int
    threshold: float = THRESHOLD
    kept: dict[tuple[str, int], GameState] | None = None
    """The games that read, by (table id, number): to write the flagged ones as records."""


def fair_play(
    rows: Sequence[tuple[str, str, str, int, str]],
    min_games: int = MIN_GAMES,
    tables: TableStore | None = None,
) -> FairPlay:
    """The report of ``rows`` (:func:`.database.read_rated_games`'s: person, name, table,
    number, game JSON); a player is flagged from ``min_games`` games on. The strategy of
    each game's house rules is solved, or read from ``tables`` (the store's, kept)."""
    from pydantic import ValidationError

    from ..game.rules import IllegalMove
    from ..game.strategy import review_game, solve

    games: dict[tuple[str, int], GameState] = {}
    reviews: dict[tuple[str, int], GameReview] = {}
    unread: set[tuple[str, int]] = set()
    mine: dict[str, tuple[str, list[tuple[str, int]], list[float]]] = {}
    for person, name, table, number, text in rows:
        key = (str(table), int(number))
        if key not in games and key not in unread:
            try:
                game = GameState.model_validate_json(text)
                strategy = solve(game.house_rules, tables=tables)
                reviews[key] = review_game(game, strategy)
                games[key] = game
            except (ValidationError, IllegalMove, ValueError):  # BadRecord is an IllegalMove
                unread.add(key)
        seat = None if key in unread else _seat(games[key], str(name))
        if seat is None:  # the game does not read, or has no seat of the player's name
            unread.add(key)
            continue
        played = reviews[key].players[seat]
        _, listed, costs = mine.setdefault(str(person), (str(name), [], []))
        listed.append(key)
        costs.extend(d.cost for d in played.decisions if not d.tie_break and not d.forced)
    least = min_games * DECISIONS_PER_GAME
    players = []
    for name, listed, costs in mine.values():
        cost = math.fsum(costs)
        flagged = len(listed) >= min_games and len(costs) >= least and cost < THRESHOLD * len(costs)
        players.append(
            PlayerPlay(
                name=name,
                games=tuple(listed),
                decisions=len(costs),
                cost=cost,
                optimal=sum(1 for one in costs if one == 0),
                flagged=flagged,
            )
        )
    players.sort(key=lambda one: (not one.flagged, name_key(one.name), one.name))
    return FairPlay(tuple(players), tuple(sorted(unread)), min_games, least, kept=games)


def _seat(game: GameState, name: str) -> int | None:
    """The seat of the player who goes by ``name`` (as the server tells names apart)."""
    wanted = name_key(name)
    seats = [seat for seat, player in enumerate(game.players) if name_key(player.name) == wanted]
    return seats[0] if len(seats) == 1 else None
