"""Dice drawn as real die faces, clickable to hold or release."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.reactive import reactive
from textual.timer import Timer

from ...game.model import NUMBER_OF_DICE
from ...i18n import _
from ..vocabulary import held_label
from .lines import ReusedLines

# Pip positions on a 3x3 grid (row, column), for each face.
_PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 2), (2, 0)),
    3: ((0, 2), (1, 1), (2, 0)),
    4: ((0, 0), (0, 2), (2, 0), (2, 2)),
    5: ((0, 0), (0, 2), (1, 1), (2, 0), (2, 2)),
    6: ((0, 0), (0, 2), (1, 0), (1, 2), (2, 0), (2, 2)),
}
_PIP = "●"
_FRAMES = {
    False: ("┌───────┐", "│", "└───────┘"),
    True: ("╔═══════╗", "║", "╚═══════╝"),
}
_BIG_FRAMES = {
    False: ("┌───────────┐", "│", "└───────────┘"),
    True: ("╔═══════════╗", "║", "╚═══════════╝"),
}
_HUGE_FRAMES = {
    False: ("┌" + "─" * 18 + "┐", "│", "└" + "─" * 18 + "┘"),
    True: ("╔" + "═" * 18 + "╗", "║", "╚" + "═" * 18 + "╝"),
}
_HUGE_PIP = "██"
"""A huge die's pip: two cells across, one down (about square in a terminal's cells)."""
ROLL_ANIMATION_SECONDS = 0.3
_TUMBLE_INTERVAL = 0.06


def face_rows(value: int) -> list[str]:
    """The three inner rows (7 characters each) of a die showing ``value``; blank for 0."""
    grid = [[" "] * 3 for _ in range(3)]
    for row, column in _PIPS.get(value, ()):
        grid[row][column] = _PIP
    return [" " + " ".join(cells) + " " for cells in grid]


def big_face_rows(value: int) -> list[str]:
    """The five inner rows (11 characters each) of a big die showing ``value``; blank for 0."""
    rows = [" " * 11 for _ in range(5)]
    for row, column in _PIPS.get(value, ()):
        line = list(rows[row * 2])
        line[2 + column * 3] = _PIP
        rows[row * 2] = "".join(line)
    return rows


def huge_face_rows(value: int) -> list[str]:
    """The seven inner rows (18 characters each) of a huge die showing ``value``, its pips
    two cells wide; blank for 0."""
    rows = [[" "] * 18 for _ in range(7)]
    for row, column in _PIPS.get(value, ()):
        start = 2 + column * 6
        rows[1 + row * 2][start : start + 2] = _HUGE_PIP
    return ["".join(row) for row in rows]


DIE_SIZES = ("compact", "normal", "big", "huge")
"""How big dice are drawn: one line each, framed faces, bigger framed faces, bigger still
(on a big terminal)."""


_DRAWN: dict[str, tuple[dict[bool, tuple[str, str, str]], Callable[[int], list[str]]]] = {
    "normal": (_FRAMES, face_rows),
    "big": (_BIG_FRAMES, big_face_rows),
    "huge": (_HUGE_FRAMES, huge_face_rows),
}
"""Each framed size's frames (plain, held) and faces."""


