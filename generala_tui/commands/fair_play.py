"""``generala-tui fair-play [--data DIR] [--min-games N] [--records DIR] [--json]``: the
fair-play report of a table server's rated games, for its host (docs/server.md, "Fair play").

It reads the server's data folder (``host``'s default unless ``--data``) read-only and
without its lock (:func:`~generala_tui.online.database.read_rated_games`), so it runs while
the server does, reviews every rated game kept (:mod:`generala_tui.online.fair_play`) and
prints each player's figures, the flagged players first with their games (table id and
number), or its JSON (English keys). ``--records DIR`` writes the flagged players' games
as game records, which ``generala-tui analyse FILE`` opens. A folder without a table
server's database, a database of another schema version or one that does not read: one
line on stderr and exit status 2; a game that does not read is left out and counted.
A report, never a ban: a flag asks the host to look at the games.
"""

from __future__ import annotations

import argparse
import re
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..i18n import NP_, _, decimal, metavar, ngettext, percent
from .arguments import FOLDERS, Integer, add_language, completes, languages
from .documents import command as document_command
from .output import PROG, fail, shown, table, write_output

if TYPE_CHECKING:
    from ..online.fair_play import FairPlay, PlayerPlay

__all__ = ["configure_parser", "run"]

COMMAND = "fair-play"
REPORT_FORMAT = "generala-tui fair play"
REPORT_VERSION = 1
"""The version of the ``--json`` object; bumped when a key changes meaning or goes."""


def configure_parser(parser: argparse.ArgumentParser) -> None:
    """Add the ``fair-play`` arguments to ``parser``."""
    from ..online.fair_play import MIN_GAMES

    parser.description = _(
        "Review every rated game a table server kept, as the analysis reviews a game, and\n"
        "print for each player the server knows: their rated games, their decisions with a\n"
        "choice, the mean cost per decision in expected points and the share that were the\n"
        "optimum. A player whose play came improbably close to the optimum over many games\n"
        "is flagged, with those games listed, for you to look at: a report, never a ban.\n"
        "It reads the data folder without taking it, so it runs while the server does."
    )
    parser.epilog = _(
        "A folder without a table server's database, or a database of another version, gets\n"
        'one line on stderr and exit status 2. The section "Fair play" of the source\'s\n'
        "docs/server.md explains the figures and the threshold."
    )
    completes(
        parser.add_argument(
            "--data",
            metavar=metavar(NP_("metavar", "DIR")),
            type=Path,
            help=_("the server's data folder (default: the game's data folder's tables, as host)"),
        ),
        FOLDERS,
    )
    parser.add_argument(
        "--min-games",
        type=Integer(),
        default=MIN_GAMES,
        metavar=metavar(NP_("metavar", "N")),
        help=_("the rated games a player needs before play is flagged (default %(default)s)"),
    )
    completes(
        parser.add_argument(
            "--records",
            metavar=metavar(NP_("metavar", "DIR")),
            type=Path,
            help=_("write the flagged players' games into this folder as game records"),
        ),
        FOLDERS,
    )
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    add_language(
        parser,
        _("the language of the report ({languages}); the JSON stays in English").format(
            languages=languages()
        ),
    )


def run(args: argparse.Namespace) -> int:
    """Print the report of the folder the parsed ``args`` name; return the exit status."""
    from ..online.database import FILE_NAME, SCHEMA_VERSION, read_rated_games
    from ..online.fair_play import fair_play
    from ..store.paths import tables_dir

    folder: Path = args.data or tables_dir()
    if args.min_games < 1:
        return fail(_("--min-games takes a whole number from 1 up."), COMMAND)
    if not (folder / FILE_NAME).is_file():
        return fail(
            _("{folder} holds no {file}: it is not a table server's data folder.").format(
                folder=str(folder), file=FILE_NAME
            ),
            COMMAND,
        )
    try:
        version, rows = read_rated_games(folder)
    except sqlite3.Error as error:
        return fail(
            _("{file} in {folder} could not be read ({error}).").format(
                file=FILE_NAME, folder=str(folder), error=str(error)
            ),
            COMMAND,
        )
    if version != SCHEMA_VERSION:
        return fail(_version_words(FILE_NAME, version, SCHEMA_VERSION), COMMAND)
    from .. import store

    report = fair_play(rows, args.min_games, store.strategy_tables)
    if args.records is not None:
        failed = _write_records(report, args.records)
        if failed is not None:
            return fail(failed, COMMAND)
    if args.json:
        from .report import analysis_json_text  # JSON, a terminal's unshown characters escaped

        return write_output(analysis_json_text(_json(report, folder)), COMMAND)
    return write_output(_text(report, folder, args.records), COMMAND)


