"""The coach's words: its panel's title and headings, an action's short name, what it costs
against the best.

Words are translated when they are read, never at import, so a change of language shows on
the next redraw: each word is a function (``roll_button()``) that looks its message up in the
catalogs each time it is called, each table a function that builds it in the current language.
Screens and widgets write no words of their own (``tests/ui/test_words.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import cell_len

from ...game.action import ActionKind
from ...game.model import GameState
from ...i18n import _, decimal, percent, pgettext
from ..vocabulary import (
    ADVICE_MARK,
    BEST_CHANCE_MARK,
    BEST_MARGIN,
    GAME_KEYS,
    SCRATCH_MARK,
    KeyMap,
    category_label,
    shown_key,
)
from .boxes_words import box_short_name

if TYPE_CHECKING:  # the strategy's tables (and numpy) load when first needed, not for words
    from ...game.strategy import ActionValue


def coach_title() -> str:
    return _("Coach")


def coach_cost(loss: float) -> str:
    """What an action loses against the best one, or "best" (a loss that shows as 0.0)."""
    return _("best") if loss < BEST_MARGIN else f"−{decimal(loss)}"


def shown_tenths(total: float) -> int:
    """An expected total in tenths, as the coach shows it (:func:`~generala_tui.i18n.decimal`
    rounds it to one decimal the same way)."""
    return round(round(total, 1) * 10)


def shown_best(expected: float, best: float) -> bool:
    """Whether an action whose expected total is ``expected`` is shown as "best" beside the
    best action's ``best``: when the two show the same to the tenth (a tie as far as the
    player can see), never when its total shows lower (148.7 beside 148.8 is not best)."""
    return shown_tenths(expected) >= shown_tenths(best)


def coach_cost_between(expected: float, best: float, *, the_best: bool = True) -> str:
    """What an action loses against the best one: "best" when their totals show the same
    (to the tenth), else the loss to the tenth and never less than 0.1, so that a total shown
    lower than the best's never reads "best" nor a loss of 0.0 (148.7 beside 148.8 loses 0.1, though
    the loss itself may be 0.02). An action that is not the best itself (``the_best`` off) but
    shows the same total is "tied": a list with "best" twice read as two advices."""
    if shown_best(expected, best):
        return _("best") if the_best else pgettext("coach cost", "tied")
    return f"−{decimal(max(best - expected, 0.1))}"


def shown_chance(chance: float) -> int:
    """A win chance in tenths of a percent, as the coach shows it (:func:`coach_chance`)."""
    return round(round(chance, 3) * 1000)


def shown_best_chance(chance: float, best: float) -> bool:
    """Whether a win chance is shown as the best beside the best one's ``best``: the twin of
    :func:`shown_best` for chances, equal to the tenth of a percent shown."""
    return shown_chance(chance) >= shown_chance(best)


def coach_chance(chance: float, *, whole: bool = False) -> str:
    """A win chance in the coach's column, to a tenth of a percent ("43.2%", "43,2 %"), or
    ``whole`` ("43%"); a certain win or loss whole ("100%", "0%")."""
    if shown_chance(chance) in (0, 1000):
        return percent(round(chance))
    if whole:
        return percent(chance)
    return percent(chance, 1)


def coach_win_advice(chance: float) -> str:
    """The win chance on the coach's one line, a whole percent: "win 43%"."""
    return _("win {chance}").format(chance=percent(chance))


def coach_ranked_heading(by_chance: bool, keys: KeyMap = GAME_KEYS) -> str:
    """The coach's first line beside its win chances: which measure ranks its list, and the
    key that switches it (the player's own where ``keys`` gives one)."""
    key = shown_key("turn.coach_ranking", keys, "k")
    if by_chance:
        return _("By win chance ({key})\n").format(key=key)
    return _("By final total ({key})\n").format(key=key)


def coach_columns() -> tuple[str, str]:
    """The headings of the coach's two numbers, where they fit: the expected final total and
    the chance of winning."""
    return pgettext("coach column", "Total"), pgettext("coach column", "Win")


def coach_win_tooltip() -> str:
    """The assumption behind the coach's win chances, said once (its tooltip)."""
    return _(
        "Win: the chance of winning after this choice, if everyone plays like the expert "
        "from here on. Total: the expected final total. {total} marks the best total, "
        "{chance} the best chance; k ranks the list by one or the other."
    ).format(total=ADVICE_MARK, chance=BEST_CHANCE_MARK)


def action_label(value: ActionValue, state: GameState, *, short: bool = False) -> str:
    """A short name for an action, for the coach's narrow panel: a keep is its dice
    (``short``: a box by its short name, :func:`~.boxes_words.box_short_name`)."""
    action = value.action
    if action.kind is ActionKind.ROLL:
        if not state.turn.rolls:
            return pgettext("action", "Roll")
        return "[" + " ".join(str(v) for v in value.kept) + "]" if value.kept else _("Reroll all")
    if action.kind is ActionKind.END_TIE_BREAK:
        return _("End turn")
    assert action.category is not None
    name = box_short_name(action.category) if short else category_label(action.category)
    if action.kind is ActionKind.SCRATCH or not value.points:
        return f"{SCRATCH_MARK} {name}"
    return f"{name} {value.points}"


def keep_label(value: ActionValue, state: GameState, room: int) -> str:
    """A keep's name in the coach's rows, in ``room`` cells where it can: its dice, or
    "Reroll all", said "none" (kept) where that does not fit (the rows are headed "Keep
    and roll:")."""
    label = action_label(value, state)
    if cell_len(label) > room and state.turn.rolls and not value.kept:
        return pgettext("keep, short", "none")
    return label


def coach_keep(label: str) -> str:
    """The coach's advice to keep dice and roll: "Keep [5 5]"."""
    return _("Keep {dice}").format(dice=label)


def coach_keep_and_roll(label: str) -> str:
    """The coach's advice on one line, where its panel does not show: "Keep [5 5] and roll"."""
    return _("Keep {dice} and roll").format(dice=label)


def coach_advice(advice: str) -> str:
    """The coach's advice on one line, named: "Coach: Keep [5 5] and roll"."""
    return _("Coach: {advice}").format(advice=advice)


def coach_working() -> str:
    """Before the coach's progress figure."""
    return _("Working out the best\nplay… ")


def coach_nothing_to_decide() -> str:
    return _("Nothing to decide.")


def coach_total_heading() -> str:
    return _("Expected final total\n")


def coach_tie_break_heading() -> str:
    return _("Expected tie-break\n")


def coach_no_rolls() -> str:
    return _("No rolls left:\neach box shows its value.")


def coach_keeps_heading() -> str:
    return _("Keep and roll:\n")


def coach_progress(done: float) -> str:
    """How far the coach's tables have come, after :func:`coach_working`."""
    return f"{percent(done)}\n"


def coach_failed(error: str) -> str:
    """The coach's panel when the strategy could not be computed."""
    return _("The coach can't work: {error}\nPress h twice to try again.").format(error=error)


def coach_computer(name: str) -> str:
    """The coach's panel during a computer player's turn (a plain string: never markup)."""
    return _("{name} is a computer player.").format(name=name)
