"""The coach: the best action of the position and what every other action costs."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widget import Widget

from ...game.action import ActionKind
from ...game.model import GameState, Phase
from ...game.strategy import ActionValue
from ..text import ADVICE_MARK, HELD_KEEP_MARK, category_label


def action_label(value: ActionValue, state: GameState) -> str:
    """A short name for an action, for a narrow panel: a keep is its dice in brackets."""
    action = value.action
    if action.kind is ActionKind.ROLL:
        if not state.turn.rolls:
            return "Roll"
        return "[" + " ".join(str(v) for v in value.kept) + "]" if value.kept else "Reroll all"
    if action.kind is ActionKind.END_TIE_BREAK:
        return "End turn"
    assert action.category is not None
    name = category_label(action.category)
    if action.kind is ActionKind.SCRATCH or not value.points:
        return f"✗ {name}"
    return f"{name} {value.points}"


def _fit(label: str, room: int) -> str:
    return label if len(label) <= room else label[: max(room - 1, 1)] + "…"


class CoachPanel(Widget):
    """The best action of the position, then every keep, each with its expected total and
    what it loses against the best; ◆ marks the keep the player's held dice make."""

    DEFAULT_CSS = """
    CoachPanel {
        height: 1fr;
        border: round $success;
        border-title-color: $success;
        padding: 0 0 0 1;
    }
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

    def show_failure(self, error: str) -> None:
        self._text = Text(f"The coach can't work: {error}\nPress h twice to try again.", "dim")
        self.refresh()

    def show_computer(self, name: str) -> None:
        self._text = Text(f"{name} is a computer player.", style="dim")
        self.refresh()

    def show(self, state: GameState, values: Sequence[ActionValue]) -> None:
        self._text = self._table(state, values) if values else Text("Nothing to decide.")
        self.refresh()

    def _table(self, state: GameState, values: Sequence[ActionValue]) -> Text:
        """The best action, then every keep with its expected total and its loss.

        The boxes show their own values in the box list.
        """
        width = max(self.size.width, 20)
        text = Text(no_wrap=True, overflow="ellipsis", end="")
        tie_break = state.phase is Phase.TIE_BREAK
        text.append("Expected tie-break score\n" if tie_break else "Expected final total\n", "dim")
        best = values[0]
        number = f"{best.expected:.1f}"
        label = action_label(best, state)
        if best.action.kind is ActionKind.ROLL and state.turn.rolls:
            label = f"Keep {label}"
        room = width - len(number) - 3
        text.append(f"{ADVICE_MARK} {_fit(label, room):<{room}} {number}\n", "bold green")
        turn = state.turn
        holding = turn.rolls > 0 and state.rolls_left > 0 and any(turn.held)
        held: tuple[int, ...] = ()
        if holding:
            held = tuple(sorted(d for d, h in zip(turn.dice, turn.held, strict=True) if h))
        keeps = [v for v in values if v.action.kind is ActionKind.ROLL and turn.rolls]
        if turn.rolls and not keeps:
            text.append("No rolls left: each box\nshows its value.", "dim")
        elif keeps:
            text.append("Keep and roll:\n", "dim")
        for value in keeps:
            cost = "best" if value.loss < 0.05 else f"−{value.loss:.1f}"
            numbers = f"{value.expected:5.1f} {cost:>5}"
            room = width - len(numbers) - 2
            is_held = value.kept == held and holding
            label = _fit(action_label(value, state), room)
            style = "bold" if is_held else ("dim" if value.loss >= 10 else "")
            text.append(f"{HELD_KEEP_MARK if is_held else ' '}{label:<{room}} {numbers}\n", style)
        return text

    def render(self) -> Text:
        return self._text
