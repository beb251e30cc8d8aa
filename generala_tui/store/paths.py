"""Where generala-tui keeps its files: four folders from platformdirs, or under
``$GENERALA_TUI_HOME`` when it is set (the package's docstring draws the tree)."""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import PlatformDirs

APP_NAME = "generala-tui"
HOME_VARIABLE = "GENERALA_TUI_HOME"
"""The environment variable that, when set, holds all four folders."""


def _home() -> Path | None:
    value = os.environ.get(HOME_VARIABLE, "").strip()
    return Path(value).expanduser().absolute() if value else None


def _platform() -> PlatformDirs:
    # appauthor=False: on Windows, no "generala-tui\generala-tui".
    return PlatformDirs(APP_NAME, appauthor=False)


def config_dir() -> Path:
    """The folder of the preferences (it may not exist yet)."""
    home = _home()
    return home / "config" if home else Path(_platform().user_config_dir)


def data_dir() -> Path:
    """The folder of the history (it may not exist yet)."""
    home = _home()
    return home / "data" if home else Path(_platform().user_data_dir)


def state_dir() -> Path:
    """The folder of the autosaved game (it may not exist yet)."""
    home = _home()
    return home / "state" if home else Path(_platform().user_state_dir)


def cache_dir() -> Path:
    """The folder of the strategy tables (it may not exist yet)."""
    home = _home()
    return home / "cache" if home else Path(_platform().user_cache_dir)


def preferences_path() -> Path:
    """Where the preferences are kept."""
    return config_dir() / "preferences.json"


def legacy_settings_path() -> Path:
    return config_dir() / "settings.json"


def game_path(slot: int = 1) -> Path:
    """Where the game in progress is autosaved: ``game.json``, or ``game-<slot>.json`` for
    the game of a window opened while another held the first (:func:`take_game_slot`)."""
    return state_dir() / ("game.json" if slot == 1 else f"game-{slot}.json")


def history_dir() -> Path:
    """The folder of finished games, one file each."""
    return data_dir() / "history"


def tables_dir() -> Path:
    """Where a table server keeps its tables unless told (``host --data``), and where
    ``fair-play`` reads them."""
    return data_dir() / "tables"


def records_dir() -> Path:
    """Where the app offers to save a game record (it may not exist yet: writing a record
    makes its folder). Under ``$GENERALA_TUI_HOME`` when it is set, ``records`` beside the
    app's own folders: whoever moved the app's home expects its files there, not in a
    documents folder elsewhere. Else the user's documents folder when it exists, else
    their home folder, else the current folder: never a folder a player would have to
    look for."""
    home = _home()
    if home:
        return home / "records"
    from platformdirs import user_documents_dir

    for folder in (Path(user_documents_dir()), Path.home()):
        if folder.is_dir():
            return folder
    return Path.cwd()


def app_folders() -> tuple[Path, ...]:
    """The four folders that are the app's own (kept 0700)."""
    return config_dir(), data_dir(), state_dir(), cache_dir()
