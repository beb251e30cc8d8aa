"""``generala-tui analyse FILE [--json]``: a game record's luck and decisions, without the UI.

Reads the record (``store.read_record``: a game record, the autosave or a
history file), values every roll and decision with the optimal strategy of
its house rules (``review_game``; the table comes from the cache when it can),
in win chances too (their tables likewise), and prints the report of
:mod:`generala_tui.commands.report`, or its JSON. A record that can't be used
gets one line on stderr and exit status 2; output that can't be written (a full
disk) one line and exit status 1; a reader that closes the pipe early (``| head``)
nothing, and exit status 141 (:func:`generala_tui.commands.output.write_output`). The
file's name and anything from it are printed escaped where a terminal would not show
them as they are (a control character, a bidi override).

Importing this module is cheap: the store, the strategy and numpy load when
the command runs.
"""

from __future__ import annotations

import argparse
import sys

from ..i18n import NP_, metavar
from . import report
from .arguments import FILES, add_language, completes
from .output import write_output

__all__ = ["configure_parser", "run"]


def configure_parser(parser: argparse.ArgumentParser) -> None:
    """Add the ``analyse`` arguments to ``parser``."""
    parser.description = report.description()
    parser.epilog = report.epilog()
    completes(
        parser.add_argument(
            "file", metavar=metavar(NP_("metavar", "FILE")), help=report.file_help()
        ),
        FILES,
    )
    parser.add_argument("--json", action="store_true", help=report.json_help())
    add_language(parser, report.lang_help())


def run(args: argparse.Namespace) -> int:
    """Analyse the record the parsed ``args`` name; return the exit status."""
    from .. import store
    from ..game.rules import IllegalMove
    from ..game.strategy import review_game, solve, solve_chances

    try:
        state = store.read_record(args.file)
        strategy = solve(state.house_rules, tables=store.strategy_tables)
        # Alone at the table every win chance is 1: nothing to solve.
        chances = (
            solve_chances(state.house_rules, tables=store.strategy_tables)
            if len(state.players) > 1
            else None
        )
        review = review_game(state, strategy, chances)
    except IllegalMove as error:
        from ..words import refusal

        print(report.failure(refusal(error)), file=sys.stderr)
        return 2
    except store.RecordError as error:
        print(report.failure(str(error)), file=sys.stderr)
        return 2
    if args.json:
        text = report.analysis_json_text(report.analysis_json(state, review))
    else:
        text = report.analysis_text(state, review, args.file)
    return write_output(text, "analyse")
