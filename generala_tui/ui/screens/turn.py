"""The turn screen: dice, the open boxes with their points, the standings."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, cast

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Button, Footer, Static

from ... import store
from ...game import rules
from ...game.model import MAX_ROLLS, Category, GameState, Level, Phase
from ...game.strategy import Action, ActionKind, ActionValue, choose_action, hold_toggles
from ..names import category_label
from ..widgets.boxes import BoxList, BoxOffer, BoxRow
from ..widgets.coach import CoachPanel
from ..widgets.dice import DiceTray, Die
from ..widgets.standings import Standings
from .dialogs import ConfirmDialog

if TYPE_CHECKING:
    from ..app import GeneralaApp


_DOUBLE_GENERALA_NOTES = {"alive": "", "waiting": "needs Generala", "dead": "dead"}


def box_offers(state: GameState, coach: Sequence[ActionValue] | None = None) -> list[BoxOffer]:
    """The current player's open boxes with what each would earn now.

    With the coach's values of the position, each box also carries the expected
    final total of filling it, and what that loses against the best action.
    """
    player = state.current_player
    options = rules.scoring_options(state)
    status = rules.double_generala_status(player)
    notes = {Category.DOUBLE_GENERALA: _DOUBLE_GENERALA_NOTES[status]}
    if not options:
        return [
            BoxOffer(category, None, note=notes.get(category, ""))
            for category in state.house_rules.categories()
            if category not in player.boxes
        ]
    valued = {v.action.category: v for v in coach or () if v.action.category is not None}
    turn = state.turn
    offers = []
    for category, points in options.items():
        plain = rules.category_score(turn.dice, category, state.house_rules, served=False)
        value = valued.get(category)
        offers.append(
            BoxOffer(
                category,
                points,
                served=turn.served and points > plain > 0,
                note=notes.get(category, ""),
                expected=value.expected if value else None,
                loss=value.loss if value else None,
            )
        )
    return offers


def tie_break_points(state: GameState) -> int | None:
    """The tie-break score the dice would take now; None before the first roll."""
    if not state.turn.rolls:
        return None
    return rules.tie_break_score(state.turn.dice, state.house_rules, state.turn.served)


def best_box(state: GameState) -> Category | None:
    """The open box that earns the most points now (the first of equals)."""
    options = rules.scoring_options(state)
    if not options:
        return None
    return max(options, key=lambda category: options[category])


class ClickButton(Button, can_focus=False):
    """A button for the mouse only: on the turn screen the keys always mean the game's
    actions (enter fills, space rolls), so no button there takes the focus."""


class TurnScreen(Screen[None]):
    """One player's turn: roll up to three times, hold dice, fill a box."""

    BINDINGS = [
        Binding("r", "roll", "Roll", priority=True),
        Binding("space", "roll", "Roll", show=False, priority=True),
        *(
            Binding(str(n), f"hold({n - 1})", "Hold", key_display="1-5", show=n == 1)
            for n in range(1, 6)
        ),
        Binding("up", "move(-1)", "Choose", key_display="↑↓", priority=True),
        Binding("down", "move(1)", "Choose", show=False, priority=True),
        Binding("enter", "fill", "Fill", priority=True),
        Binding("s", "scorecard", "Scorecard"),
        Binding("h", "coach", "Coach"),
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("f", "skip_ahead", "Skip ahead"),
        Binding("plus,equals_sign", "speed(1)", "Pace", key_display="+-"),
        Binding("minus", "speed(-1)", "Slower", show=False),
    ]

    HUMAN_ACTIONS = frozenset({"roll", "hold", "fill", "move"})

    def __init__(self) -> None:
        super().__init__()
        self.highlight: Category | None = None
        self._shown: GameState | None = None
        self._announcement = Content("")
        self._computer_busy = False
        self._computer_steps: list[Callable[[], None]] = []
        self._skip_turn_of: tuple[int, int] | None = None
        self._computer_timer: Timer | None = None
        self._computer_expects: GameState | None = None
        self._coach_cache: tuple[GameState, list[ActionValue]] | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="topbar")
        with Horizontal(id="table"):
            with Vertical(id="play"):
                yield DiceTray(id="dice")
                yield Static(id="message")
                yield BoxList(id="boxes")
                with Vertical(id="tie-break"):
                    yield Static(id="tie-break-info")
                    yield ClickButton("End turn", id="end-turn", variant="primary")
            with Vertical(id="side"):
                yield Standings(id="standings")
                yield ClickButton("Roll", id="roll", variant="success")
                yield CoachPanel(id="coach")
                with Vertical(id="side-buttons"):
                    yield ClickButton("Coach (h)", id="toggle-coach", compact=True)
                    yield ClickButton("Scorecard (s)", id="show-scorecard", compact=True)
                    yield ClickButton("Rules and keys (?)", id="show-help", compact=True)
        yield Footer(show_command_palette=False)

    @property
    def generala(self) -> GeneralaApp:
        return cast("GeneralaApp", self.app)

    @property
    def game(self) -> GameState:
        state = self.generala.game
        assert isinstance(state, GameState)
        return state

    def on_mount(self) -> None:
        self.query_one("#standings").border_title = "Standings"
        self.query_one("#coach").border_title = "Coach"
        self.watch(self.app, "game", self._game_changed)
        self.watch(self.app, "coach", self._coach_changed)
        self.watch(self.app, "strategies_ready", self._strategy_ready, init=False)
        self.watch(self.app, "strategy_progress", self._strategy_progress, init=False)
        # The expert and the coach need the strategy table: compute it after the
        # first frame, in a worker, so the game shows at once.
        self.call_after_refresh(self._prepare_strategy)

    def _prepare_strategy(self) -> None:
        state = self.generala.game
        if state is None:
            return
        experts = any(p.level is Level.EXPERT for p in state.players)
        if experts or self.generala.coach:
            self.generala.strategy(state.house_rules)

    def _game_changed(self, state: GameState | None) -> None:
        if state is None or state.phase is Phase.OVER:
            return
        self.show(state)

    # --- drawing ----------------------------------------------------------

    def show(self, state: GameState) -> None:
        """Redraw everything from the game state."""
        previous, self._shown = self._shown, state
        new_turn = previous is None or (
            previous.current != state.current
            or previous.turn.rolls > state.turn.rolls
            or previous.phase != state.phase
        )
        rolled = previous is not None and not new_turn and state.turn.rolls > previous.turn.rolls
        if new_turn or rolled:
            self.highlight = best_box(state)
        turn = state.turn
        thrown: tuple[int, ...] = ()
        if rolled and previous is not None and self._wants_animation():
            thrown = rules.thrown_dice(previous.turn)
        self.query_one(DiceTray).show(turn.dice, turn.held, turn.locked, animate=thrown)
        self.query_one("#topbar", Static).update(self._topbar(state))
        self.query_one("#message", Static).update(self._message(state))
        self.query_one(Standings).show(state)
        tie_break = state.phase is Phase.TIE_BREAK
        self.query_one(BoxList).display = not tie_break
        self.query_one("#tie-break").display = tie_break
        if tie_break:
            self._show_tie_break(state)
        else:
            self._show_boxes(state)
        roll_button = self.query_one("#roll", Button)
        roll_button.disabled = not rules.can_roll(state) or self._computer_turn(state)
        roll_button.label = f"Roll ({state.rolls_left} left)" if state.rolls_left else "No rolls"
        self._show_coach(state)
        self.refresh_bindings()
        self._maybe_start_computer(state)

    def _wants_animation(self) -> bool:
        return not self.app.is_headless and self.app.animation_level != "none"

    def _topbar(self, state: GameState) -> Content:
        dots = "●" * state.turn.rolls + "○" * state.rolls_left
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

    def _message(self, state: GameState) -> Content:
        announcement, self._announcement = self._announcement, Content("")
        prompt = self._prompt(state)
        return Content("\n").join([announcement, prompt]) if announcement.plain else prompt

    def _prompt(self, state: GameState) -> Content:
        turn = state.turn
        if self._computer_turn(state):
            progress = self.generala.strategy_progress
            if progress is not None and state.current_player.level is Level.EXPERT:
                return Content.from_markup(
                    "[b]$name[/b] ⚙ is working out the best play… $done%",
                    name=state.current_player.name,
                    done=str(round(progress * 100)),
                )
            return Content.from_markup(
                "[b]$name[/b] ⚙ is playing: [b]f[/b] skips ahead, [b]+[/b] [b]-[/b] set the pace.",
                name=state.current_player.name,
            )
        if turn.rolls == 0:
            return Content.from_markup(
                "[b]$name[/b], roll the dice: [b]r[/b], space, or the Roll button.",
                name=state.current_player.name,
            )
        if not rules.can_roll(state) and state.rolls_left:
            return Content("All five dice are held: release one to roll, or fill a box.")
        served = Content("")
        if turn.served:
            bonus = state.house_rules.served_bonus
            two_pairs = ", Two pairs +5" if state.house_rules.two_pairs else ""
            served = Content.from_markup(
                f"[b $warning]Served![/] Straight, Full, Póker +{bonus}{two_pairs}. "
            )
        if not state.rolls_left:
            if state.phase is Phase.TIE_BREAK:
                rest = "No rolls left: end your turn to take the tie-break score."
            else:
                rest = "No rolls left: choose a box (↑↓ and Enter, or click it)."
        elif turn.served:
            rest = "Hold dice and roll, or fill a box."
        else:
            rest = "Click dice or press 1-5 to hold them, then roll; or fill a box."
        return Content.assemble(served, rest)

    def _show_tie_break(self, state: GameState) -> None:
        tie_round = state.tie_breaks[-1]
        names = [state.players[i].name for i in tie_round.contenders]
        played = [
            f"{state.players[i].name}: {points}"
            for i, points in zip(tie_round.contenders, tie_round.scores, strict=False)
        ]
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
            lines.append(Content(f"Round {len(state.tie_breaks) - 1} was tied again: {scores}."))
        if played:
            lines.append(Content("Scores so far: " + ", ".join(played)))
        end_turn = self.query_one("#end-turn", Button)
        points = tie_break_points(state)
        if points is not None:
            lines.append(Content.from_markup("Your dice score [b]$p[/b] now.", p=str(points)))
            end_turn.label = f"Take {points} points (Enter)"
        else:
            end_turn.label = "End turn (Enter)"
        end_turn.disabled = state.turn.rolls == 0
        self.query_one("#tie-break-info", Static).update(Content("\n").join(lines))

    # --- what the player does --------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        state = self._shown
        if state is None or state.phase is Phase.OVER:
            return action in {"scorecard", "help", "coach"}
        computer = self._computer_turn(state)
        if action == "speed":
            return any(player.level is not None for player in state.players)
        if action == "skip_ahead":
            return computer
        if computer and action in self.HUMAN_ACTIONS:
            return False  # hidden, to make room for the computer's keys
        if action == "roll":
            return True if rules.can_roll(state) else None
        if action == "hold":
            return True if state.turn.rolls else None
        if action in {"fill", "move"}:
            return True if state.turn.rolls else None
        return True

    def _try(self, move: str, *args: object) -> None:
        """Make a move of :mod:`rules`; explain it to the player when it is illegal."""
        state = self.game
        try:
            new_state = getattr(rules, move)(state, *args)
        except rules.IllegalMove as error:
            self._announcement = Content("")
            self.notify(str(error), severity="warning", markup=False)
            return
        self.generala.play(new_state, _decision(state, move, args))

    def action_roll(self) -> None:
        if not self._computer_turn(self.game):
            self._try("roll")

    @on(Button.Pressed, "#roll")
    def _roll_pressed(self) -> None:
        self.action_roll()

    def action_hold(self, die: int) -> None:
        if not self._computer_turn(self.game):
            self._try("toggle_hold", die)

    @on(Die.Toggled)
    def _die_clicked(self, event: Die.Toggled) -> None:
        self.action_hold(event.die.index)

    def action_move(self, step: int) -> None:
        state = self.game
        if state.phase is Phase.TIE_BREAK:
            return
        categories = [offer.category for offer in box_offers(state)]
        if not categories:
            return
        if self.highlight in categories:
            index = (categories.index(self.highlight) + step) % len(categories)
        else:
            index = 0
        self.highlight = categories[index]
        self._show_boxes(state)

    def action_fill(self) -> None:
        state = self.game
        if state.phase is Phase.TIE_BREAK:
            self._end_tie_break_turn()
        elif self.highlight is not None:
            self.fill(self.highlight)

    @on(BoxRow.Chosen)
    def _box_clicked(self, event: BoxRow.Chosen) -> None:
        if not self._computer_turn(self.game):
            self.highlight = event.row.category
            self.fill(event.row.category)

    def fill(self, category: Category) -> None:
        """Score the box, or ask first and scratch it when it would hold 0."""
        points = rules.scoring_options(self.game).get(category)
        if points is None:
            self._try("score", category)  # the rules explain why the box can't be filled
        elif points:
            self._fill_box(category, scratch=False)
        else:
            question = Content.from_markup(
                "Scratch [b]$box[/b]? It will hold 0 points (✗) for the rest of the game.",
                box=category_label(category),
            )

            def answered(confirmed: bool | None) -> None:
                if confirmed:
                    self._fill_box(category, scratch=True)

            self.app.push_screen(ConfirmDialog(question, "Scratch", "Keep playing"), answered)

    def _fill_box(self, category: Category, *, scratch: bool) -> None:
        """Fill the box, and tell the next player's screen what was filled."""
        state = self.game
        points = 0 if scratch else rules.scoring_options(state).get(category, 0)
        text = "$player scored [b]$points[/b] in $box." if points else "$player scratched $box."
        player, box = state.current_player.name, category_label(category)
        self._announce(Content.from_markup(text, player=player, points=str(points), box=box))
        self._try("scratch" if scratch else "score", category)

    def _announce(self, message: Content) -> None:
        self._announcement = message

    @on(Button.Pressed, "#end-turn")
    def _end_tie_break_pressed(self) -> None:
        if not self._computer_turn(self.game):
            self._end_tie_break_turn()

    def _end_tie_break_turn(self) -> None:
        state = self.game
        points = tie_break_points(state) or 0
        self._announce(
            Content.from_markup(
                "$player takes [b]$points[/b] tie-break points.",
                player=state.current_player.name,
                points=str(points),
            )
        )
        self._try("end_tie_break_turn")

    @on(Button.Pressed, "#show-scorecard")
    def action_scorecard(self) -> None:
        from .scorecard import ScorecardScreen

        self.app.push_screen(ScorecardScreen())

    @on(Button.Pressed, "#show-help")
    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen())

    # --- the coach --------------------------------------------------------

    @on(Button.Pressed, "#toggle-coach")
    def action_coach(self) -> None:
        self.generala.coach = not self.generala.coach

    def _coach_changed(self, on: bool) -> None:
        if on:
            self._prepare_strategy()
        self._strategy_ready()

    def _strategy_ready(self) -> None:
        state = self._shown
        if state is not None and state.phase is Phase.PLAYING:
            self._show_boxes(state)
        if state is not None:
            self._show_coach(state)

    def _strategy_progress(self, done: float | None) -> None:
        if self.generala.coach and done is not None:
            self.query_one(CoachPanel).show_progress(done)
        if self._shown is not None and self._computer_turn(self._shown):
            self.query_one("#message", Static).update(self._prompt(self._shown))

    def _coach_values(self, state: GameState) -> list[ActionValue] | None:
        """The coach's values of the position; None when off, for a computer, or not ready."""
        if not self.generala.coach or self._computer_turn(state) or state.phase is Phase.OVER:
            return None
        if self._coach_cache is not None and self._coach_cache[0] is state:
            return self._coach_cache[1]
        strategy = self.generala.strategy(state.house_rules)
        if strategy is None:
            return None
        values = strategy.evaluate(state)
        self._coach_cache = (state, values)
        return values

    def _show_boxes(self, state: GameState) -> None:
        self.query_one(BoxList).show(box_offers(state, self._coach_values(state)), self.highlight)

    def _show_coach(self, state: GameState) -> None:
        panel = self.query_one(CoachPanel)
        on = self.generala.coach
        panel.display = on
        self.query_one("#toggle-coach", Button).label = "Coach off (h)" if on else "Coach (h)"
        if not on:
            return
        values = self._coach_values(state)
        if self._computer_turn(state):
            panel.show_computer(state.current_player.name)
        elif values is None:
            panel.show_progress(self.generala.strategy_progress or 0.0)
        else:
            panel.show(state, values)

    # --- computer players -------------------------------------------------

    @staticmethod
    def _computer_turn(state: GameState) -> bool:
        return state.phase is not Phase.OVER and state.current_player.level is not None

    def _maybe_start_computer(self, state: GameState) -> None:
        if self._computer_turn(state) and not self._computer_busy:
            self._computer_busy = True
            self._think(state)

    @work(thread=True, group="computer", exit_on_error=False)
    def _think(self, state: GameState) -> None:
        """Choose the computer's next action off the UI thread; then play it step by step."""
        try:
            strategy = None
            if state.current_player.level is Level.EXPERT:
                from ...game.strategy import solve

                strategy = solve(state.house_rules, tables=store.strategy_tables)
            action = choose_action(state, strategy=strategy)
        except Exception as error:  # the turn must not freeze: say so, and let a key retry
            self.app.call_from_thread(self._computer_failed, str(error))
            return
        self.app.call_from_thread(self._play_computer_action, state, action)

    def _computer_failed(self, error: str) -> None:
        self._stop_computer()
        self.notify(
            f"The computer player could not choose a move ({error}); press f to try again.",
            severity="error",
            markup=False,
        )

    def _play_computer_action(self, state: GameState, action: Action) -> None:
        if not self.is_attached or self.generala.game is not state:
            self._computer_busy = False  # the game moved on (a new game, a quit)
            return
        steps: list[Callable[[], None]] = []
        if action.kind is ActionKind.ROLL:
            for die in hold_toggles(state, action):
                steps.append(lambda die=die: self._try("toggle_hold", die))
            steps.append(lambda: self._try("roll"))
        elif action.kind is ActionKind.END_TIE_BREAK:
            steps.append(self._end_tie_break_turn)
        else:
            category = action.category
            assert category is not None
            steps.append(lambda: self._highlight(category))
            steps.append(
                lambda: self._fill_box(category, scratch=action.kind is ActionKind.SCRATCH)
            )
        self._computer_steps = steps
        self._computer_expects = state
        self._schedule_computer_step()

    def _schedule_computer_step(self) -> None:
        state = self.generala.game
        if state is None:
            self._stop_computer()
            return
        skipping = self._skip_turn_of == (state.current, len(state.current_player.boxes))
        delay = 0.0 if skipping else self.generala.computer_delay
        if delay:
            self._computer_timer = self.set_timer(delay, self._next_computer_step)
        else:
            self._computer_timer = None
            self.call_later(self._next_computer_step)

    def _next_computer_step(self) -> None:
        """Play the next step of the computer's action, if the game is still where it was."""
        self._computer_timer = None
        state = self.generala.game
        if not self._computer_steps or not self.is_attached or state is None:
            self._stop_computer()
            return
        if state is not self._computer_expects:
            # Something else moved the game: plan again from where it is now.
            self._stop_computer()
            self._maybe_start_computer(state)
            return
        step = self._computer_steps.pop(0)
        if not self._computer_steps:
            self._computer_busy = False  # the last step's new state starts the next action
            step()
            return
        step()
        self._computer_expects = self.generala.game
        self._schedule_computer_step()

    def _stop_computer(self) -> None:
        if self._computer_timer is not None:
            self._computer_timer.stop()
            self._computer_timer = None
        self._computer_steps = []
        self._computer_busy = False

    def on_unmount(self) -> None:
        self._stop_computer()

    def _highlight(self, category: Category) -> None:
        self.highlight = category
        self._show_boxes(self.game)

    def action_skip_ahead(self) -> None:
        """Play the rest of the computer's turn at once."""
        state = self.game
        self._skip_turn_of = (state.current, len(state.current_player.boxes))
        if self._computer_timer is not None and self._computer_steps:
            self._computer_timer.stop()
            self._computer_timer = None
            self.call_later(self._next_computer_step)
        else:
            self._maybe_start_computer(state)

    def action_speed(self, step: int) -> None:
        speeds = self.generala.COMPUTER_SPEEDS
        delay = self.generala.computer_delay
        index = min(range(len(speeds)), key=lambda i: abs(speeds[i] - delay))
        index = max(0, min(len(speeds) - 1, index + step))
        self.generala.computer_delay = speeds[index]
        names = ["very slow", "slow", "normal", "fast", "instant"]
        self.notify(f"Computer pace: {names[index]}.", timeout=1.5)


def _decision(
    state: GameState, move: str, args: tuple[object, ...]
) -> tuple[GameState, Action] | None:
    """The decision a move of the rules records for the post-game analysis, if it is one."""
    if move == "roll":
        held = [die for die, h in enumerate(state.turn.held) if h] if state.turn.rolls else []
        return state, Action.roll(held)
    if move in {"score", "scratch"}:
        category = Category(str(args[0]))
        make = Action.score if move == "score" else Action.scratch
        return state, make(category)
    if move == "end_tie_break_turn":
        return state, Action.end_tie_break()
    return None
