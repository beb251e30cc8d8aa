"""The rules in the app's own words, and every key."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Markdown

HELP_TEXT = """\
# How to play Generala

Five dice, a scorecard, and one box to fill each turn. The game has as many
rounds as boxes; the highest total wins.

## Your turn
- **Roll** up to three times. After each roll, **hold** any dice you like and
  roll the others again, or stop whenever you want.
- End the turn by **filling one open box**: score the dice there, or
  **scratch** a box (✗, 0 points) when nothing fits.

## The boxes
| Box | Needs | Points |
|---|---|---|
| Ones … Sixes | anything | the sum of the dice showing that number |
| Straight | 1-2-3-4-5, 2-3-4-5-6 or 3-4-5-6-1 | 20 |
| Full house | three of a kind and a pair | 30 |
| Four of a kind | four dice alike | 40 |
| Generala | five dice alike | 50 (or 60) |

Optional boxes: **Double Generala** (a second five of a kind, 100, once your
Generala box holds points) and **Two pairs** (Doble, 10).

## Served rolls
A straight, full house or four of a kind made on the **first roll** of the
turn is *served* (servida) and earns a bonus, 5 points by default. A
**Generala served** while your Generala box is still open **wins the game at
once**.

## Ties
Players tied for the highest total play a **tie-break**: one turn each, scored
as the best box the final dice would earn on an empty scorecard.

House rules change some of this (the straights, the bonus, which rolls are
served, locked holds, and more): see *House rules* on the setup screen.

# Keys
| Key | What it does |
|---|---|
| `r`, `space` | roll the dice that are not held |
| `1` … `5` | hold or release a die (or click it) |
| `↑` `↓` | move the highlight over your open boxes |
| `enter` | fill the highlighted box (or click a box); in a tie-break, end the turn |
| `s` | show the scorecard; `escape` closes it |
| `?` | this help |
| `y` / `enter`, `n` / `escape` | answer a question |
| `ctrl+p` | the command palette |
| `ctrl+q` | quit (asks first during a game) |
"""


class HelpScreen(ModalScreen[None]):
    """The rules and the keys."""

    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("question_mark", "close", "Close", show=False),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="help-panel"):
            yield Markdown(HELP_TEXT, id="help-text")
            yield Button("Close (Esc)", id="close-help")
        yield Footer()

    @on(Button.Pressed, "#close-help")
    def action_close(self) -> None:
        self.dismiss(None)
