"""The replay screen's words: its step buttons, where it stands and what each step of the log
did.
"""

from __future__ import annotations

from textual.content import Content

from ...game.model import Filled, GameState, HoldToggled, LogEntry, Phase, Rolled, TieBreakEnded
from ...i18n import _, pgettext
from ..vocabulary import dice_text, key_name
from .turn_words import announcement

FIRST_MARK, BACK_MARK, FORWARD_MARK, LAST_MARK = "«", "◀", "▶", "»"
"""The replay's step buttons' arrows: beside their words, or alone on a narrow screen."""


def replay_first_button() -> str:
    return FIRST_MARK + " " + pgettext("replay", "First")


def replay_back_button() -> str:
    return BACK_MARK + " " + pgettext("replay", "Back")


def replay_forward_button() -> str:
    return pgettext("replay", "Forward") + " " + FORWARD_MARK


def replay_last_button() -> str:
    return pgettext("replay", "Last") + " " + LAST_MARK


def replay_buttons() -> dict[str, tuple[str, str]]:
    """The replay's step buttons by id: each one's words, and its arrow alone for a narrow
    screen."""
    return {
        "replay-first": (replay_first_button(), FIRST_MARK),
        "replay-back": (replay_back_button(), BACK_MARK),
        "replay-forward": (replay_forward_button(), FORWARD_MARK),
        "replay-last": (replay_last_button(), LAST_MARK),
    }


def replay_start() -> str:
    return _("The game before its first roll.")


def replay_topbar(step: int, steps: int, state: GameState, *, short: bool = False) -> Content:
    """Where the replay stands: the step, of how many, and the round (or the tie-break), then
    the keys that step (``short``: without the keys, which the Footer shows too, for a top
    bar that would take a second line)."""
    if state.phase is Phase.TIE_BREAK:
        where = _("tie-break {n}").format(n=len(state.tie_breaks))
    elif state.phase is Phase.OVER and step == steps:
        where = _("game over")
    else:
        where = _("round {n}").format(n=min(state.round, state.rounds))
    if short:
        return Content.from_markup(
            _("[b]Replay[/b]  step $step of $steps · $where"),
            step=str(step),
            steps=str(steps),
            where=where,
        )
    return Content.from_markup(
        _("[b]Replay[/b]  step $step of $steps · $where · ←→ step, $pages a turn"),
        step=str(step),
        steps=str(steps),
        where=where,
        pages=key_name("PgUp/PgDn"),
    )


def replay_step(before: GameState, after: GameState, entry: LogEntry) -> Content:
    """What a step of the log did."""
    name = before.players[entry.seat].name
    if isinstance(entry, Filled | TieBreakEnded):
        return announcement(after, entry)
    if isinstance(entry, HoldToggled):
        template = _("$name holds die $die.") if entry.held else _("$name releases die $die.")
        return Content.from_markup(template, name=name, die=str(entry.die + 1))
    assert isinstance(entry, Rolled)
    kept = [entry.dice[i] for i in entry.held]
    if kept:
        return Content.from_markup(
            _("$name keeps $kept and rolls: [b]$dice[/b]."),
            name=name,
            kept=dice_text(kept),
            dice=dice_text(entry.dice),
        )
    return Content.from_markup(
        _("$name rolls: [b]$dice[/b]."), name=name, dice=dice_text(entry.dice)
    )
