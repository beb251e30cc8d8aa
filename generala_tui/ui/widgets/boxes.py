"""The current player's open boxes, each with the points the dice would earn now."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from rich.cells import cell_len, set_cell_size
from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.visual import Visual, visualize

from ...game.model import NUMBER_CATEGORIES, Category
from ...i18n import changes, decimal
from .. import vocabulary
from ..vocabulary import ADVICE_MARK, CURSOR_MARK
from . import boxes_words, coach_words


@dataclass(frozen=True)
class BoxOffer:
    """What an open box would hold if filled now."""

    category: Category
    points: int | None
    """None before the first roll."""
    served: bool = False
    """The points include the served-roll bonus."""
    note: str = ""
    """A word on why the box can only be scratched for now, if it can."""
    expected: float | None = None
    """With the coach on: the expected final total after filling this box now."""
    loss: float | None = None
    """With the coach on: the expected points filling this box loses against the best action."""
    advised: bool = False
    """With the coach on: filling this box is the best action."""
    best: float | None = None
    """With the coach on: the best action's expected final total."""


WHOLE_COACH_ROW = 2 + 4 + 8 + 12 + 2
"""The cells of a row with the coach's two columns, apart from its name: the marks, the
points, the tag, the total and the loss, a space and a dot of leader."""
KEY_CELLS = 2
"""The cells of a box's key before its name (its letter and a space), while it shows."""
LONG_NAME = 14
"""The cells a long box name takes ("Four of a kind", "Generala doble"): the coach's total
shows in each row where the longest name shown, or one this long, still fits beside it."""


@dataclass(frozen=True)
class BoxLine:
    """One row of the box list: everything it is drawn from, besides its width."""

    offer: BoxOffer
    cursor: bool = False
    """The player's cursor is on this box."""
    key: str = ""
    """The key that fills the box at once, shown before its name ("" for none)."""
    names_need: int = LONG_NAME
    """The cells the longest name of the boxes shown needs (at most :data:`LONG_NAME`): every
    row shows the coach's total where it leaves that room, or none does, so that their
    columns line up."""

    @property
    def category(self) -> Category:
        return self.offer.category


def row_text(row: BoxLine, width: int, muted: Style | None = None) -> Text:
    """A box's row in ``width`` cells (at least 24: narrower, it is cut at the edge): marks,
    key, name, dotted leader, points and the coach's columns; ``muted``: the style whose
    colour a box that would only be scratched is drawn in."""
    offer = row.offer
    marker = (CURSOR_MARK if row.cursor else " ") + (ADVICE_MARK if offer.advised else " ")
    if offer.points is None:
        value, tag = boxes_words.NO_POINTS_YET, ""
    elif offer.points == 0:
        scratched = "0" if offer.category in NUMBER_CATEGORIES else vocabulary.SCRATCH_MARK
        value, tag = scratched, f" {boxes_words.scratch_tag()}"
    else:
        value, tag = str(offer.points), f" {boxes_words.served_tag()}" if offer.served else ""
    width = max(width, 24)
    coach = _coach_columns(row, width)
    right = f" {value:>3}{tag:<8}{coach}"
    key = f"{row.key} " if row.key else ""
    lead = len(marker) + cell_len(key)
    name = _fitted_name(offer, width - lead - cell_len(right) - 2)
    leader = "." * max(width - lead - cell_len(name) - cell_len(right) - 1, 1)
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append(marker[0], style="bold")
    text.append(marker[1], style="bold green")
    if key:
        text.append(row.key, style="dim underline")
        text.append(" ")
    text.append(name, style="bold" if row.cursor else "")
    text.append(" " + leader, style="dim")
    text.append(f" {value:>3}", style="bold" if offer.points else "")
    text.append(f"{tag:<8}", style="italic")
    if coach:
        text.append(coach, style="bold green" if _shown_best(offer) else "cyan")
    if offer.points == 0 and muted is not None:
        text.stylize_before(Style(color=muted.color))
    return text


