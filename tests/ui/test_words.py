"""Every word a player reads goes through the catalogs, from one place.

A screen's words and sentences live beside it (``screens/<screen>_words.py``), a
widget's beside the widget (``widgets/<widget>_words.py``), the app's own in
``ui/app_words.py``, the tables' in ``ui/table_words.py`` and what more than one
module names in ``ui/vocabulary.py``: a sentence is built once, from the facts, and
the catalogs know where to look. A module with only a few words (a chart's axes, a
die's label) writes them itself, through ``_()``, and has no words module beside it.
One scan reads the screens, the widgets and the rest of the user interface and
fails on any string literal there that reads like words for a player (two words
in a row, or one capitalised word: a button, a binding's description, a column
heading) and does not go through a translation function, or does in a module
with a words module beside it (which is where its words go). Another reads the
words modules and fails on any such literal that
does not go through a translation function, so no word bypasses the catalogs;
a pseudo-language in ``test_languages.py`` proves it on the screens themselves.
Words are translated when read, never at import: a words module calls no
translation function outside a function, and has no module ``__getattr__``.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re
from pathlib import Path

import pytest

import generala_tui.ui

UI_DIR = Path(generala_tui.ui.__file__).parent
UI_MODULES = sorted(
    [*UI_DIR.glob("*.py"), *(UI_DIR / "screens").glob("*.py"), *(UI_DIR / "widgets").glob("*.py")]
)
WORDS_MODULES = [
    path
    for path in UI_MODULES
    if path.name.endswith("_words.py") or path.name in {"vocabulary.py", "text.py"}
]
"""Where the user interface's words are written: every other module only reads them."""
SCANNED = [path for path in UI_MODULES if path not in WORDS_MODULES]

TRANSLATORS = frozenset({"_", "N_", "NP_", "ngettext", "pgettext"})
"""The functions that take a message of the catalogs."""
NOT_TRANSLATED = frozenset(
    {"GAME_NAME", "GAME_NAME_ART", "RULES_COMMAND", "KEY_CONTEXT", "KEY_NAME_CONTEXT", "__all__"}
    | {"RECORD_FORMAT", "ANALYSIS_FORMAT", "LANGUAGE_NAMES", "ENVIRONMENT", "INSTALL_HINT"}
    | {"SCREEN_VARIABLES"}
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

ALLOWED: dict[str, frozenset[str]] = {
    # A programmer's error: a screen mounted in an app that is no game's host.
    "host.py": frozenset({"{} is not a generala-tui host"}),
    # Bindings with show=False: neither the Footer nor the key panel draws their words;
    # and the environment variable that names the terminal's kind (for its notices).
    "workarounds.py": frozenset({"Next page", "Previous page", "TERM"}),
}
"""Words still written outside the words modules, by file: keep this short, and say why."""


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


def inline_words(source: str, *, translated: bool = False) -> list[tuple[int, str]]:
    """Each string literal of ``source`` a player would read, with its line; ``translated``:
    but those given to a translation function (a module with no words module of its own)."""
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
        parent = parents.get(node)
        if translated and isinstance(parent, ast.Call) and _call_name(parent) in TRANSLATORS:
            continue
        # A string inside a list, tuple or dict of an assignment is judged where it sits.
        owner = parents.get(node)
        while isinstance(owner, ast.List | ast.Tuple | ast.Set | ast.Dict):
            owner = parents.get(owner)
        if isinstance(owner, ast.Assign) and _not_words(node, owner):
            continue
        if isinstance(owner, ast.Subscript):
            continue  # a key looked up, or a type named ahead (Callable[..., "Chances | None"])
        if reads_as_words(text):
            found.append((node.lineno, text))
    return sorted(found)


def words_module_of(path: Path) -> Path:
    """Where the words of the module at ``path`` go when it has a words module."""
    return path.with_name(path.stem + "_words.py")


def test_the_screens_and_widgets_write_no_words_of_their_own() -> None:
    assert SCANNED, "no screens found"
    inline = [
        f"{path.name}:{line}: {text!r}"
        for path in SCANNED
        for line, text in inline_words(
            path.read_text(encoding="utf-8"), translated=not words_module_of(path).exists()
        )
        if text not in ALLOWED.get(path.name, frozenset())
    ]
    assert not inline, (
        "words for a player go through _() (ngettext(), pgettext()), in the module's words "
        "module where it has one (screens/<screen>_words.py, widgets/<widget>_words.py, "
        "ui/vocabulary.py):\n" + "\n".join(inline)
    )


def test_the_scan_lets_a_module_without_words_module_translate_its_own() -> None:
    source = """
def render(self):
    plt.xlabel(_("round"))
    yield Button(pgettext("box", "Start the game"))
    yield Label(ngettext("{n} game played", "{n} games played", n))
    yield Button("Start the game")
    self.notify(f"{title} of the game")
"""
    assert [text for _, text in inline_words(source, translated=True)] == [
        "Start the game",
        "{} of the game",
    ]
    # A module with a words module beside it writes its words there, not through _().
    assert [text for _, text in inline_words(source)] == [
        "Start the game",
        "{n} game played",
        "{n} games played",
        "Start the game",
        "{} of the game",
    ]


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


def translated_in_f_strings(source: str) -> list[tuple[int, str]]:
    """Each translation function given a message inside an f-string of ``source``: the
    catalogs' extraction (Babel's) does not look inside f-strings, so that message would never
    reach them (a message marked elsewhere, ``_(name)``, is found where it is marked)."""
    return sorted(
        {
            (call.lineno, ast.unparse(call))
            for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.JoinedStr)
            for call in ast.walk(node)
            if isinstance(call, ast.Call)
            and _call_name(call) in TRANSLATORS
            and any(isinstance(arg, ast.Constant) for arg in call.args)
        }
    )


