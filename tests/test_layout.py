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

Inside the ui, the same one way, from the bottom up (:data:`UI_LAYERS`)::

    app             the App (and its shell): holds the table, routes the screens
    screens         each screen beside its words and its presenter
    guide           the guided game's lessons and the pieces the turn and setup screens show
    host            the screens' typed seam to the app
    tables          the tables (local, online) and their words, the solver, the keeper: no
                    screen, no widget
    widgets         render what they are given: no screen, no host, no app
    drawing         the seats' colours, the Footer's words translated, Textual's workarounds
    words           what more than one module names, the app's own words

And no module imports itself back, however long the way round (:func:`test_no_import_circle`).
"""

from __future__ import annotations

import ast
import pkgutil
from collections.abc import Iterator
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


def statements(module: str, path: Path) -> Iterator[tuple[str, list[str]]]:
    """Each import of ``module``: the module it names and the names taken from it (none for
    ``import x``), relative imports resolved, those inside functions and under
    ``TYPE_CHECKING`` included."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, []
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module or ""
            yield target, [alias.name for alias in node.names]


def imports(module: str, path: Path) -> set[str]:
    """Every module ``module`` imports (and every name it takes from one, as ``module.name``:
    ``from .. import store`` imports the module generala_tui.store)."""
    names: set[str] = set()
    for target, taken in statements(module, path):
        names.add(target)
        names.update(f"{target}.{name}" for name in taken)
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


def module_names() -> set[str]:
    return {module for module, _ in modules()} | {"generala_tui"}


def edges(module: str, path: Path, known: set[str]) -> set[str]:
    """The modules of ``known`` that ``module`` imports: ``from . import files`` is the
    module ``files`` (not its package, whose ``__init__`` may import it back with no
    circle); a name taken from a package that is no module of it is the package's."""

    def within(name: str) -> str:
        while name and name not in known:
            name = name.rpartition(".")[0]
        return name

    found: set[str] = set()
    for target, taken in statements(module, path):
        if not taken:
            found.add(within(target))
        for name in taken:
            found.add(f"{target}.{name}" if f"{target}.{name}" in known else within(target))
    return found - {"", module}


def import_graph() -> dict[str, set[str]]:
    """Every module of the package and the package's modules it imports (inside functions
    and under ``TYPE_CHECKING`` too)."""
    known = module_names()
    return {module: edges(module, path, known) for module, path in modules()}


def find_circle(graph: dict[str, set[str]]) -> list[str] | None:
    """A circle of imports in ``graph`` (``[a, b, ..., a]``), found depth first; None when
    there is none."""
    done: set[str] = set()
    on_path: list[str] = []
    on_path_set: set[str] = set()

    def visit(node: str) -> list[str] | None:
        on_path.append(node)
        on_path_set.add(node)
        for other in sorted(graph.get(node, ())):
            if other in on_path_set:
                return [*on_path[on_path.index(other) :], other]
            if other not in done:
                circle = visit(other)
                if circle is not None:
                    return circle
        on_path.pop()
        on_path_set.discard(node)
        done.add(node)
        return None

    for node in sorted(graph):
        if node not in done:
            circle = visit(node)
            if circle is not None:
                return circle
    return None


def test_no_import_circle() -> None:
    circle = find_circle(import_graph())
    assert circle is None, "an import circle: " + " -> ".join(circle or ())


@pytest.mark.parametrize(
    ("graph", "circle"),
    [
        ({"a": {"b"}, "b": {"c"}, "c": set()}, None),
        ({"a": {"b"}, "b": {"c"}, "c": {"a"}}, ["a", "b", "c", "a"]),
        ({"a": {"b", "c"}, "b": {"c"}, "c": {"b"}}, ["b", "c", "b"]),
        ({"a": {"a"}}, ["a", "a"]),
    ],
)
def test_the_search_finds_a_circle(graph: dict[str, set[str]], circle: list[str] | None) -> None:
    assert find_circle(graph) == circle


def test_an_import_of_a_module_through_its_package_is_the_modules(tmp_path: Path) -> None:
    """``from . import files`` in a module of the store is an edge to ``store.files``, not to
    the store's ``__init__`` (which imports that module: no circle); a name the package
    itself defines is an edge to the package."""
    path = tmp_path / "records.py"
    path.write_text("from . import files\nfrom .formats import Format")
    known = {"generala_tui.store", "generala_tui.store.files", "generala_tui.store.formats"}
    assert edges("generala_tui.store.records", path, known) == {
        "generala_tui.store.files",
        "generala_tui.store.formats",
    }
    path.write_text("from . import load_game")
    assert edges("generala_tui.store.records", path, known) == {"generala_tui.store"}


