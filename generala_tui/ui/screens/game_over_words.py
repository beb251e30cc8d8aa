"""The winner's screen's words: who won and how, the ranking, the match so far, and its buttons."""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content

from ...game.model import Ending, GameState
from ...i18n import _, ngettext
from ..vocabulary import GAME_KEYS, WINNER_MARK, KeyMap, names_and, shown_key


def play_again_button() -> str:
    return _("Play again")


def new_game_button() -> str:
    return _("New game")


def scorecard_button() -> str:
    return _("Scorecard")


def analysis_button() -> str:
    return _("Analysis")


def quit_button() -> str:
    return _("Quit")


def ranking_line(place: int, name: str, total: int, winner: bool) -> Content:
    """A player's line of the final ranking (``name`` padded to the longest name)."""
    return Content.from_markup(
        ngettext(
            "$medal $place. [b]$name[/b]  $total point",
            "$medal $place. [b]$name[/b]  $total points",
            total,
        ),
        medal=WINNER_MARK if winner else " ",
        place=str(place),
        name=name,
        total=str(total).rjust(3),
    )


def headline(state: GameState) -> Content:
    """Who won."""
    names = [state.players[i].name for i in state.winners]
    if len(names) == 1:
        said = Content.from_markup(_("[b]$name wins![/b]"), name=names[0])
    else:
        said = Content.from_markup(_("[b]$names share the win![/b]"), names=names_and(names))
    stars = " ".join([WINNER_MARK] * 3)
    return Content.assemble(stars, "   ", said, "   ", stars)


def explanation(state: GameState) -> Content:
    """How the game was decided, in a sentence or two."""
    if state.ending is Ending.SERVED_GENERALA:
        winner = state.players[state.winners[0]].name
        dice = "-".join(str(d) for d in state.turn.dice)
        return Content.from_markup(
            _(
                "[b]Generala servida![/b] $name rolled five of a kind ($dice) on a "
                "served roll and wins at once."
            ),
            name=winner,
            dice=dice,
        )
    if state.ending is Ending.SHARED:
        total = state.players[state.winners[0]].total
        return Content(
            ngettext(
                "Tied at {total} point: the win is shared (no tie-break).",
                "Tied at {total} points: the win is shared (no tie-break).",
                total,
            ).format(total=total)
        )
    if state.ending is Ending.TIE_BREAK:
        rounds = [
            ", ".join(
                f"{state.players[i].name} {points}"
                for i, points in zip(r.contenders, r.scores, strict=True)
            )
            for r in state.tie_breaks
        ]
        lines = [
            _("Tie-break {n}: {scores}").format(n=n, scores=scores)
            for n, scores in enumerate(rounds, start=1)
        ]
        return Content(_("Tied on points, decided by the tie-break.") + "\n" + "\n".join(lines))
    return Content(_("Every box is filled: the highest total wins."))


def match_line(games: int, ranking: Sequence[tuple[str, int]]) -> Content:
    """The match so far, after its second game: "Match after 3 games: Ana 2 · Bruno 1", each
    name with its wins in the order given (:meth:`MatchTally.ranking`)."""
    if games < 2:
        return Content("")
    return Content.from_markup(
        ngettext(
            "[b]Match[/b] after $games game: $wins", "[b]Match[/b] after $games games: $wins", games
        ),
        games=str(games),
        wins=" · ".join(f"{name} {count}" for name, count in ranking),
    )


def statistics_button(keys: KeyMap = GAME_KEYS) -> str:
    return _("Statistics ({key})").format(key=shown_key("game_over.statistics", keys, "t"))


def history_button(keys: KeyMap = GAME_KEYS) -> str:
    return _("History ({key})").format(key=shown_key("game_over.history", keys, "y"))


def export_button(keys: KeyMap = GAME_KEYS) -> str:
    return _("Save record ({key})").format(key=shown_key("game_over.export", keys, "e"))
