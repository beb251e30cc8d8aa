"""The winner's screen's ranking tells the players apart as every other screen does: each
name with its seat's mark, in its seat's colour."""

from __future__ import annotations

from helpers import finished_game
from textual.content import Content
from textual.widgets import Static

from generala_tui.ui.colours import for_node
from generala_tui.ui.screens.game_over import GameOverScreen

from ..conftest import running


async def test_each_name_in_the_ranking_has_its_seats_mark_and_colour() -> None:
    game = finished_game({"Ana": 6, "Bruno": 18, "Rita": 24})
    async with running(game, settled=True) as (app, pilot):
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        shown = app.screen.query_one("#ranking", Static).render()
        assert isinstance(shown, Content)
        colours = for_node(app.screen, [player.name for player in game.players])
        lines = shown.split("\n")
        for seat, name in enumerate(("Ana", "Bruno", "Rita")):
            line = next(line for line in lines if name in line.plain)
            assert f"{colours.mark(seat)} {name}" in line.plain
            at = line.plain.index(name)
            wanted = colours.content_style(seat).foreground
            styles = [span.style for span in line.spans if span.start <= at < span.end]
            assert any(getattr(style, "foreground", None) == wanted for style in styles), styles
        # The marks take the same room on every line: the names stay in a column.
        assert (
            len(
                {
                    line.plain.index(name)
                    for line, name in zip(lines, ("Rita", "Bruno", "Ana"), strict=True)
                }
            )
            == 1
        )
