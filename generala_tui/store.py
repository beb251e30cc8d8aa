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
player says (the app offers the documents folder): a record is one game,
finished or not, with its log, in indented JSON a person can read. Unlike the
app's own files, a record is written with the usual mode (the umask's, say
0644), to be shared, and never replaces a file already there.

Every JSON file is an object with a ``"version"``; an older version is
brought up to date one version at a time (``_Format.migrations``), and keys a
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
"""

from __future__ import annotations

import contextlib
import copy
import errno
import hashlib
import json
import os
import re
import stat
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any, Generic, TypeVar

from platformdirs import PlatformDirs
from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ValidationError,
)
from pydantic_core import PydanticCustomError

from .game import rules
from .game.model import (
    MAX_PLAYERS,
    GameState,
    HouseRules,
    Level,
    error_place,
    printable,
    refusal,
)
from .i18n import LANGUAGES, N_, _, language

__all__ = [
    "GAME_VERSION",
    "HISTORY_VERSION",
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
    "cache_dir",
    "clear_game",
    "config_dir",
    "data_dir",
    "game_path",
    "history_dir",
    "load_game",
    "load_history",
    "load_preferences",
    "load_strategy_table",
    "preferences_path",
    "read_record",
    "record_folder",
    "save_game",
    "save_preferences",
    "save_strategy_table",
    "set_aside",
    "state_dir",
    "strategy_tables",
    "take_game_slot",
    "write_record",
]

APP_NAME = "generala-tui"
HOME_VARIABLE = "GENERALA_TUI_HOME"
"""The environment variable that, when set, holds all four folders."""

PREFERENCES_VERSION = 1
GAME_VERSION = 1
HISTORY_VERSION = 1
RECORD_VERSION = 1
RECORD_FORMAT = "generala-tui game record"
"""The ``"format"`` marker of a game record file."""

HISTORY_KEPT = 1000
"""Adding a game to the history removes the oldest games beyond this many."""

_KEY = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")
_MAX_TABLE_BYTES = 16 * 1024 * 1024
_MAX_FILE_BYTES = 4 * 1024 * 1024
"""The most a file of the game's may hold: the largest game the models let through (8
players, every box, 32 tie-break rounds, 100 toggles a turn) is a record of 2.2 MB."""
_MAX_REASON = 160


# --- folders ----------------------------------------------------------------------


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


def _legacy_settings_path() -> Path:
    return config_dir() / "settings.json"


def game_path(slot: int = 1) -> Path:
    """Where the game in progress is autosaved: ``game.json``, or ``game-<slot>.json`` for
    the game of a window opened while another held the first (:func:`take_game_slot`)."""
    return state_dir() / ("game.json" if slot == 1 else f"game-{slot}.json")


def history_dir() -> Path:
    """The folder of finished games, one file each."""
    return data_dir() / "history"


def _now() -> datetime:
    # One clock for the whole module, so tests can set it.
    return datetime.now(UTC)


# --- writing ----------------------------------------------------------------------


_SYSTEM_ERRORS = {
    errno.ENOENT: N_("no such file or directory"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("operation not permitted"),
    errno.ENOSPC: N_("no space left on device"),
    errno.EROFS: N_("read-only file system"),
    errno.ENAMETOOLONG: N_("file name too long"),
    errno.ELOOP: N_("too many levels of symbolic links"),
}
"""The operating system's commonest refusals, as message ids (in English, its own words)."""


def _why(error: OSError) -> str:
    """Why the operating system refused, for the player: in English its own words, lowercase
    ("permission denied"); in another language the commonest said in it, the rest by number."""
    if isinstance(error, FileExistsError | NotADirectoryError):
        return _("a file stands where a folder should be")
    if isinstance(error, IsADirectoryError):
        return _("a folder stands where the file should be")
    if language() != "en" and error.errno is not None:
        words = _SYSTEM_ERRORS.get(error.errno)
        if words is not None:
            return _(words)
        name = errno.errorcode.get(error.errno, "?")
        return _("the system's error {number} ({name})").format(number=error.errno, name=name)
    return printable((error.strerror or type(error).__name__).lower())


def _umask() -> int:
    # Linux tells the umask without changing it; setting it and putting it back
    # (the only portable way) would briefly change it for every thread.
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _app_folders() -> tuple[Path, ...]:
    return config_dir(), data_dir(), state_dir(), cache_dir()


