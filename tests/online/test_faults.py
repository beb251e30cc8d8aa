"""The table server against its disk: a step is kept before anyone is told of it, and a
step that cannot be kept (a full disk, an I/O error) changes nothing and is refused in
words, the connection staying; a damaged database costs only the tables it damaged
(issue 33)."""

from __future__ import annotations

import contextlib
import logging
import sqlite3
import subprocess
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from generala_tui.game.action import Action
from generala_tui.game.model import Player
from generala_tui.online.database import TableDatabase
from generala_tui.online.protocol import Hold, Move, Played, Refused
from generala_tui.online.server import TableServer

from .conftest import following, url


@contextlib.contextmanager
def _small_disk(folder: Path) -> Iterator[Path]:
    """A real 1 MiB disk at ``folder`` (a tmpfs: root only, where mounting is allowed)."""
    folder.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(folder)],
        capture_output=True,
        check=False,
    )
    if mounted.returncode != 0:
        pytest.skip("no tmpfs here: the injected errors stand for a full disk")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def _fill(folder: Path) -> Path:
    """Fill the disk ``folder`` is on; the file that fills it."""
    filler = folder / "filler"
    with filler.open("wb") as file, contextlib.suppress(OSError):
        while True:
            file.write(b"\0" * 65536)
            file.flush()
    return filler


@pytest.fixture
async def on_a_small_disk(tmp_path: Path) -> AsyncIterator[TableServer]:
    with _small_disk(tmp_path / "disk") as disk:
        server = TableServer(disk / "tables", pace=0.0, away_after=3600.0)
        await server.start("127.0.0.1", 0)
        try:
            yield server
        finally:
            await server.close()


async def _a_step_that_cannot_be_kept_changes_nothing(
    server: TableServer, break_disk: object, mend_disk: object, reason: str
) -> None:
    record = server.open([Player(name="Ana"), Player(name="Bruno")])
    async with connect(url(server, record)) as ana, connect(url(server, record)) as bruno:
        at_ana = await following(ana, record, 0)
        at_bruno = await following(bruno, record, 1)
        await at_ana.next()  # Bruno came
        break_disk()  # type: ignore[operator]
        await ana.send(Move(step=0, action=Action.roll()).model_dump_json())
        refused = await at_ana.next()
        assert isinstance(refused, Refused) and not refused.final
        assert refused.english == (
            f"The server could not save this move: {reason}. Nothing changed; try again."
        )
        assert not server.tables[record.id].record.game.log
        mend_disk()  # type: ignore[operator]
        # The same connection goes on: the same move is played now, and everyone hears of it.
        await ana.send(Move(step=0, action=Action.roll()).model_dump_json())
        played = await at_ana.next()
        assert isinstance(played, Played) and isinstance(await at_bruno.next(), Played)
        assert at_bruno.table.game.turn.dice == played.dice
        told = at_bruno.table.game
    # What the disk holds is what everyone was told: no step more, none less.
    folder = server.database.path.parent
    await server.close()
    again = TableDatabase(folder)
    try:
        (kept,) = [r for r in again.load() if r.id == record.id]
    finally:
        again.close()
    assert kept.game.model_copy(update={"seed": 0}) == told


async def test_a_move_on_a_full_disk_is_refused_and_goes_through_once_there_is_room(
    on_a_small_disk: TableServer,
) -> None:
    disk = on_a_small_disk.database.path.parent.parent
    fillers: list[Path] = []
    await _a_step_that_cannot_be_kept_changes_nothing(
        on_a_small_disk,
        lambda: fillers.append(_fill(disk)),
        lambda: fillers.pop().unlink(),
        "the disk is full",
    )


@pytest.mark.parametrize(
    ("error", "reason"),
    [
        (sqlite3.OperationalError("database or disk is full"), "the disk is full"),
        (sqlite3.OperationalError("disk I/O error"), "its disk failed"),
        (
            sqlite3.OperationalError("attempt to write a readonly database"),
            "its data folder cannot be written",
        ),
    ],
    ids=["full", "I/O error", "read-only"],
)
async def test_a_move_whose_step_fails_to_be_written_is_refused_and_changes_nothing(
    server: TableServer,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    error: Exception,
    reason: str,
) -> None:
    keep = TableDatabase.step

    def failing(*args: object, **kwargs: object) -> None:
        raise error

    with caplog.at_level(logging.ERROR, "generala_tui.online"):
        await _a_step_that_cannot_be_kept_changes_nothing(
            server,
            lambda: monkeypatch.setattr(TableDatabase, "step", failing),
            lambda: monkeypatch.setattr(TableDatabase, "step", keep),
            reason,
        )
    (logged,) = [r.getMessage() for r in caplog.records if "not kept" in r.getMessage()]
    assert logged.startswith("table ") and str(error) in logged


def test_a_table_whose_holds_are_taken_back_again_and_again_keeps_few_rows(
    tmp_path: Path,
) -> None:
    from generala_tui.online.tables import open_table, take

    database = TableDatabase(tmp_path / "tables")
    record = open_table([Player(name="Ana"), Player(name="Bruno")], seed=7)
    database.save(record)
    moves: list[Move | Hold] = [Move(step=0, action=Action.roll())]
    for _ in range(500):
        moves += [Hold(step=1, die=0), Hold(step=2, die=0)]
    for move in moves:
        game, played = take(record, 0, move)
        before, record = record, record.model_copy(update={"game": game})
        database.step(record, played.model_dump_json(), before=before)
    with sqlite3.connect(database.path) as db:
        (rows,) = db.execute("SELECT count(*) FROM steps").fetchone()
    assert rows <= len(record.game.log) + 1
    database.close()
    (loaded,) = TableDatabase(tmp_path / "tables").load()
    assert loaded == record
