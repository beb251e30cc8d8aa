"""The start screen: who plays, in which order, under which house rules."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual import events, on
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Static

from ...game.model import MAX_NAME_LENGTH, MAX_PLAYERS, GameState, HouseRules, Level, Player
from ...game.rule_choices import preset_in_effect
from ...game.rules import IllegalMove, validate_names
from .. import app_words, guide_words, vocabulary
from ..colours import COLOUR_NAMES, SeatColours, colour_named, for_node, next_free
from ..host import GameHost, host_of
from ..translated import TranslatedBindings
from ..widgets.footer import Footer
from . import settings_words, setup_words

if TYPE_CHECKING:
    from ...online.client import Address
    from ...online.lobby_client import Entrance

LEVELS: tuple[Level | None, ...] = (None, Level.EASY, Level.MEDIUM, Level.EXPERT, Level.CHAMPION)
"""Who plays a seat, in the order the level button goes through them."""


@dataclass(frozen=True)
class SeatEntry:
    """One seat of the form as it stands: the name as typed (any text: the names are checked
    at Start, into :class:`Player` models) and who plays it."""

    name: str
    level: Level | None = None


class LevelPicker(Button):
    """Who plays a seat: a human or a computer of a level. A click, Enter or Space goes on
    to the next (Human, Easy, Medium, Expert, Champion, Human ...), Right and Left step
    either way.
    A button rather than a Select: a Select brings an option list of its own to every
    row, and mounting them took about 30 ms of the setup screen's first frame."""

    BINDINGS = [
        Binding(
            "space", "press", show=False, id="setup.seat_next"
        ),  # Enter presses, as on any button
        Binding("right", "step(1)", show=False, id="setup.seat_forward"),
        Binding("left", "step(-1)", show=False, id="setup.seat_back"),
    ]

    def __init__(self, level: Level | None, *, id: str) -> None:
        super().__init__(
            setup_words.level_button_label(level),
            id=id,
            classes="level",
            compact=True,
            tooltip=setup_words.level_tooltip(),
        )
        self.level = level

    def action_step(self, step: int) -> None:
        """Show the next level (or the previous one)."""
        self.show_level(LEVELS[(LEVELS.index(self.level) + step) % len(LEVELS)])

    def show_level(self, level: Level | None) -> None:
        """Show ``level`` (None: a human)."""
        self.level = level
        self.label = setup_words.level_button_label(level)

    # Every click and key counts: a Button ignores presses while it shows the last one.
    def action_press(self) -> None:
        self.action_step(1)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.action_step(1)  # Button's own handler runs next: the press shows, as on any button


class ColourPicker(Button):
    """A seat's colour: its mark in its colour. A click, Enter or Space goes on to the next
    colour no other seat has, Right and Left step either way (the screen chooses, knowing
    the other seats' colours)."""

    DEFAULT_CSS = """
    ColourPicker {
        width: 3;
        min-width: 3;
        text-style: bold;
    }
    """

    BINDINGS = [
        Binding(
            "space", "press", show=False, id="setup.seat_next"
        ),  # Enter presses, as on any button
        Binding("right", "step(1)", show=False, id="setup.seat_forward"),
        Binding("left", "step(-1)", show=False, id="setup.seat_back"),
    ]

    class Stepped(Message):
        """The player asked for the seat's next colour (``step`` 1) or the one before (-1)."""

        def __init__(self, picker: ColourPicker, step: int) -> None:
            super().__init__()
            self.picker = picker
            self.step = step

        @property
        def control(self) -> ColourPicker:
            return self.picker

    def __init__(self, seat: int, colour: str) -> None:
        super().__init__("", id=f"colour-{seat + 1}", classes="colour", compact=True)
        self.seat = seat
        self.colour = colour

    def on_mount(self) -> None:
        self.show_colour(self.colour)
        self.watch(self.app, "theme", lambda: self.show_colour(self.colour), init=False)

    def show_colour(self, colour: str) -> None:
        """Show ``colour``: the mark in it, and its name in the tooltip."""
        self.colour = colour
        named = colour_named(colour) or SeatColours().colour(self.seat)
        shades = SeatColours((named.name,), dark=self.app.current_theme.dark)
        label = Content.styled(named.mark, shades.content_style(0, bold=True))
        if label == self.label:
            # Content compares its text only: the same mark in another theme's shade would
            # not count as a new label.
            self.label = ""
        self.label = label
        self.tooltip = setup_words.colour_tooltip(named.label())

    def action_step(self, step: int) -> None:
        self.post_message(self.Stepped(self, step))

    # Every click and key counts: a Button ignores presses while it shows the last one.
    def action_press(self) -> None:
        self.action_step(1)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.action_step(1)


