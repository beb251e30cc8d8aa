"""The analysis of a game outside the user interface: its words, its text and its JSON.

``generala-tui analyse`` prints what this module builds from a
:class:`~generala_tui.game.strategy.review.GameReview`: every word it prints
is here, through the translation catalogs (:mod:`generala_tui.i18n`), and so is
the shape of the ``--json`` object, documented in docs/analysis.md (``generala-tui docs
analysis`` prints it), whose values stay in English whatever the language (a program reads
them). Importing this module imports neither numpy nor the strategy.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..game.action import Action, ActionKind
from ..game.model import Category, Ending, GameState, HouseRules, Phase, shows
from ..game.rules import category_name, scoring_options, tie_break_score
from ..i18n import N_, _, decimal, ngettext, percent
from ..words import category_label, tie_break_round
from .arguments import languages
from .documents import command as document_command
from .output import failure as failure_line
from .output import shown, table

if TYPE_CHECKING:
    from ..game.strategy.review import DecisionReview, GameReview, PlayerReview, RollReview

__all__ = [
    "ANALYSIS_FORMAT",
    "ANALYSIS_VERSION",
    "action_detail",
    "action_text",
    "analysis_json",
    "analysis_json_text",
    "analysis_text",
    "description",
    "epilog",
    "file_help",
    "json_help",
]

ANALYSIS_FORMAT = "generala-tui analysis"
ANALYSIS_VERSION = 1
"""The version of the ``--json`` object; bumped when a key changes meaning or goes."""

# --- the command's help -------------------------------------------------------------


def description() -> str:
    """The command's description in its help."""
    return _(
        "Print the analysis of a game record: per player the total, the expected total "
        "at the start, the luck of the dice, the expected points lost to decisions and "
        "a rating of play, then every decision with its cost and the best choice."
    )


def epilog() -> str:
    """The end of the command's help."""
    return _(
        "FILE is a game record, the autosaved game or a history file. A file that "
        "can't be read, is not such a file, or holds a game whose record does not "
        'replay gets one line on stderr and exit status 2. The README\'s "Luck and skill" '
        "(installed with the game, as the description in the package's metadata) explains "
        "the figures, the marks and the ratings; {docs} defines them and the JSON's keys."
    ).format(docs=document_command("analysis"))


def file_help() -> str:
    return _("the game record to analyse")


def json_help() -> str:
    return _("print one JSON object (its keys: {docs})").format(docs=document_command("analysis"))


def lang_help() -> str:
    return _("the language of the report ({languages}); the JSON stays in English").format(
        languages=languages()
    )


def failure(message: str) -> str:
    """The one line printed on stderr when the record can't be analysed (its words from
    outside, the file's name, escaped: :func:`generala_tui.commands.output.shown`)."""
    return failure_line(message, "analyse")


AS_GOOD_AS_BEST = "="
"""In the best column: the decision was as good as the best choice."""

# --- names of marks and ratings -----------------------------------------------------

