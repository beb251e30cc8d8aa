"""The strategy tables' cache (``cache/strategy/<key>.npz``): any problem is a miss."""

from __future__ import annotations

import io
import math
import re
import zipfile
from pathlib import Path

from .files import Unusable, read_bytes, write_atomically
from .paths import cache_dir

_KEY = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")
_MAX_TABLE_BYTES = 16 * 1024 * 1024
_MAX_INFLATED_BYTES = 32 * 1024 * 1024
"""The most a file's arrays may hold once inflated: the largest tables the game makes (the
win chances of the rules with the most scorecards and points, 27 MiB) and room to spare
(``tests/store/test_strategy_cache.py`` checks it). A file of a few hundred kB could
otherwise inflate to gigabytes."""
_MAX_MEMBERS = 16
"""The most arrays a file may hold (the game's tables have six)."""


def _strategy_path(key: str) -> Path:
    if not _KEY.fullmatch(key):
        raise ValueError(f"Not a cache key: {key!r}")
    return cache_dir() / "strategy" / f"{key}.npz"


def load_strategy_table(key: str) -> bytes | None:
    """The bytes saved under ``key``, or ``None`` when there are none, they can't be read,
    or they are not arrays that inflate to at most :data:`_MAX_INFLATED_BYTES`."""
    try:
        data = read_bytes(_strategy_path(key), _MAX_TABLE_BYTES)
    except (OSError, ValueError, Unusable):
        return None
    return data if _inflates_within_bounds(data) else None


def _inflates_within_bounds(data: bytes) -> bool:
    """Whether ``data`` is a zip of at most :data:`_MAX_MEMBERS` arrays (``.npy``, no
    objects), each member as large as its array's header says, together within
    :data:`_MAX_INFLATED_BYTES`: told by the zip's directory and the arrays' headers alone,
    before anything else is inflated. (The zip never gives more of a member than its
    directory says, so its sizes bound what numpy will read.)"""
    from numpy.lib import format as npy

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = archive.infolist()
            if (
                len(members) > _MAX_MEMBERS
                or sum(member.file_size for member in members) > _MAX_INFLATED_BYTES
            ):
                return False
            for member in members:
                if not member.filename.endswith(".npy"):
                    return False
                with archive.open(member) as stream:
                    version = npy.read_magic(stream)
                    if version == (1, 0):
                        shape, _order, dtype = npy.read_array_header_1_0(stream)
                    elif version == (2, 0):
                        shape, _order, dtype = npy.read_array_header_2_0(stream)
                    else:
                        return False
                    size = math.prod(shape) * dtype.itemsize
                    if dtype.hasobject or stream.tell() + size != member.file_size:
                        return False
    except Exception:  # a cache: whatever is wrong with the file, it is a miss
        return False
    return True


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
