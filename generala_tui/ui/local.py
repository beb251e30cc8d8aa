"""A table at this keyboard: the rules applied here, the computers played here, each step saved.

:class:`LocalTable` is plain Python: the game, the moves through :mod:`..game.rules`, undo,
the computer players' turns at their pace (paused, skipped, waiting while the game is out of
sight), and the autosave after every step. It tells the window it is played in what to show
(:class:`LocalWindow`), so it is played and tested without any app or terminal.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from ..game import rules
from ..game.action import Action
from ..game.model import GameState, HouseRules, Phase, Player
from . import table_words, vocabulary
from .solver import StrategyFailed
from .table import Tables, Window

if TYPE_CHECKING:
    from textual.content import Content

    from ..game.strategy import Strategy
    from ..game.strategy.chances import Chances

SPEEDS = (1.2, 0.7, 0.4, 0.15, 0.0)
"""Seconds between a computer player's steps, slowest first."""

Run = Callable[[Coroutine[Any, Any, None]], object]
"""Runs the computers' turns beside the game (the app: as its worker)."""


class LocalWindow(Window, Protocol):
    """What a table at this keyboard needs of its window, besides what any table does."""

    def covered(self) -> bool:
        """Whether the game is out of sight (another screen over it, a terminal too small):
        the computers wait until :meth:`LocalTable.go_on`."""
        ...

    def point_at(self, action: Action) -> None:
        """Show the decision a computer is about to make (the box it is going to fill)."""
        ...

    def paused(self, on: bool) -> None:
        """The computers were paused (``on``) or resumed."""
        ...


class Saver(Protocol):
    """Where the game in progress is saved after every step."""

    def autosave(self, state: GameState) -> object:
        """Save ``state`` as the game in progress."""
        ...

    @property
    def unsaved_in(self) -> Path | None:
        """The folder the last save could not write in, when it failed."""
        ...


