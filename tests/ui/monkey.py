"""A seeded monkey: random keys, clicks and resizes on every screen, with computers playing.

After every batch of events it checks that nothing escaped, that the game still
validates and replays from its own log, and that the autosave on disk is the
game on screen. The test suite runs a short one; ``tests/benchmarks/bench_monkey.py``
runs longer ones.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from textual import events
from textual.keys import _character_to_key

from generala_tui import store
from generala_tui.game import rules
from generala_tui.game.model import GameState, Level, Phase, Player
from generala_tui.ui.app import GeneralaApp

from .conftest import settle

KEYS = (
    # The game's keys, many times over: they are what a player presses most.
    *("r", "space", "1", "2", "3", "4", "5", "up", "down", "enter", "y") * 4,
    *("s", "h", "f", "p", "plus", "minus", "question_mark", "f1", "escape", "ctrl+z"),
    *("a", "n", "v", "t", "y", "ctrl+n", "ctrl+r", "ctrl+s", "ctrl+o", "ctrl+t", "ctrl+y"),
    *("tab", "shift+tab", "left", "right", "pageup", "pagedown", "home", "end", "backspace"),
    *("x", "Z", "ñ", "[", "]", "/", "0", "9", "ctrl+p", "ctrl+q", "ctrl+c", "q"),
)
SIZES = ((80, 24), (40, 12), (60, 20), (120, 40), (200, 60), (30, 8), (100, 32))


@dataclass
class Report:
    """What a run did, for the benchmark's figures and the test's own checks."""

    events: int = 0
    batches: int = 0
    games_finished: int = 0
    screens: set[str] = field(default_factory=set)
    exits_refused: int = 0


def table(rng: random.Random) -> GameState:
    """Two humans and two computers, played by the rules to the last round, so the
    monkey also reaches the winner's screen, the analysis and the history."""
    players = [
        Player(name="Ana"),
        Player(name="Rita", level=Level.EASY),
        Player(name="[b]Eve"),
        Player(name="Max", level=Level.MEDIUM),
    ]
    state = rules.new_game(players, seed=rng.randrange(1000))
    while state.phase is Phase.PLAYING and state.round < state.rounds:
        state = rules.roll(state)
        offers = rules.offers(state)
        offer = rng.choice(offers)
        fill = rules.score if offer.points else rules.scratch
        state = fill(state, offer.category)
    return state


def check(app: GeneralaApp) -> None:
    """The state validates and replays from its log; the autosave is the game on screen."""
    assert app.is_running, "the app stopped"
    assert len(app.screen_stack) > 1, "only the blank default screen is left"
    game = app.game
    if game is None:
        return
    assert GameState.model_validate_json(game.model_dump_json()) == game
    assert rules.positions(game)[-1] == game
    saved, warning = store.load_game()
    assert warning is None, warning
    if game.phase is Phase.OVER:
        assert saved is None, "a finished game left the autosave"
    else:
        assert saved == game, "the autosave is not the game on screen"


def type_key(app: GeneralaApp, key: str) -> None:
    """Send one key press to the app as its terminal driver would."""
    char = key if len(key) == 1 else {"space": " ", "enter": "\r", "tab": "\t"}.get(key)
    if len(key) == 1 and not key.isalnum():
        key = _character_to_key(key)
    event = events.Key(key, char)
    event.set_sender(app)
    assert app._driver is not None
    app._driver.send_message(event)


async def run(seed: int, batches: int, batch: int = 25) -> Report:
    """``batches`` batches of ``batch`` random events on an app with computers at the table."""
    rng = random.Random(seed)
    report = Report()
    app = GeneralaApp(table(rng), computer_delay=0)

    def stay(*args: object, **kwargs: object) -> None:
        report.exits_refused += 1  # quitting is a key like any other here, but the run goes on

    app.exit = stay  # type: ignore[method-assign]
    width, height = SIZES[0]
    async with app.run_test(size=(width, height)) as pilot:
        for _ in range(batches):
            for _ in range(batch):
                choice = rng.random()
                if choice < 0.87:
                    # Typed as fast as the app takes them, as by a fast typist: no wait between.
                    type_key(app, rng.choice(KEYS))
                elif choice < 0.97:
                    await pilot.pause()
                    x, y = rng.randrange(width), rng.randrange(height)
                    await pilot.click(offset=(x, y))
                else:
                    await pilot.pause()
                    width, height = rng.choice(SIZES)
                    await pilot.resize_terminal(width, height)
                report.events += 1
                report.screens.add(type(app.screen).__name__)
            await settle(pilot)
            await app.keeper.flush()
            check(app)
            report.batches += 1
    report.games_finished = len(store.load_history()[0])
    return report
