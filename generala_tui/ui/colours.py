"""The players' colours and marks: one colour and one mark per seat, so that a player is
told apart on the standings, the top bar, the scorecard and the charts by more than a name.

The palette is Okabe and Ito's eight colours for colour-blind readers (orange, sky blue,
bluish green, yellow, blue, vermilion, reddish purple, and a grey in place of their black),
each in two shades: one for dark themes and one for light ones. Okabe-Ito's own values
are made for a white page: on a dark terminal its blue and vermilion are too dark to read
(and black is not there at all), on a light one its yellow, orange and sky blue too pale.
Each shade keeps its colour's hue and was made lighter (dark themes) or darker (light
themes) until it reads on every Textual theme's background (a WCAG contrast of 3 or more,
4.5 on textual-dark), then tuned, lightness first, so that every two colours stay apart
(a CIEDE2000 difference of 7 or more) for readers with protanopia, deuteranopia and
tritanopia (Machado, Oliveira and Fernandes's simulation) as well as for everyone else;
vermilion moved towards red on the way: apart from orange for tritanopes.
``tests/ui/test_player_colours.py`` checks those floors. Eight colours cannot stay far
apart for every reader, so colour is never the only cue: each colour comes with a mark of
its own, beside the player's name.

The marks are one terminal cell each and drawn by the common terminal fonts; none is a
mark the game already uses for something else (see :data:`MARKS`).

Colour is the interface's business, not the game's: the game state knows none. The
preferences keep each seat's colour by name (:attr:`SeatColour.name`) with the last table;
a game without chosen colours (a record, a replay, another table) has them in the palette's
order by seat.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from rich.style import Style
from rich.text import Text
from textual.content import Content
from textual.dom import DOMNode
from textual.style import Style as ContentStyle

from ..i18n import N_, _

_COLOUR_NAMES = {
    "orange": N_("orange"),
    "sky": N_("sky blue"),
    "green": N_("green"),
    "yellow": N_("yellow"),
    "blue": N_("blue"),
    "red": N_("red"),
    "purple": N_("purple"),
    "grey": N_("grey"),
}


def colour_name(name: str) -> str:
    """A palette colour's name for the player (``"sky"``: "sky blue")."""
    message = _COLOUR_NAMES.get(name)
    return _(message) if message is not None else name


@dataclass(frozen=True)
class SeatColour:
    """One colour of the palette, with its mark."""

    name: str
    """Its name in the preferences file (``"orange"``): never shown, never translated."""
    on_dark: str
    """Its shade on a dark theme (``#RRGGBB``)."""
    on_light: str
    """Its shade on a light theme."""
    mark: str
    """The mark beside the name of the player in this colour (one terminal cell)."""

    def shade(self, dark: bool) -> str:
        return self.on_dark if dark else self.on_light

    def label(self) -> str:
        """Its name for the player, in the language of the moment."""
        return colour_name(self.name)


PALETTE: tuple[SeatColour, ...] = (
    SeatColour("orange", "#D19100", "#8C6100", "■"),
    SeatColour("sky", "#99D2F2", "#10577E", "♦"),
    SeatColour("green", "#00B282", "#007857", "♥"),
    SeatColour("yellow", "#DED012", "#89800B", "♣"),
    SeatColour("blue", "#00A3FF", "#0072B2", "✚"),
    SeatColour("red", "#E0514D", "#9E1B16", "◐"),
    SeatColour("purple", "#D187B0", "#BC508C", "♠"),
    SeatColour("grey", "#B6B6B6", "#525252", "♪"),
)
"""The eight colours, in the order seats take them by default."""

MARKS: tuple[str, ...] = tuple(colour.mark for colour in PALETTE)
"""The marks, one a colour: ■ ♦ ♥ ♣ ✚ ◐ ♠ ♪. Shapes apart at a glance, one terminal cell
each (none is East-Asian wide; like the game's other marks they are "ambiguous" width,
one cell outside CJK terminals), all but ✚ and ◐ in the Windows Glyph List 4 that nearly
every terminal font draws (DejaVu Sans Mono, Menlo, Consolas ...), and those two in the
common ones. The suits have an emoji form, but their text form is the default. Not ● ○
(the top bar's rolls), ★ (the winner, the coach's advice), ◆ (a keep the coach advises) nor
▲ ▼ ✗ (the analysis chart's luck and costly decisions), which already mean something on
the screens they would share."""

COLOUR_NAMES: tuple[str, ...] = tuple(colour.name for colour in PALETTE)

_BY_NAME: dict[str, SeatColour] = {colour.name: colour for colour in PALETTE}


def colour_named(name: str | None) -> SeatColour | None:
    """The palette's colour of that name; None for any other value (an old or a hostile
    file's)."""
    return _BY_NAME.get(name) if isinstance(name, str) else None


def table_colours(
    names: Sequence[str], chosen: Mapping[str, str | None] | None = None
) -> tuple[str, ...]:
    """Each seat's colour (by name), in seat order: the colour ``chosen`` for the player of
    that name when it is the palette's and no earlier seat has it, else the first colour no
    seat has, in the palette's order. Without choices, the palette's order by seat."""
    chosen = chosen or {}
    taken: set[str] = set()
    picks: list[str | None] = []
    for name in names:
        wanted = colour_named(chosen.get(name))
        if wanted is not None and wanted.name not in taken:
            taken.add(wanted.name)
            picks.append(wanted.name)
        else:
            picks.append(None)
    free = [name for name in COLOUR_NAMES if name not in taken]
    result: list[str] = []
    for seat, pick in enumerate(picks):
        if pick is None:
            # More seats than colours cannot happen (MAX_PLAYERS is the palette's size),
            # but a seat is never left without one.
            pick = free.pop(0) if free else COLOUR_NAMES[seat % len(COLOUR_NAMES)]
        result.append(pick)
    return tuple(result)