def _version_words(file: str, version: int, expected: int) -> str:
    if version < expected:
        return _(
            "{file} is of version {version}, older than this release's {expected}: start this "
            "release's server on the folder once and it brings the file up to date."
        ).format(file=file, version=version, expected=expected)
    return _(
        "{file} is of version {version}, made by a newer release (this one reads {expected})."
    ).format(file=file, version=version, expected=expected)


_SAFE = re.compile(r"[^A-Za-z0-9_-]")


def record_name(table_id: str, number: int) -> str:
    """The file a rated game is written to: its table's id (letters, digits, - and _ only)
    and its number."""
    return f"rated-{_SAFE.sub('_', table_id)[:40]}-{number}.json"


def _write_records(report: FairPlay, folder: Path) -> str | None:
    """Write the flagged players' games into ``folder``; the one line telling a failure."""
    from ..store import RecordError, write_record

    kept = report.kept or {}
    for player in report.players:
        for key in player.games if player.flagged else ():
            try:
                write_record(kept[key], folder / record_name(*key), replace=True)
            except RecordError as error:
                return str(error)
    return None


def _text(report: FairPlay, folder: Path, records: Path | None) -> str:
    lines = [
        _("Fair play on the rated tables kept in {folder}").format(folder=shown(str(folder))),
        _(
            "A decision's cost: what it gave away against the best choice, in expected points "
            "({docs})."
        ).format(docs=document_command("analysis")),
        _(
            "Flagged: at least {games} rated games and {decisions} decisions with a choice, "
            "a mean cost below {threshold}."
        ).format(
            games=report.min_games,
            decisions=report.min_decisions,
            threshold=decimal(report.threshold, 2),
        ),
        _(
            "A flag asks you to look at the games, and proves nothing: a strong player can be "
            "flagged."
        ),
        _("The turns a stand-in played for an away player count as theirs: the optimum's."),
        "",
    ]
    if not report.players:
        lines.append(_("No rated games are kept there yet."))
    else:
        heads = (
            _("player"),
            _("rated games"),
            _("decisions"),
            _("mean cost"),
            _("optimum"),
            _("flag"),
        )
        rows = [_row(player) for player in report.players]
        lines += table(heads, rows, right={1, 2, 3, 4})
    for player in report.players:
        if player.flagged:
            lines += ["", *_games(player)]
    if any(player.flagged for player in report.players):
        lines.append("")
        if records is not None:
            lines.append(
                _("Their games are written as game records in {folder}: {command}.").format(
                    folder=shown(str(records)), command=_analyse()
                )
            )
        else:
            lines.append(
                _(
                    "Open them with {command} after writing them as records with --records "
                    "DIR, or in the lobby (g, then p and the player's name)."
                ).format(command=_analyse())
            )
    if report.unread:
        count = len(report.unread)
        lines += [
            "",
            ngettext(
                "{count} rated game not counted: it does not read, or has no seat of its "
                "player's name.",
                "{count} rated games not counted: they do not read, or have no seat of their "
                "player's name.",
                count,
            ).format(count=count),
        ]
        lines += ["  " + _game(*key) for key in report.unread]
    return "\n".join(lines) + "\n"


def _analyse() -> str:
    """The command that opens a record: "generala-tui analyse FILE", FILE as the help names it."""
    file = metavar(NP_("metavar", "FILE"))
    return f"{PROG} analyse {file}"


def _row(player: PlayerPlay) -> tuple[str, ...]:
    mean, share = player.mean_cost, player.optimal_share
    return (
        shown(player.name),
        str(len(player.games)),
        str(player.decisions),
        "-" if mean is None else decimal(mean, 3),
        "-" if share is None else percent(share, 1),
        _("look") if player.flagged else "",
    )


def _games(player: PlayerPlay) -> list[str]:
    head = ngettext(
        "{name}: look at this game (table id, game number):",
        "{name}: look at these {count} games (table id, game number):",
        len(player.games),
    ).format(name=shown(player.name), count=len(player.games))
    return [head, *("  " + _game(*key) for key in player.games)]


def _game(table_id: str, number: int) -> str:
    return f"{shown(table_id)} {number}"


def _json(report: FairPlay, folder: Path) -> dict[str, Any]:
    """The ``--json`` object (its keys: docs/server.md, "Fair play")."""
    return {
        "format": REPORT_FORMAT,
        "version": REPORT_VERSION,
        "data": str(folder),
        "threshold": report.threshold,
        "min_games": report.min_games,
        "min_decisions": report.min_decisions,
        "players": [
            {
                "name": player.name,
                "games": len(player.games),
                "decisions": player.decisions,
                "mean_cost": player.mean_cost,
                "optimal_share": player.optimal_share,
                "flagged": player.flagged,
                "rated_games": [{"table": t, "number": n} for t, n in player.games],
            }
            for player in report.players
        ],
        "not_counted": [{"table": t, "number": n} for t, n in report.unread],
    }
