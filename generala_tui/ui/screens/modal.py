"""Screens that go away once, however fast the keys come."""

from __future__ import annotations

import contextlib
from typing import TypeVar

from rich.align import Align
from rich.text import Text
from textual.await_complete import AwaitComplete
from textual.command import CommandList
from textual.command import CommandPalette as TextualCommandPalette
from textual.css.query import NoMatches
from textual.screen import ModalScreen, Screen
from textual.widgets.option_list import Option

from .. import text
from ..translated import TranslatedBindings

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


class CommandPalette(TextualCommandPalette):
    """Textual's command palette, dismissed once only (see :class:`Modal`), and safe against
    a page key that arrives before its list is laid out (Textual 8.2 raises KeyError there)."""

    def dismiss(self, result: None = None) -> AwaitComplete:
        return super().dismiss(result) if self.is_current else _done()

    def _action_command_list(self, action: str) -> None:
        with contextlib.suppress(KeyError, IndexError):
            super()._action_command_list(action)

    def _start_no_matches_countdown(self, search_value: str) -> None:
        # Textual's own (8.2) says "No matches found" in English: the same countdown, with
        # the words in the player's language. A query that is still empty shows nothing.
        self._stop_no_matches_countdown()

        def show_no_matches() -> None:
            if not search_value:
                self._list_visible = False
                return
            with contextlib.suppress(NoMatches):  # the palette closed meanwhile
                self.query_one(CommandList).add_option(
                    Option(
                        Align.center(Text(text.NO_COMMAND_MATCHES, style="not bold")),
                        disabled=True,
                        id=self._NO_MATCHES,
                    )
                )
                self._list_visible = True

        self._no_matches_timer = self.set_timer(self._NO_MATCHES_COUNTDOWN, show_no_matches)