class LocalTable:
    """A game at this keyboard, from where ``game`` stands (see the module's words)."""

    def __init__(
        self,
        game: GameState,
        window: LocalWindow,
        *,
        saver: Saver,
        tables: Tables,
        delay: float = 0.0,
        paused: bool = False,
        run: Run | None = None,
    ) -> None:
        self._game = game
        self._window = window
        self._saver = saver
        self._tables = tables
        self.delay = delay
        """Seconds between the steps of a computer player's turn."""
        self.paused = paused
        """Whether the computers wait for :meth:`toggle_pause`."""
        self._run = run or self._as_task
        self._tasks: set[asyncio.Task[None]] = set()
        self._playing = False
        """Whether the computers' turns are being played (one run at a time)."""
        self._closed = False
        self._skip_turn: int | None = None
        """The turn (by :func:`rules.turns_ended`) a computer is playing at once, if any."""
        self._wake = asyncio.Event()
        """Set whenever a waiting computer should look again: a step, a skip, a resume."""

    @property
    def game(self) -> GameState:
        return self._game

    def start(self) -> None:
        self._saver.autosave(self._game)
        self._window.show(self._game, first=True)
        self._play_computers()

    async def close(self) -> None:
        self._closed = True
        self._wake.set()
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)

    # --- moves ------------------------------------------------------------------------

    def move(self, action: Action) -> bool:
        try:
            after = rules.play(self._game, action)
        except rules.IllegalMove as error:
            self._refused(error)
            return False
        self._step_taken(after)
        return True

    def hold(self, die: int) -> bool:
        try:
            after = rules.toggle_hold(self._game, die)
        except rules.IllegalMove as error:
            self._refused(error)
            return False
        self._step_taken(after)
        return True

    def undo(self) -> bool:
        before = self._game
        try:
            after = rules.undo(before)
        except rules.IllegalMove as error:
            self._refused(error)
            return False
        self._step_taken(after)
        if after.taken_back != before.taken_back:  # a fill with the computers' turns after it
            taken = after.taken_back[-1]
            computers = {before.log[i].seat for i in range(taken.step + 1, len(before.log))}
            names = vocabulary.names_and(
                [p.name for s, p in enumerate(after.players) if s in computers]
            )
            self._window.tell(table_words.taken_back(after.players[taken.seat].name, names))
        return True

    def _refused(self, error: rules.IllegalMove) -> None:
        self._window.tell(vocabulary.refusal(error), severity="warning")

    def _step_taken(self, game: GameState) -> None:
        """``game`` is the table's now: saved, shown, and a computer to act plays."""
        self._game = game
        self._saver.autosave(game)
        self._wake.set()
        self._window.show(game, first=False)
        self._play_computers()

    # --- what this window may do ------------------------------------------------------

    def plays_here(self, seat: int) -> bool:
        return True

    @property
    def files_finished(self) -> bool:
        return True

    def setup_seats(self) -> list[Player]:
        return [Player(name=p.name, level=p.level) for p in self._game.players]

    def seats_again(self) -> list[Player]:
        players = self.setup_seats()
        return players[1:] + players[:1]

    def ask_again(self) -> bool:
        return False  # this window deals the next game itself (seats_again)

    def removable(self) -> list[tuple[int, str]]:
        return []  # everyone at one keyboard stays

    def remove(self, seat: int) -> None:
        """Nobody is removed from a table at one keyboard."""

    @property
    def turn_time(self) -> None:
        return None  # no clock at one keyboard

    def turn_left(self) -> None:
        return None

    def ratings(self) -> list[str]:
        return []  # a game at one keyboard is never rated

    @property
    def talk(self) -> None:
        return None  # everyone at one keyboard talks out loud

    def left_unfinished(self) -> GameState | None:
        return self._game if self._game.phase is not Phase.OVER else None

    def leaving_question(self, *, quitting: bool) -> str | Content:
        folder = self._saver.unsaved_in
        unsaved = None if folder is None else str(folder)
        if quitting:
            return table_words.quit_question(unsaved)
        return table_words.leave_question(unsaved)

    # --- the computer players (ui/computer.py plays their turns through these) ----------

    def skip_ahead(self) -> None:
        if rules.computer_to_act(self._game):
            self._skip_turn = rules.turns_ended(self._game)
        if self.paused:  # f means: go on now
            self.paused = False
            self._window.paused(False)
        self._wake.set()
        self._play_computers()

    def change_pace(self, step: int) -> float:
        index = min(range(len(SPEEDS)), key=lambda i: abs(SPEEDS[i] - self.delay))
        index = max(0, min(len(SPEEDS) - 1, index + step))
        self.delay = SPEEDS[index]
        self._window.tell(table_words.pace_notice(index))
        return self.delay

    def toggle_pause(self) -> bool:
        self.paused = not self.paused
        self._window.paused(self.paused)
        self._window.tell(table_words.paused_notice(self.paused))
        self._wake.set()
        self._play_computers()
        return self.paused

    def go_on(self) -> None:
        self._play_computers()

    def toggle_hold(self, die: int) -> bool:
        """A computer's hold (:class:`.computer.ComputerHost`)."""
        return self.hold(die)

    def preview(self, action: Action) -> None:
        self._window.point_at(action)

    async def pace(self) -> bool:
        """Wait between a computer's steps; False when the computers must stop for now
        (paused, the game out of sight, the table left)."""
        skipping = self._skip_turn == rules.turns_ended(self._game)
        if not skipping and self.delay > 0 and not self._held():
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.delay)
        return not self._held()

    async def strategy(self, house_rules: HouseRules) -> Strategy:
        return await self._tables.get(house_rules)

    async def chances(self, house_rules: HouseRules) -> Chances:
        return await self._tables.get_chances(house_rules)

    def _held(self) -> bool:
        return self._closed or self.paused or self._window.covered()

    def _play_computers(self) -> None:
        """Play the computers' turns if one is to act and they are not being played."""
        if self._playing or not rules.computer_to_act(self._game) or self._held():
            return
        self._playing = True
        self._run(self._computers())

    async def _computers(self) -> None:
        # Imported once a computer plays: the strategy and numpy behind it are not needed
        # before (tests/benchmarks/bench_startup.py).
        from .computer import ComputerFailed, play_computer_turns

        # A strategy table that failed (StrategyFailed) was told by its own worker; the turns
        # stop with it, and f tries again (skip_ahead), as after a computer that failed.
        try:
            with contextlib.suppress(StrategyFailed):
                await play_computer_turns(self)
        except ComputerFailed as error:
            self._window.tell(
                table_words.computer_failed(error.name, error.reason), severity="error"
            )
        finally:
            self._playing = False

    def _as_task(self, turns: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(turns)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def settled(self) -> None:
        """Wait until the computers' turns being played (by the default runner) are over."""
        while self._tasks:
            await asyncio.gather(*self._tasks)
