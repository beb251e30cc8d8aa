"""A table at one keyboard, played without any app or terminal: moves, undo (each hold press in
turn), the autosave after every step (on the disk, through the app's keeper: a refusing disk
told once, the quit question saying whether the game is saved), the computers at their pace
(an expert by its strategy, a whole game of computers, replanning when the game moved, a
failed choice tried again), paused, waiting while out of sight."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from generala_tui import store
from generala_tui.game import rules
from generala_tui.game.action import Action, ActionKind, action_of
from generala_tui.game.model import GameState, HouseRules, Level, Phase, Player
from generala_tui.game.strategy import Strategy
from generala_tui.game.strategy.chances import Chances
from generala_tui.ui import local
from generala_tui.ui.keeper import Keeper
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


class Solved:
    """The strategy tables as the expert needs them: solved, or read from the run's cache."""

    async def get(self, house_rules: HouseRules) -> Strategy:
        from generala_tui.game.strategy import solve

        return await asyncio.to_thread(solve, house_rules, tables=store.strategy_tables)

    async def get_chances(self, house_rules: HouseRules) -> Chances:
        raise AssertionError("no win-chance table is needed")


def table_for(
    game: GameState, *, tables: object = None, **options: object
) -> tuple[LocalTable, Window, Saver]:
    window, saver = Window(), Saver()
    table = LocalTable(game, window, saver=saver, tables=tables or NoTables(), **options)  # type: ignore[arg-type]
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


async def test_a_fill_is_taken_back_with_the_computers_turns_after_it_as_they_play() -> None:
    game = rules.new_game(["Ana", Player(name="Rita", level=Level.EASY)], seed=5)
    table, window, saver = table_for(game, delay=0.0)
    table.start()
    assert table.move(Action.roll())
    rolled = table.game
    assert table.move(Action.score(rules.offers(rolled)[0].category))
    await table.settled()
    played = table.game
    assert played.current == 0 and len(played.log) > len(rolled.log) + 1  # Rita played
    assert table.undo()
    assert table.game.model_copy(update={"taken_back": ()}) == rolled
    assert saver.saved[-1] is table.game and rules.rolls_barred(table.game)
    assert window.told[-1] == (
        "Ana's fill is taken back, with the turns Rita played after it: fill a box again. "
        "They will throw the same dice.",
        "information",
    )
    assert not table.move(Action.roll())
    assert "without another roll" in window.told[-1][0]
    # Filled again, Rita plays again with the same dice to come.
    assert table.move(Action.scratch(rules.offers(rolled)[-1].category))
    await table.settled()
    first = next(e for e in played.log[len(rolled.log) + 1 :] if e.kind == "roll")
    again = next(e for e in table.game.log[len(rolled.log) + 1 :] if e.kind == "roll")
    assert first == again


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


# --- undo, press by press (the rules keep each press until the next roll) ------------------

FREE = (False,) * 5


async def test_undo_takes_back_each_hold_press_in_turn() -> None:
    table, window, _saver = table_for(rules.new_game(["Ana", "Bruno"], seed=4))
    table.start()
    # roll, hold die 1, hold die 2, release die 1
    assert table.move(Action.roll()) and table.hold(0) and table.hold(1) and table.hold(0)
    assert table.game.turn.held == (False, True, False, False, False)
    assert len(table.game.log) == 4  # the roll, then each press until the next roll
    seen = []
    for _press in range(3):
        assert table.undo()
        seen.append(table.game.turn.held)
    assert seen == [(True, True, False, False, False), (True, False, False, False, False), FREE]
    assert not table.undo()
    assert table.game.turn.held == FREE and table.game.turn.rolls == 1
    assert any("A roll can't be taken back" in message for message, _ in window.told)


async def test_a_hold_taken_back_then_undone_is_held_again() -> None:
    table, _window, _saver = table_for(rules.new_game(["Ana", "Bruno"], seed=4))
    table.start()
    assert table.move(Action.roll()) and table.hold(2) and table.hold(2) and table.undo()
    assert table.game.turn.held == (False, False, True, False, False)


async def test_after_a_roll_undo_goes_by_the_log_again() -> None:
    table, window, _saver = table_for(rules.new_game(["Ana", "Bruno"], seed=4))
    table.start()
    # the trail ends at the second roll
    assert table.move(Action.roll()) and table.hold(0) and table.move(Action.roll())
    assert not table.undo()
    assert table.game.turn.rolls == 2
    assert any("A roll can't be taken back" in message for message, _ in window.told)


# --- saved on the disk after every step (the app's keeper as the table's saver) ------------


async def test_every_step_is_saved_as_it_happens() -> None:
    told: list[str] = []
    keeper = Keeper(told.append)
    keeper.attach(asyncio.get_running_loop())
    table = LocalTable(
        rules.new_game(["Ana", "Bruno"], seed=4), Window(), saver=keeper, tables=NoTables()
    )
    try:
        table.start()
        for step in [Action.roll, lambda: 0, lambda: 2, Action.roll, lambda: 0]:
            made = step()
            assert table.move(made) if isinstance(made, Action) else table.hold(made)
            await keeper.flush()
            assert store.load_game() == (table.game, None), f"after {made}"
        assert table.game.turn.rolls == 2
        assert told == []
    finally:
        keeper.close()


