"""The rules in the app's own words, and every key."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Button, Footer, Markdown

from ...game.model import Category, GameState, HouseRules, ServedRoll, StraightRule
from ...game.rules import category_score
from ..host import host_of
from .modal import Modal

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
`ctrl+t` shows the statistics, `ctrl+y` the history of finished games, `tab` moves
between the fields. In the statistics and the history `escape` closes them;
in the history `enter` or a click opens a game in the analysis.

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
        plain = category_score(dice, category, h, served=False)
        served = category_score(dice, category, h, served=True)
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


class HelpScreen(Modal[None]):
    """The rules and the keys, in a panel that scrolls by keys and by mouse wheel."""

    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("question_mark", "close", "Close", show=False),
        Binding("f1", "close", "Close", show=False),
        Binding("up", "scroll('up')", "Scroll", key_display="↑↓"),
        Binding("down", "scroll('down')", "Scroll", show=False),
        Binding("pageup", "scroll('page_up')", "Page", key_display="PgUp/PgDn"),
        Binding("pagedown", "scroll('page_down')", "Page", show=False),
        Binding("home", "scroll('home')", "Top", show=False),
        Binding("end", "scroll('end')", "End", show=False),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="help-panel"):
            scroll = VerticalScroll(id="help-scroll")
            # The screen's keys scroll it from anywhere; the focus stays on Close.
            scroll.can_focus = False
            with scroll:
                yield Markdown(help_text(self._house_rules()), id="help-text")
            yield Button("Close (Esc)", id="close-help", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#close-help", Button).focus()

    def _house_rules(self) -> HouseRules:
        game = host_of(self).game
        if isinstance(game, GameState):
            return game.house_rules
        rules = host_of(self).house_rules
        return rules if isinstance(rules, HouseRules) else HouseRules()

    def action_scroll(self, where: str) -> None:
        scroll = self.query_one("#help-scroll", VerticalScroll)
        moves = {
            "up": scroll.scroll_up,
            "down": scroll.scroll_down,
            "page_up": scroll.scroll_page_up,
            "page_down": scroll.scroll_page_down,
            "home": scroll.scroll_home,
            "end": scroll.scroll_end,
        }
        move = moves.get(where)
        if move is not None:
            move(animate=False)

    @on(Button.Pressed, "#close-help")
    def action_close(self) -> None:
        self.dismiss(None)
