"""A player's recent rated games at a table server, asked of its lobby; any one opens in
the analysis (the server keeps each rated game whole)."""

from __future__ import annotations

from collections.abc import Coroutine
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import DataTable, Input, Static

from ...game.names import MAX_NAME_LENGTH
from ...online.protocol import GameKept, Games, GameSummary
from .. import vocabulary
from ..lobby import LobbyVisit
from ..widgets.footer import Footer
from . import lobby_words
from .history import GameList
from .modal import Page

GAMES_GROUP = "rated-games"


class RatedGamesScreen(Page[None]):
    """The rated games of a player the server knows (``player``; None: this window's own),
    the latest first; Enter on one fetches it whole and opens its analysis."""

    # Parsed when the rated games are first shown.
    DEFAULT_CSS = """
    RatedGamesScreen {
        #rated-games {
            padding: 0 1;
        }
        #rated-games-title {
            height: auto;
            text-style: bold;
            color: $primary;
        }
        #rated-games-ask {
            height: auto;
            color: $text-muted;
        }
        #rated-games-table {
            height: 1fr;
        }
    }
    """

    BINDINGS = [
        Binding("p", "player", vocabulary.Keys.PLAYER, id="games.player"),
        Binding("escape", "close", vocabulary.Keys.CLOSE, id="games.close"),
    ]

    def __init__(self, visit: LobbyVisit, player: str | None = None) -> None:
        super().__init__()
        self.visit = visit
        self.player = player
        self.games: list[GameSummary] = []
        self._busy = False

    def compose(self) -> ComposeResult:
        with Vertical(id="rated-games"):
            yield Static(lobby_words.reading_games(), id="rated-games-title", markup=False)
            yield Static(lobby_words.player_label(), id="rated-games-ask", markup=False)
            yield Input(
                self.player or self.visit.client.you or "",
                id="rated-games-name",
                max_length=MAX_NAME_LENGTH,
                placeholder=lobby_words.name_placeholder(),
                compact=True,  # a line: the games keep the room
            )
            table = GameList(id="rated-games-table", cursor_type="row", zebra_stripes=True)
            table.add_columns(*lobby_words.games_columns())
            yield table
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#rated-games-table", GameList).focus()
        self._ask(self._load(self.player))

    def _ask(self, asked: Coroutine[Any, Any, None]) -> None:
        """One request to the server at a time (a second while one is asked is dropped)."""
        if self._busy:
            asked.close()
            return
        self._busy = True

        async def ask() -> None:
            try:
                await asked
            finally:
                self._busy = False

        self.run_worker(ask(), name="rated games", group=GAMES_GROUP, exit_on_error=False)

    async def _load(self, name: str | None) -> None:
        title = self.query_one("#rated-games-title", Static)
        title.update(lobby_words.reading_games())
        found = await self.visit.games(name)
        if not self.is_attached:
            return
        if not isinstance(found, Games):
            title.update(found)
            return
        self._show(found)

    def _show(self, found: Games) -> None:
        self.player = found.name
        self.games = list(found.games)
        table = self.query_one("#rated-games-table", GameList)
        table.clear()
        for index, game in enumerate(self.games):
            table.add_row(*(Text(cell) for cell in lobby_words.game_row(game)), key=str(index))
        title = self.query_one("#rated-games-title", Static)
        title.update(
            lobby_words.games_title(found.name) if self.games else lobby_words.no_games(found.name)
        )
        self.query_one("#rated-games-name", Input).value = found.name
        table.focus()

    @on(Input.Submitted, "#rated-games-name")
    def _name_given(self, event: Input.Submitted) -> None:
        name = event.value.strip()
        if name:
            self._ask(self._load(name))

    @on(DataTable.RowSelected, "#rated-games-table")
    def _open(self, event: DataTable.RowSelected) -> None:
        if event.row_key.value is not None:
            self._ask(self._analyse(self.games[int(event.row_key.value)]))

    async def _analyse(self, game: GameSummary) -> None:
        from .analysis import AnalysisScreen

        title = self.query_one("#rated-games-title", Static)
        title.update(lobby_words.fetching_game())
        kept = await self.visit.game(game.table, game.number)
        if not self.is_attached:
            return
        if self.player is not None:
            title.update(lobby_words.games_title(self.player))
        if isinstance(kept, GameKept):
            self.app.push_screen(AnalysisScreen(kept.game))
        else:
            self.notify(kept, severity="warning", markup=False)

    def action_player(self) -> None:
        self.query_one("#rated-games-name", Input).focus()

    def action_close(self) -> None:
        self.dismiss()
