"""Game records: one game with its log, in indented JSON a person can read, written
wherever the player says (the usual mode, to be shared; never replacing a file), and read
back (a record, the autosave or a history file), checked to replay."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ..game.model import GameState, printable
from ..i18n import _
from ..words import refusal
from .autosave import GAME_FORMAT
from .files import Unusable, why, write_file
from .formats import (
    FileModel,
    Format,
    check_replays,
    clause,
    one_line,
    read_object,
    upgrade,
    validate,
)
from .history import HISTORY_FORMAT

RECORD_VERSION = 1
RECORD_FORMAT = "generala-tui game record"
"""The ``"format"`` marker of a game record file."""


class _GameRecord(FileModel):
    """A game record file: one game, finished or not, with its log."""

    format: str = RECORD_FORMAT
    version: int = RECORD_VERSION
    game: GameState


class RecordError(ValueError):
    """A game record that can't be written or read; the message is one line for the player."""


def _line(template: str, **parts: object) -> str:
    """``template`` filled in, one line for the player: a path or folder whole (escaped), each
    other part escaped and cut short (:func:`one_line`), so a long path never hides the reason."""
    return template.format(
        **{
            key: printable(str(value)) if key in ("path", "folder") else one_line(str(value))
            for key, value in parts.items()
        }
    )


def _record_problem(path: Path, problem: str) -> RecordError:
    return RecordError(_line(_("{path} is {problem}."), path=path, problem=problem))


def _replayed(state: GameState, path: Path) -> GameState:
    try:
        check_replays(state)
    except Unusable as problem:
        raise _record_problem(path, str(problem)) from None
    return state


_LINE = 120
"""A JSON object or list of plain values this short goes on one line of a record."""


def _readable_json(value: Any, depth: int = 0) -> str:
    """``value`` as indented JSON, with short objects (a log entry, a box) on one line each."""
    compact = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    if not isinstance(value, dict | list) or not value:
        return compact
    plain = all(
        not isinstance(item, dict | list)
        or (isinstance(item, list) and not any(isinstance(x, dict | list) for x in item))
        for item in (value.values() if isinstance(value, dict) else value)
    )
    if plain and (isinstance(value, list) or (depth and len(compact) <= _LINE)):
        return compact
    inner = "  " * (depth + 1)
    if isinstance(value, dict):
        items = [
            f"{inner}{json.dumps(key, ensure_ascii=False)}: {_readable_json(item, depth + 1)}"
            for key, item in value.items()
        ]
        return "{\n" + ",\n".join(items) + "\n" + "  " * depth + "}"
    items = [f"{inner}{_readable_json(item, depth + 1)}" for item in value]
    return "[\n" + ",\n".join(items) + "\n" + "  " * depth + "]"


def write_record(
    state: GameState,
    path: str | os.PathLike[str],
    *,
    verify: bool = True,
    replace: bool = False,
) -> None:
    """Write the game, with its log, as a new record file at ``path`` (atomically).

    The file is indented JSON, one step of the log a line: ``{"format":
    RECORD_FORMAT, "version": RECORD_VERSION, "game": <the game>}``. Its
    folder is created if need be. Raises :class:`RecordError` (one line for
    the player) when the game is not valid or (unless ``verify`` is off, for a
    game just played by the rules) does not replay from its own log, or when
    the file can't be written, a file already there included (unless
    ``replace``: only for a batch of records named by their seeds). It is
    written with the usual mode (0666 less the umask), to be shared.
    """
    path = Path(path)
    try:
        # model_copy(update=...) does not validate: never write what reading refuses.
        checked = GameState.model_validate(state.model_dump())
    except ValidationError as error:
        raise RecordError(
            _line(_("The game was not written to {path}: {error}"), path=path, error=refusal(error))
        ) from None
    if verify:
        _replayed(checked, path)
    document = _GameRecord(game=checked).model_dump(mode="json")
    reason = write_file(
        path, (_readable_json(document) + "\n").encode(), shared=True, replace=replace
    )
    if reason is not None:
        raise RecordError(
            _line(
                _("The game could not be written to {path} ({reason})."), path=path, reason=reason
            )
        )


def read_record(path: str | os.PathLike[str]) -> GameState:
    """The game in a record file, checked to replay from its own log.

    Also reads the autosave (``state/game.json``) and a history file, which
    hold the same game in their own versioned objects. Raises
    :class:`RecordError` with one line for the player when the file is
    missing or unreadable, not JSON, not a record, of an unknown version, not
    a valid game, or a game whose log does not replay. The file is never
    moved or changed.
    """
    path = Path(path)
    try:
        data = read_object(path)
    except Unusable as problem:
        raise _record_problem(path, str(problem)) from None
    if data is None:
        raise RecordError(_line(_("{path}: there is no such file."), path=path))
    if "format" in data:
        game = _record_game(data, path)
    elif "game" in data and ("saved_at" in data or "finished_at" in data):
        form: Format[Any] = GAME_FORMAT if "saved_at" in data else HISTORY_FORMAT
        try:
            game = validate(form, upgrade(data, form)).game
        except Unusable as problem:
            raise _record_problem(path, str(problem)) from None
    else:
        raise _record_problem(path, _("not a generala-tui game record"))
    return _replayed(game, path)


def _record_game(data: dict[str, Any], path: Path) -> GameState:
    if data["format"] != RECORD_FORMAT:
        raise _record_problem(
            path,
            _("not a generala-tui game record (its format is {format})").format(
                format=json.dumps(data["format"])
            ),
        )
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise _record_problem(
            path,
            _("a game record of an unknown version ({version})").format(
                version=json.dumps(version)
            ),
        )
    if version != RECORD_VERSION:
        problem = (
            _(
                "a game record of version {version} from a newer generala-tui, which this "
                "generala-tui can't read"
            )
            if version > RECORD_VERSION
            else _("a game record of version {version}, which this generala-tui can't read")
        )
        raise _record_problem(path, problem.format(version=version))
    if "game" not in data:
        raise _record_problem(path, _("a game record without its game"))
    try:
        return _GameRecord.model_validate(data).game
    except ValidationError as error:
        raise _record_problem(
            path,
            _("a game record of an impossible game ({error})").format(error=clause(refusal(error))),
        ) from None


def record_folder(path: str | os.PathLike[str]) -> Path:
    """The folder ``path``, created if need be, for game records to be written in.

    Raises :class:`RecordError` (one line for the player) when it can't be
    created, is a file, or can't be written in.
    """
    folder = Path(path)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise RecordError(
            _line(
                _("{folder} can't be a folder of game records ({why})."),
                folder=folder,
                why=why(error),
            )
        ) from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise RecordError(
            _line(_("{folder} can't be a folder of game records (not writable)."), folder=folder)
        )
    return folder
