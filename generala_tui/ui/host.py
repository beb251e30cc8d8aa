"""The typed seam between the app and its screens.

Screens depend on this protocol, never on the app's class: a screen reaches the game, the
preferences and the other screens through :func:`host_of` (the turn screen is given the
table it plays at: :class:`.table.Table`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from ..game.model import GameState, HouseRules, Player

if TYPE_CHECKING:
    from textual.dom import DOMNode

    from .keeper import MatchTally
    from .solver import Solver


@runtime_checkable
class GameHost(Protocol):
    """What the screens ask of the app."""

    @property
    def game(self) -> GameState | None:
        """The game in play, as its table last showed it; None before a game starts."""
        ...

    @property
    def house_rules(self) -> HouseRules:
        """The house rules for new games (a game in play keeps its own)."""
        ...

    @property
    def coach(self) -> bool:
        """Whether the coach shows what every choice is worth."""
        ...

    @property
    def roll_animation(self) -> bool:
        """Whether rolled dice tumble for a moment (a preference, off in headless runs)."""
        ...

    @property
    def computers_paused(self) -> bool:
        """Whether the computer players wait for the player to resume them."""
        ...

    @property
    def seats_away(self) -> tuple[bool, ...]:
        """At an online table, per seat: whether its player is away (not connected); at
        one keyboard, empty."""
        ...

    @property
    def strategy_progress(self) -> float | None:
        """How far computing a strategy table has come (0 to 1); None when none is."""
        ...

    @property
    def match(self) -> MatchTally:
        """The games and wins of this sitting's match."""
        ...

    @property
    def solver(self) -> Solver:
        """The one way into the strategy tables."""
        ...

    def start(self, state: GameState) -> None:
        """Play this game from where it stands."""
        ...

    def new_game(self, players: Sequence[Player]) -> None:
        """A new game for these players under the house rules for new games."""
        ...

    def choose_colours(self, colours: Mapping[str, str]) -> None:
        """The colours chosen for these players (by name, palette colours' names), for the
        next game: it remembers them with its table (others keep the last table's)."""
        ...

    def start_guided_game(self, name: str | None = None) -> None:
        """A guided first game for ``name`` alone (ui/guide.py); the setup offers it no more."""
        ...

    @property
    def offer_guided_game(self) -> bool:
        """Whether the setup screen offers a guided game (a first launch, until taken or
        declined)."""
        ...

    def decline_guided_game(self) -> None:
        """The setup screen offers the guided game no more (remembered)."""
        ...

    def play_again(self) -> None:
        """The same players, a new game."""
        ...

    def save_house_rules(self, house_rules: HouseRules) -> None:
        """Use these house rules for new games, and remember them."""
        ...

    def toggle_coach(self) -> None:
        """The coach on or off."""
        ...

    @property
    def win_chances(self) -> bool:
        """Whether the turn screen shows every player's chance of winning (a preference)."""
        ...

    def toggle_win_chances(self) -> None:
        """The win-chance bar shown or hidden (remembered)."""
        ...

    def set_roll_animation(self, on: bool) -> None:
        """The roll animation on or off, at once, and remembered."""
        ...

    def skip_ahead(self) -> None:
        """Play the rest of a computer's turn at once (and retry what failed)."""
        ...

    def change_pace(self, step: int) -> None:
        """The computer players faster (step 1) or slower (step -1)."""
        ...

    def join_table(self, url: str) -> None:
        """Play the seat of an online table that ``url`` opens (watch it: no seat key)."""
        ...

    async def host_table(self, players: Sequence[Player], address: str, port: int) -> list[str]:
        """Open an online table for ``players`` under the house rules for new games, its
        server running in this app on ``address``:``port``; the join commands of the human
        seats but the first, which :meth:`sit_at_hosted_table` takes. Raises
        :class:`OSError` when the port can't be had."""
        ...

    def sit_at_hosted_table(self) -> None:
        """Play the first human seat of the table :meth:`host_table` opened."""
        ...

    def turn_screen_shown(self) -> None:
        """The turn screen is in front again (a dialog or another screen closed)."""
        ...

    def set_language(self, lang: str) -> None:
        """Speak ``lang`` from now on, on every screen at once, and remember it."""
        ...


def host_of(node: DOMNode) -> GameHost:
    """The app a screen or widget belongs to, as the host it talks to."""
    app = node.app
    if not isinstance(app, GameHost):
        raise TypeError(f"{type(app).__name__} is not a generala-tui host")
    return app
