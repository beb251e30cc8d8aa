"""The record export dialog's words, and its notices."""

from __future__ import annotations

from ...i18n import _, after_colon
from ..vocabulary import GAME_KEYS, KeyMap, escape_label, shown_key


def export_title() -> str:
    return _("[b]Save the game as a record file[/b]")


def export_path_label() -> str:
    return _("File (a folder, or a name ending in .json):")


def folder_made() -> str:
    """Under the path offered, when its folder is not there yet."""
    return _("The folder is not there yet: saving the record makes it.")


def export_save_button() -> str:
    return _("Save (Enter)")


def download_note(name: str) -> str:
    """In a served game, in place of the path: where the record goes."""
    return _("Your browser will download the record as {name}.").format(name=name)


def export_download_button() -> str:
    return _("Download (Enter)")


def export_cancel_button(keys: KeyMap = GAME_KEYS) -> str:
    return _("Cancel ({key})").format(key=shown_key("export.cancel", keys, escape_label()))


def record_saved(path: str) -> str:
    """The notice once a record file is written."""
    return _("The game is saved as a record: {path}").format(path=path)


def record_delivered(name: str) -> str:
    """The notice once a served game's record is handed to the browser."""
    return _("The record goes to your browser: {name}").format(name=name)


def record_not_saved(error: str) -> str:
    """The notice when a record file could not be written."""
    return _("The record was not saved: {error}").format(error=after_colon(error))