UI_LAYERS: dict[str, int] = {
    # words: what more than one module names, the app's own words
    "generala_tui.ui": 0,
    "generala_tui.ui.vocabulary": 0,
    "generala_tui.ui.app_words": 0,
    # drawing: the seats' colours, the Footer's words translated, Textual's workarounds
    "generala_tui.ui.colours": 1,
    "generala_tui.ui.translated": 1,
    "generala_tui.ui.workarounds": 1,
    # widgets: render what they are given
    "generala_tui.ui.widgets": 2,
    # tables: the game's tables (local, online), the solver, the keeper, the computers
    "generala_tui.ui.table": 3,
    "generala_tui.ui.local": 3,
    "generala_tui.ui.remote": 3,
    "generala_tui.ui.hosting": 3,
    "generala_tui.ui.online_play": 3,
    "generala_tui.ui.lobby": 3,
    "generala_tui.ui.talk": 3,
    "generala_tui.ui.computer": 3,
    "generala_tui.ui.solver": 3,
    "generala_tui.ui.keeper": 3,
    "generala_tui.ui.seating": 3,
    "generala_tui.ui.table_words": 3,
    # host: the screens' seam to the app
    "generala_tui.ui.host": 4,
    # guide: the guided game, its lessons and the pieces the screens show of it
    "generala_tui.ui.guide": 5,
    "generala_tui.ui.guide_offer": 5,
    "generala_tui.ui.guide_words": 5,
    # screens, each beside its words and its presenter
    "generala_tui.ui.screens": 6,
    # the app: the shell (files, language, theme, palette) and the game's app on it, and
    # the player's own keys (checked against every screen's bindings)
    "generala_tui.ui.shell": 7,
    "generala_tui.ui.app": 7,
    "generala_tui.ui.keymap": 7,
    "generala_tui.ui.keymap_words": 7,
}
"""The ui's inner layers, from the bottom up: a module of the ui imports only from its own
layer and the layers below. A package's layer is its modules' (``ui.widgets.coach`` is a
widget); every other module of the ui is named here."""

KNOWN_UPWARD: dict[tuple[str, str], str] = {}
"""Arrows up the ui's layers still there, each being taken apart: remove its entry when the
arrow goes (:func:`test_each_known_exception_is_still_needed`)."""


def ui_layer(module: str) -> int | None:
    """The ui layer of ``module`` (the nearest package of it that :data:`UI_LAYERS` names,
    but the ui itself only for its ``__init__``); None for a module outside the ui or one
    no layer names."""
    if module in UI_LAYERS:
        return UI_LAYERS[module]
    package = module.rpartition(".")[0]
    while package.startswith("generala_tui.ui."):
        if package in UI_LAYERS:
            return UI_LAYERS[package]
        package = package.rpartition(".")[0]
    return None


def ui_modules() -> list[tuple[str, Path]]:
    return [(module, path) for module, path in modules() if part(module) == "generala_tui.ui"]


@pytest.mark.parametrize(("module", "path"), ui_modules(), ids=lambda value: str(value))
def test_the_ui_imports_go_one_way(module: str, path: Path) -> None:
    own = ui_layer(module)
    assert own is not None, f"{module} is in no layer of the ui: add it to UI_LAYERS"
    upward = sorted(
        name
        for name in edges(module, path, module_names())
        if (layer := ui_layer(name)) is not None
        and layer > own
        and (module, name) not in KNOWN_UPWARD
    )
    assert not upward, f"{module} imports from a layer of the ui above its own: {upward}"


def test_a_widget_importing_a_screen_or_the_host_is_upward() -> None:
    """The layers say what widgets/__init__.py promises: a widget imports no screen, no
    host and no app."""
    widget = ui_layer("generala_tui.ui.widgets.coach")
    assert widget is not None
    for above in ("ui.screens.turn_words", "ui.host", "ui.app", "ui.guide", "ui.solver"):
        layer = ui_layer(f"generala_tui.{above}")
        assert layer is not None and layer > widget, above


def test_each_known_exception_is_still_needed() -> None:
    """An exception for an arrow that is gone is said to be so, to be removed."""
    graph = import_graph()
    gone = [pair for pair in KNOWN_UPWARD if pair[1] not in graph.get(pair[0], set())]
    assert not gone, f"these imports are gone: remove their exceptions: {gone}"
    still_up = [
        pair
        for pair in KNOWN_UPWARD
        if (low := ui_layer(pair[0])) is None or (high := ui_layer(pair[1])) is None or high <= low
    ]
    assert not still_up, f"these are no arrows up: remove their exceptions: {still_up}"
