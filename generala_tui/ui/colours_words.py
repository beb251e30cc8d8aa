"""The players' colours' names, as the setup screen's colour button says them."""

from __future__ import annotations

from ..i18n import N_, _

_COLOUR_NAMES = {
    "orange": N_("orange"),
    "sky": N_("sky blue"),
    "green": N_("green"),
    "yellow": N_("yellow"),
    "blue": N_("blue"),
    "red": N_("red"),
    "purple": N_("purple"),
    "grey": N_("grey"),
}


def colour_name(name: str) -> str:
    """A palette colour's name for the player (``"sky"``: "sky blue")."""
    message = _COLOUR_NAMES.get(name)
    return _(message) if message is not None else name
