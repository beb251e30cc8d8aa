"""Every file generala-tui keeps on disk.

For now: the cache of strategy tables (one file per rule set), under
``$XDG_CACHE_HOME/generala-tui`` (``~/.cache/generala-tui`` without it).
Files are written atomically (a temporary file renamed into place), and any
problem reading or writing one is treated as a cache miss: the caller
recomputes, and nothing here raises.
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
from pathlib import Path

__all__ = ["cache_dir", "load_strategy_table", "save_strategy_table"]

APP_NAME = "generala-tui"
_KEY = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")
_MAX_TABLE_BYTES = 16 * 1024 * 1024


def cache_dir() -> Path:
    """The directory of generala-tui's cache files (it may not exist yet)."""
    base = os.environ.get("XDG_CACHE_HOME", "").strip()
    # The XDG spec says relative paths are to be ignored.
    root = Path(base) if base and os.path.isabs(base) else Path.home() / ".cache"
    return root / APP_NAME


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
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{key}.", suffix=".tmp")
    except (OSError, ValueError):
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
