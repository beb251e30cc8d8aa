"""Every file generala-tui keeps on disk.

- The cache of strategy tables (one file per rule set), under
  ``$XDG_CACHE_HOME/generala-tui`` (``~/.cache/generala-tui`` without it).
  Any problem reading or writing one is treated as a cache miss: the caller
  recomputes.
- The settings (the house rules for new games), in
  ``$XDG_CONFIG_HOME/generala-tui/settings.json`` (``~/.config/...``).
  A file that can't be read or makes no sense is reported and left alone
  until the player saves new settings.

Files are written atomically (a temporary file renamed into place), and
nothing here raises for a problem with the disk.
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
from pathlib import Path

from pydantic import BaseModel, ConfigDict, ValidationError

from .game.model import HouseRules

__all__ = [
    "Settings",
    "SettingsProblem",
    "StrategyTables",
    "cache_dir",
    "config_dir",
    "load_settings",
    "load_strategy_table",
    "save_settings",
    "save_strategy_table",
    "strategy_tables",
]

APP_NAME = "generala-tui"
_KEY = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")
_MAX_TABLE_BYTES = 16 * 1024 * 1024


def _xdg_dir(variable: str, fallback: str) -> Path:
    base = os.environ.get(variable, "").strip()
    # The XDG spec says relative paths are to be ignored.
    root = Path(base) if base and os.path.isabs(base) else Path.home() / fallback
    return root / APP_NAME


def cache_dir() -> Path:
    """The directory of generala-tui's cache files (it may not exist yet)."""
    return _xdg_dir("XDG_CACHE_HOME", ".cache")


def config_dir() -> Path:
    """The directory of generala-tui's settings (it may not exist yet)."""
    return _xdg_dir("XDG_CONFIG_HOME", ".config")


def _strategy_path(key: str) -> Path:
    if not _KEY.fullmatch(key):
        raise ValueError(f"Not a cache key: {key!r}")
    return cache_dir() / "strategy" / f"{key}.npz"


def load_strategy_table(key: str) -> bytes | None:
    """The bytes saved under ``key``, or ``None`` when there are none or they can't be read."""
    try:
        path = _strategy_path(key)
        if path.stat().st_size > _MAX_TABLE_BYTES:
            return None
        return path.read_bytes()
    except (OSError, ValueError):
        return None


def save_strategy_table(key: str, data: bytes) -> bool:
    """Save ``data`` under ``key`` atomically; return whether it was saved."""
    try:
        path = _strategy_path(key)
    except ValueError:
        return False
    return _write_atomically(path, data)


def _write_atomically(path: Path, data: bytes) -> bool:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(
            dir=path.parent, prefix=f".{path.name}.", suffix=".tmp"
        )
    except OSError:
        return False
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        return False
    return True


class StrategyTables:
    """The strategy tables on disk, in the shape ``generala_tui.game.strategy.solve`` takes."""

    def load(self, key: str) -> bytes | None:
        return load_strategy_table(key)

    def save(self, key: str, data: bytes) -> bool:
        return save_strategy_table(key, data)


strategy_tables = StrategyTables()
"""Hand this to ``solve(..., tables=...)`` to keep tables between runs."""


# --- settings ---------------------------------------------------------------------


class Settings(BaseModel):
    """What generala-tui remembers between runs."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    house_rules: HouseRules = HouseRules()
    """The house rules for new games."""


class SettingsProblem(Exception):
    """The settings file exists but can't be used; the message says why, for the player."""


def settings_path() -> Path:
    """Where the settings are kept."""
    return config_dir() / "settings.json"


def load_settings() -> Settings:
    """The saved settings, the defaults when there are none.

    Raises :class:`SettingsProblem` when a settings file exists but can't be
    read or holds something invalid (the caller uses the defaults and says so).
    """
    path = settings_path()
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return Settings()
    except OSError as error:
        raise SettingsProblem(f"{path} can't be read ({error.strerror}).") from None
    try:
        return Settings.model_validate_json(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "the file"
        raise SettingsProblem(f"{path} is not valid ({where}: {first['msg']}).") from None


def save_settings(settings: Settings) -> bool:
    """Save the settings atomically; return whether they were saved."""
    return _write_atomically(settings_path(), settings.model_dump_json(indent=2).encode())