def _private_folder(folder: Path) -> None:
    """Make ``folder`` (and the folders missing above it) this user's only (0700), as the
    XDG base directory specification asks; an app folder made earlier with group or other
    access (0755, say) is closed. Raises :class:`OSError`."""
    missing: list[Path] = []
    at = folder
    while not at.exists() and at.parent != at:
        missing.append(at)
        at = at.parent
    for each in reversed(missing):
        with contextlib.suppress(FileExistsError):
            each.mkdir(mode=0o700)
    for base in _app_folders():
        if folder == base or base in folder.parents:
            for each in (folder, *folder.parents):
                mode = each.stat().st_mode
                if stat.S_IMODE(mode) & 0o077 and each.stat().st_uid == _uid():
                    os.chmod(each, stat.S_IMODE(mode) & 0o700)
                if each == base:
                    break
            break
    if not folder.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(folder))


def _uid() -> int:
    getuid = getattr(os, "getuid", None)
    return getuid() if getuid is not None else -1


def _write_file(
    path: Path, data: bytes, *, shared: bool = False, replace: bool = True
) -> str | None:
    """Write ``data`` to ``path`` atomically; ``None`` when written, else why not.

    The app's own files keep the temporary file's private mode (0600), in folders of
    their own (0700). A ``shared`` file (a game record) gets the usual mode of a new file
    (0666 less the umask), in a folder of the usual mode, and, unless ``replace``, never
    replaces a file already at ``path``.
    """
    try:
        if shared:
            path.parent.mkdir(parents=True, exist_ok=True)
        else:
            _private_folder(path.parent)
        handle, temporary = tempfile.mkstemp(
            dir=path.parent, prefix=f".{path.name}.", suffix=".tmp"
        )
    except OSError as error:
        return _why(error)
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
            file.flush()
            if shared:
                os.chmod(temporary, 0o666 & ~_umask())
            os.fsync(file.fileno())
        if not replace:
            # A hard link fails when the name is taken: no file is ever replaced unasked.
            try:
                os.link(temporary, path)
            except FileExistsError:
                return _("a file of that name is already there; nothing was replaced")
            except OSError:
                # A file system without hard links (FAT): check, then rename.
                if path.exists():
                    return _("a file of that name is already there; nothing was replaced")
                os.replace(temporary, path)
            finally:
                with contextlib.suppress(OSError):
                    os.unlink(temporary)
        else:
            os.replace(temporary, path)
    except OSError as error:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        return _why(error)
    return None


def _write_atomically(path: Path, data: bytes) -> bool:
    return _write_file(path, data) is None


# --- strategy tables --------------------------------------------------------------


def _strategy_path(key: str) -> Path:
    if not _KEY.fullmatch(key):
        raise ValueError(f"Not a cache key: {key!r}")
    return cache_dir() / "strategy" / f"{key}.npz"


def load_strategy_table(key: str) -> bytes | None:
    """The bytes saved under ``key``, or ``None`` when there are none or they can't be read."""
    try:
        return _read_bytes(_strategy_path(key), _MAX_TABLE_BYTES)
    except (OSError, ValueError, _Unusable):
        return None


def save_strategy_table(key: str, data: bytes) -> bool:
    """Save ``data`` under ``key`` atomically; return whether it was saved."""
    try:
        path = _strategy_path(key)
    except ValueError:
        return False
    return _write_atomically(path, data)


class StrategyTables:
    """The strategy tables on disk, in the shape ``generala_tui.game.strategy.solve`` takes."""

    def load(self, key: str) -> bytes | None:
        return load_strategy_table(key)

    def save(self, key: str, data: bytes) -> bool:
        return save_strategy_table(key, data)


strategy_tables = StrategyTables()
"""Hand this to ``solve(..., tables=...)`` to keep tables between runs."""


# --- bad files --------------------------------------------------------------------


def set_aside(path: Path) -> Path | None:
    """Move a bad file (or folder) beside itself as ``<name>.bad-<local time>``, for inspection.

    Never overwrites an earlier bad copy: a second one the same second gets
    ``-2``, then ``-3`` ... Returns the new path, or ``None`` when there is
    nothing at ``path`` or it can't be moved.
    """
    stamp = _now().astimezone().strftime("%Y%m%d-%H%M%S")
    try:
        if not path.exists() and not path.is_symlink():
            return None
        for number in range(1, 1000):
            suffix = "" if number == 1 else f"-{number}"
            aside = path.with_name(f"{path.name}.bad-{stamp}{suffix}")
            # exists() then rename() is not atomic, but only one generala-tui
            # at a time sets a given file aside.
            if not aside.exists() and not aside.is_symlink():
                path.rename(aside)
                return aside
    except OSError:
        return None
    return None


class _Unusable(Exception):
    """A file that exists but can't be used; the message completes "<path> is ...", one line."""


