"""Every word the screens show for the game's things, and the sentences built from its facts.

Sentences ask :mod:`generala_tui.game.rules` for what they say (the boxes a
served roll raises, what a step of the log did) instead of repeating a rule by
hand. Player names only ever reach the screen as template variables of
:meth:`Content.from_markup`, never as markup.

One section a screen (its labels, buttons, the Footer's key descriptions, its
sentences), after the words every screen shares. Screens and widgets write no
words of their own (``tests/ui/test_words.py`` checks): this module is what the
translation catalogs will replace.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from textual.content import Content

from ..game import rules
from ..game.action import Action, ActionKind
from ..game.marks import DecisionMark, LuckMark, Rating
from ..game.model import (
    MAX_ROLLS,
    NUMBER_OF_DICE,
    Category,
    Ending,
    Filled,
    GameState,
    HoldToggled,
    HouseRules,
    Level,
    LogEntry,
    Phase,
    Rolled,
    ServedRoll,
    StraightRule,
    TieBreakEnded,
)

if TYPE_CHECKING:  # the strategy's tables (and numpy) load when first needed, not for words
    from ..game.strategy import ActionValue, Decision, PlayerAnalysis
    from ..game.strategy.review import GameReview

# --- words every screen shares: the game's things, marks, the app-wide keys -----------

GAME_NAME_ART = """\
 ╔═╗╔═╗╔╗╔╔═╗╦═╗╔═╗╦  ╔═╗
 ║ ╦║╣ ║║║║╣ ╠╦╝╠═╣║  ╠═╣
 ╚═╝╚═╝╝╚╝╚═╝╩╚═╩ ╩╩═╝╩ ╩"""
"""The game's name in block letters, over the setup screen."""

COMPUTER_MARK = "⚙"
"""A computer player, in the standings and the level list."""

PACE_NAMES = ("very slow", "slow", "normal", "fast", "instant")
"""The computer players' paces, slowest first (see ``GeneralaApp.COMPUTER_SPEEDS``)."""

LEVEL_LABELS: dict[Level | None, str] = {
    None: "Human",
    Level.EASY: f"{COMPUTER_MARK} Easy",
    Level.MEDIUM: f"{COMPUTER_MARK} Medium",
    Level.EXPERT: f"{COMPUTER_MARK} Expert",
}


def category_label(category: Category) -> str:
    """The name of a box as players say it."""
    return rules.category_name(category)


CURSOR_MARK = "▶"
"""The box the player's cursor is on."""
ADVICE_MARK = "★"
"""The coach's advice."""
CURRENT_MARK = "»"
"""The player to act, in the standings."""
HELD_KEEP_MARK = "◆"
"""In the coach's list: the keep the held dice make."""
SCRATCH_MARK = "✗"
"""A scratched box."""
WINNER_MARK = "★"
"""A winner, in the final ranking."""

CLOSE_BUTTON = "Close (Esc)"
"""The button that closes a panel (help, scorecard, analysis)."""

# The Footer's words for the keys bound everywhere (GeneralaApp.BINDINGS) and on pages.
FOOTER_QUIT = "Quit"
FOOTER_HELP = "Help"
FOOTER_SCORECARD = "Scorecard"
FOOTER_NEW_GAME = "New game"
FOOTER_UNDO = "Undo"
FOOTER_CLOSE = "Close"
FOOTER_STATISTICS = "Statistics"
FOOTER_HISTORY = "History"


# --- house rules: the settings screen, and the setup screen's summary ----------------

# A title and a one-line explanation each (docs/rules.md).
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


SETTINGS_TITLE = "[b]House rules[/b]  for new games"
"""The settings screen's heading (markup)."""
PRESETS_LABEL = "Presets:"
CLASSIC_PRESET = "Classic"
SWEDISH_PRESET = "Swedish text"
CUSTOM_RULES = "(custom rules)"
"""Beside the presets when the rules are none of them."""
SAVE_BUTTON = "Save (ctrl+s)"
CANCEL_BUTTON = "Cancel (Esc)"
FOOTER_SAVE = "Save"
FOOTER_CANCEL = "Cancel"


PREFERENCES_HEADING = "[b]Display[/b]  not a house rule: a change takes effect at once"
"""The settings screen's heading over the player's own preferences (markup)."""
ROLL_ANIMATION_TITLE = "Roll animation"
ROLL_ANIMATION_HELP = "The rolled dice tumble for a moment before they settle."


def roll_animation_command(on: bool) -> str:
    """The command palette's entry that turns the roll animation on or off."""
    return "Roll animation on" if on else "Roll animation off"


