"""The app's screens."""

from __future__ import annotations

from typing import TypeVar

from textual import events, on
from textual.geometry import Size
from textual.screen import Screen

ResultType = TypeVar("ResultType")


class StyledOnce(Screen[ResultType]):
    """A screen whose widgets are styled once as they mount, not again as it first shows.

    Textual styles each widget when it is mounted, and then, when a pushed screen
    first shows (``ScreenResume``), styles all of them again: on the turn screen
    some 40 widgets styled a second time before the first frame. Nothing
    has changed in between (a class or pseudo-class that changes styles its
    widget again at once), so the first show here asks for no second pass.
    Handlers of a subclass run before its base classes' (Textual's
    ``prevent_default`` rests on that), so this one sees the event before
    ``Screen`` acts on it. Later shows are left as Textual has them.
    """

    _shown_before = False

    @on(events.ScreenResume)
    def _styled_as_mounted(self, event: events.ScreenResume) -> None:
        if not self._shown_before:
            self._shown_before = True
            event.refresh_styles = False


def size_classes(screen: Screen[object], size: Size) -> set[str]:
    """The classes a screen's breakpoints give it at this size, as Textual sets them on a
    resize: for each direction, the class of the largest breakpoint the size reaches."""
    classes = set()
    for breakpoints, cells in (
        (screen.HORIZONTAL_BREAKPOINTS or [], size.width),
        (screen.VERTICAL_BREAKPOINTS or [], size.height),
    ):
        reached = [(at, name) for at, name in breakpoints if cells >= at]
        if reached:
            classes.add(max(reached)[1])
    return classes
