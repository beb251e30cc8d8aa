"""Every player's total, the current player marked."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from ...game.model import GameState, Phase
from ...i18n import _
from ..colours import SeatColours, for_node
from ..vocabulary import COMPUTER_MARK, CURRENT_MARK

SEPARATOR = " · "
LEFT_OUT = "…"
"""Where the one-line standings leave players out (too many for the width)."""


class Standings(Widget):
    """The standings: seat order, totals, whose turn it is; on one line when ``one_line``."""

    DEFAULT_CSS = """
    Standings {
        height: auto;
        width: 1fr;
        border: round $primary-muted;
        border-title-color: $text-muted;
        max-height: 12;
        &.-one-line { border: none; height: 1; max-height: 1; }
    }
    """

    def __init__(self, *, id: str | None = None, one_line: bool = False) -> None:
        super().__init__(id=id, classes="-one-line" if one_line else "")
        self.one_line = one_line
        self._rows: list[tuple[bool, str, bool, int, str]] = []
        """Per seat: whether it is to play, the name, whether a computer plays it, the
        total, and its notes (in the tie-break, away from an online table)."""

    def _colours(self) -> SeatColours:
        # Asked at each drawing, so a change of theme shows the colours' shades for it.
        return for_node(self, [row[1] for row in self._rows])

    def show(self, state: GameState, away: Sequence[bool] = ()) -> None:
        """Show ``state``'s standings; ``away`` marks, per seat, a player away from an online
        table."""
        contenders: set[int] = set()
        if state.phase is Phase.TIE_BREAK and state.tie_breaks:
            contenders = set(state.tie_breaks[-1].contenders)
        rows = []
        for index, player in enumerate(state.players):
            notes = [_("tie")] if index in contenders else []
            if index < len(away) and away[index]:
                notes.append(_("away"))
            current = index == state.current and state.phase is not Phase.OVER
            rows.append(
                (current, player.name, player.level is not None, player.total, " ".join(notes))
            )
        if rows != self._rows:  # a hold or a roll changes no standing: nothing to redraw
            # Only another number of rows changes the height: a fill repaints, no layout.
            layout = len(rows) != len(self._rows)
            self._rows = rows
            self.refresh(layout=layout)

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return 1 if self.one_line else max(len(self._rows), 1)

    def render(self) -> Text:
        if self.one_line:
            return self._render_line()
        return self._render_rows()

    def _render_line(self) -> Text:
        """Every player if they fit; else the current player and as many of its neighbours as
        fit (the next to play first), in seat order, with … where players are left out."""
        colours = self._colours()
        labels = [self._label(colours, seat, *row) for seat, row in enumerate(self._rows)]
        if not labels:
            return Text("", end="")
        width = self.size.width
        between = cell_len(SEPARATOR)
        current = next((i for i, row in enumerate(self._rows) if row[0]), 0)
        low = high = current

        def used(low: int, high: int) -> int:
            shown = sum(label.cell_len for label in labels[low : high + 1])
            shown += between * (high - low)
            if low > 0:
                shown += cell_len(LEFT_OUT + SEPARATOR)
            if high < len(labels) - 1:
                shown += cell_len(SEPARATOR + LEFT_OUT)
            return shown

        if width <= 0 or used(0, len(labels) - 1) <= width:
            low, high = 0, len(labels) - 1
        else:
            grew = True
            while grew:
                grew = False
                if high < len(labels) - 1 and used(low, high + 1) <= width:
                    high, grew = high + 1, True
                if low > 0 and used(low - 1, high) <= width:
                    low, grew = low - 1, True
        line = Text(no_wrap=True, overflow="ellipsis", end="")
        if low > 0:
            line.append(LEFT_OUT, style="dim")
            line.append(SEPARATOR, style="dim")
        for index in range(low, high + 1):
            if index > low:
                line.append(SEPARATOR, style="dim")
            line.append_text(labels[index])
        if high < len(labels) - 1:
            line.append(SEPARATOR, style="dim")
            line.append(LEFT_OUT, style="dim")
        return line

    @staticmethod
    def _label(
        colours: SeatColours,
        seat: int,
        current: bool,
        name: str,
        computer: bool,
        total: int,
        note: str,
    ) -> Text:
        return Text.assemble(
            f"{CURRENT_MARK} " if current else "",
            colours.text(seat, name),
            f" {COMPUTER_MARK}" if computer else "",
            f" {note}" if note else "",
            f" {total}",
            # The current player's whole row a bar of their colour.
            style=colours.style(seat, bold=True) + Style(reverse=True) if current else "",
        )

    def _render_rows(self) -> Text:
        width = max(self.size.width, 16)
        rows = Text(no_wrap=True, overflow="ellipsis", end="")
        colours = self._colours()
        for number, (current, name, computer, total, note) in enumerate(self._rows):
            if number:
                rows.append("\n")
            mark = f"{CURRENT_MARK} " if current else "  "
            mark += f"{colours.mark(number)} "
            points = f"{note} {total:>3}" if note else f"{total:>3}"
            suffix = f" {COMPUTER_MARK}" if computer else ""
            # Widths in terminal cells: a wide (CJK, emoji) name must not wrap the row.
            room = max(width - cell_len(mark) - cell_len(points) - 1 - cell_len(suffix), 1)
            label = Text(name, style=colours.style(number))
            label.truncate(room, overflow="ellipsis")
            label.append(suffix)
            label.pad_right(room + cell_len(suffix) - label.cell_len)
            style = colours.style(number, bold=True) + Style(reverse=True) if current else ""
            seat_mark = Text(mark)
            seat_mark.stylize(colours.style(number), len(mark) - 2, len(mark) - 1)
            row = Text.assemble(seat_mark, label, " ", points, style=style)
            rows.append_text(row)
        return rows
