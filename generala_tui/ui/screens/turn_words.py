"""The turn screen's sentences, built from the state: the top bar, the prompt, what the last
turn did, the tie-break lines, the buttons (see :mod:`~generala_tui.ui.screens.turn_view`, which
puts them together).

Sentences ask :mod:`generala_tui.game.rules` for what they say (the boxes a served roll
raises) instead of repeating a rule by hand. Player names only ever reach the screen as
template variables of :meth:`Content.from_markup`, never as markup.
"""

from __future__ import annotations

from rich.cells import cell_len, set_cell_size
from textual.content import Content

from ...game import rules
from ...game.model import (
    MAX_ROLLS,
    Filled,
    GameState,
    Level,
    LogEntry,
    Phase,
    TieBreakEnded,
)
from ...i18n import _, genitive, ngettext, percent
from ..colours import SeatColours, of_table
from ..vocabulary import (
    COMPUTER_MARK,
    GAME_KEYS,
    GAME_NAME,
    KeyMap,
    category_label,
    hold_keys,
    key_name,
    names_and,
    shown_key,
    shown_keys,
)


# The turn screen's buttons and panel titles.
def end_turn_button() -> str:
    return _("End turn")


def turn_scorecard_button(keys: KeyMap = GAME_KEYS) -> str:
    return _("Scorecard ({key})").format(key=shown_key("app.scorecard", keys, "s"))


def turn_help_button(keys: KeyMap = GAME_KEYS) -> str:
    return _("Rules and keys ({key})").format(key=shown_key("app.help", keys, "?"))


def standings_title() -> str:
    return _("Standings")


def double_generala_notes() -> dict[str | None, str]:
    """Beside the Double Generala box: why it can only be scratched for now, if it can."""
    return {"alive": "", "waiting": _("later"), "dead": _("dead"), None: ""}


def coach_button(on: bool, keys: KeyMap = GAME_KEYS) -> str:
    """The button that turns the coach on or off."""
    key = shown_key("turn.coach", keys, "h")
    return (_("Coach off ({key})") if on else _("Coach ({key})")).format(key=key)


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


def topbar(
    state: GameState,
    short: bool = False,
    room: int | None = None,
    colours: SeatColours | None = None,
) -> Content:
    """The round, whose turn it is and the rolls taken (``short``: for a narrow terminal,
    where a name too long for the ``room`` there is cut short, so the rolls stay in view);
    the player's name with their mark, in their colour (``colours``: the table's)."""
    seat_colours = colours or of_table([player.name for player in state.players])

    def marked(line: Content, name: str) -> Content:
        return seat_colours.marked_in(line, state.current, name)

    dots = "●" * state.turn.rolls + "○" * state.rolls_left
    if short:
        short_stage = _("Tie-break $n") if state.phase is Phase.TIE_BREAK else _("Round $n/$rounds")

        def line(name: str) -> Content:
            return marked(
                Content.from_markup(
                    f"{short_stage} · [b]$name[/b] · $rolls/$max $dots",
                    n=str(len(state.tie_breaks) if state.phase is Phase.TIE_BREAK else state.round),
                    rounds=str(state.rounds),
                    name=name,
                    rolls=str(state.turn.rolls),
                    max=str(MAX_ROLLS),
                    dots=dots,
                ),
                name,
            )

        name = state.current_player.name
        whole = line(name)
        over = whole.cell_length - room if room is not None else 0
        if over <= 0:
            return whole
        # The name gives up what is too much, and one cell more for the ellipsis.
        return line(set_cell_size(name, max(cell_len(name) - over - 1, 1)).rstrip() + "…")
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
        marked(
            Content.from_markup(
                _("[b]$whose[/b] turn   roll $rolls of $max $dots"),
                whose=genitive(state.current_player.name),
                rolls=str(state.turn.rolls),
                max=str(MAX_ROLLS),
                dots=dots,
            ),
            state.current_player.name,
        ),
    )


def served_note(state: GameState) -> Content:
    """What a served roll made and what it adds: "Served! +5: Full house." Empty when the
    dice make none of the hands a served roll raises (a served roll is any first roll: at
    a table "served" is said of the hand made, not of the throw)."""
    by_bonus: dict[int, list[str]] = {}
    for offer in rules.offers(state):
        if offer.served_bonus > 0:
            by_bonus.setdefault(offer.served_bonus, []).append(category_label(offer.category))
    if not by_bonus:
        return Content("")
    parts = "; ".join(f"+{bonus}: {', '.join(names)}" for bonus, names in by_bonus.items())
    return Content.from_markup(_("[b $warning]Served![/] $parts. "), parts=parts)


