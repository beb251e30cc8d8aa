"""The analysis of a game outside the user interface: its words, its text and its JSON.

``generala-tui analyse`` prints what this module builds from a
:class:`~generala_tui.game.strategy.review.GameReview`: every word it prints
is here (for a later translation into catalogs), and so is the shape of the
``--json`` object, documented in docs/analysis.md. Importing this module
imports neither numpy nor the strategy.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from .game.action import Action, ActionKind
from .game.model import Ending, GameState, HouseRules, Phase
from .game.rules import category_name, scoring_options, tie_break_score

if TYPE_CHECKING:
    from .game.strategy.review import DecisionReview, GameReview, PlayerReview, RollReview

__all__ = [
    "ANALYSE_DESCRIPTION",
    "ANALYSE_EPILOG",
    "ANALYSIS_FORMAT",
    "ANALYSIS_VERSION",
    "FILE_HELP",
    "JSON_HELP",
    "action_detail",
    "action_text",
    "analysis_json",
    "analysis_text",
]

ANALYSIS_FORMAT = "generala-tui analysis"
ANALYSIS_VERSION = 1
"""The version of the ``--json`` object; bumped when a key changes meaning or goes."""

# --- the command's help -------------------------------------------------------------

ANALYSE_DESCRIPTION = (
    "Print the analysis of a game record: per player the total, the expected total "
    "at the start, the luck of the dice, the expected points lost to decisions and "
    "a rating of play, then every decision with its cost and the best choice."
)
ANALYSE_EPILOG = (
    "FILE is a game record, the autosaved game or a history file. A file that "
    "can't be read, is not such a file, or holds a game whose record does not "
    "replay gets one line on stderr and exit status 2. docs/analysis.md explains "
    "the figures, the marks and the ratings."
)
FILE_HELP = "the game record to analyse"
JSON_HELP = "print one JSON object (its keys are in docs/analysis.md)"


def failure(message: str) -> str:
    """The one line printed on stderr when the record can't be analysed."""
    return f"generala-tui analyse: {message}"


AS_GOOD_AS_BEST = "="
"""In the best column: the decision was as good as the best choice."""

# --- names of marks and ratings -----------------------------------------------------

DECISION_MARKS = {
    "fine": "fine",
    "doubtful": "doubtful",
    "bad": "bad",
    "very_bad": "very bad",
}
LUCK_MARKS = {
    "very_unlucky": "very unlucky",
    "unlucky": "unlucky",
    "average": "average",
    "lucky": "lucky",
    "very_lucky": "very lucky",
}
RATINGS = {
    "flawless": "flawless",
    "masterly": "masterly",
    "strong": "strong",
    "solid": "solid",
    "casual": "casual",
    "shaky": "shaky",
    "careless": "careless",
    "unrated": "not rated (no decision with a choice)",
}


# --- actions ------------------------------------------------------------------------


def _kept(state: GameState, action: Action) -> list[int]:
    return sorted(state.turn.dice[die] for die in action.held)


def _points(state: GameState, action: Action) -> int:
    if action.kind is ActionKind.SCRATCH or action.category is None:
        return 0
    return scoring_options(state).get(action.category, 0)


def action_detail(state: GameState, action: Action) -> dict[str, Any]:
    """An action taken in ``state`` as JSON: its kind and what it keeps or fills."""
    if action.kind is ActionKind.ROLL:
        return {"kind": "roll", "keep": _kept(state, action)}
    if action.kind is ActionKind.END_TIE_BREAK:
        points = tie_break_score(state.turn.dice, state.house_rules, state.turn.served)
        return {"kind": "end_tie_break", "points": points}
    assert action.category is not None
    detail: dict[str, Any] = {"kind": action.kind.value, "box": action.category.value}
    detail["points"] = _points(state, action)
    return detail


def action_text(state: GameState, action: Action) -> str:
    """An action taken in ``state`` in words: "keep 5 5 5", "Full house 30", "scratch Ones"."""
    if action.kind is ActionKind.ROLL:
        kept = _kept(state, action)
        return "roll all five" if not kept else "keep " + " ".join(map(str, kept))
    if action.kind is ActionKind.END_TIE_BREAK:
        points = tie_break_score(state.turn.dice, state.house_rules, state.turn.served)
        return f"stop at {points}"
    assert action.category is not None
    points = _points(state, action)
    if action.kind is ActionKind.SCRATCH or not points:
        return f"scratch {category_name(action.category)}"
    return f"{category_name(action.category)} {points}"


# --- the game -----------------------------------------------------------------------


def _rules_text(house_rules: HouseRules) -> str:
    defaults = HouseRules().model_dump(mode="json")
    changed = [
        f"{key}={str(value).lower() if isinstance(value, bool) else value}"
        for key, value in house_rules.model_dump(mode="json").items()
        if value != defaults[key]
    ]
    return ", ".join(changed) if changed else "the defaults"


def _outcome(state: GameState) -> str:
    names = [state.players[seat].name for seat in state.winners]
    if state.phase is Phase.PLAYING:
        return f"in progress, round {state.round} of {state.rounds}"
    if state.phase is Phase.TIE_BREAK:
        return "in progress, in a tie-break"
    if state.ending is Ending.SERVED_GENERALA:
        return f"{names[0]} won at once with a served Generala"
    if state.ending is Ending.TIE_BREAK:
        return f"{names[0]} won in a tie-break"
    if state.ending is Ending.SHARED:
        return f"{' and '.join(names)} shared the win"
    return f"{names[0]} won on points"


def _signed(value: float) -> str:
    return f"{value:+.2f}"