def next_free(current: str, taken: Sequence[str], step: int = 1) -> str:
    """The colour after ``current`` in the palette (before it, ``step`` -1) that no other seat
    has (``taken``): what the setup screen's colour button changes to."""
    start = COLOUR_NAMES.index(current) if current in COLOUR_NAMES else 0
    for offset in range(1, len(COLOUR_NAMES) + 1):
        candidate = COLOUR_NAMES[(start + step * offset) % len(COLOUR_NAMES)]
        if candidate == current or candidate not in taken:
            return candidate
    return current


@dataclass(frozen=True)
class SeatColours:
    """A table's colours as the theme of the moment shows them: the one thing the screens and
    widgets are given to colour a player (``colours.style(seat)``, ``colours.name(seat, n)``)."""

    colours: tuple[str, ...] = field(default=())
    """Each seat's colour by name; a seat past the end (or an unknown name) has the
    palette's colour of its seat number."""
    dark: bool = True
    """Whether the theme is a dark one (the colours' shades for it)."""

    @classmethod
    def for_players(
        cls, names: Sequence[str], chosen: Mapping[str, str | None] | None, dark: bool
    ) -> SeatColours:
        return cls(table_colours(names, chosen), dark)

    def colour(self, seat: int) -> SeatColour:
        named = colour_named(self.colours[seat]) if 0 <= seat < len(self.colours) else None
        return named or PALETTE[seat % len(PALETTE)]

    def mark(self, seat: int) -> str:
        return self.colour(seat).mark

    def hex(self, seat: int) -> str:
        """The seat's colour, ``#RRGGBB`` (for plotext and the like)."""
        return self.colour(seat).shade(self.dark)

    def rgb(self, seat: int) -> tuple[int, int, int]:
        shade = self.hex(seat).lstrip("#")
        return int(shade[0:2], 16), int(shade[2:4], 16), int(shade[4:6], 16)

    def style(self, seat: int, *, bold: bool = False) -> Style:
        """The seat's colour as a Rich style (for ``Text``: the standings, the scorecard)."""
        return Style(color=self.hex(seat), bold=bold or None)

    def content_style(self, seat: int, *, bold: bool = False) -> ContentStyle:
        """The seat's colour as a Textual content style (for ``Content``)."""
        return ContentStyle.parse(f"{self.hex(seat)}{' bold' if bold else ''}")

    def text(self, seat: int, name: str, *, bold: bool = False) -> Text:
        """``mark name`` in the seat's colour, as Rich text (the name never read as markup)."""
        return Text.assemble(
            (f"{self.mark(seat)} ", self.style(seat)),
            (name, self.style(seat, bold=bold)),
        )

    def name(self, seat: int, name: str, *, bold: bool = False) -> Content:
        """``mark name`` in the seat's colour, as Textual content (never read as markup)."""
        return Content.assemble(
            (f"{self.mark(seat)} ", self.content_style(seat)),
            (name, self.content_style(seat, bold=bold)),
        )

    def marked_in(self, line: Content, seat: int, name: str) -> Content:
        """``line`` with the first ``name`` in it in the seat's colour, its mark before it
        (``line`` as it is when the name is not in it)."""
        at = line.plain.find(name)
        if at < 0 or not name:
            return line
        style = self.content_style(seat)
        coloured = line.stylize(style, at, at + len(name))
        return Content.assemble(coloured[:at], (f"{self.mark(seat)} ", style), coloured[at:])


@runtime_checkable
class ColouredTable(Protocol):
    """An app that colours its table's players (the game's app, as its host protocol says):
    all :func:`for_node` asks of it, so that the colours need nothing above them."""

    def seat_colours(self, names: Sequence[str]) -> SeatColours: ...


def for_node(node: DOMNode, names: Sequence[str]) -> SeatColours:
    """The colours of the players ``names`` as the app ``node`` is in shows them (a widget's
    one way to its table's colours): the app's, or the palette's order in another app."""
    app = node.app
    if isinstance(app, ColouredTable):
        return app.seat_colours(names)
    return SeatColours(dark=app.current_theme.dark)


def marked_name(seat: int, name: str, colours: SeatColours | None = None) -> Content:
    """``mark name`` for the player at ``seat`` (from 0) in their colour: the palette's order
    by seat without ``colours``."""
    return (colours or SeatColours()).name(seat, name)


def seat_style(seat: int, colours: SeatColours | None = None) -> Style:
    """The Rich style of the player at ``seat`` (from 0)."""
    return (colours or SeatColours()).style(seat)


_table: weakref.WeakMethod[Callable[[Sequence[str]], SeatColours]] | None = None


def follow(source: Callable[[Sequence[str]], SeatColours] | None) -> None:
    """Take the table's colours from ``source`` (the app's ``seat_colours``, a bound method,
    held weakly) where a words function is not given them (:func:`of_table`); None: the
    palette's order again."""
    global _table
    _table = weakref.WeakMethod(source) if source is not None else None


def of_table(names: Sequence[str]) -> SeatColours:
    """The colours of the players ``names`` at the table being played (what the app
    following says, :func:`follow`); without one, the palette's order by seat."""
    source = _table() if _table is not None else None
    return source(names) if source is not None else SeatColours()
