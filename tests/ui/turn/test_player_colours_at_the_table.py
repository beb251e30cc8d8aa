"""Each player's mark and colour at the table: in the standings (rows and one line), the
turn screen's top bar, the scorecard's columns, the analysis chart and the winner's ranking;
the colours chosen for the table, in the shades of the theme of the moment, and back at the
next launch (a hostile one in the file gives the seat a free colour).

The palette itself is tests/ui/test_player_colours.py's, the colours in the preferences' file
tests/store/test_seat_colours.py's, the setup screen's choice tests/ui/setup's."""

from __future__ import annotations

import json

from helpers import finished_game
from textual.content import Content
from textual.widget import Widget
from textual.widgets import DataTable, Static

from generala_tui import store
from generala_tui.game import rules
from generala_tui.game.model import GameState, Player
from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.colours import COLOUR_NAMES, PALETTE, SeatColour, colour_named, for_node
from generala_tui.ui.screens.game_over import GameOverScreen
from generala_tui.ui.screens.scorecard import ScorecardScreen
from generala_tui.ui.screens.setup import SetupScreen
from generala_tui.ui.widgets.standings import Standings

from ..conftest import notices, running

CHOSEN = {"Ana": "blue", "Bruno": "grey", "Carla": "orange"}


def _table() -> GameState:
    store.save_preferences(
        store.Preferences(
            players=tuple(store.Seat(name=name, colour=c) for name, c in CHOSEN.items())
        )
    )
    game = rules.new_game([Player(name=name) for name in CHOSEN], seed=5)
    return rules.roll(game)


def _colour(name: str) -> SeatColour:
    colour = colour_named(CHOSEN[name])
    assert colour is not None
    return colour


def _shades(widget: Widget, text: str) -> set[str]:
    """The colours (``#RRGGBB``, fore- and background) of the segments ``widget`` draws that
    hold ``text``."""
    found: set[str] = set()
    for y in range(widget.size.height):
        for segment in widget.render_line(y):
            if text in segment.text and segment.style is not None:
                # The current player's row is reversed: the colour is its background.
                for colour in (segment.style.color, segment.style.bgcolor):
                    if colour is not None and colour.triplet is not None:
                        found.add(colour.triplet.hex.upper())
    return found


async def test_the_standings_rows_show_each_players_mark_and_name_in_their_colour() -> None:
    """In the dark theme's shades, then at once in the light theme's, and the scorecard
    opened in the light theme in its shades too."""
    async with running(_table(), size=(120, 40)) as (app, pilot):
        await pilot.pause()
        standings = app.screen.query_one("#standings", Standings)
        for name in CHOSEN:
            colour = _colour(name)
            assert colour.on_dark in _shades(standings, colour.mark), name
            assert colour.on_dark in _shades(standings, name), name
        app.theme = "textual-light"
        await pilot.pause()
        for name in CHOSEN:
            colour = _colour(name)
            assert colour.on_light in _shades(standings, colour.mark), name
        await pilot.press("s")
        await pilot.pause()
        table = app.screen.query_one("#scorecard", DataTable)
        colour = _colour("Bruno")
        assert colour.on_light in _shades(table, colour.mark)


async def test_the_one_line_standings_show_each_players_mark_in_their_colour() -> None:
    # Below 80 columns the standings are one line, beside the Roll button.
    async with running(_table(), size=(76, 24)) as (app, pilot):
        await pilot.pause()
        line = app.screen.query_one("#standings-line", Standings)
        assert line.display
        for name in CHOSEN:
            colour = _colour(name)
            assert colour.on_dark in _shades(line, colour.mark), name


async def test_the_top_bar_shows_the_current_players_mark_and_name_in_their_colour() -> None:
    """At 40 columns and at 80, and at once in a new theme's shade."""
    async with running(_table(), size=(40, 12)) as (app, pilot):
        colour = _colour("Ana")
        for size in ((40, 12), (80, 24)):
            if size != (40, 12):
                await pilot.resize_terminal(*size)
            await pilot.pause()
            topbar = app.screen.query_one("#topbar")
            assert colour.on_dark in _shades(topbar, colour.mark), size
            assert colour.on_dark in _shades(topbar, "Ana"), size
        app.theme = "textual-light"
        await pilot.pause()
        assert colour.on_light in _shades(topbar, colour.mark)


async def test_the_scorecards_columns_are_headed_by_each_players_mark_in_their_colour() -> None:
    """And the open scorecard takes a new theme's shades at once."""
    async with running(_table(), size=(80, 24)) as (app, pilot):
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen)
        table = app.screen.query_one("#scorecard", DataTable)
        for name in CHOSEN:
            colour = _colour(name)
            assert colour.on_dark in _shades(table, colour.mark), name
        app.theme = "textual-light"
        await pilot.pause()
        colour = _colour("Bruno")
        assert colour.on_light in _shades(table, colour.mark)


