"""The player's own keys: the ``keys`` of the preferences, checked, as Textual's keymap.

Every binding of the game has an id (``turn.roll``, ``app.help``: the table in
``docs/keys.md``); the preferences' ``keys`` give an id keys of the player's choosing
(``"turn.roll": "x,space"``) and Textual's keymap (:meth:`textual.app.App.set_keymap`) puts
them in place of the binding's own, in the Footer too. What can't be honoured is refused
entry by entry, in words, and that binding keeps its own keys: an id no binding has, a key
that is no key, a key kept for quitting or the menu, a key that another action of the
same screen already answers to, or one a widget of it takes (a text field's typing, a
list's arrows).

Each screen's bindings are read from its class, so checking imports every screen: the app
does it only when the preferences hold keys, after the first frame.
"""

from __future__ import annotations

import importlib
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from textual.binding import Binding
from textual.keys import KEY_NAME_REPLACEMENTS, Keys, key_to_character

RESERVED = {
    "ctrl+q": "app.quit",
    "ctrl+c": "app.quit",
    "ctrl+p": "app.command_palette",
    "tab": "app.focus_next",
    "shift+tab": "app.focus_previous",
}
"""Keys no binding of the player's may take: quitting, the command palette, and moving the
focus (Textual's own) always answer to them, by the binding id named here."""

FIXED = frozenset({"app.quit"})
"""Bindings whose keys can't change: ``ctrl+q`` and ``ctrl+c`` always quit."""

MODIFIERS = ("ctrl", "alt", "shift", "meta", "super", "hyper")

SCREENS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    # (name, module, the classes whose bindings are live together on that screen)
    ("setup", "generala_tui.ui.screens.setup", ("SetupScreen", "LevelPicker", "ColourPicker")),
    ("settings", "generala_tui.ui.screens.settings", ("SettingsScreen",)),
    ("turn", "generala_tui.ui.screens.turn", ("TurnScreen",)),
    ("turn_log", "generala_tui.ui.screens.turn_log", ("TurnLogScreen",)),
    ("scorecard", "generala_tui.ui.screens.scorecard", ("ScorecardScreen",)),
    ("help", "generala_tui.ui.screens.help", ("HelpScreen",)),
    ("dialog", "generala_tui.ui.screens.dialogs", ("ConfirmDialog",)),
    ("game_over", "generala_tui.ui.screens.game_over", ("GameOverScreen",)),
    ("analysis", "generala_tui.ui.screens.analysis", ("AnalysisScreen", "DecisionList")),
    ("decision", "generala_tui.ui.screens.analysis", ("DecisionScreen",)),
    ("statistics", "generala_tui.ui.screens.statistics", ("StatisticsScreen",)),
    ("history", "generala_tui.ui.screens.history", ("HistoryScreen",)),
    ("export", "generala_tui.ui.screens.export", ("ExportDialog",)),
    ("trainer", "generala_tui.ui.screens.trainer", ("TrainerScreen",)),
    ("replay", "generala_tui.ui.screens.replay", ("ReplayScreen",)),
    ("chat", "generala_tui.ui.screens.chat", ("ChatScreen",)),
    ("online", "generala_tui.ui.screens.online", ("OnlineChoice",)),
    ("join", "generala_tui.ui.screens.online", ("JoinDialog",)),
    ("host", "generala_tui.ui.screens.online", ("HostDialog",)),
    ("lobby", "generala_tui.ui.screens.lobby", ("LobbyScreen",)),
    ("games", "generala_tui.ui.screens.rated_games", ("RatedGamesScreen",)),
    ("palette", "generala_tui.ui.workarounds", ("PaletteWorkarounds",)),
)
"""Every class of the game with bindings, by the screen where they are live together."""

Screens = Mapping[str, Sequence[Binding]]
"""Each screen's bindings by its name: its own, and the app's that are live on it."""


