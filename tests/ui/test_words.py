"""Every word a player reads comes from ``generala_tui/ui/text.py`` through the catalogs.

The words live in one module so a sentence is built once, from the facts, and
so the translation catalogs have one place to look. One scan reads the screens,
the widgets and the app and fails on any string literal there that reads like
words for a player: two words in a row, or one capitalised word (a button, a
binding's description, a column heading). Another reads ``text.py`` and fails
on any such literal that does not go through a translation function, so no word
bypasses the catalogs; a pseudo-language in ``test_languages.py`` proves it on
the screens themselves.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import generala_tui.ui

UI_DIR = Path(generala_tui.ui.__file__).parent
SCANNED = sorted(
    [*(UI_DIR / "screens").glob("*.py"), *(UI_DIR / "widgets").glob("*.py"), UI_DIR / "app.py"]
)
TEXT = UI_DIR / "text.py"

TRANSLATORS = frozenset({"_", "N_", "NP_", "ngettext", "pgettext"})
"""The functions that take a message of the catalogs."""
NOT_TRANSLATED = frozenset(
    {"GAME_NAME", "GAME_NAME_ART", "RULES_PAGES", "KEY_CONTEXT", "KEY_NAME_CONTEXT", "__all__"}
    | {"RECORD_FORMAT", "ANALYSIS_FORMAT", "LANGUAGE_NAMES", "ENVIRONMENT", "INSTALL_HINT"}
)
"""Names whose strings are the same in every language: the game's name, paths, file formats'
markers, each language's own name, the environment's variables."""
COMMAND_LINE = [
    *sorted((UI_DIR.parent / "commands").glob("*.py")),
    *sorted((UI_DIR.parent / "store").glob("*.py")),
    UI_DIR.parent / "words.py",
]
"""The modules that print to the terminal or tell the player of a file: words too."""
NOT_WORDS_ARGUMENTS = frozenset({"metavar", "dest", "title"})
"""Keyword arguments that name a value on the command line, or the game (a web page's title)."""

WORDS = re.compile(r"[A-Za-z]{2,}[^\S\n]+[A-Za-z]{2,}")
"""Two words of two letters or more with a space between: the mark of a sentence."""
LABEL = re.compile(r"[A-Z][a-z]+(?![A-Za-z]).*|[A-Z]{2,}", re.DOTALL)
"""A capitalised word, alone or first: a button's "Close (Esc)", a die's "HELD"."""

STYLE_WORDS = frozenset(
    {"bold", "dim", "italic", "reverse", "underline", "strike", "not", "on"}
    | {"red", "green", "cyan", "blue", "yellow", "magenta", "white", "black"}
)
"""Rich style strings ("bold green") are looks, not words."""

NOT_WORDS_KEYWORDS = frozenset(
    {"id", "classes", "name", "group", "variant", "key", "action", "style", "justify"}
    | {"overflow", "severity", "key_display", "cursor_type", "end"}
)
"""Keyword arguments that name or style a thing; every other keyword may carry words."""

SELECTOR_CALLS = frozenset(
    {"query", "query_one", "query_exactly_one", "on", "set_class", "add_class"}
    | {"remove_class", "toggle_class", "has_class", "get_widget_by_id", "run_worker"}
)
"""Calls whose string arguments are CSS selectors, classes or worker names."""

NOT_WORDS_NAMES = frozenset({"DEFAULT_CSS", "CSS", "__all__", "TITLE"})
"""Assignments whose strings are stylesheets, exports or the app's title (the game's name)."""

ALLOWED: dict[str, frozenset[str]] = {}
"""Words still written in a screen, by file: keep this short, and say why."""


def reads_as_words(text: str) -> bool:
    """Whether a string literal looks like something a player reads."""
    if WORDS.search(text):
        return not set(re.findall(r"[A-Za-z]+", text.lower())) <= STYLE_WORDS
    return LABEL.fullmatch(text.strip()) is not None


def _literal(node: ast.expr) -> str | None:
    """A string constant, or an f-string with ``{}`` for each of its holes."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(
            part.value if isinstance(part, ast.Constant) else "{}" for part in node.values
        )
    return None


def _call_name(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


def _not_words(node: ast.AST, parent: ast.AST | None) -> bool:
    """Whether a literal sits where strings are never words: a docstring, an id, a selector."""
    if isinstance(parent, ast.Expr):
        return True  # a docstring, or a string standing alone as one
    if isinstance(parent, ast.keyword):
        return parent.arg in NOT_WORDS_KEYWORDS
    if isinstance(parent, ast.Call) and node in parent.args:
        name = _call_name(parent)
        if name in SELECTOR_CALLS:
            return True
        if name == "Binding":
            return parent.args.index(node) < 2  # the key and the action
    if isinstance(parent, ast.Assign):
        return any(isinstance(t, ast.Name) and t.id in NOT_WORDS_NAMES for t in parent.targets)
    return False


def inline_words(source: str) -> list[tuple[int, str]]:
    """Each string literal of ``source`` a player would read, with its line."""
    tree = ast.parse(source)
    parents: dict[ast.AST, ast.AST] = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parents[child] = node
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.expr) or isinstance(parents.get(node), ast.JoinedStr):
            continue  # a piece of an f-string is judged with the whole of it
        text = _literal(node)
        if text is None or _not_words(node, parents.get(node)):
            continue
        # A string inside a list, tuple or dict of an assignment is judged where it sits.
        owner = parents.get(node)
        while isinstance(owner, ast.List | ast.Tuple | ast.Set | ast.Dict):
            owner = parents.get(owner)
        if isinstance(owner, ast.Assign) and _not_words(node, owner):
            continue
        if reads_as_words(text):
            found.append((node.lineno, text))
    return sorted(found)


def test_the_screens_and_widgets_write_no_words_of_their_own() -> None:
    assert SCANNED, "no screens found"
    inline = [
        f"{path.name}:{line}: {text!r}"
        for path in SCANNED
        for line, text in inline_words(path.read_text(encoding="utf-8"))
        if text not in ALLOWED.get(path.name, frozenset())
    ]
    assert not inline, "words for a player belong in generala_tui/ui/text.py:\n" + "\n".join(inline)


def test_the_allow_list_names_only_words_still_there() -> None:
    for name, allowed in ALLOWED.items():
        path = next(p for p in SCANNED if p.name == name)
        still = {text for _, text in inline_words(path.read_text(encoding="utf-8"))}
        assert allowed <= still, f"{name}: drop {sorted(allowed - still)} from ALLOWED"


def test_the_scan_finds_words_wherever_a_screen_writes_them() -> None:
    source = '''
class Screen:
    """A docstring is not shown."""
    DEFAULT_CSS = """Screen { height: 1; }"""
    BINDINGS = [Binding("ctrl+s", "save", "Save")]

    def compose(self):
        yield Button("Start the game", id="start-game", variant="primary")
        yield Static(f"Round {n} of the game", classes="round title")
        yield Input(placeholder="Name")
        self.query_one(".player-row Input").focus()
        text.append("x", "bold green")
        self.notify(f"Preset {name} chosen.")
        die.label = "HELD"
'''
    assert [text for _, text in inline_words(source)] == [
        "Save",
        "Start the game",
        "Round {} of the game",
        "Name",
        "Preset {} chosen.",
        "HELD",
    ]


def test_the_scan_leaves_ids_selectors_styles_and_symbols_alone() -> None:
    source = '''
def compose(self):
    """Docstrings say what code does."""
    yield Button("✕", id="remove-1", classes="remove", compact=True)
    yield Label(f"{seat + 1}.", classes="seat")
    self.set_class(True, "-error")
    text.append(marker, style="bold reverse")
    if verb in {"up", "down"}:
        pass
'''
    assert inline_words(source) == []


def _in_raise(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    while node in parents:
        node = parents[node]
        if isinstance(node, ast.Raise):
            return True
    return False


def untranslated_words(source: str) -> list[tuple[int, str]]:
    """Each string literal of ``source`` (text.py) that reads as words and reaches the player
    without a translation function: not a message, a docstring, a table's key or a name."""
    tree = ast.parse(source)
    parents: dict[ast.AST, ast.AST] = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parents[child] = node
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Constant | ast.JoinedStr):
            continue
        parent = parents.get(node)
        if isinstance(parent, ast.JoinedStr):
            continue  # judged with the whole f-string
        text = _literal(node)
        if text is None or isinstance(parent, ast.Expr):
            continue  # not a string, or a docstring
        if isinstance(parent, ast.Call) and _call_name(parent) in TRANSLATORS:
            continue
        if isinstance(parent, ast.keyword) and parent.arg in NOT_WORDS_ARGUMENTS:
            continue
        if isinstance(parent, ast.Call) and _call_name(parent) in {"startswith", "endswith"}:
            continue  # text looked for, never shown
        if text.startswith("generala-tui"):
            continue  # the program's name before its message
        if isinstance(parent, ast.Dict) and node in parent.keys:
            continue  # a table's key: a house rule's name, a note's key
        if isinstance(parent, ast.Compare | ast.Subscript):
            continue  # a key looked up or compared, never shown
        if _in_raise(node, parents):
            continue  # a programmer's error, not a player's word
        owner = parent
        while isinstance(owner, ast.List | ast.Tuple | ast.Set | ast.Dict):
            owner = parents.get(owner)
        if isinstance(owner, ast.Assign | ast.AnnAssign):
            targets = owner.targets if isinstance(owner, ast.Assign) else [owner.target]
            if any(isinstance(t, ast.Name) and t.id in NOT_TRANSLATED for t in targets):
                continue
        if reads_as_words(text):
            found.append((node.lineno, text))
    return sorted(found)