def _one_line(text: str) -> str:
    """``text`` on one line, escaped (:func:`printable`), cut short when too long."""
    text = printable(" ".join(text.split()))
    return text if len(text) <= _MAX_REASON else text[: _MAX_REASON - 1] + "…"


def _clause(reason: str) -> str:
    """A reason said in brackets inside a sentence, without its own full stop (so the
    sentence does not end in a full stop, a bracket and another full stop)."""
    return reason.rstrip().removesuffix(".")


def _bad_file(path: Path, problem: _Unusable, consequence: str) -> str:
    """Set ``path`` aside and say so, in one line for the player."""
    aside = set_aside(path)
    kept = (
        _("It was kept as {name}").format(name=aside.name)
        if aside
        else _("It could not be moved aside")
    )
    return printable(
        _("{path} is {problem}. {kept}; {consequence}.").format(
            path=path, problem=problem, kept=kept, consequence=consequence
        )
    )


def _not_a_file(mode: int) -> str | None:
    """What stands at a path instead of a regular file, completing "<path> is ..."."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return _("a folder, not a file")
    if stat.S_ISFIFO(mode):
        return _("a named pipe, not a file")
    if stat.S_ISSOCK(mode):
        return _("a socket, not a file")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("a device, not a file")
    return _("not a regular file")


_READ_FLAGS = os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOCTTY", 0)
# Opening a named pipe without a writer would wait for one: not with O_NONBLOCK (reads of a
# regular file do not block anyway).
_READ_FLAGS |= getattr(os, "O_NONBLOCK", 0)


def _read_bytes(path: Path, cap: int) -> bytes:
    """The bytes of the regular file at ``path``, at most ``cap`` of them: a folder, a pipe,
    a device or a socket is refused without a byte read (:class:`_Unusable`), and so is a
    file longer than ``cap``, after ``cap + 1`` bytes. Raises :class:`OSError` when it can't
    be opened."""
    try:
        descriptor = os.open(path, _READ_FLAGS)
    except OSError:
        with contextlib.suppress(OSError):
            kind = _not_a_file(path.stat().st_mode)
            if kind is not None:
                raise _Unusable(kind) from None
        raise
    try:
        kind = _not_a_file(os.fstat(descriptor).st_mode)
    except OSError:
        os.close(descriptor)
        raise
    if kind is not None:
        os.close(descriptor)
        raise _Unusable(kind)
    with open(descriptor, "rb") as file:
        data = file.read(cap + 1)
    if len(data) > cap:
        raise _Unusable(_("too large to be one of generala-tui's files"))
    return data


def _read_object(path: Path) -> dict[str, Any] | None:
    """The JSON object in ``path``; ``None`` when there is no file. Raises :class:`_Unusable`."""
    try:
        data = _read_bytes(path, _MAX_FILE_BYTES)
    except (FileNotFoundError, NotADirectoryError):
        # No file, or a file where its folder should be: saving will say so.
        return None
    except OSError as error:
        if path.is_dir():
            raise _Unusable(_("a folder, not a file")) from None
        raise _Unusable(_("unreadable ({why})").format(why=_why(error))) from None
    if not data.strip():
        raise _Unusable(_("empty"))
    try:
        value = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise _Unusable(_("not UTF-8 text")) from None
    except json.JSONDecodeError as error:
        raise _Unusable(
            _one_line(
                _("not valid JSON, or cut short (line {line}, column {column})").format(
                    line=error.lineno, column=error.colno
                )
            )
        ) from None
    except (ValueError, RecursionError):
        raise _Unusable(_("not valid JSON")) from None
    if not isinstance(value, dict):
        raise _Unusable(_("not a JSON object"))
    return value


_M = TypeVar("_M", bound=BaseModel)
_Migration = Callable[[dict[str, Any]], dict[str, Any]]


@dataclass(frozen=True)
class _Format(Generic[_M]):
    """One kind of file: its model, its version and how to bring older versions up to it."""

    model: type[_M]
    version: int
    migrations: Mapping[int, _Migration] = field(default_factory=dict)
    """``migrations[n]`` turns a version ``n`` document into a version ``n + 1`` one."""
    unversioned: int | None = None
    """The version of a document without a ``"version"`` key (``None``: such a file is bad)."""


def _upgrade(data: dict[str, Any], form: _Format[Any]) -> dict[str, Any]:
    """``data`` brought up to ``form.version``, or as it is when it is newer."""
    version = data.get("version", form.unversioned)
    if version is None:
        raise _Unusable(_("without a version number"))
    if isinstance(version, bool) or not isinstance(version, int):
        raise _Unusable(
            _one_line(_("of an unknown version ({version})").format(version=json.dumps(version)))
        )
    if version < 0 or (version < form.version and version not in form.migrations):
        raise _Unusable(
            _("of version {version}, which this generala-tui can't read").format(version=version)
        )
    while version < form.version:
        try:
            data = form.migrations[version](copy.deepcopy(data))
        except (KeyError, TypeError, ValueError, AttributeError):
            raise _Unusable(
                _("of version {version} and can't be brought up to date").format(version=version)
            ) from None
        version += 1
        data["version"] = version
    return data


def _first_error(error: ValidationError) -> str:
    """The first thing wrong in the data, in one line for the player: in English the
    models' words (:func:`~generala_tui.game.model.refusal`); in another language a
    sentence naming the value's place (pydantic speaks English only)."""
    if language() == "en":
        return _one_line(refusal(error))
    where = error_place(error)
    if not where:
        return _("the file's content is not valid")
    return _one_line(_("a value in {where} is not valid").format(where=where))


