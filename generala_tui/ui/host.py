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
    from collections.abc import Iterable

    from textual.app import SystemCommand
    from textual.dom import DOMNode

    from .online_play import OnlinePlay
    from .seating import Seating
    from .solver import Solver
    from .table import Table


@runtime_checkable
class GameHost(Protocol):
    """What the screens ask of the app."""

    @property
    def game(self) -> GameState | None:
        """The game in play, as its table last showed it; None before a game starts."""
        ...

    @property
    def table(self) -> Table | None:
        """The table played at (None: none yet)."""
        ...

    @property
    def house_rules(self) -> HouseRules:
        """The house rules for new games (a game in play keeps its own)."""
        ...

    @property
    def keymap(self) -> Mapping[str, str]:
        """The player's own keys in use (a binding's id to its keys, comma-separated, in
        Textual's names): the help names them."""
        ...

    @property
    def coach(self) -> bool:
        """Whether the coach shows what every choice is worth."""
        ...

    @property
    def aids_barred(self) -> bool:
        """Whether the coach and the win chances are barred (a rated table is played)."""
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
    def seating(self) -> Seating:
        """The players this window sets up: the last table, the colours chosen for the next,
        their match, and the guided game's offer."""
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

    def start_guided_game(self, name: str | None = None) -> None:
        """A guided first game for ``name`` alone (ui/guide.py); the setup offers it no more."""
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

    @property
    def turn_nudge(self) -> bool:
        """Whether an online turn that comes while the window is elsewhere nudges."""
        ...

    def set_turn_nudge(self, on: bool) -> None:
        """The online turn's nudge on or off, at once, and remembered."""
        ...

    def set_roll_animation(self, on: bool) -> None:
        """The roll animation on or off, at once, and remembered."""
        ...

    @property
    def sorted_dice(self) -> bool:
        """Whether the dice show in order of their faces, not where they were thrown."""
        ...

    def set_sorted_dice(self, on: bool) -> None:
        """The dice in order or as thrown, at once, and remembered."""
        ...

    def skip_ahead(self) -> None:
        """Play the rest of a computer's turn at once (and retry what failed)."""
        ...

    def change_pace(self, step: int) -> None:
        """The computer players faster (step 1) or slower (step -1)."""
        ...

    @property
    def online(self) -> OnlinePlay:
        """The online tables: a link joined, a table hosted here."""
        ...

    def show_setup(self) -> None:
        """The setup screen (leaving the table or lobby of now)."""
        ...

    def turn_screen_shown(self) -> None:
        """The turn screen is in front again (a dialog or another screen closed)."""
        ...

    def set_language(self, lang: str) -> None:
        """Speak ``lang`` from now on, on every screen at once, and remember it."""
        ...


@runtime_checkable
class OffersCommands(Protocol):
    """A screen with commands of its own in the command palette, first (the turn screen's
    roll, the setup screen's trainer)."""

    def palette_commands(self) -> Iterable[SystemCommand]:
        """This screen's commands, in the current language, as the palette opens."""
        ...


def host_of(node: DOMNode) -> GameHost:
    """The app a screen or widget belongs to, as the host it talks to."""
    app = node.app
    if not isinstance(app, GameHost):
        raise TypeError(f"{type(app).__name__} is not a generala-tui host")
    return app


def own_keys(node: DOMNode) -> Mapping[str, str]:
    """The player's own keys in use, for the labels of ``node`` that name a key
    (:func:`generala_tui.ui.vocabulary.shown_key`): the host's keymap, or none in an app that is
    no host (a dialog shown on its own)."""
    app = node.app
    return app.keymap if isinstance(app, GameHost) else {}
