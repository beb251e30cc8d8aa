"""Widgets whose look is one of a few: each look turned into lines once, then reused."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from typing import ClassVar

from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widget import Widget

from ...i18n import changes


class ReusedLines(Widget):
    """A widget drawn from a few facts (``look``): the lines Textual makes of its text are
    kept per look, size and style, and reused. Turning text into lines of segments is
    most of what a frame costs: on a fill the five dice and the ten box rows took about
    6 ms of it, though a blank die or an empty box looks the same turn after turn."""

    _LINES: ClassVar[OrderedDict[Hashable, list[Strip]]] = OrderedDict()
    _KEPT: ClassVar[int] = 512
    """How many looks are kept, over all such widgets."""

    def look(self) -> Hashable | None:
        """Everything :meth:`render` draws from (besides size, style and language); ``None``
        (a look not told) draws the widget afresh every time."""
        return None

    def render_line(self, y: int) -> Strip:
        width, height = self.size
        style = self.visual_style
        look = self.look()
        # A selection is drawn on this widget's lines only: they are not kept.
        reuse = look is not None and self.text_selection is None
        key = (type(self), look, width, height, style, changes(), self.app.theme)
        lines = self._LINES.get(key) if reuse else None
        if lines is None:
            visual: Visual = visualize(self, self.render(), markup=False)
            lines = Visual.to_strips(self, visual, width, height, style)
            if reuse:
                self._LINES[key] = lines
                if len(self._LINES) > self._KEPT:
                    self._LINES.popitem(last=False)
        else:
            self._LINES.move_to_end(key)
        if 0 <= y < len(lines):
            return lines[y]
        return Strip.blank(width, style.rich_style)
