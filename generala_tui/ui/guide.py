"""The guided first game: a real game for one player, and a guide on its turn screen.

The guide teaches one thing at a time, each when the game comes to it: the dice (and how to
roll them), holding, rolling again, the boxes and their previews, a served roll and a
scratch. It says the key and the mouse's way, and goes on when the player has done what it
says: it watches the game as the turn screen does (``app.game``), never a clock. Esc or its
button leaves it at any step; the game goes on either way.

The game's dice are seeded (:data:`GUIDED_SEED`) so that every lesson is sure to come in the
first turns: the first roll makes nothing and asks for a hold, the first roll of the second
turn is a served straight however many rolls the first took, and holding the first roll's
three alike leaves nothing made after three rolls (a scratch to think about). A lesson that comes
up otherwise (a served roll of the player's own) is taught then.

Which lesson is due, and what completes it, are pure functions of the game
(:func:`lesson_due`, :func:`completes`), tested without an app. The screens use the guide
(the turn screen shows :class:`Guide`; the setup screen's offer of it is
:class:`~.guide_offer.GuideOffer`, beside it); it uses no
screen (``tests/test_layout.py``): the setup screen asks before a guided game replaces a
game in progress (``screens/setup.py``'s ``begin_guided_game``).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widget import Widget

from ..game import rules
from ..game.model import (
    MAX_ROLLS,
    NUMBER_CATEGORIES,
    Category,
    Filled,
    GameState,
    HoldToggled,
    HouseRules,
    Phase,
    Player,
    Rolled,
    ServedRoll,
)
from ..i18n import changes
from . import guide_words
from .host import host_of
from .vocabulary import category_label, default_player_name

GUIDED_SEED = 61120
"""The guided game's dice (see the module's docstring; ``tests/ui/guide`` checks each claim)."""

GUIDE_TURNS = 6
"""After this many turns the guide says its last words, whatever has not come up."""

BESIDE_WIDTH = 80
"""From this width up the Roll button is at the right of the dice (the turn screen's side
panel), below it at the top, beside the standings."""


class Lesson(Enum):
    """What the guide says: a lesson, or a word between lessons, or its last words."""

    DICE = "dice"
    HOLD = "hold"
    ROLL = "roll"
    BOXES = "boxes"
    SERVED = "served"
    SCRATCH = "scratch"
    WAITING = "waiting"
    DONE = "done"


LESSONS = (
    Lesson.DICE,
    Lesson.HOLD,
    Lesson.ROLL,
    Lesson.BOXES,
    Lesson.SERVED,
    Lesson.SCRATCH,
)
"""The lessons, in the order they usually come."""


def guided_game(name: str | None = None) -> GameState:
    """The guided game: ``name`` alone at the table (a seat's default name when it has none,
    or one the rules refuse), under the classic house rules the lessons speak of."""
    default = default_player_name(1)
    try:
        return rules.new_game([Player(name=name or default)], HouseRules(), seed=GUIDED_SEED)
    except (rules.IllegalMove, ValueError):
        return rules.new_game([Player(name=default)], HouseRules(), seed=GUIDED_SEED)


def made_something(state: GameState) -> bool:
    """Whether the dice score in a box other than the numbers' (a straight, a full house ...)."""
    return any(
        offer.points for offer in rules.offers(state) if offer.category not in NUMBER_CATEGORIES
    )


def scratch_box(state: GameState) -> Category | None:
    """The box the scratch lesson names: an open box the dice can only scratch, the hardest to
    make first (Generala), None when there is none."""
    zero = [offer.category for offer in rules.offers(state) if offer.points == 0]
    return zero[-1] if zero else None


def served_offer(state: GameState) -> rules.Offer | None:
    """The open box a served roll raises most, if the dice make one."""
    raised = [offer for offer in rules.offers(state) if offer.served_bonus > 0]
    return max(raised, key=lambda offer: offer.points or 0) if raised else None


