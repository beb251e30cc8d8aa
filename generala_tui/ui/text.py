"""Every word the screens show for the game's things, and the sentences built from its facts.

Sentences ask :mod:`generala_tui.game.rules` for what they say (the boxes a
served roll raises, what a step of the log did) instead of repeating a rule by
hand. Player names only ever reach the screen as template variables of
:meth:`Content.from_markup`, never as markup.

Every word is written here once, in English, as a message id of the gettext
catalogs (``generala_tui/locale``), and translated when it is read, never when
this module is imported, so a change of language shows on the next redraw:

- ``text.NAME`` (a name annotated ``NAME: str`` with its message in
  ``_WORDS``) is translated by the module's ``__getattr__`` on each access;
  tables such as ``RULE_TEXT`` are built in the current language on each access;
- functions build their sentences with :func:`~generala_tui.i18n._` and
  :func:`~generala_tui.i18n.ngettext` each time they are called;
- :class:`Keys` holds the Footer's words as message ids: a ``Binding`` keeps
  them, and :mod:`generala_tui.ui.translated` translates them as the Footer is drawn.

One section a screen (its labels, buttons, the Footer's key descriptions, its
sentences), after the words every screen shares. Screens and widgets write no
words of their own, and every word here goes through the catalogs
(``tests/ui/test_words.py`` checks both).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from textual.content import Content

from .. import words
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
    printable,
)
from ..i18n import N_, NP_, _, after_colon, decimal, genitive, ngettext, percent, pgettext

if TYPE_CHECKING:  # the strategy's tables (and numpy) load when first needed, not for words
    from ..game.strategy import ActionValue, Decision, PlayerAnalysis
    from ..game.strategy.review import GameReview

_WORDS: dict[str, str] = {}
"""The module's words by name, as message ids: ``text.NAME`` translates on each access."""
_TABLES: dict[str, Callable[[], Any]] = {}
"""The module's tables of words by name, built in the current language on each access."""


def _table(function: Callable[[], Any]) -> Callable[[], Any]:
    """Register ``function`` as the builder of the table named like it, in capitals."""
    _TABLES[function.__name__.lstrip("_").upper()] = function
    return function


if not TYPE_CHECKING:

    def __getattr__(name: str) -> Any:
        if name in _WORDS:
            return _(_WORDS[name])
        if name in _TABLES:
            return _TABLES[name]()
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


KEY_CONTEXT = "key"
"""The catalogs' context of the Footer's words."""


class Keys:
    """The Footer's words for the keys, as message ids: BINDINGS keep these, and the screens
    translate them each time the Footer is drawn (see :mod:`generala_tui.ui.translated`), in
    the context :data:`KEY_CONTEXT`: a key's word is short, the Footer has one line."""

    QUIT = NP_("key", "Quit")
    HELP = NP_("key", "Help")
    SCORECARD = NP_("key", "Scorecard")
    NEW_GAME = NP_("key", "New game")
    UNDO = NP_("key", "Undo")
    CLOSE = NP_("key", "Close")
    STATISTICS = NP_("key", "Statistics")
    HISTORY = NP_("key", "History")
    SAVE = NP_("key", "Save")
    CANCEL = NP_("key", "Cancel")
    ADD_PLAYER = NP_("key", "Add player")
    HOUSE_RULES = NP_("key", "House rules")
    START = NP_("key", "Start")
    RESUME = NP_("key", "Resume")
    ROLL = NP_("key", "Roll")
    HOLD = NP_("key", "Hold")
    CHOOSE = NP_("key", "Choose")
    FILL = NP_("key", "Fill")
    TAKE_SCORE = NP_("key", "Take score")
    COACH = NP_("key", "Coach")
    SKIP_AHEAD = NP_("key", "Skip ahead")
    PAUSE = NP_("key", "Pause")
    PACE = NP_("key", "Pace")
    SLOWER = NP_("key", "Slower")
    SETUP = NP_("key", "Setup")
    YES = NP_("key", "Yes")
    NO = NP_("key", "No")
    PLAY_AGAIN = NP_("key", "Play again")
    ANALYSIS = NP_("key", "Analysis")
    SCROLL = NP_("key", "Scroll")
    PAGE = NP_("key", "Page")
    TOP = NP_("key", "Top")
    END = NP_("key", "End")
    TRY_AGAIN = NP_("key", "Try again")
    LANGUAGE = NP_("key", "Language")
    TRAINER = NP_("key", "Trainer")
    NEXT = NP_("key", "Next")
    ANOTHER_ROUND = NP_("key", "Another round")
    OPEN = NP_("key", "Open")
    STEP = NP_("key", "Step")
    FIRST = NP_("key", "First")
    LAST = NP_("key", "Last")
    TURN = NP_("key", "Turn")
    EXPORT = NP_("key", "Save record")
    PLAYER = NP_("key", "Player")
    CHART = NP_("key", "Chart/list")
    # Textual's own words, in its Footer, its command palette and its key panel.
    PALETTE = NP_("key", "palette")
    PALETTE_TOOLTIP = NP_("key", "Open the command palette")
    DISMISS_MENU = NP_("key", "Dismiss menu")  # an open Select's list
    EXIT_PALETTE = NP_("key", "Exit the command palette")


KEY_NAME_CONTEXT = "key name"
"""The catalogs' context of the keys' names."""

_KEY_NAMES: dict[str, str] = {
    # As Textual's Footer writes them (``App.get_key_display``) ...
    "esc": NP_("key name", "esc"),
    "space": NP_("key name", "space"),
    "tab": NP_("key name", "tab"),
    "home": NP_("key name", "home"),
    "end": NP_("key name", "end"),
    "pgup": NP_("key name", "pgup"),
    "pgdn": NP_("key name", "pgdn"),
    "PgUp/PgDn": NP_("key name", "PgUp/PgDn"),
    # ... and as the help and the buttons name them.
    "escape": NP_("key name", "escape"),
    "enter": NP_("key name", "enter"),
}
"""The keys whose names are words, as message ids: each language names them as its keyboards
print them (Spanish "Intro", "Inicio"; Swedish "mellanslag"); symbols and letters stay."""


def key_name(key: str) -> str:
    """The name of ``key`` (a Textual key name, or the Footer's display of one) as the players
    of the current language read it on their keyboards; a key that is no word stays as it is."""
    message = _KEY_NAMES.get(key)
    return pgettext(KEY_NAME_CONTEXT, message) if message is not None else key


def yes_key() -> str:
    """The key that answers a dialog's question yes: the first letter of the language's "yes"
    (``y``, Spanish ``s``, Swedish ``j``); ``y`` is accepted in every language too."""
    return pgettext("answer key", "y")


NO_KEY = "n"
"""The key that answers no: the first letter of "no" in all three languages ("nej")."""


# --- words every screen shares: the game's things, marks, the app-wide keys -----------

GAME_NAME_ART = """\
 ╔═╗╔═╗╔╗╔╔═╗╦═╗╔═╗╦  ╔═╗
 ║ ╦║╣ ║║║║╣ ╠╦╝╠═╣║  ╠═╣
 ╚═╝╚═╝╝╚╝╚═╝╩╚═╩ ╩╩═╝╩ ╩"""
"""The game's name in block letters, over the setup screen (a name: the same in every
language)."""

COMPUTER_MARK = "⚙"
"""A computer player, in the standings and on the seats' level buttons."""

PACE_NAMES: tuple[str, ...]


@_table
def _pace_names() -> tuple[str, ...]:
    """The computer players' paces, slowest first (see ``GeneralaApp.COMPUTER_SPEEDS``)."""
    return (_("very slow"), _("slow"), _("normal"), _("fast"), _("instant"))


LEVEL_LABELS: dict[Level | None, str]


_LEVEL_NAMES = words.LEVEL_NAMES


@_table
def _level_labels() -> dict[Level | None, str]:
    return {
        None: _("Human"),
        **{level: f"{COMPUTER_MARK} " + _(name) for level, name in _LEVEL_NAMES.items()},
    }


LEVEL_STEP_MARK = "▸"
"""On a seat's level button, after the level: the button steps to the next one."""


def level_button_label(level: Level | None) -> str:
    """A seat's level button: the level, and the mark saying a press steps to the next."""
    return f"{_level_labels()[level]} {LEVEL_STEP_MARK}"


def level_named(name: str, level: Level | None) -> str | None:
    """``name`` in the current language when it is the name the game gave a computer after
    its level, in any of the game's languages ("Medium", "Medium 2": "Medio", "Medio 2"), so
    that it can follow a change of language; None for a name typed (or a human's)."""
    from ..i18n import LANGUAGES, catalog

    if level is None:
        return None
    message = _LEVEL_NAMES[Level(level)]
    for lang in LANGUAGES:
        base = catalog(lang).gettext(message)
        if name == base:
            return _(message)
        number = name.removeprefix(base + " ")
        if name.startswith(base + " ") and number.isdigit():
            return f"{_(message)} {number}"
    return None


