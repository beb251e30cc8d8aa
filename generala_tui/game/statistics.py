"""Statistics per player name, computed from finished games.

Pure: the games come in as values (the history's records, newest first), the
figures go out as values; the screens read the files and show the figures.

The definitions, for a player (names are grouped case-insensitively, ``ana``
and ``Ana`` are one player, shown with the spelling of their newest game):

- **games**: finished games they sat in.
- **wins**: games they won; a shared win (house rule ``tie_break`` off) counts
  as a win for each winner.
- **best, average, worst total**: over the games played to the end. A game won
  at once by a served Generala stopped with boxes still open, so its totals
  (everyone's) say nothing about a whole game and are left out; tie-break
  points are not part of a total. ``None`` when no game of theirs went the
  distance.
- **Generalas**: games in which they made a Generala: their Generala box holds
  points, or they won at once by a served Generala (whose Generala box stays
  open). A game counts once, with a Double Generala too; five alike in a
  tie-break turn does not count.
- **automatic wins**: games won at once by a served Generala.
- **average loss**: the expected points their decisions lost per game, on
  average over the games that were analysed (those whose losses name them);
  ``None`` when none was.
- **recent totals**: their totals in their last games played to the end, oldest
  first, for a chart.

The **hall of fame** is the best totals of the games played to the end (not those won at
once by a served Generala, as for the best total), one list a set of house rules: totals
under other rules are not comparable. Rules that change nothing under the others (a
Double Generala's served bonus without the Double Generala) do not make a set of their
own. Computers' totals count, each marked as a computer's.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime

from .model import Category, Ending, GameState, HouseRules, Phase
from .rule_choices import rules_in_effect

__all__ = [
    "HALL_OF_FAME_PLACES",
    "RECENT_GAMES",
    "FameEntry",
    "FameList",
    "PlayerStatistics",
    "hall_of_fame",
    "player_statistics",
]

RECENT_GAMES = 20
"""How many of a player's last totals :attr:`PlayerStatistics.recent_totals` keeps."""


@dataclass(frozen=True)
class PlayerStatistics:
    """One player's figures over the games given (see the module's docstring)."""

    name: str
    """The name as spelled in their newest game."""
    games: int
    wins: int
    best: int | None
    average: float | None
    worst: int | None
    generalas: int
    automatic_wins: int
    average_loss: float | None
    """Expected points lost to decisions per analysed game; ``None`` if none was analysed."""
    analysed_games: int
    recent_totals: tuple[int, ...]
    """Totals of their last games played to the end, oldest first."""


@dataclass
class _Tally:
    name: str
    games: int = 0
    wins: int = 0
    generalas: int = 0
    automatic_wins: int = 0
    totals: list[int] = field(default_factory=list)
    """Newest first, as the games come."""
    losses: list[float] = field(default_factory=list)

    def result(self, recent: int) -> PlayerStatistics:
        totals = self.totals
        return PlayerStatistics(
            name=self.name,
            games=self.games,
            wins=self.wins,
            best=max(totals) if totals else None,
            average=sum(totals) / len(totals) if totals else None,
            worst=min(totals) if totals else None,
            generalas=self.generalas,
            automatic_wins=self.automatic_wins,
            average_loss=sum(self.losses) / len(self.losses) if self.losses else None,
            analysed_games=len(self.losses),
            recent_totals=tuple(reversed(totals[:recent])) if recent > 0 else (),
        )


def player_statistics(
    games: Iterable[tuple[GameState, Mapping[str, float] | None]],
    recent: int = RECENT_GAMES,
) -> list[PlayerStatistics]:
    """Every player's figures over ``games``: pairs of a finished game and its losses.

    ``games`` come newest first, as the history lists them; a game's losses map
    each player's name to the expected points their decisions lost, or are
    ``None`` when the game was not analysed. Games not over are skipped.
    ``recent`` is how many totals each player's chart keeps.

    The players come most wins first, then most games, then by name.
    """
    tallies: dict[str, _Tally] = {}
    for state, losses in games:
        if state.phase is not Phase.OVER:
            continue
        served = state.ending is Ending.SERVED_GENERALA
        for seat, player in enumerate(state.players):
            tally = tallies.setdefault(player.name.casefold(), _Tally(player.name))
            won = seat in state.winners
            tally.games += 1
            tally.wins += won
            tally.automatic_wins += served and won
            tally.generalas += player.holds_points(Category.GENERALA) or (served and won)
            if not served:
                tally.totals.append(player.total)
            if losses is not None and player.name in losses:
                tally.losses.append(losses[player.name])
    return sorted(
        (tally.result(recent) for tally in tallies.values()),
        key=lambda stats: (-stats.wins, -stats.games, stats.name.casefold()),
    )


HALL_OF_FAME_PLACES = 10
"""How many totals each list of the hall of fame keeps."""


@dataclass(frozen=True)
class FameEntry:
    """One total in the hall of fame."""

    place: int
    """From 1; equal totals share a place (1, 2, 2, 4)."""
    total: int
    name: str
    computer: bool
    """Whether a computer played it."""
    finished_at: datetime
    others: tuple[tuple[str, bool], ...]
    """The other players of that game, in seat order: each name, and whether a computer."""


@dataclass(frozen=True)
class FameList:
    """The best totals under one set of house rules."""

    house_rules: HouseRules
    """The rules, with those that change nothing at their defaults."""
    entries: tuple[FameEntry, ...]
    """Best first; of equal totals, the earlier first (it stood there first)."""
    games: int
    """The games played to the end under these rules."""


def hall_of_fame(
    games: Iterable[tuple[GameState, datetime]], places: int = HALL_OF_FAME_PLACES
) -> list[FameList]:
    """The best ``places`` totals of ``games`` (pairs of a finished game and when it
    finished, newest first, as the history lists them), one list a set of house rules.

    Games not over, or won at once by a served Generala, are left out. The lists come in the
    order their rules were last played: the newest game's first.
    """
    by_rules: dict[HouseRules, list[tuple[int, datetime, int, GameState]]] = {}
    counts: dict[HouseRules, int] = {}
    for state, finished_at in games:
        if state.phase is not Phase.OVER or state.ending is Ending.SERVED_GENERALA:
            continue
        house_rules = rules_in_effect(state.house_rules)
        counts[house_rules] = counts.get(house_rules, 0) + 1
        scores = by_rules.setdefault(house_rules, [])
        scores.extend(
            (player.total, finished_at, seat, state) for seat, player in enumerate(state.players)
        )
    lists = []
    for house_rules, scores in by_rules.items():
        scores.sort(key=lambda score: (-score[0], score[1], score[2]))
        entries: list[FameEntry] = []
        for rank, (total, finished_at, seat, state) in enumerate(scores[:places], start=1):
            tied = entries and entries[-1].total == total
            player = state.players[seat]
            entries.append(
                FameEntry(
                    place=entries[-1].place if tied else rank,
                    total=total,
                    name=player.name,
                    computer=player.level is not None,
                    finished_at=finished_at,
                    others=tuple(
                        (other.name, other.level is not None)
                        for index, other in enumerate(state.players)
                        if index != seat
                    ),
                )
            )
        lists.append(FameList(house_rules, tuple(entries), counts[house_rules]))
    return lists