_SOLVING_LEVELS = frozenset({Level.EXPERT, Level.CHAMPION})
"""The computers that wait for a table being computed (the strategy, or the win chances)."""


def prompt(
    state: GameState,
    *,
    strategy_progress: float | None,
    paused: bool,
    hint: bool = True,
    here: bool = True,
    keys: KeyMap = GAME_KEYS,
) -> Content:
    """What the player to act can do now, in one or two lines. Without ``hint``, a served
    roll's note goes without the reminder after it (for a message area it would overflow).
    Not ``here`` (another seat of an online table), what they are doing. The keys it names
    are the player's own where ``keys`` gives some."""
    turn = state.turn
    name = state.current_player.name
    if not here:
        if rules.computer_to_act(state):
            return Content.from_markup(
                _("[b]$name[/b] $mark is playing at the table."), name=name, mark=COMPUTER_MARK
            )
        return Content.from_markup(
            _("It is [b]$name[/b]'s turn: their rolls show here as they play."), name=name
        )
    if rules.computer_to_act(state):
        if paused:
            return Content.from_markup(
                _("[b]$name[/b] $mark is paused: [b]$key[/b] resumes."),
                name=state.current_player.name,
                mark=COMPUTER_MARK,
                key=shown_key("turn.pause", keys, "p"),
            )
        if strategy_progress is not None and state.current_player.level in _SOLVING_LEVELS:
            return Content.from_markup(
                _("[b]$name[/b] $mark is working out the best play… $done"),
                name=name,
                mark=COMPUTER_MARK,
                done=percent(strategy_progress),
            )
        return Content.from_markup(
            _(
                "[b]$name[/b] $mark is playing: [b]$skip[/b] skips ahead, [b]$pause[/b] pauses, "
                "[b]$faster[/b] [b]$slower[/b] set the pace."
            ),
            name=name,
            mark=COMPUTER_MARK,
            skip=shown_key("turn.skip_ahead", keys, "f"),
            pause=shown_key("turn.pause", keys, "p"),
            faster=shown_key("turn.faster", keys, "+"),
            slower=shown_key("turn.slower", keys, "-"),
        )
    tie_break = state.phase is Phase.TIE_BREAK
    if turn.rolls == 0:
        return _roll_prompt(name, shown_keys("turn.roll", keys, ["r", key_name("space")]))
    served = served_note(state) if turn.served and not tie_break else Content("")
    if rules.rolls_barred(state):  # the fill taken back after the computers played on
        if tie_break:
            rest = _("Taken back: take your tie-break score again (Enter); no more rolls.")
        else:
            rest = _("Taken back: choose a box again (↑↓ and Enter); no more rolls.")
        return Content.assemble(served, rest)
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
    elif served.plain:
        if not hint:
            return served
        rest = _("Hold dice and roll, or fill a box.")
    else:
        rest = _("Click dice or press {keys} to hold them, then roll; or fill a box.").format(
            keys=hold_keys(keys)
        )
    return Content.assemble(served, rest)


def _roll_prompt(name: str, roll_keys: list[str]) -> Content:
    """Before the first roll: the roll's first key, and its second if it has one."""
    if len(roll_keys) > 1:
        return Content.from_markup(
            _("[b]$name[/b], roll the dice: [b]$key[/b], $other, or the Roll button."),
            name=name,
            key=roll_keys[0],
            other=roll_keys[1],
        )
    return Content.from_markup(
        _("[b]$name[/b], roll the dice: [b]$key[/b] or the Roll button."),
        name=name,
        key=roll_keys[0],
    )


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
            names=names_and(names),
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
    if not state.rolls_left or rules.rolls_barred(state):
        return _("No rolls")
    return ngettext("Roll ({left} left)", "Roll ({left} left)", state.rolls_left).format(
        left=state.rolls_left
    )


def too_small(width: int, height: int, min_width: int, min_height: int) -> str:
    """Shown instead of the game when the terminal is too small for it."""
    return _(
        "Make the terminal at least {min_width}×{min_height} to play (it is {width}×{height})."
    ).format(min_width=min_width, min_height=min_height, width=width, height=height)
