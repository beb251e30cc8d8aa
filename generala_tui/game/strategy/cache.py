"""The strategy's tables kept: in memory, and in the :class:`TableStore` a caller passes.

Two kinds of table are kept, the expert's values (:mod:`.optimal`) and the win
chances' futures (:mod:`.chances`), and both alike: in memory a :class:`Memo` of
each kind, by rule set; on disk one file a key (the façade's ``strategy_key`` or
``chances_key``), an ``.npz`` archive of the arrays with the rules they were made
for, the version of the code that made them and a checksum, all checked when it is
read. A file that fails any check is a miss, made again, never an error.

Rule sets that differ only in the tie-break share their tables (:func:`rules_text`).

Importing this module does not import numpy.
"""

from __future__ import annotations

import hashlib
import io
import json
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, Self, TypeVar

from ..model import HouseRules

if TYPE_CHECKING:
    from ._chances import Futures
    from ._dice import FloatArray

__all__ = [
    "Memo",
    "TableStore",
    "checksum",
    "load_futures",
    "load_values",
    "rules_text",
    "save_futures",
    "save_values",
]


def rules_text(house_rules: HouseRules) -> str:
    """The rules a table depends on, as its key's digest and its file say them: all but the
    tie-break.

    The tie-break changes neither the optimum of a game nor any scorecard's future (a
    tie-break turn is valued from the rules' scoring, apart from the table), so rule sets
    that differ only there share their tables: their files and what a :class:`Memo` keeps.
    """
    relevant = house_rules.model_dump(mode="json", exclude={"tie_break"})
    return json.dumps(relevant, sort_keys=True)


class TableStore(Protocol):
    """Where solved tables are kept between runs (``generala_tui.store.strategy_tables``).

    The game package does no I/O itself: a caller that wants tables kept on
    disk hands one of these to ``solve`` or ``solve_chances``.
    """

    def load(self, key: str) -> bytes | None:
        """The bytes saved under ``key``, or None."""
        ...

    def save(self, key: str, data: bytes) -> bool:
        """Keep ``data`` under ``key``; whether that worked."""
        ...


# --- in memory ---------------------------------------------------------------------


class Kept(Protocol):
    """What a :class:`Memo` keeps: tables made for one rule set."""

    @property
    def house_rules(self) -> HouseRules:
        """The rules the tables answer for."""
        ...

    def for_rules(self, house_rules: HouseRules) -> Self:
        """The same tables, answering for ``house_rules`` (which share them)."""
        ...


KeptT = TypeVar("KeptT", bound=Kept)


class Memo(Generic[KeptT]):
    """One kind of table in memory, by rule set; safe to use from several threads.

    A rule set asked for after another that shares its tables (:func:`rules_text`) is
    given those tables, made to answer for it (``for_rules``) and kept too.
    """

    def __init__(self) -> None:
        self._kept: dict[HouseRules, KeptT] = {}
        self._lock = threading.Lock()
        self._making: dict[str, threading.Lock] = {}

    def find(self, house_rules: HouseRules) -> KeptT | None:
        """The tables of ``house_rules`` if they (or a rule set's sharing them) are kept."""
        text = rules_text(house_rules)
        with self._lock:
            found = self._kept.get(house_rules)
            if found is not None:
                return found
            twin = next(
                (kept for rules, kept in self._kept.items() if rules_text(rules) == text), None
            )
        return None if twin is None else self.keep(twin.for_rules(house_rules))

    def keep(self, made: KeptT) -> KeptT:
        """Keep ``made``; what was kept first for its rules wins (another thread's)."""
        with self._lock:
            return self._kept.setdefault(made.house_rules, made)

    def find_or_make(
        self,
        house_rules: HouseRules,
        found: Callable[[], KeptT | None],
        make: Callable[[], KeptT],
        progress: Callable[[float], None] | None = None,
    ) -> KeptT:
        """What ``found`` finds (in memory or on disk), or else what ``make`` makes, kept;
        ``progress`` is told 1.0 once they are there.

        One thread at a time looks and makes for the rule sets that share a table: the
        others wait for its result rather than make it again.
        """
        with self._lock:
            making = self._making.setdefault(rules_text(house_rules), threading.Lock())
        with making:
            kept = found()
            if kept is None:
                kept = self.keep(make())
        if progress is not None:
            progress(1.0)
        return kept

    def clear(self) -> None:
        """Forget every table kept."""
        with self._lock:
            self._kept.clear()


# --- on disk -----------------------------------------------------------------------


@dataclass(frozen=True)
class _Kind:
    """How one kind of table is saved: its arrays' names, the name of the version of the
    code that made them, and whether the archive is compressed."""

    arrays: tuple[str, ...]
    version_name: str
    compressed: bool


_VALUES = _Kind(("values",), "solver_version", compressed=False)
_FUTURES = _Kind(("points", "wins"), "version", compressed=True)


