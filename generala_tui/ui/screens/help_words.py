"""The help screen's words: the rules as the house rules play them, and every key, in Markdown."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from ...game import rules
from ...game.model import Category, HouseRules, Level, ServedRoll, StraightRule
from ...i18n import _, ngettext
from ..vocabulary import (
    ADVICE_MARK,
    BEST_CHANCE_MARK,
    BOX_KEYS,
    CURSOR_MARK,
    HELD_KEEP_MARK,
    NO_KEY,
    SCRATCH_MARK,
    category_label,
    key_name,
    yes_key,
)
from .setup_words import level_button_label


def _straights(rule: StraightRule) -> str:
    return {
        StraightRule.STANDARD: _("1-2-3-4-5, 2-3-4-5-6 or 3-4-5-6-1"),
        StraightRule.STRICT: _("1-2-3-4-5 or 2-3-4-5-6"),
        StraightRule.WRAPAROUND: _("any five different numbers"),
        StraightRule.ONE_REPLACES_TWO: _("1-2-3-4-5, 2-3-4-5-6, 3-4-5-6-1, or 1-1-3-4-5"),
        StraightRule.ONES_WILD: _("five different numbers, each 1 standing in for any missing one"),
    }[rule]


KeyNames = Mapping[str, Sequence[str]]
"""The player's own keys (:mod:`generala_tui.ui.keymap`): a binding's id to its keys as
the Footer names them; a binding not in it keeps the game's keys."""

_GAME_KEYS: KeyNames = MappingProxyType({})


def _named(own: KeyNames, game: str, *bindings: tuple[str, str]) -> str:
    """The keys of ``bindings`` (each a binding's id and one of the game's keys for it) in
    Markdown: ``game`` (the game's keys as the help writes them) while none is the player's
    own, else each binding's keys, the player's where they gave some."""
    if not any(binding_id in own for binding_id, _key in bindings):
        return game
    keys = [key for binding_id, key in bindings for key in own.get(binding_id, [key])]
    return ", ".join(f"`{key}`" for key in dict.fromkeys(keys))


def turn_keys(own: KeyNames = _GAME_KEYS) -> dict[str, tuple[str, str]]:
    """What each key of the turn screen does, by the action it is bound to (the player's own
    keys where ``own`` gives some)."""
    enter = key_name("enter")
    escape = key_name("escape")
    return {
        "roll": (
            _named(
                own,
                f"`r`, `{key_name('space')}`",
                ("turn.roll", "r"),
                ("turn.roll", key_name("space")),
            ),
            _("roll the dice that are not held"),
        ),
        "hold": (
            _named(own, "`1` … `5`", *((f"turn.hold_{n}", str(n)) for n in range(1, 6))),
            _("hold or release a die (or click it)"),
        ),
        "move": (
            _named(own, "`↑` `↓`", ("turn.cursor_up", "↑"), ("turn.cursor_down", "↓")),
            _("move the cursor ({mark}) over your open boxes").format(mark=CURSOR_MARK),
        ),
        "fill": (
            _named(own, f"`{enter}`", ("turn.fill", enter)),
            _("fill the box under the cursor (or click a box)"),
        ),
        "box": (
            _named(
                own,
                "`a` `b` `d` …",
                *((f"turn.box_{category.value}", key) for category, key in BOX_KEYS.items()),
            ),
            _("fill a box at once: the letter shown beside it"),
        ),
        "end_tie_break": (
            _named(own, f"`{enter}`", ("turn.take_score", enter)),
            _("in a tie-break turn: take your tie-break score"),
        ),
        "scorecard": (
            _named(own, "`s`", ("app.scorecard", "s")),
            _("show the scorecard; `escape` closes it"),
        ),
        "coach": (
            _named(own, "`h`", ("turn.coach", "h")),
            _(
                "the coach: every choice's expected final total and what it costs ({mark} its "
                "advice, {held} the keep your held dice make)"
            ).format(mark=ADVICE_MARK, held=HELD_KEEP_MARK),
        ),
        "coach_ranking": (
            _named(own, "`k`", ("turn.coach_ranking", "k")),
            _(
                "with two or more players, the coach ranks its choices by expected final "
                "total or by win chance ({mark} the best chance). Win: the chance of winning "
                "after a choice, if everyone plays like the expert from here on"
            ).format(mark=BEST_CHANCE_MARK),
        ),
        "turn_log": (
            _named(own, "`l`", ("turn.log", "l")),
            _("the turn log: every roll, keep and box of the game so far; `escape` closes it"),
        ),
        "chat": (
            _named(own, "`c`", ("turn.talk", "c")),
            _(
                "at an online table: its talk, where a line typed reaches everyone at it; "
                "`/mute NAME` hides a player's lines; `escape` closes it"
            ),
        ),
        "win_chances": (
            _named(own, "`w`", ("turn.win_chances", "w")),
            _(
                "the win chances, with two or more players: each player's chance of winning, "
                "if everyone plays like the expert from here (shown or hidden, remembered)"
            ),
        ),
        "help": (_named(own, "`?`", ("app.help", "?")), _("this help")),
        "skip_ahead": (
            _named(own, "`f`", ("turn.skip_ahead", "f")),
            _("during a computer's turn: play the rest of it at once"),
        ),
        "speed": (
            _named(
                own, "`+` `-`", ("turn.faster", "+"), ("turn.faster", "="), ("turn.slower", "-")
            ),
            _("a computer's pace: faster, slower"),
        ),
        "pause": (
            _named(own, "`p`", ("turn.pause", "p")),
            _("pause the computer players, or resume them"),
        ),
        "new_game": (
            _named(own, f"`{escape}`", ("turn.setup", escape)),
            _("back to the setup screen (asks first; the game stays saved)"),
        ),
        "leave_guide": (
            _named(own, f"`{escape}`", ("turn.leave_guide", escape)),
            _("in a guided game, while the guide shows: leave the guide (the game goes on)"),
        ),
    }