def on_off(value: bool) -> str:
    """A switch's state in a word."""
    return "on" if value else "off"


def preset_label(name: str, in_effect: bool) -> Content:
    """A preset's button, marked when the rules are that preset."""
    return Content(f"● {name}" if in_effect else f"○ {name}")


def preset_chosen(name: str) -> str:
    """Said when the player picks a preset."""
    return f"Preset {name} chosen: Save to keep it."


def applies_only_when(switch: str) -> str:
    """Why a rule changes nothing: the rule ``switch`` (its key in RULE_TEXT) is off."""
    return f"Applies only when “{RULE_TEXT[switch][0]}” is on."


# --- setup screen ---------------------------------------------------------------------

SETUP_SUBTITLE = "The Latin-American dice game"
PLAYERS_HEADING = "Players, in seating order"
HOUSE_RULES_HEADING = "House rules"
NAME_PLACEHOLDER = "Name"
MOVE_UP_TOOLTIP = "Move up"
MOVE_DOWN_TOOLTIP = "Move down"
REMOVE_TOOLTIP = "Remove"
ADD_PLAYER_BUTTON = "+ Add player (ctrl+n)"
CHANGE_RULES_BUTTON = "Change… (ctrl+r)"
START_BUTTON = "Start the game (ctrl+s)"
FOOTER_ADD_PLAYER = "Add player"
FOOTER_HOUSE_RULES = "House rules"
FOOTER_START = "Start"
FOOTER_RESUME = "Resume"


def default_player_name(seat: int) -> str:
    """The name a new seat starts with (``seat`` counts from 1)."""
    return f"Player {seat}"


def seat_label(seat: int) -> str:
    """A seat's number in the list of players (``seat`` counts from 0)."""
    return f"{seat + 1}."


def too_many_players(most: int) -> str:
    """Said when the player adds a seat to a full table."""
    return f"A game has at most {most} players."


# --- turn screen ------------------------------------------------------------------------

# The Footer's words for the turn screen's keys (TurnScreen.BINDINGS).
FOOTER_ROLL = "Roll"
FOOTER_HOLD = "Hold"
FOOTER_CHOOSE = "Choose"
FOOTER_FILL = "Fill"
FOOTER_TAKE_SCORE = "Take score"
FOOTER_COACH = "Coach"
FOOTER_SKIP_AHEAD = "Skip ahead"
FOOTER_PAUSE = "Pause"
FOOTER_PACE = "Pace"
FOOTER_SLOWER = "Slower"
FOOTER_SETUP = "Setup"

# The turn screen's buttons and panel titles.
ROLL_BUTTON = "Roll"
END_TURN_BUTTON = "End turn"
TURN_SCORECARD_BUTTON = "Scorecard (s)"
TURN_HELP_BUTTON = "Rules and keys (?)"
STANDINGS_TITLE = "Standings"
COACH_TITLE = "Coach"
SCRATCH_ANSWER = "Scratch"
KEEP_PLAYING_ANSWER = "Keep playing"

DOUBLE_GENERALA_NOTES: dict[str | None, str] = {
    "alive": "",
    "waiting": "needs Generala",
    "dead": "dead",
    None: "",
}
"""Beside the Double Generala box: why it can only be scratched for now, if it can."""


def coach_button(on: bool) -> str:
    """The button that turns the coach on or off."""
    return "Coach off (h)" if on else "Coach (h)"


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


# --- the turn screen's widgets: dice, boxes, coach, scorecard, standings -------------

HELD_LABEL = "HELD"
LOCKED_LABEL = "LOCKED"
"""Under a held die (a locked one, under the locked-holds rule, can't be released)."""
NO_POINTS_YET = "–"
"""A box's points before the first roll."""
SCRATCH_TAG = "scratch"
SERVED_TAG = "served"
"""After a box's points: filling it now scratches it, or takes the served bonus."""
TIE_NOTE = "tie"
"""In the standings: a player in the tie-break."""
SCORECARD_BOX_COLUMN = "Box"
SCORECARD_TOTAL_ROW = "Total"
BEST_MARGIN = 0.05
"""A loss below this many points is no loss: the coach calls the action best."""


def box_name(category: Category, note: str) -> str:
    """A box in the list of open boxes, with its note (see DOUBLE_GENERALA_NOTES)."""
    return category_label(category) + (f" ({note})" if note else "")


def coach_cost(loss: float) -> str:
    """What an action loses against the best one, or "best"."""
    return "best" if loss < BEST_MARGIN else f"−{loss:.1f}"