def bindings_of(bindings: Iterable[object]) -> list[Binding]:
    """``BINDINGS`` as bindings, one a key ("r,space" makes two)."""
    return [
        one
        for binding in bindings
        if isinstance(binding, Binding)
        for one in Binding.make_bindings([binding])
    ]


def the_screens(app_bindings: Iterable[object]) -> dict[str, list[Binding]]:
    """Every screen's bindings (imports each screen's module), with the app's live on it (on a
    modal screen only the app's priority bindings are) and the keys its widgets take for
    themselves (a field's ``home``, a button's ``enter``; :func:`widget_keys`)."""
    from textual.screen import ModalScreen
    from textual.widget import Widget

    app = bindings_of(app_bindings)
    screens: dict[str, list[Binding]] = {}
    for name, module_name, class_names in SCREENS:
        module = importlib.import_module(module_name)
        classes = [getattr(module, class_name) for class_name in class_names]
        modal = any(issubclass(c, ModalScreen) for c in classes)
        own = [b for c in classes for b in bindings_of(c.BINDINGS)]
        # The screen's own classes' keys are live; of the other widgets, those that take focus.
        widgets = [
            v
            for v in vars(module).values()
            if isinstance(v, type) and issubclass(v, Widget) and v.can_focus
        ]
        taken = widget_keys([*classes, *widgets])
        screens[name] = own + [b for b in app if b.priority or not modal] + taken
    return screens


TYPED = "(typed)"
"""The key of a text field's typing: every key that types a character."""


def widget_keys(classes: Iterable[type]) -> list[Binding]:
    """The keys Textual's widgets among ``classes`` (and their bases) take for themselves,
    each bound to an id that names the widget in brackets ("(Input)"), which no entry of the
    player's can name; a text field takes every character typed too (:data:`TYPED`)."""
    from textual.dom import DOMNode
    from textual.widgets import Input, TextArea

    taken: list[Binding] = []
    for cls in classes:
        textual = [
            base
            for base in cls.__mro__
            if base.__module__.startswith("textual.") and issubclass(base, DOMNode)
        ]
        if not textual:
            continue
        name = f"({textual[0].__name__})"
        lists = {id(base.BINDINGS): base.BINDINGS for base in textual}
        taken += [replace(b, id=name) for bindings in lists.values() for b in bindings_of(bindings)]
        if issubclass(cls, Input | TextArea):
            taken.append(Binding(TYPED, "type", id=name))
    return taken


def key_of(written: str) -> str | None:
    """The key ``written`` names, as Textual names it ("?" is ``question_mark``, "ctrl+X"
    ``ctrl+x``), or ``None`` when it names no key."""
    *modifiers, base = written.strip().split("+")
    if not base and modifiers and not modifiers[-1]:
        # "+" or "ctrl++": the last "+" is the key itself.
        modifiers, base = modifiers[:-1], "+"
    modifiers = [m.lower() for m in modifiers]
    if any(m not in MODIFIERS for m in modifiers) or len(set(modifiers)) < len(modifiers):
        return None
    if len(base) == 1:
        if not base.isprintable() or base.isspace():
            return None
        key = base if base.isalnum() else _character_name(base)
    else:
        key = base.lower()
        if not _named_key(key):
            return None
    return "+".join([*modifiers, key])


_KEYS = frozenset(k.value for k in Keys if "+" not in k.value and not k.value.startswith("<"))


def _character_name(character: str) -> str:
    # As Textual names a character's key: its Unicode name, in a word or two.
    try:
        name = unicodedata.name(character).lower().replace("-", "_").replace(" ", "_")
    except ValueError:
        return character
    return KEY_NAME_REPLACEMENTS.get(name, name)


def _named_key(key: str) -> bool:
    return (
        key in _KEYS
        or key in KEY_NAME_REPLACEMENTS.values()
        or (key_to_character(key) is not None and len(key) > 1)
    )


