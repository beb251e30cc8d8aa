"""The trainer: decide in positions from your own costly decisions, and see what each costs.

A round is :data:`~generala_tui.game.training.ROUND_SIZE` positions chosen by
:func:`~generala_tui.game.training.training_round` in a worker (the strategy
table through the host's solver). Each position is drawn like the turn screen
(dice, the open boxes, the scorecard) and answered with the same keys and
clicks; the answer is not played, only valued: its cost, the best and the next
best choice, and the coach's values of every choice.
"""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass

from textual import events, on
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Static

from ... import store
from ...game import rules
from ...game.action import Action
from ...game.model import Category, GameState
from ...game.strategy import ActionValue, Strategy
from ...game.training import ROUND_SIZE, Drill, DrillSource, Verdict, grade
from .. import vocabulary
from ..host import host_of, own_keys
from ..widgets import coach_words
from ..widgets.boxes import BoxList
from ..widgets.buttons import ClickButton
from ..widgets.coach import CoachPanel
from ..widgets.dice import DiceTray, Die, dice_order
from ..widgets.footer import Footer
from ..widgets.scorecard import SideScorecard
from . import trainer_words, turn_words
from .modal import Page
from .turn_keys import CHOOSE_BINDINGS, hold_bindings
from .turn_view import box_offers, first_open_box

TRAINER_GROUP = "trainer"
NARROW_WIDTH = 80
"""Below this width the side panel goes and the score joins the top line."""
SMALL_DICE_WIDTH, SMALL_DICE_HEIGHT = 56, 24
"""Below either, one line a die."""
WIDE_WIDTH, WIDE_HEIGHT = 120, 34
"""From this size up, the scorecard beside the boxes."""


@dataclass(frozen=True)
class Answer:
    """One answered position of the round."""

    drill: Drill
    verdict: Verdict


