"""The turn screen: dice, the open boxes with their points, the standings, the coach.

It draws what :func:`~generala_tui.ui.screens.turn_view.turn_view` builds from
the game, and turns keys and clicks into moves through the host. It schedules
nothing: computer players are the app's worker (:mod:`generala_tui.ui.computer`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING

from rich.cells import cell_len
from textual import events, on
from textual.app import ComposeResult, SystemCommand
from textual.binding import ActiveBinding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Button, Static

from ...game import rules
from ...game.action import Action
from ...game.model import Category, Filled, GameState, Phase, Rolled
from .. import app_words, table_words, vocabulary
from ..host import GameHost, host_of
from ..table import Table
from ..translated import TranslatedBindings, translate
from ..widgets import coach, coach_words, win_chances_words
from ..widgets.boxes import BoxList, BoxOffer
from ..widgets.buttons import ClickButton, relabel
from ..widgets.coach import CoachAdvice, CoachPanel
from ..widgets.dice import DiceTray, Die, dice_order
from ..widgets.footer import Footer
from ..widgets.standings import Standings
from ..widgets.win_chances import WinChances
from . import dialogs_words, turn_words
from .turn_keys import TURN_BINDINGS, box_keys
from .turn_records import WideRecords
from .turn_view import (
    CLOCK_GAP,
    MIN_HEIGHT,
    MIN_WIDTH,
    TurnView,
    clock,
    first_open_box,
    footer_hidden,
    key_state,
    turn_layout,
    turn_view,
    with_clock,
)

if TYPE_CHECKING:
    from ...game.strategy import ActionValue
    from ..guide import Guide

SHORT_TOPBAR_WIDTH = 60
"""Below this width, the top bar says less."""


CLOCK_TICK_SECONDS = 0.5
"""How often an online table's turn clock is shown again."""


