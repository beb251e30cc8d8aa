"""The win-chance bar: each player's chance of winning the game, on one line.

A horizontal bar whose segments are the players' shares in their seat colours, each with
its mark, then the shares in percent, named: "Chance of winning ▐■████♦██♥▌ ■ Ana 62%
♦ Bruno 31% ♥ Rita 7%". Where the line is short the title goes first, then the names (the
marks stay, as in the standings), then the bar; colour is never the only cue.

The chances are :mod:`generala_tui.game.strategy.chances`' exact ones, under the assumption
that every player plays like the expert from here (said in the tooltip and the help). They
are worked out in a thread (a position takes 1 to 20 ms, more with many players), started
once the move's frame is drawn: the bar keeps the last ones until the new ones come, so it
never blocks a key.

:func:`chance_line` lays the line out from the facts alone (no app), and is tested so.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from textual.color import Color
from textual.content import Content
from textual.style import Style
from textual.widget import Widget
from textual.worker import Worker, WorkerState

from ..colours import SeatColours, for_node
from . import win_chances_words

if TYPE_CHECKING:
    from ...game.model import GameState, LogEntry
    from ...game.strategy.chances import Chances

BAR_MAX = 40
"""The bar's widest: past it, a wider terminal only leaves the rest of the line empty."""
_GAP = "  "

_FORMS: tuple[tuple[bool, bool, str, int], ...] = (
    # (title, names, between the shares, the bar's narrowest; 0: no bar), richest first
    (True, True, _GAP, 12),
    (False, True, _GAP, 10),
    (False, True, " ", 6),
    (True, False, _GAP, 10),
    (False, False, " ", 6),
    (False, False, " ", 0),
)


def segments(shares: Sequence[float], width: int) -> list[int]:
    """Each share's cells in a bar ``width`` cells wide: in proportion, the cells left over by
    rounding down going to the largest remainders (first seats first among equals)."""
    total = sum(shares)
    if width <= 0 or total <= 0:
        return [0] * len(shares)
    exact = [max(share, 0.0) / total * width for share in shares]
    cells = [int(part) for part in exact]
    left = width - sum(cells)
    by_remainder = sorted(range(len(shares)), key=lambda seat: (cells[seat] - exact[seat], seat))
    for seat in by_remainder[:left]:
        cells[seat] += 1
    return cells


def bar(shares: Sequence[float], width: int, colours: SeatColours) -> Content:
    """The bar: each seat's segment in its colour, its mark in its first cell (where it has
    two cells or more), so that the segments are told apart by more than their colours."""
    ink = Color.parse("#101010" if colours.dark else "#FFFFFF")
    parts: list[tuple[str, Style]] = []
    for seat, cells in enumerate(segments(shares, width)):
        if not cells:
            continue
        text = colours.mark(seat) + " " * (cells - 1) if cells > 1 else " "
        parts.append((text, Style(background=Color.parse(colours.hex(seat)), foreground=ink)))
    return Content.assemble(*parts)


def _label(seat: int, name: str, share: float, colours: SeatColours, *, named: bool) -> Content:
    said = win_chances_words.share(share)
    if named:
        return Content.assemble(colours.name(seat, name), " ", (said, Style(bold=True)))
    return Content.assemble((f"{colours.mark(seat)} ", colours.content_style(seat)), said)


