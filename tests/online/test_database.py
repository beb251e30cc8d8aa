"""The table server's database: a step is one small row, a table is played back from its
steps when the server starts again, and a step that does not read or follow is set aside
with the table going on from the step before it (issue 25, "Nothing lost")."""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

import pytest

from generala_tui.game.action import Action
from generala_tui.game.model import Phase, Player
from generala_tui.online.database import TableDatabase
from generala_tui.online.protocol import Hold, Move
from generala_tui.online.tables import TableRecord, open_table, take


def _played(database: TableDatabase, record: TableRecord, moves: list[Move | Hold]) -> TableRecord:
    """``record`` after ``moves``, each kept as the server keeps a step."""
    for move in moves:
        game, played = take(record, record.game.current, move)
        record = record.model_copy(update={"game": game})
        database.step(record, played.model_dump_json())
    return record


def _rows(folder: Path, sql: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(folder / "tables.sqlite3") as db:
        return db.execute(sql).fetchall()


def _a_turn(step: int) -> list[Move | Hold]:
    """Roll, hold die 0 and let it go again, and roll holding die 1: from ``step``."""
    return [
        Move(step=step, action=Action.roll()),
        Hold(step=step + 1, die=0),
        Hold(step=step + 2, die=0),  # let go again: a step of its own until the roll
        Move(step=step + 3, action=Action.roll([1])),
    ]


def test_steps_are_small_rows_played_back_on_the_table_when_it_is_loaded(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "tables"
    database = TableDatabase(folder)
    record = open_table([Player(name="Ana"), Player(name="Bruno")], seed=7)
    database.save(record)
    record = _played(database, record, _a_turn(0))
    assert len(_rows(folder, "SELECT played FROM steps")) == 4
    assert all(len(str(text)) < 300 for (text,) in _rows(folder, "SELECT played FROM steps"))
    database.close()

    database = TableDatabase(folder)
    (loaded,) = database.load()
    assert loaded == record and loaded.game.turn.rolls == 2
    # Loading wrote the table whole: its steps are played once, not at every start.
    assert _rows(folder, "SELECT played FROM steps") == []
    assert TableRecord.model_validate_json(str(_rows(folder, "SELECT record FROM tables")[0][0]))
    database.close()
    assert TableDatabase(folder).load() == [record]


def test_a_step_that_does_not_follow_is_told_and_the_table_goes_on_before_it(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    folder = tmp_path / "tables"
    database = TableDatabase(folder)
    record = open_table([Player(name="Ana"), Player(name="Bruno")], seed=7)
    database.save(record)
    rolled = _played(database, record, _a_turn(0)[:1])
    with sqlite3.connect(folder / "tables.sqlite3") as db:
        db.execute(
            "INSERT INTO steps (id, played) VALUES (?, ?), (?, ?)",
            (record.id, '{"kind": "played", "move": "\x1b[2J"}', record.id, "{}"),
        )
        db.execute("UPDATE tables SET kept = kept + 2")  # as if kept by a server
    database.close()
    with caplog.at_level(logging.WARNING, "generala_tui.online"):
        (loaded,) = TableDatabase(folder).load()
    assert loaded == rolled
    assert "step 2 of 3 is not one this server plays" in caplog.text
    assert "\x1b" not in caplog.text


def test_the_step_that_ends_a_game_writes_it_whole(tmp_path: Path) -> None:
    folder = tmp_path / "tables"
    database = TableDatabase(folder)
    record = open_table([Player(name="Ana")], seed=7)
    database.save(record)
    while record.game.phase is not Phase.OVER:
        step, game = len(record.game.log), record.game
        box = next(c for c in game.house_rules.categories() if c not in game.players[0].boxes)
        fill = Move(step=step + 1, action=Action.scratch(box))
        record = _played(database, record, [Move(step=step, action=Action.roll()), fill])
    assert _rows(folder, "SELECT finished FROM tables") == [(1,)]
    assert _rows(folder, "SELECT played FROM steps") == []
    database.close()
    assert TableDatabase(folder).load() == [record]
