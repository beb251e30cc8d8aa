"""A game record stepped through move by move, read-only: ``generala-tui replay FILE``."""

from __future__ import annotations

from rich.cells import cell_len
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Button, Static

from ...game import rules
from ...game.model import GameState, Phase, Rolled
from .. import vocabulary
from ..host import own_keys
from ..widgets.buttons import ClickButton
from ..widgets.dice import DiceTray
from ..widgets.footer import Footer
from ..widgets.scorecard import ScorecardTable
from . import game_over_words, replay_words
from .modal import Page

ROWS_UNDER_THE_WORDS = 1 + 7 + 1 + 3 + 3 + 2 + 1
"""The rows a replay with framed dice takes beside the scorecard's boxes, the scorecard
under the words: the top bar, the dice (7), the step's words (a margin and three lines, as
the last step's take), the buttons (with their margins), the scorecard's heading and Total,
and the Footer."""
ROWS_BESIDE_THE_CARD = 1 + 7 + 1 + 2 + 1
"""The same with the scorecard beside the words: the top bar, the dice, a margin, the
scorecard's heading and Total, and the Footer."""
WORDS_BESIDE_THE_CARD = 42
"""The cells the step's words and buttons need beside the scorecard (with a gap)."""


class ReplayScreen(Page[None]):
    """Every position of a game, from its start to where its record stops."""

    # Parsed when a replay is first shown.
    DEFAULT_CSS = """
    ReplayScreen {
        #replay-top {
            height: auto;
            padding: 0 1;
            background: $panel;
        }
        #replay-body { height: 1fr; padding: 0 1; }
        #replay-dice-row {
            height: auto;
            width: 100%;
            align-horizontal: center;
        }
        #replay-step { height: auto; margin: 1 0 0 0; }
        #replay-buttons {
            height: auto;
            margin: 1 0;
        }
        #replay-buttons Button {
            width: auto;
            min-width: 0;
            margin-right: 1;
        }
        #replay-card { height: auto; }
        #replay-scorecard { height: auto; width: auto; }
        #replay-lower { height: auto; layout: vertical; }
        #replay-words { height: auto; }
        /* The scorecard beside the words, where it leaves them room: its Total in view at
           80x24. */
        &.-side {
            #replay-lower { layout: horizontal; margin-top: 1; }
            #replay-words { width: 1fr; margin-right: 2; }
            #replay-step { margin: 0; }
            #replay-buttons {
                layout: grid;
                grid-size: 3;
                grid-gutter: 0 1;
                margin: 1 0 0 0;
            }
            #replay-buttons Button { margin-right: 0; }
            #replay-card { width: auto; }
        }
    }
    """

    BINDINGS = [
        # Priority: the scrolling body would take these keys for itself.
        Binding(
            "right,l",
            "step(1)",
            vocabulary.Keys.STEP,
            key_display="←→",
            priority=True,
            id="replay.step_forward",
        ),
        Binding(
            "left,h",
            "step(-1)",
            vocabulary.Keys.STEP,
            show=False,
            priority=True,
            id="replay.step_back",
        ),
        Binding(
            "pagedown",
            "turn(1)",
            vocabulary.Keys.TURN,
            key_display="PgUp/PgDn",
            priority=True,
            id="replay.next_turn",
        ),
        Binding(
            "pageup",
            "turn(-1)",
            vocabulary.Keys.TURN,
            show=False,
            priority=True,
            id="replay.previous_turn",
        ),
        Binding("home", "go(0)", vocabulary.Keys.FIRST, priority=True, id="replay.first"),
        Binding("end", "go(-1)", vocabulary.Keys.LAST, priority=True, id="replay.last"),
        Binding("escape", "close", vocabulary.Keys.CLOSE, id="replay.close"),
        Binding("q", "close_program", vocabulary.Keys.QUIT, show=False, id="replay.quit"),
    ]

    def __init__(self, game: GameState, *, ends_program: bool = False) -> None:
        super().__init__()
        self.game = game
        self.ends_program = ends_program
        """Whether closing the replay ends the program (opened by ``generala-tui replay``:
        the player came from the shell and goes back to it, with ``escape`` or ``q``)."""
        # Positions to look at: without their logs (the screen reads the game's), so a long
        # record opens in time and memory in proportion to its length.
        self.positions = list(rules.replay(game))
        """``positions[n]``: the game after ``n`` steps of its log (without its log)."""
        self.step = 0

    def compose(self) -> ComposeResult:
        yield Static(id="replay-top")
        with VerticalScroll(id="replay-body"):
            with Horizontal(id="replay-dice-row"):
                yield DiceTray(id="replay-dice")
            # Under the dice: the step's words and the buttons, then the scorecard; or, where
            # the scorecard fits beside them (-side), the words and buttons to its left.
            with Horizontal(id="replay-lower"):
                with Vertical(id="replay-words"):
                    yield Static(id="replay-step")
                    with Horizontal(id="replay-buttons"):
                        yield ClickButton(
                            replay_words.replay_first_button(), id="replay-first", compact=True
                        )
                        yield ClickButton(
                            replay_words.replay_back_button(), id="replay-back", compact=True
                        )
                        yield ClickButton(
                            replay_words.replay_forward_button(), id="replay-forward", compact=True
                        )
                        yield ClickButton(
                            replay_words.replay_last_button(), id="replay-last", compact=True
                        )
                        yield ClickButton(
                            vocabulary.close_button("replay.close", own_keys(self)),
                            id="replay-close",
                            compact=True,
                        )
                with Vertical(id="replay-card"):
                    yield ScorecardTable(id="replay-scorecard", fit_rows=True)
        yield Footer(show_command_palette=False, compact=True)  # every key fits, in Spanish too

    def on_mount(self) -> None:
        self._fit(self.app.size.width, self.app.size.height)
        self._label_buttons()
        self.show()
        self.call_after_refresh(self._fit, self.app.size.width, self.app.size.height)

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width, event.size.height)
        self._label_buttons()
        # The top bar's words for the new width, and nothing else: the position is as it was,
        # and a scorecard built again here was drawn with its columns as wide as their
        # headings (DataTable measures its cells when idle, after this frame) and stayed so on
        # a terminal's first screen ("Thr", "Fou", "Fou" at 80x24) until the next step.
        self._show_top()
        # The scorecard's width is known once laid out: beside the words, or under them.
        self.call_after_refresh(self._fit, event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        """The scorecard beside the step's words where it leaves them room (80 columns, a few
        players), else under them; framed dice where the scorecard's foot, its Total, stays in
        view under them, else one-line dice (and on a small screen, as the turn screen)."""
        card = self.query_one(ScorecardTable)
        room = self.query_one("#replay-body").content_region.width or width - 2
        laid_out = card.outer_size.width > 0
        if laid_out:
            self.set_class(card.outer_size.width + WORDS_BESIDE_THE_CARD <= room, "-side")
        rows = len(self.game.house_rules.categories())
        rows += ROWS_BESIDE_THE_CARD if self.has_class("-side") else ROWS_UNDER_THE_WORDS
        small = width < 56 or height < rows
        self.query_one(DiceTray).resize_dice("compact" if small else "normal")

    def _label_buttons(self) -> None:
        """The step buttons' words, or below 56 columns their arrows alone (the words in
        their tooltips), so that the row keeps every button, Close too."""
        narrow = self.app.size.width < 56
        for button_id, (word, arrow) in replay_words.replay_buttons().items():
            button = self.query_one(f"#{button_id}", Button)
            button.label = arrow if narrow else word
            button.tooltip = word if narrow else None

    @property
    def steps(self) -> int:
        return len(self.positions) - 1

    def show(self) -> None:
        """Draw the position after ``self.step`` steps."""
        state = self.positions[self.step]
        self._show_top()
        turn = state.turn
        if not turn.dice and self.step > 0:
            turn = self.positions[self.step - 1].turn  # a box was filled: the dice it took
        self.query_one(DiceTray).show(turn.dice, turn.held, turn.locked)
        said: Content | str
        if self.step == 0:
            said = replay_words.replay_start()
        else:
            entry = self.game.log[self.step - 1]
            said = replay_words.replay_step(self.positions[self.step - 1], state, entry)
            if self.step == self.steps and state.phase is Phase.OVER:
                # The last step: how the game ended, as the winner's screen says it.
                said = Content("\n").join(
                    [said, game_over_words.headline(state), game_over_words.explanation(state)]
                )
        self.query_one("#replay-step", Static).update(said)
        self.query_one(ScorecardTable).show(state)
        self.query_one("#replay-first", Button).disabled = self.step == 0
        self.query_one("#replay-back", Button).disabled = self.step == 0
        self.query_one("#replay-forward", Button).disabled = self.step == self.steps
        self.query_one("#replay-last", Button).disabled = self.step == self.steps
        self.refresh_bindings()

    def _show_top(self) -> None:
        """The top bar: the step, the round and the keys, shorter where they would wrap."""
        state = self.positions[self.step]
        top = replay_words.replay_topbar(self.step, self.steps, state)
        if cell_len(top.plain) > self.app.size.width - 2:  # one line, not two: the keys go
            top = replay_words.replay_topbar(self.step, self.steps, state, short=True)
        self.query_one("#replay-top", Static).update(top)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "close_program":
            return self.ends_program  # inside the app, q is left to the screen below
        if action in {"step", "turn", "go"} and parameters:
            where = parameters[0]
            ahead = where == -1 if action == "go" else isinstance(where, int) and where > 0
            possible = self.step < self.steps if ahead else self.step > 0
            return True if possible else None  # greyed out at either end
        return True

    def action_step(self, by: int) -> None:
        self.step = max(0, min(self.steps, self.step + by))
        self.show()

    def action_turn(self, by: int) -> None:
        """To the next turn's first roll, or back to this (or the last) turn's first roll."""
        log = self.game.log
        starts = [
            n + 1
            for n, entry in enumerate(log)
            if isinstance(entry, Rolled) and self.positions[n].turn.rolls == 0
        ]
        if by > 0:
            later = [n for n in starts if n > self.step]
            self.step = later[0] if later else self.steps
        else:
            earlier = [n for n in starts if n < self.step]
            self.step = earlier[-1] if earlier else 0
        self.show()

    def action_go(self, where: int) -> None:
        self.step = self.steps if where < 0 else 0
        self.show()

    @on(Button.Pressed, "#replay-first")
    def _first(self) -> None:
        self.action_go(0)

    @on(Button.Pressed, "#replay-back")
    def _back(self) -> None:
        self.action_step(-1)

    @on(Button.Pressed, "#replay-forward")
    def _forward(self) -> None:
        self.action_step(1)

    @on(Button.Pressed, "#replay-last")
    def _last(self) -> None:
        self.action_go(-1)

    @on(Button.Pressed, "#replay-close")
    def action_close(self) -> None:
        """Back to where the replay was opened from: the screen under it, or the shell (at
        once: the setup screen under a replay from the command line is never seen)."""
        if self.ends_program:
            self.app.exit()
        else:
            self.dismiss(None)

    def action_close_program(self) -> None:
        self.action_close()
