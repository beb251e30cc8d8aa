"""The marker of the core's sentences for the translation catalogs.

The core speaks English and holds no language state: a refusal
(:class:`~generala_tui.game.rules.IllegalMove`) keeps its sentence as a template
marked with :func:`N_` and its parameters apart, and the user interface
translates the template and fills it in the player's language.
"""

from __future__ import annotations


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs; return it unchanged."""
    return message