@pytest.mark.parametrize("path", [*UI_MODULES, *COMMAND_LINE], ids=lambda p: p.name)
def test_no_word_is_translated_inside_an_f_string(path: Path) -> None:
    found = translated_in_f_strings(path.read_text(encoding="utf-8"))
    assert not found, f"{path.name}: translate outside the f-string (the catalogs miss it): {found}"


def test_the_f_string_scan_finds_a_translation_inside_one() -> None:
    source = """
a = f"{_('Scorecard')} · {mark}"
b = _("Scorecard") + f" {mark}"
c = f"{_(name)}"
"""
    assert translated_in_f_strings(source) == [(2, "_('Scorecard')")]


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
    """Each string literal of ``source`` (a words module) that reads as words and reaches the player
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


def test_the_words_modules_are_found() -> None:
    names = {path.name for path in WORDS_MODULES}
    assert {"vocabulary.py", "turn_words.py", "setup_words.py", "coach_words.py"} <= names
    assert not {path.name for path in SCANNED} & {"vocabulary.py", "turn_words.py"}


@pytest.mark.parametrize("path", WORDS_MODULES, ids=lambda p: p.name)
def test_every_word_of_a_words_module_goes_through_the_catalogs(path: Path) -> None:
    untranslated = untranslated_words(path.read_text(encoding="utf-8"))
    assert not untranslated, "wrap in _(), ngettext() or N_():\n" + "\n".join(
        f"{path.name}:{line}: {text!r}" for line, text in untranslated
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


def translated_at_import(source: str) -> list[tuple[int, str]]:
    """Each call of a translating function (``_``, ``ngettext``, ``pgettext``) outside every
    function of ``source``: a word translated once, at import, that a change of language would
    never reach. Marking a message (``N_``, ``NP_``) is not translating it."""
    found = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            return
        if isinstance(node, ast.Call) and _call_name(node) in TRANSLATORS - {"N_", "NP_"}:
            found.append((node.lineno, ast.unparse(node)))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(source))
    return found


@pytest.mark.parametrize("path", UI_MODULES, ids=lambda p: p.name)
def test_a_words_module_translates_when_read_never_at_import(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    assert not translated_at_import(source), f"{path.name}: translate inside a function"
    tree = ast.parse(source)
    magic = [
        n.name for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "__getattr__"
    ]
    assert not magic, f"{path.name}: a plain function a word, not a module __getattr__"


def test_the_import_scan_finds_a_word_translated_at_import() -> None:
    source = """
ROLL = _("Roll")
KEY = NP_("key", "Roll")
TABLE = {"a": ngettext("{n} game", "{n} games", 2)}


def roll_button():
    return _("Roll")


class Keys:
    QUIT = pgettext("key", "Quit")
"""
    assert [call for _, call in translated_at_import(source)] == [
        "_('Roll')",
        "ngettext('{n} game', '{n} games', 2)",
        "pgettext('key', 'Quit')",
    ]


def test_every_word_of_a_words_module_reads_in_the_current_language() -> None:
    """Each word (a public function of no arguments) of the words modules reads, and reads
    again in another language: translated on each call, never once."""
    from generala_tui import i18n

    read, changed = 0, 0
    for path in WORDS_MODULES:
        relative = path.relative_to(UI_DIR.parent.parent).with_suffix("")
        module = importlib.import_module(".".join(relative.parts))
        for name, function in vars(module).items():
            if (
                name.startswith("_")
                or not inspect.isfunction(function)
                or function.__module__ != module.__name__
                or inspect.signature(function).parameters
            ):
                continue
            i18n.set_language("en")
            english = function()
            assert english, f"{path.name}: {name}() reads as nothing"
            i18n.set_language("es")
            read += 1
            changed += function() != english
    i18n.set_language("en")
    assert read > 100, "the words modules' words were not found"
    assert changed > 0.9 * read, f"only {changed} of {read} words read again in Spanish"


def test_the_screens_word_is_read_in_the_language_of_the_moment() -> None:
    from generala_tui import i18n
    from generala_tui.ui import vocabulary

    i18n.set_language("es")
    assert vocabulary.roll_button() == "Tirar"
    i18n.set_language("en")
    assert vocabulary.roll_button() == "Roll"


def test_each_words_module_sits_beside_what_it_names() -> None:
    """``screens/x_words.py`` beside ``screens/x.py``, ``widgets/x_words.py`` beside
    ``widgets/x.py``: a scheme an editor can follow."""
    for path in WORDS_MODULES:
        if path.name.endswith("_words.py") and path.parent != UI_DIR:
            beside = path.with_name(path.name.removesuffix("_words.py") + ".py")
            assert beside.exists(), f"{path.name} names no module beside it"
