"""Screens that go away once, however fast the keys come."""

from __future__ import annotations

from typing import TypeVar

from textual.await_complete import AwaitComplete
from textual.screen import ModalScreen, Screen

from ..translated import TranslatedBindings
from ..workarounds import PaletteWorkarounds

ResultType = TypeVar("ResultType")


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
