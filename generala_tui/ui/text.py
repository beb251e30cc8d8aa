"""Every word the screens show for the game's things, and the sentences built from its facts.

Sentences ask :mod:`generala_tui.game.rules` for what they say (the boxes a
served roll raises, what a step of the log did) instead of repeating a rule by
hand. Player names only ever reach the screen as template variables of
:meth:`Content.from_markup`, never as markup.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content

from ..game import rules
from ..game.action import Action, ActionKind
from ..game.model import (
    MAX_ROLLS,
    NUMBER_OF_DICE,
    Category,
    Ending,
    Filled,
    GameState,
    HouseRules,
    Level,
    LogEntry,
    Phase,
    TieBreakEnded,
)

PACE_NAMES = ("very slow", "slow", "normal", "fast", "instant")
"""The computer players' paces, slowest first (see ``GeneralaApp.COMPUTER_SPEEDS``)."""

LEVEL_LABELS: dict[Level | None, str] = {
    None: "Human",
    Level.EASY: "⚙ Easy",
    Level.MEDIUM: "⚙ Medium",
    Level.EXPERT: "⚙ Expert",
}


def category_label(category: Category) -> str:
    """The name of a box as players say it."""
    return rules.category_name(category)


# House rules: a title and a one-line explanation each (RULES.md section 8).
RULE_TEXT: dict[str, tuple[str, str]] = {
    "generala_points": ("Generala points", "What five of a kind scores in the Generala box."),
    "served_bonus": (
        "Served bonus",
        "Extra points for a Straight, Full or Póker on a served roll.",
    ),
    "served_roll": ("Served rolls", "Which rolls count as served (servida)."),
    "straight": ("Straights", "Which dice make a Straight."),
    "served_generala_wins": (
        "Served Generala wins",
        "Five of a kind on a served roll, Generala box open, wins at once.",
    ),
    "double_generala": (
        "Double Generala box",
        "A second five of a kind scores 100 once Generala holds points.",
    ),
    "double_generala_served_bonus": (
        "Double Generala served: 120",
        "A served Double Generala scores 120 instead of 100.",
    ),
    "two_pairs": ("Two pairs box (Doble)", "Two pairs and an odd die score 10 (15 served)."),
    "locked_holds": ("Locked holds", "A die held for a roll stays held for the rest of the turn."),
    "tie_break": (
        "Tie-break round",
        "Tied leaders play one more turn each; off: they share the win.",
    ),
}

VALUE_TEXT: dict[str, str] = {
    "first_roll": "the first roll only",
    "any_full_roll": "any roll of all five dice",
    "standard": "1-5, 2-6 and 3-4-5-6-1",
    "strict": "1-5 and 2-6 only",
    "wraparound": "any five different",
    "one_replaces_two": "standard, and 1-1-3-4-5",
    "ones_wild": "1s are wild",
}


def rules_summary(house_rules: HouseRules) -> str:
    """The house rules in one or two lines, for the setup screen."""
    h = house_rules
    parts = [
        f"Generala {h.generala_points}",
        f"served +{h.served_bonus} on {VALUE_TEXT[h.served_roll.value]}",
        f"straights: {VALUE_TEXT[h.straight.value]}",
        "served Generala wins" if h.served_generala_wins else "served Generala just scores",
    ]
    if h.double_generala:
        parts.append(
            "Double Generala" + (" (120 served)" if h.double_generala_served_bonus else "")
        )
    if h.two_pairs:
        parts.append("Two pairs")
    if h.locked_holds:
        parts.append("locked holds")
    parts.append("tie-break round" if h.tie_break else "ties share the win")
    return " · ".join(parts)


CURSOR_MARK = "▶"
"""The box the player's cursor is on."""
ADVICE_MARK = "★"
"""The coach's advice."""
CURRENT_MARK = "»"
"""The player to act, in the standings."""
HELD_KEEP_MARK = "◆"
"""In the coach's list: the keep the held dice make."""


def describe_action(action: Action, dice: Sequence[int] = ()) -> str:
    """The action in words; with the turn's ``dice``, a roll names the dice it keeps."""
    if action.kind is ActionKind.ROLL:
        if not action.held:
            return "Roll all five dice" if dice else "Roll"
        if len(dice) == NUMBER_OF_DICE:
            kept = "-".join(str(dice[i]) for i in action.held)
            return f"Keep {kept} and roll"
        return f"Hold dice {', '.join(str(i + 1) for i in action.held)} and roll"
    if action.kind is ActionKind.END_TIE_BREAK:
        return "End the tie-break turn"
    assert action.category is not None
    verb = "Score" if action.kind is ActionKind.SCORE else "Scratch"
    return f"{verb} {category_label(action.category)}"