class Die(ReusedLines):
    """One die: a framed face, lifted and double-framed with a HELD label when held.

    Compact dice take one line, ``[ 5 ]``, and ``[*5*]`` (bold, reversed) when held.
    """

    DEFAULT_CSS = """
    Die {
        width: 10;
        height: 7;
        color: $foreground;
        &:hover { background: $boost; }
        &.-held { color: $warning; text-style: bold; }
        &.-locked { color: $error; }
        &.-compact { width: 6; height: 1; }
        &.-big { width: 15; height: 9; }
        &.-huge { width: 22; height: 11; }
    }
    """

    size_name: reactive[str] = reactive("normal")

    value: reactive[int] = reactive(0)
    held: reactive[bool] = reactive(False, toggle_class="-held")
    locked: reactive[bool] = reactive(False, toggle_class="-locked")
    tumbling: reactive[bool] = reactive(False)

    class Toggled(Message):
        """The player clicked the die to hold or release it."""

        def __init__(self, die: Die) -> None:
            super().__init__()
            self.die = die

        @property
        def control(self) -> Die:
            return self.die

    def __init__(self, place: int) -> None:
        super().__init__(id=f"die-{place + 1}")
        self.place = place
        """Where the die shows in the row, from 0 (its number under it, its key)."""
        self.index = place
        """Which of the turn's dice it shows, from 0: its place, but with the dice in order
        (:func:`dice_order`)."""
        self._tumble_face = 1
        self._tumble_timer: Timer | None = None

    def watch_size_name(self, size_name: str) -> None:
        for name in DIE_SIZES:
            self.set_class(size_name == name, f"-{name}")

    def look(self) -> Hashable:
        face = self._tumble_face if self.tumbling else self.value
        return (face, self.held, self.locked, self.size_name, self.place)

    def render(self) -> Text:
        face = self._tumble_face if self.tumbling else self.value
        if self.size_name == "compact":
            shown = str(face) if face else " "
            if self.held:
                mark = "#" if self.locked else "*"
                return Text(f"[{mark}{shown}{mark}]", style="bold reverse", end="")
            return Text(f"[ {shown} ]", end="")
        frames, faces = _DRAWN.get(self.size_name, (_FRAMES, face_rows))
        top, side, bottom = frames[self.held]
        inner = faces(face)
        width = len(top)
        rows = [top, *(f"{side}{row}{side}" for row in inner), bottom]
        if self.held:
            label = _("LOCKED") if self.locked else held_label()
            rows.append(label.center(width))
        else:
            rows.insert(0, "")
        rows.append(str(self.place + 1).center(width))
        height = len(inner) + 4
        face_text = Text("\n".join(rows[:height]), no_wrap=True, end="")
        face_text.stylize("bold", len("\n".join(rows[: len(inner) + 2])) if self.held else 0, None)
        return face_text

    def tumble(self) -> None:
        """Show a short roll animation; the die's real value is already set."""
        self._next_tumble_face()
        self.tumbling = True
        if self._tumble_timer is not None:
            self._tumble_timer.stop()
        self._tumble_timer = self.set_interval(_TUMBLE_INTERVAL, self._next_tumble_face)
        self.set_timer(ROLL_ANIMATION_SECONDS, self.stop_tumbling)

    def _next_tumble_face(self) -> None:
        self._tumble_face = random.randint(1, 6)
        self.refresh()

    def stop_tumbling(self) -> None:
        if self._tumble_timer is not None:
            self._tumble_timer.stop()
            self._tumble_timer = None
        self.tumbling = False

    def on_click(self) -> None:
        self.post_message(self.Toggled(self))


def dice_order(dice: tuple[int, ...], in_order: bool) -> tuple[int, ...]:
    """Which die shows at each place of the row: as thrown, or (``in_order``) from the lowest
    face to the highest, equal faces as thrown, so that a held die keeps its hold as it moves
    to its place and two equal dice never swap."""
    if not in_order or not dice:
        return tuple(range(NUMBER_OF_DICE))
    return tuple(sorted(range(len(dice)), key=dice.__getitem__))


class DiceTray(Horizontal):
    """The five dice in a row."""

    DEFAULT_CSS = """
    DiceTray {
        height: 7;
        width: auto;
        &.-compact { height: 1; }
        &.-big { height: 9; }
        &.-huge { height: 11; }
    }
    """

    def resize_dice(self, size_name: str) -> None:
        """Draw the dice ``compact``, ``normal``, ``big`` or ``huge`` (one of :data:`DIE_SIZES`)."""
        for name in DIE_SIZES:
            self.set_class(size_name == name, f"-{name}")
        for die in self.query(Die):
            die.size_name = size_name

    def compose(self) -> ComposeResult:
        for index in range(5):
            yield Die(index)

    def show(
        self,
        dice: tuple[int, ...],
        held: tuple[bool, ...],
        locked: tuple[bool, ...],
        animate: tuple[int, ...] = (),
        order: tuple[int, ...] = tuple(range(NUMBER_OF_DICE)),
    ) -> None:
        """Show the dice of a turn (blank faces before the first roll), the die ``order[n]``
        at place ``n`` (:func:`dice_order`); ``animate`` names the dice a roll just threw."""
        for die, index in zip(self.query(Die), order, strict=True):
            die.index = index
            die.value = dice[index] if dice else 0
            die.held = held[index]
            die.locked = locked[index]
            if index in animate:
                die.tumble()
            elif die.tumbling:
                die.stop_tumbling()
