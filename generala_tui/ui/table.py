"""A table, of either kind: the one interface the app and the screens play a game through.

A game is played at a table: a :class:`~.local.LocalTable` at this keyboard, where the
rules are applied here and the computers play here, or a :class:`~.remote.RemoteTable`
online, where the server decides and this window holds one seat (or watches). The app
keeps the table of the moment and shows the game it is given; the screens make moves
through it; neither asks which kind it is.

A table tells the window it is played in what happens through :class:`Window`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, Protocol

from ..game.action import Action
from ..game.model import GameState, HouseRules, Player

if TYPE_CHECKING:
    from textual.content import Content

    from ..game.strategy import Strategy
    from ..game.strategy.chances import Chances
    from ..online.protocol import Said
    from .talk import Talk

Severity = Literal["information", "warning", "error"]
"""How a message to the player is shown (Textual's notification severities)."""


class Window(Protocol):
    """What a table needs of the window it is played in."""

    def show(self, game: GameState, *, first: bool, away: tuple[bool, ...] = ()) -> None:
        """The table's game as it stands now; ``first``: the first of this table (the turn
        screen comes); ``away``: per seat, whether its player is away (online only)."""
        ...

    def tell(self, message: str, *, severity: Severity = "information") -> None:
        """Tell the player ``message`` (text from outside in it is escaped already)."""
        ...

    def table_ended(self, message: str) -> None:
        """The table can't be played from here any more (refused for good): why."""
        ...

    def reachable(self, yes: bool) -> None:
        """The connection to the table's server is made (again), or lost."""
        ...

    def your_turn(self) -> None:
        """This window's seat is to play now (at an online table, where the others played
        before it): the player is nudged if they are elsewhere."""
        ...

    def chatted(self, said: Said | None) -> None:
        """Something was said at the table (``said``, to tell the player; None: nothing to
        tell, the talk changed all the same: read again)."""
        ...

    def rated(self) -> None:
        """A rated game's end moved its players' ratings (:meth:`Table.ratings`)."""
        ...

    def bar_aids(self) -> None:
        """The table is rated: the coach and the win chances are off while it is played,
        and may not be turned on (the player's own choice is kept for other tables)."""
        ...


class Table(Protocol):
    """A game being played, and what may be done at it from this window."""

    @property
    def game(self) -> GameState | None:
        """The game as it stands (None until an online table has sent it)."""
        ...

    def start(self) -> None:
        """Begin: show the game (a local table) or connect to it (an online one)."""
        ...

    async def close(self) -> None:
        """Leave the table: its computers stop, its connection closes."""
        ...

    def move(self, action: Action) -> bool:
        """Make a decision of the player to act; False (and the player is told why) when it
        can't be made."""
        ...

    def hold(self, die: int) -> bool:
        """Hold or release a die of the player to act; False (and told) when it can't be."""
        ...

    def undo(self) -> bool:
        """Take back the last press of a human (see :func:`rules.undo`); False (and the
        player is told why) when it can't be."""
        ...

    def plays_here(self, seat: int) -> bool:
        """Whether ``seat``'s player plays at this window: every seat at one keyboard, only
        this window's own at an online table (a computer's there is the server's)."""
        ...

    @property
    def files_finished(self) -> bool:
        """Whether this window keeps the finished game in its player's history (a watcher
        of an online table does not)."""
        ...

    def setup_seats(self) -> list[Player] | None:
        """The players the setup screen offers after this table: its own, with empty
        scorecards; None for this window's last table set up (an online table's players
        are the host's)."""
        ...

    def seats_again(self) -> list[Player] | None:
        """The players of another game at this table, the first seat moved on by one; None
        when this window does not start it (an online table's next game is its host's)."""
        ...

    def ask_again(self) -> bool:
        """Ask the table for another game of these players: True when asked (an online
        table's seats agree first, then its server deals it), False when this window deals
        it itself (:meth:`seats_again`) or may not ask (a watcher)."""
        ...

    def left_unfinished(self) -> GameState | None:
        """The game to offer resuming when the player leaves it for the setup screen."""
        ...

    def leaving_question(self, *, quitting: bool) -> str | Content:
        """What the player is asked before quitting (``quitting``) or leaving the game for the
        setup screen: what becomes of the game."""
        ...

    # The computer players.

    def skip_ahead(self) -> None:
        """Play the rest of a computer's turn at once, and go on if the computers wait."""
        ...

    def change_pace(self, step: int) -> float | None:
        """The computers faster (``step`` 1) or slower (-1): the seconds between their steps
        now, or None when they are not played here (the player is told)."""
        ...

    def toggle_pause(self) -> bool | None:
        """Pause the computers, or resume them: whether they are paused now, or None when
        they are not played here (the player is told)."""
        ...

    def go_on(self) -> None:
        """The game is in sight again (a dialog or another screen closed): a computer that
        waited for it plays."""
        ...

    @property
    def turn_time(self) -> float | None:
        """The seconds a turn may take before a computer plays it (an online table's clock);
        None: no clock."""
        ...

    def turn_left(self) -> float | None:
        """The seconds left of the turn being played, where a clock runs."""
        ...

    def ratings(self) -> list[str]:
        """What a rated game's end did to its players' ratings, a line each (none: not
        rated, not over, or not told yet)."""
        ...

    def removable(self) -> list[tuple[int, str]]:
        """The seats whose players this window may remove from the table, and their names
        (an online table's opener's; none at one keyboard)."""
        ...

    def remove(self, seat: int) -> None:
        """Remove ``seat``'s player from the table (see :meth:`removable`)."""
        ...

    @property
    def talk(self) -> Talk | None:
        """What is said at the table, where this window hears it (online); None at one
        keyboard, where everyone talks out loud."""
        ...


class Tables(Protocol):
    """The strategy tables the expert and the champion play by."""

    async def get(self, house_rules: HouseRules) -> Strategy:
        """The strategy table for these rules; raises ``StrategyFailed`` if it can't be had."""
        ...

    async def get_chances(self, house_rules: HouseRules) -> Chances:
        """The win-chance tables for these rules; raises ``StrategyFailed`` likewise."""
        ...