def test_every_word_of_text_py_goes_through_the_catalogs() -> None:
    untranslated = untranslated_words(TEXT.read_text(encoding="utf-8"))
    assert not untranslated, "wrap in _(), ngettext() or N_():\n" + "\n".join(
        f"text.py:{line}: {text!r}" for line, text in untranslated
    )


@pytest.mark.parametrize("path", COMMAND_LINE, ids=lambda p: p.name)
def test_every_word_the_command_line_prints_goes_through_the_catalogs(path: Path) -> None:
    untranslated = untranslated_words(path.read_text(encoding="utf-8"))
    assert not untranslated, "wrap in _(), ngettext() or N_():\n" + "\n".join(
        f"{path.name}:{line}: {text!r}" for line, text in untranslated
    )


def test_the_catalog_scan_finds_a_word_outside_the_translation_functions() -> None:
    source = '''
GAME_NAME = "GENERALA"
_WORDS["X"] = N_("Close (Esc)")
ROLL = "Roll the dice"


def f(n):
    """A docstring."""
    table = {"served_roll": (_("Served rolls"), "Which rolls count.")}
    return f"Take {n} points" if n else ngettext("{n} game", "{n} games", n)
'''
    assert [text for _, text in untranslated_words(source)] == [
        "Roll the dice",
        "Which rolls count.",
        "Take {} points",
    ]


def test_text_py_names_only_words_it_has() -> None:
    """Every ``NAME: str`` of text.py has its message, and every message its name."""
    from generala_tui.ui import text

    tree = ast.parse(TEXT.read_text(encoding="utf-8"))
    declared = {
        node.target.id
        for node in tree.body
        if isinstance(node, ast.AnnAssign)
        and node.value is None
        and isinstance(node.target, ast.Name)
    }
    registered = set(text._WORDS) | set(text._TABLES)
    assert declared == registered
    for name in declared:
        assert getattr(text, name)  # each reads, in the current language
