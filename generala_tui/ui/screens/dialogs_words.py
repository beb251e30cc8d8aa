"""The confirmation dialogs' words: the questions the app and the screens ask, and their
answers' buttons with their keys.
"""

from __future__ import annotations

from textual.content import Content

from ...i18n import _
from ..vocabulary import GAME_KEYS, NO_KEY, SCRATCH_MARK, KeyMap, shown_key, yes_key


def scratch_answer() -> str:
    return _("Scratch")


def keep_playing_answer() -> str:
    return _("Keep playing")


def scratch_question(category_name: str) -> Content:
    """The question before a scratch."""
    return Content.from_markup(
        _("Scratch [b]$box[/b]? It will hold 0 points ($mark) for the rest of the game."),
        box=category_name,
        mark=SCRATCH_MARK,
    )


def yes() -> str:
    return _("Yes")


def no() -> str:
    return _("No")


def confirm_button(label: str, keys: KeyMap = GAME_KEYS) -> Content:
    """A dialog's button for yes, with its key (the language's own, :func:`yes_key`, or the
    player's where ``keys`` gives one)."""
    key = shown_key("dialog.yes", keys, yes_key())
    return Content(_("{answer} ({key})").format(answer=label, key=key))


def cancel_button(label: str, keys: KeyMap = GAME_KEYS) -> Content:
    """A dialog's button for no, with its key (the player's where ``keys`` gives one)."""
    key = shown_key("dialog.no", keys, NO_KEY)
    return Content(_("{answer} ({key})").format(answer=label, key=key))


def quit_answer() -> str:
    return _("Quit")


def leave_answer() -> str:
    return _("Leave")


def stay_answer() -> str:
    return _("Stay")


def start_new_answer() -> str:
    return _("Start new")


def keep_game_answer() -> str:
    return _("Keep it")
