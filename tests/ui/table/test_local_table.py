"""A table at one keyboard, played without any app or terminal: moves, undo, the autosave
after every step, the computers at their pace, paused, waiting while out of sight."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from generala_tui.game import rules
from generala_tui.game.action import Action
from generala_tui.game.model import GameState, HouseRules, Level, Phase, Player
from generala_tui.game.strategy import Strategy
from generala_tui.game.strategy.chances import Chances
from generala_tui.ui import local
from generala_tui.ui.local import SPEEDS, LocalTable
from generala_tui.ui.table import Severity


class Window:
    """A window that records what its table shows and tells."""

    def __init__(self) -> None:
        self.shown: list[tuple[GameState, bool]] = []
        self.told: list[tuple[str, Severity]] = []
        self.pointed: list[Action] = []
        self.paused_now: bool | None = None
        self.out_of_sight = False

    def show(self, game: GameState, *, first: bool, away: tuple[bool, ...] = ()) -> None:
        assert away == ()
        self.shown.append((game, first))

    def tell(self, message: str, *, severity: Severity = "information") -> None:
        self.told.append((message, severity))

    def table_ended(self, message: str) -> None:
        raise AssertionError("a local table never ends from outside")

    def covered(self) -> bool:
        return self.out_of_sight

    def point_at(self, action: Action) -> None:
        self.pointed.append(action)

    def paused(self, on: bool) -> None:
        self.paused_now = on


class Saver:
    def __init__(self) -> None:
        self.saved: list[GameState] = []
        self.unsaved_in: Path | None = None

    def autosave(self, state: GameState) -> None:
        self.saved.append(state)


class NoTables:
    """The strategy tables, which the easy and medium players do not need."""

    async def get(self, house_rules: HouseRules) -> Strategy:
        raise AssertionError("no strategy table is needed")

    async def get_chances(self, house_rules: HouseRules) -> Chances:
        raise AssertionError("no win-chance table is needed")


def table_for(game: GameState, **options: object) -> tuple[LocalTable, Window, Saver]:
    window, saver = Window(), Saver()
    table = LocalTable(game, window, saver=saver, tables=NoTables(), **options)  # type: ignore[arg-type]
    return table, window, saver


def two_humans() -> GameState:
    return rules.new_game(["Ana", "Bruno"], seed=2)


def computer_first(level: Level = Level.EASY) -> GameState:
    return rules.new_game([Player(name="Rita", level=level), Player(name="Ana")], seed=5)


async def test_a_whole_game_is_played_shown_and_saved_step_by_step() -> None:
    table, window, saver = table_for(two_humans())
    table.start()
    assert window.shown == [(table.game, True)]
    steps = 0
    while table.game.phase is not Phase.OVER:
        assert table.move(Action.roll())
        offer = max(rules.offers(table.game), key=lambda o: o.points)
        assert table.move(
            Action.score(offer.category) if offer.points else Action.scratch(offer.category)
        )
        steps += 2
    assert len(saver.saved) == steps + 1  # the game as it began, then after every step
    assert saver.saved[-1] is table.game
    assert [game for game, _first in window.shown[1:]] == saver.saved[1:]
    assert not any(first for _game, first in window.shown[1:])
    assert window.told == []
    assert table.files_finished and table.left_unfinished() is None


async def test_a_refused_move_is_told_and_changes_nothing() -> None:
    table, window, saver = table_for(two_humans())
    table.start()
    before = table.game
    assert not table.hold(0)  # nothing rolled yet
    assert table.game is before and len(saver.saved) == 1
    assert window.told == [("Roll first: there are no dice to hold yet.", "warning")]


async def test_undo_takes_back_a_fill_and_each_hold_as_pressed_but_never_a_roll() -> None:
    table, window, _saver = table_for(two_humans())
    table.start()
    table.move(Action.roll())
    rolled = table.game
    assert table.hold(0) and table.hold(1) and table.hold(0)
    pressed = [g for g, _ in window.shown[-3:]]
    assert table.undo() and table.game == pressed[1]
    assert table.undo() and table.game == pressed[0]
    assert table.undo() and table.game == rolled
    assert not table.undo()
    assert window.told[-1] == ("A roll can't be taken back.", "warning")
    offer = rules.offers(table.game)[0]
    table.move(Action.scratch(offer.category))
    assert table.undo() and table.game == rolled


async def test_computers_play_until_a_human_is_to_act() -> None:
    table, window, saver = table_for(computer_first(), delay=0.0)
    table.start()
    await table.settled()
    assert table.game.current == 1 and table.game.turn.rolls == 0
    assert saver.saved[-1] is table.game
    assert window.pointed and window.pointed[-1].category is not None  # the box shown first


async def test_paused_computers_wait_until_resumed() -> None:
    table, window, _saver = table_for(computer_first(), delay=0.0, paused=True)
    table.start()
    await table.settled()
    assert table.game == computer_first()
    assert table.toggle_pause() is False and window.paused_now is False
    await table.settled()
    assert table.game.current == 1
    assert window.told[-1] == ("Computer players resume.", "information")


async def test_computers_wait_while_the_game_is_out_of_sight() -> None:
    table, window, _saver = table_for(computer_first(), delay=0.0)
    window.out_of_sight = True
    table.start()
    await table.settled()
    assert table.game == computer_first()
    window.out_of_sight = False
    table.go_on()
    await table.settled()
    assert table.game.current == 1


async def test_skip_ahead_plays_a_slow_computers_turn_at_once() -> None:
    table, _window, _saver = table_for(computer_first(), delay=60.0)
    table.start()
    table.skip_ahead()
    await asyncio.wait_for(table.settled(), 30)
    assert table.game.current == 1


async def test_closing_stops_a_waiting_computer() -> None:
    table, _window, _saver = table_for(computer_first(), delay=60.0)
    table.start()
    await asyncio.wait_for(table.close(), 5)
    assert table.game == computer_first()


async def test_the_pace_steps_through_the_speeds() -> None:
    table, window, _saver = table_for(two_humans(), delay=SPEEDS[1])
    assert table.change_pace(1) == SPEEDS[2]
    assert table.change_pace(-1) == SPEEDS[1]
    assert table.change_pace(-1) == SPEEDS[0]
    assert table.change_pace(-1) == SPEEDS[0]
    assert len(window.told) == 4


async def test_a_computer_that_cannot_choose_is_told(monkeypatch: pytest.MonkeyPatch) -> None:
    from generala_tui.ui import computer

    def fails(*args: object, **kwargs: object) -> Action:
        raise ValueError("no idea")

    monkeypatch.setattr(computer, "choose_action", fails)
    table, window, _saver = table_for(computer_first(), delay=0.0)
    table.start()
    await table.settled()
    assert window.told == [
        ("Rita could not choose a move (no idea): press f to try again.", "error")
    ]
    assert table.game == computer_first()


def test_another_game_moves_the_first_seat_on() -> None:
    table, _window, _saver = table_for(rules.new_game(["Ana", "Bruno", "Rita"], seed=1))
    assert [p.name for p in table.seats_again()] == ["Bruno", "Rita", "Ana"]
    assert [p.name for p in table.setup_seats()] == ["Ana", "Bruno", "Rita"]


def test_leaving_says_where_the_game_could_not_be_saved() -> None:
    table, _window, saver = table_for(two_humans())
    assert "could not" not in str(table.leaving_question(quitting=True))
    saver.unsaved_in = Path("/nowhere/generala")
    assert "/nowhere/generala" in str(table.leaving_question(quitting=True))
    assert "/nowhere/generala" in str(table.leaving_question(quitting=False))


def test_the_speeds_go_from_slow_to_none() -> None:
    assert list(local.SPEEDS) == sorted(local.SPEEDS, reverse=True) and local.SPEEDS[-1] == 0
