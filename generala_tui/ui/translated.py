"""The Footer's words in the current language, and the screens told when the language changes.

Textual builds a node's bindings when the node is made, from its class's
``BINDINGS``, and the Footer draws their descriptions as they are. Here the
descriptions stay message ids (:class:`generala_tui.ui.vocabulary.Keys`) and every
screen of the game translates them each time the Footer asks which keys are
active: a change of language shows on the Footer's next draw, on every screen.
"""

from __future__ import annotations

import inspect
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from textual import events
from textual.binding import ActiveBinding, Binding
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer

from ..i18n import changes, pgettext
from .vocabulary import KEY_CONTEXT

_HELP_ACTIONS = frozenset({"help", "app.help"})
"""The help's action, bound to ``?`` and ``f1`` (see ``GeneralaApp.BINDINGS``)."""


def _takes_question_mark(widget: Widget | None) -> bool:
    """Whether ``widget`` takes "?" as a character (a text field, such as an Input), asked as
    Textual asks when it leaves such keys out of the bindings."""
    return widget is not None and widget.check_consume_key("question_mark", "?")


@lru_cache(maxsize=1024)
def _translated(binding: Binding, changes: int) -> Binding:
    # The language's changes are part of the key: a binding reads differently in each.
    return replace(
        binding,
        description=pgettext(KEY_CONTEXT, binding.description) if binding.description else "",
        tooltip=pgettext(KEY_CONTEXT, binding.tooltip) if binding.tooltip else "",
    )


def translate(binding: Binding) -> Binding:
    """``binding`` with its description and tooltip in the current language."""
    return _translated(binding, changes())


@lru_cache(maxsize=256)
def _declared(node_class: type[DOMNode]) -> dict[str, tuple[int, frozenset[str]]]:
    """The ids of the bindings a class declares: each one's place among them, and its keys."""
    declared: dict[str, tuple[int, frozenset[str]]] = {}
    for binding in Binding.make_bindings(node_class.BINDINGS):
        if binding.id is not None:
            place, keys = declared.get(binding.id, (len(declared), frozenset()))
            declared[binding.id] = (place, keys | {binding.key})
    return declared


def _remapped(bindings: dict[str, ActiveBinding]) -> set[tuple[int, str]]:
    """The bindings (by their node and id) the player gave keys of their own: Textual's
    keymap puts all their keys after their node's others."""
    return {
        (id(active.node), active.binding.id)
        for key, active in bindings.items()
        if active.binding.id is not None
        and active.binding.id in (declared := _declared(type(active.node)))
        and key not in declared[active.binding.id][1]
    }


def _in_declared_order(bindings: dict[str, ActiveBinding]) -> dict[str, ActiveBinding]:
    """``bindings`` with the keys the player chose back where the game's keys were among
    their node's (the Footer shows "x Roll" where "r Roll" was): each goes before the next
    binding in declared order; any other order is left as it is."""
    remapped = _remapped(bindings)
    if not remapped:
        return bindings
    moved = [
        (key, active)
        for key, active in bindings.items()
        if (id(active.node), active.binding.id) in remapped
    ]
    ordered = [item for item in bindings.items() if item not in moved]
    for key, active in moved:
        declared = _declared(type(active.node))
        place = declared[active.binding.id or ""][0]
        places = {
            index: declared[other.binding.id][0]
            for index, (_key, other) in enumerate(ordered)
            if other.node is active.node and other.binding.id in declared
        }
        after = {index: at for index, at in places.items() if at > place}
        before = {index: at for index, at in places.items() if at <= place}
        if after:
            at = min(after, key=lambda index: (after[index], index))
        elif before:
            at = max(before, key=lambda index: (before[index], index)) + 1
        else:
            at = len(ordered)
        ordered.insert(at, (key, active))
    return dict(ordered)


if TYPE_CHECKING:
    # For the type checker the mixin is the screen it is mixed into, so that its
    # ``super()`` is typed; at run time it is a plain mixin before ``Screen``.
    _ScreenMixin = Screen[Any]
else:
    _ScreenMixin = object


