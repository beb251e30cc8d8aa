"""The winner's screen: who won, how, and the final ranking."""

from __future__ import annotations

from rich.cells import cell_len
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Static

from ...game.model import Ending, GameState
from .. import vocabulary
from ..colours import for_node
from ..host import host_of, own_keys
from ..translated import TranslatedBindings
from ..widgets.dice import face_rows
from ..widgets.footer import Footer
from . import game_over_words


def ranking(state: GameState) -> list[int]:
    """Player indices, best first: the winners, then by total, seat order among equals."""
    return sorted(
        range(len(state.players)),
        key=lambda i: (i not in state.winners, -state.players[i].total, i),
    )


NARROW_WIDTH = 60
"""Below this width the winner's screen stacks its buttons (and wider, if their row would not
fit: it depends on the labels' language)."""
ROW_ROOM = 4 + 2
"""The columns of a row the buttons cannot use: the screen's padding and its scrollbar."""
SHORT_HEIGHT = 20
"""Below this height the headline loses its frame."""


class GameOverScreen(TranslatedBindings, Screen[None]):
    """The end of a game: play again, start a new game, or quit."""

    # Parsed when a game first ends.
    DEFAULT_CSS = """
    GameOverScreen {
        #game-over {
            align-horizontal: center;
            padding: 1 2;
        }

        #headline {
            width: 100%;
            content-align: center middle;
            text-style: bold;
            color: $warning;
            height: 3;
            border: double $warning;
        }

        #result {
            height: auto;
            margin: 1 0;
        }

        #winning-die {
            width: 9;
            border: double $warning;
            color: $warning;
            margin-right: 2;
            height: 5;
        }

        #how-won {
            width: 1fr;
            height: auto;
        }

        #ranking {
            height: auto;
            margin-bottom: 1;
        }

        #match {
            height: auto;
            margin-bottom: 1;
        }

        #ratings {
            height: auto;
            margin-bottom: 1;
        }

        #ratings.-none { display: none; }

        #game-over-buttons {
            height: auto;
            width: auto;
        }

        #game-over-buttons Button {
            margin: 0 1;
            width: auto;
            min-width: 0;
            padding: 0 1;
        }

        &.-short {
            #game-over { padding: 0 1; }
            #headline {
                height: 1;
                border: none;
            }
            #result { margin: 0 0 1 0; }
        }
        &.-narrow {
            #game-over-buttons {
                layout: vertical;
                width: 100%;
            }
            #game-over-buttons Button {
                width: 100%;
                margin: 0;
            }
        }

        /* The statistics and history, a second row of buttons. */
        #game-over-records {
            height: auto;
            width: auto;
            margin-top: 1;
        }
        #game-over-records Button {
            margin: 0 1;
            width: auto;
            min-width: 0;
            padding: 0 1;
        }
        &.-narrow {
            #game-over-records {
                layout: vertical;
                width: 100%;
                margin-top: 0;
            }
            #game-over-records Button {
                width: 100%;
                margin: 0;
            }
        }
    }
    """

    BINDINGS = [
        Binding("a", "play_again", vocabulary.Keys.PLAY_AGAIN, id="game_over.play_again"),
        Binding("n", "app.new_game", vocabulary.Keys.NEW_GAME, id="game_over.new_game"),
        Binding("v", "analysis", vocabulary.Keys.ANALYSIS, id="game_over.analysis"),
        # On their buttons, to leave the footer room for quit, help and the scorecard.
        Binding(
            "t", "statistics", vocabulary.Keys.STATISTICS, show=False, id="game_over.statistics"
        ),
        Binding("y", "history", vocabulary.Keys.HISTORY, show=False, id="game_over.history"),
        Binding("e", "export", vocabulary.Keys.EXPORT, show=False, id="game_over.export"),
        Binding("q", "quit", vocabulary.Keys.QUIT, id="game_over.quit"),
    ]

    def compose(self) -> ComposeResult:
        state = host_of(self).game
        if state is None:
            return  # the game went (a new one was set up) before this screen opened
        with VerticalScroll(id="game-over"):
            yield Static(game_over_words.headline(state), id="headline")
            with Horizontal(id="result"):
                if state.ending is Ending.SERVED_GENERALA:
                    face = "\n".join(face_rows(state.turn.dice[0]))
                    yield Static(face, id="winning-die", markup=False)
                yield Static(game_over_words.explanation(state), id="how-won")
            yield Static(self._ranking(state), id="ranking")
            yield Static(id="ratings", markup=False)
            match = host_of(self).seating.match
            tally = Static(game_over_words.match_line(match.games, match.ranking()), id="match")
            tally.display = match.games > 1
            yield tally
            with Center(), Horizontal(id="game-over-buttons"):
                yield Button(
                    game_over_words.play_again_button(),
                    id="play-again",
                    variant="primary",
                    compact=True,
                )
                yield Button(
                    game_over_words.new_game_button(),
                    id="new-game",
                    compact=True,
                    action="app.new_game",
                )
                yield Button(
                    game_over_words.scorecard_button(),
                    id="game-over-scorecard",
                    compact=True,
                    action="app.scorecard",
                )
                yield Button(game_over_words.analysis_button(), id="show-analysis", compact=True)
                yield Button(
                    game_over_words.quit_button(), id="quit", variant="error", compact=True
                )
            with Center(), Horizontal(id="game-over-records"):
                yield Button(
                    game_over_words.statistics_button(own_keys(self)),
                    id="show-statistics",
                    compact=True,
                )
                yield Button(
                    game_over_words.history_button(own_keys(self)), id="show-history", compact=True
                )
                yield Button(
                    game_over_words.export_button(own_keys(self)), id="export-record", compact=True
                )
        yield Footer()

    def on_mount(self) -> None:
        self._fit(self.app.size.width, self.app.size.height)
        self.show_ratings()

    def show_ratings(self) -> None:
        """A rated game's new ratings under the ranking, once its table has told them."""
        table = host_of(self).table
        lines = [] if table is None else table.ratings()
        ratings = next(iter(self.query("#ratings").results(Static)), None)
        if ratings is None:
            return  # not composed yet: its mounting shows them
        ratings.update("\n".join(lines))
        ratings.set_class(not lines, "-none")

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        """Narrow: the buttons one under another; short: the headline on one line."""
        self.set_class(width < NARROW_WIDTH or width < self._buttons_width(), "-narrow")
        self.set_class(height < SHORT_HEIGHT, "-short")

    def _buttons_width(self) -> int:
        """The columns the row of buttons takes side by side (labels, padding and margins)."""
        return ROW_ROOM + sum(
            cell_len(str(button.label)) + 4
            for button in self.query("#game-over-buttons Button").results(Button)
        )

    def _ranking(self, state: GameState) -> Content:
        lines = []
        colours = for_node(self, [player.name for player in state.players])
        longest = max(cell_len(player.name) for player in state.players)
        place = 0
        previous: tuple[bool, int] | None = None
        for position, index in enumerate(ranking(state), start=1):
            player = state.players[index]
            key = (index in state.winners, player.total)
            if key != previous:
                place, previous = position, key
            padded = player.name + " " * (longest - cell_len(player.name))
            line = game_over_words.ranking_line(place, padded, player.total, index in state.winners)
            lines.append(colours.marked_in(line, index, player.name))  # who is who, by colour
        return Content("\n").join(lines)

    @on(Button.Pressed, "#play-again")
    def action_play_again(self) -> None:
        host_of(self).play_again()

    @on(Button.Pressed, "#show-analysis")
    def action_analysis(self) -> None:
        from .analysis import AnalysisScreen

        game = host_of(self).game
        if game is not None:
            self.app.push_screen(AnalysisScreen(game))

    @on(Button.Pressed, "#show-statistics")
    def action_statistics(self) -> None:
        from .statistics import StatisticsScreen

        self.app.push_screen(StatisticsScreen())

    @on(Button.Pressed, "#show-history")
    def action_history(self) -> None:
        from .history import HistoryScreen

        self.app.push_screen(HistoryScreen())

    @on(Button.Pressed, "#export-record")
    def action_export(self) -> None:
        """Save the game as a record file."""
        from .export import ExportDialog

        game = host_of(self).game
        if game is not None:
            self.app.push_screen(ExportDialog(game))

    @on(Button.Pressed, "#quit")
    def action_quit(self) -> None:
        self.app.exit()


__all__ = ["GameOverScreen", "ranking"]
