"""The app's screens."""

from __future__ import annotations

from textual.geometry import Size
from textual.screen import Screen


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
