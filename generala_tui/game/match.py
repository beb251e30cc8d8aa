"""A match: the games one table plays in a row ("Play again"), and how its players stand.

Pure: each finished game comes in as a value, the tally goes out as a new one.
"""

from __future__ import annotations

from dataclasses import dataclass

from .model import GameState

__all__ = ["MatchTally"]


@dataclass(frozen=True)
class MatchTally:
    """The games of a match so far: how many, and each name's wins and points over them.

    Names are kept in the seats' order of the match's first game (later games seat them
    otherwise: "Play again" moves the first seat on by one).
    """

    games: int = 0
    wins: tuple[tuple[str, int], ...] = ()
    """Each name's wins; a shared win counts for each winner."""
    points: tuple[tuple[str, int], ...] = ()
    """Each name's totals added up over the match's games (tie-break points are no total's)."""

    def after(self, game: GameState) -> MatchTally:
        """The tally once ``game`` (finished) is counted."""
        wins = dict(self.wins)
        points = dict(self.points)
        for player in game.players:
            wins.setdefault(player.name, 0)
            points[player.name] = points.get(player.name, 0) + player.total
        for seat in game.winners:
            wins[game.players[seat].name] += 1
        return MatchTally(self.games + 1, tuple(wins.items()), tuple(points.items()))

    def ranking(self) -> list[tuple[str, int]]:
        """Each name with its wins, the most wins first; equal wins by the points over the
        match, the most first, then by seat."""
        points = dict(self.points)
        seats = {name: seat for seat, (name, _) in enumerate(self.wins)}
        return sorted(
            self.wins, key=lambda item: (-item[1], -points.get(item[0], 0), seats[item[0]])
        )
