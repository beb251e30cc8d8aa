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

The file keeps its schema's version (SQLite's ``user_version``, :data:`SCHEMA_VERSION`):
a server of this release brings an older file up to it as it opens it, and refuses one of
a newer release, left as it is. A row that no longer reads as a table (a file from another
program, a newer version of the record) is set aside in the log and left where it is: the
other tables go on. A step that does
not read, or does not follow its table, is told in the log, and the table goes on from
the step before it.
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import os
import sqlite3
import time
from collections.abc import Sequence
from pathlib import Path

from pydantic import ValidationError

from ..game.model import GameState, Phase
from ..game.refusals import printable
from . import salvage
from .people import Person
from .protocol import GameSummary, Played
from .ratings import Result
from .tables import OutOfStep, TableRecord, follow

log = logging.getLogger("generala_tui.online")

FILE_NAME = "tables.sqlite3"
LOCK_NAME = "tables.lock"


class FolderInUse(OSError):
    """Another table server keeps its tables in this folder now."""


SCHEMA_VERSION = 4
"""The version of the database's tables, kept in SQLite's ``PRAGMA user_version``: set when
the file is made, and raised by :data:`_MIGRATIONS` when a server of this release opens
an older file. A file of a newer version is refused (:class:`NewerDatabase`), never
written by a server that does not know its tables."""

_PEOPLE = (
    # The players the server knows (people.py): a name unique by what a player sees of it
    # (``seen``), and, once rated, their rating (``mu``, ``sigma``), rated games and best.
    """
    CREATE TABLE people (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        seen TEXT NOT NULL UNIQUE,
        mu REAL,
        sigma REAL,
        games INTEGER NOT NULL DEFAULT 0,
        best INTEGER,
        joined REAL NOT NULL
    )
    """,
    # What proves an identity: a join client's secret's SHA-256, or an SSH key's fingerprint.
    """
    CREATE TABLE credentials (
        credential TEXT PRIMARY KEY,
        person TEXT NOT NULL REFERENCES people (id) ON DELETE CASCADE
    )
    """,
    # Each rated game's result for each person at it: written with the game's end, once.
    """
    CREATE TABLE results (
        table_id TEXT NOT NULL,
        number INTEGER NOT NULL,
        person TEXT NOT NULL REFERENCES people (id) ON DELETE CASCADE,
        place INTEGER NOT NULL,
        total INTEGER NOT NULL,
        mu_before REAL,
        sigma_before REAL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        ended REAL NOT NULL,
        PRIMARY KEY (table_id, number, person)
    )
    """,
    "CREATE INDEX results_of_a_person ON results (person, ended)",
)
"""The tables of the players a server knows (version 3 on)."""

_RATED_GAMES = (
    # Each rated game whole (its GameState as JSON, with its log), written with its end and
    # its results, once: what a player's recent games open in the analysis.
    """
    CREATE TABLE rated_games (
        table_id TEXT NOT NULL,
        number INTEGER NOT NULL,
        players TEXT NOT NULL,
        game TEXT NOT NULL,
        ended REAL NOT NULL,
        PRIMARY KEY (table_id, number)
    )
    """,
)
"""The rated games kept whole (version 4 on)."""

_SCHEMA = (
    """
    CREATE TABLE tables (
        id TEXT PRIMARY KEY,
        record TEXT NOT NULL,
        finished INTEGER NOT NULL DEFAULT 0,
        updated REAL NOT NULL,
        kept INTEGER
    )
    """,
    # A table's steps since its record was written whole, in the order played (rowid).
    """
    CREATE TABLE steps (
        id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        played TEXT NOT NULL
    )
    """,
    "CREATE INDEX steps_of_a_table ON steps (id)",
    # The lines said at a table (a Said as JSON), the last MAX_CHAT_KEPT of each.
    """
    CREATE TABLE chat (
        id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        said TEXT NOT NULL
    )
    """,
    "CREATE INDEX chat_of_a_table ON chat (id)",
    *_PEOPLE,
    *_RATED_GAMES,
)
"""The tables of a new file, at :data:`SCHEMA_VERSION`."""