category_label = words.category_label
refusal = words.refusal


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

CLOSE_BUTTON: str
_WORDS["CLOSE_BUTTON"] = N_("Close (Esc)")
"""The button that closes a panel (help, scorecard, analysis)."""


# --- house rules: the settings screen, and the setup screen's summary ----------------

RULE_TEXT: dict[str, tuple[str, str]]


@_table
def _rule_text() -> dict[str, tuple[str, str]]:
    """A title and a one-line explanation for each house rule (docs/rules.md)."""
    return {
        "generala_points": (
            _("Generala points"),
            _("What five of a kind scores in the Generala box."),
        ),
        "served_bonus": (
            _("Served bonus"),
            _("Extra points for a Straight, Full house or Four of a kind on a served roll."),
        ),
        "served_roll": (_("Served rolls"), _("Which rolls count as served.")),
        "straight": (_("Straights"), _("Which dice make a Straight.")),
        "served_generala_wins": (
            _("Served Generala wins"),
            _("Five of a kind on a served roll, Generala box open, wins at once."),
        ),
        "double_generala": (
            _("Double Generala box"),
            _("A second five of a kind scores 100 once Generala holds points."),
        ),
        "double_generala_served_bonus": (
            _("Double Generala served: 120"),
            _("A served Double Generala scores 120 instead of 100."),
        ),
        "two_pairs": (
            _("Two pairs box"),
            _("Two pairs and an odd die score 10 (15 served)."),
        ),
        "locked_holds": (
            _("Locked holds"),
            _("A die held for a roll stays held for the rest of the turn."),
        ),
        "tie_break": (
            _("Tie-break round"),
            _("Tied leaders play one more turn each; off: they share the win."),
        ),
    }


VALUE_TEXT: dict[str, str]


@_table
def _value_text() -> dict[str, str]:
    """The words for the values of the house rules that are not numbers."""
    return words.rule_values()


def rules_summary(house_rules: HouseRules) -> str:
    """The house rules in one or two lines, for the setup screen."""
    return " · ".join(dict.fromkeys(words.rule_phrases(house_rules).values()))


SETTINGS_TITLE: str
_WORDS["SETTINGS_TITLE"] = N_("[b]House rules[/b]  for new games")
"""The settings screen's heading (markup)."""
PRESETS_LABEL: str
_WORDS["PRESETS_LABEL"] = N_("Presets:")
CLASSIC_PRESET = N_("Classic")
"""A preset's name, as a message id (the settings screen keys its presets by it)."""
SWEDISH_PRESET = N_("Swedish text")
CUSTOM_RULES: str
_WORDS["CUSTOM_RULES"] = N_("(custom rules)")
"""Beside the presets when the rules are none of them."""
SAVE_BUTTON: str
_WORDS["SAVE_BUTTON"] = N_("Save (ctrl+s)")
CANCEL_BUTTON: str
_WORDS["CANCEL_BUTTON"] = N_("Cancel (Esc)")
LANGUAGE_TITLE: str
_WORDS["LANGUAGE_TITLE"] = N_("Language")
LANGUAGE_HELP: str
_WORDS["LANGUAGE_HELP"] = N_("The game's language: it changes at once, on every screen.")


PREFERENCES_HEADING: str
_WORDS["PREFERENCES_HEADING"] = N_(
    "[b]Display[/b]  not a house rule: a change takes effect at once"
)
"""The settings screen's heading over the player's own preferences (markup)."""
ROLL_ANIMATION_TITLE: str
_WORDS["ROLL_ANIMATION_TITLE"] = N_("Roll animation")
ROLL_ANIMATION_HELP: str
_WORDS["ROLL_ANIMATION_HELP"] = N_("The rolled dice tumble for a moment before they settle.")


def roll_animation_command(on: bool) -> str:
    """The command palette's entry that turns the roll animation on or off."""
    return _("Turn the roll animation on") if on else _("Turn the roll animation off")


def on_off(value: bool) -> str:
    """A switch's state in a word."""
    return _("on") if value else _("off")


def preset_label(name: str, in_effect: bool) -> Content:
    """A preset's button (``name``: its message id), marked when the rules are that preset."""
    return Content(f"● {_(name)}" if in_effect else f"○ {_(name)}")


def preset_chosen(name: str) -> str:
    """Said when the player picks a preset (``name``: its message id)."""
    if name == CLASSIC_PRESET:
        return _("The Classic rules chosen: Save keeps them.")
    if name == SWEDISH_PRESET:
        return _("The Swedish text's rules chosen: Save keeps them.")
    return _("Preset {name} chosen: Save to keep it.").format(name=_(name))


def applies_only_when(switch: str) -> str:
    """Why a rule changes nothing: the rule ``switch`` (its key in RULE_TEXT) is off."""
    return _("Applies only when “{rule}” is on.").format(rule=_rule_text()[switch][0])


# --- setup screen ---------------------------------------------------------------------

SETUP_SUBTITLE: str
_WORDS["SETUP_SUBTITLE"] = N_("The Latin-American dice game")
PLAYERS_HEADING: str
_WORDS["PLAYERS_HEADING"] = N_("Players, in seating order")
HOUSE_RULES_HEADING: str
_WORDS["HOUSE_RULES_HEADING"] = N_("House rules")
NAME_PLACEHOLDER: str
_WORDS["NAME_PLACEHOLDER"] = N_("Name")
MOVE_UP_TOOLTIP: str
_WORDS["MOVE_UP_TOOLTIP"] = N_("Move up")
MOVE_DOWN_TOOLTIP: str
_WORDS["MOVE_DOWN_TOOLTIP"] = N_("Move down")
REMOVE_TOOLTIP: str
_WORDS["REMOVE_TOOLTIP"] = N_("Remove")
LEVEL_TOOLTIP: str
_WORDS["LEVEL_TOOLTIP"] = N_("Click, Enter or Space for the next level; ←/→ to step")
ADD_PLAYER_BUTTON: str
_WORDS["ADD_PLAYER_BUTTON"] = N_("+ Add player (ctrl+n)")
CHANGE_RULES_BUTTON: str
_WORDS["CHANGE_RULES_BUTTON"] = N_("Change… (ctrl+r)")
START_BUTTON: str
_WORDS["START_BUTTON"] = N_("Start the game (ctrl+s)")


_DEFAULT_PLAYER_NAME = N_("Player {seat}")


def default_player_name(seat: int) -> str:
    """The name a new seat starts with (``seat`` counts from 1)."""
    return _(_DEFAULT_PLAYER_NAME).format(seat=seat)


def default_name_number(name: str) -> int | None:
    """The number in ``name`` when it is a seat's default name in any of the game's languages
    ("Jugador 2": 2), so that it can follow a change of language; None for a name typed."""
    from ..i18n import LANGUAGES, catalog

    for lang in LANGUAGES:
        prefix, _field, suffix = catalog(lang).gettext(_DEFAULT_PLAYER_NAME).partition("{seat}")
        middle = name.removeprefix(prefix).removesuffix(suffix)
        if name.startswith(prefix) and name.endswith(suffix) and middle.isdigit():
            return int(middle)
    return None


def seat_label(seat: int) -> str:
    """A seat's number in the list of players (``seat`` counts from 0)."""
    return f"{seat + 1}."


def too_many_players(most: int) -> str:
    """Said when the player adds a seat to a full table."""
    return ngettext(
        "A game has at most {most} player.", "A game has at most {most} players.", most
    ).format(most=most)


# --- turn screen ------------------------------------------------------------------------

# The Footer's words for the turn screen's keys (TurnScreen.BINDINGS).

# The turn screen's buttons and panel titles.
ROLL_BUTTON: str
_WORDS["ROLL_BUTTON"] = N_("Roll")
END_TURN_BUTTON: str
_WORDS["END_TURN_BUTTON"] = N_("End turn")
TURN_SCORECARD_BUTTON: str
_WORDS["TURN_SCORECARD_BUTTON"] = N_("Scorecard (s)")
TURN_HELP_BUTTON: str
_WORDS["TURN_HELP_BUTTON"] = N_("Rules and keys (?)")
STANDINGS_TITLE: str
_WORDS["STANDINGS_TITLE"] = N_("Standings")
COACH_TITLE: str
_WORDS["COACH_TITLE"] = N_("Coach")
SCRATCH_ANSWER: str
_WORDS["SCRATCH_ANSWER"] = N_("Scratch")
KEEP_PLAYING_ANSWER: str
_WORDS["KEEP_PLAYING_ANSWER"] = N_("Keep playing")

DOUBLE_GENERALA_NOTES: dict[str | None, str]


