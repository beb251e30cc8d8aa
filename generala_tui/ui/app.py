"""GeneralaApp: owns the game state, the one source of truth, and routes the screens."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from textual import work
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.content import Content
from textual.reactive import reactive
from textual.screen import Screen

from .. import store
from ..game import rules
from ..game.model import GameState, HouseRules, Phase, Player
from ..game.strategy import Action, Strategy
from .screens.dialogs import ConfirmDialog, QuitDialog
from .screens.game_over import GameOverScreen
from .screens.setup import SetupScreen
from .screens.turn import TurnScreen


def saved_house_rules() -> tuple[HouseRules, str | None]:
    """The house rules saved for new games, and a warning when the settings file is unusable."""
    try:
        return store.load_settings().house_rules, None
    except store.SettingsProblem as problem:
        return HouseRules(), f"{problem} The classic rules apply until you save new ones."


class GeneralaApp(App[None]):
    """Generala in the terminal.

    ``game`` is the current :class:`GameState` (``None`` before a game starts);
    screens call :mod:`generala_tui.game.rules` and assign the new state here,
    and redraw from it.
    """

    CSS_PATH = "generala.tcss"
    TITLE = "Generala"
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", key_display="^q", priority=True)]

    game: reactive[GameState | None] = reactive(None, init=False)
    coach: reactive[bool] = reactive(False, init=False)
    """Whether the coach shows the value of every action on the turn screen."""
    strategy_progress: reactive[float | None] = reactive(None, init=False)
    """How far computing the optimal strategy has come (0 to 1), None when idle."""
    strategies_ready: reactive[int] = reactive(0, init=False)
    """Counts the strategy tables computed so far, for screens waiting on one."""

    COMPUTER_SPEEDS = (1.2, 0.7, 0.4, 0.15, 0.0)
    """Seconds between a computer player's steps, slowest first."""

    def __init__(
        self,
        game: GameState | None = None,
        house_rules: HouseRules | None = None,
        seed: int | None = None,
        computer_delay: float = 0.7,
        startup_warning: str | None = None,
    ) -> None:
        super().__init__()
        self._first_game = game
        self._startup_warning = startup_warning
        if house_rules is None:
            house_rules, self._startup_warning = saved_house_rules()
        self.house_rules = house_rules
        """The house rules for new games (a game in progress keeps its own)."""
        self.seed = seed
        self.computer_delay = computer_delay
        """Seconds between the steps of a computer player's turn."""
        self.history: list[tuple[GameState, Action]] = []
        """The decisions of the game in play: each position and the action taken."""
        self._solving: set[str] = set()
        self._failed_solves: set[str] = set()

    def on_mount(self) -> None:
        if self._startup_warning:
            self.notify(self._startup_warning, severity="warning", timeout=10, markup=False)
        if self._first_game is not None:
            self.start(self._first_game)
        else:
            self.push_screen(SetupScreen())

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
        self.history = []
        self.seed = None  # a --seed fixes the first game's dice only
        self.game = state  # watch_game shows the winner's screen of a finished game
        if state.phase is not Phase.OVER:
            self._show(TurnScreen())

    def new_game(self, players: Sequence[Player]) -> None:
        """A new game for these players under the current house rules."""
        self.start(rules.new_game(list(players), self.house_rules, seed=self.seed))

    def _seats(self) -> list[Player] | None:
        """The players of the current game, with empty scorecards, for another game."""
        if self.game is None:
            return None
        return [Player(name=p.name, level=p.level) for p in self.game.players]

    def play_again(self) -> None:
        """The same players, in the same seats, a new game."""
        seats = self._seats()
        if seats is None:
            self.show_setup()
        else:
            self.new_game(seats)

    def show_setup(self) -> None:
        """The setup screen, with the players of the last game."""
        seats = self._seats()
        self.game = None
        self._show(SetupScreen(seats))

    def watch_game(self, state: GameState | None) -> None:
        over = state is not None and state.phase is Phase.OVER
        if over and not isinstance(self.screen, GameOverScreen):
            self._show(GameOverScreen())

    def play(self, new_state: GameState, decision: tuple[GameState, Action] | None) -> None:
        """Make ``new_state`` the game, remembering the decision that led to it."""
        if decision is not None:
            self.history.append(decision)
        self.game = new_state

    def save_house_rules(self, house_rules: HouseRules) -> None:
        """Use these house rules for new games, and remember them for next time."""
        self.house_rules = house_rules
        if not store.save_settings(store.Settings(house_rules=house_rules)):
            self.notify(
                f"The house rules could not be saved in {store.settings_path()}: "
                "they apply until you quit.",
                severity="warning",
                markup=False,
            )

    # --- the optimal strategy ---------------------------------------------

    def strategy(self, house_rules: HouseRules) -> Strategy | None:
        """The strategy table if it is ready; otherwise start computing it and return None."""
        from ..game.strategy import cached_strategy, strategy_key

        ready = cached_strategy(house_rules)
        if ready is None:
            key = strategy_key(house_rules)
            if key not in self._solving and key not in self._failed_solves:
                self._solving.add(key)
                self.strategy_progress = 0.0
                self._solve(house_rules, key)
        return ready

    @work(thread=True, group="solve", exit_on_error=False)
    def _solve(self, house_rules: HouseRules, key: str) -> None:
        from ..game.strategy import solve

        def progress(done: float) -> None:
            self.call_from_thread(setattr, self, "strategy_progress", done)

        try:
            solve(house_rules, progress=progress, tables=store.strategy_tables)
        except Exception as error:  # reported to the player, never a crash
            self.call_from_thread(self._solve_failed, key, str(error))
        finally:
            self.call_from_thread(self._solved, key)

    def _solved(self, key: str) -> None:
        self._solving.discard(key)
        self.strategy_progress = None
        self.strategies_ready += 1

    def _solve_failed(self, key: str, error: str) -> None:
        # Not retried: the coach says it can't work instead of trying again and again.
        self._failed_solves.add(key)
        self.notify(
            f"The optimal strategy could not be computed: {error}", severity="error", markup=False
        )

    # --- app-wide actions -------------------------------------------------

    def game_in_progress(self) -> bool:
        return self.game is not None and self.game.phase is not Phase.OVER

    async def action_quit(self) -> None:
        if not self.game_in_progress() or isinstance(self.screen, QuitDialog):
            self.exit()
            return

        def answered(quit_: bool | None) -> None:
            if quit_:
                self.exit()

        self.push_screen(
            QuitDialog(
                Content("Quit now? The game in progress will be lost."), "Quit", "Keep playing"
            ),
            answered,
        )

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        if isinstance(screen, TurnScreen) and screen.check_action("roll", ()):
            yield SystemCommand("Roll", "Roll the dice that are not held", screen.action_roll)
        if isinstance(screen, TurnScreen):
            yield SystemCommand("Scorecard", "Show every player's boxes", screen.action_scorecard)
        yield SystemCommand("Rules and keys", "How to play, and every key", self._help)
        if self.game_in_progress():
            yield SystemCommand("New game", "Leave this game and set up a new one", self._ask_new)

    def _help(self) -> None:
        from .screens.help import HelpScreen

        self.push_screen(HelpScreen())

    def _ask_new(self) -> None:
        def answered(confirmed: bool | None) -> None:
            if confirmed:
                self.show_setup()

        self.push_screen(
            ConfirmDialog(Content("Leave this game and set up a new one?"), "Leave", "Stay"),
            answered,
        )
