"""The coach: the best action of the position and what every other action costs."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widget import Widget

from ...game.model import GameState, Phase
from ...game.strategy import ActionKind, ActionValue
from ..names import category_label


def action_label(value: ActionValue, state: GameState) -> str:
    """A short name for an action, for a narrow panel."""
    action = value.action
    if action.kind is ActionKind.ROLL:
        if not state.turn.rolls:
            return "Roll"
        if not value.kept:
            return "Reroll all"
        return "Keep " + " ".join(str(v) for v in value.kept)
    if action.kind is ActionKind.END_TIE_BREAK:
        return "End turn"
    assert action.category is not None
    name = category_label(action.category)
    if action.kind is ActionKind.SCRATCH or not value.points:
        return f"✗ {name}"
    return f"{name} {value.points}"


class CoachPanel(Widget):
    """Every action of the position, best first: the best with its expected total, the others
    with the expected points they lose; ◆ marks the keep the player's held dice make."""

    DEFAULT_CSS = """
    CoachPanel { height: 1fr; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._text = Text("")

    def show_progress(self, done: float) -> None:
        width = 14
        filled = round(done * width)
        self._text = Text.assemble(
            "Working out the best\nplay… ",
            (f"{round(done * 100)}%\n", "bold"),
            ("█" * filled, "green"),
            ("░" * (width - filled), "dim"),
        )
        self.refresh()

    def show(self, state: GameState, values: Sequence[ActionValue]) -> None:
        if state.current_player.level is not None:
            self._text = Text(f"{state.current_player.name} is a computer player.", style="dim")
        elif not values:
            self._text = Text("Nothing to decide.", style="dim")
        else:
            self._text = self._table(state, values)
        self.refresh()

    def _table(self, state: GameState, values: Sequence[ActionValue]) -> Text:
        width = max(self.size.width, 20)
        text = Text(no_wrap=True, overflow="ellipsis", end="")
        unit = "tie-break" if state.phase is Phase.TIE_BREAK else "final total"
        text.append(f"Expected {unit}\n", style="dim")
        turn = state.turn
        holding = turn.rolls > 0 and state.rolls_left > 0 and any(turn.held)
        held: tuple[int, ...] = ()
        if holding:
            held = tuple(sorted(d for d, h in zip(turn.dice, turn.held, strict=True) if h))
        for line, value in enumerate(values):
            label = action_label(value, state)
            number = f"{value.expected:.1f}" if line == 0 else f"−{value.loss:.1f}"
            room = width - len(number) - 3
            if len(label) > room:
                label = label[: room - 1] + "…"
            is_held = holding and value.action.kind is ActionKind.ROLL and value.kept == held
            marker = "▶ " if line == 0 else ("◆ " if is_held else "  ")
            style = "bold green" if line == 0 else ("dim" if value.loss >= 10 else "")
            text.append(f"{marker}{label:<{room}} {number}", style=style)
            text.append("\n")
        return text

    def render(self) -> Text:
        return self._text
