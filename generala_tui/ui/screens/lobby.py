"""A table server's lobby: its open tables, kept up to date as the server pushes them;
take a free seat, watch, or open a table with the players set up here.

The screen shows what its :class:`~generala_tui.ui.lobby.LobbyVisit` tells it and asks
the visit for a seat; the visit talks to the server, keeps the seat's key, and sits down.
"""

from __future__ import annotations

from collections.abc import Coroutine
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Input, Static

from ...game.model import HouseRules, Player
from ...game.names import MAX_NAME_LENGTH
from ...game.rule_choices import preset_in_effect
from ...online.protocol import SeatSummary, TableSummary
from .. import vocabulary
from ..host import host_of, own_keys
from ..lobby import LobbyVisit, own_name
from ..translated import TranslatedBindings
from ..widgets.footer import Footer
from . import lobby_words, settings_words
from .history import GameList

LOBBY_GROUP = "lobby"


class LobbyScreen(TranslatedBindings, Screen[None]):
    """The tables open at a server, one a row (a table opened here seats the visit's
    players)."""

    BINDINGS = [
        Binding("enter", "take", vocabulary.Keys.TAKE_SEAT, priority=True, id="lobby.take_seat"),
        Binding("w", "watch", vocabulary.Keys.WATCH, id="lobby.watch"),
        Binding("o", "open", vocabulary.Keys.OPEN_TABLE, id="lobby.open_table"),
        Binding("r", "open_rated", vocabulary.Keys.OPEN_RATED, id="lobby.open_rated"),
        Binding("g", "games", vocabulary.Keys.RECENT_GAMES, id="lobby.games"),
        Binding("escape", "back", vocabulary.Keys.BACK, id="lobby.back"),
    ]

    # Below 20 rows the line of what o opens goes, and the highlighted table's in full
    # takes two lines at most: the tables keep the room.
    DEFAULT_CSS = """
    LobbyScreen {
        #lobby {
            padding: 0 1;
        }
        #lobby-title {
            height: auto;
            text-style: bold;
            color: $primary;
        }
        #lobby-status, #lobby-opens {
            height: auto;
            color: $text-muted;
        }
        #lobby-tables {
            height: 1fr;
            margin-top: 1;
        }
        #lobby-details {
            height: auto;
            max-height: 3;
        }
        #lobby-opens.-closed { display: none; }
        #lobby-leaders {
            height: auto;
            margin-top: 1;
            color: $text-muted;
        }
        #lobby-leaders.-empty { display: none; }
        #lobby-ask-name, #lobby-name { display: none; }
        #lobby-ask-name { height: auto; margin-top: 1; }

        &.-naming {
            #lobby-ask-name, #lobby-name { display: block; }
        }

        &.-short {
            #lobby-opens { display: none; }
            #lobby-leaders { display: none; }
            #lobby-details { max-height: 2; }
            #lobby-tables { margin-top: 0; }
        }
    }
    """
    VERTICAL_BREAKPOINTS = [(0, "-short"), (20, "-tall")]

    def __init__(self, visit: LobbyVisit) -> None:
        super().__init__()
        self.visit = visit
        self.players = visit.players or [
            Player(name=vocabulary.default_player_name(number)) for number in (1, 2)
        ]
        """Who a table opened here seats: those set up, else the setup screen's first two."""
        self.tables: dict[str, TableSummary] = {}
        self.may_open = False
        self._busy = False

    def compose(self) -> ComposeResult:
        with Vertical(id="lobby"):
            yield Static(lobby_words.title(self.visit.server), id="lobby-title", markup=False)
            yield Static(lobby_words.entering(), id="lobby-status", markup=False)
            yield Static(lobby_words.ask_name(), id="lobby-ask-name", markup=False)
            yield Input(
                own_name(self.visit.players) or "",
                id="lobby-name",
                max_length=MAX_NAME_LENGTH,
                placeholder=lobby_words.name_placeholder(),
            )
            table = GameList(id="lobby-tables", cursor_type="row", zebra_stripes=True)
            table.add_columns(*lobby_words.columns())
            yield table
            yield Static(id="lobby-details", markup=False)
            yield Static(id="lobby-leaders", markup=False)
            yield Static(id="lobby-opens", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#lobby-tables", GameList).focus()
        self.visit.start(self)

    def on_unmount(self) -> None:
        self.visit.view = None
        self.app.run_worker(self.visit.close(), name="leave lobby", group=LOBBY_GROUP)

    # --- what the visit tells (:class:`~generala_tui.ui.lobby.LobbyView`) -------------

    def tables_changed(self, tables: dict[str, TableSummary], may_open: bool) -> None:
        if not self.is_attached:
            return
        self.tables, self.may_open = tables, may_open
        self._show_naming()
        grid = self.query_one("#lobby-tables", GameList)
        highlighted = self._highlighted()
        grid.clear()
        for code, summary in tables.items():
            grid.add_row(
                Text(code),
                Text(lobby_words.players(summary)),
                Text(str(lobby_words.free_seats(summary))),
                Text(lobby_words.round_of(summary)),
                Text(lobby_words.rules_column(summary, _rules_name(summary))),
                Text(str(summary.spectators)),
                key=code,
            )
        if highlighted in tables:
            grid.move_cursor(row=list(tables).index(highlighted))
        status = (
            lobby_words.count(len(tables))
            if tables
            else lobby_words.no_tables(may_open, own_keys(self))
        )
        self.query_one("#lobby-status", Static).update(status)
        opens = self.query_one("#lobby-opens", Static)
        opens.set_class(not may_open, "-closed")  # no table opens here
        seated = _as_known(self.players, self.visit.client.you)
        opens.update(
            lobby_words.opens(
                [lobby_words.seat(seat) for seat in _seats(seated)],
                _rules_name_of(host_of(self).house_rules),
                next((player.name for player in seated if player.level is None), None),
            )
        )
        self._show_details()
        board = lobby_words.leaders(self.visit.client.leaders)
        leaders = self.query_one("#lobby-leaders", Static)
        leaders.update(board)
        leaders.set_class(not board, "-empty")  # nobody rated yet
        self.refresh_bindings()

    def _show_naming(self) -> None:
        """Ask the player's name on this server while it would know them by none; once it
        does, say it in the title."""
        asks = self.visit.asks_name
        self.set_class(asks, "-naming")
        you = self.visit.client.you
        title = lobby_words.title(self.visit.server)
        self.query_one("#lobby-title", Static).update(
            title if you is None else lobby_words.title_as(self.visit.server, you)
        )
        if asks and not self._busy:
            self.query_one("#lobby-name", Input).focus()
        elif not asks and self.query_one("#lobby-name", Input).has_focus:
            self.query_one("#lobby-tables", GameList).focus()

    @on(Input.Submitted, "#lobby-name")
    def _name_given(self, event: Input.Submitted) -> None:
        if self.visit.asks_name and event.value.strip():
            self._ask(lobby_words.naming(), self.visit.take_name(event.value))

    def connection_changed(self, connected: bool) -> None:
        if self.is_attached and not connected:
            self.query_one("#lobby-status", Static).update(lobby_words.reconnecting())

    def ended(self, message: str) -> None:
        if self.is_attached:
            host_of(self).online.lobby_ended(message)

    # --- the player's choices ------------------------------------------------------

    def _highlighted(self) -> str | None:
        """The code of the table the cursor is on (None: no table, or none shown yet)."""
        grids = self.query("#lobby-tables").results(GameList)
        grid = next(iter(grids), None)
        if grid is None or not self.tables or not 0 <= grid.cursor_row < len(self.tables):
            return None
        return list(self.tables)[grid.cursor_row]

    @on(DataTable.RowHighlighted, "#lobby-tables")
    def _show_details(self) -> None:
        code = self._highlighted()
        details = self.query_one("#lobby-details", Static)
        if code is None:
            details.update("")
            return
        summary = self.tables[code]
        rules = settings_words.rules_summary(summary.house_rules)
        details.update(lobby_words.details(summary, rules))

    @on(DataTable.RowSelected, "#lobby-tables")
    def _selected(self) -> None:
        self.action_take()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "open_rated":
            # Only players the server knows sit at a rated table: shown once it knows this
            # one, for two players or more.
            known = self.visit.client.you is not None
            return (self.may_open and len(self.players) >= 2) if known else False
        if action == "games":
            return self.visit.client.you is not None or bool(self.visit.client.leaders)
        if action not in {"take", "watch", "open"}:
            return True
        if self.visit.asks_name and action != "watch":
            return False  # a seat is taken under the name asked first (Enter gives it)
        code = self._highlighted()
        if action == "take":
            return code is not None and lobby_words.free_seats(self.tables[code]) > 0
        if action == "watch":
            return code is not None
        if action == "open":
            return self.may_open
        return True

    def action_take(self) -> None:
        code = self._highlighted()
        if code is not None and lobby_words.free_seats(self.tables[code]) > 0:
            self._ask(lobby_words.taking(code), self.visit.take(code))

    def action_watch(self) -> None:
        code = self._highlighted()
        if code is not None:
            self._ask(lobby_words.taking(code), self.visit.take(code, watch=True))

    def action_open(self, rated: bool = False) -> None:
        if not self.may_open:
            return
        opened = self.visit.open(self.players, host_of(self).house_rules, rated=rated)
        self._ask(lobby_words.opening(), opened)

    def action_open_rated(self) -> None:
        if self.check_action("open_rated", ()):
            self.action_open(rated=True)

    def action_games(self) -> None:
        """The rated games of this player (or, for a guest, of the leaderboard's first)."""
        from .rated_games import RatedGamesScreen

        leaders = self.visit.client.leaders
        name = None if self.visit.client.you is not None else (leaders[0].name if leaders else None)
        if self.visit.client.you is None and name is None:
            return
        self.app.push_screen(RatedGamesScreen(self.visit, name))

    def _ask(self, doing: str, asked: Coroutine[Any, Any, str | None]) -> None:
        """Ask the visit (one request at a time): ``doing`` shows meanwhile, and a refusal
        after."""
        if self._busy:
            asked.close()
            return
        self._busy = True
        self.query_one("#lobby-status", Static).update(doing)

        async def ask() -> None:
            try:
                why = await asked
            finally:
                self._busy = False
            if why is not None and self.is_attached:
                self.notify(why, severity="warning", markup=False)
            if self.is_attached:
                self.tables_changed(self.tables, self.may_open)

        self.run_worker(ask(), name="lobby", group=LOBBY_GROUP, exit_on_error=False)

    def action_back(self) -> None:
        host_of(self).show_setup()


def _rules_name(summary: TableSummary) -> str:
    """The table's house rules by their preset's name, if they are one's."""
    return _rules_name_of(summary.house_rules)


def _rules_name_of(house_rules: HouseRules) -> str:
    return lobby_words.rules_name(preset_in_effect(house_rules))


def _as_known(players: list[Player], you: str | None) -> list[Player]:
    """The players a table opened here seats, the first human under the name the server
    knows this player by (it seats them so)."""
    first = next((i for i, player in enumerate(players) if player.level is None), None)
    if you is None or first is None:
        return players
    others = [
        p for i, p in enumerate(players) if i != first and p.name.casefold() == you.casefold()
    ]
    if others:
        return players  # a seat of the others has that name: the server refuses it, in words
    return [Player(name=you) if i == first else p for i, p in enumerate(players)]


def _seats(players: list[Player]) -> list[SeatSummary]:
    """The players a table opened here seats, as the lobby says seats (all at the table)."""
    return [SeatSummary(name=p.name, level=p.level, connected=True) for p in players]
