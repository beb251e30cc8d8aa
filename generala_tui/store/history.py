"""The history of finished games (``data/history/``, one file a game, never rewritten)."""

from __future__ import annotations

import contextlib
import hashlib
from datetime import UTC
from pathlib import Path
from typing import Annotated

from pydantic import Field, ValidationError

from ..game.model import GameState, printable
from ..i18n import _
from . import files
from .files import Unusable, why, write_file
from .formats import (
    FileModel,
    Format,
    Timestamp,
    bad_file,
    check_replays,
    first_error,
    read_object,
    upgrade,
    validate,
)
from .paths import history_dir

HISTORY_VERSION = 1


HISTORY_KEPT = 1000
"""Adding a game to the history removes the oldest games beyond this many."""


class HistoryRecord(FileModel):
    """A finished game as the history keeps it."""

    version: int = HISTORY_VERSION
    finished_at: Timestamp
    game: GameState
    """The final state, with its record (the log)."""
    losses: dict[str, Annotated[float, Field(allow_inf_nan=False)]] | None = None
    """Expected points each player lost to their decisions, by name; ``None`` if not analysed."""


HISTORY_FORMAT = Format(HistoryRecord, HISTORY_VERSION)


def add_to_history(state: GameState, losses: dict[str, float] | None = None) -> str | None:
    """Keep a finished game in the history: ``None`` when kept, else a warning for the player.

    One new file per game (the history is never rewritten); the same game
    added twice is kept once. Beyond :data:`HISTORY_KEPT` games, the oldest go.
    """
    folder = history_dir()
    try:
        # Checked as reading will check it (a loss that is not a number names its place).
        record = HistoryRecord.model_validate(
            {"finished_at": files.now(), "game": state, "losses": losses}
        )
    except ValidationError as error:
        return _("The game was not added to the history: {error}.").format(error=first_error(error))
    digest = hashlib.sha256(state.model_dump_json().encode()).hexdigest()[:12]
    with contextlib.suppress(OSError):
        if any(folder.glob(f"*-{digest}.json")):
            return None
    name = f"{record.finished_at.astimezone(UTC):%Y%m%dT%H%M%S%fZ}-{digest}.json"
    reason = write_file(folder / name, record.model_dump_json().encode() + b"\n")
    if reason is not None:
        return _("The game could not be added to the history in {folder} ({reason}).").format(
            folder=printable(str(folder)), reason=reason
        )
    _prune_history(folder)
    return None


def _history_files(folder: Path) -> list[Path]:
    """The history's files, newest first (their names start with the time)."""
    return sorted(
        (
            path
            for path in folder.iterdir()
            if path.name.endswith(".json") and not path.name.startswith(".")
        ),
        key=lambda path: path.name,
        reverse=True,
    )


def _prune_history(folder: Path) -> None:
    with contextlib.suppress(OSError):
        for path in _history_files(folder)[HISTORY_KEPT:]:
            with contextlib.suppress(OSError):
                path.unlink()


def load_history(
    limit: int = 500, *, verify: bool = False
) -> tuple[list[HistoryRecord], list[str]]:
    """Up to ``limit`` finished games, newest first, and a warning for each bad file.

    Bad files are set aside and skipped. With ``verify``, each game must also
    replay from its record (about 3 ms a game, so not by default).
    """
    folder = history_dir()
    try:
        paths = _history_files(folder)
    except FileNotFoundError:
        return [], []
    except OSError as error:
        return [], [
            _("The history in {folder} can't be read ({why}).").format(
                folder=printable(str(folder)), why=why(error)
            )
        ]
    records: list[HistoryRecord] = []
    warnings: list[str] = []
    for path in paths:
        if len(records) >= limit:
            break
        try:
            data = read_object(path)
            if data is None:
                continue
            record = validate(HISTORY_FORMAT, upgrade(data, HISTORY_FORMAT))
            if verify:
                check_replays(record.game)
        except Unusable as problem:
            warnings.append(bad_file(path, problem, _("that game is left out of the history")))
            continue
        records.append(record)
    records.sort(key=lambda record: record.finished_at, reverse=True)
    return records, warnings
