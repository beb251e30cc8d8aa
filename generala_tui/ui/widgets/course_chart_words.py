"""The course chart's words: its axes and its marks.

Words are translated when they are read, never at import, so a change of language shows on
the next redraw: each word is a function (``roll_button()``) that looks its message up in the
catalogs each time it is called, each table a function that builds it in the current language.
Screens and widgets write no words of their own (``tests/ui/test_words.py``).
"""

from __future__ import annotations

from ...i18n import _


def analysis_chart_y() -> str:
    return _("expected final total")


def analysis_chart_x() -> str:
    return _("round")


LUCKY_MARKER = "▲"


UNLUCKY_MARKER = "▼"


COSTLY_MARKER = "✗"