def lesson_due(state: GameState, learned: frozenset[Lesson]) -> Lesson:
    """What the guide says in this position, the lessons ``learned`` so far being done."""
    if all(lesson in learned for lesson in LESSONS) or rules.turns_ended(state) >= GUIDE_TURNS:
        return Lesson.DONE
    turn = state.turn
    if state.phase is not Phase.PLAYING or rules.computer_to_act(state):
        return Lesson.WAITING
    if turn.rolls == 0:
        return Lesson.DICE if Lesson.DICE not in learned else Lesson.WAITING
    rolls_left = turn.rolls < MAX_ROLLS
    if Lesson.SERVED not in learned and served_offer(state) is not None:
        return Lesson.SERVED
    scratch = Lesson.SCRATCH not in learned and scratch_box(state) is not None
    if scratch and not rolls_left and not made_something(state):
        return Lesson.SCRATCH
    if rolls_left and Lesson.HOLD not in learned and not any(turn.held):
        return Lesson.HOLD
    if rolls_left and Lesson.ROLL not in learned and any(turn.held) and not all(turn.held):
        return Lesson.ROLL
    if Lesson.BOXES not in learned and (Lesson.ROLL in learned or not rolls_left):
        return Lesson.BOXES
    if scratch and not rolls_left and rules.turns_ended(state) >= 3:
        return Lesson.SCRATCH  # it has not come up by itself: taught at the end of a turn
    return Lesson.WAITING


def completes(lesson: Lesson, old: GameState, new: GameState) -> bool:
    """Whether the step from ``old`` to ``new`` is what ``lesson`` asked for."""
    if new.seed != old.seed or len(new.log) != len(old.log) + 1:
        return False  # not one step of the same game (a hold taken back shortens the log)
    step = new.log[-1]
    if lesson in {Lesson.DICE, Lesson.ROLL, Lesson.DONE}:
        return isinstance(step, Rolled)
    if lesson is Lesson.HOLD:
        return isinstance(step, HoldToggled) and step.held
    if lesson is Lesson.SERVED:  # filled with the bonus, or rolled on without it
        return isinstance(step, Filled | Rolled)
    if lesson in {Lesson.BOXES, Lesson.SCRATCH}:
        return isinstance(step, Filled)
    return False


def lesson_words(
    lesson: Lesson, state: GameState, *, brief: bool, beside: bool
) -> tuple[Content, Content]:
    """What the guide says of ``lesson`` in ``state``: its head and its body (empty when
    ``brief``). ``beside``: the Roll button is at the right of the dice."""
    if lesson is Lesson.DICE:
        return guide_words.dice(brief)
    if lesson is Lesson.HOLD:
        return guide_words.hold(brief)
    if lesson is Lesson.ROLL:
        return guide_words.roll_again(brief, beside)
    if lesson is Lesson.BOXES:
        return guide_words.boxes(brief)
    if lesson is Lesson.SERVED:
        offer = served_offer(state)
        if offer is not None and offer.points is not None:
            return guide_words.served(
                brief,
                category_label(offer.category),
                offer.points,
                offer.points - offer.served_bonus,
                state.house_rules.served_roll is ServedRoll.FIRST_ROLL,
            )
    if lesson is Lesson.SCRATCH:
        box = scratch_box(state)
        if box is not None:
            return guide_words.scratch(brief, category_label(box))
    if lesson is Lesson.DONE:
        return guide_words.done(brief)
    return guide_words.waiting(brief)


# --- the widgets -------------------------------------------------------------


class GuideWords(Widget):
    """Words of the guide, asked for at every draw: a change of language shows at the next
    (the turn screen draws every widget again), laid out again when its lines may change."""

    DEFAULT_CSS = """
    GuideWords {
        width: 1fr;
        height: auto;
    }
    """

    def __init__(self, say: Callable[[], Content], *, id: str) -> None:
        super().__init__(id=id)
        self._say = say
        self._said: tuple[int, str] | None = None

    def render(self) -> Content:
        content = self._say()
        said = (changes(), content.plain)
        if self._said is not None and said != self._said:
            self.call_after_refresh(self.refresh, layout=True)  # its height may have changed
        self._said = said
        return content