def _from_version_0(db: sqlite3.Connection) -> None:
    """Version 0, the files of the releases before the version was kept (user_version 0):
    every table (one row each) and, from the release that kept steps on, a table's steps;
    from the one after, each table's count of its steps (``kept``). What a file lacks is
    added: the steps' table and its index, and ``kept``, unknown (NULL) for its tables."""
    # Written out as version 1 has them: a migration stays what it was when the schema moves on.
    db.execute(
        """
        CREATE TABLE IF NOT EXISTS steps (
            id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            played TEXT NOT NULL
        )
        """
    )
    db.execute("CREATE INDEX IF NOT EXISTS steps_of_a_table ON steps (id)")
    columns = [row[1] for row in db.execute("PRAGMA table_info(tables)")]
    if "kept" not in columns:
        db.execute("ALTER TABLE tables ADD COLUMN kept INTEGER")


def _from_version_1(db: sqlite3.Connection) -> None:
    """Version 1 kept no chat: its table and index are added."""
    db.execute(
        """
        CREATE TABLE chat (
            id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            said TEXT NOT NULL
        )
        """
    )
    db.execute("CREATE INDEX chat_of_a_table ON chat (id)")


def _from_version_2(db: sqlite3.Connection) -> None:
    """Version 2 knew no players: the tables version 3 added for them are added."""
    for statement in _PEOPLE:
        db.execute(statement)


def _from_version_3(db: sqlite3.Connection) -> None:
    """Version 3 kept a rated game's results, not the game: the table version 4 keeps it in
    is added (the games rated before stay out of the players' recent games)."""
    for statement in _RATED_GAMES:
        db.execute(statement)


_MIGRATIONS = {
    0: _from_version_0,
    1: _from_version_1,
    2: _from_version_2,
    3: _from_version_3,
}
"""For each version before :data:`SCHEMA_VERSION`, what takes a file of it to the next."""


class NameTaken(ValueError):
    """Another player the server knows goes by that name (or one that looks alike)."""


_PERSON = "SELECT id, name, mu, sigma, games, best FROM people"


def _person(row: tuple[object, ...]) -> Person:
    person_id, name, mu, sigma, games, best = row
    return Person(
        id=str(person_id),
        name=str(name),
        mu=None if mu is None else float(str(mu)),
        sigma=None if sigma is None else float(str(sigma)),
        games=int(str(games)),
        best=None if best is None else int(str(best)),
    )


class NewerDatabase(OSError):
    """The database was made by a newer release: its tables are not this one's to write."""


