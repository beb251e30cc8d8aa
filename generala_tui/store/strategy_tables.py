"""The strategy tables' cache (``cache/strategy/<key>.npz``): any problem is a miss."""

from __future__ import annotations

import re
from pathlib import Path

from .files import Unusable, read_bytes, write_atomically
from .paths import cache_dir

_KEY = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")
_MAX_TABLE_BYTES = 16 * 1024 * 1024


def _strategy_path(key: str) -> Path:
    if not _KEY.fullmatch(key):
        raise ValueError(f"Not a cache key: {key!r}")
    return cache_dir() / "strategy" / f"{key}.npz"


def load_strategy_table(key: str) -> bytes | None:
    """The bytes saved under ``key``, or ``None`` when there are none or they can't be read."""
    try:
        return read_bytes(_strategy_path(key), _MAX_TABLE_BYTES)
    except (OSError, ValueError, Unusable):
        return None


def save_strategy_table(key: str, data: bytes) -> bool:
    """Save ``data`` under ``key`` atomically; return whether it was saved."""
    try:
        path = _strategy_path(key)
    except ValueError:
        return False
    return write_atomically(path, data)


class StrategyTables:
    """The strategy tables on disk, in the shape ``generala_tui.game.strategy.solve`` takes."""

    def load(self, key: str) -> bytes | None:
        return load_strategy_table(key)

    def save(self, key: str, data: bytes) -> bool:
        return save_strategy_table(key, data)


strategy_tables = StrategyTables()
"""Hand this to ``solve(..., tables=...)`` to keep tables between runs."""
