"""The game reaches Textual through its public API only, except in ``ui/workarounds.py``.

Harlequin guards its core against Textual with a test; this guards the rest of the game
against Textual's insides: no module of ``generala_tui/`` but the workarounds module
imports a private Textual module (``textual.widgets._footer``), names one in a string,
or touches an underscore attribute of a Textual object: one a Textual class defines or
sets (``self._bindings_ready`` in a Footer, ``key._disabled``), overrides one (a Button's
``_on_click``), or gives one of its own a name Textual already uses on that class.
"""

from __future__ import annotations

import ast
import importlib
import re
import sys
import textwrap
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

import generala_tui

PACKAGE = Path(generala_tui.__file__).parent
WORKAROUNDS = PACKAGE / "ui" / "workarounds.py"
PUBLIC_UNDERSCORE = frozenset({"_replace", "_asdict", "_fields", "_field_defaults", "_make"})
"""A NamedTuple's public methods and fields (ActiveBinding's ``_replace``)."""
PRIVATE_MODULE = re.compile(r"^textual(\.\w+)*\._\w+")


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__") and name not in PUBLIC_UNDERSCORE


def _sources() -> Iterator[Path]:
    for path in sorted(PACKAGE.rglob("*.py")):
        if path != WORKAROUNDS:
            yield path


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _self_attributes(tree: ast.AST) -> set[str]:
    """The underscore names assigned or read as ``self._x`` in a piece of Textual's source."""
    return {
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id in {"self", "cls"}
        and _private(node.attr)
    }


@cache
def _textual_trees() -> dict[str, ast.Module]:
    """Textual's modules, parsed once, by module name."""
    import textual

    root = Path(textual.__file__).parent.parent
    trees = {}
    for path in sorted(Path(textual.__file__).parent.rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        trees[name] = ast.parse(path.read_text(encoding="utf-8"))
    return trees


@cache
def _set_in_class(module: str, qualname: str) -> frozenset[str]:
    """The underscore names a class of Textual's sets or reads on ``self`` in its body."""
    tree = _textual_trees().get(module)
    for node in tree.body if tree is not None else []:
        if isinstance(node, ast.ClassDef) and node.name == qualname:
            return frozenset(_self_attributes(node))
    return frozenset()


@cache
def _textual_class_names(cls: type) -> frozenset[str]:
    """The underscore names a Textual class defines, inherits or sets on its instances."""
    names: set[str] = set()
    for base in cls.__mro__:
        if base.__module__.split(".")[0] == "textual":
            names.update(name for name in vars(base) if _private(name))
            names.update(_set_in_class(base.__module__, base.__qualname__))
    return frozenset(names)


@cache
def _all_textual_names() -> frozenset[str]:
    """Every underscore name Textual's own classes define or set, anywhere in Textual."""
    names: set[str] = set()
    for tree in _textual_trees().values():
        names.update(_self_attributes(tree))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) and _private(
                        item.name
                    ):
                        names.add(item.name)
    return frozenset(names)


@cache
def _our_names() -> frozenset[str]:
    """The underscore names the game itself defines: a method, a class attribute, or an
    attribute it sets on an object of its own (outside classes that extend Textual's)."""
    names: set[str] = set()
    for path in _sources():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(node.name)
            elif (
                isinstance(node, ast.Attribute)
                and isinstance(node.ctx, ast.Store)
                and _is_self(node.value)
            ):
                names.add(node.attr)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
    return frozenset(name for name in names if _private(name))


def _is_self(node: ast.expr) -> bool:
    """``self``, ``cls`` or ``super()``: the class's own attributes and its bases'."""
    if isinstance(node, ast.Name):
        return node.id in {"self", "cls"}
    return (
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "super"
    )