def _validate(form: _Format[_M], data: dict[str, Any]) -> _M:
    try:
        return form.model.model_validate(data)
    except ValidationError as error:
        raise _Unusable(_invalid(data, form, error)) from None


def _invalid(data: dict[str, Any], form: _Format[Any], error: ValidationError) -> str:
    version = data.get("version")
    if isinstance(version, int) and version > form.version:
        return _one_line(
            _("from a newer generala-tui (version {version}) and can't be read ({error})").format(
                version=version, error=_clause(_first_error(error))
            )
        )
    return _("not valid ({error})").format(error=_clause(_first_error(error)))


def _drop(data: Any, loc: tuple[int | str, ...]) -> bool:
    """Remove what the error at ``loc`` is about: a key, or a whole list item."""
    node = data
    for depth, key in enumerate(loc):
        if isinstance(node, list) and isinstance(key, int) and 0 <= key < len(node):
            del node[key]
            return True
        if isinstance(node, dict) and key in node:
            if depth == len(loc) - 1 or not isinstance(node[key], dict | list):
                del node[key]
                return True
            node = node[key]
            continue
        return False
    return False


def _salvage(form: _Format[_M], data: dict[str, Any], default: _M) -> _M:
    """What validates of ``data``: each invalid value dropped (so it takes its default)."""
    attempt = copy.deepcopy(data)
    for _attempt in range(100):
        try:
            return form.model.model_validate(attempt)
        except ValidationError as error:
            if not all(_drop(attempt, problem["loc"]) for problem in error.errors()):
                break
    return default


def _check_replays(state: GameState) -> None:
    try:
        for _position in rules.replay(state):
            pass
    except rules.BadRecord as error:
        raise _Unusable(
            _one_line(
                _("a game that does not replay from its record ({error})").format(
                    error=_clause(_refusal(error))
                )
            )
        ) from None
    except Exception as error:  # a state the rules can't play must not stop the app
        raise _Unusable(
            _one_line(
                _("a game that can't be replayed ({error})").format(
                    error=f"{type(error).__name__}: {error}"
                )
            )
        ) from None


def _refusal(error: rules.IllegalMove) -> str:
    """A refusal of the rules in the current language."""
    from .words import refusal

    return refusal(error)


def _aware(moment: datetime) -> datetime:
    # A hand-written time without a zone is taken as UTC, so times always compare.
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


_Timestamp = Annotated[datetime, AfterValidator(_aware)]


def _merged(on_disk: Any, ours: Any) -> Any:
    """``ours``, plus the keys only ``on_disk`` has, at every depth of nested objects."""
    if not isinstance(on_disk, dict) or not isinstance(ours, dict):
        return ours
    merged = dict(on_disk)
    for key, value in ours.items():
        merged[key] = _merged(on_disk.get(key), value)
    return merged


def _json_bytes(document: Any, indent: int | None = None) -> bytes:
    return (json.dumps(document, indent=indent, ensure_ascii=False) + "\n").encode()


# --- preferences ------------------------------------------------------------------


class _FileModel(BaseModel):
    """A file's model: frozen, and keeping the keys a newer version added (read into
    ``model_extra`` and written back), so an older generala-tui does not throw them away.
    Its schema is built when a file is first read or written (``defer_build``)."""

    model_config = ConfigDict(frozen=True, extra="allow", defer_build=True)


class Seat(_FileModel):
    """A seat of the last table of players: a name, and a level for a computer."""

    name: str
    level: Level | None = None
    """The computer's strength; ``None`` for a human."""


