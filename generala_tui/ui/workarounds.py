"""What Textual does not let the game do through its public API, in one place.

Everything else in ``generala_tui`` uses Textual's public API only
(``tests/test_textual_public_api.py`` checks it). Each piece here names the Textual
behaviour it works around (from 6.2, the oldest Textual allowed, to 8.2.8, the one
pinned for the tests), and ``tests/ui/app/test_workarounds.py`` has a test for each that
fails once Textual no longer behaves so: then the piece goes, when the oldest Textual
allowed no longer needs it either.
"""

from __future__ import annotations

import contextlib

from rich.align import Align
from rich.text import Text
from textual.binding import Binding
from textual.command import CommandList, CommandPalette
from textual.css.query import NoMatches
from textual.widgets.option_list import Option

from . import app_words


class PaletteWorkarounds(CommandPalette):
    """Textual's command palette, with two of its behaviours worked around."""

    # 1. A page key before the list is laid out. Textual binds pagedown and pageup to
    # ``command_list('page_down')``, which moves the highlight by the line of the option
    # highlighted; in a palette just opened the list has options but no lines yet, and
    # OptionList._move_page raises KeyError (an IndexError when the lines are being
    # rebuilt), which stops the app. The keys are bound here to the same moves, and a
    # page key that comes too soon does nothing. Would go with: Textual's OptionList
    # paging an unmeasured list without raising.
    BINDINGS = [
        Binding("pagedown", "page_commands('page_down')", "Next page", show=False),
        Binding("pageup", "page_commands('page_up')", "Previous page", show=False),
    ]

    def action_page_commands(self, move: str) -> None:
        """Move the command list's highlight a page (``page_down`` or ``page_up``)."""
        with contextlib.suppress(KeyError, IndexError, NoMatches):
            getattr(self.query_one(CommandList), f"action_{move}")()

    # 2. "No matches found". Textual writes those words, in English, inside the method
    # that shows them half a second after a query matches no command; nothing public
    # changes them. This is the same method with the words in the player's language.
    # Would go with: a public attribute or hook for the palette's "no matches" text.
    def _start_no_matches_countdown(self, search_value: str) -> None:
        self._stop_no_matches_countdown()

        def show_no_matches() -> None:
            if not search_value:  # a query still empty shows nothing, as in Textual
                self._list_visible = False
                return
            with contextlib.suppress(NoMatches):  # the palette closed meanwhile
                self.query_one(CommandList).add_option(
                    Option(
                        Align.center(Text(app_words.no_command_matches(), style="not bold")),
                        disabled=True,
                        id=self._NO_MATCHES,
                    )
                )
                self._list_visible = True

        self._no_matches_timer = self.set_timer(self._NO_MATCHES_COUNTDOWN, show_no_matches)