def action_label(value: ActionValue, state: GameState) -> str:
    """A short name for an action, for the coach's narrow panel: a keep is its dice."""
    action = value.action
    if action.kind is ActionKind.ROLL:
        if not state.turn.rolls:
            return "Roll"
        return "[" + " ".join(str(v) for v in value.kept) + "]" if value.kept else "Reroll all"
    if action.kind is ActionKind.END_TIE_BREAK:
        return "End turn"
    assert action.category is not None
    name = category_label(action.category)
    if action.kind is ActionKind.SCRATCH or not value.points:
        return f"{SCRATCH_MARK} {name}"
    return f"{name} {value.points}"


def coach_keep(label: str) -> str:
    """The coach's advice to keep dice and roll: "Keep [5 5]"."""
    return f"Keep {label}"


COACH_WORKING = "Working out the best\nplay… "
"""Before the coach's progress figure."""
COACH_NOTHING_TO_DECIDE = "Nothing to decide."
COACH_TOTAL_HEADING = "Expected final total\n"
COACH_TIE_BREAK_HEADING = "Expected tie-break score\n"
COACH_NO_ROLLS = "No rolls left: each box\nshows its value."
COACH_KEEPS_HEADING = "Keep and roll:\n"


def coach_progress(done: float) -> str:
    """How far the coach's tables have come, after COACH_WORKING."""
    return f"{round(done * 100)}%\n"


def coach_failed(error: str) -> str:
    """The coach's panel when the strategy could not be computed."""
    return f"The coach can't work: {error}\nPress h twice to try again."


def coach_computer(name: str) -> str:
    """The coach's panel during a computer player's turn (a plain string: never markup)."""
    return f"{name} is a computer player."


# --- dialogs --------------------------------------------------------------------------

YES = "Yes"
NO = "No"
FOOTER_YES = "Yes"
FOOTER_NO = "No"


def confirm_button(label: str) -> Content:
    """A dialog's button for yes, with its key."""
    return Content(f"{label} (y)")


def cancel_button(label: str) -> Content:
    """A dialog's button for no, with its key."""
    return Content(f"{label} (n)")


# --- scorecard screen -----------------------------------------------------------------

SCORECARD_TITLE = f"[b]Scorecard[/b] · {SCRATCH_MARK} scratched · · open"
"""The scorecard's heading (markup), with its marks explained."""


# --- the winner's screen ----------------------------------------------------------------

PLAY_AGAIN_BUTTON = "Play again"
NEW_GAME_BUTTON = "New game"
SCORECARD_BUTTON = "Scorecard"
ANALYSIS_BUTTON = "Analysis"
QUIT_BUTTON = "Quit"
FOOTER_PLAY_AGAIN = "Play again"
FOOTER_ANALYSIS = "Analysis"


def ranking_line(place: int, name: str, total: int, winner: bool) -> Content:
    """A player's line of the final ranking (``name`` padded to the longest name)."""
    return Content.from_markup(
        "$medal $place. [b]$name[/b]  $total points",
        medal=WINNER_MARK if winner else " ",
        place=str(place),
        name=name,
        total=str(total).rjust(3),
    )


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


# Questions the app asks (see the dialogs section for their buttons).


def quit_question() -> Content:
    """Asked before quitting a game in progress."""
    return Content("Quit now? The game is saved: generala-tui --resume goes on with it.")


def leave_question() -> Content:
    """Asked before leaving a game in progress for the setup screen."""
    return Content(
        "Leave this game and set up a new one? It stays saved: the setup screen offers it again."
    )


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


# --- help screen ------------------------------------------------------------------------

FOOTER_SCROLL = "Scroll"
FOOTER_PAGE = "Page"
FOOTER_TOP = "Top"
FOOTER_END = "End"

_STRAIGHTS = {
    StraightRule.STANDARD: "1-2-3-4-5, 2-3-4-5-6 or 3-4-5-6-1",
    StraightRule.STRICT: "1-2-3-4-5 or 2-3-4-5-6",
    StraightRule.WRAPAROUND: "any five different numbers",
    StraightRule.ONE_REPLACES_TWO: "1-2-3-4-5, 2-3-4-5-6, 3-4-5-6-1, or 1-1-3-4-5",
    StraightRule.ONES_WILD: "five different numbers, each 1 standing in for any missing one",
}