def checksum(version: int, rules: str, *arrays: FloatArray) -> str:
    """What a saved table is checked against: its arrays, its rules and its version."""
    import numpy as np

    digest = hashlib.sha256(f"{version}\n{rules}\n".encode())
    for values in arrays:
        digest.update(np.ascontiguousarray(values, dtype="<f8").tobytes())
    return digest.hexdigest()


def _read(
    kind: _Kind, tables: TableStore, key: str, house_rules: HouseRules, version: int
) -> tuple[list[FloatArray], float] | None:
    """The arrays saved under ``key`` and the seconds they took to make, if the file was
    made by ``version`` for these rules and its checksum matches its arrays; else None."""
    import numpy as np

    data = tables.load(key)
    if data is None:
        return None
    rules = rules_text(house_rules)
    try:
        with np.load(io.BytesIO(data), allow_pickle=False) as archive:
            arrays = [np.array(archive[name], dtype=np.float64) for name in kind.arrays]
            if (
                int(archive[kind.version_name]) != version
                or str(archive["rules"]) != rules
                or str(archive["checksum"]) != checksum(version, rules, *arrays)
            ):
                return None
            seconds = float(archive["solve_seconds"])
    except Exception:  # a damaged or foreign file is made again, never fatal
        return None
    return arrays, seconds


def _write(
    kind: _Kind,
    tables: TableStore,
    key: str,
    house_rules: HouseRules,
    version: int,
    arrays: Mapping[str, FloatArray],
    seconds: float,
) -> None:
    import numpy as np

    rules = rules_text(house_rules)
    saved: dict[str, Any] = {  # Any: numpy's savez takes ``allow_pickle`` among the names
        **arrays,
        "solve_seconds": np.array(seconds),
        "rules": np.array(rules),
        kind.version_name: np.array(version),
        "checksum": np.array(checksum(version, rules, *(arrays[name] for name in kind.arrays))),
    }
    buffer = io.BytesIO()
    if kind.compressed:
        np.savez_compressed(buffer, **saved)
    else:
        np.savez(buffer, **saved)
    tables.save(key, buffer.getvalue())


def load_values(
    tables: TableStore, key: str, house_rules: HouseRules, version: int
) -> tuple[FloatArray, float] | None:
    """The expert's table saved under ``key`` and its solving time, if it passes every
    check; None to solve it again.

    A table is used only when it was saved by this solver ``version`` for these rules,
    its checksum matches its values (no bit has changed since it was saved), and the
    values of a sample of scorecards spread over the table agree with a turn played from
    the values of the scorecards after them (a table of plausible but wrong values fails
    there, whatever its checksum).
    """
    import numpy as np

    from ._optimal import consistent, rules_tables

    read = _read(_VALUES, tables, key, house_rules, version)
    if read is None:
        return None
    (values,), seconds = read
    rt = rules_tables(house_rules)
    if values.shape != (rt.cards,) or not np.all(np.isfinite(values)) or not consistent(rt, values):
        return None
    return values, seconds


def save_values(
    tables: TableStore,
    key: str,
    house_rules: HouseRules,
    version: int,
    values: FloatArray,
    seconds: float,
) -> None:
    """Keep the expert's table ``values`` under ``key`` (``seconds``: its solving time)."""
    _write(_VALUES, tables, key, house_rules, version, {"values": values}, seconds)


def load_futures(
    tables: TableStore, key: str, house_rules: HouseRules, version: int, values: FloatArray
) -> tuple[Futures, float] | None:
    """The win chances' futures saved under ``key`` and their making time, if they pass
    every check (``version``, rules and checksum as for :func:`load_values`, their shapes,
    and a sample of cards played again from the expert's table ``values``); None to make
    them again."""
    import numpy as np

    from ._chances import Futures, consistent, most_points
    from ._optimal import rules_tables

    read = _read(_FUTURES, tables, key, house_rules, version)
    if read is None:
        return None
    (points, wins), seconds = read
    rt = rules_tables(house_rules)
    if (
        points.shape != (rt.cards, most_points(house_rules) + 1)
        or wins.shape != (rt.cards, len(rt.categories) + 1)
        or not (np.all(np.isfinite(points)) and np.all(np.isfinite(wins)))
    ):
        return None
    futures = Futures(points, wins)
    if not consistent(house_rules, values, futures):
        return None
    return futures, seconds


def save_futures(
    tables: TableStore,
    key: str,
    house_rules: HouseRules,
    version: int,
    futures: Futures,
    seconds: float,
) -> None:
    """Keep the win chances' ``futures`` under ``key`` (``seconds``: their making time)."""
    arrays = {"points": futures.points, "wins": futures.wins}
    _write(_FUTURES, tables, key, house_rules, version, arrays, seconds)
