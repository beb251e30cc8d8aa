"""One window of the game in a process of its own, driven line by line, for the tests of
several windows on one home (tests/processes/test_two_windows.py).

Run as ``python tests/processes/window.py NAMES`` (``NAMES``: comma-separated, or ``resume``) with
``GENERALA_TUI_HOME`` set. It prints ``ready <players>`` once its game is on the screen, then
answers each command read from stdin with one line: ``roll`` (the r key), ``finish`` (the
game played to its end), ``quit`` (the window closed, as ctrl+q answered yes).
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1]))

from helpers import play_game
from ui.conftest import notices

from generala_tui.game import rules
from generala_tui.game.model import Category
from generala_tui.ui.app import GeneralaApp


def say(line: str) -> None:
    print(line, flush=True)


async def main(names: str) -> None:
    if names == "resume":
        app = GeneralaApp(resume=True)
    else:
        app = GeneralaApp(rules.new_game(names.split(","), seed=7))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await app.keeper.flush()
        shown = notices(app)
        players = ",".join(player.name for player in app.game.players) if app.game else "-"
        say(f"ready {players} {shown!r}")
        for line in sys.stdin:
            command = line.strip()
            if command == "roll":
                await pilot.press("r")
            elif command == "finish":
                # The first seat scores three ones, the others nothing: no tie-break.
                app.start(play_game(app.game, {0: [([1, 1, 1, 2, 3], Category.ONES)]}))
                await pilot.pause()
                # The finished game goes to the history once its analysis is done.
                for worker in [w for w in app.workers if w.group == "history"]:
                    await worker.wait()
            elif command == "quit":
                break
            await app.keeper.flush()
            say(f"done {command} {app.game.turn.rolls if app.game else '-'}")
    say("closed")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
