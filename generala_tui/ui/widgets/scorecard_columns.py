"""The scorecard's columns, measured without the table: what a layout leaves it beside the
boxes is known before the table (and Textual's DataTable) is built."""

from __future__ import annotations

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from ...game.model import GameState, Phase
from ...i18n import _
from ..colours import SeatColours, of_table
from ..vocabulary import CURRENT_MARK, category_label

PLAYER_COLUMN_LEAST = 5
"""The cells of a player's column, at least (its heading's, when longer)."""
RECORDS_GAP = 2
"""The cells between the box list and the scorecard beside it on a wide turn screen (the
margin of :class:`~.turn_log.TurnRecords`)."""
CELL_PADDING = 1
"""The cells either side of each column's text (the table's ``cell_padding``)."""


def headings(state: GameState, colours: SeatColours) -> list[Text]:
    """Each player's column heading: their mark and name in their colour, the current
    player's a bar of their colour with the turn's mark before it."""
    current = state.current if state.phase is not Phase.OVER else None
    return [
        Text.assemble(
            f"{CURRENT_MARK} " if index == current else "",
            colours.text(index, player.name),
            style=colours.style(index, bold=True) + Style(reverse=index == current or None),
            justify="right",
        )
        for index, player in enumerate(state.players)
    ]


def scorecard_width(state: GameState) -> int:
    """The cells the scorecard of ``state`` takes across, every column whole (its boxes'
    names, then a column a player): what a layout leaves it beside the boxes."""
    names = [category_label(category) for category in state.house_rules.categories()]
    box_column = max(cell_len(name) for name in [_("Box"), _("Total"), *names])
    labels = headings(state, of_table([player.name for player in state.players]))
    players = [max(label.cell_len, PLAYER_COLUMN_LEAST) for label in labels]
    return sum(width + 2 * CELL_PADDING for width in [box_column, *players])
