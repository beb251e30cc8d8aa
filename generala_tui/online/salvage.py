"""What a damaged table database still holds, read out of it for a new one
(:meth:`~.database.TableDatabase._salvage`): every row that still reads, table by table,
however many of its pages are damaged."""

from __future__ import annotations

import contextlib
import logging
import sqlite3

log = logging.getLogger("generala_tui.online")

PEOPLE = (
    ("people", "id, name, seen, mu, sigma, games, best, joined"),
    ("credentials", "credential, person"),
    (
        "results",
        "table_id, number, person, place, total, mu_before, sigma_before, mu, sigma, ended",
    ),
    ("rated_games", "table_id, number, players, game, ended"),
)
"""The players a server knows, their ratings and rated games, by table and its columns, in
the order they go back (a credential and a result name a person kept before them)."""


def has_table(db: sqlite3.Connection, table: str) -> bool:
    """Whether the database has ``table`` (an older one may not; a damaged one may not say)."""
    with contextlib.suppress(sqlite3.DatabaseError):
        found = db.execute(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?", (table,)
        ).fetchone()
        return bool(found == (1,))
    return False


def readable(
    db: sqlite3.Connection, table: str, columns: str
) -> tuple[list[tuple[object, ...]], bool]:
    """The rows of ``table`` in a damaged database that still read, in rowid order, and
    whether that is all of them: read in order up to the first damaged page, then row by
    row past it, up to the largest rowid (if that still reads) and at most a million."""
    rows: list[tuple[object, ...]] = []
    last = 0
    try:
        for row in db.execute(f"SELECT rowid, {columns} FROM {table} ORDER BY rowid"):
            rows.append(row[1:])
            last = row[0]
        return rows, True
    except sqlite3.DatabaseError:
        pass
    try:
        (largest,) = db.execute(f"SELECT max(rowid) FROM {table}").fetchone()
        largest = min(int(largest or 0), last + 1_000_000)
    except sqlite3.DatabaseError:
        largest = last + 10_000
    for rowid in range(last + 1, largest + 1):
        with contextlib.suppress(sqlite3.DatabaseError):
            found = db.execute(
                f"SELECT {columns} FROM {table} WHERE rowid = ?", (rowid,)
            ).fetchone()
            if found is not None:
                rows.append(found)
    return rows, False


Rows = list[tuple[str, str, list[tuple[object, ...]]]]
"""Rows read out of a damaged database: each table's name, its columns and its rows."""


def read_people(damaged: sqlite3.Connection) -> Rows:
    """Every player, credential, result and rated game of ``damaged`` that still reads;
    what could not be read is named in the log."""
    found: Rows = []
    for table, columns in PEOPLE:
        if not has_table(damaged, table):
            continue
        rows, whole = readable(damaged, table, columns)
        if not whole:
            log.error("some rows of %s could not be read: they are lost", table)
        found.append((table, columns, rows))
    return found


def keep_people(into: sqlite3.Connection, found: Rows) -> None:
    """Keep in ``into`` the rows :func:`read_people` read, each whole or not at all (a row
    not as written, or naming a player not kept, is left out and named in the log), in one
    transaction."""
    with into:
        for table, columns, rows in found:
            marks = ", ".join("?" * len(columns.split(",")))
            for row in rows:
                try:
                    into.execute(f"INSERT OR IGNORE INTO {table} ({columns}) VALUES ({marks})", row)
                except sqlite3.DatabaseError as error:
                    log.warning("a row of %s not kept: %s", table, error)
