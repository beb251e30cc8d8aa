"""The history screen's words: its columns, titles and lines, and the words both the history and
the statistics show while they read it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ...game.model import Ending, GameState, printable
from ...i18n import _, ngettext


def reading_history() -> str:
    return _("Reading the history…")


def no_history() -> str:
    return _("No finished games yet: every game played to the end is kept here.")


def history_columns() -> tuple[str, ...]:
    return (_("Finished"), _("Winner"), _("Totals"), _("Won by"))


def ending_words() -> dict[Ending, str]:
    return {
        Ending.POINTS: _("points"),
        Ending.SERVED_GENERALA: _("served Generala"),
        Ending.TIE_BREAK: _("tie-break"),
        Ending.SHARED: _("shared win"),
    }


def history_title(games: int) -> str:
    """The heading of the history."""
    return ngettext(
        "History: {count} game, newest first. Enter or a click shows a game's analysis.",
        "History: {count} games, newest first. Enter or a click shows a game's analysis.",
        games,
    ).format(count=games)


def winner_names(state: GameState) -> str:
    """The winner of a finished game, or its winners when they share the win."""
    return " & ".join(state.players[seat].name for seat in state.winners)


def totals_line(state: GameState) -> str:
    """Every player's total, in seating order: "Ana 231 · Bruno 198"."""
    return " · ".join(f"{player.name} {player.total}" for player in state.players)


def history_warnings(warnings: Sequence[str], folder: Path) -> str:
    """The bad history files in ``folder``, in one short notification: one told as the store
    tells it, more counted (each has set a file aside)."""
    if len(warnings) == 1:
        return warnings[0]
    return ngettext(
        "{count} damaged file of the history in {folder} was set aside (as .bad-…); "
        "its game is left out of the history.",
        "{count} damaged files of the history in {folder} were set aside (as .bad-…); "
        "their games are left out of the history.",
        len(warnings),
    ).format(count=len(warnings), folder=printable(str(folder)))
