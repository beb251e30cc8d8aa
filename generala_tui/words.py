"""The game's words that the command line and the files share with the screens, without the
user interface: the boxes' names, and the rules' refusals, in the current language."""

from __future__ import annotations

from pydantic import ValidationError

from .game.model import (
    BOX_NAMES,
    DOUBLE_GENERALA_POINTS,
    DOUBLE_GENERALA_SERVED_POINTS,
    TWO_PAIRS_POINTS,
    TWO_PAIRS_SERVED_BONUS,
    Category,
    HouseRules,
    Level,
)
from .game.refusals import Refusal, english_refusal, error_place, printable, refused
from .i18n import N_, _, language, pgettext


def category_label(category: Category) -> str:
    """The name of a box as players say it, in the current language."""
    return _(BOX_NAMES[Category(category)])


LEVEL_NAMES = {
    Level.EASY: N_("Easy"),
    Level.MEDIUM: N_("Medium"),
    Level.EXPERT: N_("Expert"),
    Level.CHAMPION: N_("Champion"),
}
"""The computer levels' names, as message ids (a computer given by its level alone is named
after it)."""


def level_name(level: Level) -> str:
    """A computer level's name in the current language."""
    return _(LEVEL_NAMES[Level(level)])


def refusal(error: Refusal | ValidationError) -> str:
    """Why the game refused, in the current language: a move the rules forbid, a record that
    does not replay, a game or a file the models' checks refuse. The core says it in English
    with its parameters apart: here a box is named as the players of this language name it,
    a phrase is translated and a name is escaped. Pydantic's own complaints (a missing field,
    a word where a number belongs) speak English only: in English they are said with their
    place; in another language, the place of a value that is not valid is named."""
    if isinstance(error, ValidationError):
        found = refused(error)
        if found is None:
            if language() == "en":
                return english_refusal(error)
            where = error_place(error)
            if not where:
                return _("the value is not valid")
            return _("a value in {where} is not valid").format(where=where)
        error = found
    params = {
        key: category_label(value)
        if isinstance(value, Category)
        else refusal(value)
        if isinstance(value, Refusal)
        else printable(value)
        if isinstance(value, str)
        else value
        for key, value in error.params.items()
    }
    return _(error.message).format(**params)


def tie_break_round(number: int) -> str:
    """The ``number``-th tie-break round, short, as the analyses list rounds: "tb1" (Spanish
    "des1", desempate; Swedish "sär1", särspel)."""
    return pgettext("tie-break round", "tb{number}").format(number=number)


def rule_text() -> dict[str, tuple[str, str]]:
    """A title and a one-line explanation for each house rule (docs/rules.md), by the rule's
    name: the settings screen's and the command line's ``--help``."""
    return {
        "generala_points": (
            _("Generala points"),
            _("What five of a kind scores in the Generala box."),
        ),
        "served_bonus": (
            _("Served bonus"),
            _("Extra points for a Straight, Full house or Four of a kind on a served roll."),
        ),
        "served_roll": (_("Served rolls"), _("Which rolls count as served.")),
        "straight": (_("Straights"), _("Which dice make a Straight.")),
        "served_generala_wins": (
            _("Served Generala wins"),
            _("Five of a kind on a served roll, Generala box open, wins at once."),
        ),
        "double_generala": (
            _("Double Generala box"),
            _("A second five of a kind scores {points} once Generala holds points.").format(
                points=DOUBLE_GENERALA_POINTS
            ),
        ),
        "double_generala_served_bonus": (
            _("Double Generala served: {points}").format(points=DOUBLE_GENERALA_SERVED_POINTS),
            _("A served Double Generala scores {served} instead of {points}.").format(
                served=DOUBLE_GENERALA_SERVED_POINTS, points=DOUBLE_GENERALA_POINTS
            ),
        ),
        "two_pairs": (
            _("Two pairs box"),
            _("Two pairs and an odd die score {points} ({served} served).").format(
                points=TWO_PAIRS_POINTS, served=TWO_PAIRS_POINTS + TWO_PAIRS_SERVED_BONUS
            ),
        ),
        "locked_holds": (
            _("Locked holds"),
            _("A die held for a roll stays held for the rest of the turn."),
        ),
        "tie_break": (
            _("Tie-break round"),
            _("Tied leaders play one more turn each; off: they share the win."),
        ),
    }


def rule_values() -> dict[str, str]:
    """The words for the values of the house rules that are not numbers."""
    return {
        "first_roll": _("the first roll only"),
        "any_full_roll": _("any roll of all five dice"),
        "standard": _("1-5, 2-6 and 3-4-5-6-1"),
        "strict": _("1-5 and 2-6 only"),
        "wraparound": _("any five different"),
        "one_replaces_two": _("standard, and 1-1-3-4-5"),
        "ones_wild": _("1s are wild"),
    }


def rule_phrases(house_rules: HouseRules) -> dict[str, str]:
    """Each house rule of ``house_rules`` in a few words, by its key ("straight": "straights:
    1-5 and 2-6 only"); a box left out of the game says nothing. Rules said together (the
    served bonus and the served rolls) share a phrase."""
    h = house_rules
    values = rule_values()
    served = (
        _("served +{bonus} on the first roll only")
        if h.served_roll.value == "first_roll"
        else _("served +{bonus} on any roll of all five dice")
    ).format(bonus=h.served_bonus)
    phrases = {
        "generala_points": _("Generala {points}").format(points=h.generala_points),
        "served_bonus": served,
        "served_roll": served,
        "straight": _("straights: {straights}").format(straights=values[h.straight.value]),
        "served_generala_wins": _("served Generala wins")
        if h.served_generala_wins
        else _("served Generala just scores"),
    }
    if h.double_generala:
        phrases["double_generala"] = phrases["double_generala_served_bonus"] = (
            _("Double Generala (120 served)")
            if h.double_generala_served_bonus
            else _("Double Generala")
        )
    if h.two_pairs:
        phrases["two_pairs"] = _("Two pairs")
    if h.locked_holds:
        phrases["locked_holds"] = _("locked holds")
    phrases["tie_break"] = _("tie-break round") if h.tie_break else _("ties share the win")
    return phrases


def changed_rules(house_rules: HouseRules) -> str:
    """The house rules that differ from the defaults, in words ("straights: 1-5 and 2-6 only,
    ties share the win"), or "the defaults"."""
    defaults = HouseRules()
    phrases = rule_phrases(house_rules)
    changed = {
        phrases[key]
        for key in HouseRules.model_fields
        if getattr(house_rules, key) != getattr(defaults, key) and key in phrases
    }
    ordered = [phrase for phrase in dict.fromkeys(phrases.values()) if phrase in changed]
    return ", ".join(ordered) if ordered else _("the defaults")
