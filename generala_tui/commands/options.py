"""Reading house rules and players from command-line text.

Shared by the ``generala-tui`` command and ``generala-tui simulate``. Every
error is a :class:`OptionError` whose message names the valid choices, for a
one-line complaint and exit status 2.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable
from enum import Enum
from typing import Any

from pydantic import ValidationError

from .. import words
from ..game.model import HouseRules, Level, Player
from ..game.rule_choices import rule_values
from ..game.rules import IllegalMove, validate_names
from ..i18n import _

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


class OptionError(ValueError):
    """A command-line value that can't be used; the message says what would do."""


def _text(value: object) -> str:
    """A house rule's value as ``--rule`` takes it: ``true``, ``strict``, ``60``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value.value if isinstance(value, Enum) else value)


def rule_choices(key: str) -> list[str]:
    """The valid values of a house rule, as text."""
    return [_text(value) for value in rule_values(key)]


def rule_default(key: str) -> str:
    """A house rule's default value, as text (as ``--rule`` takes it)."""
    return _text(HouseRules.model_fields[key].default)


def rules_help(width: int = 79) -> str:
    """Every house rule with its values and default, for ``--help``, in lines of ``width``."""
    texts = words.rule_text()
    lines = []
    for key in HouseRules.model_fields:
        values = " | ".join(rule_choices(key))
        lines += textwrap.wrap(
            _("{key} = {values} (default {default})").format(
                key=key, values=values, default=rule_default(key)
            ),
            width,
            initial_indent="  ",
            subsequent_indent="      ",
        )
        explanation = texts[key][1] if key in texts else ""
        lines += textwrap.wrap(
            explanation, width, initial_indent="      ", subsequent_indent="      "
        )
    return "\n".join(lines)


def _rule_value(key: str, text: str) -> Any:
    lowered = text.strip().lower()
    values = rule_values(key)
    if all(isinstance(value, bool) for value in values):
        if lowered in _TRUE:
            return True
        if lowered in _FALSE:
            return False
    for value in values:
        if _text(value) == lowered:
            return value
    raise OptionError(
        _("{key} can't be {value!r}: choose one of {choices}.").format(
            key=key, value=text.strip(), choices=", ".join(rule_choices(key))
        )
    )


def parse_rules(pairs: Iterable[str], base: HouseRules | None = None) -> HouseRules:
    """House rules from ``KEY=VALUE`` texts, on top of ``base`` (the defaults)."""
    updates: dict[str, Any] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        key = key.strip()
        if not sep:
            raise OptionError(_("A rule is written KEY=VALUE, not {pair!r}.").format(pair=pair))
        if key not in HouseRules.model_fields:
            raise OptionError(
                _("There is no house rule {key!r}: choose one of {choices}.").format(
                    key=key, choices=", ".join(HouseRules.model_fields)
                )
            )
        updates[key] = _rule_value(key, text)
    try:
        return HouseRules.model_validate({**(base or HouseRules()).model_dump(), **updates})
    except ValidationError as error:  # pragma: no cover - values are checked above
        raise OptionError(words.refusal(error)) from None


def _level_name(level: Level) -> str:
    # A computer given by its level alone is named after it, in the player's language.
    return words.level_name(level)


def parse_players(text: str) -> list[Player]:
    """Players from ``Ana,Bruno,Rita:expert``; ``name:level`` is a computer player.

    A bare level (``expert``) is a computer named after its level. Names are
    checked as the setup screen checks them.
    """
    levels = ", ".join(level.value for level in Level)
    players: list[Player] = []
    for raw in text.split(","):
        name, sep, level_text = raw.partition(":")
        level: Level | None = None
        if sep:
            try:
                level = Level(level_text.strip().lower())
            except ValueError:
                raise OptionError(
                    _("{level!r} is not a computer level: choose one of {levels}.").format(
                        level=level_text.strip(), levels=levels
                    )
                ) from None
        elif name.strip().lower() in set(Level):
            level = Level(name.strip().lower())
            name = _level_name(level)
        players.append(Player.model_construct(name=name, level=level))
    _number_duplicates(players)
    try:
        names = validate_names([player.name for player in players])
    except IllegalMove as error:
        raise OptionError(words.refusal(error)) from None
    return [Player(name=name, level=p.level) for name, p in zip(names, players, strict=True)]


def _number_duplicates(players: list[Player]) -> None:
    # "expert,expert" names two computers "Expert" and "Expert 2".
    seen: dict[str, int] = {}
    for index, player in enumerate(players):
        if player.level is None or player.name != _level_name(player.level):
            continue
        count = seen.get(player.name, 0) + 1
        seen[player.name] = count
        if count > 1:
            players[index] = Player.model_construct(
                name=f"{player.name} {count}", level=player.level
            )


__all__ = [
    "OptionError",
    "parse_players",
    "parse_rules",
    "rule_choices",
    "rule_default",
    "rules_help",
]