TURN_KEYS: dict[str, tuple[str, str]] = {
    "roll": ("`r`, `space`", "roll the dice that are not held"),
    "hold": ("`1` … `5`", "hold or release a die (or click it)"),
    "move": ("`↑` `↓`", "move the cursor (▶) over your open boxes"),
    "fill": ("`enter`", "fill the box under the cursor (or click a box)"),
    "end_tie_break": ("`enter`", "in a tie-break turn: take your tie-break score"),
    "scorecard": ("`s`", "show the scorecard; `escape` closes it"),
    "coach": (
        "`h`",
        "the coach: every choice's expected final total and what it costs (★ its advice)",
    ),
    "help": ("`?`", "this help"),
    "skip_ahead": ("`f`", "during a computer's turn: play the rest of it at once"),
    "speed": ("`+` `-`", "a computer's pace: faster, slower"),
    "pause": ("`p`", "pause the computer players, or resume them"),
    "new_game": ("`escape`", "back to the setup screen (asks first; the game stays saved)"),
}
"""What each key of the turn screen does, by the action it is bound to."""

GAME_OVER_KEYS: dict[str, tuple[str, str]] = {
    "play_again": ("`a`", "play again with the same players"),
    "new_game": ("`n`", "a new game: back to the setup screen"),
    "scorecard": ("`s`", "the final scorecard"),
    "analysis": ("`v`", "the analysis: the expected points each player's decisions lost"),
    "statistics": ("`t`", "every player's statistics over the history"),
    "history": ("`y`", "the history of finished games (`enter` opens one in the analysis)"),
    "quit": ("`q`", "quit"),
}
"""What each key of the winner's screen does, by the action it is bound to."""


def keys_text() -> str:
    """Every key, in Markdown tables."""
    turn = "\n".join(f"| {keys} | {what} |" for keys, what in TURN_KEYS.values())
    over = "\n".join(f"| {keys} | {what} |" for keys, what in GAME_OVER_KEYS.values())
    return f"""\
# Keys
## During a turn
| Key | What it does |
|---|---|
{turn}
| `y` / `enter`, `n` / `escape` | answer a question |
| `ctrl+z` | take back your last fill or hold change (never a roll) |
| `ctrl+p` | the command palette |
| `ctrl+q`, `ctrl+c` | quit (asks first during a game; the game is saved all the same) |

## After a game
| Key | What it does |
|---|---|
{over}

## Elsewhere
On the setup screen: `enter` in a name goes on to the next name (in the last one it
starts the game), `ctrl+n` adds a player, `ctrl+r` opens the house rules, `ctrl+s`
starts the game, `ctrl+o` resumes the game in progress saved when the game last stopped,
`ctrl+t` shows the statistics, `ctrl+y` the history of finished games, `ctrl+g` the
trainer, `tab` moves between the fields. In the statistics and the history `escape`
closes them; in the history `enter` or a click opens a game in the analysis.

## In the history
`enter` or a click opens the highlighted game in the analysis, `e` saves it as a
record file (readable JSON, in your Documents folder unless you type another place),
`escape` closes the history.

## In the analysis
The decisions take the keys: `up` `down` choose one, `home` `end` the first or last,
`enter` (or a click) opens it with the coach's values; `c` switches between the chart
with the decisions under it and the decisions alone; `n` and `p` go to the next or
previous player; `r` tries again when the analysis failed; `escape` or `v` closes it.

## In the trainer
The turn's keys answer a position: `1`-`5` hold, `r` roll, `up` `down` and `enter`
fill a box; then `enter` goes on to the next position (after the last, another round),
and `escape` closes the trainer. Open it with `ctrl+g` on the setup screen.

## Replaying a record
`generala-tui replay FILE` steps through a game record: `right` or `l` a step forward,
`left` or `h` a step back, `pagedown` `pageup` a turn, `home` `end` the first or last
step (which says how the game ended), `escape` closes.

In this help: `↑` `↓`, `PgUp` `PgDn`, `Home` `End` or the mouse wheel scroll;
`escape` closes it.

# The whole rule book
Every house rule with its setting name, and the boxes' names in Spanish and
Swedish: `docs/rules.md` in the game's source folder.
"""


