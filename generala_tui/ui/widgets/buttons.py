"""Buttons of the game's screens: for the mouse only, and relabelled to fit their words."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Button


class ClickButton(Button, can_focus=False):
    """A button for the mouse only: on the turn screen the keys always mean the game's
    actions (enter fills, space rolls), so no button there takes the focus."""


def relabel(button: Button, label: str) -> None:
    """Give ``button`` a new label, laid out again when its width follows the label: setting a
    label only repaints, so such a button would keep the old label's width and cut a longer one
    (a button as wide as its panel is only repainted, as before)."""
    shown = button.label  # a Content once set: the button parses what it is given
    if not isinstance(shown, Content) or shown.plain != label:
        button.label = label
        if button.styles.auto_dimensions:
            button.refresh(layout=True)
