"""The table server against its disk: a step is kept before anyone is told of it, and a
step that cannot be kept (a full disk, an I/O error) changes nothing and is refused in
words, the connection staying; a damaged database costs only the tables it damaged
(issue 33)."""

from __future__ import annotations

import contextlib
import logging
import random
import sqlite3
import stat
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
from generala_tui.online.tables import TableRecord, open_table, take

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
    # Unbuffered: a write the disk has no room for raises at once, and closing the file has
    # nothing left to write (a buffered one raised again at its close, past the suppress).
    with filler.open("wb", buffering=0) as file, contextlib.suppress(OSError):
        while True:
            file.write(b"\0" * 65536)
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
    database = TableDatabase(tmp_path / "tables")
    record = open_table([Player(name="Ana"), Player(name="Bruno")], seed=7)
    database.save(record)
    for press in range(1_001):
        step = len(record.game.log)  # each press a step until the rules settle them
        move = Hold(step=step, die=0) if press else Move(step=step, action=Action.roll())
        game, played = take(record, 0, move)
        before, record = record, record.model_copy(update={"game": game})
        database.step(record, played.model_dump_json(), before=before)
    with sqlite3.connect(database.path) as db:
        (rows,) = db.execute("SELECT count(*) FROM steps").fetchone()
    assert rows <= len(record.game.log) + 1
    database.close()
    (loaded,) = TableDatabase(tmp_path / "tables").load()
    assert loaded == record


def _tables_on_disk(folder: Path, count: int) -> list[TableRecord]:
    """``count`` tables kept in ``folder``, each one step in (its roll)."""
    database = TableDatabase(folder)
    records = []
    for number in range(count):
        record = open_table([Player(name="Ana"), Player(name="Bruno")], seed=number)
        database.save(record)
        game, played = take(record, 0, Move(step=0, action=Action.roll()))
        after = record.model_copy(update={"game": game})
        database.step(after, played.model_dump_json(), before=record)
        records.append(after)
    database.close()
    return records


async def test_a_damaged_database_costs_only_the_tables_it_damaged(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    folder = tmp_path / "tables"
    records = _tables_on_disk(folder, 150)
    path = folder / "tables.sqlite3"
    data = bytearray(path.read_bytes())
    middle = len(data) // 2
    data[middle : middle + 80_000] = random.Random(5).randbytes(80_000)
    path.write_bytes(bytes(data))

    with caplog.at_level(logging.WARNING, "generala_tui.online"):
        server = TableServer(folder, pace=0.0, away_after=3600.0)
    try:
        served = {table.record.id: table.record for table in server.tables.values()}
        # Every table served is as it was; the others are told, and the damaged file kept.
        assert 0 < len(served) < len(records)
        assert all(served[record.id] == record for record in records if record.id in served)
        assert "is damaged: set aside as tables.sqlite3.damaged-" in caplog.text
        assert [p.name for p in folder.glob("tables.sqlite3.damaged-*")]
        with sqlite3.connect(path) as db:
            assert db.execute("PRAGMA quick_check").fetchone() == ("ok",)
        await server.start("127.0.0.1", 0)
        record = next(record for record in records if record.id in served)
        async with connect(url(server, record)) as ana:
            at = await following(ana, record, 0)
            assert at.table.game.turn.dice == record.game.turn.dice
    finally:
        await server.close()


def test_a_table_missing_a_step_it_kept_is_set_aside_by_name(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    folder = tmp_path / "tables"
    first, second = _tables_on_disk(folder, 2)
    with sqlite3.connect(folder / "tables.sqlite3") as db:
        db.execute("DELETE FROM steps WHERE id = ?", (second.id,))  # its step lost
    with caplog.at_level(logging.WARNING, "generala_tui.online"):
        database = TableDatabase(folder)
        loaded = database.load()
        database.close()
    assert loaded == [first]
    assert f"table {second.id} could not be read, set aside" in caplog.text


def test_the_servers_files_are_its_users_only(tmp_path: Path) -> None:
    folder = tmp_path / "tables"
    TableDatabase(folder).close()
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    for name in ("tables.sqlite3", "tables.lock"):
        assert stat.S_IMODE((folder / name).stat().st_mode) == 0o600, name


def test_a_folder_that_cannot_be_written_says_so(tmp_path: Path) -> None:
    with _small_disk(tmp_path / "disk") as disk:
        TableDatabase(disk / "tables").close()
        remounted = subprocess.run(
            ["mount", "-o", "remount,ro", str(disk)], capture_output=True, check=False
        )
        if remounted.returncode != 0:
            pytest.skip("cannot remount read-only here")
        with pytest.raises(PermissionError) as refused:
            TableDatabase(disk / "tables")
    assert "cannot be written" in str(refused.value)


def test_a_damaged_database_keeps_the_players_it_knows_their_ratings_and_rated_games(
    tmp_path: Path,
) -> None:
    from generala_tui.game.model import Level, Phase
    from generala_tui.game.strategy import choose_action
    from generala_tui.online.people import token_credential
    from generala_tui.online.ratings import PRIOR, Result

    folder = tmp_path / "tables"
    database = TableDatabase(folder)
    ana = database.add_person(token_credential("ana's secret"), "ana-id", "Ana")
    record = open_table([Player(name="Ana"), Player(name="Rita", level=Level.EASY)], seed=4)
    record = record.model_copy(update={"rated": True})
    database.save(record)
    while True:
        move = Move(step=len(record.game.log), action=choose_action(record.game, Level.EASY))
        game, played = take(record, record.game.current, move)
        before, record = record, record.model_copy(update={"game": game})
        won = [Result(ana.id, 1, game.players[0].total, PRIOR, (27.0, 7.5))]
        ended = game.phase is Phase.OVER
        database.step(record, played.model_dump_json(), before=before, results=won * ended)
        if ended:
            break
    database.close()
    _tables_on_disk(folder, 150)  # the players' rows first in the file, tables after
    path = folder / "tables.sqlite3"
    data = bytearray(path.read_bytes())
    middle = len(data) // 2
    data[middle : middle + 80_000] = random.Random(5).randbytes(80_000)
    path.write_bytes(bytes(data))

    salvaged = TableDatabase(folder)
    try:
        assert list(folder.glob("tables.sqlite3.damaged-*"))  # it was damaged, and set aside
        known = salvaged.person(token_credential("ana's secret"))
        assert known is not None and (known.name, known.games, known.mu) == ("Ana", 1, 27.0)
        (leader,) = salvaged.leaders(5)
        assert leader.name == "Ana" and leader.best == record.game.players[0].total
        (kept,) = salvaged.recent_games(ana.id, 5)
        assert salvaged.rated_game(kept.table, kept.number) == record.game.model_copy(
            update={"seed": 0}
        )
    finally:
        salvaged.close()