def help_text(house_rules: HouseRules) -> str:
    """The rules as these house rules play them, and the keys, in Markdown."""
    h = house_rules
    bonus = h.served_bonus
    if h.served_roll is ServedRoll.FIRST_ROLL:
        served = "the **first roll** of the turn"
    else:
        served = "any roll that throws **all five dice** (the first roll always does)"

    def points(category: Category, dice: list[int]) -> str:
        # The rules are the one source of the points: ask them about example dice.
        plain = rules.category_score(dice, category, h, served=False)
        served = rules.category_score(dice, category, h, served=True)
        return f"{plain}, served {served}" if served != plain else str(plain)

    rows = [
        "| Ones … Sixes | any dice | the dice of that number, added up |",
        f"| Straight | {_STRAIGHTS[h.straight]} | {points(Category.STRAIGHT, [1, 2, 3, 4, 5])} |",
        "| Full house | three of a kind and a pair "
        f"| {points(Category.FULL_HOUSE, [2, 2, 2, 3, 3])} |",
        "| Four of a kind | four dice alike "
        f"| {points(Category.FOUR_OF_A_KIND, [4, 4, 4, 4, 1])} |",
        f"| Generala | five dice alike | {points(Category.GENERALA, [6] * 5)} |",
    ]
    if h.double_generala:
        rows.append(
            "| Double Generala | five dice alike, once Generala holds points "
            f"| {points(Category.DOUBLE_GENERALA, [6] * 5)} |"
        )
    if h.two_pairs:
        rows.append(
            "| Two pairs (Doble) | two pairs and an odd die "
            f"| {points(Category.TWO_PAIRS, [1, 1, 2, 2, 3])} |"
        )
    lines = [
        "# How to play Generala",
        "",
        "Five dice, a scorecard, and one box to fill each turn. The game has "
        f"{len(h.categories())} rounds, one per box; the highest total wins.",
        "",
        "## Your turn",
        "- **Roll** up to three times. After each roll, **hold** any dice you like and "
        "roll the others again, or stop whenever you want.",
        "- End the turn by **filling one open box**: score the dice there, or "
        "**scratch** a box (✗, 0 points) when nothing fits. Ones … Sixes always take "
        "the dice; with none of that number they count as a scratch.",
    ]
    if h.locked_holds:
        lines.append(
            "- **Locked holds**: a die that was held when you rolled stays held for the "
            "rest of the turn."
        )
    lines += [
        "",
        "## The boxes",
        "| Box | Needs | Points |",
        "|---|---|---|",
        *rows,
        "",
        "## Served rolls",
        f"A roll is *served* (servida) when it is {served}. A Straight, Full house or "
        f"Four of a kind scored from a served roll earns **{bonus} extra points**.",
    ]
    if h.served_generala_wins:
        lines.append(
            "A **Generala on a served roll** while your Generala box is still open "
            "**wins the game at once**."
        )
    lines += ["", "## Ties"]
    if h.tie_break:
        lines.append(
            "Players tied for the highest total play a **tie-break**: one turn each, "
            "scored as the best box their final dice would earn on an empty scorecard. "
            "Still tied? Another round."
        )
    else:
        lines.append("Players tied for the highest total **share the win**.")
    return "\n".join(lines) + "\n\n" + keys_text()


# --- analysis screen ----------------------------------------------------------------------

ANALYSIS_TITLE = (
    "[b]Game analysis[/b]: expected points each player's decisions gave away "
    "against the optimal strategy."
)
"""The analysis's heading (markup)."""
ANALYSING = "Analysing the game…"
FOOTER_TRY_AGAIN = "Try again"


def dice_text(dice: Sequence[int]) -> str:
    """The dice of a position: "3-3-5-6-6"."""
    return "-".join(str(d) for d in dice) if dice else "no dice yet"


def decision_text(decision: Decision) -> Content:
    """One costly decision: the position, what was played, what the optimum would have done."""
    state = decision.state
    return Content.from_markup(
        "  Round $round, roll $roll ($dice): [b]$played[/b], [$error]−$loss[/]\n    best: $best",
        round=str(decision.round),
        roll=str(state.turn.rolls),
        dice=dice_text(state.turn.dice),
        played=describe_action(decision.action, state.turn.dice),
        loss=f"{decision.loss:.1f}",
        best=describe_action(decision.best, state.turn.dice),
    )


def analysis_text(analyses: Sequence[PlayerAnalysis]) -> Content:
    """Every player's expected points lost, and their three costliest decisions."""
    blocks: list[Content] = []
    for analysis in analyses:
        header = Content.from_markup(
            "[b]$name[/b]: $loss expected points lost over $count decisions",
            name=analysis.name,
            loss=f"{analysis.total_loss:.1f}",
            count=str(analysis.decisions),
        )
        lines = [header]
        if analysis.costliest:
            lines += [decision_text(decision) for decision in analysis.costliest]
        else:
            lines.append(Content("  Every decision was optimal."))
        blocks.append(Content("\n").join(lines))
    if not blocks:
        return Content("No decisions to analyse in this game.")
    return Content("\n\n").join(blocks)