def announcement(state: GameState, entry: LogEntry) -> Content:
    """What a turn's last step did, for the next player's screen; empty for other steps."""
    name = state.players[entry.seat].name
    if isinstance(entry, Filled):
        box = category_label(entry.category)
        if not entry.points:
            return Content.from_markup("$player scratched $box.", player=name, box=box)
        served = " (served)" if entry.served_bonus else ""
        return Content.from_markup(
            "$player scored [b]$points[/b] in $box$served.",
            player=name,
            points=str(entry.points),
            box=box,
            served=served,
        )
    if isinstance(entry, TieBreakEnded):
        return Content.from_markup(
            "$player takes [b]$points[/b] tie-break points.", player=name, points=str(entry.points)
        )
    return Content("")


def topbar(state: GameState, short: bool = False) -> Content:
    """The round, whose turn it is and the rolls taken (``short``: for a narrow terminal)."""
    dots = "●" * state.turn.rolls + "○" * state.rolls_left
    if short:
        short_stage = "Tie-break $n" if state.phase is Phase.TIE_BREAK else "Round $n/$rounds"
        return Content.from_markup(
            f"{short_stage} · [b]$name[/b] · $rolls/$max $dots",
            n=str(len(state.tie_breaks) if state.phase is Phase.TIE_BREAK else state.round),
            rounds=str(state.rounds),
            name=state.current_player.name,
            rolls=str(state.turn.rolls),
            max=str(MAX_ROLLS),
            dots=dots,
        )
    if state.phase is Phase.TIE_BREAK:
        stage = Content.from_markup("[b]Tie-break[/b] round $n", n=str(len(state.tie_breaks)))
    else:
        stage = Content.from_markup(
            "Round [b]$round[/b]/$rounds", round=str(state.round), rounds=str(state.rounds)
        )
    return Content.assemble(
        Content.from_markup("[b $accent]GENERALA[/]"),
        "   ",
        stage,
        "   ",
        Content.from_markup(
            "[b]$name[/b]'s turn   roll $rolls of $max $dots",
            name=state.current_player.name,
            rolls=str(state.turn.rolls),
            max=str(MAX_ROLLS),
            dots=dots,
        ),
    )


def served_note(state: GameState) -> Content:
    """The boxes a served roll raises and by how much, from the rules: "+5: Straight, ..."."""
    by_bonus: dict[int, list[str]] = {}
    for category, bonus in rules.served_bonuses(state.house_rules).items():
        by_bonus.setdefault(bonus, []).append(category_label(category))
    parts = "; ".join(f"+{bonus}: {', '.join(names)}" for bonus, names in by_bonus.items())
    return Content.from_markup("[b $warning]Served![/] $parts. ", parts=parts)


def prompt(state: GameState, *, strategy_progress: float | None, paused: bool) -> Content:
    """What the player to act can do now, in one or two lines."""
    turn = state.turn
    name = state.current_player.name
    if rules.computer_to_act(state):
        if paused:
            return Content.from_markup(
                "[b]$name[/b] ⚙ is paused: [b]p[/b] resumes.", name=state.current_player.name
            )
        if strategy_progress is not None and state.current_player.level is Level.EXPERT:
            return Content.from_markup(
                "[b]$name[/b] ⚙ is working out the best play… $done%",
                name=name,
                done=str(round(strategy_progress * 100)),
            )
        return Content.from_markup(
            "[b]$name[/b] ⚙ is playing: [b]f[/b] skips ahead, [b]p[/b] pauses, "
            "[b]+[/b] [b]-[/b] set the pace.",
            name=name,
        )
    tie_break = state.phase is Phase.TIE_BREAK
    if turn.rolls == 0:
        return Content.from_markup(
            "[b]$name[/b], roll the dice: [b]r[/b], space, or the Roll button.", name=name
        )
    served = served_note(state) if turn.served and not tie_break else Content("")
    if tie_break:
        if not state.rolls_left:
            rest = "No rolls left: take your tie-break score (Enter)."
        elif not rules.can_roll(state):
            rest = "All five dice are held: release one to roll, or take your tie-break score."
        else:
            rest = "Roll, or take your tie-break score (Enter)."
    elif not state.rolls_left:
        rest = "No rolls left: choose a box (↑↓ and Enter, or click it)."
    elif not rules.can_roll(state):
        rest = "All five dice are held: release one to roll, or fill a box."
    elif turn.served:
        rest = "Hold dice and roll, or fill a box."
    else:
        rest = "Click dice or press 1-5 to hold them, then roll; or fill a box."
    return Content.assemble(served, rest)


