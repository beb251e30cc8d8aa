"""GeneralaApp: keeps the table of the moment, shows its game, and routes the screens.

A game is played at a table (:mod:`.table`): a :class:`~.local.LocalTable` at this
keyboard, or a :class:`~.remote.RemoteTable` online (``generala-tui join``, or the setup
screen's join and host). The app gives each the window it needs (what to show, what to
tell), sets ``game`` from what the table shows, and files a finished game in the player's
history; it asks no table which kind it is. Screens reach the app through the
:class:`~generala_tui.ui.host.GameHost` protocol, and the table through it.
"""

from __future__ import annotations

from collections.abc import Coroutine, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from textual.app import SystemCommand
from textual.binding import Binding
from textual.reactive import reactive
from textual.screen import Screen
from textual.worker import Worker

from .. import i18n
from ..game import rules
from ..game.action import Action
from ..game.model import GameState, HouseRules, Phase, Player, printable
from . import app_words, table_words, vocabulary
from . import colours as colours_module
from .host import OffersCommands
from .online_play import OnlinePlay
from .screens import dialogs_words, settings_words
from .seating import Seating
from .shell import Shell
from .solver import SOLVE_GROUP, Solver, StrategyFailed
from .table import Severity, Table

# Only what the first frame needs is imported above: each screen, the computer players
# (and the strategy and numpy behind them) and the dialogs load when first used, so the
# setup or turn screen shows sooner (tests/benchmarks/bench_startup.py).
if TYPE_CHECKING:
    from ..online.client import Address
    from ..online.lobby_client import Entrance
    from ..online.protocol import Said
    from .lobby import LobbyVisit
    from .remote import RemoteTable
    from .screens.turn import TurnScreen

COMPUTER_GROUP = "computer"
"""The worker group of the computer players' turns (a local table's)."""


