"""The winner's screen: who won, how, and the final ranking."""

from __future__ import annotations

from rich.cells import cell_len
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from ...game.model import Ending, GameState
from ..host import host_of
from ..widgets.dice import face_rows


def ranking(state: GameState) -> list[int]:
    """Player indices, best first: the winners, then by total, seat order among equals."""
    return sorted(
        range(len(state.players)),
        key=lambda i: (i not in state.winners, -state.players[i].total, i),
    )


def headline(state: GameState) -> Content:
    names = [state.players[i].name for i in state.winners]
    if len(names) == 1:
        return Content.from_markup("★ ★ ★   [b]$name wins![/b]   ★ ★ ★", name=names[0])
    return Content.from_markup(
        "★ ★ ★   [b]$names share the win![/b]   ★ ★ ★", names=" and ".join(names)
    )


def explanation(state: GameState) -> Content:
    """How the game was decided, in a sentence or two."""
    if state.ending is Ending.SERVED_GENERALA:
        winner = state.players[state.winners[0]].name
        dice = "-".join(str(d) for d in state.turn.dice)
        return Content.from_markup(
            "[b]Generala servida![/b] $name rolled five of a kind ($dice) on a served roll "
            "and wins at once.",
            name=winner,
            dice=dice,
        )
    if state.ending is Ending.SHARED:
        total = state.players[state.winners[0]].total
        return Content(f"Tied at {total} points: the win is shared (no tie-break).")
    if state.ending is Ending.TIE_BREAK:
        rounds = [
            ", ".join(
                f"{state.players[i].name} {points}"
                for i, points in zip(r.contenders, r.scores, strict=True)
            )
            for r in state.tie_breaks
        ]
        lines = [f"Tie-break {n}: {text}" for n, text in enumerate(rounds, start=1)]
        return Content("Tied on points, decided by the tie-break.\n" + "\n".join(lines))
    return Content("Every box is filled: the highest total wins.")


class GameOverScreen(Screen[None]):
    """The end of a game: play again, start a new game, or quit."""

    BINDINGS = [
        Binding("a", "play_again", "Play again"),
        Binding("n", "new_game", "New game"),
        Binding("s", "scorecard", "Scorecard"),
        Binding("v", "analysis", "Analysis"),
        Binding("q", "quit", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        state = host_of(self).game
        assert isinstance(state, GameState)
        with Vertical(id="game-over"):
            yield Static(headline(state), id="headline")
            with Horizontal(id="result"):
                if state.ending is Ending.SERVED_GENERALA:
                    face = "\n".join(face_rows(state.turn.dice[0]))
                    yield Static(face, id="winning-die", markup=False)
                yield Static(explanation(state), id="how-won")
            yield Static(self._ranking(state), id="ranking")
            with Center(), Horizontal(id="game-over-buttons"):
                yield Button("Play again", id="play-again", variant="primary", compact=True)
                yield Button("New game", id="new-game", compact=True)
                yield Button("Scorecard", id="game-over-scorecard", compact=True)
                yield Button("Analysis", id="show-analysis", compact=True)
                yield Button("Quit", id="quit", variant="error", compact=True)
        yield Footer()

    def _ranking(self, state: GameState) -> Content:
        lines = []
        place = 0
        previous: tuple[bool, int] | None = None
        for position, index in enumerate(ranking(state), start=1):
            player = state.players[index]
            key = (index in state.winners, player.total)
            if key != previous:
                place, previous = position, key
            medal = "★" if index in state.winners else " "
            lines.append(
                Content.from_markup(
                    "$medal $place. [b]$name[/b]  $total points",
                    medal=medal,
                    place=str(place),
                    name=player.name + " " * max(20 - cell_len(player.name), 0),
                    total=str(player.total).rjust(3),
                )
            )
        return Content("\n").join(lines)

    @on(Button.Pressed, "#play-again")
    def action_play_again(self) -> None:
        host_of(self).play_again()

    @on(Button.Pressed, "#new-game")
    def action_new_game(self) -> None:
        host_of(self).show_setup()

    @on(Button.Pressed, "#game-over-scorecard")
    def action_scorecard(self) -> None:
        from .scorecard import ScorecardScreen

        self.app.push_screen(ScorecardScreen())

    @on(Button.Pressed, "#show-analysis")
    def action_analysis(self) -> None:
        from .analysis import AnalysisScreen

        game = host_of(self).game
        if game is not None:
            self.app.push_screen(AnalysisScreen(game))

    @on(Button.Pressed, "#quit")
    def action_quit(self) -> None:
        self.app.exit()


__all__ = ["GameOverScreen", "explanation", "headline", "ranking"]