# --- statistics and history screens ---------------------------------------------------

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


# --- trainer screen ------------------------------------------------------------------

TRAINER_SETUP_BUTTON = "Trainer (ctrl+g)"
FOOTER_TRAINER = "Trainer"
FOOTER_NEXT = "Next"
FOOTER_ANOTHER_ROUND = "Another round"
TRAINER_NEXT_BUTTON = "Next (Enter)"
TRAINER_AGAIN_BUTTON = "Another round (Enter)"
TRAINER_SCORE_TITLE = "Training score"
TRAINER_PREPARING = "Choosing the training positions…"
TRAINER_COMMAND = "Trainer"
TRAINER_COMMAND_HELP = "Decide in positions from your costliest decisions, and see what each costs"


def trainer_failed(error: str) -> str:
    """The training positions could not be had."""
    return f"The training positions could not be prepared: {error}. Press r to try again."


def trainer_topbar(
    number: int,
    count: int,
    from_history: bool,
    state: GameState,
    *,
    name: str = "",
    own: bool = True,
    history: bool = True,
) -> Content:
    """Which position of the round this is, and where it comes from: ``name``'s decisions
    (``own``: the name typed on setup, so "your"), or a random position (``history``: some
    positions came from the history, else none could)."""
    if from_history:
        where = "one of your costly decisions" if own else "one of $name's costly decisions"
    elif history:
        where = "a random position"
    elif own:
        where = "a random position ($name has no finished game in the history yet)"
    else:
        where = "a random position (no finished game in the history yet)"
    return Content.from_markup(
        f"[b]Training[/b]  position $number of $count: {where}, round $round, roll $roll",
        number=str(number),
        count=str(count),
        name=name,
        round=str(state.round),
        roll=str(state.turn.rolls),
    )


def trainer_prompt(state: GameState, name: str) -> Content:
    """What the trainee is asked in a position."""
    if not state.rolls_left:
        rest = "No rolls left: choose a box (↑↓ and Enter, or click it)."
    elif not rules.can_roll(state):
        rest = "All five dice are held: release one to roll, or fill a box."
    else:
        rest = "What would you do? Hold dice (1-5 or click) and roll (r), or fill a box (Enter)."
    return Content.from_markup("[b]$name[/b]: $rest", name=name, rest=rest)


def trainer_verdict(
    chosen: str,
    expected: float,
    cost: float,
    best: tuple[str, float],
    next_best: tuple[str, float] | None,
) -> Content:
    """What the trainee's choice was worth, the best choice and the next best."""
    if cost < BEST_MARGIN:
        head = Content.from_markup(
            "[b $success]Best choice![/] $chosen: $expected expected.",
            chosen=chosen,
            expected=f"{expected:.1f}",
        )
    else:
        head = Content.from_markup(
            "[b $error]Costs $cost[/]: $chosen, $expected expected.",
            cost=f"{cost:.1f}",
            chosen=chosen,
            expected=f"{expected:.1f}",
        )
    lines = [
        head,
        Content.from_markup("Best: [b]$best[/b], $value.", best=best[0], value=f"{best[1]:.1f}"),
    ]
    if next_best is not None:
        lines.append(
            Content.from_markup(
                "Next best: $choice, $value.", choice=next_best[0], value=f"{next_best[1]:.1f}"
            )
        )
    return Content("\n").join(lines)


def trainer_score(done: int, best: int, cost: float) -> Content:
    """The running score of a training round."""
    if not done:
        return Content("No positions answered yet.")
    return Content.from_markup(
        "$best of $done best, $cost points given away",
        best=str(best),
        done=str(done),
        cost=f"{cost:.1f}",
    )


def trainer_summary(count: int, best: int, cost: float, worst: tuple[str, float] | None) -> Content:
    """The end of a training round."""
    lines = [
        Content.from_markup(
            "[b]Round over[/b]: $best of $count best choices, $cost expected points given away "
            "($each a position).",
            best=str(best),
            count=str(count),
            cost=f"{cost:.1f}",
            each=f"{cost / count:.1f}" if count else "0.0",
        )
    ]
    if worst is not None and worst[1] >= BEST_MARGIN:
        lines.append(
            Content.from_markup(
                "Your costliest choice: $choice (−$cost).", choice=worst[0], cost=f"{worst[1]:.1f}"
            )
        )
    lines.append(Content("Enter plays another round; Escape closes the trainer."))
    return Content("\n").join(lines)