class TableDatabase:
    """The tables of one data folder."""

    def __init__(self, folder: Path) -> None:
        from filelock import FileLock, Timeout

        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        if not os.access(folder, os.W_OK | os.X_OK):
            raise PermissionError(errno.EACCES, "the folder cannot be written to", str(folder))
        self._lock = FileLock(folder / LOCK_NAME, timeout=0, mode=0o600)
        try:
            self._lock.acquire()
        except Timeout:
            raise FolderInUse(0, "another table server is using it") from None
        try:
            self._open(folder)
            if not self._sound():
                self._salvage()
        except sqlite3.OperationalError as error:  # could not open or write: the system's
            self._lock.release()
            raise _system_error(error, folder) from None
        except sqlite3.DatabaseError as error:  # not SQLite's at all: left as it is
            self._lock.release()
            raise OSError(
                0, f"{FILE_NAME} is not a database this server can read ({error})"
            ) from None
        except BaseException:
            self._lock.release()
            raise

    def _open(self, folder: Path) -> None:
        self.path = folder / FILE_NAME
        # Made this user's only before SQLite opens it (its -wal and -shm files take the
        # database's permissions).
        os.close(os.open(self.path, os.O_CREAT | os.O_WRONLY, 0o600))
        self.path.chmod(0o600)
        # The module's own transactions: each statement that writes opens one, and ``with``
        # commits it (or rolls it back on an error).
        self._db = sqlite3.connect(self.path)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._migrate()

    def _migrate(self) -> None:
        """Bring the file to :data:`SCHEMA_VERSION`, in one transaction: a new file gets the
        tables, an older one each migration from its version on. Raises
        :class:`NewerDatabase` for a file of a newer version, leaving it as it is."""
        (version,) = self._db.execute("PRAGMA user_version").fetchone()
        if version == SCHEMA_VERSION:
            return
        if version > SCHEMA_VERSION:
            raise NewerDatabase(
                0,
                f"{FILE_NAME} is of version {version}, made by a newer release "
                f"(this one reads up to {SCHEMA_VERSION})",
            )
        made = self._db.execute(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'tables'"
        ).fetchone() == (1,)
        self._db.execute("BEGIN IMMEDIATE")
        try:
            if made:
                for step in range(version, SCHEMA_VERSION):
                    _MIGRATIONS[step](self._db)
            else:
                for statement in _SCHEMA:
                    self._db.execute(statement)
            # PRAGMA takes no parameter: the version is this module's own whole number.
            self._db.execute(f"PRAGMA user_version = {int(SCHEMA_VERSION)}")
        except BaseException:
            self._db.rollback()
            raise
        self._db.commit()

    def close(self) -> None:
        self._db.close()
        self._lock.release()

    def load(self) -> list[TableRecord]:
        """Every table that reads as one, oldest first, each with its steps played (and
        written whole again, so its steps are played once). A table missing a step it
        kept is set aside, named in the log."""
        rows = self._db.execute("SELECT id, record, kept FROM tables ORDER BY rowid").fetchall()
        records = []
        for table_id, text, kept in rows:
            try:
                steps = self._db.execute(
                    "SELECT played FROM steps WHERE id = ? ORDER BY rowid", (table_id,)
                ).fetchall()
            except sqlite3.DatabaseError as error:
                _set_aside(table_id, error)
                continue
            if kept is not None and kept != len(steps):
                # Its own count says steps are missing: it is not served without them.
                _set_aside(table_id, f"{len(steps)} of its {kept} steps found")
                continue
            record = self._record(table_id, text, [played for (played,) in steps])
            if record is None:
                continue
            if steps:
                try:
                    self.save(record)
                except sqlite3.Error as error:  # a full disk: its steps stay, played again
                    log.warning(
                        "table %s: not written whole (%s)", record.id, printable(str(error))
                    )
            records.append(record)
        return records

    def _record(self, table_id: object, text: object, steps: list[str]) -> TableRecord | None:
        """The table of a row and its steps, or None (told in the log) if it is not one."""
        try:
            record = TableRecord.model_validate_json(str(text))
        except ValidationError as error:
            log.warning(
                "table %s is not one this server reads, left as it is: %s",
                printable(str(table_id))[:80],
                printable(str(error).splitlines()[0]),
            )
            return None
        return self._played(record, steps) if steps else record

    def _sound(self) -> bool:
        """Whether SQLite finds the database sound (its quick check: every page read)."""
        try:
            return bool(self._db.execute("PRAGMA quick_check").fetchone() == ("ok",))
        except sqlite3.OperationalError:
            raise
        except sqlite3.DatabaseError:
            return False

    def _salvage(self) -> None:
        """Set the damaged database aside (renamed ``tables.sqlite3.damaged-TIME``, with its
        write-ahead log), keep every table that still reads whole, with its steps, in a new
        one, and name in the log each that does not."""
        folder = self.path.parent
        self._db.close()
        aside = folder / f"{FILE_NAME}.damaged-{time.strftime('%Y%m%d-%H%M%S')}"
        for suffix in ("", "-wal", "-shm"):
            with contextlib.suppress(FileNotFoundError):
                (folder / (FILE_NAME + suffix)).rename(aside.with_name(aside.name + suffix))
        log.error(
            "%s is damaged: set aside as %s; the tables that still read go on",
            FILE_NAME,
            aside.name,
        )
        damaged = sqlite3.connect(aside)
        try:
            tables, whole = salvage.readable(damaged, "tables", "id, record, kept")
            steps, _ = salvage.readable(damaged, "steps", "id, played")
            chat: list[tuple[object, ...]] = []
            if salvage.has_table(damaged, "chat"):
                chat, _ = salvage.readable(damaged, "chat", "id, said")
            people = salvage.read_people(damaged)
        finally:
            damaged.close()
        if not whole:
            log.error("some tables of %s could not be read at all: they are lost", aside.name)
        self._open(folder)
        salvage.keep_people(self._db, people)  # before the tables: a rated end names them
        played: dict[str, list[str]] = {}
        for table_id, text in steps:
            played.setdefault(str(table_id), []).append(str(text))
        for table_id, text, kept in tables:
            found = played.get(str(table_id), [])
            if kept != len(found):
                # Its count of steps says some could not be read (or none was kept).
                _set_aside(table_id, f"{len(found)} of its {kept} steps found")
                continue
            record = self._record(table_id, text, found)
            if record is not None:
                self.save(record)
                lines = [(record.id, str(said)) for each, said in chat if str(each) == record.id]
                with self._db:
                    self._db.executemany("INSERT INTO chat (id, said) VALUES (?, ?)", lines)

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

    def step(
        self,
        record: TableRecord,
        played: str,
        *,
        before: TableRecord | None = None,
        results: Sequence[Result] = (),
    ) -> None:
        """Keep a step of a table: ``played`` (a :class:`~.protocol.Played` as JSON) took
        it from ``before`` to ``record``; in one transaction, committed when this returns,
        else rolled back (the error raised: :class:`sqlite3.Error`, a full disk's among
        them). The step that ends the game writes the table whole instead, so a finished
        table is one row, and so does one that shortens the game's log (a step settling the
        hold presses since the last roll), so a table's rows are never more than its log's
        steps since it was written whole, however often its dice are held and let go. A rated
        game's end keeps its players' ``results`` and new ratings in the same transaction: a
        server killed during it finds the game ended and rated, or neither."""
        with self._db:
            if record.game.phase is Phase.OVER or (
                before is not None and len(record.game.log) <= len(before.game.log)
            ):
                self._write(record)
                self._rated(record, results)
                return
            self._db.execute("INSERT INTO steps (id, played) VALUES (?, ?)", (record.id, played))
            self._db.execute(
                "UPDATE tables SET updated = ?, kept = kept + 1 WHERE id = ?",
                (time.time(), record.id),
            )

    def _rated(self, record: TableRecord, results: Sequence[Result]) -> None:
        if not results:
            return
        now = time.time()
        self._db.execute(
            "INSERT OR REPLACE INTO rated_games (table_id, number, players, game, ended)"
            " VALUES (?, ?, ?, ?, ?)",
            (
                record.id,
                record.number,
                json.dumps([player.name for player in record.game.players]),
                record.game.model_copy(update={"seed": 0}).model_dump_json(),  # as told
                now,
            ),
        )
        for one in results:
            self._db.execute(
                "INSERT INTO results (table_id, number, person, place, total, mu_before,"
                " sigma_before, mu, sigma, ended) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    record.id,
                    record.number,
                    one.person,
                    one.place,
                    one.total,
                    *one.before,
                    *one.after,
                    now,
                ),
            )
            self._db.execute(
                "UPDATE people SET mu = ?, sigma = ?, games = games + 1,"
                " best = max(coalesce(best, 0), ?) WHERE id = ?",
                (*one.after, one.total, one.person),
            )

    def leaders(self, count: int) -> list[Person]:
        """The ``count`` best rated players, best first (by their rating less three times its
        uncertainty, :func:`.ratings.ordinal`)."""
        rows = self._db.execute(
            f"{_PERSON} WHERE games > 0 ORDER BY mu - 3 * sigma DESC, name LIMIT ?", (count,)
        ).fetchall()
        return [_person(row) for row in rows]

    def recent_games(self, person: str, count: int) -> list[GameSummary]:
        """The rated games of the player ``person`` (an id) kept whole, the latest first, at
        most ``count``."""
        rows = self._db.execute(
            "SELECT g.table_id, g.number, g.ended, g.players, r.place, r.total, r.mu,"
            " r.mu_before FROM results r JOIN rated_games g"
            " ON g.table_id = r.table_id AND g.number = r.number"
            " WHERE r.person = ? ORDER BY r.ended DESC LIMIT ?",
            (person, count),
        ).fetchall()
        games = []
        for table_id, number, ended, players, place, total, mu, before in rows:
            try:
                games.append(
                    GameSummary(
                        table=table_id,
                        number=number,
                        ended=ended,
                        players=tuple(json.loads(players)),
                        place=place,
                        total=total,
                        mu=mu,
                        change=None if before is None else mu - before,
                    )
                )
            except (ValueError, TypeError) as error:  # a row not as written: left out
                log.warning("a rated game of %s not listed: %s", person, printable(str(error)))
        return games

    def rated_game(self, table_id: str, number: int) -> GameState | None:
        """The rated game kept whole, if it is (and reads as one)."""
        row = self._db.execute(
            "SELECT game FROM rated_games WHERE table_id = ? AND number = ?", (table_id, number)
        ).fetchone()
        if row is None:
            return None
        try:
            return GameState.model_validate_json(str(row[0]))
        except ValidationError as error:
            log.warning("rated game %s/%d does not read: %s", table_id, number, error)
            return None

    def _write(self, record: TableRecord) -> None:
        finished = record.game.phase is Phase.OVER
        self._db.execute(
            "INSERT INTO tables (id, record, finished, updated, kept) VALUES (?, ?, ?, ?, 0)"
            " ON CONFLICT(id) DO UPDATE SET record = excluded.record,"
            " finished = excluded.finished, updated = excluded.updated, kept = 0",
            (record.id, record.model_dump_json(), finished, time.time()),
        )
        self._db.execute("DELETE FROM steps WHERE id = ?", (record.id,))

    def say(self, table: str, said: str, *, kept: int) -> None:
        """Keep a line said at ``table`` (a :class:`~.protocol.Said` as JSON), and only the
        last ``kept`` of its lines, in one transaction (raising as :meth:`step` does)."""
        with self._db:
            self._db.execute("INSERT INTO chat (id, said) VALUES (?, ?)", (table, said))
            self._db.execute(
                "DELETE FROM chat WHERE id = ? AND rowid NOT IN"
                " (SELECT rowid FROM chat WHERE id = ? ORDER BY rowid DESC LIMIT ?)",
                (table, table, kept),
            )

    def chat(self, table: str) -> list[str]:
        """The lines said at ``table`` kept, oldest first (none, if they do not read)."""
        try:
            rows = self._db.execute(
                "SELECT said FROM chat WHERE id = ? ORDER BY rowid", (table,)
            ).fetchall()
        except sqlite3.DatabaseError as error:
            log.warning("table %s: its chat could not be read: %s", table, error)
            return []
        return [str(said) for (said,) in rows]

    def person(self, credential: str) -> Person | None:
        """The player ``credential`` proves to be (:mod:`.people`), if the server knows them."""
        row = self._db.execute(
            f"{_PERSON} WHERE id = (SELECT person FROM credentials WHERE credential = ?)",
            (credential,),
        ).fetchone()
        return None if row is None else _person(row)

    def people(self, ids: list[str]) -> dict[str, Person]:
        """The players of these ids the server knows, by id."""
        marks = ",".join("?" * len(ids))
        rows = self._db.execute(f"{_PERSON} WHERE id IN ({marks})", ids).fetchall()
        return {found.id: found for found in map(_person, rows)}

    def add_person(self, credential: str, person_id: str, name: str) -> Person:
        """Know ``credential``'s holder from now on as ``name`` (checked already), in one
        transaction; raises :class:`NameTaken` when another has a name that looks alike,
        and :class:`sqlite3.Error` when it cannot be kept."""
        from ..game.names import name_key

        try:
            with self._db:
                self._db.execute(
                    "INSERT INTO people (id, name, seen, joined) VALUES (?, ?, ?, ?)",
                    (person_id, name, name_key(name), time.time()),
                )
                self._db.execute(
                    "INSERT INTO credentials (credential, person) VALUES (?, ?)",
                    (credential, person_id),
                )
        except sqlite3.IntegrityError as error:
            if "people.seen" in str(error):
                raise NameTaken(name) from None
            raise
        return Person(id=person_id, name=name)

    def name_holder(self, name: str) -> str | None:
        """The id of the player known by ``name`` (or one that looks alike), if any."""
        from ..game.names import name_key

        row = self._db.execute("SELECT id FROM people WHERE seen = ?", (name_key(name),)).fetchone()
        return None if row is None else str(row[0])

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

    def forget(self, tables: list[str]) -> None:
        """Delete these tables (finished ones: their steps and talk go with them)."""
        with self._db:
            self._db.executemany("DELETE FROM tables WHERE id = ?", [(one,) for one in tables])