@_table
def _double_generala_notes() -> dict[str | None, str]:
    """Beside the Double Generala box: why it can only be scratched for now, if it can."""
    return {"alive": "", "waiting": _("later"), "dead": _("dead"), None: ""}


GAME_NAME = "GENERALA"
"""The game's name over the turn screen: a name, the same in every language."""


def coach_button(on: bool) -> str:
    """The button that turns the coach on or off."""
    return _("Coach off (h)") if on else _("Coach (h)")


def describe_action(action: Action, dice: Sequence[int] = ()) -> str:
    """The action in words; with the turn's ``dice``, a roll names the dice it keeps."""
    if action.kind is ActionKind.ROLL:
        if not action.held:
            return _("Roll all five dice") if dice else pgettext("action", "Roll")
        if len(dice) == NUMBER_OF_DICE:
            kept = "-".join(str(dice[i]) for i in action.held)
            return _("Keep {dice} and roll").format(dice=kept)
        return ngettext(
            "Hold die {dice} and roll", "Hold dice {dice} and roll", len(action.held)
        ).format(dice=_and([str(i + 1) for i in action.held]))
    if action.kind is ActionKind.END_TIE_BREAK:
        return _("End the tie-break turn")
    assert action.category is not None
    box = category_label(action.category)
    if action.kind is ActionKind.SCORE:
        return _("Score {box}").format(box=box)
    return _("Scratch {box}").format(box=box)


def announcement(state: GameState, entry: LogEntry) -> Content:
    """What a turn's last step did, for the next player's screen; empty for other steps."""
    name = state.players[entry.seat].name
    if isinstance(entry, Filled):
        box = category_label(entry.category)
        if not entry.points:
            return Content.from_markup(_("$player scratched $box."), player=name, box=box)
        template = (
            _("$player scored [b]$points[/b] in $box (served).")
            if entry.served_bonus
            else _("$player scored [b]$points[/b] in $box.")
        )
        return Content.from_markup(template, player=name, points=str(entry.points), box=box)
    if isinstance(entry, TieBreakEnded):
        return Content.from_markup(
            _("$player takes [b]$points[/b] tie-break points."),
            player=name,
            points=str(entry.points),
        )
    return Content("")