class TrainerScreen(Page[None]):
    """A training round: each position is answered, then valued against the optimum."""

    # Parsed when the trainer is first shown: a side panel from 80 columns, one line a die
    # below 56x24, the scorecard from 120x34.
    DEFAULT_CSS = """
    TrainerScreen {
        #trainer-top {
            height: auto;
            max-height: 2;
            padding: 0 1;
            background: $panel;
        }
        #trainer-table { height: 1fr; }
        #trainer-play {
            width: 1fr;
            padding: 0 1;
        }
        #trainer-dice-row {
            height: auto;
            width: 100%;
            align-horizontal: center;
        }
        #trainer-message {
            height: auto;
            min-height: 2;
            max-height: 5;
        }
        #trainer-boxes-area { height: 1fr; }
        #trainer-scorecard { display: none; }
        #trainer-side {
            width: 30%;
            min-width: 26;
            max-width: 40;
            padding: 0 1 0 0;
        }
        #trainer-score {
            height: auto;
            border: round $accent;
            border-title-color: $accent;
            padding: 0 1;
        }
        #trainer-side Button {
            width: 100%;
            margin-top: 1;
        }
        #trainer-roll { height: 3; }
        #trainer-side Button.-textual-compact {
            height: 1;
            margin-top: 1;
        }
        #trainer-next { display: none; }
        #trainer-coach-room { height: 1fr; }
        #trainer-summary {
            display: none;
            height: auto;
            padding: 0 1;
            border: round $success;
        }
        &.-done #trainer-summary { display: block; }
        &.-preparing #trainer-table { display: none; }
        &.-narrow {
            #trainer-table { layout: vertical; }
            #trainer-side {
                width: 100%;
                max-width: 100%;
                height: 1;
                layout: horizontal;
                padding: 0 1;
            }
            #trainer-score {
                border: none;
                width: 1fr;
                height: 1;
                padding: 0;
            }
            #trainer-side Button, #trainer-side Button.-textual-compact {
                width: auto;
                min-width: 0;
                height: 1;
                border: none;
                margin: 0 0 0 1;
                padding: 0 1;
            }
            #trainer-coach, #trainer-coach-room { display: none; }
            /* Esc closes (in the Footer); the roll button goes once answered: room for the
               score. */
            #trainer-close { display: none; }
            #trainer-top { max-height: 3; }
            #trainer-message { max-height: 6; }
            #trainer-boxes-area { min-height: 3; }
        }
        &.-small-dice #trainer-message { min-height: 1; }
        &.-wide {
            #trainer-boxes {
                width: 1fr;
                max-width: 64;
            }
            #trainer-scorecard {
                display: block;
                width: auto;
                max-width: 60%;
                height: auto;
                max-height: 100%;
                margin-left: 2;
            }
            #trainer-coach {  /* as high as its lines, as on the turn screen */
                height: auto;
                max-height: 100%;
            }
        }
    }
    """

    BINDINGS = [
        Binding("r", "roll", vocabulary.Keys.ROLL, id="turn.roll"),
        Binding("space", "roll", vocabulary.Keys.ROLL, show=False, id="turn.roll"),
        *hold_bindings(priority=False),
        *CHOOSE_BINDINGS,
        Binding("enter", "next", vocabulary.Keys.NEXT, priority=True, id="trainer.next"),
        Binding("enter", "again", vocabulary.Keys.ANOTHER_ROUND, priority=True, id="trainer.again"),
        Binding("r", "retry", vocabulary.Keys.TRY_AGAIN, id="trainer.retry"),
        Binding("escape", "close", vocabulary.Keys.CLOSE, id="trainer.close"),
    ]

    def __init__(self, trainee: str | None = None, seed: int | None = None) -> None:
        super().__init__()
        self.trainee = trainee
        """The name typed on the setup screen: the positions come from their games only."""
        self.seed = seed
        self.trainee_name = trainee or vocabulary.default_player_name(1)
        self.drills: list[Drill] = []
        self.answers: list[Answer] = []
        self.position: GameState | None = None
        """The position on screen, with the holds the trainee has made."""
        self.cursor: Category | None = None
        self.strategy: Strategy | None = None
        self._failed = False
        self._asked_index = 0
        self._answered_best: list[GameState] = []
        """The history positions answered best last round: the next round leaves them out."""
        self._elsewhere = 0
        """The trainee's finished games under other house rules than the trainer's."""

    # --- layout -------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(trainer_words.trainer_preparing(), id="trainer-top")
        with Horizontal(id="trainer-table"):
            with Vertical(id="trainer-play"):
                with Horizontal(id="trainer-dice-row"):
                    yield DiceTray(id="trainer-dice")
                yield Static(id="trainer-message")
                with Horizontal(id="trainer-boxes-area"):
                    yield BoxList(id="trainer-boxes")
                    yield SideScorecard(id="trainer-scorecard")
            with Vertical(id="trainer-side"):
                yield Static(id="trainer-score")
                yield ClickButton(vocabulary.roll_button(), id="trainer-roll", variant="success")
                yield ClickButton(
                    trainer_words.trainer_next_button(),
                    id="trainer-next",
                    variant="primary",
                    compact=True,
                )
                with Vertical(id="trainer-coach-room"):  # the room above Close
                    yield CoachPanel(id="trainer-coach")
                yield ClickButton(
                    vocabulary.close_button("trainer.close", own_keys(self)),
                    id="trainer-close",
                    compact=True,
                )
        yield Static(id="trainer-summary")
        yield Footer(show_command_palette=False, compact=True)

    def on_mount(self) -> None:
        self.query_one("#trainer-score").border_title = trainer_words.trainer_score_title()
        self.query_one("#trainer-coach").border_title = coach_words.coach_title()
        self._fit(self.app.size.width, self.app.size.height)
        self._start()

    async def language_changed(self) -> None:
        """Say it all again in the current language, keeping the round where it is."""
        self.refresh_bindings()
        self.query_one("#trainer-score").border_title = trainer_words.trainer_score_title()
        self.query_one("#trainer-coach").border_title = coach_words.coach_title()
        self.query_one("#trainer-roll", Button).label = vocabulary.roll_button()
        self.query_one("#trainer-close", Button).label = vocabulary.close_button(
            "trainer.close", own_keys(self)
        )
        next_label = (
            trainer_words.trainer_again_button()
            if self.done
            else trainer_words.trainer_next_button()
        )
        self.query_one("#trainer-next", Button).label = next_label
        if self.has_class("-preparing") and not self._failed:
            self.query_one("#trainer-top", Static).update(trainer_words.trainer_preparing())
        self._draw()
        if self.done:
            self._summary()
        for widget in self.query("*"):
            widget.refresh()

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        small = width < SMALL_DICE_WIDTH or height < SMALL_DICE_HEIGHT
        wide = width >= WIDE_WIDTH and height >= WIDE_HEIGHT
        self.set_class(width < NARROW_WIDTH, "-narrow")
        self.set_class(small, "-small-dice")
        self.set_class(wide, "-wide")
        self.query_one(DiceTray).resize_dice("compact" if small else "normal")
        self._draw()

    # --- preparing a round --------------------------------------------------

    def _start(self) -> None:
        self._failed = False
        self.drills, self.answers, self.position = [], [], None
        self.set_class(True, "-preparing")
        self.set_class(False, "-done")
        self.query_one("#trainer-top", Static).update(trainer_words.trainer_preparing())
        self.refresh_bindings()
        # Run by the app, whose one handler tells the player of a failure.
        self.app.run_worker(
            self._prepare(), name="trainer", group=TRAINER_GROUP, exit_on_error=False
        )

    async def _prepare(self) -> None:
        from ...game.training import games_under_other_rules, trainee, training_round

        host = host_of(self)
        seed = self.seed if self.seed is not None else random.SystemRandom().randrange(2**31)
        try:
            strategy = await host.solver.get(host.house_rules)
            records, _ = await asyncio.to_thread(store.load_history)
            games = [record.game for record in records]
            # With no name typed, the commonest human of the games the trainer can draw on.
            here = [game for game in games if game.house_rules == strategy.house_rules]
            self.trainee_name = (
                trainee(here, self.trainee) or trainee(games, self.trainee) or self.trainee_name
            )
            self._elsewhere = games_under_other_rules(
                games, self.trainee_name, strategy.house_rules
            )
            drills = await asyncio.to_thread(
                training_round,
                games,
                self.trainee_name,
                strategy,
                seed,
                answered_best=self._answered_best,
            )
        except Exception as error:
            if self.is_attached:
                self._failed = True
                self.query_one("#trainer-top", Static).update(
                    trainer_words.trainer_failed(str(error))
                )
                self.refresh_bindings()
            raise
        if not self.is_attached:
            return
        self.strategy = strategy
        self.drills = drills
        self.set_class(False, "-preparing")
        self._show_drill()
        note = self._other_rules_note()
        if note is not None and self.has_class("-small-dice"):
            self.notify(note.plain, markup=False)

    def _other_rules_note(self) -> Content | None:
        """Which house rules the trainer uses and where to change them, when the trainee's
        finished games were all under other ones (and so none could be drawn on)."""
        if not self._elsewhere or self.strategy is None:
            return None
        if any(d.source is DrillSource.HISTORY for d in self.drills):
            return None
        return trainer_words.trainer_other_rules(
            self.trainee_name, self.strategy.house_rules, own_keys(self)
        )

    # --- one position -------------------------------------------------------

    @property
    def drill(self) -> Drill | None:
        """The position being asked or just answered."""
        index = len(self.answers)
        if self.position is None or not self.drills:
            return None
        return self.drills[min(index, len(self.drills) - 1)]

    @property
    def answered(self) -> bool:
        """Whether the position on screen has been answered (its verdict shown)."""
        return self.position is not None and len(self.answers) > self._asked_index

    @property
    def done(self) -> bool:
        """Whether the round is over (its summary shown)."""
        return self.has_class("-done")

    def _show_drill(self) -> None:
        self._asked_index = len(self.answers)
        drill = self.drills[self._asked_index]
        self.position = drill.state
        self.cursor = first_open_box(drill.state)
        self._draw()

    def _draw(self) -> None:
        state = self.position
        if state is None or not self.drills:
            self.refresh_bindings()
            return
        drill = self.drills[self._asked_index]
        verdict = self.answers[-1].verdict if self.answered else None
        values = list(verdict.choices) if verdict is not None else None
        history = any(d.source is DrillSource.HISTORY for d in self.drills)
        # Games under other house rules are told of only when none could be drawn on.
        elsewhere = 0 if history else self._elsewhere
        top = trainer_words.trainer_topbar(
            self._asked_index + 1,
            len(self.drills),
            drill.source is DrillSource.HISTORY,
            state,
            name=self.trainee_name,
            own=self.trainee is not None,
            history=history,
            elsewhere=elsewhere,
        )
        self.query_one("#trainer-top", Static).update(top)
        turn = state.turn
        order = dice_order(turn.dice, host_of(self).sorted_dice)
        self.query_one(DiceTray).show(turn.dice, turn.held, turn.locked, order=order)
        if verdict is None:
            message = trainer_words.trainer_prompt(state, state.current_player.name, own_keys(self))
            note = self._other_rules_note()
            # Below 24 rows the note would push the boxes off: it is told once instead.
            if note is not None and not self.has_class("-small-dice"):
                message = Content("\n").join([message, note])
        else:
            message = self._verdict_text(drill, verdict)
        self.query_one("#trainer-message", Static).update(message)
        self.query_one(BoxList).show(box_offers(state, values), self.cursor)
        if self.has_class("-wide"):
            self.query_one(SideScorecard).show(state)
        coach = self.query_one(CoachPanel)
        coach.display = values is not None and not self.has_class("-narrow")
        self.query_one("#trainer-coach-room").display = coach.display
        if values is not None:
            coach.show(drill.state, values)
        best = sum(_shown_best(answer.verdict) for answer in self.answers)
        cost = sum(answer.verdict.cost for answer in self.answers)
        narrow = self.has_class("-narrow")
        score = trainer_words.trainer_score_short if narrow else trainer_words.trainer_score
        self.query_one("#trainer-score", Static).update(score(len(self.answers), best, cost))
        roll = self.query_one("#trainer-roll", Button)
        roll.display = verdict is None or not narrow
        roll.disabled = verdict is not None or not rules.can_roll(state)
        roll.label = turn_words.roll_label(state)
        self.query_one("#trainer-next", Button).display = verdict is not None
        self.refresh_bindings()

    def _verdict_text(self, drill: Drill, verdict: Verdict) -> Content:
        dice = drill.state.turn.dice

        def named(value: ActionValue) -> tuple[str, float]:
            return vocabulary.describe_action(value.action, dice), value.expected

        next_best = verdict.next_best
        said = trainer_words.trainer_verdict(
            vocabulary.describe_action(verdict.action, dice),
            verdict.expected,
            verdict.cost,
            named(verdict.best),
            named(next_best) if next_best is not None else None,
        )
        if drill.source is DrillSource.HISTORY and drill.played is not None:
            played = trainer_words.trainer_played(
                vocabulary.describe_action(drill.played, dice),
                drill.cost,
                self.trainee_name,
                self.trainee is not None,
            )
            said = Content("\n").join([said, played])
        return said

    # --- what the trainee does -----------------------------------------------

    def footer_keys(self, bindings: dict[str, ActiveBinding]) -> dict[str, ActiveBinding]:
        # The Footer's one line is for the trainer's own keys, in every language: the game's
        # scorecard and undo are not the trainer's, and ctrl+q quits everywhere anyway.
        return {
            key: active
            for key, active in bindings.items()
            if active.binding.action not in {"quit", "scorecard", "undo"}
        }

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        asking = self.position is not None and not self.answered and not self.done
        if action == "retry":
            return self._failed
        if action == "next":
            return self.answered and not self.done
        if action == "again":
            return self.done
        if action in {"hold", "move", "fill"}:
            return asking
        if action == "roll":
            if not asking or self.position is None:
                return False
            return True if rules.can_roll(self.position) else None
        return True

    def action_hold(self, place: int) -> None:
        """Hold or release the die shown at ``place`` (its key, 1 to 5)."""
        if self.position is not None:
            self._hold(dice_order(self.position.turn.dice, host_of(self).sorted_dice)[place])

    @on(Die.Toggled)
    def _die_clicked(self, event: Die.Toggled) -> None:
        self._hold(event.die.index)

    def _hold(self, die: int) -> None:
        if self.check_action("hold", ()) and self.position is not None:
            try:
                self.position = rules.toggle_hold(self.position, die)
            except rules.IllegalMove as error:
                self.notify(vocabulary.refusal(error), severity="warning", markup=False)
                return
            self._draw()

    def action_move(self, step: int) -> None:
        state = self.position
        if state is None or not self.check_action("move", ()):
            return
        categories = [offer.category for offer in rules.offers(state)]
        if not categories:
            return
        index = categories.index(self.cursor) + step if self.cursor in categories else 0
        self.cursor = categories[index % len(categories)]
        self._draw()

    def action_roll(self) -> None:
        state = self.position
        if state is None or not self.check_action("roll", ()):
            return
        self._answer(Action.roll([die for die, held in enumerate(state.turn.held) if held]))

    @on(Button.Pressed, "#trainer-roll")
    def _roll_pressed(self) -> None:
        self.action_roll()

    def action_fill(self) -> None:
        if self.cursor is not None and self.check_action("fill", ()):
            self._fill(self.cursor)

    @on(BoxList.Chosen)
    def _box_clicked(self, event: BoxList.Chosen) -> None:
        if self.check_action("fill", ()):
            self.cursor = event.category
            self._fill(event.category)

    def _fill(self, category: Category) -> None:
        state = self.position
        if state is None:
            return
        offer = next((o for o in rules.offers(state) if o.category is category), None)
        if offer is None:
            return
        self._answer(Action.score(category) if offer.points else Action.scratch(category))

    def _answer(self, action: Action) -> None:
        drill, strategy = self.drills[self._asked_index], self.strategy
        if strategy is None:
            return
        try:
            verdict = grade(drill, action, strategy)
        except rules.IllegalMove as error:
            self.notify(vocabulary.refusal(error), severity="warning", markup=False)
            return
        self.answers.append(Answer(drill, verdict))
        self._draw()

    @on(Button.Pressed, "#trainer-next")
    def _next_pressed(self) -> None:
        if self.done:
            self.action_again()
        else:
            self.action_next()

    def action_next(self) -> None:
        if not self.answered or self.done:
            return
        if len(self.answers) < len(self.drills):
            self._show_drill()
        else:
            self._summary()

    def _summary(self) -> None:
        best = sum(_shown_best(answer.verdict) for answer in self.answers)
        cost = sum(answer.verdict.cost for answer in self.answers)
        worst_answer = max(self.answers, key=lambda answer: answer.verdict.cost, default=None)
        worst = None
        if worst_answer is not None:
            dice = worst_answer.drill.state.turn.dice
            worst = (
                vocabulary.describe_action(worst_answer.verdict.action, dice),
                worst_answer.verdict.cost,
            )
        self.query_one("#trainer-summary", Static).update(
            trainer_words.trainer_summary(len(self.answers), best, cost, worst)
        )
        self.query_one("#trainer-next", Button).label = trainer_words.trainer_again_button()
        self.set_class(True, "-done")
        self.refresh_bindings()

    def action_again(self) -> None:
        if self.done:
            self.query_one("#trainer-next", Button).label = trainer_words.trainer_next_button()
            self.seed = None if self.seed is None else self.seed + 1
            self._answered_best = [
                answer.drill.state
                for answer in self.answers
                if answer.drill.source is DrillSource.HISTORY and answer.verdict.is_best
            ]
            self._start()

    def action_retry(self) -> None:
        host_of(self).solver.retry()
        self._start()

    @on(Button.Pressed, "#trainer-close")
    def action_close(self) -> None:
        self.dismiss(None)


__all__ = ["ROUND_SIZE", "TrainerScreen"]


def _shown_best(verdict: Verdict) -> bool:
    """Whether an answer counts as best in the round's score: as its verdict says it, when
    its total shows as the best one's (:func:`trainer_words.trainer_verdict`)."""
    return coach_words.shown_best(verdict.expected, verdict.best.expected)
