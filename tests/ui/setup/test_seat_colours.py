"""The setup screen's colour buttons: each seat shows its mark in its colour; a click, Enter,
Space or the arrows change it, never to a colour another seat has; the colours go with
their players when the seats move, and into the game and the preferences at the start."""

from __future__ import annotations

from rich.segment import Segment
from textual.widgets import Button

from generala_tui.game.model import Player
from generala_tui.ui.colours import COLOUR_NAMES, PALETTE, colour_named
from generala_tui.ui.screens.setup import ColourPicker, SetupScreen

from ..conftest import running
from .conftest import last_table


def _colours(screen: SetupScreen) -> list[str]:
    pickers = sorted(screen.query(ColourPicker).results(ColourPicker), key=lambda p: p.seat)
    return [picker.colour for picker in pickers]


def _drawn(picker: ColourPicker) -> list[Segment]:
    """The picker's segments that draw its mark."""
    return [
        segment
        for y in range(picker.size.height)
        for segment in picker.render_line(y)
        if segment.text.strip()
    ]


async def test_each_seat_shows_its_mark_in_its_colour_and_a_change_of_theme_its_shade() -> None:
    async with running() as (app, pilot):
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        assert _colours(screen) == list(COLOUR_NAMES[:2])
        for seat in (1, 2):
            picker = screen.query_one(f"#colour-{seat}", ColourPicker)
            colour = PALETTE[seat - 1]
            drawn = _drawn(picker)
            assert "".join(s.text for s in drawn).strip() == colour.mark
            assert drawn[0].style is not None and drawn[0].style.color is not None
            assert drawn[0].style.color.triplet is not None
            assert drawn[0].style.color.triplet.hex.upper() == colour.on_dark
        app.theme = "textual-light"
        await pilot.pause()
        for seat in (1, 2):
            picker = app.screen.query_one(f"#colour-{seat}", ColourPicker)
            drawn = _drawn(picker)
            assert drawn[0].style is not None and drawn[0].style.color is not None
            assert drawn[0].style.color.triplet is not None
            assert drawn[0].style.color.triplet.hex.upper() == PALETTE[seat - 1].on_light


async def test_a_click_on_the_mark_gives_the_seat_the_next_colour_no_other_seat_has() -> None:
    async with running() as (app, pilot):
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        await pilot.click("#colour-1")
        await pilot.pause()
        # The second colour is the other seat's: the first seat skips it.
        assert _colours(screen) == [COLOUR_NAMES[2], COLOUR_NAMES[1]]
        assert screen.colours == _colours(screen)
        picker = screen.query_one("#colour-1", ColourPicker)
        assert "".join(s.text for s in _drawn(picker)).strip() == PALETTE[2].mark


async def test_the_keys_on_a_focused_colour_step_either_way_and_skip_the_taken_ones() -> None:
    async with running() as (app, pilot):
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        # From the name, shift+tab reaches its seat's colour.
        await pilot.press("shift+tab")
        assert app.focused is screen.query_one("#colour-1", ColourPicker)
        await pilot.press("enter")
        assert _colours(screen)[0] == COLOUR_NAMES[2]
        await pilot.press("space")
        assert _colours(screen)[0] == COLOUR_NAMES[3]
        await pilot.press("left", "left")
        assert _colours(screen)[0] == COLOUR_NAMES[0]  # skipping the second seat's
        await pilot.press("left")
        assert _colours(screen)[0] == COLOUR_NAMES[-1]  # round the palette
        await pilot.press("right")
        assert _colours(screen)[0] == COLOUR_NAMES[0]


async def test_with_eight_seats_a_colour_cannot_change_and_none_is_shared() -> None:
    last_table(7)  # each seat added mounts every row again: the eighth is the one added here
    async with running(size=(80, 40)) as (app, pilot):
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        await pilot.press("ctrl+n")  # the last colour left goes to the seat added
        await pilot.pause()
        assert len(_colours(screen)) == 8
        assert sorted(_colours(screen)) == sorted(COLOUR_NAMES)
        before = _colours(screen)
        await pilot.click("#colour-4")
        await pilot.pause()
        assert _colours(screen) == before


async def test_a_colour_moves_with_its_player_and_a_new_seat_takes_a_free_one() -> None:
    async with running() as (app, pilot):
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        await pilot.click("#colour-1")  # the first seat: the third colour
        await pilot.click("#down-1")
        await pilot.pause()
        assert _colours(screen) == [COLOUR_NAMES[1], COLOUR_NAMES[2]]
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert _colours(screen) == [COLOUR_NAMES[1], COLOUR_NAMES[2], COLOUR_NAMES[0]]
        await pilot.click("#remove-1")
        await pilot.pause()
        assert _colours(screen) == [COLOUR_NAMES[2], COLOUR_NAMES[0]]


async def test_the_game_started_keeps_the_colours_chosen_for_its_players() -> None:
    async with running() as (app, pilot):
        await pilot.pause()
        await pilot.click("#colour-2")
        await pilot.click("#colour-2")
        await pilot.pause()
        await pilot.click("#start")
        await pilot.pause()
        assert app.game is not None
        names = [player.name for player in app.game.players]
        assert app.seat_colours(names).colours == (COLOUR_NAMES[0], COLOUR_NAMES[3])
        assert [seat.colour for seat in app.keeper.preferences.players] == [
            COLOUR_NAMES[0],
            COLOUR_NAMES[3],
        ]


async def test_the_colour_button_says_its_colour_in_the_players_language() -> None:
    async with running(language="es") as (app, pilot):
        await pilot.pause()
        picker = app.screen.query_one("#colour-1", ColourPicker)
        named = colour_named(picker.colour)
        assert named is not None
        assert isinstance(picker, Button)
        assert str(picker.tooltip).startswith("Color: naranja")


async def test_the_setup_shows_the_last_tables_colours_for_its_players() -> None:
    async with running() as (app, pilot):
        await pilot.pause()
        app.seating.choose_colours({"Ana": "grey", "Bea": "blue"})
        app.new_game([Player(name="Ana"), Player(name="Bea")])
        await pilot.pause()
        app.show_setup()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        assert _colours(screen) == ["grey", "blue"]
