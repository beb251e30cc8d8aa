"""The versioned JSON files: each kind's model and version, migrations from older
versions, salvage of what validates, and the one formatter of what is wrong with a file
(one line for the player, escaped)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any, Generic, TypeVar

from pydantic import AfterValidator, BaseModel, ConfigDict, ValidationError

from ..game import rules
from ..game.model import GameState, printable
from ..i18n import _
from ..words import refusal
from . import files
from .files import Unusable, set_aside, why

_MAX_REASON = 160


def one_line(text: str) -> str:
    """``text`` on one line, escaped (:func:`printable`), cut short when too long."""
    text = printable(" ".join(text.split()))
    return text if len(text) <= _MAX_REASON else text[: _MAX_REASON - 1] + "…"


def clause(reason: str) -> str:
    """A reason said in brackets inside a sentence, without its own full stop (so the
    sentence does not end in a full stop, a bracket and another full stop)."""
    return reason.rstrip().removesuffix(".")


def bad_file(path: Path, problem: Unusable, consequence: str) -> str:
    """Set ``path`` aside and say so, in one line for the player."""
    aside = set_aside(path)
    kept = (
        _("It was kept as {name}").format(name=aside.name)
        if aside
        else _("It could not be moved aside")
    )
    return printable(
        _("{path} is {problem}. {kept}; {consequence}.").format(
            path=path, problem=problem, kept=kept, consequence=consequence
        )
    )


def read_object(path: Path) -> dict[str, Any] | None:
    """The JSON object in ``path``; ``None`` when there is no file. Raises :class:`Unusable`."""
    try:
        data = files.read_bytes(path, files.MAX_FILE_BYTES)
    except (FileNotFoundError, NotADirectoryError):
        # No file, or a file where its folder should be: saving will say so.
        return None
    except OSError as error:
        if path.is_dir():
            raise Unusable(_("a folder, not a file")) from None
        raise Unusable(_("unreadable ({why})").format(why=why(error))) from None
    if not data.strip():
        raise Unusable(_("empty"))
    try:
        value = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise Unusable(_("not UTF-8 text")) from None
    except json.JSONDecodeError as error:
        raise Unusable(
            one_line(
                _("not valid JSON, or cut short (line {line}, column {column})").format(
                    line=error.lineno, column=error.colno
                )
            )
        ) from None
    except (ValueError, RecursionError):
        raise Unusable(_("not valid JSON")) from None
    if not isinstance(value, dict):
        raise Unusable(_("not a JSON object"))
    return value


_M = TypeVar("_M", bound=BaseModel)
_Migration = Callable[[dict[str, Any]], dict[str, Any]]


@dataclass(frozen=True)
class Format(Generic[_M]):
    """One kind of file: its model, its version and how to bring older versions up to it."""

    model: type[_M]
    version: int
    migrations: Mapping[int, _Migration] = field(default_factory=dict)
    """``migrations[n]`` turns a version ``n`` document into a version ``n + 1`` one."""
    unversioned: int | None = None
    """The version of a document without a ``"version"`` key (``None``: such a file is bad)."""


def upgrade(data: dict[str, Any], form: Format[Any]) -> dict[str, Any]:
    """``data`` brought up to ``form.version``, or as it is when it is newer."""
    version = data.get("version", form.unversioned)
    if version is None:
        raise Unusable(_("without a version number"))
    if isinstance(version, bool) or not isinstance(version, int):
        raise Unusable(
            one_line(_("of an unknown version ({version})").format(version=json.dumps(version)))
        )
    if version < 0 or (version < form.version and version not in form.migrations):
        raise Unusable(
            _("of version {version}, which this generala-tui can't read").format(version=version)
        )
    while version < form.version:
        try:
            data = form.migrations[version](copy.deepcopy(data))
        except (KeyError, TypeError, ValueError, AttributeError):
            raise Unusable(
                _("of version {version} and can't be brought up to date").format(version=version)
            ) from None
        version += 1
        data["version"] = version
    return data


def first_error(error: ValidationError) -> str:
    """The first thing wrong in the data, in one line for the player, in their language
    (:func:`generala_tui.words.refusal`)."""
    return one_line(refusal(error))


def validate(form: Format[_M], data: dict[str, Any]) -> _M:
    try:
        return form.model.model_validate(data)
    except ValidationError as error:
        raise Unusable(_invalid(data, form, error)) from None


def _invalid(data: dict[str, Any], form: Format[Any], error: ValidationError) -> str:
    version = data.get("version")
    if isinstance(version, int) and version > form.version:
        return one_line(
            _("from a newer generala-tui (version {version}) and can't be read ({error})").format(
                version=version, error=clause(first_error(error))
            )
        )
    return _("not valid ({error})").format(error=clause(first_error(error)))


def _drop(data: Any, loc: tuple[int | str, ...]) -> bool:
    """Remove what the error at ``loc`` is about: a key, or a whole list item."""
    node = data
    for depth, key in enumerate(loc):
        if isinstance(node, list) and isinstance(key, int) and 0 <= key < len(node):
            del node[key]
            return True
        if isinstance(node, dict) and key in node:
            if depth == len(loc) - 1 or not isinstance(node[key], dict | list):
                del node[key]
                return True
            node = node[key]
            continue
        return False
    return False


def salvage(form: Format[_M], data: dict[str, Any], default: _M) -> _M:
    """What validates of ``data``: each invalid value dropped (so it takes its default)."""
    attempt = copy.deepcopy(data)
    for _attempt in range(100):
        try:
            return form.model.model_validate(attempt)
        except ValidationError as error:
            if not all(_drop(attempt, problem["loc"]) for problem in error.errors()):
                break
    return default


def check_replays(state: GameState) -> None:
    try:
        for _position in rules.replay(state):
            pass
    except rules.BadRecord as error:
        raise Unusable(
            one_line(
                _("a game that does not replay from its record ({error})").format(
                    error=clause(refusal(error))
                )
            )
        ) from None
    except Exception as error:  # a state the rules can't play must not stop the app
        raise Unusable(
            one_line(
                _("a game that can't be replayed ({error})").format(
                    error=f"{type(error).__name__}: {error}"
                )
            )
        ) from None


def _aware(moment: datetime) -> datetime:
    # A hand-written time without a zone is taken as UTC, so times always compare.
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


Timestamp = Annotated[datetime, AfterValidator(_aware)]


def merged(on_disk: Any, ours: Any) -> Any:
    """``ours``, plus the keys only ``on_disk`` has, at every depth of nested objects."""
    if not isinstance(on_disk, dict) or not isinstance(ours, dict):
        return ours
    combined = dict(on_disk)
    for key, value in ours.items():
        combined[key] = merged(on_disk.get(key), value)
    return combined


def json_bytes(document: Any, indent: int | None = None) -> bytes:
    return (json.dumps(document, indent=indent, ensure_ascii=False) + "\n").encode()


class FileModel(BaseModel):
    """A file's model: frozen, and keeping the keys a newer version added (read into
    ``model_extra`` and written back), so an older generala-tui does not throw them away.
    Its schema is built when a file is first read or written (``defer_build``)."""

    model_config = ConfigDict(frozen=True, extra="allow", defer_build=True)
