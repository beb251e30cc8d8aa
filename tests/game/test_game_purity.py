"""Nothing under ``generala_tui/game`` loads Textual, the user interface or the store, even in a
fresh interpreter (what each file imports is ``tests/test_layout.py``'s to check)."""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import generala_tui.game

GAME_DIR = Path(generala_tui.game.__file__).parent
# The game does no I/O: files are generala_tui.store's business.
FORBIDDEN = ("textual", "generala_tui.ui", "generala_tui.store")


def game_modules() -> list[str]:
    """Every module of the package ``generala_tui.game``, subpackages included."""
    modules = ["generala_tui.game"]
    for info in pkgutil.walk_packages([str(GAME_DIR)], prefix="generala_tui.game."):
        modules.append(info.name)
    return modules


def is_forbidden(name: str) -> bool:
    return any(name == bad or name.startswith(f"{bad}.") for bad in FORBIDDEN)


def test_the_game_package_has_the_model_and_rules_modules() -> None:
    modules = game_modules()
    assert "generala_tui.game.model" in modules
    assert "generala_tui.game.rules" in modules


def test_importing_every_game_module_in_a_fresh_interpreter_loads_no_ui() -> None:
    script = (
        "import importlib, json, sys\n"
        f"for name in {game_modules()!r}:\n"
        "    importlib.import_module(name)\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    loaded = json.loads(result.stdout)
    assert "generala_tui.game.rules" in loaded
    assert [name for name in loaded if is_forbidden(name)] == []
