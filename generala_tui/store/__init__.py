"""Every file generala-tui keeps on disk.

Four folders, from platformdirs for the app ``generala-tui`` (the user's
config, data, state and cache folders, each right for Linux, macOS and
Windows), or ``config``, ``data``, ``state`` and ``cache`` under the folder
named by ``$GENERALA_TUI_HOME`` when it is set::

    config/preferences.json          the preferences (house rules, theme, pace, coach, players)
    config/settings.json             the old settings file, read once into the preferences
    state/game.json                  the game in progress (autosave)
    state/game-<n>.json              the game of a window opened beside another (one each)
    state/game[-<n>].json.lock       the lock a window holds on its game while it runs
    data/history/<time>-<hash>.json  one finished game per file
    cache/strategy/<key>.npz         the strategy tables (a cache: any problem is a miss)

Game records (:func:`write_record`, :func:`read_record`) go wherever the
player says (the app offers :func:`records_dir`: ``records`` under
``$GENERALA_TUI_HOME`` when it is set, else the documents folder if there is
one, else the home folder): a record is one game,
finished or not, with its log, in indented JSON a person can read. Unlike the
app's own files, a record is written with the usual mode (the umask's, say
0644), to be shared, and never replaces a file already there.

Every JSON file is an object with a ``"version"``; an older version is
brought up to date one version at a time (``formats.Format.migrations``), and keys a
newer version added are kept, not a reason to reject the file.

Every write is atomic: a temporary file in the same folder, flushed, synced
and renamed over the old one, so a crash leaves the old file or the new one.
The app's own folders are the user's only (0700) and its files too (0600).

Several windows may share one home: each holds a lock (``filelock``, the
operating system's own, let go when the process ends however it ends) on the
saved game it plays, and a window opened while another holds it saves its game
beside it (:func:`take_game_slot`), so no window overwrites or clears another's.

Nothing here raises for a problem with a file or the disk. A file that exists
but can't be used (unreadable, not JSON, invalid, of an unknown version) is
moved aside under a new name (:func:`set_aside`) and the load function returns
what it could read with a one-line warning for the player; a save function
that can't write returns a warning instead of ``None``.

One module a concern: :mod:`.paths` (the folders), :mod:`.files` (atomic writes,
bounded reads, the system's refusals, set-aside), :mod:`.formats` (versions,
migrations, salvage, the one error formatter), :mod:`.preferences`, :mod:`.autosave`
(the game in progress and the windows' locks), :mod:`.history`, :mod:`.records` and
:mod:`.strategy_tables`. The names below are the store's whole public face.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .autosave import (
    GAME_VERSION,
    MAX_WINDOWS,
    GameSlot,
    any_saved_game,
    clear_game,
    load_game,
    load_saved_game,
    save_game,
    take_game_slot,
)
from .files import set_aside, why
from .paths import (
    cache_dir,
    config_dir,
    data_dir,
    game_path,
    history_dir,
    preferences_path,
    records_dir,
    state_dir,
)
from .preferences import (
    PREFERENCES_VERSION,
    Preferences,
    Seat,
    first_launch,
    load_preferences,
    save_preferences,
)
from .strategy_tables import (
    StrategyTables,
    load_strategy_table,
    save_strategy_table,
    strategy_tables,
)

if TYPE_CHECKING:
    from .history import (
        HISTORY_KEPT,
        HISTORY_VERSION,
        HistoryRecord,
        add_to_history,
        load_history,
    )
    from .records import (
        RECORD_FORMAT,
        RECORD_VERSION,
        RecordError,
        read_record,
        record_folder,
        write_record,
    )

_LATER = {
    **dict.fromkeys(
        ("HISTORY_KEPT", "HISTORY_VERSION", "HistoryRecord", "add_to_history", "load_history"),
        "history",
    ),
    **dict.fromkeys(
        (
            "RECORD_FORMAT",
            "RECORD_VERSION",
            "RecordError",
            "read_record",
            "record_folder",
            "write_record",
        ),
        "records",
    ),
}
"""The history's and the records' names, each imported from its module when first asked for:
the first frame reads neither (tests/processes/test_startup_imports.py)."""


def __getattr__(name: str) -> Any:
    if name in ("history", "records"):
        return importlib.import_module(f"{__name__}.{name}")
    if name not in _LATER:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_LATER[name]}"), name)
    globals()[name] = value
    return value


__all__ = [
    "GAME_VERSION",
    "HISTORY_KEPT",
    "HISTORY_VERSION",
    "MAX_WINDOWS",
    "PREFERENCES_VERSION",
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "GameSlot",
    "HistoryRecord",
    "Preferences",
    "RecordError",
    "Seat",
    "StrategyTables",
    "add_to_history",
    "any_saved_game",
    "cache_dir",
    "clear_game",
    "config_dir",
    "data_dir",
    "first_launch",
    "game_path",
    "history_dir",
    "load_game",
    "load_history",
    "load_preferences",
    "load_saved_game",
    "load_strategy_table",
    "preferences_path",
    "read_record",
    "record_folder",
    "records_dir",
    "save_game",
    "save_preferences",
    "save_strategy_table",
    "set_aside",
    "state_dir",
    "strategy_tables",
    "take_game_slot",
    "why",
    "write_record",
]
