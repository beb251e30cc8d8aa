"""The coach: the best action of the position and what every other action costs."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, TypeAlias

from rich.cells import cell_len
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ...game.action import ActionKind
from ...game.model import GameState, HouseRules, Phase
from ...i18n import decimal, percent
from ..vocabulary import ADVICE_MARK, BEST_CHANCE_MARK, HELD_KEEP_MARK
from . import coach_words
from .coach_words import action_label, keep_label, shown_best, shown_best_chance

if TYPE_CHECKING:
    from ...game.strategy import ActionValue
    from ...game.strategy.chances import Chances

ChanceTables: TypeAlias = Callable[[HouseRules], "Chances | None"]
"""Where a coach finds the win-chance tables of a rule set: the solver's ``prepare_chances``
(None until they are ready, which it asks for)."""

_BETWEEN_DICE = re.compile(r"(?<=\d) (?=\d)")


def _fit(label: str, room: int) -> str:
    """The label in ``room`` columns: a keep's dice close up ("[1111]") before anything is cut."""
    if len(label) <= room:
        return label
    label = _BETWEEN_DICE.sub("", label)
    return label if len(label) <= room else label[: max(room - 1, 1)] + "…"


class WinChances:
    """The current player's chance of winning after each of the coach's values, where the
    coach shows them: at a table of two or more, in the regular rounds, once the win-chance
    tables are ready (asked of ``tables`` until they are).

    The last position's chances are kept (one lookup values them all, in about 3 ms), so a
    redraw at a new width or a switch of ranking does not look them up again.
    """

    def __init__(self, tables: ChanceTables) -> None:
        self._tables = tables
        self._last: tuple[GameState, Sequence[ActionValue], list[float]] | None = None

    def of(self, state: GameState, values: Sequence[ActionValue]) -> list[float] | None:
        if len(state.players) < 2 or state.phase is not Phase.PLAYING or not values:
            return None
        last = self._last
        if last is not None and last[0] is state and last[1] is values:
            return last[2]
        chances = self._tables(state.house_rules)
        if chances is None:
            return None
        found = chances.action_chances(state, values)
        self._last = (state, values, found)
        return found


def _win_chances(chances: ChanceTables | WinChances | None) -> WinChances | None:
    """A coach's win chances: its own on the tables given, or shared with another coach
    widget showing the same positions (one lookup for both)."""
    if chances is None or isinstance(chances, WinChances):
        return chances
    return WinChances(chances)


def ranked(
    values: Sequence[ActionValue], chances: Sequence[float] | None, *, by: bool
) -> list[int]:
    """The indexes of ``values`` best first: by expected total as they come, or (``by``
    chance) by the win chance each leaves, the expected total's order between equal chances."""
    order = list(range(len(values)))
    if by and chances is not None:
        order.sort(key=lambda i: -chances[i])
    return order


def best_marks(values: Sequence[ActionValue], chances: Sequence[float] | None, index: int) -> str:
    """★ where the action's expected total shows as the best one's, ♛ where its win chance
    shows as the best chance (both where it is best by both); equal to the precision shown."""
    marks = ADVICE_MARK if shown_best(values[index].expected, values[0].expected) else ""
    if chances is not None and shown_best_chance(chances[index], max(chances)):
        marks += BEST_CHANCE_MARK
    return marks


