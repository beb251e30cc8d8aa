"""The trainer's words: where a position comes from, what is asked, what the choice was worth,
the round's score.
"""

from __future__ import annotations

from textual.content import Content

from ... import words
from ...game import rules
from ...game.model import GameState, HouseRules
from ...i18n import _, decimal, ngettext
from ..vocabulary import BEST_MARGIN, GAME_KEYS, KeyMap, hold_keys, shown_key
from ..widgets.coach_words import shown_best as is_best_shown


def trainer_next_button() -> str:
    return _("Next (Enter)")


def trainer_again_button() -> str:
    return _("Another round (Enter)")


def trainer_score_title() -> str:
    return _("Training score")


def trainer_preparing() -> str:
    return _("Choosing the training positions…")


def trainer_failed(error: str) -> str:
    """The training positions could not be had."""
    return _("The training positions could not be prepared: {error}. Press r to try again.").format(
        error=error
    )


def trainer_topbar(
    number: int,
    count: int,
    from_history: bool,
    state: GameState,
    *,
    name: str = "",
    own: bool = True,
    history: bool = True,
    elsewhere: int = 0,
) -> Content:
    """Which position of the round this is, and where it comes from: ``name``'s decisions
    (``own``: the name typed on setup, so "your"), or a random position (``history``: some
    positions came from the history, else none could; ``elsewhere``: ``name``'s finished
    games under other house rules, which the trainer cannot draw on)."""
    if from_history:
        where = _("one of your costly decisions") if own else _("one of $name's costly decisions")
    elif history:
        where = _("a random position")
    elif elsewhere:
        where = ngettext(
            "a random position ($name's finished game was under other house rules)",
            "a random position ($name's $games finished games were under other house rules)",
            elsewhere,
        )
    elif own:
        where = _("a random position ($name has no finished game in the history yet)")
    else:
        where = _("a random position (no finished game in the history yet)")
    # $where is filled in first: it may hold $name.
    template = _(
        "[b]Training[/b]  position $number of $count: $where, round $round, roll $roll"
    ).replace("$where", where)
    return Content.from_markup(
        template,
        number=str(number),
        count=str(count),
        name=name,
        games=str(elsewhere),
        round=str(state.round),
        roll=str(state.turn.rolls),
    )


def trainer_other_rules(name: str, house_rules: HouseRules, keys: KeyMap = GAME_KEYS) -> Content:
    """Under a random position, when ``name``'s finished games were all under other house
    rules: which rules the trainer uses, and where to choose theirs."""
    return Content.from_markup(
        _(
            "The trainer uses the house rules for new games ($rules): set those of $name's "
            "games on the setup screen ($key)."
        ),
        rules=words.changed_rules(house_rules),
        name=name,
        key=shown_key("setup.house_rules", keys, "ctrl+r"),
    )


def trainer_prompt(state: GameState, name: str, keys: KeyMap = GAME_KEYS) -> Content:
    """What the trainee is asked in a position (naming the player's keys where ``keys`` gives
    some)."""
    if not state.rolls_left:
        rest = _("No rolls left: choose a box (↑↓ and Enter, or click it).")
    elif not rules.can_roll(state):
        rest = _("All five dice are held: release one to roll, or fill a box.")
    else:
        rest = _(
            "What would you do? Hold dice ({hold} or click) and roll ({roll}), or fill a box "
            "(Enter)."
        ).format(hold=hold_keys(keys), roll=shown_key("turn.roll", keys, "r"))
    return Content.from_markup("[b]$name[/b]: $rest", name=name, rest=rest)


def trainer_verdict(
    chosen: str,
    expected: float,
    cost: float,
    best: tuple[str, float],
    next_best: tuple[str, float] | None,
) -> Content:
    """What the trainee's choice was worth, the best choice and the next best.

    The choice is "best" when its total shows as the best one's (to the tenth), as the
    coach's columns say it; one shown lower costs at least 0.1 (148.7 beside a best at 148.8,
    though its ``cost``, kept by the round's sum, may be 0.02).
    """
    best_shown = is_best_shown(expected, best[1])
    if best_shown:
        head = Content.from_markup(
            _("[b $success]Best choice![/] $chosen: $expected expected."),
            chosen=chosen,
            expected=decimal(expected),
        )
    else:
        head = Content.from_markup(
            _("[b $error]Costs $cost[/]: $chosen, $expected expected."),
            cost=decimal(shown_cost(expected, best[1])),
            chosen=chosen,
            expected=decimal(expected),
        )
    lines = [head]
    if not best_shown:
        # The head already names the best choice when it was chosen.
        lines.append(
            Content.from_markup(
                _("Best: [b]$best[/b], $value."), best=best[0], value=decimal(best[1])
            )
        )
    if next_best is not None:
        lines.append(
            Content.from_markup(
                _("Next best: $choice, $value."), choice=next_best[0], value=decimal(next_best[1])
            )
        )
    return Content("\n").join(lines)


def shown_cost(expected: float, best: float) -> float:
    """What a choice costs as the coach's columns say it
    (:func:`~generala_tui.ui.widgets.coach_words.coach_cost_between`): to the tenth, never
    less than 0.1 once its total shows lower than the best's."""
    return max(best - expected, 0.1)


def trainer_score(done: int, best: int, cost: float) -> Content:
    """The running score of a training round."""
    if not done:
        return Content(_("No positions answered yet."))
    return Content.from_markup(
        ngettext(
            "$best of $done best, $cost points given away",
            "$best of $done best, $cost points given away",
            done,
        ),
        best=str(best),
        done=str(done),
        cost=decimal(cost),
    )


def trainer_summary(count: int, best: int, cost: float, worst: tuple[str, float] | None) -> Content:
    """The end of a training round."""
    lines = [
        Content.from_markup(
            ngettext(
                "[b]Round over[/b]: $best of $count best choice, $cost expected points given "
                "away ($each a position).",
                "[b]Round over[/b]: $best of $count best choices, $cost expected points given "
                "away ($each a position).",
                count,
            ),
            best=str(best),
            count=str(count),
            cost=decimal(cost),
            each=decimal(cost / count) if count else decimal(0.0),
        )
    ]
    if worst is not None and worst[1] >= BEST_MARGIN:
        lines.append(
            Content.from_markup(
                _("Your costliest choice: $choice (−$cost)."),
                choice=worst[0],
                cost=decimal(worst[1]),
            )
        )
    lines.append(Content(_("Enter plays another round; Escape closes the trainer.")))
    return Content("\n").join(lines)


def trainer_score_short(done: int, best: int, cost: float) -> Content:
    """The running score of a training round on one narrow line (the points given away
    only once there are some: no negative zero)."""
    if decimal(cost) == decimal(0.0):
        return Content.from_markup(_("Score $best/$done"), best=str(best), done=str(done))
    return Content.from_markup(
        _("Score $best/$done, −$cost"), best=str(best), done=str(done), cost=decimal(cost)
    )


def trainer_played(played: str, cost: float, name: str, own: bool) -> Content:
    """What was played in the game a history position comes from, and what it cost."""
    return Content.from_markup(
        _("In your game you played: $played (cost $cost).")
        if own
        else _("In $name's game: $played (cost $cost)."),
        played=played,
        cost=decimal(cost),
        name=name,
    )