def game_over_keys(own: KeyNames = _GAME_KEYS) -> dict[str, tuple[str, str]]:
    """What each key of the winner's screen does, by the action it is bound to (the player's
    own keys where ``own`` gives some)."""
    return {
        "play_again": (
            _named(own, "`a`", ("game_over.play_again", "a")),
            _(
                "play again with the same players (online: the next game at the table "
                "starts once every player has asked)"
            ),
        ),
        "new_game": (
            _named(own, "`n`", ("game_over.new_game", "n")),
            _("a new game: back to the setup screen"),
        ),
        "scorecard": (_named(own, "`s`", ("app.scorecard", "s")), _("the final scorecard")),
        "analysis": (
            _named(own, "`v`", ("game_over.analysis", "v")),
            _("the analysis: the expected points each player's decisions lost"),
        ),
        "statistics": (
            _named(own, "`t`", ("game_over.statistics", "t")),
            _("every player's statistics over the history"),
        ),
        "history": (
            _named(own, "`y`", ("game_over.history", "y")),
            _("the history of finished games (`enter` opens one in the analysis)"),
        ),
        "quit": (_named(own, "`q`", ("game_over.quit", "q")), _("quit")),
        "export": (
            _named(own, "`e`", ("game_over.export", "e")),
            _("save the game as a record file (readable JSON, for replay)"),
        ),
    }


RULES_COMMAND = "generala-tui docs rules"
"""The command that prints the rule book (in the language of ``--lang``), as an installed game
has it: the help names it, with the language of the moment."""


def own_keys_text(own: KeyNames) -> list[str]:
    """The player's own keys, each binding's (Markdown lines: none when the player has none)."""
    if not own:
        return []
    header = "| {key} | {binding} |\n|---|---|".format(key=_("Key"), binding=_("Binding"))
    rows = [f"| {_named(own, '', (binding_id, ''))} | `{binding_id}` |" for binding_id in own]
    return [
        "## " + _("Your keys"),
        _(
            "Your preferences give these bindings keys of your own, in place of the game's: "
            "the tables below name yours, the paragraphs after them the game's."
        ),
        "",
        header,
        *rows,
        "",
    ]


