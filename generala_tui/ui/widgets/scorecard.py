"""The whole scorecard: categories down, players across, totals at the foot."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual.actions import SkipAction
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import DataTable

from ... import i18n
from ...game.model import Category, GameState, Phase
from ...i18n import _
from ..colours import SeatColours, for_node
from ..vocabulary import OPEN_MARK, SCRATCH_MARK
from .scorecard_columns import (
    CELL_PADDING,
    PLAYER_COLUMN_LEAST,
    box_labels,
    fitted_columns,
    headings,
)


@dataclass(frozen=True)
class Card:
    """The scorecard's cells: the headings, then a row a box and the totals."""

    heading: tuple[Text, ...]
    rows: tuple[tuple[Text, ...], ...]
    widths: tuple[int, ...]
    """Each column's cells, its padding left out."""
    boxes: tuple[Category, ...]
    """The box of each row but the last (the totals)."""

    @classmethod
    def of(cls, state: GameState, colours: SeatColours, room: int | None) -> Card:
        """The cells of ``state``'s scorecard, headed to fit ``room`` cells across (see
        :func:`~.scorecard_columns.fitted_columns`)."""
        current = state.current if state.phase is not Phase.OVER else None
        columns = fitted_columns(state, room)
        labels = headings(state, colours, columns.names)
        widths = [max(label.cell_len, PLAYER_COLUMN_LEAST) for label in labels]
        names = box_labels(state, columns.short_boxes)
        rows: list[tuple[Text, ...]] = []
        for category, name in zip(state.house_rules.categories(), names, strict=True):
            cells = [Text(name)]
            for index, player in enumerate(state.players):
                box = player.boxes.get(category)
                style = "bold" if index == current else ""
                width = widths[index]
                if box is None:
                    cells.append(Text(OPEN_MARK.rjust(width), style="dim"))
                elif box.scratched:
                    cells.append(Text(SCRATCH_MARK.rjust(width), style=f"{style} red"))
                else:
                    cells.append(Text(str(box.points).rjust(width), style=style))
            rows.append(tuple(cells))
        totals = [Text(_("Total"), style="bold")]
        totals += [
            Text(
                str(player.total),
                style=colours.style(i, bold=True) + Style(reverse=i == current or None),
                justify="right",
            )
            for i, player in enumerate(state.players)
        ]
        rows.append(tuple(totals))
        heading = (Text(_("Box"), style="bold"), *labels)
        first = max(cell.cell_len for cell in (heading[0], *(row[0] for row in rows)))
        boxes = tuple(state.house_rules.categories())
        return cls(heading, tuple(rows), (first, *widths), boxes)


class CardKeeper:
    """What a scorecard widget shows: the game, the room it has across, and what its card was
    built from; the same again builds and draws nothing (a hold or a roll changes no box,
    and drawing a card again repaints every row)."""

    def __init__(self, widget: Widget, draw: Callable[[Card], None]) -> None:
        self._widget = widget
        self._draw = draw
        self._state: GameState | None = None
        """The game shown, to show again in a new theme's colours or another room."""
        self._shown: tuple[object, ...] | None = None
        self.room: int | None = None
        """The cells the card has across (None: no limit): where its columns would not fit,
        the players' names are cut (and the boxes named short), so that no column shows in
        part (see :func:`~.scorecard_columns.fitted_columns`)."""

    def show(self, state: GameState) -> None:
        self._state = state
        colours = for_node(self._widget, [player.name for player in state.players])
        shown: tuple[object, ...] = (state.players, state.current, state.phase)
        shown += (state.house_rules, colours, self.room, i18n.language())
        if shown != self._shown:
            self._shown = shown
            self._draw(Card.of(state, colours, self.room))

    def fit(self, room: int | None) -> None:
        """Head the columns to fit ``room`` cells across (None: no limit)."""
        if room != self.room:
            self.room = room
            if self._state is not None:
                self.show(self._state)

    def theme_changed(self) -> None:
        """Draw the card again in the new theme's colours (the players' are the theme's)."""
        self._shown = None
        if self._state is not None:
            self.show(self._state)


