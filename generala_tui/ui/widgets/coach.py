"""The coach: the best action of the position and what every other action costs."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.text import Text
from textual.widget import Widget

from ...game.action import ActionKind
from ...game.model import GameState, Phase
from ...i18n import decimal
from ..vocabulary import ADVICE_MARK, HELD_KEEP_MARK
from . import coach_words
from .coach_words import action_label

if TYPE_CHECKING:
    from ...game.strategy import ActionValue

_BETWEEN_DICE = re.compile(r"(?<=\d) (?=\d)")


def _fit(label: str, room: int) -> str:
    """The label in ``room`` columns: a keep's dice close up ("[1111]") before anything is cut."""
    if len(label) <= room:
        return label
    label = _BETWEEN_DICE.sub("", label)
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
        self._shown: tuple[GameState, Sequence[ActionValue]] | None = None
        """The position shown, laid out again at a new width (labels cut to fit it)."""
        self._rows = 0
        """How many lines the text shown has: where the panel is as high as its text (a wide
        terminal), a change in their number lays it out again."""

    def show_progress(self, done: float) -> None:
        self._shown = None
        width = 14
        filled = round(done * width)
        self._text = Text.assemble(
            coach_words.coach_working(),
            (coach_words.coach_progress(done), "bold"),
            ("█" * filled, "green"),
            ("░" * (width - filled), "dim"),
        )
        self._redraw()

    def show_failure(self, error: str) -> None:
        self._shown = None
        self._text = Text(coach_words.coach_failed(error), "dim")
        self._redraw()

    def show_computer(self, name: str) -> None:
        self._shown = None
        self._text = Text(coach_words.coach_computer(name), style="dim")
        self._redraw()

    def show(self, state: GameState, values: Sequence[ActionValue]) -> None:
        self._shown = (state, values)
        self._text = (
            self._table(state, values) if values else Text(coach_words.coach_nothing_to_decide())
        )
        self._redraw()

    def _redraw(self) -> None:
        """Paint the text, and lay the panel out again when its number of lines changed
        (painting alone would keep the height of the first text shown)."""
        rows = self._text.plain.count("\n")
        self.refresh(layout=rows != self._rows)
        self._rows = rows

    def _table(self, state: GameState, values: Sequence[ActionValue]) -> Text:
        """The best action, then every keep with its expected total and its loss.

        The boxes show their own values in the box list.
        """
        width = max(self.size.width, 20)
        table = Text(no_wrap=True, overflow="ellipsis", end="")
        tie_break = state.phase is Phase.TIE_BREAK
        table.append(
            coach_words.coach_tie_break_heading()
            if tie_break
            else coach_words.coach_total_heading(),
            "dim",
        )
        best = values[0]
        number = decimal(best.expected)
        label = action_label(best, state)
        room = width - len(number) - 3
        if cell_len(label) > room:  # "Four of a kind 40" in a narrow panel: "4 of a kind 40"
            label = action_label(best, state, short=True)
        if best.action.kind is ActionKind.ROLL and state.turn.rolls:
            # "Keep [5 5]" where it fits, else the dice alone, under the list's own heading.
            keep = coach_words.coach_keep(label)
            label = keep if len(keep) <= room else label
        table.append(f"{ADVICE_MARK} {_fit(label, room):<{room}} {number}\n", "bold green")
        turn = state.turn
        holding = turn.rolls > 0 and state.rolls_left > 0 and any(turn.held)
        held: tuple[int, ...] = ()
        if holding:
            held = tuple(sorted(d for d, h in zip(turn.dice, turn.held, strict=True) if h))
        keeps = [v for v in values if v.action.kind is ActionKind.ROLL and turn.rolls]
        if turn.rolls and not keeps:
            table.append(coach_words.coach_no_rolls(), "dim")
        elif keeps:
            table.append(coach_words.coach_keeps_heading(), "dim")
        for value in keeps:
            cost = coach_words.coach_cost_between(value.expected, best.expected)
            numbers = f"{decimal(value.expected):>5} {cost:>5}"
            room = width - len(numbers) - 2
            is_held = value.kept == held and holding
            label = _fit(action_label(value, state), room)
            style = "bold" if is_held else ("dim" if value.loss >= 10 else "")
            table.append(f"{HELD_KEEP_MARK if is_held else ' '}{label:<{room}} {numbers}\n", style)
        table.rstrip()  # no empty line under the last keep
        return table

    def on_resize(self) -> None:
        # Shown before its first layout (at 20 columns) or at another width: fit this one.
        if self._shown is not None and self._shown[1]:
            self._text = self._table(*self._shown)
            self._redraw()

    def render(self) -> Text:
        return self._text


class CoachAdvice(Widget):
    """The coach's advice on one line, where its panel does not show (below 80 columns): the
    best action (the dice to keep and roll, or the box to fill) and its expected total, so
    that the losses the boxes show have the best they are counted from."""

    DEFAULT_CSS = """
    CoachAdvice {
        height: 1;
        padding: 0 2 0 0;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._shown: tuple[GameState, Sequence[ActionValue]] | None = None

    def show(self, state: GameState | None, values: Sequence[ActionValue] | None) -> None:
        """Advise on ``values`` (the coach's, best first), or nothing (None: coach off, a
        computer to act, the tables not ready)."""
        shown = (state, values) if state is not None and values else None
        self.set_class(shown is not None, "-advising")
        if shown != self._shown:
            self._shown = shown
            self.refresh()

    def render(self) -> Text:
        if self._shown is None:
            return Text("")
        state, values = self._shown
        best = values[0]
        number = decimal(best.expected)
        room = max(self.content_region.width, 20) - len(number) - 3
        for label in advice_labels(best, state):
            if cell_len(label) <= room:
                break
        label = _fit(label, room)
        padding = " " * max(room - cell_len(label), 0)
        return Text(f"{ADVICE_MARK} {label}{padding} {number}", "bold green", end="")

    def on_resize(self) -> None:
        self.refresh()


def advice_labels(best: ActionValue, state: GameState) -> list[str]:
    """The best action in words, longest first, for the one line of :class:`CoachAdvice`:
    "Coach: Keep [5 5] and roll", "Keep [5 5] and roll", "Keep [55] and roll", "[5 5]"."""
    label = action_label(best, state)
    short = action_label(best, state, short=True)
    if best.action.kind is ActionKind.ROLL and state.turn.rolls:
        said = [coach_words.coach_keep_and_roll(label)] if best.kept else [label]
        if best.kept:
            said.append(coach_words.coach_keep_and_roll(_BETWEEN_DICE.sub("", label)))
    else:
        said = list(dict.fromkeys([label, short]))
    return [*(coach_words.coach_advice(words) for words in said[:1]), *said, label]
