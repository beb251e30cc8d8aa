"""No module reads another module's private names.

A name with one leading underscore belongs to the module that makes it, free to change it
without a word to anyone. So no module of ``generala_tui/`` takes one from another module
(``from ._chances import _rolled``), reads one off a module or class it imports
(``_chances._rolled``), or reads one off an object when another module of the package
makes that name and this one does not (``strategy._values`` in ``chances``, where only
``optimal`` sets ``self._values``): what one module needs of another has a public name.
Python's own names (``__file__``) and ``_``, the translation, are no private names.
"""

from __future__ import annotations

import ast
from collections.abc import Collection, Iterator, Mapping
from pathlib import Path

import pytest

import generala_tui

PACKAGE = Path(generala_tui.__file__).parent

KNOWN: dict[tuple[str, str], str] = {
    # The setup screen's words take the level names' table from the vocabulary: goes once
    # vocabulary.py gives it a public name.
    ("generala_tui.ui.screens.setup_words", "_LEVEL_NAMES"): "vocabulary.py",
    # The simulation's workers are handed the strategy's table: goes once simulate.py reads
    # it as strategy.values.
    ("generala_tui.commands.simulate", "_values"): "simulate.py",
}
"""Private names still read across modules, each in a file being rebuilt by another hand:
remove its entry when the read goes (:func:`test_each_known_read_is_still_there`)."""


def private(name: str) -> bool:
    """Whether ``name`` is private: one leading underscore, and more than ``_``."""
    return name.startswith("_") and not name.startswith("__") and len(name) > 1


def sources() -> tuple[dict[str, str], set[str]]:
    """Every module of the package, by name: its source; and which of them are packages."""
    found = {}
    packages = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path.read_text(encoding="utf-8")
        if parts[-1] == "__init__":
            packages.add(name)
    return found, packages


def made(tree: ast.AST) -> set[str]:
    """The private names a module makes: its functions, classes, variables, arguments and
    the attributes it sets (``self._plans = ...``)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load):
            names.add(node.attr)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
    return {name for name in names if private(name)}


def imported(tree: ast.AST) -> set[str]:
    """The names a module's imports bind (at its top, inside functions or for typing)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            for alias in node.names:
                names.add(alias.asname or alias.name.split(".")[0])
    return names


def reads(
    module: str, package: str, tree: ast.AST, elsewhere: set[str], known: Collection[str]
) -> Iterator[tuple[str, int, str]]:
    """Each private name of another module that ``module`` reads: (module, line, name).

    ``package``: the module's package; ``elsewhere``: the private names the package's other
    modules make and this one does not; ``known``: every module's name. A private module
    (``_chances``) is its package's: the package's modules may import it.
    """
    bound = imported(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
            target = (f"{base}.{node.module}" if node.module else base) if node.level else ""
            for alias in node.names:
                sibling = target == package and f"{target}.{alias.name}" in known
                if private(alias.name) and not sibling:
                    yield module, node.lineno, alias.name
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.ctx, ast.Load)
            and private(node.attr)
        ):
            owner = node.value
            if isinstance(owner, ast.Name) and owner.id in {"self", "cls"}:
                continue
            if (isinstance(owner, ast.Name) and owner.id in bound) or node.attr in elsewhere:
                yield module, node.lineno, node.attr


def private_reads(
    modules: Mapping[str, str], packages: Collection[str] = ()
) -> list[tuple[str, int, str]]:
    """Every read of another module's private name in ``modules`` (name: source; the
    ``packages`` among them are ``__init__`` modules)."""
    trees = {module: ast.parse(source) for module, source in modules.items()}
    makes = {module: made(tree) for module, tree in trees.items()}
    found = []
    for module, tree in trees.items():
        others = set().union(*(names for other, names in makes.items() if other != module))
        package = module if module in packages else module.rpartition(".")[0]
        found.extend(reads(module, package, tree, others - makes[module], trees.keys()))
    return found


def test_no_module_reads_another_modules_private_names() -> None:
    found = [
        f"{module}:{line} reads {name}"
        for module, line, name in private_reads(*sources())
        if (module, name) not in KNOWN
    ]
    assert not found, "give these a public name where they are made:\n" + "\n".join(found)


def test_each_known_read_is_still_there() -> None:
    """An exception for a read that is gone is said to be so, to be removed."""
    still = {(module, name) for module, _, name in private_reads(*sources())}
    gone = [pair for pair in KNOWN if pair not in still]
    assert not gone, f"these reads are gone: remove their exceptions: {gone}"


MADE = {
    "generala_tui.game.strategy": "",
    "generala_tui.game.strategy._chances": "def _rolled():\n    pass",
    "generala_tui.game.strategy.optimal": "class Planner:\n    def __init__(self):\n"
    "        self._values = ()\n_memory = {}",
}
"""A few modules for the scan to look at: a private module, a class that makes a private
attribute, a private variable."""
CHANCES = "generala_tui.game.strategy.chances"


@pytest.mark.parametrize(
    ("module", "source"),
    [
        (CHANCES, "from ._chances import _rolled"),
        (CHANCES, "from . import _chances\n_chances._rolled()"),
        (CHANCES, "from .optimal import Planner\nPlanner._memory"),
        (CHANCES, "import generala_tui.game.strategy.optimal as optimal\noptimal._memory.clear()"),
        (CHANCES, "def f(strategy):\n    return strategy._values"),
        (CHANCES, "def f(strategy):\n    return strategy.planner._values[0]"),
        ("generala_tui.ui.solver", "from ..game.strategy import _chances"),
    ],
)
def test_the_scan_sees_each_way_of_reading(module: str, source: str) -> None:
    found = private_reads({**MADE, module: source}, {"generala_tui.game.strategy"})
    assert [reader for reader, _, _ in found] == [module], found


@pytest.mark.parametrize(
    "source",
    [
        # Its own names, on itself or on another object of its own class.
        "class Chances:\n    def __init__(self):\n        self._values = 1\n"
        "    def same(self, other):\n        return other._values == self._values",
        "_memory = {}\nprint(_memory)",
        # Its package's private module; Python's names, the translation, a name no other
        # module makes.
        "from . import _chances\nfrom ._chances import rolled",
        "from . import optimal\nprint(optimal.__file__)",
        "from ..i18n import _\nprint(_('Roll'))",
        "def f(parser):\n    return parser._actions",
    ],
)
def test_the_scan_lets_a_modules_own_names_through(source: str) -> None:
    assert private_reads({**MADE, CHANCES: source}, {"generala_tui.game.strategy"}) == []
