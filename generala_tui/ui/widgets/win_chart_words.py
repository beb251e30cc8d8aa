"""The win-chance chart's words: its axes.

Words are translated when they are read, never at import, so a change of language shows on
the next redraw: each word is a function that looks its message up in the catalogs each time
it is called. Screens and widgets write no words of their own (``tests/ui/test_words.py``).
"""

from __future__ import annotations

from ...i18n import _


def win_chart_y() -> str:
    return _("chance of winning")


def win_chart_x() -> str:
    return _("round")
