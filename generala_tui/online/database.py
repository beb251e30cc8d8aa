"""The table server's tables on disk: one SQLite database in its data folder.

Each table is one row of ``tables``: its id, its record (:class:`~.tables.TableRecord`
as JSON) as it was opened or last written whole, and when it last moved. Every step is
one row of ``steps`` (the :class:`~.protocol.Played` the clients were sent, the same
text) written in its own transaction before it is sent, so a step costs a few hundred
bytes, not the whole game again; loading a table plays its steps on its record
(:func:`~.tables.follow`, as a client does) and writes it whole again, as does the step
that ends a game. So a server killed at any moment (``kill -9``) and started again on
the same folder finds every table as it was after its last step. The database is in WAL
mode with
``synchronous=NORMAL``: a transaction is safe once committed against the process
dying, and only a power cut could lose the last few (SQLite's own guarantee for that
mode), at a fraction of the cost of a sync per step.

One server at a time keeps a folder: it holds ``tables.lock`` (:mod:`filelock`) while it
runs, and a second one started on the same folder is refused (:class:`FolderInUse`) rather
than both serving, and overwriting, the same tables.

A row that no longer reads as a table (a file from another program, a newer version)
is set aside in the log and left where it is: the other tables go on. A step that does
not read, or does not follow its table, is told in the log, and the table goes on from
the step before it.
"""

from __future__ import annotations

import logging
import sqlite3
import time
from pathlib import Path

from pydantic import ValidationError

from ..game.model import Phase
from ..game.refusals import printable
from .protocol import Played
from .tables import OutOfStep, TableRecord, follow

log = logging.getLogger("generala_tui.online")

FILE_NAME = "tables.sqlite3"
LOCK_NAME = "tables.lock"


class FolderInUse(OSError):
    """Another table server keeps its tables in this folder now."""


_SCHEMA = (
    """
    CREATE TABLE IF NOT EXISTS tables (
        id TEXT PRIMARY KEY,
        record TEXT NOT NULL,
        finished INTEGER NOT NULL DEFAULT 0,
        updated REAL NOT NULL
    )
    """,
    # A table's steps since its record was written whole, in the order played (rowid).
    """
    CREATE TABLE IF NOT EXISTS steps (
        id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        played TEXT NOT NULL
    )
    """,
    "CREATE INDEX IF NOT EXISTS steps_of_a_table ON steps (id)",
)


class TableDatabase:
    """The tables of one data folder."""

    def __init__(self, folder: Path) -> None:
        from filelock import FileLock, Timeout

        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        self._lock = FileLock(folder / LOCK_NAME, timeout=0)
        try:
            self._lock.acquire()
        except Timeout:
            raise FolderInUse(0, "another table server is using it") from None
        try:
            self._open(folder)
        except sqlite3.DatabaseError as error:  # not SQLite's, or damaged: left as it is
            self._lock.release()
            raise OSError(
                0, f"{FILE_NAME} is not a database this server can read ({error})"
            ) from None
        except BaseException:
            self._lock.release()
            raise

    def _open(self, folder: Path) -> None:
        self.path = folder / FILE_NAME
        # The module's own transactions: each statement that writes opens one, and ``with``
        # commits it (or rolls it back on an error).
        self._db = sqlite3.connect(self.path)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        for statement in _SCHEMA:
            self._db.execute(statement)
        self.path.chmod(0o600)

    def close(self) -> None:
        self._db.close()
        self._lock.release()

    def load(self) -> list[TableRecord]:
        """Every table that reads as one, oldest first, each with its steps played (and
        written whole again, so its steps are played once)."""
        records = []
        for table_id, text in self._db.execute(
            "SELECT id, record FROM tables ORDER BY rowid"
        ).fetchall():
            try:
                record = TableRecord.model_validate_json(text)
            except ValidationError as error:
                log.warning(
                    "table %s is not one this server reads, left as it is: %s",
                    printable(str(table_id))[:80],
                    printable(str(error).splitlines()[0]),
                )
                continue
            steps = self._db.execute(
                "SELECT played FROM steps WHERE id = ? ORDER BY rowid", (table_id,)
            ).fetchall()
            if steps:
                record = self._played(record, [played for (played,) in steps])
                self.save(record)
            records.append(record)
        return records

    def _played(self, record: TableRecord, steps: list[str]) -> TableRecord:
        game = record.game
        for number, text in enumerate(steps, start=1):
            try:
                game = follow(game, Played.model_validate_json(text))
            except (ValidationError, OutOfStep) as error:
                log.warning(
                    "table %s: its step %d of %d is not one this server plays (%s); the table"
                    " goes on from the step before it",
                    record.id,
                    number,
                    len(steps),
                    printable(str(error).splitlines()[0])[:200],
                )
                break
        return record.model_copy(update={"game": game})

    def save(self, record: TableRecord) -> None:
        """Keep ``record`` whole (a new table, or one whose steps were played on it), in
        one transaction."""
        with self._db:
            self._write(record)

    def step(self, record: TableRecord, played: str, *, before: TableRecord | None = None) -> None:
        """Keep a step of a table: ``played`` (a :class:`~.protocol.Played` as JSON) took
        it from ``before`` to ``record``; in one transaction, committed when this returns,
        else rolled back (the error raised: :class:`sqlite3.Error`, a full disk's among
        them). The step that ends the game writes the table whole instead, so a finished
        table is one row, and so does one that shortens the game's log (a hold taken back,
        which the log forgets), so a table's rows are never more than its log's steps
        since it was written whole, however often its dice are held and let go."""
        with self._db:
            if record.game.phase is Phase.OVER or (
                before is not None and len(record.game.log) <= len(before.game.log)
            ):
                self._write(record)
                return
            self._db.execute("INSERT INTO steps (id, played) VALUES (?, ?)", (record.id, played))
            self._db.execute("UPDATE tables SET updated = ? WHERE id = ?", (time.time(), record.id))

    def _write(self, record: TableRecord) -> None:
        finished = record.game.phase is Phase.OVER
        self._db.execute(
            "INSERT INTO tables (id, record, finished, updated) VALUES (?, ?, ?, ?)"
            " ON CONFLICT(id) DO UPDATE SET record = excluded.record,"
            " finished = excluded.finished, updated = excluded.updated",
            (record.id, record.model_dump_json(), finished, time.time()),
        )
        self._db.execute("DELETE FROM steps WHERE id = ?", (record.id,))

    def forget_finished(self, before: float) -> list[str]:
        """Delete the finished tables that have not moved since ``before``; their ids."""
        with self._db:
            gone = [
                row[0]
                for row in self._db.execute(
                    "SELECT id FROM tables WHERE finished AND updated < ?", (before,)
                )
            ]
            self._db.execute("DELETE FROM tables WHERE finished AND updated < ?", (before,))
        return gone
