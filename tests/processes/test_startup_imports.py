"""Start-up imports only what it needs: ``--version`` and ``--help`` no user interface, the
first frame of the setup and turn screens neither the strategy package (nor numpy), nor the
simulate command, nor the screens not shown yet, nor online play, Babel, the saved game's
lock (none is saved), the history or the records. Each check runs in a fresh interpreter.
And the app's stylesheet, parsed on the first frame, lays out only the screens it shows."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

OPTION = """
import json, sys
from generala_tui.commands.main import main
try:
    main(ARGV)
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""

FIRST_FRAME = """
import json, sys
from textual.app import App

run = App.run
display = App._display
at_first_frame = []


def written(self, screen, renderable):
    # As the start-up benchmark: the modules when the first frame of the screen is written.
    display(self, screen, renderable)
    if renderable is not None and type(screen).__name__ == WANT and not at_first_frame:
        at_first_frame.append(sorted(sys.modules))


def first_frame(self, **kwargs):
    async def look(pilot):
        await pilot.pause()
        seen = {
            "screen": type(self.screen).__name__,
            "modules": at_first_frame[0],
        }
        print(json.dumps(seen), file=sys.stderr)
        self.exit()

    return run(self, headless=True, size=(100, 32), auto_pilot=look)


App._display = written
App.run = first_frame
import generala_tui.commands.output
from generala_tui.commands.main import main

# The app runs headless here, its output piped to this test: a terminal of its own.
generala_tui.commands.output.has_terminal = lambda: True
main(ARGV)
"""

NOT_BEFORE_THE_FIRST_FRAME = (
    "numpy",
    "threadpoolctl",
    # The analysis's words are keyed on its marks (game.marks), not on the strategy package.
    "generala_tui.game.strategy",
    "generala_tui.commands.simulate",
    "generala_tui.commands.analyse",
    "generala_tui.commands.report",
    "generala_tui.ui.computer",
    "generala_tui.ui.screens.analysis",
    "generala_tui.ui.screens.game_over",
    "generala_tui.ui.screens.help",
    "generala_tui.ui.screens.history",
    "generala_tui.ui.screens.settings",
    "generala_tui.ui.screens.statistics",
    "generala_tui.ui.screens.export",
    "generala_tui.ui.screens.replay",
    "generala_tui.ui.screens.trainer",
    "generala_tui.ui.screens.dialogs",
    # The scorecard beside the boxes comes with a wide terminal (120x32 and more).
    "generala_tui.ui.widgets.scorecard",
    "plotext",
    "textual_plotext",
    # Babel's data: the parser names the languages for replay and join only when they run.
    "babel",
    # The finished games' history and the game records: read when a screen asks for them.
    "generala_tui.store.history",
    "generala_tui.store.records",
    # The saved game's lock: taken before the first frame only where a saved game is offered.
    "filelock",
    # The guided game's lessons: the setup screen offers it (ui/guide_offer.py) on a first launch.
    "generala_tui.ui.guide",
    # Online play (its tables, client and server, the lobby, the rating) and the other
    # screens' words: none of it is on the first frame of a game at this keyboard.
    "generala_tui.online",
    "generala_tui.ui.remote",
    "generala_tui.ui.lobby",
    "generala_tui.ui.hosting",
    "generala_tui.ui.keymap",
    "websockets",
    "asyncssh",
    "openskill",
    "sqlite3",
    "generala_tui.game.statistics",
    "generala_tui.game.training",
    "generala_tui.ui.screens.analysis_words",
    "generala_tui.ui.screens.game_over_words",
    "generala_tui.ui.screens.help_words",
    "generala_tui.ui.screens.history_words",
    "generala_tui.ui.screens.statistics_words",
    "generala_tui.ui.screens.trainer_words",
    "generala_tui.ui.screens.lobby",
    "generala_tui.ui.screens.online",
)


def _modules(code: str) -> object:
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    return json.loads(done.stderr.strip().splitlines()[-1])


def _loaded(modules: list[str], name: str) -> bool:
    return any(m == name or m.startswith(name + ".") for m in modules)


