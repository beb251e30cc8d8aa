"""Words the screens show for the game's things."""

from __future__ import annotations

from ..game.model import Category, HouseRules, Level
from ..game.rules import category_name

LEVEL_LABELS: dict[Level | None, str] = {
    None: "Human",
    Level.EASY: "⚙ Easy",
    Level.MEDIUM: "⚙ Medium",
    Level.EXPERT: "⚙ Expert",
}


def category_label(category: Category) -> str:
    """The name of a box as players say it."""
    return category_name(category)


# House rules: a title and a one-line explanation each (RULES.md section 8).
RULE_TEXT: dict[str, tuple[str, str]] = {
    "generala_points": ("Generala points", "What five of a kind scores in the Generala box."),
    "served_bonus": (
        "Served bonus",
        "Extra points for a Straight, Full or Póker on a served roll.",
    ),
    "served_roll": ("Served rolls", "Which rolls count as served (servida)."),
    "straight": ("Straights", "Which dice make a Straight."),
    "served_generala_wins": (
        "Served Generala wins",
        "Five of a kind on a served roll, Generala box open, wins at once.",
    ),
    "double_generala": (
        "Double Generala box",
        "A second five of a kind scores 100 once Generala holds points.",
    ),
    "double_generala_served_bonus": (
        "Double Generala served: 120",
        "A served Double Generala scores 120 instead of 100.",
    ),
    "two_pairs": ("Two pairs box (Doble)", "Two pairs and an odd die score 10 (15 served)."),
    "locked_holds": ("Locked holds", "A die held for a roll stays held for the rest of the turn."),
    "tie_break": (
        "Tie-break round",
        "Tied leaders play one more turn each; off: they share the win.",
    ),
}

VALUE_TEXT: dict[str, str] = {
    "first_roll": "the first roll only",
    "any_full_roll": "any roll of all five dice",
    "standard": "1-5, 2-6 and 3-4-5-6-1",
    "strict": "1-5 and 2-6 only",
    "wraparound": "any five different",
    "one_replaces_two": "standard, and 1-1-3-4-5",
    "ones_wild": "1s are wild",
}


def rules_summary(house_rules: HouseRules) -> str:
    """The house rules in one or two lines, for the setup screen."""
    h = house_rules
    parts = [
        f"Generala {h.generala_points}",
        f"served +{h.served_bonus} on {VALUE_TEXT[h.served_roll.value]}",
        f"straights: {VALUE_TEXT[h.straight.value]}",
        "served Generala wins" if h.served_generala_wins else "served Generala just scores",
    ]
    if h.double_generala:
        parts.append(
            "Double Generala" + (" (120 served)" if h.double_generala_served_bonus else "")
        )
    if h.two_pairs:
        parts.append("Two pairs")
    if h.locked_holds:
        parts.append("locked holds")
    parts.append("tie-break round" if h.tie_break else "ties share the win")
    return " · ".join(parts)
