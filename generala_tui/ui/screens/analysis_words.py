"""The analysis screen's words: the review's summary, its tables' columns, the marks of
decisions and luck, an opened decision.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from textual.content import Content

from ... import words
from ...game.marks import DecisionMark, LuckMark, Rating
from ...i18n import NP_, _, decimal, genitive, ngettext, percent, pgettext
from ..vocabulary import (
    COSTLY_MARK,
    GAME_KEYS,
    LUCKY_MARK,
    UNLUCKY_MARK,
    KeyMap,
    describe_action,
    dice_text,
    shown_key,
)

if TYPE_CHECKING:  # the strategy's tables (and numpy) load when first needed, not for words
    from ...game.strategy import Decision, PlayerAnalysis
    from ...game.strategy.review import GameReview


def analysis_failed(error: str, keys: KeyMap = GAME_KEYS) -> str:
    """Shown on the analysis screen when the analysis could not be made."""
    return _("The game could not be analysed: {error}\nPress {key} to try again.").format(
        error=error, key=shown_key("analysis.retry", keys, "r")
    )


def analysis_title() -> str:
    """The analysis's heading (markup)."""
    return _(
        "[b]Game analysis[/b]: expected points each player's decisions gave away "
        "against the optimal strategy."
    )


def analysing() -> str:
    return _("Analysing the game…")


def decision_text(decision: Decision) -> Content:
    """One costly decision: the position, what was played, what the optimum would have done."""
    state = decision.state
    return Content.from_markup(
        _("  Round $round, roll $roll ($dice): [b]$played[/b], [$error]−$loss[/]\n    best: $best"),
        round=str(decision.round),
        roll=str(state.turn.rolls),
        dice=dice_text(state.turn.dice),
        played=describe_action(decision.action, state.turn.dice),
        loss=decimal(decision.loss),
        best=describe_action(decision.best, state.turn.dice),
    )


def analysis_text(analyses: Sequence[PlayerAnalysis]) -> Content:
    """Every player's expected points lost, and their three costliest decisions."""
    blocks: list[Content] = []
    for analysis in analyses:
        header = Content.from_markup(
            ngettext(
                "[b]$name[/b]: $loss expected points lost over $count decision",
                "[b]$name[/b]: $loss expected points lost over $count decisions",
                analysis.decisions,
            ),
            name=analysis.name,
            loss=decimal(analysis.total_loss),
            count=str(analysis.decisions),
        )
        lines = [header]
        if analysis.costliest:
            lines += [decision_text(decision) for decision in analysis.costliest]
        else:
            lines.append(Content("  " + _("Every decision was optimal.")))
        blocks.append(Content("\n").join(lines))
    if not blocks:
        return Content(_("No decisions to analyse in this game."))
    return Content("\n\n").join(blocks)


def analysis_players_columns() -> tuple[str, ...]:
    return (_("Player"), _("Total"), _("Expected at start"), _("Luck"), _("Lost"), _("Rating"))


def analysis_decisions_columns() -> tuple[str, ...]:
    return (
        pgettext("column", "Round"),
        pgettext("column", "Roll"),
        _("Dice"),
        _("Played"),
        _("Expected"),
        _("Cost"),
        _("Mark"),
    )


def analysis_open_hint() -> str:
    return _("Enter or a click on a decision opens it.")


def no_decisions() -> str:
    return _("No decision with a choice in it.")


def rating_words() -> dict[Rating, str]:
    return {
        Rating.FLAWLESS: _("flawless"),
        Rating.MASTERLY: _("masterly"),
        Rating.STRONG: _("strong"),
        Rating.SOLID: _("solid"),
        Rating.CASUAL: _("casual"),
        Rating.SHAKY: _("shaky"),
        Rating.CARELESS: _("careless"),
        Rating.UNRATED: _("unrated"),
    }


