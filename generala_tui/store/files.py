"""Reading and writing one file safely: atomic writes, private folders, bounded reads
that never block on a pipe or a device, the operating system's refusals in the player's
words, and bad files set aside."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from ..game.model import printable
from ..i18n import N_, _, language
from .paths import app_folders

MAX_FILE_BYTES = 4 * 1024 * 1024
"""The most a file of the game's may hold: the largest game the models let through (8
players, every box, 32 tie-break rounds, 100 toggles a turn) is a record of 2.2 MB."""


def now() -> datetime:
    # One clock for the whole store, so tests can set it.
    return datetime.now(UTC)


_SYSTEM_ERRORS = {
    errno.ENOENT: N_("no such file or directory"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("operation not permitted"),
    errno.ENOSPC: N_("no space left on device"),
    errno.EROFS: N_("read-only file system"),
    errno.ENAMETOOLONG: N_("file name too long"),
    errno.ELOOP: N_("too many levels of symbolic links"),
}
"""The operating system's commonest refusals, as message ids (in English, its own words)."""


def why(error: OSError) -> str:
    """Why the operating system refused, for the player: in English its own words, lowercase
    ("permission denied"); in another language the commonest said in it, the rest by number."""
    if isinstance(error, FileExistsError | NotADirectoryError):
        return _("a file stands where a folder should be")
    if isinstance(error, IsADirectoryError):
        return _("a folder stands where the file should be")
    if language() != "en" and error.errno is not None:
        words = _SYSTEM_ERRORS.get(error.errno)
        if words is not None:
            return _(words)
        name = errno.errorcode.get(error.errno, "?")
        return _("the system's error {number} ({name})").format(number=error.errno, name=name)
    return printable((error.strerror or type(error).__name__).lower())


def _umask() -> int:
    # Linux tells the umask without changing it; setting it and putting it back
    # (the only portable way) would briefly change it for every thread.
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def private_folder(folder: Path) -> None:
    """Make ``folder`` (and the folders missing above it) this user's only (0700), as the
    XDG base directory specification asks; an app folder made earlier with group or other
    access (0755, say) is closed. Raises :class:`OSError`."""
    missing: list[Path] = []
    at = folder
    while not at.exists() and at.parent != at:
        missing.append(at)
        at = at.parent
    for each in reversed(missing):
        with contextlib.suppress(FileExistsError):
            each.mkdir(mode=0o700)
    for base in app_folders():
        if folder == base or base in folder.parents:
            for each in (folder, *folder.parents):
                mode = each.stat().st_mode
                if stat.S_IMODE(mode) & 0o077 and each.stat().st_uid == _uid():
                    os.chmod(each, stat.S_IMODE(mode) & 0o700)
                if each == base:
                    break
            break
    if not folder.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(folder))


def _uid() -> int:
    getuid = getattr(os, "getuid", None)
    return getuid() if getuid is not None else -1


def write_file(
    path: Path, data: bytes, *, shared: bool = False, replace: bool = True
) -> str | None:
    """Write ``data`` to ``path`` atomically; ``None`` when written, else why not.

    The app's own files keep the temporary file's private mode (0600), in folders of
    their own (0700). A ``shared`` file (a game record) gets the usual mode of a new file
    (0666 less the umask), in a folder of the usual mode, and, unless ``replace``, never
    replaces a file already at ``path``.
    """
    try:
        if shared:
            path.parent.mkdir(parents=True, exist_ok=True)
        else:
            private_folder(path.parent)
        handle, temporary = tempfile.mkstemp(
            dir=path.parent, prefix=f".{path.name}.", suffix=".tmp"
        )
    except OSError as error:
        return why(error)
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
            file.flush()
            if shared:
                os.chmod(temporary, 0o666 & ~_umask())
            os.fsync(file.fileno())
        if not replace:
            # A hard link fails when the name is taken: no file is ever replaced unasked.
            try:
                os.link(temporary, path)
            except FileExistsError:
                return _("a file of that name is already there; nothing was replaced")
            except OSError:
                # A file system without hard links (FAT): check, then rename.
                if path.exists():
                    return _("a file of that name is already there; nothing was replaced")
                os.replace(temporary, path)
            finally:
                with contextlib.suppress(OSError):
                    os.unlink(temporary)
        else:
            os.replace(temporary, path)
    except OSError as error:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        return why(error)
    return None