# Message ids: the report translates them as it prints them.
DECISION_MARKS = {
    "fine": N_("fine"),
    "doubtful": N_("doubtful"),
    "bad": N_("bad"),
    "very_bad": N_("very bad"),
}
LUCK_MARKS = {
    "very_unlucky": N_("very unlucky"),
    "unlucky": N_("unlucky"),
    "average": N_("average"),
    "lucky": N_("lucky"),
    "very_lucky": N_("very lucky"),
}
RATINGS = {
    "flawless": N_("flawless"),
    "masterly": N_("masterly"),
    "strong": N_("strong"),
    "solid": N_("solid"),
    "casual": N_("casual"),
    "shaky": N_("shaky"),
    "careless": N_("careless"),
    "unrated": N_("not rated (no decision with a choice)"),
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


def _english(message: str) -> str:
    return message


def _box(category: Category) -> str:
    """A box's name in the current language."""
    return category_label(category)


def action_text(
    state: GameState,
    action: Action,
    words: Callable[[str], str] = _english,
    box: Callable[[Category], str] = category_name,
) -> str:
    """An action taken in ``state`` in words: "keep 5 5 5", "Full house 30", "scratch Ones"
    (in English, as the JSON says it; the report passes the current language's ``words``
    and ``box`` names)."""
    if action.kind is ActionKind.ROLL:
        kept = _kept(state, action)
        if not kept:
            return words(N_("roll all five"))
        return words(N_("keep {dice}")).format(dice=" ".join(map(str, kept)))
    if action.kind is ActionKind.END_TIE_BREAK:
        points = tie_break_score(state.turn.dice, state.house_rules, state.turn.served)
        return words(N_("stop at {points}")).format(points=points)
    assert action.category is not None
    points = _points(state, action)
    if action.kind is ActionKind.SCRATCH or not points:
        return words(N_("scratch {box}")).format(box=box(action.category))
    return f"{box(action.category)} {points}"


def _said(state: GameState, action: Action) -> str:
    """An action in the current language, for the printed report."""
    return action_text(state, action, _, _box)


# --- the game -----------------------------------------------------------------------


def _rules_text(house_rules: HouseRules) -> str:
    from ..words import changed_rules

    return changed_rules(house_rules)


def _outcome(state: GameState) -> str:
    names = [state.players[seat].name for seat in state.winners]
    if state.phase is Phase.PLAYING:
        return _("in progress, round {round} of {rounds}").format(
            round=state.round, rounds=state.rounds
        )
    if state.phase is Phase.TIE_BREAK:
        return _("in progress, in a tie-break")
    if state.ending is Ending.SERVED_GENERALA:
        return _("{name} won at once with a served Generala").format(name=names[0])
    if state.ending is Ending.TIE_BREAK:
        return _("{name} won in a tie-break").format(name=names[0])
    if state.ending is Ending.SHARED:
        return _("{names} shared the win").format(names=_and(names))
    return _("{name} won on points").format(name=names[0])


def _and(names: list[str]) -> str:
    if len(names) < 2:
        return "".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def _figure(value: float) -> str:
    return decimal(value, 2)


def _signed(value: float) -> str:
    return ("+" if value >= 0 else "") + decimal(value, 2)


def _signed_percent(fraction: float) -> str:
    """A change of win chance with its sign, to a tenth of a percent: "+12.3%", "-0.4%"."""
    shown_value = round(fraction, 3)
    return ("+" if shown_value >= 0 else "-") + percent(abs(shown_value), 1)


def _chance_line(review: PlayerReview) -> str | None:
    """The win-chance identity in numbers, or None without win chances."""
    if (
        review.chance_start is None
        or review.chance_end is None
        or review.chance_luck is None
        or review.chance_skill is None
        or review.chance_others is None
    ):
        return None
    return _(
        "win chance {end} = {start} at the start {luck} luck {skill} own decisions "
        "{others} others' decisions"
    ).format(
        end=percent(review.chance_end, 1),
        start=percent(review.chance_start, 1),
        luck=_signed_percent(review.chance_luck),
        skill=_signed_percent(review.chance_skill),
        others=_signed_percent(review.chance_others),
    )


def _player_lines(review: PlayerReview, seats: int = 2) -> list[str]:
    lines = [review.name]
    sums = _("expected at the start {start} {luck} luck - {loss} losses").format(
        start=_figure(review.expected_start),
        luck=_signed(review.luck),
        loss=_figure(review.loss),
    )
    if review.complete:
        lines.append("  " + _("total {total} = {sums}").format(total=review.total, sums=sums))
    else:
        lines.append(
            "  "
            + _("expected final total now {expected} = {sums} (total so far {total})").format(
                expected=_figure(review.expected_end), sums=sums, total=review.total
            )
        )
    chance = _chance_line(review) if seats > 1 else None
    if chance is not None:
        lines.append("  " + chance)
    rated = sum(1 for d in review.decisions if not d.tie_break and not d.forced)
    rating = _(RATINGS[review.rating.value])
    if review.mean_cost is None:
        lines.append("  " + _("rating: {rating}").format(rating=rating))
    else:
        lines.append(
            "  "
            + ngettext(
                "rating: {rating} (mean cost {cost} over {count} decision with a choice)",
                "rating: {rating} (mean cost {cost} over {count} decisions with a choice)",
                rated,
            ).format(rating=rating, cost=_figure(review.mean_cost), count=rated)
        )
    if any(roll.tie_break for roll in review.rolls):
        lines.append(
            "  "
            + _(
                "tie-break: luck {luck}, losses {loss} (tie-break points, not in the total)"
            ).format(luck=_signed(review.tie_break_luck), loss=_figure(review.tie_break_loss))
        )
    if review.taken_back:
        lines.append(
            "  "
            + ngettext(
                "{count} fill made again after a take-back (the computers' turns after it seen)",
                "{count} fills made again after a take-back (the computers' turns after them seen)",
                review.taken_back,
            ).format(count=review.taken_back)
        )
    lines.append("  " + _("rolls: {counts}").format(counts=_luck_counts(review.rolls)))
    if review.decisions:
        rows = [_decision_cells(decision) for decision in review.decisions]
        header = (
            _("round"),
            _("roll"),
            _("dice"),
            _("done"),
            _("best"),
            _("cost"),
            _("mark"),
        )
        # Numbers to the right, words to the left.
        lines += ["  " + line for line in table(header, rows, right={0, 1, 5})]
    else:
        lines.append("  " + _("no decisions yet"))
    return lines


def _luck_counts(rolls: tuple[RollReview, ...]) -> str:
    if not rolls:
        return _("none yet")
    counts = Counter(roll.mark.value for roll in rolls)
    return ", ".join(_luck_count(key, counts[key]) for key in LUCK_MARKS if counts[key])


def _luck_count(mark: str, count: int) -> str:
    """How many rolls had a luck mark ("21 average"), the mark agreeing with the count (Spanish
    "1 normal", "21 normales")."""
    forms = {
        "very_unlucky": lambda: ngettext("{count} very unlucky", "{count} very unlucky", count),
        "unlucky": lambda: ngettext("{count} unlucky", "{count} unlucky", count),
        "average": lambda: ngettext("{count} average", "{count} average", count),
        "lucky": lambda: ngettext("{count} lucky", "{count} lucky", count),
        "very_lucky": lambda: ngettext("{count} very lucky", "{count} very lucky", count),
    }
    return forms[mark]().format(count=count)


def _decision_cells(decision: DecisionReview) -> tuple[str, ...]:
    state = decision.state
    done = _said(state, decision.action)
    best = AS_GOOD_AS_BEST if decision.cost == 0 else _said(state, decision.best)
    # Tie-break rounds go on counting after the last round: shown as tb1, tb2...
    where = str(decision.round)
    if decision.tie_break:
        where = tie_break_round(decision.round - state.rounds)
    return (
        where,
        str(decision.roll),
        " ".join(map(str, state.turn.dice)),
        done,
        best,
        _figure(decision.cost),
        _(DECISION_MARKS[decision.mark.value]),
    )


def analysis_text(state: GameState, review: GameReview, source: str) -> str:
    """The readable report ``generala-tui analyse`` prints for the game in ``source``."""
    lines = [
        _("Game record: {source}").format(source=shown(source)),
        _("House rules: {rules}").format(rules=_rules_text(state.house_rules)),
        _("Outcome: {outcome}").format(outcome=_outcome(state)),
        _("Figures are expected final totals of each player's own column under the optimum;"),
        _("a decision's cost is what it gave away against the best choice ({docs}).").format(
            docs=document_command("analysis")
        ),
        _(
            "Under best, {same} marks a decision as good as the best choice; "
            "{first}, {second}... are tie-break rounds."
        ).format(same=AS_GOOD_AS_BEST, first=tie_break_round(1), second=tie_break_round(2)),
    ]
    if len(review.players) > 1 and review.has_chances:
        lines.append(
            _(
                "Win chances are exact, a shared win split evenly, if every player plays like "
                "the expert from each position on."
            )
        )
    for player in review.players:
        lines.append("")
        lines += _player_lines(player, len(review.players))
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
        "chances_before": _chances(roll.chances_before),
        "chances_after": _chances(roll.chances_after),
    }


