"""The README's screenshots: ``python scripts/screenshots.py [FOLDER]`` (default ``assets/``).

Drives the real app (``GeneralaApp``, as ``generala-tui`` builds it) through
Pilot at 100x32 with seeded dice, to the setup, turn (with the coach's advice),
scorecard, settings and game-over screens, and saves each as an SVG:
``setup.svg``, ``turn.svg``, ``scorecard.svg``, ``settings.svg`` and
``game-over.svg``. It runs in a temporary ``GENERALA_TUI_HOME``, so the
player's own files are neither read nor touched, and the same code makes the
same pictures every time.
"""

from __future__ import annotations

import asyncio
import os
import re
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path

from textual.pilot import Pilot

SIZE = (100, 32)
SEED = 5
ROOT = Path(__file__).resolve().parents[1]
SCREENS = ("setup", "turn", "scorecard", "settings", "game-over")

Steps = Callable[[Pilot[None]], Awaitable[None]]


async def _settle(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def _mid_game(turns: int) -> object:
    """Ana, Bruno and Rita (a computer) after ``turns`` turns played as the expert would."""
    from generala_tui.game import rules
    from generala_tui.game.action import ActionKind
    from generala_tui.game.model import Level, Player
    from generala_tui.game.strategy import choose_action

    players = [Player(name="Ana"), Player(name="Bruno"), Player(name="Rita", level=Level.EXPERT)]
    state = rules.new_game(players, seed=SEED)
    for _ in range(turns):
        while True:
            action = choose_action(state, level=Level.EXPERT)
            state = rules.play(state, action)
            if action.kind is not ActionKind.ROLL:
                break
    return state


def _finished_game() -> object:
    from generala_tui.game import rules
    from generala_tui.game.model import HouseRules, Level, Player
    from generala_tui.game.strategy import play_game

    players = [
        Player(name="Ana", level=Level.EXPERT),
        Player(name="Bruno", level=Level.MEDIUM),
        Player(name="Rita", level=Level.EASY),
    ]
    return play_game(rules.new_game(players, HouseRules(served_generala_wins=False), seed=SEED))


async def _shoot(name: str, folder: Path, game: object, steps: Steps) -> Path:
    from generala_tui.game.model import GameState
    from generala_tui.ui.app import GeneralaApp

    assert game is None or isinstance(game, GameState)
    from generala_tui import store

    # Each picture starts afresh: the game the last one left in progress would be offered
    # (and a new game over it asked about first).
    store.clear_game()
    app = GeneralaApp(game, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        await steps(pilot)
        await _settle(pilot)
        path = Path(app.save_screenshot(f"{name}.svg", path=str(folder)))
    path.write_text(_offline(path.read_text(encoding="utf-8")), encoding="utf-8")
    return path


_FONT_URL = re.compile(r',\s*url\("https?://[^"]*"\) format\("[^"]*"\)')


def _offline(svg: str) -> str:
    """The picture as any viewer draws it, without addresses outside the repository.

    Rich's SVG fetches its font from a CDN; without it the viewer's own Fira Code, else any
    monospace, draws the text (each run of text keeps its width). Its runs of text begin and
    end with spaces, which SVG's default white-space handling lets a viewer drop (librsvg,
    and the viewers built on it, drew "GENERALARound 3/10 Ana'sturn"); the root's
    ``xml:space="preserve"`` keeps them everywhere, as browsers already did.
    """
    svg = _FONT_URL.sub("", svg)
    svg = svg.replace("<svg ", '<svg xml:space="preserve" ', 1)
    return re.sub(r"<!-- Generated with Rich https?://\S* -->", "<!-- Generated with Rich -->", svg)


async def _nothing(pilot: Pilot[None]) -> None:
    pass


async def _coach_and_roll(pilot: Pilot[None]) -> None:
    await pilot.press("h")  # the coach: its table is computed in a worker
    await _settle(pilot)
    await pilot.press("r")
    await _settle(pilot)


async def _scorecard(pilot: Pilot[None]) -> None:
    await pilot.press("s")


async def _settings(pilot: Pilot[None]) -> None:
    await pilot.press("ctrl+r")


async def shoot_all(folder: Path) -> list[Path]:
    """Save every screenshot into ``folder``; return their paths."""
    from generala_tui import store
    from generala_tui.game.model import Level

    folder.mkdir(parents=True, exist_ok=True)
    preferences, _ = store.load_preferences()
    table = [
        store.Seat(name="Ana"),
        store.Seat(name="Bruno"),
        store.Seat(name="Rita", level=Level.EXPERT),
    ]
    # As a new player first sees the setup: with the guided game offered beside Start.
    update = {"players": table, "offer_guided_game": True}
    store.save_preferences(preferences.model_copy(update=update))
    return [
        await _shoot("setup", folder, None, _nothing),
        await _shoot("turn", folder, _mid_game(6), _coach_and_roll),
        await _shoot("scorecard", folder, _mid_game(18), _scorecard),
        await _shoot("settings", folder, None, _settings),
        await _shoot("game-over", folder, _finished_game(), _nothing),
    ]


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else ROOT / "assets"
    with tempfile.TemporaryDirectory() as home:
        os.environ["GENERALA_TUI_HOME"] = home
        for path in asyncio.run(shoot_all(folder.resolve())):
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