def topbar(state: GameState, short: bool = False) -> Content:
    """The round, whose turn it is and the rolls taken (``short``: for a narrow terminal)."""
    dots = "●" * state.turn.rolls + "○" * state.rolls_left
    if short:
        short_stage = _("Tie-break $n") if state.phase is Phase.TIE_BREAK else _("Round $n/$rounds")
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
        stage = Content.from_markup(_("[b]Tie-break[/b] round $n"), n=str(len(state.tie_breaks)))
    else:
        stage = Content.from_markup(
            _("Round [b]$round[/b]/$rounds"), round=str(state.round), rounds=str(state.rounds)
        )
    return Content.assemble(
        Content.from_markup("[b $accent]$game[/]", game=GAME_NAME),
        "   ",
        stage,
        "   ",
        Content.from_markup(
            _("[b]$whose[/b] turn   roll $rolls of $max $dots"),
            whose=genitive(state.current_player.name),
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
    return Content.from_markup(_("[b $warning]Served![/] $parts. "), parts=parts)


def prompt(
    state: GameState, *, strategy_progress: float | None, paused: bool, hint: bool = True
) -> Content:
    """What the player to act can do now, in one or two lines. Without ``hint``, a served
    roll's note goes without the reminder after it (for a message area it would overflow)."""
    turn = state.turn
    name = state.current_player.name
    if rules.computer_to_act(state):
        if paused:
            return Content.from_markup(
                _("[b]$name[/b] ⚙ is paused: [b]p[/b] resumes."), name=state.current_player.name
            )
        if strategy_progress is not None and state.current_player.level is Level.EXPERT:
            return Content.from_markup(
                _("[b]$name[/b] ⚙ is working out the best play… $done"),
                name=name,
                done=percent(strategy_progress),
            )
        return Content.from_markup(
            _(
                "[b]$name[/b] ⚙ is playing: [b]f[/b] skips ahead, [b]p[/b] pauses, "
                "[b]+[/b] [b]-[/b] set the pace."
            ),
            name=name,
        )
    tie_break = state.phase is Phase.TIE_BREAK
    if turn.rolls == 0:
        return Content.from_markup(
            _("[b]$name[/b], roll the dice: [b]r[/b], space, or the Roll button."), name=name
        )
    served = served_note(state) if turn.served and not tie_break else Content("")
    if tie_break:
        if not state.rolls_left:
            rest = _("No rolls left: take your tie-break score (Enter).")
        elif not rules.can_roll(state):
            rest = _("All five dice are held: release one to roll, or take your tie-break score.")
        else:
            rest = _("Roll, or take your tie-break score (Enter).")
    elif not state.rolls_left:
        rest = _("No rolls left: choose a box (↑↓ and Enter, or click it).")
    elif not rules.can_roll(state):
        rest = _("All five dice are held: release one to roll, or fill a box.")
    elif turn.served:
        if not hint:
            return served
        rest = _("Hold dice and roll, or fill a box.")
    else:
        rest = _("Click dice or press 1-5 to hold them, then roll; or fill a box.")
    return Content.assemble(served, rest)


def _and(names: Sequence[str]) -> str:
    """Names in a list: "Ana and Bruno", "Ana, Bruno and Carla"."""
    if len(names) < 2:
        return "".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def tie_break_lines(state: GameState) -> Content:
    """Who is tied, the scores of the round so far, and what the dice would take now."""
    tie_round = state.tie_breaks[-1]
    names = [state.players[i].name for i in tie_round.contenders]
    lines = [
        Content.from_markup(
            _(
                "[b]Tie-break![/b] $names are tied. One turn each: the best score the final "
                "dice would earn in any box of an empty scorecard wins."
            ),
            names=_and(names),
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
                _("Round $n was tied again: $scores."),
                n=str(len(state.tie_breaks) - 1),
                scores=scores,
            )
        )
    played = [
        f"{state.players[i].name}: {points}"
        for i, points in zip(tie_round.contenders, tie_round.scores, strict=False)
    ]
    if played:
        lines.append(Content.from_markup(_("Scores so far: $scores"), scores=", ".join(played)))
    points = tie_break_points(state)
    if points is not None:
        lines.append(Content.from_markup(_("Your dice score [b]$p[/b] now."), p=str(points)))
    return Content("\n").join(lines)


def tie_break_points(state: GameState) -> int | None:
    """The tie-break score the dice would take now; None before the first roll."""
    if not state.turn.rolls:
        return None
    return rules.tie_break_score(state.turn.dice, state.house_rules, state.turn.served)


def end_turn_label(state: GameState) -> str:
    """The tie-break turn's button."""
    points = tie_break_points(state)
    if points is None:
        return _("End turn (Enter)")
    return ngettext("Take {points} point (Enter)", "Take {points} points (Enter)", points).format(
        points=points
    )


def roll_label(state: GameState) -> str:
    """The Roll button."""
    if not state.rolls_left:
        return _("No rolls")
    return ngettext("Roll ({left} left)", "Roll ({left} left)", state.rolls_left).format(
        left=state.rolls_left
    )


def pace_notice(index: int) -> str:
    """Said when the player changes the computers' pace."""
    return _("Computer pace: {pace}.").format(pace=_pace_names()[index])


def paused_notice(paused: bool) -> str:
    """Said when the player pauses or resumes the computers."""
    return _("Computer players paused: p resumes.") if paused else _("Computer players resume.")


def computer_failed(name: str, error: str) -> str:
    """Said when a computer player could not choose its move."""
    return _("{name} could not choose a move ({error}): press f to try again.").format(
        name=name, error=error
    )


def computer_stopped(error: str) -> str:
    """Said when the computer players' worker failed."""
    return _("{error}. Press f to try again.").format(error=error)


def worker_failed(work: str, error: str) -> str:
    """Said when some background work failed."""
    return _("Something went wrong in {work}: {error}").format(work=work, error=error)


def analysis_failed(error: str) -> str:
    """Shown on the analysis screen when the analysis could not be made."""
    return _("The game could not be analysed: {error}\nPress r to try again.").format(error=error)


def strategy_failed(error: str) -> str:
    """Said when the strategy tables could not be computed."""
    return _("The optimal strategy could not be computed ({error}). {hint}").format(
        error=error, hint=_(_WORDS["RETRY_HINT"])
    )


RETRY_HINT: str
_WORDS["RETRY_HINT"] = N_("Press f on the turn screen, or r on the analysis, to try again.")


def too_small(width: int, height: int, min_width: int, min_height: int) -> str:
    """Shown instead of the game when the terminal is too small for it."""
    return _(
        "Make the terminal at least {min_width}×{min_height} to play (it is {width}×{height})."
    ).format(min_width=min_width, min_height=min_height, width=width, height=height)


def scratch_question(category_name: str) -> Content:
    """The question before a scratch."""
    return Content.from_markup(
        _("Scratch [b]$box[/b]? It will hold 0 points (✗) for the rest of the game."),
        box=category_name,
    )


# --- the turn screen's widgets: dice, boxes, coach, scorecard, standings -------------

HELD_LABEL: str
_WORDS["HELD_LABEL"] = N_("HELD")
LOCKED_LABEL: str
_WORDS["LOCKED_LABEL"] = N_("LOCKED")
"""Under a held die (a locked one, under the locked-holds rule, can't be released)."""
NO_POINTS_YET = "–"
"""A box's points before the first roll."""
SCRATCH_TAG: str
_WORDS["SCRATCH_TAG"] = N_("scratch")
SERVED_TAG: str
_WORDS["SERVED_TAG"] = N_("served")
"""After a box's points: filling it now scratches it, or takes the served bonus."""
TIE_NOTE: str
_WORDS["TIE_NOTE"] = N_("tie")
"""In the standings: a player in the tie-break."""
SCORECARD_BOX_COLUMN: str
_WORDS["SCORECARD_BOX_COLUMN"] = N_("Box")
SCORECARD_TOTAL_ROW: str
_WORDS["SCORECARD_TOTAL_ROW"] = N_("Total")
BEST_MARGIN = 0.05
"""A loss below this many points is no loss: the coach calls the action best."""


def box_name(category: Category, note: str) -> str:
    """A box in the list of open boxes, with its note (see DOUBLE_GENERALA_NOTES)."""
    return category_label(category) + (f" ({note})" if note else "")


def coach_cost(loss: float) -> str:
    """What an action loses against the best one, or "best"."""
    return _("best") if loss < BEST_MARGIN else f"−{decimal(loss)}"


def action_label(value: ActionValue, state: GameState) -> str:
    """A short name for an action, for the coach's narrow panel: a keep is its dice."""
    action = value.action
    if action.kind is ActionKind.ROLL:
        if not state.turn.rolls:
            return pgettext("action", "Roll")
        return "[" + " ".join(str(v) for v in value.kept) + "]" if value.kept else _("Reroll all")
    if action.kind is ActionKind.END_TIE_BREAK:
        return _("End turn")
    assert action.category is not None
    name = category_label(action.category)
    if action.kind is ActionKind.SCRATCH or not value.points:
        return f"{SCRATCH_MARK} {name}"
    return f"{name} {value.points}"


def coach_keep(label: str) -> str:
    """The coach's advice to keep dice and roll: "Keep [5 5]"."""
    return _("Keep {dice}").format(dice=label)


COACH_WORKING: str
_WORDS["COACH_WORKING"] = N_("Working out the best\nplay… ")
"""Before the coach's progress figure."""
COACH_NOTHING_TO_DECIDE: str
_WORDS["COACH_NOTHING_TO_DECIDE"] = N_("Nothing to decide.")
COACH_TOTAL_HEADING: str
_WORDS["COACH_TOTAL_HEADING"] = N_("Expected final total\n")
COACH_TIE_BREAK_HEADING: str
_WORDS["COACH_TIE_BREAK_HEADING"] = N_("Expected tie-break\n")
COACH_NO_ROLLS: str
_WORDS["COACH_NO_ROLLS"] = N_("No rolls left:\neach box shows its value.")
COACH_KEEPS_HEADING: str
_WORDS["COACH_KEEPS_HEADING"] = N_("Keep and roll:\n")


def coach_progress(done: float) -> str:
    """How far the coach's tables have come, after COACH_WORKING."""
    return f"{percent(done)}\n"


def coach_failed(error: str) -> str:
    """The coach's panel when the strategy could not be computed."""
    return _("The coach can't work: {error}\nPress h twice to try again.").format(error=error)


def coach_computer(name: str) -> str:
    """The coach's panel during a computer player's turn (a plain string: never markup)."""
    return _("{name} is a computer player.").format(name=name)


# --- dialogs --------------------------------------------------------------------------

YES: str
_WORDS["YES"] = N_("Yes")
NO: str
_WORDS["NO"] = N_("No")


def confirm_button(label: str) -> Content:
    """A dialog's button for yes, with its key (the language's own, :func:`yes_key`)."""
    return Content(_("{answer} ({key})").format(answer=label, key=yes_key()))


def cancel_button(label: str) -> Content:
    """A dialog's button for no, with its key."""
    return Content(_("{answer} ({key})").format(answer=label, key=NO_KEY))


# --- scorecard screen -----------------------------------------------------------------

SCORECARD_TITLE: str
_WORDS["SCORECARD_TITLE"] = N_("[b]Scorecard[/b] · ✗ scratched · · open")
"""The scorecard's heading (markup), with its marks explained (✗ is SCRATCH_MARK)."""


# --- the winner's screen ----------------------------------------------------------------

PLAY_AGAIN_BUTTON: str
_WORDS["PLAY_AGAIN_BUTTON"] = N_("Play again")
NEW_GAME_BUTTON: str
_WORDS["NEW_GAME_BUTTON"] = N_("New game")
SCORECARD_BUTTON: str
_WORDS["SCORECARD_BUTTON"] = N_("Scorecard")
ANALYSIS_BUTTON: str
_WORDS["ANALYSIS_BUTTON"] = N_("Analysis")
QUIT_BUTTON: str
_WORDS["QUIT_BUTTON"] = N_("Quit")


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
        return Content.from_markup(_("★ ★ ★   [b]$name wins![/b]   ★ ★ ★"), name=names[0])
    return Content.from_markup(_("★ ★ ★   [b]$names share the win![/b]   ★ ★ ★"), names=_and(names))


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


# Questions the app asks (see the dialogs section for their buttons).

QUIT_ANSWER: str
_WORDS["QUIT_ANSWER"] = N_("Quit")
LEAVE_ANSWER: str
_WORDS["LEAVE_ANSWER"] = N_("Leave")
STAY_ANSWER: str
_WORDS["STAY_ANSWER"] = N_("Stay")


def quit_question(unsaved_in: str | None = None) -> Content:
    """Asked before quitting a game in progress; ``unsaved_in`` names the folder the last
    autosave could not write in, when it failed."""
    if unsaved_in is not None:
        return Content(
            _(
                "Quit now? The game will be lost: it could not be saved in {folder}. "
                "Keep playing, or make that folder writable and play on: the next step saves it."
            ).format(folder=unsaved_in)
        )
    return Content(_("Quit now? The game is saved: generala-tui --resume goes on with it."))


def leave_question(unsaved_in: str | None = None) -> Content:
    """Asked before leaving a game in progress for the setup screen; ``unsaved_in`` names the
    folder the last autosave could not write in, when it failed."""
    if unsaved_in is not None:
        return Content(
            _(
                "Leave this game and set up a new one? The setup screen offers it again, "
                "but it could not be saved in {folder}: quitting the app will lose it."
            ).format(folder=unsaved_in)
        )
    return Content(
        _("Leave this game and set up a new one? It stays saved: the setup screen offers it again.")
    )


def new_game_question(game: GameState) -> Content:
    """Asked before a new game replaces the game in progress offered on the setup screen."""
    return Content.from_markup(
        _("Start a new game? The game in progress ($scores, $stage) will be lost."),
        scores=_scores_line(game),
        stage=_stage(game),
    )


START_NEW_ANSWER: str
_WORDS["START_NEW_ANSWER"] = N_("Start new")
KEEP_GAME_ANSWER: str
_WORDS["KEEP_GAME_ANSWER"] = N_("Keep it")


def nothing_to_resume() -> str:
    """Said when --resume finds no game in progress."""
    return _("There is no game in progress to resume: set up a new one.")


def no_game_slot(folder: object) -> str:
    """Said when every saved game's file in the state folder is held by another window."""
    return _(
        "Every saved game in {folder} is held by another window; this game goes on unsaved."
    ).format(folder=printable(str(folder)))


def beside_another_window() -> str:
    """Said when another window is playing the saved game, so this one keeps its own."""
    return _(
        "Another window is playing the saved game: this window's game is saved apart, and "
        "both can be resumed."
    )


def games_waiting(count: int) -> str:
    """Said when more unfinished games are saved than the one this window goes on with."""
    return ngettext(
        "{count} more unfinished game is saved: another window (generala-tui --resume) "
        "goes on with it.",
        "{count} more unfinished games are saved: another window (generala-tui --resume) "
        "goes on with the one saved last.",
        count,
    ).format(count=count)


def unknown_theme(theme: str) -> str:
    """Said when the preferences name a theme this Textual does not have."""
    # repr: a name read from a file, with any character that does not show escaped.
    return _(
        "The preferences name a theme this generala-tui does not know ({theme}); "
        "the default theme applies."
    ).format(theme=repr(theme))


def resume_label(game: GameState) -> Content:
    """The setup screen's offer to go on with a saved game."""
    return Content.from_markup(
        _("Resume the game in progress: $scores, $stage (ctrl+o)"),
        scores=_scores_line(game),
        stage=_stage(game),
    )


def _scores_line(game: GameState) -> str:
    """Every player's total: "Ana 12 · Bea 30"."""
    return " · ".join(f"{player.name} {player.total}" for player in game.players)


def _stage(game: GameState) -> str:
    """How far the game has come: "round 3/10", or "tie-break 1"."""
    if game.phase is Phase.TIE_BREAK:
        return _("tie-break {n}").format(n=len(game.tie_breaks))
    return _("round {round}/{rounds}").format(round=game.round, rounds=game.rounds)


def match_line(games: int, wins: Sequence[tuple[str, int]]) -> Content:
    """The match so far, after its second game: "Match after 3 games: Ana 2 · Bruno 1"."""
    if games < 2:
        return Content("")
    ranked = sorted(wins, key=lambda item: -item[1])
    return Content.from_markup(
        ngettext(
            "[b]Match[/b] after $games game: $wins", "[b]Match[/b] after $games games: $wins", games
        ),
        games=str(games),
        wins=" · ".join(f"{name} {count}" for name, count in ranked),
    )


# The command palette's commands (GeneralaApp.get_system_commands): a title and a help each.
COMMAND_ROLL: str
_WORDS["COMMAND_ROLL"] = N_("Roll")
COMMAND_ROLL_HELP: str
_WORDS["COMMAND_ROLL_HELP"] = N_("Roll the dice that are not held")
COMMAND_SCORECARD: str
_WORDS["COMMAND_SCORECARD"] = N_("Scorecard")
COMMAND_SCORECARD_HELP: str
_WORDS["COMMAND_SCORECARD_HELP"] = N_("Show every player's boxes")
COMMAND_HELP: str
_WORDS["COMMAND_HELP"] = N_("Rules and keys")
COMMAND_HELP_HELP: str
_WORDS["COMMAND_HELP_HELP"] = N_("How to play, and every key")
COMMAND_NEW_GAME: str
_WORDS["COMMAND_NEW_GAME"] = N_("New game")
COMMAND_NEW_GAME_HELP: str
_WORDS["COMMAND_NEW_GAME_HELP"] = N_("Leave this game and set up a new one")
COMMAND_QUIT: str
_WORDS["COMMAND_QUIT"] = N_("Quit")
COMMAND_QUIT_HELP: str
_WORDS["COMMAND_QUIT_HELP"] = N_("Quit the game (asks first during a game)")
COMMAND_THEME: str
_WORDS["COMMAND_THEME"] = N_("Theme")
COMMAND_THEME_HELP: str
_WORDS["COMMAND_THEME_HELP"] = N_("Change the colours")
COMMAND_SCREENSHOT: str
_WORDS["COMMAND_SCREENSHOT"] = N_("Screenshot")
COMMAND_SCREENSHOT_HELP: str
_WORDS["COMMAND_SCREENSHOT_HELP"] = N_("Save an SVG picture of the screen")
COMMAND_LANGUAGE_HELP: str
_WORDS["COMMAND_LANGUAGE_HELP"] = N_("Speak this language from now on")
PALETTE_PLACEHOLDER: str
_WORDS["PALETTE_PLACEHOLDER"] = N_("Search for commands…")
THEME_PLACEHOLDER: str
_WORDS["THEME_PLACEHOLDER"] = N_("Search for themes…")
NO_COMMAND_MATCHES: str
_WORDS["NO_COMMAND_MATCHES"] = N_("No command matches")
"""In the command palette, when no command matches what the player typed."""
SCREENSHOT_TITLE: str
_WORDS["SCREENSHOT_TITLE"] = N_("Screenshot")
SCREENSHOT_FAILED: str
_WORDS["SCREENSHOT_FAILED"] = N_("The screenshot could not be saved")


def screenshot_saved(path: str | None) -> str:
    """Said when the screenshot command saved its picture (``path``: where, when known)."""
    if path is None:
        return _("Screenshot saved")
    return _("Screenshot saved to {path}").format(path=path)


# --- help screen ------------------------------------------------------------------------


def _straights(rule: StraightRule) -> str:
    return {
        StraightRule.STANDARD: _("1-2-3-4-5, 2-3-4-5-6 or 3-4-5-6-1"),
        StraightRule.STRICT: _("1-2-3-4-5 or 2-3-4-5-6"),
        StraightRule.WRAPAROUND: _("any five different numbers"),
        StraightRule.ONE_REPLACES_TWO: _("1-2-3-4-5, 2-3-4-5-6, 3-4-5-6-1, or 1-1-3-4-5"),
        StraightRule.ONES_WILD: _("five different numbers, each 1 standing in for any missing one"),
    }[rule]


TURN_KEYS: dict[str, tuple[str, str]]


@_table
def _turn_keys() -> dict[str, tuple[str, str]]:
    """What each key of the turn screen does, by the action it is bound to."""
    enter = key_name("enter")
    return {
        "roll": (f"`r`, `{key_name('space')}`", _("roll the dice that are not held")),
        "hold": ("`1` … `5`", _("hold or release a die (or click it)")),
        "move": ("`↑` `↓`", _("move the cursor (▶) over your open boxes")),
        "fill": (f"`{enter}`", _("fill the box under the cursor (or click a box)")),
        "end_tie_break": (f"`{enter}`", _("in a tie-break turn: take your tie-break score")),
        "scorecard": ("`s`", _("show the scorecard; `escape` closes it")),
        "coach": (
            "`h`",
            _("the coach: every choice's expected final total and what it costs (★ its advice)"),
        ),
        "help": ("`?`", _("this help")),
        "skip_ahead": ("`f`", _("during a computer's turn: play the rest of it at once")),
        "speed": ("`+` `-`", _("a computer's pace: faster, slower")),
        "pause": ("`p`", _("pause the computer players, or resume them")),
        "new_game": (
            f"`{key_name('escape')}`",
            _("back to the setup screen (asks first; the game stays saved)"),
        ),
    }


GAME_OVER_KEYS: dict[str, tuple[str, str]]


@_table
def _game_over_keys() -> dict[str, tuple[str, str]]:
    """What each key of the winner's screen does, by the action it is bound to."""
    return {
        "play_again": ("`a`", _("play again with the same players")),
        "new_game": ("`n`", _("a new game: back to the setup screen")),
        "scorecard": ("`s`", _("the final scorecard")),
        "analysis": ("`v`", _("the analysis: the expected points each player's decisions lost")),
        "statistics": ("`t`", _("every player's statistics over the history")),
        "history": (
            "`y`",
            _("the history of finished games (`enter` opens one in the analysis)"),
        ),
        "quit": ("`q`", _("quit")),
        "export": ("`e`", _("save the game as a record file (readable JSON, for replay)")),
    }


RULES_PAGES = {"en": "docs/rules.md", "es": "docs/rules.es.md", "sv": "docs/rules.sv.md"}
"""The rule book in each language, in the game's source folder."""


def keys_text() -> str:
    """Every key, in Markdown tables."""
    from ..i18n import language

    turn = "\n".join(f"| {keys} | {what} |" for keys, what in _turn_keys().values())
    over = "\n".join(f"| {keys} | {what} |" for keys, what in _game_over_keys().values())
    header = "| {key} | {what} |\n|---|---|".format(key=_("Key"), what=_("What it does"))
    lines = [
        "# " + _("Keys"),
        "## " + _("During a turn"),
        header,
        turn,
        "| `{yes}` / `{enter}`, `{no}` / `{escape}` | {what} |".format(
            yes=yes_key(),
            enter=key_name("enter"),
            no=NO_KEY,
            escape=key_name("escape"),
            what=_("answer a question"),
        ),
        "| `ctrl+z` | {} |".format(_("take back your last fill or hold change (never a roll)")),
        "| `ctrl+p` | {} |".format(_("the command palette")),
        "| `ctrl+q`, `ctrl+c` | {} |".format(
            _("quit (asks first during a game; the game is saved all the same)")
        ),
        "",
        "## " + _("After a game"),
        header,
        over,
        "",
        "## " + _("Elsewhere"),
        _(
            "On the setup screen: `enter` in a name goes on to the next name (in the last one "
            "it starts the game), `ctrl+n` adds a player, `ctrl+r` opens the house rules and "
            "the language, `ctrl+s` starts the game, `ctrl+o` resumes the game in progress "
            "saved when the game last stopped, `ctrl+t` shows the statistics, `ctrl+y` the "
            "history of finished games, `ctrl+g` the trainer, `tab` moves between the fields. "
            "In the statistics and the history `escape` closes them; in the history `enter` or "
            "a click opens a game in the analysis."
        ),
        "",
        _(
            "A seat's level button (Human ▸, ⚙ Medium ▸) says who plays it: a click, `enter` "
            "or `space` goes on to the next level (Human, Easy, Medium, Expert, then Human "
            "again), `→` and `←` step forward and back."
        ),
        "",
        "## " + _("In the history"),
        _(
            "`enter` or a click opens the highlighted game in the analysis, `e` saves it as a "
            "record file (readable JSON, in your Documents folder unless you type another "
            "place), `escape` closes the history."
        ),
        "",
        "## " + _("In the analysis"),
        _(
            "The decisions take the keys: `up` `down` choose one, `home` `end` the first or "
            "last, `enter` (or a click) opens it with the coach's values; `c` switches between "
            "the chart with the decisions under it and the decisions alone; `n` and `p` go to "
            "the next or previous player; `r` tries again when the analysis failed; `escape` or "
            "`v` closes it."
        ),
        "",
        "## " + _("In the trainer"),
        _(
            "The turn's keys answer a position: `1`-`5` hold, `r` roll, `up` `down` and `enter` "
            "fill a box; then `enter` goes on to the next position (after the last, another "
            "round), and `escape` closes the trainer. Open it with `ctrl+g` on the setup screen."
        ),
        "",
        "## " + _("Replaying a record"),
        _(
            "`generala-tui replay FILE` steps through a game record: `right` or `l` a step "
            "forward, `left` or `h` a step back, `pagedown` `pageup` a turn, `home` `end` the "
            "first or last step (which says how the game ended), `escape` closes."
        ),
        "",
        _(
            "In this help: `↑` `↓`, `PgUp` `PgDn`, `Home` `End` or the mouse wheel scroll; "
            "`escape` closes it."
        ),
        "",
        "# " + _("The whole rule book"),
        _(
            "Every house rule with its setting name, and the boxes' names in Spanish and "
            "Swedish: `{page}` in the game's source folder."
        ).format(page=RULES_PAGES.get(language(), RULES_PAGES["en"])),
        "",
    ]
    return "\n".join(lines)


def help_text(house_rules: HouseRules) -> str:
    """The rules as these house rules play them, and the keys, in Markdown."""
    h = house_rules
    bonus = h.served_bonus
    if h.served_roll is ServedRoll.FIRST_ROLL:
        served = _("the **first roll** of the turn")
    else:
        served = _("any roll that throws **all five dice** (the first roll always does)")

    def points(category: Category, dice: list[int]) -> str:
        # The rules are the one source of the points: ask them about example dice.
        plain = rules.category_score(dice, category, h, served=False)
        served = rules.category_score(dice, category, h, served=True)
        if served == plain:
            return str(plain)
        return _("{points}, served {served}").format(points=plain, served=served)

    def row(box: str, needs: str, score: str) -> str:
        return f"| {box} | {needs} | {score} |"

    ones_to_sixes = _("{ones} … {sixes}").format(
        ones=category_label(Category.ONES), sixes=category_label(Category.SIXES)
    )
    rows = [
        row(ones_to_sixes, _("any dice"), _("the dice of that number, added up")),
        row(
            category_label(Category.STRAIGHT),
            _straights(h.straight),
            points(Category.STRAIGHT, [1, 2, 3, 4, 5]),
        ),
        row(
            category_label(Category.FULL_HOUSE),
            _("three of a kind and a pair"),
            points(Category.FULL_HOUSE, [2, 2, 2, 3, 3]),
        ),
        row(
            category_label(Category.FOUR_OF_A_KIND),
            _("four dice alike"),
            points(Category.FOUR_OF_A_KIND, [4, 4, 4, 4, 1]),
        ),
        row(
            category_label(Category.GENERALA),
            _("five dice alike"),
            points(Category.GENERALA, [6] * 5),
        ),
    ]
    if h.double_generala:
        rows.append(
            row(
                category_label(Category.DOUBLE_GENERALA),
                _("five dice alike, once Generala holds points"),
                points(Category.DOUBLE_GENERALA, [6] * 5),
            )
        )
    if h.two_pairs:
        rows.append(
            row(
                category_label(Category.TWO_PAIRS),
                _("two pairs and an odd die"),
                points(Category.TWO_PAIRS, [1, 1, 2, 2, 3]),
            )
        )
    lines = [
        "# " + _("How to play Generala"),
        "",
        ngettext(
            "Five dice, a scorecard, and one box to fill each turn. The game has {rounds} "
            "round, one per box; the highest total wins.",
            "Five dice, a scorecard, and one box to fill each turn. The game has {rounds} "
            "rounds, one per box; the highest total wins.",
            len(h.categories()),
        ).format(rounds=len(h.categories())),
        "",
        "## " + _("Your turn"),
        "- "
        + _(
            "**Roll** up to three times. After each roll, **hold** any dice you like and "
            "roll the others again, or stop whenever you want."
        ),
        "- "
        + _(
            "End the turn by **filling one open box**: score the dice there, or **scratch** a "
            "box (✗, 0 points) when nothing fits. {ones_to_sixes} always take the dice; with "
            "none of that number they count as a scratch."
        ).format(ones_to_sixes=ones_to_sixes),
    ]
    if h.locked_holds:
        lines.append(
            "- "
            + _(
                "**Locked holds**: a die that was held when you rolled stays held for the "
                "rest of the turn."
            )
        )
    lines += [
        "",
        "## " + _("The boxes"),
        "| {box} | {needs} | {points} |".format(box=_("Box"), needs=_("Needs"), points=_("Points")),
        "|---|---|---|",
        *rows,
        "",
        "## " + _("Served rolls"),
        ngettext(
            "A roll is *served* when it is {served}. A {straight}, {full} or {four} scored "
            "from a served roll earns **{bonus} extra point**.",
            "A roll is *served* when it is {served}. A {straight}, {full} or {four} scored "
            "from a served roll earns **{bonus} extra points**.",
            bonus,
        ).format(
            served=served,
            straight=category_label(Category.STRAIGHT),
            full=category_label(Category.FULL_HOUSE),
            four=category_label(Category.FOUR_OF_A_KIND),
            bonus=bonus,
        ),
    ]
    if h.served_generala_wins:
        lines.append(
            _(
                "A **Generala on a served roll** while your Generala box is still open "
                "**wins the game at once**."
            )
        )
    lines += ["", "## " + _("Ties")]
    if h.tie_break:
        lines.append(
            _(
                "Players tied for the highest total play a **tie-break**: one turn each, "
                "scored as the best box their final dice would earn on an empty scorecard. "
                "Still tied? Another round."
            )
        )
    else:
        lines.append(_("Players tied for the highest total **share the win**."))
    # Generala's words come from Spanish; each language says which ones its players meet.
    glossary = _(
        "Generala is played in Spanish around the table: a served roll is a *servida*, "
        "Four of a kind is *Póker*, Full house is *Full*, Straight is *Escalera*, Two pairs "
        "is *Doble*, and scratching a box is *tachar*."
    )
    lines += ["", "## " + _("Words at the table"), glossary]
    return "\n".join(lines) + "\n\n" + keys_text()


# --- analysis screen ----------------------------------------------------------------------

ANALYSIS_TITLE: str
_WORDS["ANALYSIS_TITLE"] = N_(
    "[b]Game analysis[/b]: expected points each player's decisions gave away "
    "against the optimal strategy."
)
"""The analysis's heading (markup)."""
ANALYSING: str
_WORDS["ANALYSING"] = N_("Analysing the game…")


def dice_text(dice: Sequence[int]) -> str:
    """The dice of a position: "3-3-5-6-6"."""
    return "-".join(str(d) for d in dice) if dice else _("no dice yet")


def decision_text(decision: Decision) -> Content:
    """One costly decision: the position, what was played, what the optimum would have done."""
    state = decision.state
    return Content.from_markup(
        _("  Round $round, roll $roll ($dice): [b]$played[/b], [$error]−$loss[/]\n    best: $best"),
        round=str(decision.round),
        roll=str(state.turn.rolls),
        dice=dice_text(state.turn.dice),
        played=describe_action(decision.action, state.turn.dice),
        loss=decimal(decision.loss),
        best=describe_action(decision.best, state.turn.dice),
    )


def analysis_text(analyses: Sequence[PlayerAnalysis]) -> Content:
    """Every player's expected points lost, and their three costliest decisions."""
    blocks: list[Content] = []
    for analysis in analyses:
        header = Content.from_markup(
            ngettext(
                "[b]$name[/b]: $loss expected points lost over $count decision",
                "[b]$name[/b]: $loss expected points lost over $count decisions",
                analysis.decisions,
            ),
            name=analysis.name,
            loss=decimal(analysis.total_loss),
            count=str(analysis.decisions),
        )
        lines = [header]
        if analysis.costliest:
            lines += [decision_text(decision) for decision in analysis.costliest]
        else:
            lines.append(Content("  " + _("Every decision was optimal.")))
        blocks.append(Content("\n").join(lines))
    if not blocks:
        return Content(_("No decisions to analyse in this game."))
    return Content("\n\n").join(blocks)


# --- statistics and history screens ---------------------------------------------------

STATISTICS_BUTTON: str
_WORDS["STATISTICS_BUTTON"] = N_("Statistics (t)")
HISTORY_BUTTON: str
_WORDS["HISTORY_BUTTON"] = N_("History (y)")
STATISTICS_SETUP_BUTTON: str
_WORDS["STATISTICS_SETUP_BUTTON"] = N_("Statistics (ctrl+t)")
HISTORY_SETUP_BUTTON: str
_WORDS["HISTORY_SETUP_BUTTON"] = N_("History (ctrl+y)")
READING_HISTORY: str
_WORDS["READING_HISTORY"] = N_("Reading the history…")
NO_HISTORY: str
_WORDS["NO_HISTORY"] = N_("No finished games yet: every game played to the end is kept here.")
NOT_ANALYSED = "–"
"""In the statistics, a figure there is nothing to compute from."""

STATISTICS_COLUMNS: tuple[str, ...]


@_table
def _statistics_columns() -> tuple[str, ...]:
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


CHART_COLUMNS: tuple[str, ...]


@_table
def _chart_columns() -> tuple[str, ...]:
    return (_("Player"), _("Totals, oldest first"), _("Last"))


HISTORY_COLUMNS: tuple[str, ...]


@_table
def _history_columns() -> tuple[str, ...]:
    return (_("Finished"), _("Winner"), _("Totals"), _("Won by"))


STATISTICS_NOTE: str


@_table
def _statistics_note() -> str:
    return _(
        "Best, average and worst leave out games won at once by a served Generala. "
        "Generalas: games with points in the Generala box, or won by a served one. "
        "Auto wins: games won at once by a served Generala. "
        "Lost/game: the expected points a player's decisions gave away per analysed game "
        "({none}: none analysed)."
    ).format(none=NOT_ANALYSED)


ENDING_WORDS: dict[Ending, str]


@_table
def _ending_words() -> dict[Ending, str]:
    return {
        Ending.POINTS: _("points"),
        Ending.SERVED_GENERALA: _("served Generala"),
        Ending.TIE_BREAK: _("tie-break"),
        Ending.SHARED: _("shared win"),
    }


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


def history_title(games: int) -> str:
    """The heading of the history."""
    return ngettext(
        "History: {count} game, newest first. Enter or a click shows a game's analysis.",
        "History: {count} games, newest first. Enter or a click shows a game's analysis.",
        games,
    ).format(count=games)


def figure(value: float | None, digits: int) -> str:
    """A figure of the statistics, as the language writes numbers (NOT_ANALYSED for none)."""
    return NOT_ANALYSED if value is None else decimal(value, digits)


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

TRAINER_SETUP_BUTTON: str
_WORDS["TRAINER_SETUP_BUTTON"] = N_("Trainer (ctrl+g)")
TRAINER_NEXT_BUTTON: str
_WORDS["TRAINER_NEXT_BUTTON"] = N_("Next (Enter)")
TRAINER_AGAIN_BUTTON: str
_WORDS["TRAINER_AGAIN_BUTTON"] = N_("Another round (Enter)")
TRAINER_SCORE_TITLE: str
_WORDS["TRAINER_SCORE_TITLE"] = N_("Training score")
TRAINER_PREPARING: str
_WORDS["TRAINER_PREPARING"] = N_("Choosing the training positions…")
TRAINER_COMMAND: str
_WORDS["TRAINER_COMMAND"] = N_("Trainer")
TRAINER_COMMAND_HELP: str
_WORDS["TRAINER_COMMAND_HELP"] = N_(
    "Decide in positions from your costliest decisions, and see what each costs"
)


def trainer_failed(error: str) -> str:
    """The training positions could not be had."""
    return _("The training positions could not be prepared: {error}. Press r to try again.").format(
        error=error
    )


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
        where = _("one of your costly decisions") if own else _("one of $name's costly decisions")
    elif history:
        where = _("a random position")
    elif own:
        where = _("a random position ($name has no finished game in the history yet)")
    else:
        where = _("a random position (no finished game in the history yet)")
    # $where is filled in first: it may hold $name.
    template = _(
        "[b]Training[/b]  position $number of $count: $where, round $round, roll $roll"
    ).replace("$where", where)
    return Content.from_markup(
        template,
        number=str(number),
        count=str(count),
        name=name,
        round=str(state.round),
        roll=str(state.turn.rolls),
    )


def trainer_prompt(state: GameState, name: str) -> Content:
    """What the trainee is asked in a position."""
    if not state.rolls_left:
        rest = _("No rolls left: choose a box (↑↓ and Enter, or click it).")
    elif not rules.can_roll(state):
        rest = _("All five dice are held: release one to roll, or fill a box.")
    else:
        rest = _("What would you do? Hold dice (1-5 or click) and roll (r), or fill a box (Enter).")
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
            _("[b $success]Best choice![/] $chosen: $expected expected."),
            chosen=chosen,
            expected=decimal(expected),
        )
    else:
        head = Content.from_markup(
            _("[b $error]Costs $cost[/]: $chosen, $expected expected."),
            cost=decimal(cost),
            chosen=chosen,
            expected=decimal(expected),
        )
    lines = [head]
    if cost >= BEST_MARGIN:
        # The head already names the best choice when it was chosen.
        lines.append(
            Content.from_markup(
                _("Best: [b]$best[/b], $value."), best=best[0], value=decimal(best[1])
            )
        )
    if next_best is not None:
        lines.append(
            Content.from_markup(
                _("Next best: $choice, $value."), choice=next_best[0], value=decimal(next_best[1])
            )
        )
    return Content("\n").join(lines)


def trainer_score(done: int, best: int, cost: float) -> Content:
    """The running score of a training round."""
    if not done:
        return Content(_("No positions answered yet."))
    return Content.from_markup(
        ngettext(
            "$best of $done best, $cost points given away",
            "$best of $done best, $cost points given away",
            done,
        ),
        best=str(best),
        done=str(done),
        cost=decimal(cost),
    )


def trainer_summary(count: int, best: int, cost: float, worst: tuple[str, float] | None) -> Content:
    """The end of a training round."""
    lines = [
        Content.from_markup(
            ngettext(
                "[b]Round over[/b]: $best of $count best choice, $cost expected points given "
                "away ($each a position).",
                "[b]Round over[/b]: $best of $count best choices, $cost expected points given "
                "away ($each a position).",
                count,
            ),
            best=str(best),
            count=str(count),
            cost=decimal(cost),
            each=decimal(cost / count) if count else decimal(0.0),
        )
    ]
    if worst is not None and worst[1] >= BEST_MARGIN:
        lines.append(
            Content.from_markup(
                _("Your costliest choice: $choice (−$cost)."),
                choice=worst[0],
                cost=decimal(worst[1]),
            )
        )
    lines.append(Content(_("Enter plays another round; Escape closes the trainer.")))
    return Content("\n").join(lines)


def trainer_score_short(done: int, best: int, cost: float) -> Content:
    """The running score of a training round on one narrow line (the points given away
    only once there are some: no negative zero)."""
    if decimal(cost) == decimal(0.0):
        return Content.from_markup(_("Score $best/$done"), best=str(best), done=str(done))
    return Content.from_markup(
        _("Score $best/$done, −$cost"), best=str(best), done=str(done), cost=decimal(cost)
    )


def trainer_played(played: str, cost: float, name: str, own: bool) -> Content:
    """What was played in the game a history position comes from, and what it cost."""
    return Content.from_markup(
        _("In your game you played: $played (cost $cost).")
        if own
        else _("In $name's game: $played (cost $cost)."),
        played=played,
        cost=decimal(cost),
        name=name,
    )


# --- analysis screen: the review with charts, and a decision opened -------------------

ANALYSIS_PLAYERS_COLUMNS: tuple[str, ...]


@_table
def _analysis_players_columns() -> tuple[str, ...]:
    return (_("Player"), _("Total"), _("Expected at start"), _("Luck"), _("Lost"), _("Rating"))


ANALYSIS_DECISIONS_COLUMNS: tuple[str, ...]


@_table
def _analysis_decisions_columns() -> tuple[str, ...]:
    return (
        pgettext("column", "Round"),
        pgettext("column", "Roll"),
        _("Dice"),
        _("Played"),
        _("Expected"),
        _("Cost"),
        _("Mark"),
    )


ANALYSIS_CHART_Y: str
_WORDS["ANALYSIS_CHART_Y"] = N_("expected final total")
ANALYSIS_CHART_X: str
_WORDS["ANALYSIS_CHART_X"] = N_("round")
ANALYSIS_OPEN_HINT: str
_WORDS["ANALYSIS_OPEN_HINT"] = N_("Enter or a click on a decision opens it.")
LUCKY_MARKER = "▲"
UNLUCKY_MARKER = "▼"
COSTLY_MARKER = "✗"
NO_DECISIONS: str
_WORDS["NO_DECISIONS"] = N_("No decision with a choice in it.")

RATING_WORDS: dict[Rating, str]


@_table
def _rating_words() -> dict[Rating, str]:
    return {
        Rating.FLAWLESS: _("flawless"),
        Rating.MASTERLY: _("masterly"),
        Rating.STRONG: _("strong"),
        Rating.SOLID: _("solid"),
        Rating.CASUAL: _("casual"),
        Rating.SHAKY: _("shaky"),
        Rating.CARELESS: _("careless"),
        Rating.UNRATED: _("unrated"),
    }


DECISION_MARK_WORDS: dict[DecisionMark, str]


@_table
def _decision_mark_words() -> dict[DecisionMark, str]:
    """A decision's mark, with GNU Backgammon's signs so it reads without colour."""
    return {
        DecisionMark.FINE: "",
        DecisionMark.DOUBTFUL: "?! " + _("doubtful"),
        DecisionMark.BAD: "? " + _("bad"),
        DecisionMark.VERY_BAD: "?? " + _("very bad"),
    }


LUCK_MARK_WORDS: dict[LuckMark, str]


@_table
def _luck_mark_words() -> dict[LuckMark, str]:
    return {
        LuckMark.VERY_UNLUCKY: _("very unlucky"),
        LuckMark.UNLUCKY: _("unlucky"),
        LuckMark.AVERAGE: _("average"),
        LuckMark.LUCKY: _("lucky"),
        LuckMark.VERY_LUCKY: _("very lucky"),
    }


def signed(value: float) -> str:
    """A figure with its sign, a minus sign for a negative one."""
    return f"+{decimal(value)}" if value >= 0 else f"−{decimal(-value)}"


def _short(value: float) -> str:
    """A threshold as short as it can be written: "10", "2,5"."""
    return decimal(value, 0) if float(value).is_integer() else decimal(value, 1)


def review_summary(review: GameReview) -> Content:
    """One line a player: what their decisions lost, and their luck."""
    lines = []
    for player in review.players:
        count = sum(1 for d in player.decisions if not d.tie_break)
        lines.append(
            Content.from_markup(
                ngettext(
                    "[b]$name[/b]: $loss expected points lost over $count decision, luck $luck; "
                    "$rating.",
                    "[b]$name[/b]: $loss expected points lost over $count decisions, luck $luck; "
                    "$rating.",
                    count,
                ),
                name=player.name,
                loss=decimal(player.loss),
                count=str(count),
                luck=signed(player.luck),
                rating=_rating_words()[player.rating],
            )
        )
    if not lines:
        return Content(_("No decisions to analyse in this game."))
    return Content("\n").join(lines)


def chart_legend(lucky: float, unlucky: float, costly: float) -> Content:
    """What the chart's line and marks mean (by shape, not only by colour)."""
    return Content.from_markup(
        _(
            "Line: expected final total after each roll and decision.  "
            "[b $success]$up[/] roll of luck $lucky or more  [b $warning]$down[/] $unlucky or "
            "less  [b $error]$cross[/] decision costing $costly or more"
        ),
        up=LUCKY_MARKER,
        down=UNLUCKY_MARKER,
        cross=COSTLY_MARKER,
        lucky=f"+{_short(lucky)}",
        unlucky=f"−{_short(-unlucky)}",
        costly=_short(costly),
    )


def decision_heading(
    name: str, round_: int, roll: int, mark: DecisionMark, cost: float, rounds: int = 0
) -> Content:
    """The heading of an opened decision (a round past ``rounds`` is a tie-break round)."""
    mark_words = _decision_mark_words()[mark] or _("fine")
    tie_break = rounds and round_ > rounds
    where = (
        _("tie-break round {n}").format(n=round_ - rounds)
        if tie_break
        else _("round {n}").format(n=round_)
    )
    return Content.from_markup(
        _("[b]$name[/b], $round, after roll $roll: $mark (cost $cost)"),
        name=name,
        round=where,
        roll=str(roll),
        mark=mark_words,
        cost=decimal(cost),
    )


def decision_choices(
    played: tuple[str, float], best: tuple[str, float], next_best: tuple[str, float] | None
) -> Content:
    """What was played, the best and the next best choice, with their expected totals."""
    lines = [
        Content.from_markup(
            _("Played: [b]$choice[/b], $value expected."),
            choice=played[0],
            value=decimal(played[1]),
        ),
        Content.from_markup(
            _("Best: [b]$choice[/b], $value."), choice=best[0], value=decimal(best[1])
        ),
    ]
    if next_best is not None:
        lines.append(
            Content.from_markup(
                _("Next best: $choice, $value."), choice=next_best[0], value=decimal(next_best[1])
            )
        )
    return Content("\n").join(lines)


ANALYSIS_SHORT_TITLE: str
_WORDS["ANALYSIS_SHORT_TITLE"] = N_(
    "[b]Game analysis[/b]: luck, and decisions against the optimal strategy"
)
"""The analysis's heading once the review is shown (markup)."""
ANALYSIS_END_COLUMN: str
_WORDS["ANALYSIS_END_COLUMN"] = N_("Expected at end")
ANALYSIS_INCOMPLETE_NOTE: str
_WORDS["ANALYSIS_INCOMPLETE_NOTE"] = N_(
    "Not every box is filled (a served Generala won, or the game stopped), so Total is not "
    "the sum: Expected at end = Expected at start + Luck − Lost."
)
ANALYSIS_TIE_BREAK_HINT: str


@_table
def _analysis_tie_break_hint() -> str:
    return _("{first}, {second}…: tie-break rounds (their points are not in the total).").format(
        first=words.tie_break_round(1), second=words.tie_break_round(2)
    )


def decision_round(round_: int, rounds: int) -> str:
    """A decision's round as the analysis lists it: tie-break rounds as tb1, tb2..."""
    return words.tie_break_round(round_ - rounds) if round_ > rounds else str(round_)


# --- replay screen --------------------------------------------------------------------

REPLAY_FIRST_BUTTON: str
_WORDS["REPLAY_FIRST_BUTTON"] = N_("« First")
REPLAY_BACK_BUTTON: str
_WORDS["REPLAY_BACK_BUTTON"] = N_("◀ Back")
REPLAY_FORWARD_BUTTON: str
_WORDS["REPLAY_FORWARD_BUTTON"] = N_("Forward ▶")
REPLAY_LAST_BUTTON: str
_WORDS["REPLAY_LAST_BUTTON"] = N_("Last »")


def replay_buttons() -> dict[str, tuple[str, str]]:
    """The replay's step buttons by id: each one's words, and its arrow alone for a narrow
    screen."""
    return {
        "replay-first": (_(_WORDS["REPLAY_FIRST_BUTTON"]), "«"),
        "replay-back": (_(_WORDS["REPLAY_BACK_BUTTON"]), "◀"),
        "replay-forward": (_(_WORDS["REPLAY_FORWARD_BUTTON"]), "▶"),
        "replay-last": (_(_WORDS["REPLAY_LAST_BUTTON"]), "»"),
    }


REPLAY_START: str
_WORDS["REPLAY_START"] = N_("The game before its first roll.")


def replay_topbar(step: int, steps: int, state: GameState) -> Content:
    """Where the replay stands: the step, of how many, and the round (or the tie-break)."""
    if state.phase is Phase.TIE_BREAK:
        where = _("tie-break {n}").format(n=len(state.tie_breaks))
    elif state.phase is Phase.OVER and step == steps:
        where = _("game over")
    else:
        where = _("round {n}").format(n=min(state.round, state.rounds))
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


# --- game records: export -------------------------------------------------------------

EXPORT_BUTTON: str
_WORDS["EXPORT_BUTTON"] = N_("Save record (e)")
EXPORT_TITLE: str
_WORDS["EXPORT_TITLE"] = N_("[b]Save the game as a record file[/b]")
EXPORT_PATH_LABEL: str
_WORDS["EXPORT_PATH_LABEL"] = N_("File (a folder, or a name ending in .json):")
EXPORT_SAVE_BUTTON: str
_WORDS["EXPORT_SAVE_BUTTON"] = N_("Save (Enter)")
EXPORT_CANCEL_BUTTON: str
_WORDS["EXPORT_CANCEL_BUTTON"] = N_("Cancel (Esc)")


def record_saved(path: str) -> str:
    """The notice once a record file is written."""
    return _("The game is saved as a record: {path}").format(path=path)


def record_not_saved(error: str) -> str:
    """The notice when a record file could not be written."""
    return _("The record was not saved: {error}").format(error=after_colon(error))
