"""The scorecard screen's words (the table's own are beside the widget, in
:mod:`generala_tui.ui.widgets.scorecard_words`).
"""

from __future__ import annotations

from ...i18n import _


def scorecard_title() -> str:
    """The scorecard's heading (markup), with its marks explained (✗ is vocabulary.SCRATCH_MARK)."""
    return _("[b]Scorecard[/b] · ✗ scratched · · open")