def tie_break_lines(state: GameState) -> Content:
    """Who is tied, the scores of the round so far, and what the dice would take now."""
    tie_round = state.tie_breaks[-1]
    names = [state.players[i].name for i in tie_round.contenders]
    lines = [
        Content.from_markup(
            "[b]Tie-break![/b] $names are tied. One turn each: the best score the final "
            "dice would earn in any box of an empty scorecard wins.",
            names=" and ".join(names),
        )
    ]
    if len(state.tie_breaks) > 1:
        last = state.tie_breaks[-2]
        scores = ", ".join(
            f"{state.players[i].name} {points}"
            for i, points in zip(last.contenders, last.scores, strict=True)
        )
        lines.append(
            Content.from_markup(
                "Round $n was tied again: $scores.", n=str(len(state.tie_breaks) - 1), scores=scores
            )
        )
    played = [
        f"{state.players[i].name}: {points}"
        for i, points in zip(tie_round.contenders, tie_round.scores, strict=False)
    ]
    if played:
        lines.append(Content.from_markup("Scores so far: $scores", scores=", ".join(played)))
    points = tie_break_points(state)
    if points is not None:
        lines.append(Content.from_markup("Your dice score [b]$p[/b] now.", p=str(points)))
    return Content("\n").join(lines)


def tie_break_points(state: GameState) -> int | None:
    """The tie-break score the dice would take now; None before the first roll."""
    if not state.turn.rolls:
        return None
    return rules.tie_break_score(state.turn.dice, state.house_rules, state.turn.served)


def end_turn_label(state: GameState) -> str:
    """The tie-break turn's button."""
    points = tie_break_points(state)
    return f"Take {points} points (Enter)" if points is not None else "End turn (Enter)"


def roll_label(state: GameState) -> str:
    """The Roll button."""
    return f"Roll ({state.rolls_left} left)" if state.rolls_left else "No rolls"


def pace_notice(index: int) -> str:
    """Said when the player changes the computers' pace."""
    return f"Computer pace: {PACE_NAMES[index]}."


def paused_notice(paused: bool) -> str:
    """Said when the player pauses or resumes the computers."""
    return "Computer players paused: p resumes." if paused else "Computer players resume."


def computer_failed(name: str, error: str) -> str:
    """Said when a computer player could not choose its move."""
    return f"{name} could not choose a move ({error}): press f to try again."


def analysis_failed(error: str) -> str:
    """Shown on the analysis screen when the analysis could not be made."""
    return f"The game could not be analysed: {error}\nPress r to try again."


def strategy_failed(error: str) -> str:
    """Said when the strategy tables could not be computed."""
    return f"The optimal strategy could not be computed ({error}). {RETRY_HINT}"


RETRY_HINT = "Press f on the turn screen, or r on the analysis, to try again."


def too_small(width: int, height: int, min_width: int, min_height: int) -> str:
    """Shown instead of the game when the terminal is too small for it."""
    return f"Make the terminal at least {min_width}×{min_height} to play (it is {width}×{height})."


def scratch_question(category_name: str) -> Content:
    """The question before a scratch."""
    return Content.from_markup(
        "Scratch [b]$box[/b]? It will hold 0 points (✗) for the rest of the game.",
        box=category_name,
    )


# --- the end of a game -------------------------------------------------


def headline(state: GameState) -> Content:
    """Who won."""
    names = [state.players[i].name for i in state.winners]
    if len(names) == 1:
        return Content.from_markup("★ ★ ★   [b]$name wins![/b]   ★ ★ ★", name=names[0])
    return Content.from_markup(
        "★ ★ ★   [b]$names share the win![/b]   ★ ★ ★", names=" and ".join(names)
    )


