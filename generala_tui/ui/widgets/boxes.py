"""The current player's open boxes, each with the points the dice would earn now."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from rich.cells import cell_len, set_cell_size
from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.message import Message
from textual.reactive import reactive

from ...game.model import NUMBER_CATEGORIES, Category
from ...i18n import decimal
from .. import vocabulary
from ..vocabulary import ADVICE_MARK, CURSOR_MARK
from . import boxes_words, coach_words
from .lines import ReusedLines


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


class BoxRow(ReusedLines):
    """One open box: name, dotted leader, points; click to fill it.

    ``▶`` marks the player's cursor, ``★`` the coach's advice.
    """

    # A box the dice would only scratch is drawn muted from a component style, not by
    # toggling a class: a class change restyles the row, and a fill would restyle every
    # box of the next player.
    COMPONENT_CLASSES = {"box-row--scratch"}

    DEFAULT_CSS = """
    BoxRow {
        height: 1;
        width: 1fr;
        &:hover { background: $boost; }
        &.-cursor { background: $accent 30%; }
        & > .box-row--scratch { color: $text-muted; }
    }
    """

    cursor: reactive[bool] = reactive(False, toggle_class="-cursor")

    class Chosen(Message):
        """The player clicked this box to fill it."""

        def __init__(self, row: BoxRow) -> None:
            super().__init__()
            self.row = row

        @property
        def control(self) -> BoxRow:
            return self.row

    def __init__(self, category: Category) -> None:
        super().__init__(id=f"box-{category.value}")
        self.category = category
        self.offer = BoxOffer(category, None)
        self.key = ""
        """The key that fills the box at once, shown before its name ("" for none)."""
        self.names_need = LONG_NAME
        """The cells the longest name of the boxes shown needs (at most :data:`LONG_NAME`):
        every row shows the coach's total where it leaves that room, or none does, so that
        their columns line up."""

    def show(self, offer: BoxOffer, names_need: int = LONG_NAME, key: str = "") -> None:
        if offer == self.offer and names_need == self.names_need and key == self.key:
            return  # a hold changes no box: nothing to draw again
        self.offer = offer
        self.names_need = names_need
        self.key = key
        self.refresh()

    def look(self) -> Hashable:
        return (self.offer, self.cursor, self.names_need, self.key)

    def render(self) -> Text:
        offer = self.offer
        marker = (CURSOR_MARK if self.cursor else " ") + (ADVICE_MARK if offer.advised else " ")
        if offer.points is None:
            value, tag = boxes_words.NO_POINTS_YET, ""
        elif offer.points == 0:
            scratched = "0" if self.category in NUMBER_CATEGORIES else vocabulary.SCRATCH_MARK
            value, tag = scratched, f" {boxes_words.scratch_tag()}"
        else:
            value, tag = str(offer.points), f" {boxes_words.served_tag()}" if offer.served else ""
        width = max(self.size.width, 24)
        coach = self._coach_columns(width)
        right = f" {value:>3}{tag:<8}{coach}"
        key = f"{self.key} " if self.key else ""
        lead = len(marker) + cell_len(key)
        name = self._fitted_name(width - lead - cell_len(right) - 2)
        leader = "." * max(width - lead - cell_len(name) - cell_len(right) - 1, 1)
        row = Text(no_wrap=True, overflow="ellipsis")
        row.append(marker[0], style="bold")
        row.append(marker[1], style="bold green")
        if key:
            row.append(self.key, style="dim underline")
            row.append(" ")
        row.append(name, style="bold" if self.cursor else "")
        row.append(" " + leader, style="dim")
        row.append(f" {value:>3}", style="bold" if offer.points else "")
        row.append(f"{tag:<8}", style="italic")
        if coach:
            row.append(coach, style="bold green" if self._shown_best() else "cyan")
        if offer.points == 0:
            muted = self.get_component_rich_style("box-row--scratch")
            row.stylize_before(Style(color=muted.color))
        return row

    def _shown_best(self) -> bool:
        """Whether the coach shows this box as best: its total shows as the best one's."""
        offer = self.offer
        if offer.expected is None or offer.loss is None:
            return False
        best = offer.best if offer.best is not None else offer.expected + offer.loss
        return coach_words.shown_best(offer.expected, best)

    def _coach_columns(self, width: int) -> str:
        """The coach's columns: the expected final total and what filling the box loses, or
        in a row too narrow for both beside the longest name shown (40 columns) the loss
        alone (the best action's total is shown above the boxes, or beside them)."""
        offer = self.offer
        if offer.expected is None or offer.loss is None:
            return ""
        best = offer.best if offer.best is not None else offer.expected + offer.loss
        cost = coach_words.coach_cost_between(offer.expected, best)
        if width - WHOLE_COACH_ROW - (KEY_CELLS if self.key else 0) >= self.names_need:
            return f" {decimal(offer.expected):>5} {cost:>5}"
        return f" {cost:>5}"

    def _fitted_name(self, room: int) -> str:
        """The box's name (and its note) in ``room`` cells: whole where it fits, else its short
        name with the note, its short name alone, or last cut by cells with an ellipsis; the
        points and the coach's columns after it are never cut."""
        note = self.offer.note
        whole = boxes_words.box_name(self.category, note)
        if cell_len(whole) <= room:
            return whole
        short = boxes_words.box_short_name(self.category)
        for name in (f"{short} ({note})" if note else short, short):
            if cell_len(name) <= room:
                return name
        return set_cell_size(short, max(room - 1, 1)) + "…"

    def on_click(self) -> None:
        self.post_message(self.Chosen(self))


class BoxList(VerticalScroll, can_focus=False):
    """All boxes of the scorecard; only the current player's open ones are shown."""

    DEFAULT_CSS = """
    BoxList {
        height: 1fr;
        background: $boost;
        padding: 0 1 0 0;
        scrollbar-size-vertical: 1;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._rows = [BoxRow(category) for category in Category]
        """Kept, not queried: a query on every key walks every row's styles."""

    def compose(self) -> ComposeResult:
        yield from self._rows

    def show(
        self,
        offers: Sequence[BoxOffer],
        cursor: Category | None,
        keys: Mapping[Category, str] = MappingProxyType({}),
    ) -> None:
        """Show these boxes, in this order, and mark the one under the cursor; ``keys``: the
        key that fills each at once, shown before its name."""
        shown = {offer.category: offer for offer in offers}
        names = (cell_len(boxes_words.box_name(o.category, o.note)) for o in offers)
        names_need = min(max(names, default=0), LONG_NAME)
        for row in self._rows:
            offer = shown.get(row.category)
            row.display = offer is not None
            if offer is not None:
                row.show(offer, names_need, keys.get(row.category, ""))
            row.cursor = row.category is cursor
            if row.cursor:
                # Once laid out: rows shown or hidden just now move the cursor's row, and a
                # scroll worked out from where it was could leave it out of view.
                self.call_after_refresh(self._scroll_to_cursor, row)

    def _scroll_to_cursor(self, row: BoxRow) -> None:
        if row.cursor and row.display:
            self.scroll_to_widget(row, animate=False, immediate=True)