def _known_rules_only(value: object) -> object:
    # HouseRules forbids unknown keys; a rule from a newer version is kept
    # in the file (save_preferences merges) but not read.
    if isinstance(value, dict):
        return {key: rule for key, rule in value.items() if key in HouseRules.model_fields}
    return value


def _spoken(value: str | None) -> str | None:
    if value is not None and value not in LANGUAGES:
        raise PydanticCustomError(
            "language",
            "{value} is not a language generala-tui speaks ({spoken})",
            {"value": repr(value), "spoken": ", ".join(LANGUAGES)},
        )
    return value


class Preferences(_FileModel):
    """What generala-tui remembers between runs (``config/preferences.json``).

    Keys a newer version added are kept (in ``model_extra``, and unknown house
    rules in the file on save), so an older generala-tui does not throw them away.
    """

    version: int = PREFERENCES_VERSION
    house_rules: Annotated[HouseRules, BeforeValidator(_known_rules_only)] = Field(
        default_factory=lambda: HouseRules()
    )
    """The house rules for new games."""
    theme: str = Field(default="textual-dark", max_length=100)
    """A Textual theme's name; one the app does not know is told and forgotten."""
    computer_delay: float = Field(default=0.7, ge=0, le=5)
    """Seconds between a computer's steps."""
    coach: bool = False
    roll_animation: bool = True
    """Whether rolled dice tumble for a moment before they settle."""
    players: tuple[Seat, ...] = Field(default=(), max_length=MAX_PLAYERS)
    """The last table of players, in seating order."""
    language: Annotated[str | None, AfterValidator(_spoken)] = None
    """The language chosen on the settings screen; None: from the environment."""


def _preferences_from_settings(data: dict[str, Any]) -> dict[str, Any]:
    # Version 0 is the settings.json of the first releases: {"house_rules": {...}}.
    return {"house_rules": data["house_rules"]} if "house_rules" in data else {}


_PREFERENCES = _Format(
    Preferences,
    PREFERENCES_VERSION,
    migrations={0: _preferences_from_settings},
    unversioned=0,
)


def load_preferences() -> tuple[Preferences, str | None]:
    """The saved preferences (the defaults when there are none), and a warning for the player.

    Without ``preferences.json``, an old ``settings.json`` is read into the
    preferences (and they are saved). A bad file is set aside; the values
    that could be read are kept, saved in its place, and the warning says so.
    """
    path = preferences_path()
    upgraded: dict[str, Any] | None = None
    try:
        data = _read_object(path)
        if data is None:
            path = _legacy_settings_path()
            data = _read_object(path)
            if data is None:
                return Preferences(), None
            upgraded = _upgrade(data, _PREFERENCES)
            preferences = _validate(_PREFERENCES, upgraded)
            _save_preferences(preferences, merge=False)
            return preferences, None
        upgraded = _upgrade(data, _PREFERENCES)
        return _validate(_PREFERENCES, upgraded), None
    except _Unusable as problem:
        # A bad value costs that value, not the whole file.
        defaults = Preferences()
        preferences = defaults if upgraded is None else _salvage(_PREFERENCES, upgraded, defaults)
        consequence = (
            _("the default preferences apply")
            if preferences == defaults
            else _("the preferences that could be read apply")
        )
        warning = _bad_file(path, problem, consequence)
        if preferences != defaults:
            _save_preferences(preferences, merge=False)
        return preferences, warning


def save_preferences(preferences: Preferences) -> str | None:
    """Save the preferences atomically: ``None`` when saved, else a warning for the player.

    Keys in the file on disk that these preferences don't know (written by a
    newer version) are kept.
    """
    return _save_preferences(preferences, merge=True)


def _save_preferences(preferences: Preferences, merge: bool) -> str | None:
    path = preferences_path()
    try:
        # model_copy(update=...) does not validate: never write what load would refuse.
        checked = Preferences.model_validate(preferences.model_dump())
    except ValidationError as error:
        return _("The preferences were not saved: {error}.").format(error=_first_error(error))
    document: Any = checked.model_dump(mode="json")
    if merge:
        with contextlib.suppress(_Unusable):
            document = _merged(_read_object(path), document)
    reason = _write_file(path, _json_bytes(document, indent=2))
    if reason is None:
        return None
    return _(
        "The preferences could not be saved in {path} ({reason}); they apply until you quit."
    ).format(path=printable(str(path)), reason=reason)


# --- the game in progress ---------------------------------------------------------


class _SavedGame(_FileModel):
    """The game left unfinished (``game.json`` in the state folder), and when it was saved."""

    version: int = GAME_VERSION
    saved_at: _Timestamp
    game: GameState


_GAME = _Format(_SavedGame, GAME_VERSION)


