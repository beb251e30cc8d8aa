"""The players' colours (ui/colours.py): eight colours every reader tells apart, colour-blind
or not, each readable on every Textual theme's background, each with a mark of its own one
terminal cell wide; a table's colours given out without two seats alike."""

from __future__ import annotations

import itertools
import math
import unicodedata

import pytest
from rich.cells import cell_len
from textual.theme import BUILTIN_THEMES

from generala_tui.game.model import MAX_PLAYERS
from generala_tui.ui import colours
from generala_tui.ui.colours import COLOUR_NAMES, MARKS, PALETTE, SeatColours, table_colours

# Machado, Oliveira and Fernandes (2009), severity 1: the full dichromacies, on linear RGB.
SIMULATIONS = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}

DIFFERENCE_FLOOR = 7.0
"""The least CIEDE2000 difference between any two colours, for every reader (about 2.3 is
a just-noticeable difference; the palette's closest pair, for deuteranopes, is about 7.4)."""

CONTRAST_FLOOR = 3.0
"""The least WCAG contrast of a colour with any theme's background (WCAG's floor for bold
and large text, and for what tells things apart: the names are bold and marked)."""

MAIN_THEMES_FLOOR = {"textual-dark": 4.5, "textual-light": 3.0}
"""On the game's own default themes: dark reaches WCAG's floor for any text."""