def explanation(state: GameState) -> Content:
    """How the game was decided, in a sentence or two."""
    if state.ending is Ending.SERVED_GENERALA:
        winner = state.players[state.winners[0]].name
        dice = "-".join(str(d) for d in state.turn.dice)
        return Content.from_markup(
            "[b]Generala servida![/b] $name rolled five of a kind ($dice) on a served roll "
            "and wins at once.",
            name=winner,
            dice=dice,
        )
    if state.ending is Ending.SHARED:
        total = state.players[state.winners[0]].total
        return Content(f"Tied at {total} points: the win is shared (no tie-break).")
    if state.ending is Ending.TIE_BREAK:
        rounds = [
            ", ".join(
                f"{state.players[i].name} {points}"
                for i, points in zip(r.contenders, r.scores, strict=True)
            )
            for r in state.tie_breaks
        ]
        lines = [f"Tie-break {n}: {text}" for n, text in enumerate(rounds, start=1)]
        return Content("Tied on points, decided by the tie-break.\n" + "\n".join(lines))
    return Content("Every box is filled: the highest total wins.")


def quit_question() -> Content:
    """Asked before quitting a game in progress."""
    return Content("Quit now? The game is saved: generala-tui --resume goes on with it.")


def leave_question() -> Content:
    """Asked before leaving a game in progress for the setup screen."""
    return Content("Leave this game and set up a new one?")


def nothing_to_resume() -> str:
    """Said when --resume finds no game in progress."""
    return "There is no game in progress to resume: set up a new one."


def resume_label(game: GameState) -> Content:
    """The setup screen's offer to go on with a saved game."""
    scores = " · ".join(f"{player.name} {player.total}" for player in game.players)
    stage = (
        f"tie-break {len(game.tie_breaks)}"
        if game.phase is Phase.TIE_BREAK
        else f"round {game.round}/{game.rounds}"
    )
    return Content.from_markup(
        "Resume the game in progress: $scores, $stage (ctrl+o)", scores=scores, stage=stage
    )


def match_line(games: int, wins: Sequence[tuple[str, int]]) -> Content:
    """The match so far, after its second game: "Match after 3 games: Ana 2 · Bruno 1"."""
    if games < 2:
        return Content("")
    ranked = sorted(wins, key=lambda item: -item[1])
    return Content.from_markup(
        "[b]Match[/b] after $games games: $wins",
        games=str(games),
        wins=" · ".join(f"{name} {count}" for name, count in ranked),
    )


# --- statistics and history -------------------------------------------------

STATISTICS_BUTTON = "Statistics (t)"
HISTORY_BUTTON = "History (y)"
STATISTICS_SETUP_BUTTON = "Statistics (ctrl+t)"
HISTORY_SETUP_BUTTON = "History (ctrl+y)"
READING_HISTORY = "Reading the history…"
NO_HISTORY = "No finished games yet: every game played to the end is kept here."
NOT_ANALYSED = "–"
"""In the statistics, a figure there is nothing to compute from."""

STATISTICS_COLUMNS = (
    "Player",
    "Games",
    "Wins",
    "Best",
    "Average",
    "Worst",
    "Generalas",
    "Auto wins",
    "Lost/game",
)
CHART_COLUMNS = ("Player", "Totals, oldest first", "Last")
HISTORY_COLUMNS = ("Finished", "Winner", "Totals", "Won by")

STATISTICS_NOTE = (
    "Best, average and worst leave out games won at once by a served Generala. "
    "Generalas: games with points in the Generala box, or won by a served one. "
    "Auto wins: games won at once by a served Generala. "
    "Lost/game: the expected points a player's decisions gave away per analysed game "
    f"({NOT_ANALYSED}: none analysed)."
)

ENDING_WORDS: dict[Ending, str] = {
    Ending.POINTS: "points",
    Ending.SERVED_GENERALA: "served Generala",
    Ending.TIE_BREAK: "tie-break",
    Ending.SHARED: "shared win",
}


def _games(count: int) -> str:
    return f"{count} game" if count == 1 else f"{count} games"


def statistics_title(games: int) -> str:
    """The heading of the statistics."""
    return f"Statistics of {_games(games)}"


def chart_title(top: int) -> str:
    """The heading of the charts of every player's last totals."""
    return f"Totals in each player's last games, oldest first (a full bar is {top} points)"


def history_title(games: int) -> str:
    """The heading of the history."""
    return f"History: {_games(games)}, newest first. Enter or a click shows a game's analysis."


def winner_names(state: GameState) -> str:
    """The winner of a finished game, or its winners when they share the win."""
    return " & ".join(state.players[seat].name for seat in state.winners)


def totals_line(state: GameState) -> str:
    """Every player's total, in seating order: "Ana 231 · Bruno 198"."""
    return " · ".join(f"{player.name} {player.total}" for player in state.players)


def history_warnings(warnings: Sequence[str]) -> str:
    """The bad history files, in one notification."""
    return "\n".join(warnings)
