"""The statistics screen's words: its columns, note, titles and figures."""

from __future__ import annotations

from ...i18n import _, decimal, ngettext

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
