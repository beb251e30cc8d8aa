"""What the game refuses, in one type, and text from outside made safe to show.

A :class:`Refusal` is everything the game says no to: a move the rules forbid
(:class:`IllegalMove`), a record that does not replay
(:class:`~generala_tui.game.record.BadRecord`), and a game that could not have arisen in
play, raised by the models' own checks. Pydantic keeps the refusal a check raised inside
its :class:`pydantic.ValidationError` (the error's context), so :func:`refused` finds it
again, and :func:`generala_tui.words.refusal` says any of them in the player's language
(:func:`english_refusal` says a pydantic error in English, the core's language).
The core itself speaks English (``str(refusal)``) and holds no language state.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from .boxes import Category, box_name

JOINERS = frozenset("\u200c\u200d")
"""The zero-width non-joiner and joiner: invisible, but part of how names are written (the
Persian علی‌رضا, a family emoji), so a name may hold them and a text keeps them."""


def shows(text: str) -> bool:
    """Whether every character of ``text`` is one a terminal shows as itself: no control,
    format (bidi overrides, zero-width spaces), separator other than the space, surrogate,
    private or unassigned character, the :data:`JOINERS` apart. Names must show."""
    return text.isprintable() or all(char.isprintable() or char in JOINERS for char in text)


def printable(text: str) -> str:
    """``text`` with each character that does not show (:func:`shows`) written as Python
    escapes it (``\\x1b``, ``\\u202e``), so text from outside (a file's keys, values,
    pydantic's words about them, an operating system's message) never drives the terminal."""
    if shows(text):
        return text
    return "".join(
        char if char.isprintable() or char in JOINERS else repr(char)[1:-1] for char in text
    )


class Refusal(ValueError):
    """Something the game refuses, with the reason in words for the player.

    ``message`` is the sentence as a template (``{name}`` fields, marked for the
    translation catalogs with :func:`~generala_tui.game.words.N_`) and ``params`` fill it
    in: a :class:`~generala_tui.game.boxes.Category` is a box and a :class:`Refusal` a
    phrase (its own template), both said in the player's language by whoever shows the
    refusal; a name from outside is escaped (:func:`printable`). ``str(refusal)`` is the
    sentence in English.
    """

    def __init__(self, message: str, **params: object) -> None:
        self.message = message
        self.params = params
        super().__init__(message.format(**{key: _english(value) for key, value in params.items()}))


class IllegalMove(Refusal):
    """A move the rules forbid: a :class:`Refusal`, whose message says why in words for the
    player (in any language, through :func:`generala_tui.words.refusal`)."""


def _english(value: object) -> object:
    if isinstance(value, Category):
        return box_name(value)
    if isinstance(value, Refusal):
        return str(value)
    if isinstance(value, str):
        return printable(value)
    return value


def refused(error: ValidationError) -> Refusal | None:
    """The refusal one of the models' checks raised, when that is the first thing a
    :class:`pydantic.ValidationError` tells (``None`` for pydantic's own complaints: a
    missing field, a word where a number belongs)."""
    details = error.errors(include_url=False)
    if not details:
        return None
    context: dict[str, Any] = details[0].get("ctx") or {}
    cause = context.get("error")
    return cause if isinstance(cause, Refusal) else None


def english_refusal(error: ValidationError) -> str:
    """The first reason a :class:`pydantic.ValidationError` gives, in English words for a player.

    The models' own refusals are whole sentences ("A die shows 1 to 6, not 7."), given as
    they are; pydantic's own words (a missing field, a word where a number belongs) are
    prefixed with where they were found ("players.0.name: String should have at most 20
    characters"). :func:`generala_tui.words.refusal` says the same in the player's language.
    """
    found = refused(error)
    if found is not None:
        return str(found)
    details = error.errors(include_url=False)
    if not details:  # pragma: no cover - pydantic always says something
        return printable(str(error))
    message = printable(str(details[0]["msg"]))
    where = error_place(error)
    return f"{where}: {message}" if where else message


def error_place(error: ValidationError) -> str:
    """Where the first thing wrong was found, as a dotted path ("game.players.0.name");
    empty when it is the whole value."""
    details = error.errors(include_url=False)
    if not details:
        return ""
    # A key read from a file is shown as Python writes it when it has a character that
    # can't be shown (a control sequence must not reach the terminal).
    parts = (str(part) for part in details[0]["loc"])
    return ".".join(part if shows(part) else repr(part) for part in parts)