def decision_mark_words() -> dict[DecisionMark, str]:
    """A decision's mark, with GNU Backgammon's signs so it reads without colour."""
    return {
        DecisionMark.FINE: "",
        DecisionMark.DOUBTFUL: "?! " + _("doubtful"),
        DecisionMark.BAD: "? " + _("bad"),
        DecisionMark.VERY_BAD: "?? " + _("very bad"),
    }


def luck_mark_words() -> dict[LuckMark, str]:
    return {
        LuckMark.VERY_UNLUCKY: _("very unlucky"),
        LuckMark.UNLUCKY: _("unlucky"),
        LuckMark.AVERAGE: _("average"),
        LuckMark.LUCKY: _("lucky"),
        LuckMark.VERY_LUCKY: _("very lucky"),
    }


def signed(value: float) -> str:
    """A figure with its sign, a minus sign for a negative one."""
    return f"+{decimal(value)}" if value >= 0 else f"−{decimal(-value)}"


def _short(value: float) -> str:
    """A threshold as short as it can be written: "10", "2,5"."""
    return decimal(value, 0) if float(value).is_integer() else decimal(value, 1)


def review_summary(review: GameReview) -> Content:
    """One line a player: what their decisions lost, and their luck."""
    lines = []
    for player in review.players:
        count = sum(1 for d in player.decisions if not d.tie_break)
        lines.append(
            Content.from_markup(
                ngettext(
                    "[b]$name[/b]: $loss expected points lost over $count decision, luck $luck; "
                    "$rating.",
                    "[b]$name[/b]: $loss expected points lost over $count decisions, luck $luck; "
                    "$rating.",
                    count,
                ),
                name=player.name,
                loss=decimal(player.loss),
                count=str(count),
                luck=signed(player.luck),
                rating=rating_words()[player.rating],
            )
        )
        if player.taken_back:
            lines.append(
                Content(
                    ngettext(
                        "  {count} fill made again after a take-back (the computers' turns "
                        "after it seen).",
                        "  {count} fills made again after a take-back (the computers' turns "
                        "after them seen).",
                        player.taken_back,
                    ).format(count=player.taken_back)
                )
            )
    if not lines:
        return Content(_("No decisions to analyse in this game."))
    return Content("\n").join(lines)


def chart_legend(lucky: float, unlucky: float, costly: float) -> Content:
    """What the chart's line and marks mean (by shape, not only by colour)."""
    return Content.from_markup(
        _(
            "Line: expected final total after each roll and decision.  "
            "[b $success]$up[/] roll of luck $lucky or more  [b $warning]$down[/] $unlucky or "
            "less  [b $error]$cross[/] decision costing $costly or more"
        ),
        up=LUCKY_MARK,
        down=UNLUCKY_MARK,
        cross=COSTLY_MARK,
        lucky=f"+{_short(lucky)}",
        unlucky=f"−{_short(-unlucky)}",
        costly=_short(costly),
    )


def decision_heading(
    name: str,
    round_: int,
    roll: int,
    mark: DecisionMark,
    cost: float,
    rounds: int = 0,
    *,
    taken_back: bool = False,
) -> Content:
    """The heading of an opened decision (a round past ``rounds`` is a tie-break round;
    ``taken_back``: the fill was made again after a take-back, which the heading says)."""
    mark_words = decision_mark_words()[mark] or _("fine")
    tie_break = rounds and round_ > rounds
    where = (
        _("tie-break round {n}").format(n=round_ - rounds)
        if tie_break
        else _("round {n}").format(n=round_)
    )
    heading = Content.from_markup(
        _("[b]$name[/b], $round, after roll $roll: $mark (cost $cost)"),
        name=name,
        round=where,
        roll=str(roll),
        mark=mark_words,
        cost=decimal(cost),
    )
    if not taken_back:
        return heading
    return Content("\n").join([heading, Content(taken_back_note())])


def taken_back_note() -> str:
    """Said of a fill made again after a take-back (game/model.py's TakeBack)."""
    return _(
        "Filled again: the first fill was taken back with the computers' turns after it, "
        "which had been seen."
    )


