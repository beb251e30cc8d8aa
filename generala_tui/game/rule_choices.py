"""The values each house rule can take, read from its field of
:class:`~generala_tui.game.model.HouseRules`: one reading for the command line's ``--rule``
and the settings screen, so both offer the same choices in the same order."""

from __future__ import annotations

import typing
from enum import Enum

from .model import HouseRules

__all__ = ["rule_values"]


def rule_values(key: str) -> tuple[object, ...]:
    """The values house rule ``key`` can take, in the order its field declares them: on and
    off for a yes/no rule, the members of an enumeration, the numbers of a ``Literal``."""
    annotation = HouseRules.model_fields[key].annotation
    if annotation is bool:
        return (True, False)
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return tuple(annotation)
    return typing.get_args(annotation)