def _set_aside(table_id: object, error: object) -> None:
    log.error(
        "table %s could not be read, set aside (%s); the other tables go on",
        printable(str(table_id))[:80],
        printable(str(error))[:200],
    )


def _system_error(error: sqlite3.OperationalError, folder: Path) -> OSError:
    """What SQLite's failure to open or write the database means, as the system says it."""
    said = str(error)
    if "readonly" in said or "unable to open" in said:
        return PermissionError(errno.EACCES, f"{FILE_NAME} cannot be written ({said})", str(folder))
    if "full" in said:
        return OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(folder))
    return OSError(errno.EIO, f"{FILE_NAME}: {said}", str(folder))


def read_rated_games(folder: Path) -> tuple[int, list[tuple[str, str, str, int, str]]]:
    """The schema version; at :data:`SCHEMA_VERSION` each kept rated game's results (person, name,
    table, number, game JSON), oldest first. Read-only, no lock taken; sqlite3.Error if no db."""
    uri = f"{folder.resolve().joinpath(FILE_NAME).as_uri()}?mode=ro"
    with contextlib.closing(sqlite3.connect(uri, uri=True)) as db:
        (version,) = db.execute("PRAGMA user_version").fetchone()
        query = "SELECT p.id, p.name, r.table_id, r.number, g.game FROM results r JOIN people p"
        query += " ON p.id = r.person JOIN rated_games g USING (table_id, number) ORDER BY r.ended"
        return version, db.execute(query).fetchall() if version == SCHEMA_VERSION else []