MAX_WINDOWS = 16
"""Windows that can each keep a game in progress on one home at once."""


@dataclass
class GameSlot:
    """A window's hold on the file of its game in progress (:func:`take_game_slot`)."""

    number: int
    """1 for ``game.json``, n for ``game-<n>.json``."""
    _lock: Any = field(repr=False)
    """The held ``filelock.FileLock``; ``None`` where no lock can be made (a folder that
    can't be written: nothing can be saved there either, and saving says why)."""
    waiting: int = 0
    """Other unfinished games saved that no window holds, when this slot was taken: a
    second window goes on with the one saved last of them."""

    @property
    def path(self) -> Path:
        return game_path(self.number)

    def release(self) -> None:
        """Let another window take this game (at the latest, the process's end does)."""
        if self._lock is not None:
            with contextlib.suppress(OSError):
                self._lock.release()


def _saved_slots() -> list[int]:
    """The slots with a saved game, the one saved last first."""
    saved: list[tuple[float, int]] = []
    with contextlib.suppress(OSError):
        for path in state_dir().iterdir():
            match = re.fullmatch(r"game(?:-([0-9]{1,3}))?\.json", path.name)
            if match is None:
                continue
            number = int(match[1] or 1)
            if 1 <= number <= MAX_WINDOWS and game_path(number).name == path.name:
                with contextlib.suppress(OSError):
                    saved.append((path.stat().st_mtime, number))
    return [number for _time, number in sorted(saved, reverse=True)]


def take_game_slot() -> tuple[GameSlot | None, bool]:
    """Lock the slot this window keeps its game in, and say whether another window holds a
    saved game (so this one plays beside it).

    The saved game no other window holds, the one saved last first, else the first
    free slot: a window opened alone resumes the game left last, and two windows
    opened together play in two files. ``None`` when every slot is held. Where no
    lock can be made (the state folder can't be written, or a file system without
    locks), the first slot free, unlocked: saving there says why it can't, if it can't.
    """
    from filelock import FileLock, Timeout

    try:
        _private_folder(state_dir())
    except OSError:
        return GameSlot(1, None), False
    held_elsewhere = False
    saved = _saved_slots()

    def lock_of(number: int) -> Any:
        path = game_path(number)
        return FileLock(
            path.with_name(path.name + ".lock"), timeout=0, mode=0o600, thread_local=False
        )

    for number in dict.fromkeys([*saved, *range(1, MAX_WINDOWS + 1)]):
        lock = lock_of(number)
        try:
            lock.acquire()
        except Timeout:
            held_elsewhere = held_elsewhere or number in saved
            continue
        except (OSError, NotImplementedError):
            return GameSlot(number, None), held_elsewhere
        waiting = 0
        # The saved games after this one were not tried: those no window holds are waiting.
        for later in saved[saved.index(number) + 1 :] if number in saved else []:
            other = lock_of(later)
            with contextlib.suppress(Timeout, OSError, NotImplementedError):
                other.acquire()
                other.release()
                waiting += 1
        return GameSlot(number, lock, waiting), held_elsewhere
    return None, held_elsewhere


def save_game(state: GameState, slot: int = 1) -> str | None:
    """Autosave the game in progress (in ``slot``, see :func:`take_game_slot`): ``None``
    when saved, else a warning for the player."""
    path = game_path(slot)
    saved = _SavedGame(saved_at=_now(), game=state)
    reason = _write_file(path, saved.model_dump_json().encode() + b"\n")
    if reason is None:
        return None
    return _("The game could not be saved in {path} ({reason}); it goes on unsaved.").format(
        path=printable(str(path)), reason=reason
    )


def load_game(slot: int = 1) -> tuple[GameState | None, str | None]:
    """The autosaved game (``None`` when there is none), and a warning for the player.

    A saved game is returned only if it validates and replays from its own
    record to itself; any other file is set aside.
    """
    path = game_path(slot)
    try:
        data = _read_object(path)
        if data is None:
            return None, None
        saved = _validate(_GAME, _upgrade(data, _GAME))
        _check_replays(saved.game)
    except _Unusable as problem:
        return None, _bad_file(path, problem, _("the game in it can't be resumed"))
    return saved.game, None


def clear_game(slot: int = 1) -> None:
    """Forget the autosaved game (a finished game goes to the history instead)."""
    with contextlib.suppress(OSError):
        game_path(slot).unlink()


# --- history ----------------------------------------------------------------------


