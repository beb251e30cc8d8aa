"""The whole scorecard: categories down, players across, totals at the foot."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.actions import SkipAction
from textual.widgets import DataTable

from ... import i18n
from ...game.model import GameState, Phase
from ...i18n import _
from ..colours import for_node
from ..vocabulary import OPEN_MARK, SCRATCH_MARK
from .scorecard_columns import (
    CELL_PADDING,
    PLAYER_COLUMN_LEAST,
    box_labels,
    fitted_columns,
    headings,
)


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
        self._state: GameState | None = None
        """The game shown, to show again in a new theme's colours."""
        self._shown: tuple[object, ...] | None = None
        """What the rows shown were built from: the same again builds nothing (a hold or a
        roll changes no box, and rebuilding the rows repaints the whole table, some 10 ms at
        200 columns)."""
        self.room: int | None = None
        """The cells the table has across (None: no limit): where its columns would not fit,
        the players' names are cut (and the boxes named short), so that no column shows in
        part (see :func:`~.scorecard_columns.fitted_columns`)."""

    def fit(self, room: int | None) -> None:
        """Head the columns to fit ``room`` cells across (None: no limit)."""
        if room != self.room:
            self.room = room
            if self._state is not None:
                self.show(self._state)

    def on_mount(self) -> None:
        self.watch(self.app, "theme", self._theme_changed, init=False)

    def _theme_changed(self) -> None:
        self._shown = None
        if self._state is not None:
            self.show(self._state)
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

    def show(self, state: GameState) -> None:
        self._state = state
        current = state.current if state.phase is not Phase.OVER else None
        colours = for_node(self, [player.name for player in state.players])
        shown = (state.players, current, state.house_rules, colours, self.room, i18n.language())
        if shown == self._shown:
            return
        self._shown = shown
        self.clear(columns=True)
        self.add_column(Text(_("Box"), style="bold"), key="box")
        columns = fitted_columns(state, self.room)
        labels = headings(state, colours, columns.names)
        widths = [max(label.cell_len, PLAYER_COLUMN_LEAST) for label in labels]
        for index, label in enumerate(labels):
            self.add_column(label, key=f"p{index}")
        names = box_labels(state, columns.short_boxes)
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
            self.add_row(*cells, key=category.value)
        totals = [Text(_("Total"), style="bold")]
        totals += [
            Text(
                str(player.total),
                style=colours.style(i, bold=True) + Style(reverse=i == current or None),
                justify="right",
            )
            for i, player in enumerate(state.players)
        ]
        self.add_row(*totals, key="total")
        self._fit_height()


class SideScorecard(ScorecardTable, can_focus=False):
    """Every player's scorecard beside the boxes on a wide terminal; the keys stay the game's."""

    def on_mount(self) -> None:
        super().on_mount()
        # Mounted (with the turn log around it) into a screen laid out already, on a resize
        # into the wide layout: its width is its columns', measured when idle after this
        # frame, and nothing would lay it out again with them before the next move (it
        # stayed 0 columns wide).
        self.call_after_refresh(self.refresh, layout=True)
