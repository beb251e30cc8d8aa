"""Parse the first frame's stylesheets ahead of time: ``python scripts/stylesheet.py``.

Draws the setup screen and the turn screen once, headless, under the default
theme, and writes every parse Textual made for them (``generala.tcss`` and the
widgets' default CSS) to ``generala_tui/ui/generala.tcss.rules``, which the app
loads instead of parsing them at every start (``generala_tui/ui/stylesheet.py``).
Run it after changing the sheet, a widget's default CSS or Textual's version;
``tests/ui/test_stylesheet.py`` fails until then.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
from importlib.metadata import version
from typing import Any

from generala_tui.game import rules
from generala_tui.game.model import HouseRules, Player
from generala_tui.ui import stylesheet
from generala_tui.ui.app import GeneralaApp


async def _parses(game: Any) -> tuple[dict[Any, Any], dict[str, str]]:
    app = GeneralaApp(game, computer_delay=0)
    app.stylesheet._parse_cache.clear()  # what this run parses, not what was preloaded
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        cache = app.stylesheet._parse_cache
        return {key: cache[key] for key in list(cache.keys())}, dict(app.stylesheet._variables)


def main() -> None:
    with tempfile.TemporaryDirectory() as home:
        os.environ["GENERALA_TUI_HOME"] = home
        setup, variables = asyncio.run(_parses(None))
        game = rules.new_game([Player(name="Ana"), Player(name="Bruno")], HouseRules(), 1)
        turn, same = asyncio.run(_parses(game))
    assert same == variables, "the setup and the turn screen were drawn under different themes"
    data = stylesheet.compiled({**setup, **turn}, variables, version("textual"))
    stylesheet.RULES.write_bytes(data)
    print(f"{stylesheet.RULES}: {len({**setup, **turn})} parses, {len(data)} bytes")


if __name__ == "__main__":
    main()