def trainer_score_short(done: int, best: int, cost: float) -> Content:
    """The running score of a training round on one narrow line."""
    return Content.from_markup(
        "Score $best/$done, −$cost", best=str(best), done=str(done), cost=f"{cost:.1f}"
    )


def trainer_played(played: str, cost: float, name: str, own: bool) -> Content:
    """What was played in the game a history position comes from, and what it cost."""
    return Content.from_markup(
        "In your game you played: $played (cost $cost)."
        if own
        else "In $name's game: $played (cost $cost).",
        played=played,
        cost=f"{cost:.1f}",
        name=name,
    )


# --- analysis screen: the review with charts, and a decision opened -------------------

ANALYSIS_PLAYERS_COLUMNS = ("Player", "Total", "Expected at start", "Luck", "Lost", "Rating")
ANALYSIS_DECISIONS_COLUMNS = ("Round", "Roll", "Dice", "Played", "Expected", "Cost", "Mark")
ANALYSIS_CHART_Y = "expected final total"
ANALYSIS_CHART_X = "round"
ANALYSIS_OPEN_HINT = "Enter or a click on a decision opens it."
FOOTER_OPEN = "Open"
LUCKY_MARKER = "▲"
UNLUCKY_MARKER = "▼"
COSTLY_MARKER = "✗"
NO_DECISIONS = "No decision with a choice in it."

RATING_WORDS: dict[Rating, str] = {
    Rating.FLAWLESS: "flawless",
    Rating.MASTERLY: "masterly",
    Rating.STRONG: "strong",
    Rating.SOLID: "solid",
    Rating.CASUAL: "casual",
    Rating.SHAKY: "shaky",
    Rating.CARELESS: "careless",
    Rating.UNRATED: "unrated",
}

DECISION_MARK_WORDS: dict[DecisionMark, str] = {
    DecisionMark.FINE: "",
    DecisionMark.DOUBTFUL: "?! doubtful",
    DecisionMark.BAD: "? bad",
    DecisionMark.VERY_BAD: "?? very bad",
}
"""A decision's mark, with GNU Backgammon's signs so it reads without colour."""

LUCK_MARK_WORDS: dict[LuckMark, str] = {
    LuckMark.VERY_UNLUCKY: "very unlucky",
    LuckMark.UNLUCKY: "unlucky",
    LuckMark.AVERAGE: "average",
    LuckMark.LUCKY: "lucky",
    LuckMark.VERY_LUCKY: "very lucky",
}


def signed(value: float) -> str:
    """A figure with its sign, a minus sign for a negative one."""
    return f"+{value:.1f}" if value >= 0 else f"−{-value:.1f}"


def review_summary(review: GameReview) -> Content:
    """One line a player: what their decisions lost, and their luck."""
    lines = [
        Content.from_markup(
            "[b]$name[/b]: $loss expected points lost over $count decisions, luck $luck; $rating.",
            name=player.name,
            loss=f"{player.loss:.1f}",
            count=str(sum(1 for d in player.decisions if not d.tie_break)),
            luck=signed(player.luck),
            rating=RATING_WORDS[player.rating],
        )
        for player in review.players
    ]
    if not lines:
        return Content("No decisions to analyse in this game.")
    return Content("\n").join(lines)


def chart_legend(lucky: float, unlucky: float, costly: float) -> Content:
    """What the chart's line and marks mean (by shape, not only by colour)."""
    return Content.from_markup(
        "Line: expected final total after each roll and decision.  "
        "[b $success]$up[/] roll of luck $lucky or more  [b $warning]$down[/] $unlucky or "
        "less  [b $error]$cross[/] decision costing $costly or more",
        up=LUCKY_MARKER,
        down=UNLUCKY_MARKER,
        cross=COSTLY_MARKER,
        lucky=f"+{lucky:g}",
        unlucky=f"−{-unlucky:g}",
        costly=f"{costly:g}",
    )


def decision_heading(
    name: str, round_: int, roll: int, mark: DecisionMark, cost: float, rounds: int = 0
) -> Content:
    """The heading of an opened decision (a round past ``rounds`` is a tie-break round)."""
    mark_words = DECISION_MARK_WORDS[mark] or "fine"
    tie_break = rounds and round_ > rounds
    where = f"tie-break round {round_ - rounds}" if tie_break else f"round {round_}"
    return Content.from_markup(
        "[b]$name[/b], $round, after roll $roll: $mark (cost $cost)",
        name=name,
        round=where,
        roll=str(roll),
        mark=mark_words,
        cost=f"{cost:.1f}",
    )


