"""The current player's open boxes, each with the points the dice would earn now."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

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

    def show(self, offer: BoxOffer) -> None:
        if offer == self.offer:
            return  # a hold changes no box: nothing to draw again
        self.offer = offer
        self.refresh()

    def look(self) -> Hashable:
        return (self.offer, self.cursor)

    def render(self) -> Text:
        offer = self.offer
        marker = (CURSOR_MARK if self.cursor else " ") + (ADVICE_MARK if offer.advised else " ")
        name = boxes_words.box_name(self.category, offer.note)
        if offer.points is None:
            value, tag = boxes_words.NO_POINTS_YET, ""
        elif offer.points == 0:
            scratched = "0" if self.category in NUMBER_CATEGORIES else vocabulary.SCRATCH_MARK
            value, tag = scratched, f" {boxes_words.scratch_tag()}"
        else:
            value, tag = str(offer.points), f" {boxes_words.served_tag()}" if offer.served else ""
        coach = ""
        if offer.expected is not None and offer.loss is not None:
            coach = f" {decimal(offer.expected):>5} {coach_words.coach_cost(offer.loss):>5}"
        width = max(self.size.width, 24)
        right = f" {value:>3}{tag:<8}{coach}"
        leader = "." * max(width - len(marker) - len(name) - len(right) - 1, 1)
        row = Text(no_wrap=True, overflow="ellipsis")
        row.append(marker[0], style="bold")
        row.append(marker[1], style="bold green")
        row.append(name, style="bold" if self.cursor else "")
        row.append(" " + leader, style="dim")
        row.append(f" {value:>3}", style="bold" if offer.points else "")
        row.append(f"{tag:<8}", style="italic")
        if coach:
            best = offer.loss is not None and offer.loss < vocabulary.BEST_MARGIN
            row.append(coach, style="bold green" if best else "cyan")
        if offer.points == 0:
            muted = self.get_component_rich_style("box-row--scratch")
            row.stylize_before(Style(color=muted.color))
        return row

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

    def show(self, offers: Sequence[BoxOffer], cursor: Category | None) -> None:
        """Show these boxes, in this order, and mark the one under the cursor."""
        shown = {offer.category: offer for offer in offers}
        for row in self._rows:
            offer = shown.get(row.category)
            row.display = offer is not None
            if offer is not None:
                row.show(offer)
            row.cursor = row.category is cursor
            if row.cursor:
                # Once laid out: rows shown or hidden just now move the cursor's row, and a
                # scroll worked out from where it was could leave it out of view.
                self.call_after_refresh(self._scroll_to_cursor, row)

    def _scroll_to_cursor(self, row: BoxRow) -> None:
        if row.cursor and row.display:
            self.scroll_to_widget(row, animate=False, immediate=True)