class HistoryRecord(_FileModel):
    """A finished game as the history keeps it."""

    version: int = HISTORY_VERSION
    finished_at: _Timestamp
    game: GameState
    """The final state, with its record (the log)."""
    losses: dict[str, Annotated[float, Field(allow_inf_nan=False)]] | None = None
    """Expected points each player lost to their decisions, by name; ``None`` if not analysed."""


_HISTORY = _Format(HistoryRecord, HISTORY_VERSION)


def add_to_history(state: GameState, losses: dict[str, float] | None = None) -> str | None:
    """Keep a finished game in the history: ``None`` when kept, else a warning for the player.

    One new file per game (the history is never rewritten); the same game
    added twice is kept once. Beyond :data:`HISTORY_KEPT` games, the oldest go.
    """
    folder = history_dir()
    try:
        # Checked as reading will check it (a loss that is not a number names its place).
        record = HistoryRecord.model_validate(
            {"finished_at": _now(), "game": state, "losses": losses}
        )
    except ValidationError as error:
        return _("The game was not added to the history: {error}.").format(
            error=_first_error(error)
        )
    digest = hashlib.sha256(state.model_dump_json().encode()).hexdigest()[:12]
    with contextlib.suppress(OSError):
        if any(folder.glob(f"*-{digest}.json")):
            return None
    name = f"{record.finished_at.astimezone(UTC):%Y%m%dT%H%M%S%fZ}-{digest}.json"
    reason = _write_file(folder / name, record.model_dump_json().encode() + b"\n")
    if reason is not None:
        return _("The game could not be added to the history in {folder} ({reason}).").format(
            folder=printable(str(folder)), reason=reason
        )
    _prune_history(folder)
    return None


def _history_files(folder: Path) -> list[Path]:
    """The history's files, newest first (their names start with the time)."""
    return sorted(
        (
            path
            for path in folder.iterdir()
            if path.name.endswith(".json") and not path.name.startswith(".")
        ),
        key=lambda path: path.name,
        reverse=True,
    )


def _prune_history(folder: Path) -> None:
    with contextlib.suppress(OSError):
        for path in _history_files(folder)[HISTORY_KEPT:]:
            with contextlib.suppress(OSError):
                path.unlink()


def load_history(
    limit: int = 500, *, verify: bool = False
) -> tuple[list[HistoryRecord], list[str]]:
    """Up to ``limit`` finished games, newest first, and a warning for each bad file.

    Bad files are set aside and skipped. With ``verify``, each game must also
    replay from its record (about 3 ms a game, so not by default).
    """
    folder = history_dir()
    try:
        paths = _history_files(folder)
    except FileNotFoundError:
        return [], []
    except OSError as error:
        return [], [
            _("The history in {folder} can't be read ({why}).").format(
                folder=printable(str(folder)), why=_why(error)
            )
        ]
    records: list[HistoryRecord] = []
    warnings: list[str] = []
    for path in paths:
        if len(records) >= limit:
            break
        try:
            data = _read_object(path)
            if data is None:
                continue
            record = _validate(_HISTORY, _upgrade(data, _HISTORY))
            if verify:
                _check_replays(record.game)
        except _Unusable as problem:
            warnings.append(_bad_file(path, problem, _("that game is left out of the history")))
            continue
        records.append(record)
    records.sort(key=lambda record: record.finished_at, reverse=True)
    return records, warnings


# --- game records -----------------------------------------------------------------


class _GameRecord(_FileModel):
    """A game record file: one game, finished or not, with its log."""

    format: str = RECORD_FORMAT
    version: int = RECORD_VERSION
    game: GameState


class RecordError(ValueError):
    """A game record that can't be written or read; the message is one line for the player."""


def _record_problem(path: Path, problem: str) -> RecordError:
    return RecordError(_one_line(_("{path} is {problem}.").format(path=path, problem=problem)))


def _replayed(state: GameState, path: Path) -> GameState:
    try:
        _check_replays(state)
    except _Unusable as problem:
        raise _record_problem(path, str(problem)) from None
    return state


_LINE = 120
"""A JSON object or list of plain values this short goes on one line of a record."""


def _readable_json(value: Any, depth: int = 0) -> str:
    """``value`` as indented JSON, with short objects (a log entry, a box) on one line each."""
    compact = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    if not isinstance(value, dict | list) or not value:
        return compact
    plain = all(
        not isinstance(item, dict | list)
        or (isinstance(item, list) and not any(isinstance(x, dict | list) for x in item))
        for item in (value.values() if isinstance(value, dict) else value)
    )
    if plain and (isinstance(value, list) or (depth and len(compact) <= _LINE)):
        return compact
    inner = "  " * (depth + 1)
    if isinstance(value, dict):
        items = [
            f"{inner}{json.dumps(key, ensure_ascii=False)}: {_readable_json(item, depth + 1)}"
            for key, item in value.items()
        ]
        return "{\n" + ",\n".join(items) + "\n" + "  " * depth + "}"
    items = [f"{inner}{_readable_json(item, depth + 1)}" for item in value]
    return "[\n" + ",\n".join(items) + "\n" + "  " * depth + "]"


