"""The table database keeps its schema's version (``PRAGMA user_version``): a new file has
it, a file of an earlier release (version 0, in each shape the releases made) is brought up
to it with its tables kept, and a file of a newer release is refused and left as it is."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest

from generala_tui.game.action import Action
from generala_tui.game.model import Player
from generala_tui.online import database
from generala_tui.online.database import SCHEMA_VERSION, NewerDatabase, TableDatabase
from generala_tui.online.protocol import Move
from generala_tui.online.tables import TableRecord, open_table, take

# The SQL the releases before the version ran, as each wrote it (git show of the commit).
FIRST = (  # 5fd3224, the first online tables: a table is its record, rewritten at each step
    """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    record TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    updated REAL NOT NULL
)
""",
)
STEPS = (  # 30a3826: each step a row of its own
    """
    CREATE TABLE IF NOT EXISTS tables (
        id TEXT PRIMARY KEY,
        record TEXT NOT NULL,
        finished INTEGER NOT NULL DEFAULT 0,
        updated REAL NOT NULL
    )
    """,
    """
    CREATE TABLE IF NOT EXISTS steps (
        id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        played TEXT NOT NULL
    )
    """,
    "CREATE INDEX IF NOT EXISTS steps_of_a_table ON steps (id)",
)
KEPT = (  # 788d351 up to the version: each table's count of its steps
    """
    CREATE TABLE IF NOT EXISTS tables (
        id TEXT PRIMARY KEY,
        record TEXT NOT NULL,
        finished INTEGER NOT NULL DEFAULT 0,
        updated REAL NOT NULL,
        kept INTEGER
    )
    """,
    *STEPS[1:],
)


def _record_and_steps() -> tuple[TableRecord, TableRecord, list[str]]:
    """A table as opened, the same after two rolls, and those rolls as the server sent them."""
    opened = record = open_table([Player(name="Ana"), Player(name="Bruno")], seed=7)
    steps = []
    for move in (Move(step=0, action=Action.roll()), Move(step=1, action=Action.roll([0]))):
        game, played = take(record, record.game.current, move)
        record = record.model_copy(update={"game": game})
        steps.append(played.model_dump_json())
    return opened, record, steps


def _old_file(folder: Path, schema: tuple[str, ...], opened: TableRecord, steps: list[str]) -> Path:
    """A file as the release of ``schema`` left it: its PRAGMAs, its tables, one table with
    ``steps`` (when it kept steps), written with that release's own statements."""
    folder.mkdir()
    path = folder / database.FILE_NAME
    db = sqlite3.connect(path)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("PRAGMA foreign_keys=ON")
    for statement in schema:
        db.execute(statement)
    with db:
        if schema is KEPT:
            db.execute(
                "INSERT INTO tables (id, record, finished, updated, kept) VALUES (?, ?, ?, ?, 0)",
                (opened.id, opened.model_dump_json(), False, time.time()),
            )
        else:
            db.execute(
                "INSERT INTO tables (id, record, finished, updated) VALUES (?, ?, ?, ?)",
                (opened.id, opened.model_dump_json(), False, time.time()),
            )
        for played in steps if schema is not FIRST else []:
            db.execute("INSERT INTO steps (id, played) VALUES (?, ?)", (opened.id, played))
            kept = ", kept = kept + 1" if schema is KEPT else ""
            db.execute(
                f"UPDATE tables SET updated = ?{kept} WHERE id = ?", (time.time(), opened.id)
            )
    db.close()
    return path


def _version(path: Path) -> int:
    with sqlite3.connect(path) as db:
        (version,) = db.execute("PRAGMA user_version").fetchone()
    return int(version)


def _shape(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every table's columns (name, type, not null, default, key) and the indexes."""
    with sqlite3.connect(path) as db:
        names = [n for (n,) in db.execute("SELECT name FROM sqlite_master ORDER BY name")]
        return {
            name: [tuple(row[1:]) for row in db.execute(f"PRAGMA table_info({name})")]
            for name in names
        }


def test_a_new_file_has_the_schemas_version(tmp_path: Path) -> None:
    TableDatabase(tmp_path / "tables").close()
    path = tmp_path / "tables" / database.FILE_NAME
    assert _version(path) == SCHEMA_VERSION >= 1
    assert {"tables", "steps", "steps_of_a_table"} <= set(_shape(path))


@pytest.mark.parametrize("schema", [FIRST, STEPS, KEPT], ids=["first", "steps", "kept"])
def test_a_file_of_an_earlier_release_is_brought_up_to_the_version_with_its_tables(
    tmp_path: Path, schema: tuple[str, ...]
) -> None:
    opened, rolled, steps = _record_and_steps()
    path = _old_file(tmp_path / "old", schema, opened, steps)
    assert _version(path) == 0

    tables = TableDatabase(tmp_path / "old")
    (loaded,) = tables.load()
    assert loaded == (opened if schema is FIRST else rolled)
    # It keeps steps and counts them as a new file does, from then on.
    game, played = take(
        loaded, loaded.game.current, Move(step=len(loaded.game.log), action=Action.roll())
    )
    after = loaded.model_copy(update={"game": game})
    tables.step(after, played.model_dump_json(), before=loaded)
    tables.close()

    assert _version(path) == SCHEMA_VERSION
    TableDatabase(tmp_path / "new").close()
    assert _shape(path) == _shape(tmp_path / "new" / database.FILE_NAME)
    again = TableDatabase(tmp_path / "old")
    assert again.load() == [after]
    again.close()


def test_a_file_of_a_newer_release_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    folder = tmp_path / "tables"
    TableDatabase(folder).close()
    path = folder / database.FILE_NAME
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    before = path.read_bytes()
    with pytest.raises(NewerDatabase, match=f"version {SCHEMA_VERSION + 1}, made by a newer"):
        TableDatabase(folder)
    assert path.read_bytes() == before
    # The folder's lock was let go: a server of that release could start on it.
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    TableDatabase(folder).close()


def test_a_migration_that_fails_leaves_the_file_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened, _rolled, steps = _record_and_steps()
    path = _old_file(tmp_path / "old", STEPS, opened, steps)
    shape = _shape(path)

    def half_way(db: sqlite3.Connection) -> None:
        db.execute("ALTER TABLE tables ADD COLUMN kept INTEGER")
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setitem(database._MIGRATIONS, 0, half_way)
    with pytest.raises(OSError):
        TableDatabase(tmp_path / "old")
    assert _version(path) == 0
    assert _shape(path) == shape


def test_a_file_of_version_2_gains_the_players_and_rated_games_tables_and_keeps_its_tables(
    tmp_path: Path,
) -> None:
    opened, rolled, steps = _record_and_steps()
    path = _old_file(tmp_path / "v2", KEPT, opened, steps)
    with sqlite3.connect(path) as db:  # version 2 as its release made it: chat, no players
        db.execute(
            "CREATE TABLE chat (id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,"
            " said TEXT NOT NULL)"
        )
        db.execute("CREATE INDEX chat_of_a_table ON chat (id)")
        db.execute("PRAGMA user_version = 2")
    assert "people" not in _shape(path)
    tables = TableDatabase(tmp_path / "v2")
    assert tables.load() == [rolled]
    tables.close()
    assert _version(path) == SCHEMA_VERSION == 4
    TableDatabase(tmp_path / "new").close()
    assert _shape(path) == _shape(tmp_path / "new" / database.FILE_NAME)
    assert {"people", "credentials", "results", "rated_games"} <= set(_shape(path))