def _channels(shade: str) -> tuple[float, float, float]:
    shade = shade.lstrip("#")
    return tuple(int(shade[i : i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]


def _linear(value: float) -> float:
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def _luminance(shade: str) -> float:
    r, g, b = (_linear(c) for c in _channels(shade))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(one: str, other: str) -> float:
    light, dark = sorted((_luminance(one), _luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _lab(shade: str, simulation: str | None) -> tuple[float, float, float]:
    rgb = [_linear(c) for c in _channels(shade)]
    if simulation is not None:
        matrix = SIMULATIONS[simulation]
        rgb = [
            min(max(sum(m * c for m, c in zip(row, rgb, strict=True)), 0.0), 1.0) for row in matrix
        ]
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return math.cbrt(t) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def _ciede2000(one: tuple[float, float, float], other: tuple[float, float, float]) -> float:
    (l1, a1, b1), (l2, a2, b2) = one, other
    mean_c = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(mean_c**7 / (mean_c**7 + 25**7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360
    h2 = math.degrees(math.atan2(b2, a2)) % 360
    dl, dc = l2 - l1, c2 - c1
    dh = 0.0 if c1 * c2 == 0 else (h2 - h1 + 180) % 360 - 180
    big_dh = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    mean_l, mean_cp = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        mean_h = h1 + h2
    elif abs(h1 - h2) > 180:
        mean_h = (h1 + h2 + 360) / 2
    else:
        mean_h = (h1 + h2) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(mean_h - 30))
        + 0.24 * math.cos(math.radians(2 * mean_h))
        + 0.32 * math.cos(math.radians(3 * mean_h + 6))
        - 0.20 * math.cos(math.radians(4 * mean_h - 63))
    )
    rotation = 30 * math.exp(-(((mean_h - 275) / 25) ** 2))
    rc = 2 * math.sqrt(mean_cp**7 / (mean_cp**7 + 25**7))
    sl = 1 + 0.015 * (mean_l - 50) ** 2 / math.sqrt(20 + (mean_l - 50) ** 2)
    sc = 1 + 0.045 * mean_cp
    sh = 1 + 0.015 * mean_cp * t
    rt = -math.sin(math.radians(2 * rotation)) * rc
    return math.sqrt(
        (dl / sl) ** 2 + (dc / sc) ** 2 + (big_dh / sh) ** 2 + rt * (dc / sc) * (big_dh / sh)
    )


def test_the_ciede2000_here_agrees_with_sharma_wu_and_dalals_published_pairs() -> None:
    # Two pairs of Sharma, Wu and Dalal's test data (2005), so the floors below mean CIEDE2000.
    assert _ciede2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert _ciede2000((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)


def test_the_palette_has_a_colour_for_each_seat_of_the_largest_table() -> None:
    assert len(PALETTE) == MAX_PLAYERS
    assert len(set(COLOUR_NAMES)) == MAX_PLAYERS


@pytest.mark.parametrize("dark", [True, False], ids=["dark-shades", "light-shades"])
@pytest.mark.parametrize("simulation", [None, *SIMULATIONS], ids=["trichromat", *SIMULATIONS])
def test_every_two_colours_stay_apart_for_every_reader(dark: bool, simulation: str | None) -> None:
    labs = {colour.name: _lab(colour.shade(dark), simulation) for colour in PALETTE}
    closest = min(
        (_ciede2000(labs[one], labs[other]), one, other)
        for one, other in itertools.combinations(labs, 2)
    )
    assert closest[0] >= DIFFERENCE_FLOOR, closest


THEMES = {name: theme for name, theme in BUILTIN_THEMES.items() if not name.startswith("ansi")}


@pytest.mark.parametrize("name", sorted(THEMES))
def test_every_colour_reads_on_every_themes_background(name: str) -> None:
    theme = THEMES[name]
    background = theme.to_color_system().generate()["background"][:7]
    floor = MAIN_THEMES_FLOOR.get(name, CONTRAST_FLOOR)
    low = min((_contrast(c.shade(theme.dark), background), c.name) for c in PALETTE)
    assert low[0] >= floor, (name, background, low)


def test_the_seats_take_the_shades_of_the_themes_kind() -> None:
    assert SeatColours(dark=True).hex(4) == PALETTE[4].on_dark
    assert SeatColours(dark=False).hex(4) == PALETTE[4].on_light


def test_each_mark_is_one_cell_wide_and_the_marks_differ() -> None:
    assert len(set(MARKS)) == len(MARKS) == len(PALETTE)
    for mark in MARKS:
        assert len(mark) == 1 and cell_len(mark) == 1, mark
        assert unicodedata.east_asian_width(mark) not in {"W", "F"}, mark
        assert unicodedata.category(mark).startswith("S"), mark  # a symbol, not a letter


def test_no_mark_is_one_the_screens_already_use() -> None:
    from generala_tui.ui import vocabulary

    taken = {
        "●",  # the top bar's rolls
        "○",
        vocabulary.CURRENT_MARK,
        vocabulary.CURSOR_MARK,
        vocabulary.COMPUTER_MARK,
        vocabulary.SCRATCH_MARK,
        vocabulary.WINNER_MARK,
        vocabulary.ADVICE_MARK,
        vocabulary.HELD_KEEP_MARK,
        vocabulary.LUCKY_MARK,
        vocabulary.UNLUCKY_MARK,
        vocabulary.COSTLY_MARK,
    }
    assert not taken & set(MARKS)


def test_a_table_without_choices_takes_the_palette_in_seat_order() -> None:
    assert table_colours(["Ana", "Bea", "Cris"]) == COLOUR_NAMES[:3]


def test_chosen_colours_go_to_their_players_and_the_others_take_the_free_ones() -> None:
    chosen = {"Bea": COLOUR_NAMES[0], "Cris": COLOUR_NAMES[5]}
    picked = table_colours(["Ana", "Bea", "Cris"], chosen)
    assert picked[1] == COLOUR_NAMES[0]
    assert picked[2] == COLOUR_NAMES[5]
    assert picked[0] == COLOUR_NAMES[1]  # the first colour no one chose
    assert len(set(picked)) == 3


def test_two_players_never_share_a_colour_nor_get_one_that_is_not_the_palettes() -> None:
    chosen = {"Ana": "blue", "Bea": "blue", "Cris": "[b]red", "Dani": None}
    picked = table_colours(["Ana", "Bea", "Cris", "Dani"], chosen)
    assert picked[0] == "blue"
    assert len(set(picked)) == 4
    assert set(picked) <= set(COLOUR_NAMES)


def test_a_full_table_has_every_colour_once() -> None:
    names = [f"P{n}" for n in range(MAX_PLAYERS)]
    assert sorted(table_colours(names, {"P7": COLOUR_NAMES[0]})) == sorted(COLOUR_NAMES)


def test_the_next_free_colour_skips_those_other_seats_have() -> None:
    taken = [COLOUR_NAMES[1], COLOUR_NAMES[2]]
    assert colours.next_free(COLOUR_NAMES[0], taken) == COLOUR_NAMES[3]
    assert colours.next_free(COLOUR_NAMES[3], taken, -1) == COLOUR_NAMES[0]
    assert colours.next_free(COLOUR_NAMES[7], taken) == COLOUR_NAMES[0]  # round again


def test_a_marked_name_is_the_mark_and_the_name_in_the_seats_colour() -> None:
    table = SeatColours(("green", "orange"), dark=False)
    content = table.name(1, "[b]Bob[/]")
    assert content.plain == f"{PALETTE[0].mark} [b]Bob[/]"  # the name as it is, no markup
    text = table.text(0, "Ana")
    assert text.plain == f"{PALETTE[2].mark} Ana"
    assert all(span.style.color.triplet.hex.upper() == PALETTE[2].on_light for span in text.spans)  # type: ignore[union-attr]


def test_an_unknown_colour_or_a_seat_past_the_table_has_its_seats_palette_colour() -> None:
    table = SeatColours(("teal",))
    assert table.colour(0) == PALETTE[0]
    assert table.colour(3) == PALETTE[3]
