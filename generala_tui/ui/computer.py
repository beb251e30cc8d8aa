"""The computer players' turns: one coroutine, run by a table at this keyboard (:mod:`.local`).

It plays while the player to act is a computer: asks for the strategy (the
expert needs it) or the win chances (the champion's), chooses the decision off
the UI thread, then plays it step by step through the host, hold by hold and
roll by roll, waiting the host's pace between steps. Whenever something else
moved the game (a new game, an undo), it looks again at where the game stands;
when the host says stop (paused, or the game covered by another screen), it
ends, and the host starts it again later. It knows nothing of screens, so it is
tested with a small host of its own.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Protocol

from ..game import rules
from ..game.action import Action, ActionKind
from ..game.model import GameState, Level
from ..game.strategy import choose_action, hold_toggles
from .solver import StrategyFailed

if TYPE_CHECKING:
    from ..game.model import HouseRules
    from ..game.strategy import Strategy
    from ..game.strategy.chances import Chances


class ComputerHost(Protocol):
    """What a computer player's turn needs: the game, the moves, the pace and the tables."""

    @property
    def game(self) -> GameState | None:
        """The game in play."""
        ...

    def move(self, action: Action) -> bool:
        """Make the decision; False (and the player is told) if the rules refuse it."""
        ...

    def toggle_hold(self, die: int) -> bool:
        """Hold or release a die; False (and the player is told) if the rules refuse it."""
        ...

    def preview(self, action: Action) -> None:
        """Show the decision about to be made (the box a computer is going to fill)."""
        ...

    async def pace(self) -> bool:
        """Wait between two steps: the chosen pace, not at all when skipping. False when the
        computers must stop for now (paused, or another screen covers the game); the host
        starts them again when that ends."""
        ...

    async def strategy(self, house_rules: HouseRules) -> Strategy:
        """The strategy table for these rules; raises ``StrategyFailed`` if it can't be had."""
        ...

    async def chances(self, house_rules: HouseRules) -> Chances:
        """The win-chance tables for these rules (the champion plays by them); raises
        ``StrategyFailed`` if they can't be had."""
        ...


class ComputerFailed(RuntimeError):
    """A computer player could not choose its move: ``name`` is the player's, ``reason`` why
    (the app says both in the player's language, :func:`~.table_words.computer_failed`)."""

    def __init__(self, name: str, reason: str) -> None:
        super().__init__(name, reason)
        self.name = name
        self.reason = reason


async def play_computer_turns(host: ComputerHost) -> None:
    """Play the computer players' decisions until a human is to act or the game is over."""
    while True:
        state = host.game
        if state is None or not rules.computer_to_act(state):
            return
        if not await host.pace():
            return
        if host.game is not state:
            continue
        action = await _choose(host, state)
        if host.game is not state:
            continue
        await _play(host, state, action)


async def _choose(host: ComputerHost, state: GameState) -> Action:
    player = state.current_player
    try:
        strategy = None
        chances = None
        if player.level is Level.EXPERT:
            strategy = await host.strategy(state.house_rules)
        elif player.level is Level.CHAMPION:
            chances = await host.chances(state.house_rules)
        # Off the UI thread: the medium player plans its turn on the first call.
        return await asyncio.to_thread(choose_action, state, strategy=strategy, chances=chances)
    except StrategyFailed:
        raise  # the table's own failure has been told
    except Exception as error:
        raise ComputerFailed(player.name, str(error)) from error


async def _play(host: ComputerHost, state: GameState, action: Action) -> None:
    """Play ``action`` a step at a time; stop if the game moves under it."""
    for die in hold_toggles(state, action):
        if not host.toggle_hold(die):
            return
        held = host.game
        if not await host.pace() or host.game is not held:
            return
    if action.kind in {ActionKind.SCORE, ActionKind.SCRATCH}:
        host.preview(action)
        if not await host.pace() or host.game is not state:
            return
    host.move(action)