def _violations(path: Path, module_name: str, where: str) -> Iterator[str]:
    """What in the module at ``path`` (imported as ``module_name``) reaches Textual's insides,
    each said with ``where`` and its line."""
    tree = ast.parse(path.read_text(encoding="utf-8"))

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if PRIVATE_MODULE.match(alias.name):
                    yield f"{where}:{node.lineno}: imports {alias.name}"
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if PRIVATE_MODULE.match(node.module):
                yield f"{where}:{node.lineno}: imports from {node.module}"
            elif node.module.split(".")[0] == "textual":
                for alias in node.names:
                    if _private(alias.name):
                        yield f"{where}:{node.lineno}: imports {alias.name} from {node.module}"
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and PRIVATE_MODULE.match(node.value)
        ):
            yield f"{where}:{node.lineno}: names the private module {node.value}"

    # The classes that extend Textual's: what they define or use on themselves. (A class
    # nested in one is walked with it.)
    classes = [node for node in tree.body if isinstance(node, ast.ClassDef)]
    module = importlib.import_module(module_name) if classes else None
    for node in classes:
        cls = getattr(module, node.name, None)
        if not isinstance(cls, type):
            continue
        textual_names = _textual_class_names(cls)
        if not textual_names:
            continue
        for item in ast.walk(node):
            if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) and item.name in (
                textual_names
            ):
                yield f"{where}:{item.lineno}: {node.name} overrides Textual's {item.name}"
            elif (
                isinstance(item, ast.Attribute)
                and _is_self(item.value)
                and item.attr in textual_names
            ):
                yield f"{where}:{item.lineno}: {node.name} uses Textual's {item.attr}"
        for item in node.body:
            targets: list[ast.expr] = []
            if isinstance(item, ast.Assign):
                targets = item.targets
            elif isinstance(item, ast.AnnAssign):
                targets = [item.target]
            for target in targets:
                if isinstance(target, ast.Name) and target.id in textual_names:
                    yield f"{where}:{item.lineno}: {node.name} redefines Textual's {target.id}"

    # Any other object: an underscore name that Textual uses and the game never defines is
    # taken to be Textual's (``key._disabled``, ``stylesheet._parse_cache``).
    foreign = _all_textual_names() - _our_names()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and not _is_self(node.value) and node.attr in foreign:
            yield f"{where}:{node.lineno}: touches Textual's {node.attr}"


def test_nothing_outside_the_workarounds_module_reaches_textuals_insides() -> None:
    found = [
        violation
        for path in _sources()
        for violation in _violations(
            path, _module_name(path), str(path.relative_to(PACKAGE.parent))
        )
    ]
    assert not found, "\n".join(found)


def test_the_workarounds_module_is_there_and_reaches_textuals_insides() -> None:
    """The scan sees the workarounds module's own private uses (so it would see them
    anywhere else), and the module is left out of the scan above."""
    assert WORKAROUNDS not in set(_sources())
    found = list(_violations(WORKAROUNDS, "generala_tui.ui.workarounds", "workarounds"))
    assert any("overrides Textual's _start_no_matches_countdown" in v for v in found), found


def test_the_scan_finds_each_kind_of_private_use(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Written for the purpose: a module with one of each (and a NamedTuple's public
    ``_replace``, which is not one)."""
    (tmp_path / "guarded_sample.py").write_text(
        textwrap.dedent(
            """
            from textual.widgets import Button, Footer
            from textual.widgets._footer import FooterKey
            from textual.command import CommandPalette

            MODULE = "textual.widgets._input"

            class Keys(Footer):
                def compose(self):
                    ready = self._bindings_ready
                    yield from super().compose()

            class Plain(Button):
                _default_variant = "x"

                async def _on_click(self, event):
                    pass

            class Palette(CommandPalette):
                def _action_command_list(self, action):
                    super()._action_command_list(action)

            def regrey(key, active):
                key._disabled = False
                return active._replace(enabled=True)
            """
        ),
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        found = list(_violations(tmp_path / "guarded_sample.py", "guarded_sample", "sample"))
    finally:
        sys.modules.pop("guarded_sample", None)
    expected = [
        "sample:3: imports from textual.widgets._footer",
        "sample:6: names the private module textual.widgets._input",
        "sample:10: Keys uses Textual's _bindings_ready",
        "sample:14: Plain redefines Textual's _default_variant",
        "sample:16: Plain overrides Textual's _on_click",
        "sample:20: Palette overrides Textual's _action_command_list",
        "sample:21: Palette uses Textual's _action_command_list",
        "sample:24: touches Textual's _disabled",
    ]
    assert sorted(found) == sorted(expected)