def _chances(chances: tuple[float, ...] | None) -> list[float] | None:
    return None if chances is None else list(chances)


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
        "taken_back": decision.taken_back,
        "chances_before": _chances(decision.chances_before),
        "chances_after": _chances(decision.chances_after),
        "best_chance": decision.best_chance,
        "chance_cost": decision.chance_cost,
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
        "taken_back": review.taken_back,
        "chance_start": review.chance_start,
        "chance_end": review.chance_end,
        "chance_luck": review.chance_luck,
        "chance_skill": review.chance_skill,
        "chance_others": review.chance_others,
        "chance_cost": review.chance_cost,
        "decisions": [_decision_json(decision) for decision in review.decisions],
        "rolls": [_roll_json(roll) for roll in review.rolls],
    }


def analysis_json_text(analysis: dict[str, Any]) -> str:
    """The ``--json`` object as printed: indented JSON, its non-ASCII letters as they are
    ("José"), but every character a terminal would not show as itself (a control, C1, a bidi
    override) escaped as JSON escapes it (``\\u202e``), so the text is still the same JSON."""
    lines = json.dumps(analysis, indent=2, ensure_ascii=False).split("\n")
    # json.dumps writes a line break inside a string as \n: each one here is between lines.
    return "\n".join(line if shows(line) else _json_escaped(line) for line in lines) + "\n"


def _json_escaped(line: str) -> str:
    return "".join(char if shows(char) else _json_escape(char) for char in line)


def _json_escape(char: str) -> str:
    code = ord(char)
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000  # beyond the Basic Multilingual Plane: a surrogate pair, as JSON writes it
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


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