class GuideButton(GuideWords, can_focus=False):
    """The guide's button, for the mouse (Esc is its key): on the turn screen no button
    takes the focus, the keys always mean the game's actions."""

    DEFAULT_CSS = """
    GuideButton {
        width: auto;
        height: 1;
        margin-left: 1;
        padding: 0 1;
        background: $primary-muted;
        color: $text;
        text-style: bold;
        &:hover { background: $primary; }
    }
    """

    def __init__(self, say: Callable[[], Content], pressed: Callable[[], None], *, id: str):
        super().__init__(say, id=id)
        self._pressed = pressed

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self._pressed()


class Guide(Vertical):
    """The guide on the turn screen, between the dice (and the turn's message) and the boxes:
    an arrow to what it speaks of, above or below it, never over it. Brief, on one or two
    lines, in a small terminal (where the dice are one line each)."""

    # Not scoped: its looks follow the turn screen's size classes.
    SCOPED_CSS = False
    DEFAULT_CSS = """
    Guide {
        height: auto;
        padding: 0 1;
        background: $accent 18%;
        border-left: outer $accent;
    }
    Guide #guide-head-row { height: auto; }
    Guide #guide-head { text-style: bold; color: $text; }
    Guide #guide-body { color: $text-muted; }
    TurnScreen.-small-dice Guide { border-left: none; }
    TurnScreen.-small-dice Guide #guide-head { max-height: 2; }
    TurnScreen.-small-dice Guide #guide-body { display: none; }
    TurnScreen.-small-dice Guide #leave-guide { padding: 0; }
    """

    def __init__(self) -> None:
        super().__init__(id="guide")
        self.learned: frozenset[Lesson] = frozenset()
        """The lessons the player has done what they said."""
        self.lesson = Lesson.DICE
        """What the guide says now."""
        self.teaching = True
        """Whether the guide is still there (False once left or done)."""
        self._state: GameState | None = None

    def compose(self) -> ComposeResult:
        with Horizontal(id="guide-head-row"):
            yield GuideWords(lambda: self._words()[0], id="guide-head")
            yield GuideButton(self._button_label, self.leave, id="leave-guide")
        yield GuideWords(lambda: self._words()[1], id="guide-body")

    def on_mount(self) -> None:
        self.watch(self.app, "game", self._game_changed, init=False)
        self._show(host_of(self).game)

    # --- what it says ------------------------------------------------------

    @property
    def brief(self) -> bool:
        """Whether the guide says its brief words (the turn screen's small terminal)."""
        return self.screen.has_class("-small-dice")

    def _words(self) -> tuple[Content, Content]:
        state = self._state
        if state is None:
            return Content(""), Content("")
        beside = self.app.size.width >= BESIDE_WIDTH
        return lesson_words(self.lesson, state, brief=self.brief, beside=beside)

    def _button_label(self) -> Content:
        return Content(guide_words.leave_button(self.brief, done=self.lesson is Lesson.DONE))

    def _show(self, state: GameState | None) -> None:
        self._state = state
        if state is None:
            return
        self.lesson = lesson_due(state, self.learned)
        for words in self.query(GuideWords):
            words.refresh(layout=True)

    # --- what the player does ---------------------------------------------

    def _game_changed(self, old: GameState | None, new: GameState | None) -> None:
        if not self.teaching:
            return
        if new is None or old is None or new.phase is Phase.OVER or new.seed != old.seed:
            self._finish()  # the game ended, or another took its place
            return
        shown = lesson_due(old, self.learned)
        if completes(shown, old, new):
            if shown is Lesson.DONE:
                self._finish()
                return
            self.learned |= {shown}
        self._show(new)

    def leave(self) -> None:
        """Leave the guide (Esc, or its button); the game goes on."""
        if self.teaching:
            done = self.lesson is Lesson.DONE
            self._finish()
            if not done:
                self.app.notify(
                    guide_words.left_notice(host_of(self).keymap), timeout=6, markup=False
                )

    def _finish(self) -> None:
        self.teaching = False
        if self.is_mounted:
            self.remove()
