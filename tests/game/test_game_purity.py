"""Nothing under ``generala_tui/game`` may import Textual or the user interface."""

from __future__ import annotations

import ast
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


def imported_names(source: str, module: str, is_package: bool) -> set[str]:
    """The absolute names of every module the source imports, relative imports resolved."""
    package = module if is_package else module.rpartition(".")[0]
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module or ""
            names.add(target)
            names.update(f"{target}.{alias.name}" for alias in node.names)
    return names


def is_forbidden(name: str) -> bool:
    return any(name == bad or name.startswith(f"{bad}.") for bad in FORBIDDEN)


def test_the_game_package_has_the_model_and_rules_modules() -> None:
    modules = game_modules()
    assert "generala_tui.game.model" in modules
    assert "generala_tui.game.rules" in modules


def test_the_import_scanner_catches_every_way_of_importing_the_ui() -> None:
    sources = [
        "import textual",
        "from textual.app import App",
        "import generala_tui.ui.app",
        "from generala_tui import ui",
        "from ..ui import app",
        "from .. import ui",
        "def later():\n    import textual.widgets",
    ]
    for source in sources:
        names = imported_names(source, "generala_tui.game.rules", is_package=False)
        assert any(is_forbidden(name) for name in names), source
    harmless = imported_names(
        "from .model import Category\nimport random", "generala_tui.game.rules", False
    )
    assert not any(is_forbidden(name) for name in harmless)


def test_no_file_under_game_imports_textual_or_the_ui() -> None:
    files = sorted(GAME_DIR.rglob("*.py"))
    assert files
    for path in files:
        relative = path.relative_to(GAME_DIR.parent.parent).with_suffix("")
        is_package = path.name == "__init__.py"
        module = ".".join(relative.parent.parts if is_package else relative.parts)
        names = imported_names(path.read_text(encoding="utf-8"), module, is_package)
        bad = sorted(name for name in names if is_forbidden(name))
        assert not bad, f"{path} imports {bad}"


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