class GeneralaApp(Shell):
    """Generala in the terminal.

    ``game`` is the game of :attr:`table` as the table last showed it (``None`` before a
    game starts); screens redraw from it.
    """

    CSS_PATH = "generala.tcss"
    TITLE = "Generala"
    BINDINGS = [
        Binding(
            "ctrl+q", "quit", vocabulary.Keys.QUIT, key_display="^q", priority=True, id="app.quit"
        ),
        # Ctrl+C is a quit too (asking first during a game), except where a field copies with it.
        Binding("ctrl+c", "quit", vocabulary.Keys.QUIT, show=False, id="app.quit"),
        Binding("question_mark,f1", "help", vocabulary.Keys.HELP, key_display="?", id="app.help"),
        Binding("s", "scorecard", vocabulary.Keys.SCORECARD, id="app.scorecard"),
        Binding("ctrl+n", "new_game", vocabulary.Keys.NEW_GAME, show=False, id="app.new_game"),
        Binding("ctrl+z", "undo", vocabulary.Keys.UNDO, key_display="^z", id="app.undo"),
    ]

    # The screens watch these and redraw what shows them; a change repaints nothing of
    # its own (a reactive of the app repaints the whole screen by default: on every key).
    game: reactive[GameState | None] = reactive(None, init=False, repaint=False)
    coach: reactive[bool] = reactive(False, init=False, repaint=False)
    """Whether the coach shows the value of every action on the turn screen."""
    coach_by_chance: reactive[bool] = reactive(False, init=False, repaint=False)
    """Whether the coach ranks its choices by the chance of winning they leave (else by their
    expected final total): for this sitting, switched with k."""
    win_chances: reactive[bool] = reactive(False, init=False, repaint=False)
    """Whether the turn screen shows every player's chance of winning (``w``, remembered)."""
    keymap: reactive[Mapping[str, str]] = reactive(MappingProxyType({}), init=False, repaint=False)
    """The player's own keys in use: a binding's id to its keys, in Textual's names (set once
    they are checked, after the first frame: what names a key draws again)."""
    sorted_dice: reactive[bool] = reactive(False, init=False, repaint=False)
    """Whether the dice show in order of their faces (a preference, :meth:`set_sorted_dice`)."""
    computers_paused: reactive[bool] = reactive(False, init=False, repaint=False)
    """Whether the computer players wait for ``p`` (as the table said last)."""
    strategy_progress: reactive[float | None] = reactive(None, init=False, repaint=False)
    """How far computing the optimal strategy has come (0 to 1), None when idle."""
    strategies_ready: reactive[int] = reactive(0, init=False, repaint=False)
    """Counts the strategy tables computed so far, for screens waiting on one."""
    seats_away: reactive[tuple[bool, ...]] = reactive((), init=False, repaint=False)
    chat_heard: reactive[int] = reactive(0, init=False, repaint=False)
    """Bumped whenever what is said at the online table changes (the chat screen follows)."""
    """At an online table, per seat: its player is away (not connected); else empty."""

    def __init__(
        self,
        game: GameState | None = None,
        house_rules: HouseRules | None = None,
        seed: int | None = None,
        computer_delay: float | None = None,
        startup_warning: str | None = None,
        resume: bool = False,
        language: str | None = None,
        replay: GameState | None = None,
        table: Address | Entrance | None = None,
    ) -> None:
        super().__init__(language=language, startup_warning=startup_warning)
        self._first_game = game
        self.table: Table | None = None
        """The table the game of now is played at (None on the setup screen)."""
        self.online = OnlinePlay(self, first=table)
        """The online tables this window joins, and the one it may serve."""
        self._replay = replay
        """A game record to step through, opened over the setup screen."""
        self._resume = resume
        self._language_given = language is not None
        """Whether the language was named (``--lang``): a resumed game keeps it, else speaks
        the language it was played in."""
        preferences = self.keeper.preferences
        self.house_rules = house_rules or preferences.house_rules
        """The house rules for new games (a game in progress keeps its own)."""
        self.seed = seed
        self.computer_delay = (
            preferences.computer_delay if computer_delay is None else computer_delay
        )
        """Seconds between the steps of a computer player's turn, at the next local table."""
        self.set_reactive(GeneralaApp.coach, preferences.coach)
        self.set_reactive(GeneralaApp.win_chances, preferences.win_chances)
        self.set_reactive(GeneralaApp.sorted_dice, preferences.sorted_dice)
        self.aids_barred = False
        """Whether the table played is rated: no coach or win chances at it (:meth:`bar_aids`)."""
        self.roll_animation = preferences.roll_animation
        """Whether rolled dice tumble for a moment (:meth:`set_roll_animation`)."""
        self.turn_nudge = preferences.turn_nudge
        """Whether an online turn that comes while the window is elsewhere rings the bell and
        shows a desktop notice (:meth:`set_turn_nudge`)."""
        self.solver = Solver(self, self._strategy_progressed, self._strategy_ready)
        """The one way into the strategy tables."""
        self.seating = Seating(self.keeper)
        """The players this window sets up, in their colours, and their match."""
        self._guide_wanted = False
        """Whether the turn screen opening next brings the guide (a guided game's first)."""

    def on_mount(self) -> None:
        # The words that colour a player and are not given the table's colours ask the app
        # running (until it stops: on_unmount), not one only made.
        colours_module.follow(self.seat_colours)
        self.open_window()
        # Checking them imports every screen (about 0.4 s): after the first frame.
        self.call_after_refresh(self._use_own_keys)
        if self.online.first is not None:
            # The server keeps this game: the saved one stays for a game at this keyboard.
            self.online.go(self.online.first, players=self.seating.last_table())
            return
        saved, played_in, warning = self.keeper.saved_game()
        if self._resume and saved is not None and played_in and not self._language_given:
            # Goes on in the language it was left in (a game played with --lang sv), not
            # remembered as the player's choice: that is the settings' (issue 36, 11).
            i18n.set_language(played_in)
        self.tell_startup_warnings(warning)
        if self._first_game is not None and saved is not None and saved != self._first_game:
            self._ask_before_replacing(saved, self._first_game)
        elif self._first_game is not None:
            self.start(self._first_game)
        elif self._resume and saved is not None:
            self.start(saved)
        else:
            if self._resume:
                self.notify(app_words.nothing_to_resume(), timeout=6)
            from .screens.setup import SetupScreen

            self.push_screen(SetupScreen(self.seating.last_table(), resumable=saved))
        if self._replay is not None:
            from .screens.replay import ReplayScreen

            # From the command line: closing the replay goes back to the shell.
            self.push_screen(ReplayScreen(self._replay, ends_program=True))

    def _use_own_keys(self) -> None:
        """The player's own keys (the preferences' ``keys``, :mod:`.keymap`) in place of the
        game's, each that can be honoured; the others are told, and keep the game's keys."""
        entries = self.keeper.preferences.keys
        if not entries:
            return  # no screen is imported to check nothing
        from .. import store
        from . import keymap, keymap_words

        in_use, refused = keymap.check(entries, keymap.the_screens(self.BINDINGS))
        self.set_keymap(in_use)
        self.keymap = MappingProxyType(in_use)
        if in_use:
            # The screens shown before the keys were read name the player's keys now.
            self.say_it_all_again()
        if refused:
            notice = keymap_words.refusals(refused, printable(str(store.preferences_path())))
            self.notify(notice, severity="warning", timeout=20, markup=False)

    def _ask_before_replacing(self, saved: GameState, game: GameState) -> None:
        """The command line's new game would replace the game in progress saved earlier:
        ask first, over the setup screen offering the saved game (no keeps that screen)."""
        from .screens.dialogs import NewGameDialog
        from .screens.setup import SetupScreen

        seats = [Player(name=p.name, level=p.level) for p in game.players]
        self.push_screen(SetupScreen(seats, resumable=saved))
        self.push_screen(NewGameDialog(saved), lambda yes: self.start(game) if yes else None)

    async def on_unmount(self) -> None:
        colours_module.follow(None)
        table, self.table = self.table, None
        if table is not None:
            await table.close()
        await self.online.close()
        self.keeper.close()

    # --- routing ----------------------------------------------------------

    def _show(self, screen: Screen[None]) -> None:
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if len(self.screen_stack) > 1:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def start(self, state: GameState) -> None:
        """Play this game from where it stands (a finished one opens on its winner's screen)."""
        from .local import LocalTable

        self.seed = None  # a --seed fixes the first game's dice only
        self._sit_at(
            LocalTable(
                state,
                self,
                saver=self.keeper,
                tables=self.solver,
                delay=self.computer_delay,
                paused=self.computers_paused,
                run=self._run_computers,
            )
        )

    def _sit_at(self, table: Table) -> None:
        """Leave the table of now, and play at ``table``."""
        self._leave_table()
        self.table = table
        table.start()

    def _leave_table(self) -> None:
        """Leave the table played at, if any (it closes in a worker)."""
        table, self.table = self.table, None
        self.remove_class("-unreachable")
        self.seats_away = ()
        if self.aids_barred:  # the player's own choice again, past the rated table
            self.aids_barred = False
            self.set_reactive(GeneralaApp.coach, self.keeper.preferences.coach)
            self.set_reactive(GeneralaApp.win_chances, self.keeper.preferences.win_chances)
        if table is not None:
            self.run_worker(table.close(), name="leave table", group="tables")

    def _run_computers(self, turns: Coroutine[Any, Any, None]) -> None:
        """Play a local table's computers, as the app's worker (its failures are told)."""
        self.run_worker(
            turns,
            name="computer players",
            group=COMPUTER_GROUP,
            exclusive=True,
            exit_on_error=False,
        )

    # --- what a table tells its window (.table.Window, .local.LocalWindow) --

    def show(self, game: GameState, *, first: bool, away: tuple[bool, ...] = ()) -> None:
        """The table's game as it stands (``first``: its first, which brings the turn screen,
        or the winner's screen of a finished game)."""
        self.seats_away = away
        self.seating.sit([player.name for player in game.players])
        self.game = game  # watch_game shows the winner's screen of a finished game
        if first and self.table is not None:
            if game.phase is not Phase.OVER:
                from .screens.turn import TurnScreen

                guided, self._guide_wanted = self._guide_wanted, False
                self._show(TurnScreen(self.table, guided=guided))
            # After the first frame: the tables this game's computers or coach will need.
            self.call_after_refresh(
                self.solver.prepare_for, game, coach=self.coach, win_chances=self.win_chances
            )

    def tell(self, message: str, *, severity: Severity = "information") -> None:
        timeout = 10 if severity == "error" else self.NOTIFICATION_TIMEOUT
        self.notify(message, severity=severity, timeout=timeout, markup=False)

    def covered(self) -> bool:
        turn = self._turn_screen()
        return turn is None or turn.too_small

    def point_at(self, action: Action) -> None:
        turn = self._turn_screen()
        if turn is not None and action.category is not None:
            turn.point_at(action.category)

    def _turn_screen(self) -> TurnScreen | None:
        """The turn screen, if it is in front."""
        from .screens.turn import TurnScreen

        return self.screen if isinstance(self.screen, TurnScreen) else None

    def paused(self, on: bool) -> None:
        self.computers_paused = on

    def new_game(self, players: Sequence[Player]) -> None:
        """A new match for these players: its first game, under the current house rules."""
        self.seating.new_match()
        self._deal(players)

    def _deal(self, players: Sequence[Player]) -> None:
        """A new game for these players (each in the colour chosen for them, else their
        colour at the last table: play again keeps them)."""
        game = rules.new_game(list(players), self.house_rules, seed=self.seed)
        self.seating.remember(game.players)
        self.start(game)

    def seat_colours(self, names: Sequence[str]) -> colours_module.SeatColours:
        """The colours of the players ``names`` in the theme of the moment: each one's at
        the last table, the palette's order for the others (a record's, a replay's)."""
        return self.seating.seat_colours(names, dark=self.current_theme.dark)

    def play_again(self) -> None:
        """The same players, the match's next game: the first seat moves on by one (online,
        once every seat would: the server deals it)."""
        if self.table is not None and self.table.ask_again():
            return
        seats = None if self.table is None else self.table.seats_again()
        if seats is None:  # a watcher's: its next game is not its own to deal
            self.show_setup()
        else:
            self._deal(seats)

    def start_guided_game(self, name: str | None = None) -> None:
        """A guided game for ``name`` alone, with the guide on its turn screen (ui/guide.py);
        the setup screen offers it no more."""
        from .guide import guided_game

        self.seating.decline_guided_game()
        self.seating.new_match()
        self._guide_wanted = True
        self.start(guided_game(name))

    def show_setup(self) -> None:
        """The setup screen, with the players of the last game (and the game, if it was
        left unfinished, offered to resume: it stays saved)."""
        table = self.table
        left = None if table is None else table.left_unfinished()
        seats = None if table is None else table.setup_seats()
        if seats is None:
            seats = self.seating.last_table()
        self._leave_table()
        self.game = None
        from .screens.setup import SetupScreen

        self._show(SetupScreen(seats, resumable=left))

    def watch_game(self, old: GameState | None, state: GameState | None) -> None:
        if state is None or state.phase is not Phase.OVER:
            return
        if old is None or old.phase is not Phase.OVER:
            self.seating.game_over(state)
            if self.table is not None and self.table.files_finished:
                self.run_worker(
                    self.keeper.file_analysed(state, self.solver), name="history", group="history"
                )
        from .screens.game_over import GameOverScreen

        if not isinstance(self.screen, GameOverScreen):
            self._show(GameOverScreen())

    def save_house_rules(self, house_rules: HouseRules) -> None:
        """Use these house rules for new games, and remember them for next time."""
        self.house_rules = house_rules
        self.keeper.remember(house_rules=house_rules)

    # --- online tables (ui/online_play.py) -------------------------------

    def sit_online(self, table: RemoteTable, server: str) -> None:
        """Leave the game or table of now, and play at the online ``table``: the joining
        screen shows until its game arrives."""
        self.game = None
        self.seating.new_match()
        self._sit_at(table)
        self.reaching(server)

    def reaching(self, server: str) -> None:
        """Show that ``server`` is being reached, until its table or lobby shows."""
        from .screens.joining import JoiningScreen

        self._show(JoiningScreen(server))

    def visit_lobby(self, visit: LobbyVisit) -> None:
        """Leave the game or table of now, and show the lobby of ``visit``'s server."""
        from .screens.lobby import LobbyScreen

        self._leave_table()
        self.game = None
        self._show(LobbyScreen(visit))

    def _remove_player(self, seat: int) -> None:
        if self.table is not None:
            self.table.remove(seat)

    def reachable(self, yes: bool) -> None:
        """The online table's server is reached again (``yes``), or lost: the turn screen
        says so until it is back (the app's class ``-unreachable``)."""
        self.set_class(not yes, "-unreachable")

    def your_turn(self) -> None:
        """This window's turn came at an online table: while the window is not in front
        (the terminal says so), the bell, and a desktop notice where the terminal shows
        one."""
        if not self.turn_nudge or self.app_focus:
            return
        import os

        from .workarounds import desktop_notice

        self.bell()
        desktop_notice(self, self.title, table_words.your_turn(), dict(os.environ))

    def chatted(self, said: Said | None) -> None:
        """Something was said at the online table: the chat follows, or a notice tells it."""
        from .screens.chat import ChatScreen

        self.chat_heard += 1
        if said is not None and not isinstance(self.screen, ChatScreen):
            self.notify(table_words.said_line(said.name, said.text), timeout=8, markup=False)

    def table_ended(self, message: str) -> None:
        """The online table refused this window for good (:class:`.remote.Seated`): joined
        from the command line, the app ends, saying why; else the setup screen comes back."""
        if self.online.ends_the_app(message):
            self.exit(return_code=2)
            return
        self.tell(message, severity="error")
        self.show_setup()

    def turn_screen_shown(self) -> None:
        """The turn screen is in front again: a computer to act goes on."""
        if self.table is not None:
            self.table.go_on()

    def skip_ahead(self) -> None:
        """Play the rest of the computer's turn at once; retry a failed computer or table."""
        if self.table is None:
            return
        self.solver.retry()
        self.table.skip_ahead()

    def change_pace(self, step: int) -> None:
        """The computers faster or slower, remembered for the next game."""
        delay = None if self.table is None else self.table.change_pace(step)
        if delay is not None:
            self.computer_delay = delay
            self.keeper.remember(computer_delay=delay)

    # --- the optimal strategy ---------------------------------------------

    def _strategy_progressed(self, done: float | None) -> None:
        self.strategy_progress = done

    def _strategy_ready(self) -> None:
        self.strategies_ready += 1

    def set_roll_animation(self, on: bool) -> None:
        self.roll_animation = on
        self.keeper.remember(roll_animation=on)

    def set_turn_nudge(self, on: bool) -> None:
        self.turn_nudge = on
        self.keeper.remember(turn_nudge=on)

    def set_sorted_dice(self, on: bool) -> None:
        self.sorted_dice = on
        self.keeper.remember(sorted_dice=on)

    def action_coach_ranking(self) -> None:
        """The coach's list ranked by the other measure: expected total or win chance."""
        self.coach_by_chance = not self.coach_by_chance

    def rated(self) -> None:
        from .screens.game_over import GameOverScreen

        if isinstance(self.screen, GameOverScreen):
            self.screen.show_ratings()

    def bar_aids(self) -> None:
        self.aids_barred = True
        self.set_reactive(GeneralaApp.coach, False)
        self.set_reactive(GeneralaApp.win_chances, False)
        self.refresh_bindings()

    def _barred(self) -> bool:
        """Whether the coach and the win chances are barred here (a rated table): told so."""
        if self.aids_barred and self.table is not None and self.table.game is not None:
            self.tell(app_words.no_aids_rated(), severity="warning")
            return True
        return False

    def toggle_coach(self) -> None:
        if self._barred():
            return
        self.coach = not self.coach
        self.keeper.remember(coach=self.coach)
        self._aid_turned(on=self.coach)

    def toggle_win_chances(self) -> None:
        if self._barred():
            return
        self.win_chances = not self.win_chances
        self.keeper.remember(win_chances=self.win_chances)
        self._aid_turned(on=self.win_chances)

    def _aid_turned(self, *, on: bool) -> None:
        """The coach or the win chances turned on: the tables the game now needs
        (:meth:`.solver.Solver.prepare_for`), a failed one tried again."""
        if on and self.game is not None:
            self.solver.retry()
            self.solver.prepare_for(self.game, coach=self.coach, win_chances=self.win_chances)

    def failure_told(self, worker: Worker[Any]) -> str | None:
        if isinstance(worker.error, StrategyFailed):
            return None  # the table's own worker has told the player already
        if worker.group == SOLVE_GROUP:
            return app_words.strategy_failed(str(worker.error))
        return super().failure_told(worker)

    # --- app-wide actions -------------------------------------------------

    def game_in_progress(self) -> bool:
        return self.game is not None and self.game.phase is not Phase.OVER

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        turn = self._turn_screen()
        if action in {"scorecard", "new_game", "undo"} and turn is not None and turn.too_small:
            return False  # nothing happens to a game the player cannot see; quit and help do
        if action in {"scorecard", "new_game"}:
            return self.game is not None
        if action == "undo":
            # Always live during a game: a refused undo says why instead of doing nothing.
            return self.game_in_progress()
        if action == "coach_ranking":
            return not self.aids_barred  # a rated table shows no coach
        return True

    def action_undo(self) -> None:
        """Take back the last fill or hold change (see :func:`rules.undo`)."""
        if self.table is not None:
            self.table.undo()

    async def action_quit(self) -> None:
        """Quit; asks first during a game."""
        from .screens.dialogs import QuitDialog

        if isinstance(self.screen, QuitDialog):  # ctrl+q again: yes
            self.exit()
        else:
            self._leave(quitting=True)

    def action_new_game(self) -> None:
        """Back to the setup screen; asks first during a game."""
        self._leave(quitting=False)

    def _leave(self, *, quitting: bool) -> None:
        """Quit, or leave the game for the setup screen: once the player said yes, during a
        game (the table says what becomes of it)."""
        from .screens.dialogs import ConfirmDialog, QuitDialog

        leave = self.exit if quitting else self.show_setup
        table = self.table
        if table is None or not self.game_in_progress():
            leave()
            return
        dialog = QuitDialog if quitting else ConfirmDialog
        yes = dialogs_words.quit_answer() if quitting else dialogs_words.leave_answer()
        no = dialogs_words.keep_playing_answer() if quitting else dialogs_words.stay_answer()
        question = table.leaving_question(quitting=quitting)
        self.push_screen(dialog(question, yes, no), lambda yes: leave() if yes else None)

    def action_help(self) -> None:
        from .screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_scorecard(self) -> None:
        from .screens.scorecard import ScorecardScreen

        if self.game is not None and not isinstance(self.screen, ScorecardScreen):
            self.push_screen(ScorecardScreen())

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """The command palette's commands, in the current language: the screen's own, the
        game's, then the window's (:meth:`.shell.Shell.get_system_commands`)."""
        if isinstance(screen, OffersCommands):
            yield from screen.palette_commands()
        if self.game is not None:
            yield SystemCommand(
                app_words.command_scorecard(),
                app_words.command_scorecard_help(),
                self.action_scorecard,
            )
        yield SystemCommand(
            app_words.command_help(), app_words.command_help_help(), self.action_help
        )
        on = not self.roll_animation
        yield SystemCommand(
            app_words.roll_animation_command(on),
            settings_words.roll_animation_help(),
            lambda: self.set_roll_animation(on),
        )
        in_order = not self.sorted_dice
        yield SystemCommand(
            app_words.sorted_dice_command(in_order),
            settings_words.sorted_dice_help(),
            lambda: self.set_sorted_dice(in_order),
        )
        for seat, name in self.table.removable() if self.table is not None else ():
            yield SystemCommand(
                table_words.remove_command(name),
                table_words.remove_command_help(),
                lambda seat=seat: self._remove_player(seat),
            )
        if self.game_in_progress():
            yield SystemCommand(
                app_words.command_new_game(),
                app_words.command_new_game_help(),
                self.action_new_game,
            )
        yield from super().get_system_commands(screen)
