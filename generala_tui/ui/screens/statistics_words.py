"""The statistics screen's words: its columns, note, titles and figures, and the hall of
fame's."""

from __future__ import annotations

from collections.abc import Sequence

from ... import words
from ...game.model import HouseRules
from ...i18n import _, decimal, ngettext
from ..vocabulary import COMPUTER_MARK

NOT_ANALYSED = "–"
"""In the statistics, a figure there is nothing to compute from."""


def statistics_columns() -> tuple[str, ...]:
    return (
        _("Player"),
        _("Games"),
        _("Wins"),
        _("Best"),
        _("Average"),
        _("Worst"),
        _("Generalas"),
        _("Auto wins"),
        _("Lost/game"),
    )


def chart_columns() -> tuple[str, ...]:
    return (_("Player"), _("Totals, oldest first"), _("Last"))


def statistics_note() -> str:
    return _(
        "Best, average and worst leave out games won at once by a served Generala. "
        "Generalas: games with points in the Generala box, or won by a served one. "
        "Auto wins: games won at once by a served Generala. "
        "Lost/game: the expected points a player's decisions gave away per analysed game "
        "({none}: none analysed)."
    ).format(none=NOT_ANALYSED)


def statistics_title(games: int) -> str:
    """The heading of the statistics."""
    return ngettext("Statistics of {count} game", "Statistics of {count} games", games).format(
        count=games
    )


def chart_title(top: int) -> str:
    """The heading of the charts of every player's last totals."""
    return _(
        "Totals in each player's last games, oldest first (a full bar is {top} points)"
    ).format(top=top)


def figure(value: float | None, digits: int) -> str:
    """A figure of the statistics, as the language writes numbers (NOT_ANALYSED for none)."""
    return NOT_ANALYSED if value is None else decimal(value, digits)


def fame_title(rules: str, number: int, count: int) -> str:
    """The hall of fame's heading: the rules of the list shown (``rules``), and which of the
    ``count`` lists it is."""
    if count == 1:
        return _("Hall of fame: {rules}").format(rules=rules)
    return _("Hall of fame: {rules} ({number}/{count}, r: other rules)").format(
        rules=rules, number=number, count=count
    )


def no_fame() -> str:
    """The hall of fame of a history whose every game was won at once by a served Generala."""
    return _("Hall of fame: no game played to the end yet.")


def rules_name(preset: str | None, house_rules: HouseRules) -> str:
    """A set of house rules by its preset's name (``preset``, its message id), else by the
    rules that differ from the defaults."""
    return _(preset) if preset is not None else words.changed_rules(house_rules)


def fame_columns() -> tuple[str, ...]:
    return ("#", _("Total"), _("Player"), _("Date"), _("With"))


def computer(name: str, is_computer: bool) -> str:
    """A player's name, marked when a computer played."""
    return f"{name} {COMPUTER_MARK}" if is_computer else name


OTHERS_NAMED = 3
"""Up to this many other players are named; more are counted."""


def others(players: Sequence[tuple[str, bool]]) -> str:
    """The others at the table (each a name, and whether a computer): named when a few,
    else the table's size."""
    if not players:
        return _("alone")
    if len(players) > OTHERS_NAMED:
        return ngettext("{count} at the table", "{count} at the table", len(players) + 1).format(
            count=len(players) + 1
        )
    return ", ".join(computer(name, is_computer) for name, is_computer in players)


def fame_note(games: int) -> str:
    return ngettext(
        "The best totals of {count} game played to the end under these rules "
        "({computer}: a computer's); games won at once by a served Generala are left out.",
        "The best totals of {count} games played to the end under these rules "
        "({computer}: a computer's); games won at once by a served Generala are left out.",
        games,
    ).format(count=games, computer=COMPUTER_MARK)
