"""The scorecard's columns, measured without the table: what a layout leaves it beside the
boxes is known before the table (and Textual's DataTable) is built."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.cells import cell_len, set_cell_size
from rich.style import Style
from rich.text import Text

from ...game.model import GameState, Phase
from ...i18n import _
from ..colours import SeatColours, of_table
from ..vocabulary import CURRENT_MARK, category_label
from .boxes_words import box_short_name

PLAYER_COLUMN_LEAST = 5
"""The cells of a player's column, at least (its heading's, when longer)."""
RECORDS_GAP = 2
"""The cells between the box list and the scorecard beside it on a wide turn screen (the
margin of :class:`~.turn_log.TurnRecords`)."""
CELL_PADDING = 1
"""The cells either side of each column's text (the table's ``cell_padding``)."""


def headings(
    state: GameState, colours: SeatColours, names: Sequence[str] | None = None
) -> list[Text]:
    """Each player's column heading: their mark and name (or ``names``, as cut to fit) in
    their colour, the current player's a bar of their colour with the turn's mark before it."""
    current = state.current if state.phase is not Phase.OVER else None
    shown = names if names is not None else [player.name for player in state.players]
    return [
        Text.assemble(
            f"{CURRENT_MARK} " if index == current else "",
            colours.text(index, name),
            style=colours.style(index, bold=True) + Style(reverse=index == current or None),
            justify="right",
        )
        for index, name in enumerate(shown)
    ]


@dataclass(frozen=True)
class Columns:
    """How the scorecard's columns are headed to fit the room it has."""

    names: tuple[str, ...]
    """Each player's name as headed: whole, or cut with an ellipsis."""
    short_boxes: bool
    """Whether the boxes are named short ("4 of a kind")."""
    width: int
    """The cells the scorecard takes across so headed."""


def cut_name(name: str, cells: int) -> str:
    """``name`` in at most ``cells`` cells (at least 2): whole, or cut with an ellipsis."""
    if cell_len(name) <= cells:
        return name
    return set_cell_size(name, max(cells, 2) - 1) + "…"


def box_labels(state: GameState, short: bool = False) -> list[str]:
    """The boxes' names down the scorecard's first column, whole or short."""
    label = box_short_name if short else category_label
    return [label(category) for category in state.house_rules.categories()]


def _width(state: GameState, names: Sequence[str], short: bool) -> int:
    box_column = max(cell_len(name) for name in [_("Box"), _("Total"), *box_labels(state, short)])
    labels = headings(state, of_table([player.name for player in state.players]), names)
    players = [max(label.cell_len, PLAYER_COLUMN_LEAST) for label in labels]
    return sum(width + 2 * CELL_PADDING for width in [box_column, *players])


def fitted_columns(state: GameState, room: int | None = None) -> Columns:
    """The scorecard's columns in ``room`` cells across (None: no limit), every column whole:
    the players' names whole where they fit, else cut (the longest first, down to four
    cells), then the boxes named short too and the names cut further; where even that is too
    wide, the narrowest of them (the table scrolls sideways)."""
    whole = tuple(player.name for player in state.players)
    longest = max((cell_len(name) for name in whole), default=1)
    tries = [(cells, False) for cells in range(longest, 3, -1)]
    tries += [(cells, True) for cells in range(longest, 1, -1)]
    columns = Columns(whole, False, _width(state, whole, False))
    if room is None or columns.width <= room:
        return columns
    for cells, short in tries:
        names = tuple(cut_name(name, cells) for name in whole)
        columns = Columns(names, short, _width(state, names, short))
        if columns.width <= room:
            break
    return columns


def scorecard_width(state: GameState) -> int:
    """The cells the scorecard of ``state`` takes across, every column whole (its boxes'
    names, then a column a player, each name whole): what a layout leaves it beside the
    boxes."""
    return fitted_columns(state).width
