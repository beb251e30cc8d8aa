"""Play again at an online table, on screen (issue 35, "Play again together"): the game
over screen's Play again asks the table, the others are told, and once every seat has
asked, both windows go to the next game at the same table, the match tally running on."""

from __future__ import annotations

from helpers import finished_game

from generala_tui.game.model import Player
from generala_tui.online.server import TableServer
from generala_tui.ui.screens.game_over import GameOverScreen
from generala_tui.ui.screens.turn import TurnScreen

from .conftest import link, notices, seated, until


async def test_play_again_at_an_online_table_waits_for_every_seat_then_deals_game_two(
    server: TableServer,
) -> None:
    record = server.open([Player(name="Ana"), Player(name="Bruno")])
    done = record.model_copy(update={"game": finished_game({"Ana": 12, "Bruno": 6})})
    server.tables[record.id].record = done
    server.database.save(done)
    async with (
        seated(link(server, record, 0)) as (ana, ana_pilot),
        seated(link(server, record, 1)) as (bruno, bruno_pilot),
    ):
        await until(ana_pilot, lambda: isinstance(ana.screen, GameOverScreen))
        await until(bruno_pilot, lambda: isinstance(bruno.screen, GameOverScreen))
        colours = ana.seat_colours(["Ana", "Bruno"])
        marks = {"Ana": colours.mark(0), "Bruno": colours.mark(1)}
        await ana_pilot.press("a")
        await until(ana_pilot, lambda: "You would play again: waiting for Bruno." in notices(ana))
        await until(
            bruno_pilot,
            lambda: "Ana would play another game here (a to agree)." in notices(bruno),
        )
        assert isinstance(ana.screen, GameOverScreen)  # no setup screen: the table waits
        await bruno_pilot.press("a")
        for app, pilot in ((ana, ana_pilot), (bruno, bruno_pilot)):
            await until(pilot, lambda app=app: isinstance(app.screen, TurnScreen))
            assert app.game is not None and [p.name for p in app.game.players] == ["Bruno", "Ana"]
            assert "Game 2 at this table: the first seat moved on by one." in notices(app)
            assert app.seating.match.games == 1  # the match tally runs on
        # Each player keeps their mark and colour in the seat the next game gives them.
        colours = ana.seat_colours(["Bruno", "Ana"])
        assert {"Bruno": colours.mark(0), "Ana": colours.mark(1)} == marks
        assert bruno.table is not None and bruno.table.plays_here(0)