def keys_text(own: KeyNames = _GAME_KEYS) -> str:
    """Every key, in Markdown tables (the player's own keys where ``own`` gives some)."""
    from ...i18n import language

    turn = "\n".join(f"| {keys} | {what} |" for keys, what in turn_keys(own).values())
    over = "\n".join(f"| {keys} | {what} |" for keys, what in game_over_keys(own).values())
    header = "| {key} | {what} |\n|---|---|".format(key=_("Key"), what=_("What it does"))
    escape = key_name("escape")
    lines = [
        "# " + _("Keys"),
        *own_keys_text(own),
        "## " + _("During a turn"),
        header,
        turn,
        "| {yes}, {no} | {what} |".format(
            yes=_named(own, f"`{yes_key()}`", ("dialog.yes", yes_key())),
            no=_named(
                own, f"`{NO_KEY}` / `{escape}`", ("dialog.no", NO_KEY), ("dialog.no", escape)
            ),
            what=_("answer a question yes, or no"),
        ),
        # Enter presses the focused answer, which starts on the safe one (dialogs.py): a
        # second Enter after a fill never scratches a box or quits by accident.
        "| `{enter}` | {what} |".format(
            enter=key_name("enter"),
            what=_(
                "in a question: press the highlighted answer, at first the one that changes "
                "nothing (`{tab}` moves to the other)"
            ).format(tab=key_name("tab")),
        ),
        "| {} | {} |".format(
            _named(own, "`ctrl+z`", ("app.undo", "^z")),
            _(
                "take back your last fill or hold change (never a roll), a fill with the "
                "computers' turns after it"
            ),
        ),
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
            "history of finished games, `ctrl+g` the trainer, `ctrl+l` plays online (hosts this "
            "table, or joins one by the link its host sent), `tab` moves between the fields. "
            "In the statistics and the history `escape` closes them; in the history `enter` or "
            "a click opens a game in the analysis."
        ),
        "",
        _(
            "A seat's level button ({human}, {medium}) says who plays it: a click, `enter` "
            "or `space` goes on to the next level (Human, Easy, Medium, Expert, Champion, then "
            "Human again), `→` and `←` step forward and back. Easy plays greedily, Medium for "
            "each turn's points, Expert for the most points in the game, and Champion to win: "
            "at every decision it takes the play with the best chance of winning."
        ).format(human=level_button_label(None), medium=level_button_label(Level.MEDIUM)),
        "",
        _(
            "A guided game is a short game for one player with a guide on the turn screen: "
            "it shows the dice, holding, the boxes, a served roll and a scratch as each comes "
            "up, and goes on as you do what it says. On a first launch the setup screen "
            "offers one (`ctrl+f` starts it there any time); in this help `g` or the button "
            "at the top starts one. `escape` leaves the guide at any step, and the game goes "
            "on."
        ),
        "",
        "## " + _("In the history"),
        _(
            "`enter` or a click opens the highlighted game in the analysis, `e` saves it as a "
            "record file (readable JSON, in the folder offered unless you type another "
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
        _(
            "At a table of two or more, `w` switches the chart between the chances of winning "
            "and the points."
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
            "first or last step (which says how the game ended), `escape` or `q` closes it, "
            "back to the terminal."
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
            "Swedish: `{command}`."
        ).format(command=RULES_COMMAND + ("" if language() == "en" else f" --lang {language()}")),
        "",
    ]
    return "\n".join(lines)


def help_text(house_rules: HouseRules, own: KeyNames = _GAME_KEYS) -> str:
    """The rules as these house rules play them, and the keys (the player's own where ``own``
    gives some), in Markdown."""
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
            "box ({mark}, 0 points) when nothing fits. {ones_to_sixes} always take the dice; "
            "with none of that number they count as a scratch."
        ).format(mark=SCRATCH_MARK, ones_to_sixes=ones_to_sixes),
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
    return "\n".join(lines) + "\n\n" + keys_text(own)