class PlayerRow(Horizontal):
    """One seat: its number, its colour, the name, and buttons to move or remove it."""

    def __init__(self, seat: int, name: str, level: Level | None, colour: str) -> None:
        super().__init__(classes="player-row")
        self.seat = seat
        self.player_name = name
        self.level = level
        self.colour = colour

    def compose(self) -> ComposeResult:
        yield Label(setup_words.seat_label(self.seat), classes="seat")
        yield ColourPicker(self.seat, self.colour)
        yield Input(
            self.player_name,
            placeholder=setup_words.name_placeholder(),
            max_length=MAX_NAME_LENGTH,
            id=f"name-{self.seat + 1}",
            classes="name",
        )
        yield LevelPicker(self.level, id=f"level-{self.seat + 1}")
        seat = self.seat + 1
        yield Button(
            "↑", id=f"up-{seat}", classes="up", compact=True, tooltip=setup_words.move_up_tooltip()
        )
        yield Button(
            "↓",
            id=f"down-{seat}",
            classes="down",
            compact=True,
            tooltip=setup_words.move_down_tooltip(),
        )
        yield Button(
            "✕",
            id=f"remove-{seat}",
            classes="remove",
            compact=True,
            tooltip=setup_words.remove_tooltip(),
        )

    def show(self, name: str, level: Level | None, colour: str) -> None:
        """Show another player at this seat: the row stays, its name, level and colour change
        (a seat added, moved or removed mounts no row but the one that comes or goes)."""
        self.player_name, self.level, self.colour = name, level, colour
        field = self.query_one(Input)
        if field.value != name:
            field.value = name
        self.query_one(LevelPicker).show_level(level)
        self.query_one(ColourPicker).show_colour(colour)


def _in_this_language(seat: int, player: Player | SeatEntry) -> SeatEntry:
    """``player`` at ``seat`` (from 0) with a name given by the game in the current language:
    a seat's default name ("Jugador 2": "Player 2"), the seat's own default for an empty
    name, a computer's level ("Medio": "Medium"); a name typed stays as it is."""
    name = player.name
    if not name.strip():
        name = vocabulary.default_player_name(seat + 1)
    elif (number := vocabulary.default_name_number(name)) is not None:
        name = vocabulary.default_player_name(number)
    else:
        name = setup_words.level_named(name, player.level) or name
    return SeatEntry(name, player.level)


SHORT_RULES_BELOW = 24
"""The height under which a preset's rules are summed up by what makes it that preset."""
WIDE_FROM = 70
"""From this many columns the player rows have their room and the buttons under them one line
(``-wide``; ``-narrow`` below)."""
MEDIUM_FROM = 24
"""From this many rows the title shows and the buttons have their height (``-medium``;
``-short`` below)."""
TALL_FROM = 30
"""From this many rows everything fits, eight players too, centred (``-tall``)."""