def _shown_best(offer: BoxOffer) -> bool:
    """Whether the coach shows this box as best: its total shows as the best one's."""
    if offer.expected is None or offer.loss is None:
        return False
    best = offer.best if offer.best is not None else offer.expected + offer.loss
    return coach_words.shown_best(offer.expected, best)


def _coach_columns(row: BoxLine, width: int) -> str:
    """The coach's columns: the expected final total and what filling the box loses, or in a
    row too narrow for both beside the longest name shown (40 columns) the loss alone (the
    best action's total is shown above the boxes, or beside them)."""
    offer = row.offer
    if offer.expected is None or offer.loss is None:
        return ""
    best = offer.best if offer.best is not None else offer.expected + offer.loss
    cost = coach_words.coach_cost_between(offer.expected, best)
    if width - WHOLE_COACH_ROW - (KEY_CELLS if row.key else 0) >= row.names_need:
        return f" {decimal(offer.expected):>5} {cost:>5}"
    return f" {cost:>5}"


def _fitted_name(offer: BoxOffer, room: int) -> str:
    """The box's name (and its note) in ``room`` cells: whole where it fits, else its short
    name with the note, its short name alone, or last cut by cells with an ellipsis; the
    points and the coach's columns after it are never cut."""
    whole = boxes_words.box_name(offer.category, offer.note)
    if cell_len(whole) <= room:
        return whole
    short = boxes_words.box_short_name(offer.category)
    for name in (f"{short} ({offer.note})" if offer.note else short, short):
        if cell_len(name) <= room:
            return name
    return set_cell_size(short, max(room - 1, 1)) + "…"


