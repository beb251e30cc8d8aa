"""The player's own keys: the ``keys`` of the preferences, checked, as Textual's keymap.

Every binding of the game has an id (``turn.roll``, ``app.help``: the table in
``docs/keys.md``); the preferences' ``keys`` give an id keys of the player's choosing
(``"turn.roll": "x,space"``) and Textual's keymap (:meth:`textual.app.App.set_keymap`) puts
them in place of the binding's own, in the Footer too. What can't be honoured is refused
entry by entry, in words, and that binding keeps its own keys: an id no binding has, a key
that is no key, a key kept for quitting or the menu, or a key that another action of the
same screen already answers to.

Each screen's bindings are read from its class, so checking imports every screen: the app
does it only when the preferences hold keys (start-up stays as fast without).
"""

from __future__ import annotations

import importlib
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
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
    """Every screen's bindings (imports each screen's module), with the app's live on it:
    on a modal screen only the app's priority bindings are."""
    from textual.screen import ModalScreen

    app = bindings_of(app_bindings)
    screens: dict[str, list[Binding]] = {}
    for name, module_name, class_names in SCREENS:
        module = importlib.import_module(module_name)
        classes = [getattr(module, class_name) for class_name in class_names]
        modal = any(isinstance(c, type) and issubclass(c, ModalScreen) for c in classes)
        own = [b for c in classes for b in bindings_of(c.BINDINGS)]
        screens[name] = own + [b for b in app if b.priority or not modal]
    return screens


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

    kind: Literal["unknown", "fixed", "malformed", "reserved", "conflict"]
    binding_id: str
    keys: str = ""
    """The keys as the player wrote them, or the one key that clashes."""
    other: str = ""
    """The binding the key is kept for, or that already answers to it."""


def check(entries: Mapping[str, str], screens: Screens) -> tuple[dict[str, str], list[Refusal]]:
    """The keymap for Textual (binding id -> comma-separated keys, in Textual's names) of
    the entries that can be honoured, and a refusal for each of the others, in the order of
    ``entries``."""
    known = {b.id for bindings in screens.values() for b in bindings if b.id}
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
    """The first entry of ``wanted`` that gives a key to two actions of one screen, where
    the game's own keys did not: a refusal naming the binding that keeps the key."""
    order = list(wanted)
    for bindings in screens.values():
        default: dict[str, set[str]] = {}
        for b in bindings:
            if b.id:
                default.setdefault(b.id, set()).add(b.key)
        answering: dict[str, list[str]] = {}  # key -> the ids answering to it here
        for b in bindings:
            if b.id is None:
                continue
            for key in wanted.get(b.id, [b.key]):
                if b.id not in answering.setdefault(key, []):
                    answering[key].append(b.id)
        for key, ids in answering.items():
            for mine in sorted((i for i in ids if i in wanted), key=order.index, reverse=True):
                for other in ids:
                    shared_before = key in default[mine] and key in default[other]
                    if other != mine and not shared_before:
                        # Both the player's? The later entry gives way.
                        if other in wanted and order.index(other) > order.index(mine):
                            mine, other = other, mine
                        return Refusal("conflict", mine, key, other)
    return None
