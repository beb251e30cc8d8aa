"""Screens that go away once, however fast the keys come."""

from __future__ import annotations

from typing import TypeVar

from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.screen import ModalScreen, Screen
from textual.widget import Widget

from .. import vocabulary
from ..translated import TranslatedBindings
from ..workarounds import PaletteWorkarounds

ResultType = TypeVar("ResultType")


SCROLL_BINDINGS = [
    Binding("up", "scroll('up')", vocabulary.Keys.SCROLL, key_display="↑↓", id="scroll.up"),
    Binding("down", "scroll('down')", vocabulary.Keys.SCROLL, show=False, id="scroll.down"),
    Binding(
        "pageup",
        "scroll('page_up')",
        vocabulary.Keys.PAGE,
        key_display="PgUp/PgDn",
        id="scroll.page_up",
    ),
    Binding(
        "pagedown", "scroll('page_down')", vocabulary.Keys.PAGE, show=False, id="scroll.page_down"
    ),
    Binding("home", "scroll('home')", vocabulary.Keys.TOP, show=False, id="scroll.top"),
    Binding("end", "scroll('end')", vocabulary.Keys.END, show=False, id="scroll.end"),
]
"""The keys that scroll a screen of text (the help, the turn log): its ``action_scroll``
calls :func:`scroll` with the widget that scrolls."""


def scroll(widget: Widget, where: str) -> None:
    """Scroll ``widget`` as a key names it (``up``, ``down``, ``page_up``, ``page_down``,
    ``home``, ``end``), at once: a held key's steps would queue up behind an animation."""
    moves = {
        "up": widget.scroll_up,
        "down": widget.scroll_down,
        "page_up": widget.scroll_page_up,
        "page_down": widget.scroll_page_down,
        "home": widget.scroll_home,
        "end": widget.scroll_end,
    }
    move = moves.get(where)
    if move is not None:
        move(animate=False)


def _done() -> AwaitComplete:
    return AwaitComplete()  # nothing to wait for: already complete


class Modal(TranslatedBindings, ModalScreen[ResultType]):
    """A modal screen dismissed once only.

    Textual's ``dismiss`` pops whatever screen is on top: a second "y" or a
    double click that reaches a dialog on its way out would also close the
    screen under it (the game). A screen no longer on top is not dismissed again.
    """

    def dismiss(self, result: ResultType | None = None) -> AwaitComplete:
        return super().dismiss(result) if self.is_current else _done()


class Page(TranslatedBindings, Screen[ResultType]):
    """A full screen pushed over another, dismissed once only (see :class:`Modal`)."""

    def dismiss(self, result: ResultType | None = None) -> AwaitComplete:
        return super().dismiss(result) if self.is_current else _done()


class CommandPalette(PaletteWorkarounds):
    """Textual's command palette, dismissed once only (see :class:`Modal`); what it needs
    of Textual's insides is in :mod:`generala_tui.ui.workarounds`."""

    def dismiss(self, result: None = None) -> AwaitComplete:
        return super().dismiss(result) if self.is_current else _done()