def write_atomically(path: Path, data: bytes) -> bool:
    return write_file(path, data) is None


def set_aside(path: Path) -> Path | None:
    """Move a bad file (or folder) beside itself as ``<name>.bad-<local time>``, for inspection.

    Never overwrites an earlier bad copy: a second one the same second gets
    ``-2``, then ``-3`` ... Returns the new path, or ``None`` when there is
    nothing at ``path`` or it can't be moved.
    """
    stamp = now().astimezone().strftime("%Y%m%d-%H%M%S")
    try:
        if not path.exists() and not path.is_symlink():
            return None
        for number in range(1, 1000):
            suffix = "" if number == 1 else f"-{number}"
            aside = path.with_name(f"{path.name}.bad-{stamp}{suffix}")
            # exists() then rename() is not atomic, but only one generala-tui
            # at a time sets a given file aside.
            if not aside.exists() and not aside.is_symlink():
                path.rename(aside)
                return aside
    except OSError:
        return None
    return None


class Unusable(Exception):
    """A file that exists but can't be used; the message completes "<path> is ...", one line."""


def _not_a_file(mode: int) -> str | None:
    """What stands at a path instead of a regular file, completing "<path> is ..."."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return _("a folder, not a file")
    if stat.S_ISFIFO(mode):
        return _("a named pipe, not a file")
    if stat.S_ISSOCK(mode):
        return _("a socket, not a file")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("a device, not a file")
    return _("not a regular file")


_READ_FLAGS = os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOCTTY", 0)
# Opening a named pipe without a writer would wait for one: not with O_NONBLOCK (reads of a
# regular file do not block anyway).
_READ_FLAGS |= getattr(os, "O_NONBLOCK", 0)


def read_bytes(path: Path, cap: int) -> bytes:
    """The bytes of the regular file at ``path``, at most ``cap`` of them: a folder, a pipe,
    a device or a socket is refused without a byte read (:class:`Unusable`), and so is a
    file longer than ``cap``, after ``cap + 1`` bytes. Raises :class:`OSError` when it can't
    be opened."""
    try:
        descriptor = os.open(path, _READ_FLAGS)
    except OSError:
        with contextlib.suppress(OSError):
            kind = _not_a_file(path.stat().st_mode)
            if kind is not None:
                raise Unusable(kind) from None
        raise
    try:
        kind = _not_a_file(os.fstat(descriptor).st_mode)
    except OSError:
        os.close(descriptor)
        raise
    if kind is not None:
        os.close(descriptor)
        raise Unusable(kind)
    with open(descriptor, "rb") as file:
        data = file.read(cap + 1)
    if len(data) > cap:
        raise Unusable(_("too large to be one of generala-tui's files"))
    return data


_M = TypeVar("_M", bound=BaseModel)


def read_kept(path: Path, model: type[_M], cap: int) -> _M | None:
    """A small file the game keeps for itself (the seats it holds, its identities), read by
    its ``model``: None when there is none yet; one that can't be read or validated is set
    aside (:func:`set_aside`) and begun anew, without a word (it holds nothing a player
    would miss more than a fresh one)."""
    try:
        data = read_bytes(path, cap)
    except FileNotFoundError:
        return None
    except Exception:  # unreadable (a folder, too large, no permission): begun anew
        set_aside(path)
        return None
    try:
        return model.model_validate_json(data)
    except ValidationError:
        set_aside(path)
        return None