def decision_choices(
    played: tuple[str, float], best: tuple[str, float], next_best: tuple[str, float] | None
) -> Content:
    """What was played, the best and the next best choice, with their expected totals."""
    lines = [
        Content.from_markup(
            "Played: [b]$choice[/b], $value expected.", choice=played[0], value=f"{played[1]:.1f}"
        ),
        Content.from_markup(
            "Best: [b]$choice[/b], $value.", choice=best[0], value=f"{best[1]:.1f}"
        ),
    ]
    if next_best is not None:
        lines.append(
            Content.from_markup(
                "Next best: $choice, $value.", choice=next_best[0], value=f"{next_best[1]:.1f}"
            )
        )
    return Content("\n").join(lines)


ANALYSIS_SHORT_TITLE = "[b]Game analysis[/b]: luck, and decisions against the optimal strategy"
"""The analysis's heading once the review is shown (markup)."""
ANALYSIS_END_COLUMN = "Expected at end"
ANALYSIS_INCOMPLETE_NOTE = (
    "Not every box is filled (a served Generala won, or the game stopped), so Total is not "
    "the sum: Expected at end = Expected at start + Luck − Lost."
)
FOOTER_CHART = "Chart/list"
"""The analysis's key between the chart with the decisions under it and the decisions alone."""


ANALYSIS_TIE_BREAK_HINT = "tb1, tb2…: tie-break rounds (their points are not in the total)."


def decision_round(round_: int, rounds: int) -> str:
    """A decision's round as the analysis lists it: tie-break rounds as tb1, tb2..."""
    return f"tb{round_ - rounds}" if round_ > rounds else str(round_)


# --- replay screen --------------------------------------------------------------------

FOOTER_STEP = "Step"
FOOTER_FIRST = "First"
FOOTER_LAST = "Last"
FOOTER_TURN = "Turn"
REPLAY_FIRST_BUTTON = "« First"
REPLAY_BACK_BUTTON = "◀ Back"
REPLAY_FORWARD_BUTTON = "Forward ▶"
REPLAY_LAST_BUTTON = "Last »"
REPLAY_START = "The game before its first roll."


def replay_topbar(step: int, steps: int, state: GameState) -> Content:
    """Where the replay stands: the step, of how many, and the round (or the tie-break)."""
    if state.phase is Phase.TIE_BREAK:
        where = f"tie-break {len(state.tie_breaks)}"
    elif state.phase is Phase.OVER and step == steps:
        where = "game over"
    else:
        where = f"round {min(state.round, state.rounds)}"
    return Content.from_markup(
        "[b]Replay[/b]  step $step of $steps · $where · ←→ step, PgUp/PgDn a turn",
        step=str(step),
        steps=str(steps),
        where=where,
    )


def replay_step(before: GameState, after: GameState, entry: LogEntry) -> Content:
    """What a step of the log did."""
    name = before.players[entry.seat].name
    if isinstance(entry, Filled | TieBreakEnded):
        return announcement(after, entry)
    if isinstance(entry, HoldToggled):
        verb = "holds" if entry.held else "releases"
        return Content.from_markup(f"$name {verb} die $die.", name=name, die=str(entry.die + 1))
    assert isinstance(entry, Rolled)
    kept = [entry.dice[i] for i in entry.held]
    if kept:
        return Content.from_markup(
            "$name keeps $kept and rolls: [b]$dice[/b].",
            name=name,
            kept=dice_text(kept),
            dice=dice_text(entry.dice),
        )
    return Content.from_markup("$name rolls: [b]$dice[/b].", name=name, dice=dice_text(entry.dice))


# --- game records: export -------------------------------------------------------------

EXPORT_BUTTON = "Save record (e)"
FOOTER_EXPORT = "Save record"
EXPORT_TITLE = "[b]Save the game as a record file[/b]"
EXPORT_PATH_LABEL = "File (a folder, or a name ending in .json):"
EXPORT_SAVE_BUTTON = "Save (Enter)"
EXPORT_CANCEL_BUTTON = "Cancel (Esc)"
GAME_OVER_KEYS["export"] = ("`e`", "save the game as a record file (readable JSON, for replay)")


def record_saved(path: str) -> str:
    """The notice once a record file is written."""
    return f"The game is saved as a record: {path}"


def record_not_saved(error: str) -> str:
    """The notice when a record file could not be written."""
    return f"The record was not saved: {error}"


FOOTER_PLAYER = "Player"
"""The analysis's key to the next (or previous) player's chart and decisions."""
