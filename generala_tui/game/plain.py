"""A game read from its JSON document without pydantic, when the document is plain.

Pydantic reads, refuses or salvages any document; building the schema of a whole
:class:`~generala_tui.game.model.GameState` and importing pydantic take about a
quarter of a second, which a player resuming a saved game would wait before the
first frame. A document as generala-tui writes it (every field there, each of
its exact JSON type, no key unknown) is read here instead, through the models'
own constructors, whose checks are those pydantic runs. Anything else gives
``None``: pydantic's to read, or to refuse with its reasons. A test checks that
what this reads pydantic reads alike, and that this reads nothing pydantic refuses.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import Any, TypeVar

from .frozen import Frozen
from .model import (
    MAX_ROLLS,
    Box,
    Category,
    Ending,
    Filled,
    GameState,
    HoldToggled,
    HouseRules,
    Level,
    Phase,
    Player,
    Rolled,
    TieBreakEnded,
    TieBreakRound,
    Turn,
)

__all__ = ["game_from_plain"]

_E = TypeVar("_E", bound=StrEnum)


class _NotPlain(Exception):
    """The document is not as generala-tui writes it: pydantic's to read."""


def game_from_plain(data: object) -> GameState | None:
    """The game of ``data`` (a document as ``GameState.model_dump(mode="json")`` makes
    it), or ``None`` when it is not plain or not a game (pydantic then says why)."""
    try:
        return _game(data)
    except (_NotPlain, ValueError, TypeError):
        return None


def _need(ok: bool) -> None:
    if not ok:
        raise _NotPlain


def _fields(data: object, model: type[Frozen]) -> dict[str, Any]:
    _need(type(data) is dict)
    assert isinstance(data, dict)
    _need(data.keys() == model.model_fields.keys())
    return data


def _int(value: object, low: int | None = None, high: int | None = None) -> int:
    _need(type(value) is int)
    assert isinstance(value, int)
    _need((low is None or value >= low) and (high is None or value <= high))
    return value


def _count(value: object) -> int:
    """A whole number 0 or more (``NonNegative``)."""
    return _int(value, low=0)


def _bool(value: object) -> bool:
    _need(type(value) is bool)
    assert isinstance(value, bool)
    return value


def _list(value: object) -> list[Any]:
    _need(type(value) is list)
    assert isinstance(value, list)
    return value


def _ints(value: object) -> tuple[int, ...]:
    return tuple(_int(item) for item in _list(value))


def _bools(value: object) -> tuple[bool, ...]:
    return tuple(_bool(item) for item in _list(value))


def _enum(value: object, enum: type[_E]) -> _E:
    _need(type(value) is str)
    try:
        return enum(str(value))
    except ValueError:
        raise _NotPlain from None


def _game(data: object) -> GameState:
    game = _fields(data, GameState)
    ending = game["ending"]
    return GameState(
        players=tuple(_player(player) for player in _list(game["players"])),
        house_rules=_rules(game["house_rules"]),
        current=_int(game["current"]),
        turn=_turn(game["turn"]),
        phase=_enum(game["phase"], Phase),
        winners=_ints(game["winners"]),
        ending=None if ending is None else _enum(ending, Ending),
        tie_breaks=tuple(_tie_break(round_) for round_ in _list(game["tie_breaks"])),
        seed=_int(game["seed"]),
        log=tuple(_entry(entry) for entry in _list(game["log"])),
    )


def _rules(data: object) -> HouseRules:
    rules = dict(_fields(data, HouseRules))
    for name, spec in HouseRules.model_fields.items():
        default = spec.default
        if isinstance(default, StrEnum):
            rules[name] = _enum(rules[name], type(default))
        else:
            _need(type(rules[name]) is type(default))
    return HouseRules(**rules)


def _player(data: object) -> Player:
    player = _fields(data, Player)
    name, level, boxes = player["name"], player["level"], player["boxes"]
    _need(type(name) is str and name == name.strip())
    _need(type(boxes) is dict)
    return Player(
        name=name,
        level=None if level is None else _enum(level, Level),
        boxes={_enum(category, Category): _box(box) for category, box in boxes.items()},
    )


def _box(data: object) -> Box:
    box = _fields(data, Box)
    return Box(points=_count(box["points"]), scratched=_bool(box["scratched"]))


def _turn(data: object) -> Turn:
    turn = _fields(data, Turn)
    return Turn(
        dice=_ints(turn["dice"]),
        held=_bools(turn["held"]),
        locked=_bools(turn["locked"]),
        rolls=_int(turn["rolls"], low=0, high=MAX_ROLLS),
        served=_bool(turn["served"]),
    )


def _tie_break(data: object) -> TieBreakRound:
    round_ = _fields(data, TieBreakRound)
    return TieBreakRound(contenders=_ints(round_["contenders"]), scores=_ints(round_["scores"]))


def _hold(entry: Mapping[str, Any]) -> HoldToggled:
    return HoldToggled(
        seat=_count(entry["seat"]), die=_int(entry["die"]), held=_bool(entry["held"])
    )


def _roll(entry: Mapping[str, Any]) -> Rolled:
    return Rolled(
        seat=_count(entry["seat"]),
        held=_ints(entry["held"]),
        dice=_ints(entry["dice"]),
        served=_bool(entry["served"]),
        won=_bool(entry["won"]),
    )


def _fill(entry: Mapping[str, Any]) -> Filled:
    return Filled(
        seat=_count(entry["seat"]),
        category=_enum(entry["category"], Category),
        scratch=_bool(entry["scratch"]),
        points=_count(entry["points"]),
        served_bonus=_count(entry["served_bonus"]),
    )


def _tie_break_ended(entry: Mapping[str, Any]) -> TieBreakEnded:
    return TieBreakEnded(seat=_count(entry["seat"]), points=_count(entry["points"]))


_ENTRIES: dict[str, tuple[type[Frozen], Callable[[Mapping[str, Any]], Frozen]]] = {
    "hold": (HoldToggled, _hold),
    "roll": (Rolled, _roll),
    "fill": (Filled, _fill),
    "tie_break": (TieBreakEnded, _tie_break_ended),
}


def _entry(data: object) -> HoldToggled | Rolled | Filled | TieBreakEnded:
    _need(type(data) is dict)
    assert isinstance(data, dict)
    kind = data.get("kind")
    _need(type(kind) is str and kind in _ENTRIES)
    model, build = _ENTRIES[str(kind)]
    entry = build(_fields(data, model))
    assert isinstance(entry, HoldToggled | Rolled | Filled | TieBreakEnded)
    return entry