def decision_choices(
    played: tuple[str, float], best: tuple[str, float], next_best: tuple[str, float] | None
) -> Content:
    """What was played, the best and the next best choice, with their expected totals."""
    lines = [
        Content.from_markup(
            _("Played: [b]$choice[/b], $value expected."),
            choice=played[0],
            value=decimal(played[1]),
        ),
        Content.from_markup(
            _("Best: [b]$choice[/b], $value."), choice=best[0], value=decimal(best[1])
        ),
    ]
    if next_best is not None:
        lines.append(
            Content.from_markup(
                _("Next best: $choice, $value."), choice=next_best[0], value=decimal(next_best[1])
            )
        )
    return Content("\n").join(lines)


def analysis_short_title() -> str:
    """The analysis's heading once the review is shown (markup)."""
    return _("[b]Game analysis[/b]: luck, and decisions against the optimal strategy")


def analysis_end_column() -> str:
    return _("Expected at end")


def analysis_incomplete_note() -> str:
    return _(
        "Not every box is filled (a served Generala won, or the game stopped), so Total is not "
        "the sum: Expected at end = Expected at start + Luck − Lost."
    )


def analysis_tie_break_hint() -> str:
    return _("{first}, {second}…: tie-break rounds (their points are not in the total).").format(
        first=words.tie_break_round(1), second=words.tie_break_round(2)
    )


def decision_round(round_: int, rounds: int) -> str:
    """A decision's round as the analysis lists it: tie-break rounds as tb1, tb2..."""
    return words.tie_break_round(round_ - rounds) if round_ > rounds else str(round_)


WIN_CHART_KEY = NP_("key", "Wins/points")
"""The Footer's word for the key between the win-chance chart and the points chart."""


def signed_percent(fraction: float) -> str:
    """A change of win chance with its sign (a minus sign below 0), to a tenth of a percent:
    one that rounds to nothing is "+0.0%", as the command line says it (not "+-0.0%")."""
    shown = abs(round(fraction, 3))
    return f"+{percent(shown, 1)}" if round(fraction, 3) >= 0 else f"−{percent(shown, 1)}"


def analysis_chances_note() -> str:
    """Over the win-chance table: what the chances assume, and how its columns add up."""
    return _("Chances of winning, if everyone plays like the expert from each step on:")


def analysis_chances_columns(over: bool) -> tuple[str, ...]:
    """The win-chance table's columns (``over``: the game is over, the end is its result)."""
    return (
        _("Player"),
        _("At start"),
        _("Luck"),
        _("Own decisions"),
        _("Others' decisions"),
        _("Result") if over else _("Now"),
    )


def win_chart_legend(name: str, count: int) -> Content:
    """Under the win-chance chart: its lines, and whose turning points its numbers are."""
    if not count:
        return Content.from_markup(
            _("Lines: each player's chance of winning after every roll and decision.")
        )
    return Content.from_markup(
        _(
            "Lines: each player's chance of winning after every roll and decision. "
            "[b]1[/b]–[b]$last[/b]: the steps that moved $whose chance most:"
        ),
        last=str(count),
        whose=genitive(name),
    )


def turning_point(
    number: int,
    name: str,
    round_: int,
    rounds: int,
    change: float,
    dice: tuple[int, ...] | None = None,
    action: str | None = None,
) -> Content:
    """One turning point: where, who, what happened (a roll's ``dice``, or the ``action``
    decided) and what it did to the chance of the player shown."""
    where = (
        _("Tie-break round {n}").format(n=round_ - rounds)
        if rounds and round_ > rounds
        else _("Round {n}").format(n=round_)
    )
    if dice is not None:
        return Content.from_markup(
            _("[b]$number[/b]  $where · $name rolled $dice: [b]$change[/b]"),
            number=str(number),
            where=where,
            name=name,
            dice=dice_text(dice),
            change=signed_percent(change),
        )
    return Content.from_markup(
        _("[b]$number[/b]  $where · $name: $action, [b]$change[/b]"),
        number=str(number),
        where=where,
        name=name,
        action=action or "",
        change=signed_percent(change),
    )
