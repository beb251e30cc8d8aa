"""The values each house rule can take, read from its field of
:class:`~generala_tui.game.model.HouseRules`: one reading for the command line's ``--rule``
and the settings screen, so both offer the same choices in the same order; and the rules
that change nothing under the others (the settings screen greys them out, the hall of fame
counts games under them as one set of rules)."""

from __future__ import annotations

import typing
from enum import Enum

from .model import Category, HouseRules, ServedRoll
from .words import N_

__all__ = [
    "CLASSIC",
    "NEEDS_BOX",
    "PRESETS",
    "PRESET_KEYS",
    "SWEDISH",
    "idle_rules",
    "preset_in_effect",
    "rule_values",
    "rules_in_effect",
]

CLASSIC = N_("Classic")
"""A preset's name, as a message id (the settings screen keys its presets by it)."""
SWEDISH = N_("Swedish rules")

PRESETS: dict[str, HouseRules] = {
    CLASSIC: HouseRules(),
    SWEDISH: HouseRules(generala_points=60, served_roll=ServedRoll.ANY_FULL_ROLL),
}
"""The sets of house rules the settings screen offers by name."""

PRESET_KEYS = tuple(
    key
    for key in HouseRules.model_fields
    if len({getattr(preset, key) for preset in PRESETS.values()}) > 1
)
"""The rules the presets set differently: what tells one preset from another."""

NEEDS_BOX: dict[str, tuple[Category, str]] = {
    # A rule about a box means nothing while that box is not on the scorecard.
    "double_generala_served_bonus": (Category.DOUBLE_GENERALA, "double_generala"),
}
"""The rules about a box, each with the box and the rule that puts it on the scorecard."""


def idle_rules(house_rules: HouseRules) -> dict[str, str]:
    """The rules that change nothing under ``house_rules``, each with the rule whose switch
    would make them count (the box they are about is not on the scorecard)."""
    in_play = house_rules.categories()
    return {key: switch for key, (box, switch) in NEEDS_BOX.items() if box not in in_play}


def rules_in_effect(house_rules: HouseRules) -> HouseRules:
    """``house_rules`` with each rule that changes nothing at its default: two sets of rules
    that play alike come out equal."""
    idle = idle_rules(house_rules)
    if not idle:
        return house_rules
    defaults = HouseRules()
    return house_rules.model_copy(update={key: getattr(defaults, key) for key in idle})


def rule_values(key: str) -> tuple[object, ...]:
    """The values house rule ``key`` can take, in the order its field declares them: on and
    off for a yes/no rule, the members of an enumeration, the numbers of a ``Literal``."""
    annotation = HouseRules.model_fields[key].annotation
    if annotation is bool:
        return (True, False)
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return tuple(annotation)
    return typing.get_args(annotation)


def preset_in_effect(house_rules: HouseRules) -> str | None:
    """The preset these rules are, ignoring rules that change nothing; None for custom rules."""
    idle = idle_rules(house_rules)
    for name, preset in PRESETS.items():
        if all(
            getattr(house_rules, key) == getattr(preset, key)
            for key in HouseRules.model_fields
            if key not in idle
        ):
            return name
    return None