def chance_line(
    names: Sequence[str],
    shares: Sequence[float] | None,
    width: int,
    colours: SeatColours,
    note: str | None = None,
) -> Content:
    """The bar's line, ``width`` cells at most: the title, the bar and every player's share,
    named, in the richest form that fits (see :data:`_FORMS`); ``note`` (what the wait is)
    in its place when there are no ``shares``. Names are never read as markup."""
    dim = Style(dim=True)
    if shares is None:
        said = Content.assemble((note or win_chances_words.working(), dim))
        return said.truncate(width, ellipsis=True) if width > 0 else said
    title = Content.assemble((win_chances_words.title(), dim))
    for with_title, named, between, narrowest in _FORMS:
        labels = Content(between).join(
            _label(seat, name, share, colours, named=named)
            for seat, (name, share) in enumerate(zip(names, shares, strict=True))
        )
        head = [title, Content(" ")] if with_title else []
        fixed = sum(part.cell_length for part in head) + labels.cell_length
        if not narrowest:
            if fixed <= width:
                return labels
            continue
        room = min(width - fixed - len(between), BAR_MAX)
        if room >= narrowest:
            return Content.assemble(*head, bar(shares, room, colours), between, labels)
    # Eight players in 40 columns: each mark and share, as many as fit.
    tight = Content(" ").join(
        Content.assemble(
            (colours.mark(seat), colours.content_style(seat)), win_chances_words.share(share)
        )
        for seat, share in enumerate(shares)
    )
    return tight.truncate(width, ellipsis=True) if width > 0 else tight


def position_key(state: GameState) -> tuple[object, ...]:
    """What the chances of ``state`` depend on: the game, its rules and every step but the
    holds (a hold changes no chance: the chances are of the expert's choice from the dice)."""
    steps: tuple[LogEntry, ...] = tuple(entry for entry in state.log if entry.kind != "hold")
    return (state.seed, state.house_rules, tuple(p.name for p in state.players), steps)


class WinChances(Widget):
    """Every player's chance of winning, on one line (see the module's docstring)."""

    DEFAULT_CSS = """
    WinChances {
        height: 1;
        width: 1fr;
        padding: 0 1;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._names: tuple[str, ...] = ()
        self._shares: tuple[float, ...] | None = None
        self._note: str | None = None
        self._key: tuple[object, ...] | None = None
        """The position the shares shown, or being worked out, are of."""
        self._game: tuple[object, ...] | None = None
        """The game (its seed, rules and players) the shares shown are of."""

    @property
    def shares(self) -> tuple[float, ...] | None:
        """The chances shown, by seat; None while there are none to show."""
        return self._shares

    def show(self, state: GameState, chances: Chances | None, failed: bool = False) -> None:
        """Show the chances of ``state``: worked out in a thread with ``chances`` (the last
        ones stay until they come); without them, the wait, or that they could not be had."""
        self.tooltip = win_chances_words.meaning()
        key = position_key(state)
        game = key[:3]
        if game != self._game:  # another game: nothing of the last one stays
            self._game, self._key = game, None
            self._set(tuple(p.name for p in state.players), None, None)
        if chances is None:
            self._key = None
            note = win_chances_words.failed() if failed else None
            if self._shares is None or failed:
                self._set(self._names, None, note)
            return
        if key == self._key:
            return
        self._key = key
        # After the frame that shows the move: the thread would hold the interpreter's lock
        # for part of the time that frame is drawn in.
        self.call_after_refresh(self._work_out, key, state, chances)

    def _work_out(self, key: tuple[object, ...], state: GameState, chances: Chances) -> None:
        """Work out the chances of ``state`` in a thread, if it is still the position shown."""
        if key != self._key:
            return  # another position came before this frame was drawn: its own follow
        self.run_worker(
            lambda: (key, chances.win_chances(state)),
            name="win chances",
            group="win-chances",
            thread=True,
            exclusive=True,
            exit_on_error=False,
        )

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.group != "win-chances":
            return
        event.stop()  # the app's one failure handler need not tell of it: the bar says so
        if event.state is WorkerState.SUCCESS and worker.result is not None:
            key, shares = worker.result
            if key == self._key:
                self._set(self._names, tuple(shares), None)
        elif event.state is WorkerState.ERROR:
            self._key = None
            self._set(self._names, None, win_chances_words.failed())

    def _set(
        self, names: tuple[str, ...], shares: tuple[float, ...] | None, note: str | None
    ) -> None:
        if (names, shares, note) != (self._names, self._shares, self._note):
            self._names, self._shares, self._note = names, shares, note
            self.refresh()

    def render(self) -> Content:
        colours = for_node(self, self._names)
        return chance_line(self._names, self._shares, self.content_size.width, colours, self._note)