class CoachPanel(Widget):
    """The best action of the position, then every keep, each with its expected total and
    what it loses against the best; ◆ marks the keep the player's held dice make.

    Given ``chances``, the win-chance tables (the turn screen's coach), at a table of two or
    more each also shows the chance of winning it leaves, and the list is ranked by expected
    total or by that chance (:attr:`by_chance`, which the screen sets: ``k``): ★ marks the
    best total, ♛ the best chance.
    """

    DEFAULT_CSS = """
    CoachPanel {
        height: 1fr;
        border: round $success;
        border-title-color: $success;
        padding: 0 0 0 1;
    }
    """

    by_chance: reactive[bool] = reactive(False, init=False, layout=False, repaint=False)
    """Whether the list is ranked by win chance (else by expected total)."""

    def __init__(
        self, *, id: str | None = None, chances: ChanceTables | WinChances | None = None
    ) -> None:
        super().__init__(id=id)
        self._chances = _win_chances(chances)
        self._text = Text("")
        self._shown: tuple[GameState, Sequence[ActionValue]] | None = None
        """The position shown, laid out again at a new width (labels cut to fit it)."""
        self._rows = 0
        """How many lines the text shown has: where the panel is as high as its text (a wide
        terminal), a change in their number lays it out again."""
        self.keys: Mapping[str, str] = {}
        """The player's own keys, which its heading names (its screen gives them)."""

    def watch_by_chance(self) -> None:
        self._rerank()

    def _rerank(self) -> None:
        if self._shown is not None and self._shown[1]:
            self._text = self._table(*self._shown)
            self._redraw()

    def show_progress(self, done: float) -> None:
        self._shown = None
        self.tooltip = None
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
        self.tooltip = None
        self._text = Text(coach_words.coach_failed(error), "dim")
        self._redraw()

    def show_computer(self, name: str) -> None:
        self._shown = None
        self.tooltip = None
        self._text = Text(coach_words.coach_computer(name), style="dim")
        self._redraw()

    def wait(self) -> None:
        """Show no advice until :meth:`show` gives the position's (the dice changed, the advice
        on the old ones must not stay beside them): the heading stays, the lines under it are
        blank, as many as shown, so that nothing is laid out again for the wait."""
        if self._shown is None:
            return  # no advice shows: the progress, a failure, a computer's turn
        self._shown = None
        self.tooltip = None
        heading = self._text.split("\n")[0] if self._text.plain else Text("")
        blank = "\n" * self._text.plain.count("\n")
        self._text = Text.assemble(heading, blank, no_wrap=True, overflow="ellipsis", end="")
        self._redraw()

    def showing(self, state: GameState, values: Sequence[ActionValue]) -> bool:
        """Whether the panel shows the advice of ``state`` with these ``values`` (the same
        objects), and need not wait to show them again."""
        shown = self._shown
        return shown is not None and shown[0] is state and shown[1] is values

    def show(self, state: GameState, values: Sequence[ActionValue]) -> None:
        self._shown = (state, values)
        self.tooltip = None
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
        chances = None if self._chances is None else self._chances.of(state, values)
        if chances is not None:
            self.tooltip = coach_words.coach_win_tooltip()
            return self._chance_table(state, values, chances)
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
        label = _best_label(best, state, width - len(number) - 3)
        room = width - len(number) - 3
        table.append(f"{ADVICE_MARK} {_fit(label, room):<{room}} {number}\n", "bold green")
        held = _held(state)
        keeps = _keeps(state, values)
        if state.turn.rolls and not keeps:
            table.append(coach_words.coach_no_rolls(), "dim")
        elif keeps:
            table.append(coach_words.coach_keeps_heading(), "dim")
        # The loss beside each total where the keeps' dice still fit whole beside both (a
        # keep's dice closed up, "[1166]", read worse than no loss column); "Reroll all" said
        # "none" where it does not fit (it was "Reroll a…").
        longest = max((cell_len(keep_label(values[i], state, 0)) for i in keeps), default=0)
        with_cost = width - 11 - 2 >= longest
        for index in keeps:
            value = values[index]
            cost = coach_words.coach_cost_between(
                value.expected, best.expected, the_best=index == 0
            )
            numbers = f"{decimal(value.expected):>5}" + (f" {cost:>5}" if with_cost else "")
            room = width - len(numbers) - 2
            is_held = held is not None and value.kept == held
            label = _fit(keep_label(value, state, room), room)
            style = "bold" if is_held else ("dim" if value.loss >= 10 else "")
            table.append(f"{HELD_KEEP_MARK if is_held else ' '}{label:<{room}} {numbers}\n", style)
        table.rstrip()  # no empty line under the last keep
        return table

    def _chance_table(
        self, state: GameState, values: Sequence[ActionValue], chances: Sequence[float]
    ) -> Text:
        """The table with each action's win chance beside its expected total, ranked by the
        measure in use (the heading says which): the best by it first, then the best by the
        other where that is another action, then every keep, ★ and ♛ beside the best."""
        width = max(self.size.width, 20)
        table = Text(no_wrap=True, overflow="ellipsis", end="")
        by = self.by_chance
        table.append(coach_words.coach_ranked_heading(by, self.keys), "dim")
        order = ranked(values, chances, by=by)
        tops = [order[0]]
        other = ranked(values, chances, by=not by)[0]
        if not set(best_marks(values, chances, order[0])) >= set(
            best_marks(values, chances, other)
        ):
            tops.append(other)
        for index in tops:
            value = values[index]
            marks = best_marks(values, chances, index)
            numbers = f"{decimal(value.expected)} {coach_words.coach_chance(chances[index])}"
            room = width - len(marks) - len(numbers) - 2
            label = _fit(_best_label(value, state, room), room)
            style = "bold green" if index == order[0] else "bold"
            table.append(f"{marks} {label:<{room}} {numbers}\n", style)
        held = _held(state)
        keeps = [i for i in order if i in set(_keeps(state, values))]
        longest = max((cell_len(keep_label(values[i], state, 0)) for i in keeps), default=0)
        shown_chances = [coach_words.coach_chance(chances[i]) for i in keeps]
        chance_width = max(map(cell_len, shown_chances), default=0)
        if width - (6 + 2 + chance_width) - 2 < longest:
            # Whole percents where the tenths would leave a keep's dice no room to show whole
            # ("[1 1 6 6]", not "[1166]").
            shown_chances = [coach_words.coach_chance(chances[i], whole=True) for i in keeps]
            chance_width = max(map(cell_len, shown_chances), default=0)
        # The loss in points too, where a keep's dice still have room beside it.
        costs = width - 1 - (6 + 7 + 2 + chance_width) - 1 >= max(longest, 10)
        if state.turn.rolls and not keeps:
            table.append(coach_words.coach_no_rolls(), "dim")
        elif keeps:
            heading = coach_words.coach_keeps_heading().rstrip("\n")
            total, win = coach_words.coach_columns()
            titles = f"{total:>5} " + (" " * 7 if costs else "") + f" {win:>{chance_width}} "
            room = width - cell_len(titles) - 1
            if cell_len(heading) <= room:
                heading = f"{heading:<{room}} {titles}".rstrip()
            table.append(heading + "\n", "dim")
        best = values[0]
        for index, chance in zip(keeps, shown_chances, strict=True):
            value = values[index]
            star = ADVICE_MARK if shown_best(value.expected, best.expected) else " "
            crown = BEST_CHANCE_MARK if shown_best_chance(chances[index], max(chances)) else " "
            cost = coach_words.coach_cost_between(
                value.expected, best.expected, the_best=index == 0
            )
            numbers = f"{decimal(value.expected):>5}{star}"
            if costs:
                numbers += f" {cost:>5} "
            numbers += f" {chance:>{chance_width}}{crown}"
            room = width - cell_len(numbers) - 2
            is_held = held is not None and value.kept == held
            label = _fit(keep_label(value, state, room), room)
            style = "bold" if is_held else ("dim" if value.loss >= 10 else "")
            table.append(f"{HELD_KEEP_MARK if is_held else ' '}{label:<{room}} {numbers}\n", style)
        table.rstrip()
        return table

    def on_resize(self) -> None:
        # Shown before its first layout (at 20 columns) or at another width: fit this one.
        self._rerank()

    def render(self) -> Text:
        return self._text