class TurnScreen(TranslatedBindings, Screen[None]):
    """One player's turn: roll up to three times, hold dice, fill a box."""

    BINDINGS = TURN_BINDINGS

    def __init__(self, table: Table, *, guided: bool = False) -> None:
        super().__init__()
        self.table = table
        """The table whose game this screen shows: the moves go to it."""
        self._guided = guided
        """Whether the guide comes with this screen (a guided game's first turn screen)."""
        self.cursor: Category | None = None
        """The box the player's cursor is on: the player's own, kept across rolls."""
        self._coach_cache: tuple[GameState, list[ActionValue]] | None = None
        self._advising: tuple[GameState, list[ActionValue]] | None = None
        """The position whose advice the coach shows, or is about to show after this frame."""
        self._host: GameHost | None = None
        self._has_widgets = False
        self._standings: list[Standings] = []
        self._roll_buttons: list[Button] = []
        self._shown: dict[str, Content] = {}
        """What each Static updated by :meth:`_update` shows."""
        self._lines: dict[str, int | None] = {}
        """How many lines high each Static updated by :meth:`_update` was at its width (None
        when not known: not laid out yet, or the width changed)."""
        self._fitted = Size(0, 0)
        """The terminal's size the layout was last chosen for."""
        self._too_small = True
        """Whether that size is below the smallest served: only the notice shows (and before
        the first layout is chosen, nothing of the game is in sight)."""
        self._records = WideRecords(self)
        """The scorecard and the turn log a wide terminal shows."""
        self.guide: Guide | None = None
        """The guided game's guide, on the turn screen of a guided game (ui/guide.py)."""

    def compose(self) -> ComposeResult:
        yield Static(table_words.offline_banner(), id="unreachable", markup=False)  # see the tcss
        yield Static(id="topbar")
        yield WinChances(id="win-chances")
        with Horizontal(id="status-row"):
            yield Standings(id="standings-line", one_line=True)
            yield ClickButton(
                vocabulary.roll_button(), id="roll-compact", variant="success", compact=True
            )
        with Horizontal(id="table"):
            with Vertical(id="play"):
                with Horizontal(id="dice-row"):
                    yield DiceTray(id="dice")
                yield Static(id="message")
                # below 80 columns: no #side
                # The coach's two widgets share their win chances: one lookup a position.
                chances = coach.WinChances(self.host.solver.prepare_chances)
                yield CoachAdvice(id="coach-advice", chances=chances)
                with Horizontal(id="boxes-area"):
                    yield BoxList(id="boxes")
                    # and the scorecard beside them, mounted once the terminal is wide
                with VerticalScroll(id="tie-break"):
                    yield Static(id="tie-break-info")
                    yield ClickButton(
                        turn_words.end_turn_button(), id="end-turn", variant="primary"
                    )
            with Vertical(id="side"):
                yield Standings(id="standings")
                yield ClickButton(vocabulary.roll_button(), id="roll", variant="success")
                with Vertical(id="coach-room"):  # the room under the Roll button
                    yield CoachPanel(id="coach", chances=chances)
                with Vertical(id="side-buttons"):
                    yield ClickButton(
                        turn_words.coach_button(False), id="toggle-coach", compact=True
                    )
                    yield ClickButton(
                        win_chances_words.chances_button(False),
                        id="toggle-chances",
                        compact=True,
                    )
                    yield ClickButton(
                        turn_words.turn_scorecard_button(self.host.keymap),
                        id="show-scorecard",
                        compact=True,
                        action="app.scorecard",
                    )
                    yield ClickButton(
                        turn_words.turn_help_button(self.host.keymap),
                        id="show-help",
                        compact=True,
                        action="app.help",
                    )
        yield Static(id="too-small")
        # Compact: every key of a turn fits in 80 columns, in each language.
        yield Footer(show_command_palette=False, compact=True)

    @property
    def host(self) -> GameHost:
        # Checked once: the protocol check looks at every member, and every key asks.
        if self._host is None:
            self._host = host_of(self)
        return self._host

    @property
    def game(self) -> GameState | None:
        """The game in play, if one is and it is not over."""
        state = self.host.game
        return state if state is not None and state.phase is not Phase.OVER else None

    def _composed(self) -> bool:
        """Whether the widgets are there: a screen replaced as it opened (the game ended at
        once) has none, and draws nothing."""
        if not self._has_widgets:  # looked up until found: a query walks every widget
            self._has_widgets = bool(self.query(DiceTray))
            if self._has_widgets:  # and those drawn on every key, found once
                self._standings = list(self.query(Standings).results(Standings))
                self._roll_buttons = list(self.query("#roll, #roll-compact").results(Button))
        return self._has_widgets

    def on_mount(self) -> None:
        if not self._composed():
            return
        self.query_one("#standings").border_title = turn_words.standings_title()
        self.query_one("#coach").border_title = coach_words.coach_title()
        state = self.game
        if state is not None:
            self.cursor = first_open_box(state)
        self._fit(self.app.size.width, self.app.size.height)  # and draws the position
        self.watch(self.app, "game", self._game_changed, init=False)
        for redraw in (
            "coach",
            "strategies_ready",
            "strategy_progress",
            "computers_paused",
            "seats_away",
        ):
            self.watch(self.app, redraw, self._redraw, init=False)
        self.watch(self.app, "theme", self._theme_changed, init=False)
        self.watch(self.app, "win_chances", self._redraw, init=False)
        self.watch(self.app, "sorted_dice", self._redraw, init=False)
        self.watch(self.app, "coach_by_chance", self._rank_coach)
        if self.table.turn_time is not None:  # an online table's turn clock
            self.set_interval(CLOCK_TICK_SECONDS, self._tick_clock)
        if self._guided:  # a guided game: its guide between the dice and the boxes
            from ..guide import Guide

            self.guide = Guide()
            self.query_one("#play").mount(self.guide, before="#boxes-area")

    def _rank_coach(self, by_chance: bool) -> None:
        """The coach's choices ranked by the win chance they leave, or by expected total."""
        self.query_one(CoachPanel).by_chance = by_chance
        self.query_one(CoachAdvice).by_chance = by_chance

    async def language_changed(self) -> None:
        """Say it all again in the current language: the labels set once, then a redraw."""
        self.refresh_bindings()
        if not self._composed():
            return
        self.query_one("#standings").border_title = turn_words.standings_title()
        self.query_one("#coach").border_title = coach_words.coach_title()
        self._records.language_changed()
        relabel(self.query_one("#end-turn", Button), turn_words.end_turn_button())
        relabel(self.query_one("#roll-compact", Button), vocabulary.roll_button())
        keys = self.host.keymap
        relabel(self.query_one("#show-scorecard", Button), turn_words.turn_scorecard_button(keys))
        relabel(self.query_one("#show-help", Button), turn_words.turn_help_button(keys))
        self.query_one("#unreachable", Static).update(table_words.offline_banner())
        self._coach_cache = None
        state = self.game
        if state is not None:
            self.draw(state)
        for widget in self.query("*"):
            widget.refresh()

    def on_resize(self, event: events.Resize) -> None:
        if event.size != self._fitted:
            self._fit(event.size.width, event.size.height)
        else:  # the first layout, at the size fitted on mount: what fits is known now
            self._redraw()

    def _fit(self, width: int, height: int) -> None:
        """Choose the layout for the terminal's size.

        Too small: one line saying the size needed. Narrower than the side panel
        needs: the standings on one line above the dice. Too small for framed
        dice: one line a die. Wide: big dice and every player's scorecard.
        """
        if not self._composed():
            return
        self._fitted = Size(width, height)
        self._lines.clear()  # the widths change: the lines counted at the old ones are stale
        was_tiny = self._too_small
        layout = turn_layout(width, height)
        tiny = self._too_small = layout.tiny
        self.set_class(tiny, "-tiny")
        self.set_class(layout.narrow, "-narrow")
        self.set_class(layout.small_dice, "-small-dice")
        became_wide = layout.wide and not self.has_class("-wide")
        self.set_class(layout.wide, "-wide")
        self.set_class(layout.huge, "-huge")
        self.query_one(DiceTray).resize_dice(layout.dice)
        self.query_one("#end-turn", Button).compact = layout.small_dice
        self._records.fit(layout, became_wide)
        self._redraw()  # the scorecard beside the boxes too, when it has just come
        self.query_one("#too-small", Static).update(
            turn_words.too_small(width, height, MIN_WIDTH, MIN_HEIGHT)
        )
        if was_tiny and not tiny:
            self.host.turn_screen_shown()  # a computer waiting for the game to show goes on

    @property
    def too_small(self) -> bool:
        """Whether the terminal is too small to show the game: only the notice asking for a
        bigger one shows, no key acts on the game (a roll or a scratch made unseen) and the
        computer players wait."""
        return self._too_small

    def on_screen_resume(self) -> None:
        self.host.turn_screen_shown()

    def _game_changed(self, old: GameState | None, new: GameState | None) -> None:
        if new is None or new.phase is Phase.OVER:
            return
        thrown: tuple[int, ...] = ()
        if (
            old is not None
            and old.seed == new.seed
            and len(new.log) == len(old.log) - 1
            and isinstance(old.log[-1], Filled)
        ):
            self.cursor = old.log[-1].category  # a fill taken back: its box, to choose again
        elif (
            old is None or rules.turns_ended(old) != rules.turns_ended(new) or old.seed != new.seed
        ):
            self.cursor = first_open_box(new)
        elif len(new.log) == len(old.log) + 1 and isinstance(new.log[-1], Rolled):
            thrown = new.log[-1].thrown  # the step just taken was a roll: show it tumbling
        self.draw(new, animate=thrown if self._wants_animation() else ())

    def _redraw(self) -> None:
        state = self.game
        if state is not None:
            self.draw(state)

    def _theme_changed(self) -> None:
        # A theme brings the players' colours in its shades (the top bar's name): everything
        # is shown again, as Content compares its text only (_update would keep the old).
        self._shown.clear()
        self._redraw()

    # --- drawing ----------------------------------------------------------

    def draw(self, state: GameState, animate: tuple[int, ...] = ()) -> None:
        """Draw the position; ``animate`` names the dice a roll just threw."""
        if not self._composed():
            return
        host = self.host
        values = self._coach_values(state)
        clock = self._clock(state)
        room = self._topbar_room(clock)
        view = turn_view(
            state,
            values,
            strategy_progress=host.strategy_progress,
            paused=host.computers_paused,
            short=self._short_topbar(state, room),
            room=room,
            here=self.table.plays_here(state.current),
            keys=host.keymap,
        )
        turn = state.turn
        order = dice_order(turn.dice, host.sorted_dice)
        self.query_one(DiceTray).show(turn.dice, turn.held, turn.locked, animate, order)
        self._update("#topbar", with_clock(view.topbar, clock))
        self._update("#message", self._fitting_message(view))
        for standings in self._standings:
            standings.show(state, away=host.seats_away)
        self._records.show(state, coach=values is not None)
        tie_break = view.tie_break is not None
        self.query_one("#boxes-area").display = not tie_break
        self.query_one("#tie-break").display = tie_break
        if view.tie_break is not None:
            self.query_one("#tie-break-info", Static).update(view.tie_break)
            end_turn = self.query_one("#end-turn", Button)
            relabel(end_turn, view.end_turn_label)
            end_turn.disabled = not view.end_turn_enabled
        else:
            self._show_boxes(state, view.offers)
        for roll_button in self._roll_buttons:
            roll_button.disabled = not view.roll_enabled
        relabel(self.query_one("#roll", Button), view.roll_label)
        self._show_coach(state, values)
        self._show_chances(state)
        self.refresh_bindings()  # rebuilt only if a key's state changed

    def _clock(self, state: GameState) -> Content | None:
        table = self.table  # the turn's time left, where it shows
        return clock(table.turn_left(), table.turn_time, mine=table.plays_here(state.current))

    def _tick_clock(self) -> None:
        """The clock's time left, shown again (the rest of the top bar as it was)."""
        state = self.game
        if state is None or self._too_small or not self._composed():
            return
        clock = self._clock(state)
        room = self._topbar_room(clock)
        topbar = turn_words.topbar(state, self._short_topbar(state, room), room)
        self._update("#topbar", with_clock(topbar, clock))

    def _short_topbar(self, state: GameState, room: int) -> bool:
        """Whether the top bar says less: below 60 columns, or where the whole would be cut
        (a long name, or the longer words of Spanish: its roll dots went first)."""
        if self.app.size.width < SHORT_TOPBAR_WIDTH:
            return True
        return cell_len(turn_words.topbar(state).plain) > room

    def _topbar_room(self, clock: Content | None = None) -> int:
        """The cells the top bar has (for the round, the player and the rolls: the clock's,
        when it shows, are taken first)."""
        width = self.query_one("#topbar", Static).content_region.width or self.app.size.width
        return width - (cell_len(clock.plain) + CLOCK_GAP if clock is not None else 0)

    def _fitting_message(self, view: TurnView) -> Content:
        """The message, or its brief form when the whole would be cut at the bottom of its
        lines (a served roll's long note at 40 columns, with extra boxes in play)."""
        if view.brief is view.message:
            return view.message
        static = self.query_one("#message", Static)
        width = static.content_region.width
        high = static.styles.max_height
        if not width or high is None or not high.is_cells:
            return view.message
        fits = len(view.message.wrap(width)) <= int(high.value)
        return view.message if fits else view.brief

    def _update(self, selector: str, content: Content) -> None:
        """Show ``content`` in a Static, unless it shows it already. The screen is laid out
        again only when the Static's size may change (the message's lines at its width
        changed in number): laying it out on every key would slow every key."""
        if self._shown.get(selector) != content:
            self._shown[selector] = content
            static = self.query_one(selector, Static)
            layout = False
            if static.styles.auto_dimensions:
                width = static.content_region.width
                lines = _height(static, len(content.wrap(width))) if width else None
                layout = lines is None or lines != self._lines.get(selector)
                self._lines[selector] = lines
            static.update(content, layout=layout)

    def _wants_animation(self) -> bool:
        return (
            self.host.roll_animation
            and not self.app.is_headless
            and self.app.animation_level != "none"
        )

    # --- what the player does --------------------------------------------

    def footer_keys(self, bindings: dict[str, ActiveBinding]) -> dict[str, ActiveBinding]:
        # The Footer's one line shows the keys of the moment (turn_view.footer_hidden).
        hidden = footer_hidden(self.game, self.table.plays_here)
        shown = {
            key: active
            for key, active in bindings.items()
            if active.binding.action.partition("(")[0] not in hidden
        }
        if not self.has_class("-narrow"):
            # The scorecard's button beside says "Scorecard (s)": its key goes last, the one
            # the Footer leaves out where the line is full (Spanish, with "l Log").
            last = {k: a for k, a in shown.items() if a.binding.action == "scorecard"}
            shown = {k: a for k, a in shown.items() if k not in last} | last
        if self.host.computers_paused:  # p resumes them: the Footer says so
            for key, active in shown.items():
                if active.binding.action == "pause":
                    resume = translate(replace(active.binding, description=vocabulary.Keys.RESUME))
                    shown[key] = active._replace(binding=resume)
        return shown

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self._too_small:
            return False  # the game is out of sight: the app's quit and help still work
        if action == "chat":
            return self.table.talk is not None
        if action == "leave_guide":  # else escape goes back to the setup screen
            return self.guide is not None and self.guide.teaching
        if action in {"coach", "win_chances"} and self.host.aids_barred:
            return False  # a rated table: not offered (the palette's toggle says why)
        return key_state(self.game, action)

    def _human_to_act(self) -> GameState | None:
        """The game, when a human is to act in it (and sees it)."""
        state = self.game
        if state is None or self._too_small or rules.computer_to_act(state):
            return None
        return state

    def palette_commands(self) -> Iterable[SystemCommand]:
        """Roll, when a roll may be made (:class:`~..host.OffersCommands`)."""
        if self.check_action("roll", ()):
            yield SystemCommand(
                app_words.command_roll(), app_words.command_roll_help(), self.action_roll
            )

    def action_roll(self) -> None:
        state = self._human_to_act()
        if state is not None:
            held = [die for die, held in enumerate(state.turn.held) if held and state.turn.rolls]
            self.table.move(Action.roll(held))

    @on(Button.Pressed, "#roll, #roll-compact")
    def _roll_pressed(self) -> None:
        self.action_roll()

    def action_hold(self, place: int) -> None:
        """Hold or release the die shown at ``place`` (its key, 1 to 5)."""
        state = self._human_to_act()
        if state is not None:
            self.table.hold(dice_order(state.turn.dice, self.host.sorted_dice)[place])

    @on(Die.Toggled)
    def _die_clicked(self, event: Die.Toggled) -> None:
        if self._human_to_act() is not None:
            self.table.hold(event.die.index)

    def action_move(self, step: int) -> None:
        state = self.game
        if state is None:
            return
        categories = [offer.category for offer in rules.offers(state)]
        if not categories:
            return
        if self.cursor in categories:
            index = (categories.index(self.cursor) + step) % len(categories)
        else:
            index = 0
        self.point_at(categories[index])

    def point_at(self, category: Category) -> None:
        """Put the box cursor on ``category`` (the player's choice, or a computer's)."""
        self.cursor = category
        state = self.game
        if state is not None and state.phase is Phase.PLAYING and self._composed():
            self._show_boxes(state, turn_view(state, self._coach_values(state)).offers)

    def _show_boxes(self, state: GameState, offers: tuple[BoxOffer, ...]) -> None:
        """The open boxes, the cursor's, and each box's key while a player here is to act."""
        here = self.table.plays_here(state.current) and not rules.computer_to_act(state)
        keys = box_keys(self.host.keymap) if here else {}
        self.query_one(BoxList).show(offers, self.cursor, keys)

    def action_fill(self) -> None:
        if self._human_to_act() is not None and self.cursor is not None:
            self.fill(self.cursor)

    @on(BoxList.Chosen)
    def _box_clicked(self, event: BoxList.Chosen) -> None:
        self.action_box(event.category.value)

    def action_box(self, category: str) -> None:
        """Fill a box at once (its letter, or a click on it), as the cursor and Enter do."""
        state = self._human_to_act()
        if state is not None:
            box = Category(category)
            if box in {offer.category for offer in rules.offers(state)}:
                self.point_at(box)
            self.fill(box)

    def fill(self, category: Category) -> None:
        """Score the box, or ask first and scratch it when it would hold 0."""
        state = self.game
        if state is None:
            return
        offer = next((o for o in rules.offers(state) if o.category is category), None)
        if offer is None or offer.points is None or offer.points:
            self.table.move(Action.score(category))  # the rules explain a refusal
            return
        if not self.table.plays_here(state.current):  # another's turn, online: the table
            self.table.move(Action.scratch(category))  # says whose, and asks nothing
            return

        def answered(confirmed: bool | None) -> None:
            if confirmed:
                self.table.move(Action.scratch(category))

        question = dialogs_words.scratch_question(vocabulary.category_label(category))
        from .dialogs import ConfirmDialog

        self.app.push_screen(
            ConfirmDialog(
                question, dialogs_words.scratch_answer(), dialogs_words.keep_playing_answer()
            ),
            answered,
        )

    def action_leave_guide(self) -> None:
        if self.guide is not None:
            self.guide.leave()

    def action_end_tie_break(self) -> None:
        if self._human_to_act() is not None:
            self.table.move(Action.end_tie_break())

    @on(Button.Pressed, "#end-turn")
    def _end_tie_break_pressed(self) -> None:
        self.action_end_tie_break()

    def action_turn_log(self) -> None:
        """Every turn of the game so far, on a screen of its own."""
        from .turn_log import TurnLogScreen

        self.app.push_screen(TurnLogScreen())

    def action_chat(self) -> None:
        """The table's talk, in the turn log's place (an online table's)."""
        talk = self.table.talk
        if talk is not None:
            from .chat import ChatScreen

            self.app.push_screen(ChatScreen(talk))

    # --- the coach --------------------------------------------------------

    @on(Button.Pressed, "#toggle-coach")
    def action_coach(self) -> None:
        self.host.toggle_coach()

    def _coach_values(self, state: GameState) -> list[ActionValue] | None:
        """The coach's values of the position; None when off, for a computer, or not ready."""
        host = self.host
        if not host.coach or rules.computer_to_act(state):
            return None
        if self._coach_cache is not None and self._coach_cache[0] is state:
            return self._coach_cache[1]
        strategy = host.solver.prepare(state.house_rules)
        if strategy is None:
            return None
        values = strategy.evaluate(state)
        self._coach_cache = (state, values)
        return values

    def _show_coach(self, state: GameState, values: list[ActionValue] | None) -> None:
        host = self.host
        panel = self.query_one(CoachPanel)
        panel.keys = host.keymap
        panel.display = self.query_one("#coach-room").display = host.coach
        toggle = self.query_one("#toggle-coach", Button)
        toggle.display = not host.aids_barred  # never offered at a rated table
        relabel(toggle, turn_words.coach_button(host.coach, host.keymap))
        computer = rules.computer_to_act(state)
        advice = self.query_one(CoachAdvice)
        advising = (state, values) if host.coach and not computer and values else None
        if advising is None:
            self._advising = None
            advice.show(state, values if host.coach and not computer else None)
        if not host.coach:
            return
        failure = host.solver.failure(state.house_rules)
        if computer:
            panel.show_computer(state.current_player.name)
        elif values is not None and advising is None:
            panel.show(state, values)  # nothing to decide
        elif advising is not None:
            self._advise_after_frame(state, values or [])
        elif failure is not None:
            panel.show_failure(failure)
        else:
            panel.show_progress(host.strategy_progress or 0.0)

    def _advise_after_frame(self, state: GameState, values: list[ActionValue]) -> None:
        """The advice on a new position comes with the frame after the one showing it (the
        coach blank until then, never the old dice's advice); on the same one, at once."""
        coming = self._advising is not None and self._advising[1] is values
        self._advising = (state, values)
        if self.query_one(CoachPanel).showing(state, values):
            self._advise(state, values)
        elif not coming:
            self.query_one(CoachPanel).wait()
            self.query_one(CoachAdvice).wait()
            self.call_after_refresh(self._advise, state, values)

    def _advise(self, state: GameState, values: list[ActionValue]) -> None:
        shown = [*self.query(CoachPanel), *self.query(CoachAdvice)]  # (none: screen gone)
        if len(shown) < 2 or self._advising is None or self._advising[1] is not values:
            return  # gone, or another position came since (its own advice follows it)
        for widget in shown:
            widget.show(state, values)

    # --- the win chances -------------------------------------------------

    @on(Button.Pressed, "#toggle-chances")
    def action_win_chances(self) -> None:
        self.host.toggle_win_chances()

    def _show_chances(self, state: GameState) -> None:
        """The bar of every player's chance of winning, when it is on and two or more play;
        its tables asked for (after this frame) when they are not ready."""
        host = self.host
        at_table = len(state.players) > 1
        shown = host.win_chances and at_table
        bar = self.query_one(WinChances)
        bar.set_class(shown, "-on")  # (a class: the too-small notice hides it, in the CSS)
        button = self.query_one("#toggle-chances", Button)
        offered = at_table and not host.aids_barred  # never at a rated table
        if button.display != offered:
            button.display = offered
        relabel(button, win_chances_words.chances_button(shown, self.host.keymap))
        if not shown:
            return
        solver = host.solver
        chances = solver.ready_chances(state.house_rules)
        failed = chances is None and solver.chances_failure(state.house_rules) is not None
        if chances is None and not failed:
            self.call_after_refresh(solver.prepare_chances, state.house_rules)
        bar.show(state, chances, failed)

    # --- computer players -------------------------------------------------

    def action_skip_ahead(self) -> None:
        """Play the rest of the computer's turn at once (and retry what failed)."""
        self.host.skip_ahead()

    def action_speed(self, step: int) -> None:
        self.host.change_pace(step)

    def action_pause(self) -> None:
        self.table.toggle_pause()


def _height(static: Static, lines: int) -> int:
    """How high ``static`` is with ``lines`` of text: within its minimum and maximum height."""
    low, high = static.styles.min_height, static.styles.max_height
    if low is not None and low.is_cells:
        lines = max(lines, int(low.value))
    if high is not None and high.is_cells:
        lines = min(lines, int(high.value))
    return lines