async def test_a_window_that_found_no_saved_game_keeps_clear_of_one_saved_since() -> None:
    # It takes its file at its first save (no lock before the first frame): another
    # window's game, left there meanwhile, is not its to write over.
    keeper = Keeper(lambda message: None)
    keeper.attach(asyncio.get_running_loop())
    try:
        assert keeper.saved_game() == (None, None, None)
        left = rules.roll(rules.new_game(["Cid", "Dee"], seed=2))
        assert store.save_game(left, 1) is None  # by a window that has closed since
        table = LocalTable(
            rules.new_game(["Ana", "Bruno"], seed=4), Window(), saver=keeper, tables=NoTables()
        )
        table.start()
        assert table.move(Action.roll())
        await keeper.flush()
        assert store.load_game(1) == (left, None)
        assert store.load_game(2) == (table.game, None)
    finally:
        keeper.close()


def _unwritable_home() -> None:
    store.state_dir().parent.mkdir(parents=True, exist_ok=True)
    store.state_dir().write_text("a file where the state folder should be")


async def test_an_unwritable_state_folder_warns_once_and_the_game_goes_on() -> None:
    _unwritable_home()
    told: list[str] = []
    keeper = Keeper(told.append)
    keeper.attach(asyncio.get_running_loop())
    table = LocalTable(
        rules.new_game(["Ana", "Bruno"], seed=4), Window(), saver=keeper, tables=NoTables()
    )
    try:
        table.start()
        assert table.move(Action.roll()) and table.hold(0) and table.hold(1)
        assert table.move(Action.roll()) and table.hold(0)
        await keeper.flush()
        await asyncio.sleep(0)  # the keeper tells through the loop: let it
        warnings = [message for message in told if "could not be saved" in message]
        assert len(warnings) == 1
        assert "goes on unsaved" in warnings[0]
        assert table.game.turn.rolls == 2
    finally:
        keeper.close()


async def test_once_a_save_succeeds_again_the_quit_question_says_it_is_saved() -> None:
    _unwritable_home()
    keeper = Keeper(lambda message: None)
    keeper.attach(asyncio.get_running_loop())
    table = LocalTable(
        rules.new_game(["Ana", "Bea"], seed=5), Window(), saver=keeper, tables=NoTables()
    )
    try:
        table.start()
        assert table.move(Action.roll())
        await keeper.flush()
        assert keeper.unsaved_in == store.state_dir()
        store.state_dir().unlink()  # the player makes room for the folder
        assert table.hold(0)
        await keeper.flush()
        assert keeper.unsaved_in is None
        assert "The game is saved" in str(table.leaving_question(quitting=True))
    finally:
        keeper.close()


# --- the computers' turns ---------------------------------------------------------------


async def test_an_expert_plays_its_turn_out_by_its_strategy() -> None:
    game = rules.new_game([Player(name="Ana"), Player(name="Rita", level=Level.EXPERT)], seed=3)
    table, _window, saver = table_for(game, tables=Solved(), delay=0.0)
    table.start()
    assert table.move(Action.roll())
    offer = rules.offers(table.game)[0]
    assert table.move(
        Action.score(offer.category) if offer.points else Action.scratch(offer.category)
    )
    await table.settled()
    rita = table.game.players[1]
    assert len(rita.boxes) == 1
    assert table.game.current == 0 and table.game.turn.rolls == 0
    rita_moves = [action_of(entry) for entry in table.game.log if entry.seat == 1]
    assert rita_moves and rita_moves[-1] is not None
    assert rita_moves[-1].kind in {ActionKind.SCORE, ActionKind.SCRATCH}
    assert saver.saved[-1] is table.game


async def test_a_game_of_computers_is_played_to_its_end() -> None:
    players = [Player(name="Max", level=Level.EASY), Player(name="Leo", level=Level.MEDIUM)]
    table, window, saver = table_for(rules.new_game(players, seed=3), delay=0.0)
    table.start()
    await asyncio.wait_for(table.settled(), 60)
    assert table.game.phase is Phase.OVER
    assert saver.saved[-1] is table.game and window.shown[-1] == (table.game, False)
    assert table.left_unfinished() is None


async def test_computer_replans_when_the_game_moved_under_it() -> None:
    table, _window, _saver = table_for(computer_first(), delay=60.0)
    table.start()  # Rita waits out the pace of her first step
    assert table.move(Action.roll())  # something else rolls while her step waits
    table.skip_ahead()
    await asyncio.wait_for(table.settled(), 30)
    assert table.game.current == 1


async def test_a_computer_that_cannot_choose_says_so_and_skip_ahead_tries_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from generala_tui.ui import computer

    calls = []
    original = computer.choose_action

    def broken_once(state, strategy=None, chances=None):  # type: ignore[no-untyped-def]
        calls.append(state)
        if len(calls) == 1:
            raise RuntimeError("no table")
        return original(state, strategy=strategy, chances=chances)

    monkeypatch.setattr(computer, "choose_action", broken_once)
    table, window, _saver = table_for(computer_first(), delay=0.0)
    table.start()
    await table.settled()
    assert any(
        "Rita could not choose a move (no table): press f" in message for message, _ in window.told
    )
    assert table.game.turn.rolls == 0
    table.skip_ahead()  # the f key
    await asyncio.wait_for(table.settled(), 30)
    assert table.game.current == 1
