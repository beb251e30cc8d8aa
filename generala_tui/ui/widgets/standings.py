"""Every player's total, the current player marked."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from ...game.model import GameState, Phase

COMPUTER_MARK = "⚙"


class Standings(Widget):
    """The standings: seat order, totals, whose turn it is."""

    DEFAULT_CSS = """
    Standings { height: auto; width: 1fr; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._rows: list[tuple[bool, str, bool, int, str]] = []

    def show(self, state: GameState) -> None:
        contenders: set[int] = set()
        if state.phase is Phase.TIE_BREAK and state.tie_breaks:
            contenders = set(state.tie_breaks[-1].contenders)
        self._rows = [
            (
                index == state.current and state.phase is not Phase.OVER,
                player.name,
                player.level is not None,
                player.total,
                "tie" if index in contenders else "",
            )
            for index, player in enumerate(state.players)
        ]
        self.refresh(layout=True)

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return max(len(self._rows), 1)

    def render(self) -> Text:
        width = max(self.size.width, 16)
        text = Text(no_wrap=True, overflow="ellipsis", end="")
        for line, (current, name, computer, total, note) in enumerate(self._rows):
            if line:
                text.append("\n")
            mark = "▶ " if current else "  "
            label = name + (f" {COMPUTER_MARK}" if computer else "")
            points = f"{note} {total:>3}" if note else f"{total:>3}"
            room = width - len(mark) - len(points) - 1
            if len(label) > room:
                label = label[: max(room - 1, 1)] + "…"
            style = "bold reverse" if current else ""
            text.append(f"{mark}{label:<{room}} {points}", style=style)
        return text