class BoxList(ScrollView, can_focus=False):
    """All open boxes of the player to act, one row a box, drawn by the list itself (Textual's
    Line API): one widget, not one a box, so a frame that changes the rows (a roll, a fill)
    styles and composes one widget instead of ten. Click a row to fill its box.

    ``▶`` marks the player's cursor, ``★`` the coach's advice.
    """

    # A box the dice would only scratch is drawn muted, the cursor's row and a hovered one on
    # their own backgrounds, each from a component style.
    COMPONENT_CLASSES = {"box-list--cursor", "box-list--hover", "box-list--scratch"}

    DEFAULT_CSS = """
    BoxList {
        width: 1fr;
        height: 1fr;
        overflow-x: hidden;
        overflow-y: auto;
        background: $boost;
        padding: 0 1 0 0;
        scrollbar-size-vertical: 1;
        & > .box-list--hover { background: $boost; }
        & > .box-list--cursor { background: $accent 30%; }
        & > .box-list--scratch { color: $text-muted; }
    }
    """

    ALLOW_SELECT = False
    """A click fills a box: the rows are not text to select."""

    _KEPT = 128
    """How many rows' lines are kept (a row's look at a width, style and language)."""

    class Chosen(Message):
        """The player clicked a box's row to fill it."""

        def __init__(self, box_list: BoxList, category: Category) -> None:
            super().__init__()
            self.box_list = box_list
            self.category = category

        @property
        def control(self) -> BoxList:
            return self.box_list

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._rows: tuple[BoxLine, ...] = ()
        self._hover: int | None = None
        """The line of the list the mouse is over: the row drawn there is highlighted, whichever
        it is now (the rows change, the list scrolls, the mouse stays)."""
        self._lines: OrderedDict[Hashable, Strip] = OrderedDict()
        """Each row's line, kept per look: a hold changes no row, and draws none again."""

    @property
    def rows(self) -> tuple[BoxLine, ...]:
        """The rows shown, top to bottom."""
        return self._rows

    def row_text(self, category: Category) -> str:
        """The text of ``category``'s row as drawn at the list's width."""
        row = self._rows[self._index(category)]
        return row_text(row, self.scrollable_content_region.width).plain

    def row_region(self, category: Category) -> Region:
        """Where ``category``'s row is on the screen (outside the list's visible part when
        scrolled out of view)."""
        content = self.scrollable_content_region
        y = content.y + self._index(category) - round(self.scroll_offset.y)
        return Region(content.x, y, content.width, 1)

    def _index(self, category: Category) -> int:
        for index, row in enumerate(self._rows):
            if row.category is category:
                return index
        raise LookupError(category)  # not shown: no row to point at

    def show(
        self,
        offers: Sequence[BoxOffer],
        cursor: Category | None,
        keys: Mapping[Category, str] = MappingProxyType({}),
    ) -> None:
        """Show these boxes, in this order, and mark the one under the cursor; ``keys``: the
        key that fills each at once, shown before its name."""
        names = (cell_len(boxes_words.box_name(o.category, o.note)) for o in offers)
        names_need = min(max(names, default=0), LONG_NAME)
        rows = tuple(
            BoxLine(offer, offer.category is cursor, keys.get(offer.category, ""), names_need)
            for offer in offers
        )
        before, self._rows = self._rows, rows
        if [row.category for row in rows] != [row.category for row in before]:
            # Rows fit the width: the list only ever scrolls down.
            self.virtual_size = Size(0, len(rows))
            self.refresh()
        else:
            for y, (old, new) in enumerate(zip(before, rows, strict=True)):
                if old != new:
                    self.refresh_line(y)
        if cursor is not None and any(row.cursor for row in rows):
            # Once laid out: rows shown or hidden just now move the cursor's row, and a
            # scroll worked out from where it was could leave it out of view.
            self.call_after_refresh(self._scroll_to_cursor)

    def _scroll_to_cursor(self) -> None:
        for index, row in enumerate(self._rows):
            if row.cursor:
                width = max(self.scrollable_content_region.width, 1)
                self.scroll_to_region(
                    Region(0, index, width, 1), animate=False, immediate=True, x_axis=False
                )

    def render_line(self, y: int) -> Strip:
        index = round(self.scroll_offset.y) + y
        width = self.scrollable_content_region.width
        if not 0 <= index < len(self._rows):  # below the rows: the list's background alone
            return Strip.blank(width, self.visual_style.rich_style.background_style)
        row = self._rows[index]
        if row.cursor:
            on: tuple[str, ...] = ("box-list--cursor",)
        elif y == self._hover:
            on = ("box-list--hover",)
        else:
            on = ()
        style = self.get_visual_style(*on)
        key = (row, width, style, changes(), self.app.theme)
        line = self._lines.get(key)
        if line is None:
            muted = None
            if row.offer.points == 0:  # muted as seen on this row's own background
                muted = self.get_visual_style(*on, "box-list--scratch").rich_style
            visual = visualize(self, row_text(row, width, muted), markup=False)
            [line] = Visual.to_strips(self, visual, width, 1, style)
            self._lines[key] = line
            if len(self._lines) > self._KEPT:
                self._lines.popitem(last=False)
        else:
            self._lines.move_to_end(key)
        return line

    def _line_at(self, event: events.MouseEvent) -> int | None:
        """The line of the list under the mouse (a row's or not), if any."""
        offset = event.get_content_offset(self)
        if offset is None or offset.x >= self.scrollable_content_region.width:
            return None
        return offset.y

    def _hover_over(self, y: int | None) -> None:
        if y == self._hover:
            return
        for line in (self._hover, y):
            if line is not None:
                self.refresh(Region(0, line, self.size.width, 1))
        self._hover = y

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._hover_over(self._line_at(event))

    def on_leave(self, event: events.Leave) -> None:
        self._hover_over(None)

    def on_click(self, event: events.Click) -> None:
        y = self._line_at(event)
        index = None if y is None else round(self.scroll_offset.y) + y
        if index is not None and 0 <= index < len(self._rows):
            self.post_message(self.Chosen(self, self._rows[index].category))