def test_version_imports_neither_textual_nor_pydantic_nor_the_game() -> None:
    modules = _modules(OPTION.replace("ARGV", repr(["--version"])))
    assert isinstance(modules, list)
    assert "generala_tui.commands.main" in modules  # the check itself sees what was imported
    for name in ("textual", "rich", "pydantic", "generala_tui.game", "generala_tui.ui"):
        assert not _loaded(modules, name), name


@pytest.mark.parametrize(
    "argv",
    [
        ["--help"],
        ["simulate", "--help"],
        ["serve", "--help"],
        ["analyse", "--help"],
        ["host", "--help"],
    ],
)
def test_help_imports_no_app_screen_or_widget(argv: list[str]) -> None:
    modules = _modules(OPTION.replace("ARGV", repr(argv)))
    assert isinstance(modules, list)
    assert "generala_tui.commands.main" in modules  # the check itself sees what was imported
    for name in ("textual.app", "textual.widget", "generala_tui.ui.app", "numpy"):
        assert not _loaded(modules, name), name
    assert _loaded(modules, "generala_tui.commands.simulate") == (argv[0] == "simulate")
    assert _loaded(modules, "generala_tui.commands.serve") == (argv[0] == "serve")
    assert _loaded(modules, "generala_tui.commands.analyse") == (argv[0] == "analyse")
    assert _loaded(modules, "textual_serve") is False
    assert _loaded(modules, "asyncssh") is False  # nor cryptography: host --ssh loads them


@pytest.mark.parametrize(
    ("argv", "screen"),
    [([], "SetupScreen"), (["--players", "Ana,Bruno", "--seed", "3"], "TurnScreen")],
)
def test_the_first_frame_imports_only_what_it_shows(argv: list[str], screen: str) -> None:
    seen = _modules(FIRST_FRAME.replace("ARGV", repr(argv)).replace("WANT", repr(screen)))
    assert isinstance(seen, dict)
    assert seen["screen"] == screen
    modules = seen["modules"]
    assert "generala_tui.ui.app" in modules
    for name in NOT_BEFORE_THE_FIRST_FRAME:
        assert not _loaded(modules, name), name
    other = (
        "generala_tui.ui.screens.turn"
        if screen == "SetupScreen"
        else "generala_tui.ui.screens.setup"
    )
    assert other not in modules


FIRST_FRAME_SCREENS = frozenset({"SetupScreen", "TurnScreen"})
"""The screens a first frame shows: the app's own stylesheet lays out these alone."""


def test_the_apps_stylesheet_lays_out_only_the_screens_of_the_first_frame() -> None:
    """``generala.tcss`` is parsed and matched against every widget on the first frame: each
    other screen's layout is in its own ``DEFAULT_CSS``, parsed when it is first shown. The
    sheet names another screen only to dim a modal's backdrop (its ``Screen`` rule would
    win over a ``DEFAULT_CSS``)."""
    import importlib
    import inspect
    import pkgutil
    from pathlib import Path

    from textual.app import App
    from textual.css.stylesheet import Stylesheet
    from textual.screen import Screen

    import generala_tui.ui.screens
    from generala_tui.ui.app import GeneralaApp

    screens: set[str] = set()
    for module_info in pkgutil.iter_modules(generala_tui.ui.screens.__path__):
        module = importlib.import_module(f"generala_tui.ui.screens.{module_info.name}")
        screens.update(
            name
            for name, value in vars(module).items()
            if inspect.isclass(value) and issubclass(value, Screen)
        )
    assert {"SettingsScreen", "ConfirmDialog", "TrainerScreen"} <= screens
    sheet = Stylesheet(variables=App().get_css_variables())
    sheet.read(Path(inspect.getfile(GeneralaApp)).parent / str(GeneralaApp.CSS_PATH))
    sheet.parse()
    named_any = False
    for rule in sheet.rules:
        named = {
            selector.name for selectors in rule.selector_set for selector in selectors.selectors
        }
        named_any = named_any or bool(named & FIRST_FRAME_SCREENS)
        others = named & (screens - FIRST_FRAME_SCREENS)
        assert not others or set(rule.styles.get_rules()) <= {"background", "auto_background"}, (
            rule.selectors,
            sorted(rule.styles.get_rules()),
        )
    assert named_any  # the check sees the screens' names in the rules
