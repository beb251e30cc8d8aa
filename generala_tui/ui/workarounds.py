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
from typing import Any

from rich.align import Align
from rich.text import Text
from textual.app import App
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
        Binding(
            "pagedown",
            "page_commands('page_down')",
            "Next page",
            show=False,
            id="palette.next_page",
        ),
        Binding(
            "pageup",
            "page_commands('page_up')",
            "Previous page",
            show=False,
            id="palette.previous_page",
        ),
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


# 3. A desktop notification. Textual rings the terminal's bell (App.bell) but has no
# public way to send the terminal any other sequence: a notification the desktop shows
# (OSC 9, iTerm2's, also WezTerm's, kitty's and Ghostty's; OSC 777, urxvt's, also foot's,
# Ghostty's and VTE's) goes through the app's driver, as its bell does. Would go with:
# Textual sending a desktop notification, or any sequence, through its public API.

_OSC_9 = frozenset({"iTerm.app", "WezTerm", "ghostty"})
_OSC_777 = frozenset({"foot", "rxvt-unicode", "rxvt-unicode-256color"})


def notice_sequence(title: str, body: str, environ: dict[str, str]) -> str | None:
    """The sequence that has this terminal (as ``environ`` tells it) show a desktop
    notification, or None where it is not known to: a terminal that does not understand
    one may print it. Only what shows as itself goes in (no escape, no bell, no ``;``)."""

    def clean(text: str) -> str:
        return "".join(char for char in text if char.isprintable() and char != ";")[:200]

    program, term = environ.get("TERM_PROGRAM", ""), environ.get("TERM", "")
    if program in _OSC_9 or term == "xterm-kitty":
        return f"\x1b]9;{clean(title)}: {clean(body)}\x07"
    if term in _OSC_777 or "VTE_VERSION" in environ:
        return f"\x1b]777;notify;{clean(title)};{clean(body)}\x07"
    return None


def desktop_notice(app: App[Any], title: str, body: str, environ: dict[str, str]) -> bool:
    """Have the terminal show a desktop notification, where it is known to; whether it
    was sent (not in a headless app)."""
    sequence = notice_sequence(title, body, environ)
    driver = app._driver
    if sequence is None or driver is None or app.is_headless:
        return False
    driver.write(sequence)
    return True