def keys_of(written: str) -> list[str] | None:
    """The keys of a comma-separated list ("x, space"), each once, or ``None`` when one of
    them names no key (or none is given). A comma itself is written ``comma``."""
    keys: list[str] = []
    for part in written.split(","):
        key = key_of(part)
        if key is None:
            return None
        if key not in keys:
            keys.append(key)
    return keys or None


@dataclass(frozen=True)
class Refusal:
    """An entry of the player's keys that is not honoured (its binding keeps its own keys)."""

    kind: Literal["unknown", "fixed", "malformed", "reserved", "conflict", "field"]
    binding_id: str
    keys: str = ""
    """The keys as the player wrote them, or the one key that clashes."""
    other: str = ""
    """The binding the key is kept for, or that already answers to it (for a ``field``:
    the widget that takes it, "Input")."""


def check(entries: Mapping[str, str], screens: Screens) -> tuple[dict[str, str], list[Refusal]]:
    """The keymap for Textual (binding id -> comma-separated keys, in Textual's names) of
    the entries that can be honoured, and a refusal for each of the others, in the order of
    ``entries``."""
    known = {b.id for bindings in screens.values() for b in bindings if b.id and b.id[0] != "("}
    wanted: dict[str, list[str]] = {}
    refusals: list[Refusal] = []
    for binding_id, written in entries.items():
        keys = keys_of(written)
        if binding_id not in known:
            refusals.append(Refusal("unknown", binding_id, written))
        elif binding_id in FIXED:
            refusals.append(Refusal("fixed", binding_id, written))
        elif keys is None:
            refusals.append(Refusal("malformed", binding_id, written))
        elif reserved := next((k for k in keys if k in RESERVED), None):
            refusals.append(Refusal("reserved", binding_id, reserved, RESERVED[reserved]))
        else:
            wanted[binding_id] = keys
    while clash := _first_clash(wanted, screens):
        refusals.append(clash)
        del wanted[clash.binding_id]
    return {binding_id: ",".join(keys) for binding_id, keys in wanted.items()}, refusals


def _first_clash(wanted: Mapping[str, list[str]], screens: Screens) -> Refusal | None:
    """The first key of ``wanted`` new to its binding that another action of a screen, or a
    widget of it, answers to: a refusal of the entry that gives way (the later of two of the
    player's entries, never one keeping a key of the game's)."""
    order = list(wanted)
    for bindings in screens.values():
        default: dict[str, set[str]] = {}
        priority: dict[str, bool] = {}
        for b in bindings:
            if b.id:
                default.setdefault(b.id, set()).add(b.key)
                priority[b.id] = priority.get(b.id, False) or b.priority
        typing = sorted({b.id for b in bindings if b.key == TYPED and b.id})
        answering: dict[str, list[str]] = {}  # key -> the ids answering to it here
        for b in bindings:
            if b.id is None or b.key == TYPED:
                continue
            for key in wanted.get(b.id, [b.key]):
                if b.id not in answering.setdefault(key, []):
                    answering[key].append(b.id)
        for mine in order:
            if mine not in default:
                continue
            for key in wanted[mine]:
                if key in default[mine]:
                    continue  # the game's own key for it: it keeps it
                others = [other for other in answering.get(key, []) if other != mine]
                typed = _types(key)
                if typed:
                    others += typing
                # A widget's key first: it is no one's to give way, so the entry is refused
                # before it could make another give way.
                for other in sorted(others, key=lambda other: other[0] != "("):
                    if other[0] == "(":
                        # A widget's key: a priority binding goes first, but never takes
                        # what a text field types.
                        if priority[mine] and not (typed and other in typing):
                            continue
                        return Refusal("field", mine, key, other.strip("()"))
                    later = order.index(other) > order.index(mine) if other in wanted else False
                    if later and key not in default[other]:
                        return Refusal("conflict", other, key, mine)
                    return Refusal("conflict", mine, key, other)
    return None


def _types(key: str) -> bool:
    """Whether ``key`` types a character into a text field."""
    character = key_to_character(key)
    return character is not None and character.isprintable()