async def test_a_game_of_other_players_has_the_palettes_colours_in_seat_order() -> None:
    _table()
    game = rules.roll(rules.new_game([Player(name="Xi"), Player(name="Yu")], seed=2))
    async with running(game, size=(120, 40)) as (app, pilot):
        await pilot.pause()
        standings = app.screen.query_one("#standings", Standings)
        for seat, name in enumerate(("Xi", "Yu")):
            assert PALETTE[seat].on_dark in _shades(standings, PALETTE[seat].mark), name


async def test_the_course_chart_draws_the_players_line_in_their_colour() -> None:
    from textual.app import App, ComposeResult

    from generala_tui.ui.colours import SeatColours
    from generala_tui.ui.widgets.charts import CourseChart
    from generala_tui.ui.widgets.course_chart import CourseChartPlot

    chart = CourseChart(
        ys=(150.0, 160.0, 155.0, 170.0, 180.0),
        lucky=(),
        unlucky=(),
        costly=(),
        ticks=(0,),
        tick_labels=("1",),
    )
    colours = SeatColours(("orange", "purple"))

    class Chart(App[None]):
        def compose(self) -> ComposeResult:
            yield CourseChartPlot(chart, colour=colours.rgb(1), id="chart")

    app = Chart()
    async with app.run_test(size=(60, 14)) as pilot:
        await pilot.pause()
        plot = app.query_one(CourseChartPlot)
        braille = {chr(code) for code in range(0x2801, 0x2900)}
        line = set()
        for y in range(plot.size.height):
            for segment in plot.render_line(y):
                if set(segment.text) & braille and segment.style and segment.style.color:
                    triplet = segment.style.color.triplet
                    if triplet is not None:
                        line.add(triplet.hex.upper())
        assert line == {colours.hex(1)}


async def test_the_words_follow_the_running_apps_table_and_only_while_it_runs() -> None:
    from generala_tui.ui.colours import SeatColours, of_table

    names = list(CHOSEN)

    def seats(table: SeatColours) -> tuple[str, ...]:
        return tuple(table.colour(seat).name for seat in range(len(names)))

    async with running(_table(), size=(80, 24)) as (_app, pilot):
        await pilot.pause()
        assert seats(of_table(names)) == tuple(CHOSEN.values())
    assert seats(of_table(names)) == COLOUR_NAMES[:3]
    made = GeneralaApp()  # made, never run: not the table the words colour
    assert seats(of_table(names)) == COLOUR_NAMES[:3]
    assert seats(made.seat_colours(names)) == tuple(CHOSEN.values())


async def test_each_name_in_the_ranking_has_its_seats_mark_and_colour() -> None:
    """The winner's screen tells the players apart as every other screen does."""
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


async def test_the_seats_colours_come_back_at_the_next_launch() -> None:
    app = GeneralaApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.seating.choose_colours({"Ana": "purple", "Bea": "orange"})
        app.new_game([Player(name="Ana"), Player(name="Bea")])
        await pilot.pause()
        await app.keeper.flush()
    again = GeneralaApp()
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, SetupScreen)
        assert again.screen.colours == ["purple", "orange"]
        assert again.seat_colours(["Ana", "Bea"]).colours == ("purple", "orange")
        # Play again seats Bea first: each keeps their colour.
        assert again.seat_colours(["Bea", "Ana"]).colours == ("orange", "purple")


async def test_a_hostile_colour_in_the_file_gives_the_seat_a_free_colour_in_the_app() -> None:
    path = store.preferences_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    document = {"version": 1, "players": [{"name": "Ana", "colour": 7}, {"name": "Bea"}]}
    path.write_text(json.dumps(document), encoding="utf-8")
    app = GeneralaApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert app.screen.colours == list(COLOUR_NAMES[:2])
        assert not notices(app)


async def test_play_again_keeps_each_players_mark_and_colour_whatever_their_seat() -> None:
    """Issue 36, point 5: a game the setup screen never saw (the command line's, a resumed
    one) had its colours by seat, and "Play again", which moves the first seat on, gave Ana
    another colour and mark. The preferences hold another table, whose Bruno is grey."""
    store.save_preferences(
        store.Preferences(players=(store.Seat(name="Bruno", colour="grey"), store.Seat(name="Zoe")))
    )
    game = finished_game({"Ana": 6, "Bruno": 18, "Rita": 24})
    async with running(game, settled=True) as (app, pilot):
        assert isinstance(app.screen, GameOverScreen)

        def by_name() -> dict[str, tuple[str, str]]:
            names = [player.name for player in app.game.players]
            colours = for_node(app.screen, names)
            return {
                name: (colours.colour(seat).name, colours.mark(seat))
                for seat, name in enumerate(names)
            }

        first = by_name()
        assert first["Bruno"][0] == "grey"
        await pilot.press("a")
        await pilot.pause()
        assert [player.name for player in app.game.players] == ["Bruno", "Rita", "Ana"]
        assert by_name() == first
        # A new table set up is a new sitting: the setup screen's colours again.
        app.seating.choose_colours({"Ana": "purple"})
        app.new_game([Player(name="Ana"), Player(name="Bruno")])
        await pilot.pause()
        assert by_name()["Ana"] == ("purple", "♠")
