"""The current player's open boxes, each with the points the dice would earn now."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ...game.model import NUMBER_CATEGORIES, Category
from ..names import category_label


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


class BoxRow(Widget):
    """One open box: name, dotted leader, points; click to fill it."""

    DEFAULT_CSS = """
    BoxRow { height: 1; width: 1fr; }
    """

    highlighted: reactive[bool] = reactive(False, toggle_class="-highlighted")

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
        self.offer = offer
        self.set_class(offer.points == 0, "-scratch")
        self.refresh()

    def render(self) -> Text:
        offer = self.offer
        marker = "▶ " if self.highlighted else "  "
        name = category_label(self.category) + (f" ({offer.note})" if offer.note else "")
        if offer.points is None:
            value, tag = "–", ""
        elif offer.points == 0:
            value, tag = "0" if self.category in NUMBER_CATEGORIES else "✗", " scratch"
        else:
            value, tag = str(offer.points), " served" if offer.served else ""
        coach = ""
        if offer.expected is not None and offer.loss is not None:
            cost = "best" if offer.loss < 0.05 else f"−{offer.loss:.1f}"
            coach = f" {offer.expected:5.1f} {cost:>5}"
        width = max(self.size.width, 24)
        right = f" {value:>3}{tag:<8}{coach}"
        leader = "." * max(width - len(marker) - len(name) - len(right) - 1, 1)
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(marker, style="bold")
        text.append(name, style="bold" if self.highlighted else "")
        text.append(" " + leader, style="dim")
        text.append(f" {value:>3}", style="bold" if offer.points else "")
        text.append(f"{tag:<8}", style="italic")
        if coach:
            style = "bold green" if offer.loss is not None and offer.loss < 0.05 else "cyan"
            text.append(coach, style=style)
        return text

    def on_click(self) -> None:
        self.post_message(self.Chosen(self))


class BoxList(VerticalScroll, can_focus=False):
    """All boxes of the scorecard; only the current player's open ones are shown."""

    DEFAULT_CSS = """
    BoxList { height: 1fr; }
    """

    def compose(self) -> ComposeResult:
        for category in Category:
            yield BoxRow(category)

    def show(self, offers: list[BoxOffer], highlighted: Category | None) -> None:
        """Show these boxes, in this order, and mark the highlighted one."""
        shown = {offer.category: offer for offer in offers}
        for row in self.query(BoxRow):
            offer = shown.get(row.category)
            row.display = offer is not None
            if offer is not None:
                row.show(offer)
            row.highlighted = row.category is highlighted
            if row.highlighted:
                self.scroll_to_widget(row, animate=False)
