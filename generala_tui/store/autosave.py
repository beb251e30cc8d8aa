"""The game in progress (``state/game.json``, or ``game-<n>.json`` beside another window):
autosaved after every step, resumed on the next start, each window holding a lock on its own."""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

from pydantic import AfterValidator

from ..game.model import GameState, printable
from ..i18n import LANGUAGES, _
from . import files
from .files import Unusable, private_folder, write_file
from .formats import (
    FileModel,
    Format,
    Timestamp,
    bad_file,
    check_replays,
    read_object,
    upgrade,
    validate,
)
from .paths import game_path, state_dir

GAME_VERSION = 1


def _spoken_or_none(value: str | None) -> str | None:
    """A language the game speaks, else nothing: a game is not set aside for its language."""
    return value if value in LANGUAGES else None


class SavedGame(FileModel):
    """The game left unfinished (``game.json`` in the state folder), and when it was saved."""

    version: int = GAME_VERSION
    saved_at: Timestamp
    game: GameState
    language: Annotated[str | None, AfterValidator(_spoken_or_none)] = None
    """The language the game was played in when saved (``None`` in a file from before it was
    kept): ``--resume`` without ``--lang`` goes on in it, as it was left."""


GAME_FORMAT = Format(SavedGame, GAME_VERSION)


MAX_WINDOWS = 16
"""Windows that can each keep a game in progress on one home at once."""


@dataclass
class GameSlot:
    """A window's hold on the file of its game in progress (:func:`take_game_slot`)."""

    number: int
    """1 for ``game.json``, n for ``game-<n>.json``."""
    _lock: Any = field(repr=False)
    """The held ``filelock.FileLock``; ``None`` where no lock can be made (a folder that
    can't be written: nothing can be saved there either, and saving says why)."""
    waiting: int = 0
    """Other unfinished games saved that no window holds, when this slot was taken: a
    second window goes on with the one saved last of them."""

    @property
    def path(self) -> Path:
        return game_path(self.number)

    def release(self) -> None:
        """Let another window take this game (at the latest, the process's end does)."""
        if self._lock is not None:
            with contextlib.suppress(OSError):
                self._lock.release()


def _saved_slots() -> list[int]:
    """The slots with a saved game, the one saved last first."""
    saved: list[tuple[float, int]] = []
    with contextlib.suppress(OSError):
        for path in state_dir().iterdir():
            match = re.fullmatch(r"game(?:-([0-9]{1,3}))?\.json", path.name)
            if match is None:
                continue
            number = int(match[1] or 1)
            if 1 <= number <= MAX_WINDOWS and game_path(number).name == path.name:
                with contextlib.suppress(OSError):
                    saved.append((path.stat().st_mtime, number))
    return [number for _time, number in sorted(saved, reverse=True)]


def any_saved_game() -> bool:
    """Whether a game in progress is saved in any slot (held by a window or not)."""
    return bool(_saved_slots())


def take_game_slot(*, keep_saved: bool = False) -> tuple[GameSlot | None, bool]:
    """Lock the slot this window keeps its game in, and say whether another window holds a
    saved game (so this one plays beside it).

    The saved game no other window holds, the one saved last first, else the first
    free slot: a window opened alone resumes the game left last, and two windows
    opened together play in two files. With ``keep_saved``, a slot no game is saved in
    (for a window that found none to offer: a game another window saved since is not
    its to write over). ``None`` when every slot is held. Where no
    lock can be made (the state folder can't be written, or a file system without
    locks), the first slot free, unlocked: saving there says why it can't, if it can't.
    """
    from filelock import FileLock, Timeout

    try:
        private_folder(state_dir())
    except OSError:
        return GameSlot(1, None), False
    held_elsewhere = False
    saved = _saved_slots()

    def lock_of(number: int) -> Any:
        path = game_path(number)
        return FileLock(
            path.with_name(path.name + ".lock"), timeout=0, mode=0o600, thread_local=False
        )

    offered = [] if keep_saved else saved
    for number in dict.fromkeys([*offered, *range(1, MAX_WINDOWS + 1)]):
        if keep_saved and number in saved:
            continue
        lock = lock_of(number)
        try:
            lock.acquire()
        except Timeout:
            held_elsewhere = held_elsewhere or number in saved
            continue
        except (OSError, NotImplementedError):
            return GameSlot(number, None), held_elsewhere
        waiting = 0
        # The saved games after this one were not tried: those no window holds are waiting.
        for later in saved[saved.index(number) + 1 :] if number in saved else []:
            other = lock_of(later)
            with contextlib.suppress(Timeout, OSError, NotImplementedError):
                other.acquire()
                other.release()
                waiting += 1
        return GameSlot(number, lock, waiting), held_elsewhere
    return None, held_elsewhere


def save_game(state: GameState, slot: int = 1, *, language: str | None = None) -> str | None:
    """Autosave the game in progress (in ``slot``, see :func:`take_game_slot`), played in
    ``language``: ``None`` when saved, else a warning for the player."""
    path = game_path(slot)
    saved = SavedGame(saved_at=files.now(), game=state, language=language)
    reason = write_file(path, saved.model_dump_json().encode() + b"\n")
    if reason is None:
        return None
    return _("The game could not be saved in {path} ({reason}); it goes on unsaved.").format(
        path=printable(str(path)), reason=reason
    )


def load_game(slot: int = 1) -> tuple[GameState | None, str | None]:
    """The autosaved game (``None`` when there is none), and a warning for the player (see
    :func:`load_saved_game`)."""
    saved, warning = load_saved_game(slot)
    return (None if saved is None else saved.game), warning


def load_saved_game(slot: int = 1) -> tuple[SavedGame | None, str | None]:
    """The autosaved game with what was kept beside it (``None`` when there is none), and a
    warning for the player.

    A saved game is returned only if it validates and replays from its own
    record to itself; any other file is set aside.
    """
    path = game_path(slot)
    try:
        data = read_object(path)
        if data is None:
            return None, None
        saved = validate(GAME_FORMAT, upgrade(data, GAME_FORMAT))
        check_replays(saved.game)
    except Unusable as problem:
        return None, bad_file(path, problem, _("the game in it can't be resumed"))
    return saved, None


def clear_game(slot: int = 1) -> None:
    """Forget the autosaved game (a finished game goes to the history instead)."""
    with contextlib.suppress(OSError):
        game_path(slot).unlink()
