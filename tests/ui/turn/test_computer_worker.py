"""The computer players' worker, tested without any app through a host of its own."""

from __future__ import annotations

import pytest

from generala_tui.game import rules
from generala_tui.game.action import Action, ActionKind, action_of
from generala_tui.game.model import (
    GameState,
    HoldToggled,
    HouseRules,
    Level,
    Phase,
    Player,
)
from generala_tui.game.strategy import Strategy, solve
from generala_tui.game.strategy.chances import Chances, solve_chances
from generala_tui.ui import computer
from generala_tui.ui.computer import ComputerFailed, play_computer_turns
from generala_tui.ui.solver import StrategyFailed


class Host:
    """A computer host that plays at once and records what it was asked."""

    def __init__(self, game: GameState, *, paces: int | None = None) -> None:
        self.game: GameState | None = game
        self.paces_left = paces
        """How many paces go by before the host says stop (None: never)."""
        self.paces = 0
        self.previews: list[Action] = []
        self.refused: list[str] = []
        self.strategies: list[HouseRules] = []
        self.chance_tables: list[HouseRules] = []
        self.strategy_error: str | None = None
        self.during_pace: list[GameState] = []
        """Positions the host moves the game to while the computer waits (something else moved)."""

    def move(self, action: Action) -> bool:
        assert self.game is not None
        try:
            self.game = rules.play(self.game, action)
        except rules.IllegalMove as error:
            self.refused.append(str(error))
            return False
        return True

    def toggle_hold(self, die: int) -> bool:
        assert self.game is not None
        try:
            self.game = rules.toggle_hold(self.game, die)
        except rules.IllegalMove as error:
            self.refused.append(str(error))
            return False
        return True

    def preview(self, action: Action) -> None:
        self.previews.append(action)

    async def pace(self) -> bool:
        self.paces += 1
        if self.during_pace:
            self.game = self.during_pace.pop(0)
        if self.paces_left is None:
            return True
        self.paces_left -= 1
        return self.paces_left >= 0

    async def strategy(self, house_rules: HouseRules) -> Strategy:
        self.strategies.append(house_rules)
        if self.strategy_error is not None:
            raise StrategyFailed(self.strategy_error)
        return solve(house_rules)

    async def chances(self, house_rules: HouseRules) -> Chances:
        self.chance_tables.append(house_rules)
        if self.strategy_error is not None:
            raise StrategyFailed(self.strategy_error)
        return solve_chances(house_rules)


def _rita_first(level: Level = Level.EASY, seed: int = 5) -> GameState:
    return rules.new_game([Player(name="Rita", level=level), Player(name="Ana")], seed=seed)


async def test_a_computer_plays_its_turn_step_by_step_and_stops_for_the_human() -> None:
    host = Host(_rita_first())
    await play_computer_turns(host)
    assert host.game is not None and host.game.current == 1
    log = host.game.log
    assert all(entry.seat == 0 for entry in log)
    decisions = [action_of(entry) for entry in log if action_of(entry) is not None]
    assert decisions[-1] is not None
    assert decisions[-1].kind in {ActionKind.SCORE, ActionKind.SCRATCH}
    assert host.previews == [decisions[-1]]  # the box is shown before it is filled
    # Holds are their own steps before a roll, each with a pace of its own.
    holds = sum(isinstance(entry, HoldToggled) for entry in log)
    assert host.paces == len(decisions) + holds + 1
    assert not host.refused


async def test_computers_play_a_whole_game_to_the_end_and_it_replays() -> None:
    players = [Player(name="Max", level=Level.EASY), Player(name="Leo", level=Level.MEDIUM)]
    host = Host(rules.new_game(players, seed=8))
    await play_computer_turns(host)
    assert host.game is not None and host.game.phase is Phase.OVER
    assert list(rules.replay(host.game))[-1] == host.game
    assert not host.refused


async def test_an_expert_asks_the_host_for_the_strategy() -> None:
    host = Host(_rita_first(Level.EXPERT))
    await play_computer_turns(host)
    assert host.strategies and all(r == HouseRules() for r in host.strategies)
    assert host.game is not None and host.game.current == 1


async def test_a_champion_asks_the_host_for_the_win_chances_and_plays_by_them(
    monkeypatch,  # type: ignore[no-untyped-def]
) -> None:
    chosen: list[Chances | None] = []

    def champion_action(self: Chances, state: GameState) -> Action:
        chosen.append(self)
        return self.strategy.best_action(state)

    monkeypatch.setattr(Chances, "champion_action", champion_action)
    host = Host(_rita_first(Level.CHAMPION))
    await play_computer_turns(host)
    assert host.chance_tables and all(r == HouseRules() for r in host.chance_tables)
    assert not host.strategies  # the chances rest on the strategy: no table asked of its own
    assert chosen  # its decisions after the first roll came from the win chances
    assert host.game is not None and host.game.current == 1


async def test_when_the_win_chances_fail_the_champion_makes_no_move() -> None:
    host = Host(_rita_first(Level.CHAMPION))
    host.game = rules.roll(host.game)
    before = host.game
    host.strategy_error = "disk full"
    with pytest.raises(StrategyFailed, match="disk full"):
        await play_computer_turns(host)
    assert host.game is before


async def test_when_the_strategy_fails_the_expert_makes_no_move_and_says_so() -> None:
    host = Host(_rita_first(Level.EXPERT))
    host.game = rules.roll(host.game)  # past the first roll, which needs no strategy
    before = host.game
    host.strategy_error = "disk full"
    with pytest.raises(StrategyFailed, match="disk full"):
        await play_computer_turns(host)
    assert host.game is before


async def test_a_computer_that_cannot_choose_fails_naming_itself(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    def broken(state, strategy=None, chances=None):  # type: ignore[no-untyped-def]
        raise RuntimeError("no idea")

    monkeypatch.setattr(computer, "choose_action", broken)
    host = Host(_rita_first())
    with pytest.raises(ComputerFailed) as failed:
        await play_computer_turns(host)
    assert (failed.value.name, failed.value.reason) == ("Rita", "no idea")
    assert host.game == _rita_first()


async def test_when_the_host_says_stop_the_computer_stops_and_later_goes_on() -> None:
    host = Host(_rita_first(), paces=1)
    await play_computer_turns(host)
    stopped = host.game
    assert stopped is not None and stopped.current == 0  # paused in the middle of her turn
    assert len(stopped.log) > 0
    host.paces_left = None  # resumed
    await play_computer_turns(host)
    assert host.game is not None and host.game.current == 1
    assert host.game.log[: len(stopped.log)] == stopped.log


async def test_a_game_moved_under_the_computer_is_looked_at_again() -> None:
    start = rules.roll(_rita_first())
    host = Host(start)
    # While the computer waits before its first step, the dice change under it.
    moved = rules.roll(rules.toggle_hold(start, 0))
    host.during_pace = [start, moved]
    await play_computer_turns(host)
    assert not host.refused
    assert host.game is not None and host.game.current == 1
    assert host.game.log[: len(moved.log)] == moved.log


async def test_nothing_happens_on_a_humans_turn_or_after_the_game() -> None:
    host = Host(rules.new_game(["Ana", "Rita"], seed=1))
    await play_computer_turns(host)
    assert host.paces == 0 and host.game == rules.new_game(["Ana", "Rita"], seed=1)
    host.game = None
    await play_computer_turns(host)
    assert host.paces == 0
