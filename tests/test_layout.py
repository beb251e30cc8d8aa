"""The package's layout shows its architecture, and its imports go one way.

The top of ``generala_tui/`` reads as the game, the store, the user interface and the
commands, beside the few modules every layer shares (the languages, the shared words,
the start-up collector). Each module imports only from its own layer and the layers
below it, at the top of the file or inside a function alike::

    ui, commands    the screens; the command line (which starts the ui)
    store, online   every file on disk; the online tables (their server and client)
    words           the words the screens, the command line and the files share
    i18n, collector the languages; the garbage collector paused until the first frame
    game            the rules, the models and the strategy: pure, no I/O
"""

from __future__ import annotations

import ast
import pkgutil
from pathlib import Path

import pytest

import generala_tui

PACKAGE = Path(generala_tui.__file__).parent

LAYERS = {
    "generala_tui.game": 0,
    "generala_tui.i18n": 1,
    "generala_tui.collector": 1,
    "generala_tui.words": 2,
    "generala_tui.store": 3,
    "generala_tui.online": 3,
    "generala_tui.ui": 4,
    "generala_tui.commands": 5,
}
"""Each part's layer: a module may import from its own part and from parts of a lower
layer (the commands start the ui; the ui never reaches for the command line)."""

TOP = {
    "__init__.py",
    "__main__.py",
    "py.typed",
    "locale",
    *(f"{name.split('.')[1]}" for name in LAYERS),
}


def part(module: str) -> str | None:
    """The part of the package ``module`` belongs to (``None`` for the package itself)."""
    parts = module.split(".")
    if parts[0] != "generala_tui" or len(parts) < 2 or parts[1] == "__main__":
        return None
    return ".".join(parts[:2])


def modules() -> list[tuple[str, Path]]:
    """Every module of the package but ``__main__`` (which runs the command line)."""
    found = []
    for info in pkgutil.walk_packages([str(PACKAGE)], prefix="generala_tui."):
        spec = info.module_finder.find_spec(info.name, None)  # type: ignore[call-arg]
        assert spec is not None and spec.origin is not None
        if info.name != "generala_tui.__main__":
            found.append((info.name, Path(spec.origin)))
    return found


def imports(module: str, path: Path) -> set[str]:
    """Every module ``module`` imports, relative imports resolved, those inside functions and
    under ``TYPE_CHECKING`` included."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module or ""
            names.add(target)
            # "from .. import store" imports the module generala_tui.store.
            names.update(f"{target}.{alias.name}" for alias in node.names)
    return names


def test_the_top_of_the_package_reads_as_game_store_ui_and_commands() -> None:
    top = {path.name for path in PACKAGE.iterdir() if path.name != "__pycache__"}
    top = {name if not name.endswith(".py") or name.startswith("__") else name[:-3] for name in top}
    assert top == TOP


@pytest.mark.parametrize(("module", "path"), modules(), ids=lambda value: str(value))
def test_imports_go_one_way(module: str, path: Path) -> None:
    own = part(module)
    assert own in LAYERS, f"{module} belongs to no layer: add it to LAYERS or move it"
    upward = sorted(
        name
        for name in imports(module, path)
        if (other := part(name)) is not None
        and other != own
        and LAYERS.get(other, 0) >= LAYERS[own]
    )
    assert not upward, f"{module} imports from a layer above its own: {upward}"


def test_the_game_imports_no_textual() -> None:
    """The game is the core under every screen and command: no user interface in it."""
    for module, path in modules():
        if part(module) == "generala_tui.game":
            textual = sorted(
                name for name in imports(module, path) if name.split(".")[0] == "textual"
            )
            assert not textual, f"{module} imports {textual}"


@pytest.mark.parametrize(
    "source",
    [
        "import textual",
        "from textual.app import App",
        "import generala_tui.ui.app",
        "from generala_tui import ui",
        "from ..ui import app",
        "from .. import ui",
        "def later():\n    import textual.widgets",
        "if TYPE_CHECKING:\n    from ..store import GameSlot",
        # An import inside a function counts as much as one at the top.
        "def f():\n    from ..store import load_game",
    ],
)
def test_the_scan_sees_every_way_of_importing(tmp_path: Path, source: str) -> None:
    path = tmp_path / "rules.py"
    path.write_text(source)
    found = imports("generala_tui.game.rules", path)
    assert found & {"textual", "textual.app", "textual.widgets"} or {
        part(name) for name in found
    } & {"generala_tui.ui", "generala_tui.store"}, found


def test_the_scan_lets_the_games_own_imports_through(tmp_path: Path) -> None:
    path = tmp_path / "rules.py"
    path.write_text("from .model import Category\nimport random\nfrom . import boxes")
    found = imports("generala_tui.game.rules", path)
    assert {part(name) for name in found} <= {"generala_tui.game", None}
