"""What the lobby screen says (ui/screens/lobby.py)."""

from __future__ import annotations

from ... import words
from ...game.refusals import printable
from ...i18n import _, date_time, decimal, genitive, ngettext, pgettext
from ...online.protocol import GameSummary, Leader, SeatSummary, TableSummary
from ..vocabulary import GAME_KEYS, KeyMap, shown_key


def title(server: str) -> str:
    return _("Tables at {server}").format(server=printable(server))


def title_as(server: str, name: str) -> str:
    """The lobby's title once the server knows this player by ``name``."""
    return _("Tables at {server} · you are {name}").format(
        server=printable(server), name=printable(name)
    )


def ask_name() -> str:
    return _("Your name on this server (every seat you take here is under it), then Enter:")


def name_placeholder() -> str:
    return _("your name")


def naming() -> str:
    return _("Keeping your name…")


def entering() -> str:
    return _("Entering the lobby…")


def reconnecting() -> str:
    return _("The connection to the lobby was lost: reconnecting…")


def no_tables(may_open: bool, keys: KeyMap = GAME_KEYS) -> str:
    if may_open:
        return _(
            "No table is open here yet: press {key} to open one with the players set up."
        ).format(key=shown_key("lobby.open_table", keys, "o"))
    return _("No table is open here yet: this server's host opens them.")


def count(tables: int) -> str:
    return ngettext("{count} table open", "{count} tables open", tables).format(count=tables)


def columns() -> tuple[str, ...]:
    return (
        _("Code"),
        _("Players"),
        pgettext("seats", "Free"),
        _("Round"),
        _("Rules"),
        _("Watching"),
    )


def seat(summary: SeatSummary) -> str:
    """One seat in the lobby's words: the name, and what it is if not a player there."""
    name = printable(summary.name)
    if summary.level is not None:
        return _("{name} ({level})").format(name=name, level=words.level_name(summary.level))
    if summary.free:
        return _("{name} (free)").format(name=name)
    if not summary.connected:
        return _("{name} (away)").format(name=name)
    return name


def players(table: TableSummary) -> str:
    return ", ".join(seat(each) for each in table.seats)


def free_seats(table: TableSummary) -> int:
    return sum(each.free for each in table.seats)


def round_of(table: TableSummary) -> str:
    return str(table.round) if table.started else _("not begun")


def taking(code: str) -> str:
    return _("Taking a seat at {code}…").format(code=code)


def opening() -> str:
    return _("Opening a table…")


def opens(seats: list[str], rules: str, mine: str | None) -> str:
    """What a table opened here seats (``o``), under which house rules, and whose seat is
    this player's (``mine``: None, all computers, watched)."""
    if mine is None:
        return _("o opens a table for {players} ({rules} rules), to watch.").format(
            players=", ".join(seats), rules=rules
        )
    return _("o opens a table for {players} ({rules} rules); you play {name}.").format(
        players=", ".join(seats), rules=rules, name=printable(mine)
    )


def rules_name(preset: str | None) -> str:
    """A table's house rules by their preset's name (``preset``, its message id), or
    "custom"."""
    return _(preset) if preset is not None else _("custom")


def details(table: TableSummary, rules: str) -> str:
    """The highlighted table in full: its seats, its house rules and its turn clock."""
    if table.turn_time is not None:
        rules = _("{rules} · {seconds:g} s a turn").format(rules=rules, seconds=table.turn_time)
    code = _("{code}, rated").format(code=table.code) if table.rated else table.code
    return _("{code}: {players}. {rules}").format(code=code, players=players(table), rules=rules)


def rules_column(table: TableSummary, name: str) -> str:
    """The table's house rules in the lobby's list (``name``: its preset's), and whether it
    is rated."""
    return _("{rules}, rated").format(rules=name) if table.rated else name


LEADERS_SHOWN = 5
"""The players of the leaderboard the lobby shows."""


def leaders(board: tuple[Leader, ...]) -> str:
    """The server's leaderboard in short: its best players, their rating ± its uncertainty,
    rated games and best total (empty: nobody is rated yet)."""
    if not board:
        return ""
    lines = [_("Leaderboard (rating ± uncertainty):")]
    for place, leader in enumerate(board[:LEADERS_SHOWN], start=1):
        games = ngettext("{count} game", "{count} games", leader.games).format(count=leader.games)
        line = _("{place}. {name}  {rating} ± {uncertainty} · {games}").format(
            place=place,
            name=printable(leader.name),
            rating=decimal(leader.mu),
            uncertainty=decimal(leader.sigma),
            games=games,
        )
        if leader.best is not None:
            line = _("{line} · best {best}").format(line=line, best=leader.best)
        lines.append(line)
    return "\n".join(lines)


def games_title(name: str) -> str:
    """The title of a player's rated games (Enter opens one in the analysis)."""
    return _("{whose} rated games, the latest first: Enter analyses one").format(
        whose=genitive(printable(name))
    )


def no_games(name: str) -> str:
    return _("{name} has played no rated game kept here yet.").format(name=printable(name))


def reading_games() -> str:
    return _("Asking the server for the games…")


def fetching_game() -> str:
    return _("Fetching the game for its analysis…")


def player_label() -> str:
    return _("Player (a name, then Enter):")


def games_columns() -> tuple[str, ...]:
    return (_("Ended"), _("Players"), _("Place"), _("Total"), _("Rating"))


def game_row(game: GameSummary) -> tuple[str, str, str, str, str]:
    """A rated game in the list: when it ended, who played, the place and total, and the
    rating after it with its change."""
    from datetime import UTC, datetime

    ended = date_time(datetime.fromtimestamp(game.ended, UTC).astimezone())
    rating = decimal(game.mu)
    if game.change is not None:
        change = ("+" if game.change >= 0 else "−") + decimal(abs(game.change))
        rating = _("{rating} ({change})").format(rating=rating, change=change)
    players = ", ".join(printable(name) for name in game.players)
    return ended, players, str(game.place), str(game.total), rating
