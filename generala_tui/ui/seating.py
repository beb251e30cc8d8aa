"""The players this window sets up: the last table's, in their colours, their match, and the
guided game's offer. Plain Python over the preferences (:class:`~.keeper.Keeper`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .. import store
from ..game import rules
from ..game.match import MatchTally
from ..game.model import GameState, Player
from ..store import Seat
from . import colours, vocabulary
from .keeper import Keeper


class Seating:
    """The last table set up, remembered; the colours chosen for the next one; the match of
    the players sitting now."""

    def __init__(self, keeper: Keeper) -> None:
        self._keeper = keeper
        if store.first_launch():  # the setup screen offers a guided game until answered
            keeper.remember(offer_guided_game=True)
        self._chosen: dict[str, str] = {}
        """The colours the setup screen chose for its players, by name (:meth:`choose_colours`)."""
        self._sitting: dict[str, str] = {}
        """The colours of the players at the table now, by name, fixed when they sat down
        together (:meth:`sit`): theirs whatever seat the match's next game gives them."""
        self.match = MatchTally()
        """The games and wins of this sitting's match (since the players sat down)."""

    def new_match(self) -> None:
        """Other players sit down (a new table set up, a guided game, an online table)."""
        self.match = MatchTally()
        self._sitting = {}

    def sit(self, names: Sequence[str]) -> None:
        """The players ``names`` are at the table (a game shown, first or next): the colours
        they have now are theirs until other players sit down. A game from the command line,
        resumed or online was never set up here: without this, its players would have the
        palette's colours by seat, and "Play again", which moves the first seat on, would
        give each another."""
        if set(names) != set(self._sitting):
            picked = colours.table_colours(names, self._colours())
            self._sitting = dict(zip(names, picked, strict=True))

    def game_over(self, game: GameState) -> None:
        """A game of the match is over: its winners are counted."""
        self.match = self.match.after(game)

    def last_table(self) -> list[Player] | None:
        """The players of the last game set up, if their names still pass."""
        seats = self._keeper.preferences.players
        try:
            # A seat kept without a name had its default one: said in the language of now.
            names = rules.validate_names(
                [
                    seat.name or vocabulary.default_player_name(number)
                    for number, seat in enumerate(seats, start=1)
                ]
            )
        except rules.IllegalMove:
            return None
        return [Player(name=n, level=s.level) for n, s in zip(names, seats, strict=True)]

    def remember(self, players: Sequence[Player]) -> None:
        """The table set up now, remembered: each player in the colour chosen for them, else
        their colour at the last table (play again keeps them)."""
        seat_colours = colours.table_colours([p.name for p in players], self._colours())
        # A seat left at its default name is kept without one, so that it comes back in the
        # language of the next game, not as "Jugador 1" for good.
        self._keeper.remember(
            players=tuple(
                Seat(
                    name="" if vocabulary.default_name_number(p.name) is not None else p.name,
                    level=p.level,
                    colour=colour,
                )
                for p, colour in zip(players, seat_colours, strict=True)
            )
        )
        self._chosen = {}  # remembered with the table now

    def choose_colours(self, chosen: Mapping[str, str]) -> None:
        """The colours chosen for these players (by name), for the next table."""
        self._chosen = dict(chosen)

    def _colours(self) -> dict[str, str | None]:
        """Each player's colour at the last table, by the name they have now (a seat kept
        without a name: its default name in the language of the moment), the colours of the
        players sitting now, and the colours chosen since."""
        return {
            **{
                seat.name or vocabulary.default_player_name(number): seat.colour
                for number, seat in enumerate(self._keeper.preferences.players, start=1)
            },
            **self._sitting,
            **self._chosen,
        }

    def seat_colours(self, names: Sequence[str], *, dark: bool) -> colours.SeatColours:
        """The colours of the players ``names``: each one's at the table now or the last one,
        the palette's order for the others (a record's, a replay's)."""
        return colours.SeatColours.for_players(names, self._colours(), dark)

    @property
    def offer_guided_game(self) -> bool:
        """Whether the setup screen offers a guided game (a first launch, until answered)."""
        return self._keeper.preferences.offer_guided_game

    def decline_guided_game(self) -> None:
        """The guided game offered no more (remembered)."""
        if self._keeper.preferences.offer_guided_game:
            self._keeper.remember(offer_guided_game=False)