class ScorecardTable(DataTable[Text]):
    """A read-only table of every player's boxes."""

    def __init__(self, *, id: str | None = None, fit_rows: bool = False) -> None:
        """``fit_rows``: as tall as its rows, in a panel that scrolls (else at most as tall as
        its parent, and it scrolls itself)."""
        super().__init__(
            id=id,
            cursor_type="none",
            zebra_stripes=True,
            show_cursor=False,
            fixed_columns=1,
            cell_padding=CELL_PADDING,
        )
        self._fit_rows = fit_rows
        self.cards = CardKeeper(self, self._draw)

    def fit(self, room: int | None) -> None:
        """Head the columns to fit ``room`` cells across (None: no limit)."""
        self.cards.fit(room)

    def show(self, state: GameState) -> None:
        self.cards.show(state)

    def on_mount(self) -> None:
        self.watch(self.app, "theme", self._theme_changed, init=False)

    def _theme_changed(self) -> None:
        self.cards.theme_changed()
        # Its columns are measured again when idle: laid out with them then, not a frame
        # later with the Box column cut (an auto width follows the columns).
        self.call_after_refresh(self.refresh, layout=True)

    def _fit_height(self) -> None:
        """As tall as every row (and the sideways scrollbar, if any): the panel around scrolls
        down, not the table (an auto height stops at the panel's and cuts the last rows)."""
        if not self._fit_rows:
            return
        height = self.row_count + (1 if self.show_header else 0)
        if self.show_horizontal_scrollbar:
            height += self.scrollbar_size_horizontal
        if self.styles.height is None or self.styles.height.value != height:
            self.styles.height = height
            self.styles.max_height = height  # DataTable's own max-height is its parent's

    def on_resize(self) -> None:
        self._fit_height()

    def action_scroll_home(self) -> None:
        if self.max_scroll_x == 0:
            raise SkipAction()  # nothing to scroll sideways: the panel around scrolls up
        super().action_scroll_home()

    def action_scroll_end(self) -> None:
        if self.max_scroll_x == 0:
            raise SkipAction()  # nothing to scroll sideways: the panel around scrolls down
        super().action_scroll_end()

    def _draw(self, card: Card) -> None:
        """The table's rows, built again from ``card``."""
        self.clear(columns=True)
        self.add_column(card.heading[0], key="box")
        for index, label in enumerate(card.heading[1:]):
            self.add_column(label, key=f"p{index}")
        for category, cells in zip(card.boxes, card.rows, strict=False):
            self.add_row(*cells, key=category.value)
        self.add_row(*card.rows[-1], key="total")
        self._fit_height()


class SideScorecard(Widget, can_focus=False):
    """Every player's scorecard beside the boxes on a wide terminal, read only, the keys
    staying the game's: lines of its own rather than a :class:`ScorecardTable`, which
    renders every cell again for any change (some 12 ms of a fill's frame at 200 columns)
    and scrolls, which nothing here needs (the layouts that show it leave it its rows)."""

    COMPONENT_CLASSES = {
        "side-scorecard--header",
        "side-scorecard--fixed",
        "side-scorecard--even-row",
    }

    # As ScorecardTable's rows look (Textual's DataTable's, striped, the first column fixed).
    DEFAULT_CSS = """
    SideScorecard {
        background: $surface;
        color: $foreground;
        width: auto;
        height: auto;
        & > .side-scorecard--header {
            text-style: bold;
            background: $panel;
            color: $foreground;
        }
        &:ansi > .side-scorecard--header {
            background: ansi_bright_blue;
            color: ansi_default;
        }
        & > .side-scorecard--fixed {
            background: $secondary-muted;
            color: $foreground;
        }
        & > .side-scorecard--even-row { background: $surface-lighten-1 50%; }
        &:dark > .side-scorecard--even-row { background: $surface-darken-1 40%; }
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cards = CardKeeper(self, self._draw)
        self.card: Card | None = None
        """The cells shown."""

    def fit(self, room: int | None) -> None:
        """Head the columns to fit ``room`` cells across (None: no limit)."""
        self.cards.fit(room)

    def show(self, state: GameState) -> None:
        self.cards.show(state)

    def on_mount(self) -> None:
        self.watch(self.app, "theme", self.cards.theme_changed, init=False)

    def _draw(self, card: Card) -> None:
        before, self.card = self.card, card
        resized = before is None or (before.widths, len(before.rows)) != (
            card.widths,
            len(card.rows),
        )
        self.refresh(layout=resized)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        card = self.card
        return 0 if card is None else sum(width + 2 * CELL_PADDING for width in card.widths)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return 0 if self.card is None else len(self.card.rows) + 1

    def render(self) -> Text:
        card = self.card
        if card is None:
            return Text()
        header = self.get_component_rich_style("side-scorecard--header")
        fixed = self.get_component_rich_style("side-scorecard--fixed")
        even = self.get_component_rich_style("side-scorecard--even-row")
        lines = [self._line(card.heading, card.widths, header, header)]
        for index, cells in enumerate(card.rows):
            stripe = even if index % 2 == 0 else Style()
            lines.append(self._line(cells, card.widths, fixed, stripe))
        return Text("\n", no_wrap=True, overflow="crop").join(lines)

    @staticmethod
    def _line(cells: tuple[Text, ...], widths: tuple[int, ...], first: Style, rest: Style) -> Text:
        """A row: its first cell (the box) to the left in ``first``'s look, the players' to
        the right in ``rest``'s, each with its padding."""
        line = Text(no_wrap=True, overflow="crop")
        pad = " " * CELL_PADDING
        for column, (cell, width) in enumerate(zip(cells, widths, strict=True)):
            start = len(line)
            room = " " * max(width - cell.cell_len, 0)  # in the cell's look, as its text
            line.append(pad)
            if column:
                line.append(room, style=cell.style)
            line.append_text(cell)
            if not column:
                line.append(room, style=cell.style)
            line.append(pad)
            line.stylize_before(first if column == 0 else rest, start, len(line))
        return line