def write_record(
    state: GameState,
    path: str | os.PathLike[str],
    *,
    verify: bool = True,
    replace: bool = False,
) -> None:
    """Write the game, with its log, as a new record file at ``path`` (atomically).

    The file is indented JSON, one step of the log a line: ``{"format":
    RECORD_FORMAT, "version": RECORD_VERSION, "game": <the game>}``. Its
    folder is created if need be. Raises :class:`RecordError` (one line for
    the player) when the game is not valid or (unless ``verify`` is off, for a
    game just played by the rules) does not replay from its own log, or when
    the file can't be written, a file already there included (unless
    ``replace``: only for a batch of records named by their seeds). It is
    written with the usual mode (0666 less the umask), to be shared.
    """
    path = Path(path)
    try:
        # model_copy(update=...) does not validate: never write what reading refuses.
        checked = GameState.model_validate(state.model_dump())
    except ValidationError as error:
        raise RecordError(
            _one_line(
                _("The game was not written to {path}: {error}").format(
                    path=path, error=refusal(error)
                )
            )
        ) from None
    if verify:
        _replayed(checked, path)
    document = _GameRecord(game=checked).model_dump(mode="json")
    reason = _write_file(
        path, (_readable_json(document) + "\n").encode(), shared=True, replace=replace
    )
    if reason is not None:
        raise RecordError(
            _one_line(
                _("The game could not be written to {path} ({reason}).").format(
                    path=path, reason=reason
                )
            )
        )


def read_record(path: str | os.PathLike[str]) -> GameState:
    """The game in a record file, checked to replay from its own log.

    Also reads the autosave (``state/game.json``) and a history file, which
    hold the same game in their own versioned objects. Raises
    :class:`RecordError` with one line for the player when the file is
    missing or unreadable, not JSON, not a record, of an unknown version, not
    a valid game, or a game whose log does not replay. The file is never
    moved or changed.
    """
    path = Path(path)
    try:
        data = _read_object(path)
    except _Unusable as problem:
        raise _record_problem(path, str(problem)) from None
    if data is None:
        raise RecordError(_one_line(_("{path}: there is no such file.").format(path=path)))
    if "format" in data:
        game = _record_game(data, path)
    elif "game" in data and ("saved_at" in data or "finished_at" in data):
        form: _Format[Any] = _GAME if "saved_at" in data else _HISTORY
        try:
            game = _validate(form, _upgrade(data, form)).game
        except _Unusable as problem:
            raise _record_problem(path, str(problem)) from None
    else:
        raise _record_problem(path, _("not a generala-tui game record"))
    return _replayed(game, path)


def _record_game(data: dict[str, Any], path: Path) -> GameState:
    if data["format"] != RECORD_FORMAT:
        raise _record_problem(
            path,
            _("not a generala-tui game record (its format is {format})").format(
                format=json.dumps(data["format"])
            ),
        )
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise _record_problem(
            path,
            _("a game record of an unknown version ({version})").format(
                version=json.dumps(version)
            ),
        )
    if version != RECORD_VERSION:
        problem = (
            _(
                "a game record of version {version} from a newer generala-tui, which this "
                "generala-tui can't read"
            )
            if version > RECORD_VERSION
            else _("a game record of version {version}, which this generala-tui can't read")
        )
        raise _record_problem(path, problem.format(version=version))
    if "game" not in data:
        raise _record_problem(path, _("a game record without its game"))
    try:
        return _GameRecord.model_validate(data).game
    except ValidationError as error:
        raise _record_problem(
            path,
            _("a game record of an impossible game ({error})").format(
                error=_clause(refusal(error))
            ),
        ) from None


def record_folder(path: str | os.PathLike[str]) -> Path:
    """The folder ``path``, created if need be, for game records to be written in.

    Raises :class:`RecordError` (one line for the player) when it can't be
    created, is a file, or can't be written in.
    """
    folder = Path(path)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise RecordError(
            _one_line(
                _("{folder} can't be a folder of game records ({why}).").format(
                    folder=folder, why=_why(error)
                )
            )
        ) from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise RecordError(
            _one_line(
                _("{folder} can't be a folder of game records (not writable).").format(
                    folder=folder
                )
            )
        )
    return folder