class TranslatedBindings(_ScreenMixin):
    """Mixed into a screen (before ``Screen``): its Footer speaks the current language."""

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        bindings = super().active_bindings
        translated = {
            key: active._replace(
                binding=translate(active.binding),
                tooltip=pgettext(KEY_CONTEXT, active.tooltip) if active.tooltip else "",
            )
            for key, active in bindings.items()
        }
        if _takes_question_mark(self.focused):
            # A text field takes "?" as a character: the Footer names the help key that works
            # (f1, or the player's own: the field's keys are no longer among the bindings).
            translated = {
                key: active._replace(binding=replace(active.binding, key_display=None))
                if active.binding.action in _HELP_ACTIONS
                else active
                for key, active in translated.items()
            }
        return self._fitting(self.footer_keys(_in_declared_order(translated)))

    def footer_keys(self, bindings: dict[str, ActiveBinding]) -> dict[str, ActiveBinding]:
        """The keys this screen's Footer may show, before they are fitted to its width: a
        screen leaves out keys of its own here (they still work)."""
        return bindings

    def _fitting(self, bindings: dict[str, ActiveBinding]) -> dict[str, ActiveBinding]:
        """``bindings`` with the keys the Footer has no room for left out of it (they still
        work, and the help lists them): at 40 columns no word is cut by the next key, the
        palette's key or the edge. Keys are kept in order, each that fits whole."""
        footers = list(self.query(Footer))
        if not footers:
            return bindings
        footer = footers[0]
        # A compact key is "^n Add player" and a margin; a full one " ^n " then "Add player ".
        padding = 2 if footer.compact else 3
        room = footer.size.width or self.app.size.width
        palette = bindings.get(self.app.COMMAND_PALETTE_BINDING)
        if palette is not None and footer.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            # "▏^p palette", and when not compact the padding around the key and after it.
            room -= cell_len(self.app.get_key_display(palette.binding))
            room -= cell_len(palette.binding.description) + (2 if footer.compact else 5)
        fitting: dict[str, ActiveBinding] = {}
        fits: dict[str, bool] = {}  # by action: the Footer shows an action's first key only
        for key, active in bindings.items():
            binding = active.binding
            if binding.show and key != self.app.COMMAND_PALETTE_BINDING:
                if binding.action not in fits:
                    width = cell_len(self.app.get_key_display(binding))
                    width += cell_len(binding.description) + padding
                    # The last key's margin (or trailing space) may go past the edge.
                    fits[binding.action] = width - 1 <= room
                    if fits[binding.action]:
                        room -= width
                if not fits[binding.action]:
                    active = active._replace(binding=replace(binding, show=False))
            fitting[key] = active
        return fitting

    def on_resize(self, event: events.Resize) -> None:
        # The Footer shows as many keys as the new width has room for.
        self.refresh_bindings()

    async def say_again(self) -> None:
        """Say everything again in the current language (the app calls this on every screen
        of the stack when the language changes): :meth:`language_changed`, then the Footer
        shows its keys in the new words, and the focus is where it was.

        A Footer rebuilt by a recompose shows no key until the screen's bindings next change
        (Textual's Footer draws its keys when told they changed, and a new one has not been
        told), so they are said to have changed; a focused widget rebuilt leaves the focus
        nowhere, so the widget rebuilt in its place (by its id) takes it.
        """
        assert isinstance(self, Screen)
        focused = self.focused
        await self.language_changed()
        if focused is not None and focused.id is not None and self.focused is None:
            rebuilt = self.query(f"#{focused.id}")
            if rebuilt and rebuilt.first().focusable:
                rebuilt.first().focus()
        self.refresh_bindings()

    async def language_changed(self) -> None:
        """Say everything again in the current language (the app calls this on every screen
        of the stack). The default rebuilds the screen's widgets and mounts them as the
        screen's ``on_mount`` does; a screen holding what the player typed or a watch of its
        own overrides it (:meth:`say_again` then brings back the Footer and the focus)."""
        assert isinstance(self, Screen)
        self.refresh_bindings()
        await self.recompose()
        mounted = getattr(self, "on_mount", None)
        if mounted is not None:
            result = mounted()
            if inspect.isawaitable(result):
                await result