def _player_lines(review: PlayerReview) -> list[str]:
    lines = [review.name]
    sums = (
        f"expected at the start {review.expected_start:.2f} {_signed(review.luck)} luck "
        f"- {review.loss:.2f} losses"
    )
    if review.complete:
        lines.append(f"  total {review.total} = {sums}")
    else:
        lines.append(
            f"  expected final total now {review.expected_end:.2f} = {sums} "
            f"(total so far {review.total})"
        )
    rated = sum(1 for d in review.decisions if not d.tie_break and not d.forced)
    if review.mean_cost is None:
        lines.append(f"  rating: {RATINGS[review.rating.value]}")
    else:
        lines.append(
            f"  rating: {RATINGS[review.rating.value]} (mean cost {review.mean_cost:.2f} "
            f"over {rated} decision{'s' if rated != 1 else ''} with a choice)"
        )
    if any(roll.tie_break for roll in review.rolls):
        lines.append(
            f"  tie-break: luck {_signed(review.tie_break_luck)}, "
            f"losses {review.tie_break_loss:.2f} (tie-break points, not in the total)"
        )
    lines.append("  rolls: " + _luck_counts(review.rolls))
    if review.decisions:
        rows = [_decision_cells(decision) for decision in review.decisions]
        header = ("round", "roll", "dice", "done", "best", "cost", "mark")
        widths = [max(len(cells[i]) for cells in [header, *rows]) for i in range(len(header))]
        for cells in [header, *rows]:
            # Numbers to the right, words to the left.
            line = "  ".join(
                cell.rjust(width) if i in (0, 1, 5) else cell.ljust(width)
                for i, (cell, width) in enumerate(zip(cells, widths, strict=True))
            )
            lines.append("  " + line.rstrip())
    else:
        lines.append("  no decisions yet")
    return lines


def _luck_counts(rolls: tuple[RollReview, ...]) -> str:
    if not rolls:
        return "none yet"
    counts = Counter(roll.mark.value for roll in rolls)
    return ", ".join(f"{counts[key]} {name}" for key, name in LUCK_MARKS.items() if counts[key])


def _decision_cells(decision: DecisionReview) -> tuple[str, ...]:
    state = decision.state
    done = action_text(state, decision.action)
    best = AS_GOOD_AS_BEST if decision.cost == 0 else action_text(state, decision.best)
    # Tie-break rounds go on counting after the last round: shown as tb1, tb2...
    where = f"tb{decision.round - state.rounds}" if decision.tie_break else str(decision.round)
    return (
        where,
        str(decision.roll),
        " ".join(map(str, state.turn.dice)),
        done,
        best,
        f"{decision.cost:.2f}",
        DECISION_MARKS[decision.mark.value],
    )


def analysis_text(state: GameState, review: GameReview, source: str) -> str:
    """The readable report ``generala-tui analyse`` prints for the game in ``source``."""
    lines = [
        f"Game record: {source}",
        f"House rules: {_rules_text(state.house_rules)}",
        f"Outcome: {_outcome(state)}",
        "Figures are expected final totals of each player's own column under the optimum;",
        "a decision's cost is what it gave away against the best choice (docs/analysis.md).",
        f"Under best, {AS_GOOD_AS_BEST} marks a decision as good as the best choice; "
        "tb1, tb2... are tie-break rounds.",
    ]
    for player in review.players:
        lines.append("")
        lines += _player_lines(player)
    return "\n".join(lines) + "\n"


def _roll_json(roll: RollReview) -> dict[str, Any]:
    return {
        "move": roll.move,
        "round": roll.round,
        "roll": roll.roll,
        "tie_break": roll.tie_break,
        "held": list(roll.held),
        "dice": list(roll.dice),
        "before": roll.before,
        "after": roll.after,
        "luck": roll.luck,
        "mark": roll.mark.value,
        "won": roll.won,
    }


def _decision_json(decision: DecisionReview) -> dict[str, Any]:
    state = decision.state
    return {
        "move": decision.move,
        "round": decision.round,
        "roll": decision.roll,
        "tie_break": decision.tie_break,
        "dice": list(state.turn.dice),
        "action": action_text(state, decision.action),
        "best": action_text(state, decision.best),
        "action_detail": action_detail(state, decision.action),
        "best_detail": action_detail(state, decision.best),
        "expected": decision.expected,
        "best_expected": decision.best_expected,
        "cost": decision.cost,
        "mark": decision.mark.value,
        "forced": decision.forced,
    }


def _player_json(review: PlayerReview) -> dict[str, Any]:
    return {
        "seat": review.player,
        "name": review.name,
        "total": review.total,
        "complete": review.complete,
        "expected_start": review.expected_start,
        "expected_end": review.expected_end,
        "luck": review.luck,
        "loss": review.loss,
        "rating": review.rating.value,
        "mean_cost": review.mean_cost,
        "tie_break_luck": review.tie_break_luck,
        "tie_break_loss": review.tie_break_loss,
        "decisions": [_decision_json(decision) for decision in review.decisions],
        "rolls": [_roll_json(roll) for roll in review.rolls],
    }


def analysis_json(state: GameState, review: GameReview) -> dict[str, Any]:
    """The ``--json`` object of ``generala-tui analyse`` (its keys: docs/analysis.md)."""
    return {
        "format": ANALYSIS_FORMAT,
        "version": ANALYSIS_VERSION,
        "house_rules": state.house_rules.model_dump(mode="json"),
        "phase": state.phase.value,
        "ending": state.ending.value if state.ending is not None else None,
        "winners": [state.players[seat].name for seat in state.winners],
        "players": [_player_json(player) for player in review.players],
    }