class SetupScreen(TranslatedBindings, Screen[None]):
    """Choose the players and start a game."""

    BINDINGS = [
        Binding("ctrl+n", "add_player", vocabulary.Keys.ADD_PLAYER, id="setup.add_player"),
        Binding("ctrl+r", "settings", vocabulary.Keys.HOUSE_RULES, id="setup.house_rules"),
        Binding("ctrl+s", "start", vocabulary.Keys.START, id="setup.start"),
        Binding("ctrl+o", "resume", vocabulary.Keys.RESUME, id="setup.resume"),
        # Not in the Footer, which has no room for them in Spanish or Swedish: their buttons
        # show them (Statistics (ctrl+t) ...).
        Binding(
            "ctrl+t", "statistics", vocabulary.Keys.STATISTICS, show=False, id="setup.statistics"
        ),
        Binding("ctrl+y", "history", vocabulary.Keys.HISTORY, show=False, id="setup.history"),
        Binding("ctrl+g", "trainer", vocabulary.Keys.TRAINER, show=False, id="setup.trainer"),
        Binding(
            "ctrl+f", "guided_game", guide_words.GUIDED_GAME_KEY, show=False, id="setup.guided_game"
        ),
        Binding("ctrl+l", "online", vocabulary.Keys.ONLINE, show=False, id="setup.online"),
    ]

    def __init__(
        self,
        players: Sequence[Player | SeatEntry] | None = None,
        resumable: GameState | None = None,
    ) -> None:
        super().__init__()
        seats = players or [SeatEntry("") for _ in (1, 2)]
        # A seat left at its default name (or unnamed) shows the default in the current
        # language, whatever language the table was set up in.
        self.players = [_in_this_language(seat, player) for seat, player in enumerate(seats)]
        """The seats as the form holds them (the names typed so far, once read)."""
        self.resumable = resumable
        """A game in progress saved when the app last stopped, offered to go on with."""
        self.colours: list[str] = []
        """Each seat's colour by name, no two alike: the last table's, once mounted."""

    # Below 24 rows the title goes and the buttons shrink to one line; from 30 rows
    # everything (eight players too) fits, centred; in between the list scrolls above
    # Start. Below 70 columns the player rows squeeze and the buttons under them wrap
    # their keys onto a second line (see generala.tcss).
    # The first name is focused once the rows are mounted (on_mount); Textual's own first
    # focus would land on whatever is focusable before them and centre it, leaving a
    # small terminal scrolled past the players.
    AUTO_FOCUS = ""  # none (None would take the app's)
    # Its size classes are its own (_fit_size), as the turn screen's are, not Textual's
    # breakpoints: set as it composes, before its widgets mount, they style each widget once
    # (the breakpoints came with the first resize and styled all 45 again: about 11 ms of the
    # first frame).
    HORIZONTAL_BREAKPOINTS = []
    VERTICAL_BREAKPOINTS = []

    def _fit_size(self, width: int, height: int) -> None:
        """The classes the stylesheet lays the screen out by, for a terminal of this size."""
        classes = {
            "-narrow": width < WIDE_FROM,
            "-wide": width >= WIDE_FROM,
            "-short": height < MEDIUM_FROM,
            "-medium": MEDIUM_FROM <= height < TALL_FROM,
            "-tall": height >= TALL_FROM,
        }
        # Those it gains, then those it loses: a class changed restyles the screen.
        self.set_class(True, *(name for name, on in classes.items() if on))
        self.set_class(False, *(name for name, on in classes.items() if not on))

    def compose(self) -> ComposeResult:
        self._fit_size(*self.app.size)
        keys = host_of(self).keymap  # the labels name the player's own keys
        with Vertical(id="setup"):
            # Everything but Start scrolls, so Start stays in view at any height.
            body = VerticalScroll(id="setup-body")
            body.can_focus = False  # tab reaches every field, and the focus scrolls it into view
            with body:
                yield Static(setup_words.GAME_NAME_ART, id="title-art", markup=False)
                yield Static(setup_words.setup_subtitle(), id="subtitle")
                if self.resumable is not None:
                    yield Button(
                        setup_words.resume_label(self.resumable, keys),
                        id="resume",
                        variant="primary",
                        compact=True,
                    )
                yield Label(setup_words.players_heading(), classes="section")
                yield VerticalScroll(id="players")
                with Horizontal(id="player-buttons"):
                    yield Button(setup_words.add_player_button(keys), id="add-player", compact=True)
                    yield Button(setup_words.online_button(keys), id="online", compact=True)
                yield Static(id="setup-error", markup=False)
                yield Label(setup_words.house_rules_heading(), classes="section")
                with Horizontal(id="rules-row"):
                    yield Static(id="rules-summary", markup=False)
                    yield Button(setup_words.change_rules_button(keys), id="open-settings")
                with Horizontal(id="records-buttons"):
                    yield Button(
                        setup_words.statistics_setup_button(keys),
                        id="open-statistics",
                        compact=True,
                    )
                    yield Button(
                        setup_words.history_setup_button(keys), id="open-history", compact=True
                    )
                    yield Button(
                        setup_words.trainer_setup_button(keys), id="open-trainer", compact=True
                    )
            # A first launch: the guided game beside Start (ui/guide_offer.py).
            if host_of(self).seating.offer_guided_game:
                from ..guide_offer import GuideOffer

                yield GuideOffer()
            yield Button(setup_words.start_button(keys), id="start", variant="success")
        yield Footer(compact=True)  # every key fits, a game to resume and Swedish too

    async def on_mount(self) -> None:
        self.colours = list(for_node(self, [player.name for player in self.players]).colours)
        await self._show_players()
        self._show_rules()
        self.query_one("#name-1", Input).focus()

    async def language_changed(self) -> None:
        """Say it all again in the current language, keeping the names typed so far (a seat
        still called by its default name takes the new language's: "Player 2", "Jugador 2"; a
        computer named after its level too: "Medium", "Medio")."""
        self._read_names()
        self.players = [_in_this_language(seat, player) for seat, player in enumerate(self.players)]
        self.refresh_bindings()
        await self.recompose()
        await self._show_players()
        self._show_rules()

    @property
    def house_rules(self) -> HouseRules:
        rules = host_of(self).house_rules
        assert isinstance(rules, HouseRules)
        return rules

    def _show_rules(self) -> None:
        """The house rules in a few lines; under 24 rows, a preset in the line that tells it
        from the others: at 40x12 the whole list was cut after "…on the first", where the body
        scrolls, as if it ended there (Change… shows every rule)."""
        preset = preset_in_effect(self.house_rules)
        if preset is not None and self.app.size.height < SHORT_RULES_BELOW:
            summary = settings_words.about_preset(preset)
        else:
            summary = settings_words.rules_summary(self.house_rules)
        self.query_one("#rules-summary", Static).update(summary)

    def on_resize(self, event: events.Resize) -> None:
        self._fit_size(*event.size)
        self._show_rules()  # the summary for the new height (Textual calls the base's too)

    async def _show_players(self, focus: str | None = None) -> None:
        # The rows kept show their seat's player; only a row that comes or goes is mounted or
        # removed (mounting every row again took a frame or more at eight seats).
        box = self.query_one("#players", VerticalScroll)
        rows = list(box.query(PlayerRow))
        if len(rows) > len(self.players):
            await box.remove_children(rows[len(self.players) :])
        for row, player, colour in zip(rows, self.players, self.colours, strict=False):
            row.show(player.name, player.level, colour)
        await box.mount_all(
            PlayerRow(seat, self.players[seat].name, self.players[seat].level, self.colours[seat])
            for seat in range(len(rows), len(self.players))
        )
        for row in box.query(PlayerRow):
            row.query_one(".up", Button).disabled = row.seat == 0
            row.query_one(".down", Button).disabled = row.seat == len(self.players) - 1
            row.query_one(".remove", Button).disabled = len(self.players) == 1
        self.query_one("#add-player", Button).disabled = len(self.players) >= MAX_PLAYERS
        if focus:
            self.query_one(focus).focus()

    def _read_names(self) -> None:
        """Take the names typed so far into ``self.players``."""
        for seat in range(len(self.players)):
            typed = self.query_one(f"#name-{seat + 1}", Input).value
            level = self.query_one(f"#level-{seat + 1}", LevelPicker).level
            self.players[seat] = SeatEntry(typed, level)

    def _error(self, message: str) -> None:
        self.query_one("#setup-error", Static).update(message)
        self.set_class(bool(message), "-error")

    async def action_add_player(self) -> None:
        if len(self.players) >= MAX_PLAYERS:
            self._error(setup_words.too_many_players(MAX_PLAYERS))
            return
        self._read_names()
        taken = {p.name.strip().casefold() for p in self.players}
        number = len(self.players) + 1
        while vocabulary.default_player_name(number).strip().casefold() in taken:
            number += 1
        self.players.append(SeatEntry(vocabulary.default_player_name(number)))
        self.colours.append(next(c for c in COLOUR_NAMES if c not in self.colours))
        self._error("")
        await self._show_players(focus=f"#name-{len(self.players)}")

    @on(Button.Pressed, "#add-player")
    async def _add_pressed(self) -> None:
        await self.action_add_player()

    @on(Button.Pressed, ".player-row Button")
    async def _row_button(self, event: Button.Pressed) -> None:
        button_id = event.button.id or ""
        verb, _, seat_text = button_id.partition("-")
        seat = int(seat_text) - 1
        self._read_names()
        if verb == "remove" and len(self.players) > 1:
            del self.players[seat]
            del self.colours[seat]
            await self._show_players()
        elif verb in {"up", "down"}:
            other = seat - 1 if verb == "up" else seat + 1
            if 0 <= other < len(self.players):
                self.players[seat], self.players[other] = self.players[other], self.players[seat]
                # A colour is the player's: it moves with them.
                self.colours[seat], self.colours[other] = self.colours[other], self.colours[seat]
                await self._show_players(focus=f"#{verb}-{other + 1}")
        self._error("")

    @on(ColourPicker.Stepped)
    def _colour_stepped(self, event: ColourPicker.Stepped) -> None:
        """The seat's next colour that no other seat has: two seats never share one."""
        seat = event.picker.seat
        others = [colour for other, colour in enumerate(self.colours) if other != seat]
        self.colours[seat] = next_free(self.colours[seat], others, event.step)
        event.picker.show_colour(self.colours[seat])

    @on(Input.Changed, ".player-row Input")
    def _name_changed(self) -> None:
        # A refusal shown stays true or goes: each edit checks the names again (none is
        # checked while no refusal shows, so typing a name never raises one).
        if not self.has_class("-error"):
            return
        names = [field.value for field in self.query(".player-row Input").results(Input)]
        try:
            validate_names(names)
        except IllegalMove as error:
            self._error(vocabulary.refusal(error))
        else:
            self._error("")

    @on(Input.Submitted, ".player-row Input")
    def _name_submitted(self, event: Input.Submitted) -> None:
        # Enter goes on to the next name; only the last name's Enter starts the game.
        names = list(self.query(".player-row Input").results(Input))
        if event.input in names:
            position = names.index(event.input)
            if position + 1 < len(names):
                names[position + 1].focus()
                return
        self.action_start()

    @on(Button.Pressed, "#open-settings")
    def action_settings(self) -> None:
        from .settings import SettingsScreen

        def saved(rules: HouseRules | None) -> None:
            if rules is not None:
                host_of(self).save_house_rules(rules)
                self._show_rules()

        self._read_names()
        self.app.push_screen(SettingsScreen(self.house_rules), saved)

    @on(Button.Pressed, "#open-statistics")
    def action_statistics(self) -> None:
        """Every player's statistics over the history."""
        from .statistics import StatisticsScreen

        self._read_names()
        self.app.push_screen(StatisticsScreen())

    @on(Button.Pressed, "#open-history")
    def action_history(self) -> None:
        """The finished games, any one to open in the analysis."""
        from .history import HistoryScreen

        self._read_names()
        self.app.push_screen(HistoryScreen())

    def palette_commands(self) -> Iterable[SystemCommand]:
        """The trainer (:class:`~..host.OffersCommands`)."""
        yield SystemCommand(
            app_words.trainer_command(), app_words.trainer_command_help(), self.action_trainer
        )

    @on(Button.Pressed, "#open-trainer")
    def action_trainer(self) -> None:
        """A training round, on the first human player's costliest decisions if they have any."""
        from .trainer import TrainerScreen

        self._read_names()
        # A seat's default name ("Player 1") names nobody: the history's commonest human then.
        defaults = {vocabulary.default_player_name(seat + 1) for seat in range(MAX_PLAYERS)}
        humans = [
            name
            for name in (p.name.strip() for p in self.players if p.level is None)
            if name and name not in defaults
        ]
        self.app.push_screen(TrainerScreen(humans[0] if humans else None))

    @on(Button.Pressed, "#guided-game")
    def action_guided_game(self) -> None:
        """A guided game for the first seat's human (ui/guide.py); asks first when it would
        replace the game in progress offered to resume."""
        if self.app.screen is self:
            self._read_names()
            first = self.players[0]
            name = first.name.strip() if first.level is None else ""
            begin_guided_game(self.app, host_of(self), self.resumable, name or None)

    @on(Button.Pressed, "#decline-guide")
    async def _guide_declined(self) -> None:
        host_of(self).seating.decline_guided_game()
        await self.query_one("#guide-offer").remove()
        self.query_one("#name-1", Input).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "resume":
            return self.resumable is not None
        return True

    @on(Button.Pressed, "#online")
    def action_online(self) -> None:
        """Host the table set up here online, or join one: the player chooses."""
        if self.app.screen is not self:
            return
        from .online import OnlineChoice

        def chosen(choice: str | None) -> None:
            if choice == "host":
                self.action_host_online()
            elif choice == "join":
                self.action_join_online()

        self.app.push_screen(OnlineChoice(), chosen)

    def action_join_online(self) -> None:
        """Join a table online by the link its host sent, or go to a server's lobby (a
        table opened there seats the players set up here), or to a table by its code."""
        if self.app.screen is not self:
            return
        from .online import JoinDialog

        def joined(where: Address | Entrance | None) -> None:
            if where is not None and self.app.screen is self:
                players = self._checked_players()
                host_of(self).online.go(where, players=players)

        self.app.push_screen(JoinDialog(), joined)

    def action_host_online(self) -> None:
        """Open the table set up here online: the others join it from their terminals."""
        if self.app.screen is not self:
            return
        players = self._checked_players()
        if players is None:
            return
        humans = [player for player in players if player.level is None]
        if len(humans) < 2:
            self._error(setup_words.hosting_needs_humans())
            return
        from .online import HostDialog

        host = host_of(self)

        def answered(sit_down: bool | None) -> None:
            if sit_down:
                host.online.sit_at_hosted_table()

        self.app.push_screen(
            HostDialog(
                humans[0].name,
                lambda address, port: host.online.host(players, host.house_rules, address, port),
            ),
            answered,
        )

    def _checked_players(self) -> list[Player] | None:
        """The players as typed, their names checked (None, and the reason shown, if not)."""
        self._read_names()
        try:
            names = validate_names([player.name for player in self.players])
        except IllegalMove as error:
            self._error(vocabulary.refusal(error))
            return None
        self._error("")
        return [
            Player(name=name, level=player.level)
            for name, player in zip(names, self.players, strict=True)
        ]

    @on(Button.Pressed, "#resume")
    def action_resume(self) -> None:
        """Go on with the game saved when the app last stopped."""
        if self.resumable is not None and self.app.screen is self:
            host_of(self).start(self.resumable)

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        """A new game for these players; asks first when it would replace the game in
        progress offered to resume."""
        if self.app.screen is not self:
            # A second Enter sent with the one that started the game (fast typing, a
            # terminal's paste, a websocket) must not start another game over it.
            return
        players = self._checked_players()
        if players is None:
            return
        colours = {
            player.name: colour for player, colour in zip(players, self.colours, strict=True)
        }
        left = self.resumable
        if left is None:
            host_of(self).seating.choose_colours(colours)
            host_of(self).new_game(players)
            return

        def answered(confirmed: bool | None) -> None:
            # The players' answer comes back to this screen: it starts the game, or the
            # setup stays as it was, the game in progress still offered.
            if confirmed and self.app.screen is self:
                host_of(self).seating.choose_colours(colours)
                host_of(self).new_game(players)

        from .dialogs import NewGameDialog

        self.app.push_screen(NewGameDialog(left), answered)


def begin_guided_game(
    app: App[None], host: GameHost, left: GameState | None, name: str | None = None
) -> None:
    """Start a guided game (ui/guide.py) for ``name`` (else the first human of ``left``); when
    it would replace ``left``, a game in progress, ask first (the answer that keeps it has the
    focus)."""
    if name is None and left is not None:
        name = next((p.name for p in left.players if p.level is None), None)
    if left is None:
        host.start_guided_game(name)
        return
    from .dialogs import NewGameDialog

    def answered(confirmed: bool | None) -> None:
        if confirmed:
            host.start_guided_game(name)

    app.push_screen(NewGameDialog(left), answered)