def _best_label(value: ActionValue, state: GameState, room: int) -> str:
    """The best action's name in ``room`` columns where it can: "Keep [5 5]", else the dice
    alone; a box's long name, else its short one ("Four of a kind 40", "4 of a kind 40")."""
    label = action_label(value, state)
    if cell_len(label) > room:
        label = action_label(value, state, short=True)
    if value.action.kind is ActionKind.ROLL and state.turn.rolls:
        keep = coach_words.coach_keep(label)
        label = keep if len(keep) <= room else label
    return label


def _held(state: GameState) -> tuple[int, ...] | None:
    """The keep the player's held dice make, sorted; None where no die is held before a roll."""
    turn = state.turn
    if turn.rolls > 0 and state.rolls_left > 0 and any(turn.held):
        return tuple(sorted(d for d, h in zip(turn.dice, turn.held, strict=True) if h))
    return None


def _keeps(state: GameState, values: Sequence[ActionValue]) -> list[int]:
    """The indexes of the keeps among ``values`` (after a first roll)."""
    if not state.turn.rolls:
        return []
    return [i for i, v in enumerate(values) if v.action.kind is ActionKind.ROLL]


class CoachAdvice(Widget):
    """The coach's advice on one line, where its panel does not show (below 80 columns): the
    best action (the dice to keep and roll, or the box to fill) and its expected total, so
    that the losses the boxes show have the best they are counted from.

    Given ``chances`` (the turn screen's), at a table of two or more the win chance the action
    leaves follows where it fits ("· win 43%"), and ranking by win chance (:attr:`by_chance`,
    ``k``) advises the action with the best chance."""

    DEFAULT_CSS = """
    CoachAdvice {
        height: 1;
        padding: 0 2 0 0;
    }
    """

    by_chance: reactive[bool] = reactive(False, init=False, layout=False)
    """Whether the advice is the best action by win chance (else by expected total)."""

    def __init__(
        self, *, id: str | None = None, chances: ChanceTables | WinChances | None = None
    ) -> None:
        super().__init__(id=id)
        self._chances = _win_chances(chances)
        self._shown: tuple[GameState, Sequence[ActionValue]] | None = None
        self._with: list[float] | None = None
        """The win chances of the values shown, once they are ready."""

    def wait(self) -> None:
        """Say nothing until :meth:`show` gives the position's advice (the advice on the old
        dice must not stay beside the new), keeping the line's place."""
        if self._shown is not None:
            self._shown = self._with = None
            self.refresh()

    def show(self, state: GameState | None, values: Sequence[ActionValue] | None) -> None:
        """Advise on ``values`` (the coach's, best first), or nothing (None: coach off, a
        computer to act, the tables not ready)."""
        shown = (state, values) if state is not None and values else None
        self.set_class(shown is not None, "-advising")
        chances = None
        if shown is not None and self._chances is not None:
            chances = self._chances.of(*shown)
        if shown != self._shown or chances is not self._with:
            self._shown = shown
            self._with = chances
            self.refresh()

    def render(self) -> Text:
        if self._shown is None:
            return Text("")
        state, values = self._shown
        chances = self._with
        index = ranked(values, chances, by=chances is not None and self.by_chance)[0]
        best = values[index]
        marks = best_marks(values, chances, index)
        number = decimal(best.expected)
        numbers = [number]
        if chances is not None:
            chance = chances[index]
            numbers = [
                f"{number} · {coach_words.coach_win_advice(chance)}",
                f"{number} · {percent(chance)}",
                *numbers,
            ]
        width = max(self.content_region.width, 20)
        labels = advice_labels(best, state)
        fitting = (
            (label, tail)
            for tail in numbers
            for label in labels
            if cell_len(label) <= width - cell_len(tail) - len(marks) - 2
        )
        label, tail = next(fitting, (labels[-1], numbers[-1]))
        room = width - cell_len(tail) - len(marks) - 2
        label = _fit(label, room)
        padding = " " * max(room - cell_len(label), 0)
        return Text(f"{marks} {label}{padding} {tail}", "bold green", end="")

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
