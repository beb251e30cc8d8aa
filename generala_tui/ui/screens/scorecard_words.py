"""The scorecard screen's words (the table's own are beside the widget, in
:mod:`generala_tui.ui.widgets.scorecard_words`).

Words are translated when they are read, never at import, so a change of language shows on
the next redraw: each word is a function (``roll_button()``) that looks its message up in the
catalogs each time it is called, each table a function that builds it in the current language.
Screens and widgets write no words of their own (``tests/ui/test_words.py``).
"""

from __future__ import annotations

from ...i18n import _


def scorecard_title() -> str:
    """The scorecard's heading (markup), with its marks explained (✗ is vocabulary.SCRATCH_MARK)."""
    return _("[b]Scorecard[/b] · ✗ scratched · · open")
