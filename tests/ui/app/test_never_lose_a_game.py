"""A finished game goes to the history, a saved game is offered again (a hostile one told with
nothing raw) and never replaced without asking, the quit and leave questions say whether the
game is saved, and match play keeps a tally (equal wins ordered by the points over the match).

The save after every step, a disk that refuses told once, and the quit question once a save
succeeds again are the local table's: tests/ui/table/test_local_table.py."""

from __future__ import annotations

import json

from helpers import HOSTILE, finished_game, record_document, unshown
from textual.widgets import Button, Static

from generala_tui import i18n, store
from generala_tui.game import rules
from generala_tui.game.model import Category, GameState, Phase, Player
from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.screens.dialogs import ConfirmDialog, QuitDialog
from generala_tui.ui.screens.game_over import GameOverScreen
from generala_tui.ui.screens.setup import SetupScreen
from generala_tui.ui.screens.turn import TurnScreen

from ..conftest import last_turn_tie, notices, running, settle


async def test_a_finished_game_goes_to_the_history_and_leaves_the_autosave() -> None:
    state = rules.roll(rules.roll(last_turn_tie(), [1, 2, 3, 5, 6]), [6, 6, 6, 6, 6])
    async with running(state) as (app, pilot):
        await pilot.press("enter")  # Bruno's last box: Generala, and the game is over
        await settle(pilot)
        await app.keeper.flush()
        assert app.game.phase is Phase.OVER
        assert isinstance(app.screen, GameOverScreen)
    assert store.load_game() == (None, None)
    records, warnings = store.load_history()
    assert not warnings
    assert [record.game for record in records] == [app.game]


async def test_the_setup_screen_offers_the_saved_game_and_goes_on_with_it() -> None:
    game = rules.roll(rules.new_game(["Ana", "Bruno"], seed=4), [1, 2, 3, 4, 6])
    assert store.save_game(game) is None
    async with running() as (app, pilot):
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        offer = app.screen.query_one("#resume", Button)
        assert "Ana: 0 · Bruno: 0, round 1/10" in str(offer.label)
        await pilot.click("#resume")
        await pilot.pause()
        assert isinstance(app.screen, TurnScreen)
        assert app.game == game


async def test_resume_starts_on_the_saved_game_at_once() -> None:
    game = rules.toggle_hold(rules.roll(rules.new_game(["Ana"], seed=2)), 3)
    store.save_game(game)
    async with running(resume=True) as (app, pilot):
        await pilot.pause()
        assert isinstance(app.screen, TurnScreen)
        assert app.game == game


async def test_the_app_tells_of_a_hostile_saved_game_and_history_with_nothing_raw() -> None:
    sequence = HOSTILE["osc 52"] + HOSTILE["bidi override"]
    saved = {"version": 1, "saved_at": "2026-01-01T00:00:00Z", "game": record_document()["game"]}
    saved["game"]["players"][0]["boxes"] = {sequence: 3}  # type: ignore[index]
    store.game_path().parent.mkdir(parents=True)
    store.game_path().write_text(json.dumps(saved))
    history = store.history_dir() / f"20260101T000000000000Z-{sequence}.json"
    history.parent.mkdir(parents=True)
    history.write_text(json.dumps({"version": 1, "finished_at": sequence, "game": {}}))
    app = GeneralaApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.keeper.flush()
        told = notices(app)
        assert any("can't be resumed" in message for message in told), told
        assert all(unshown(message) == [] for message in told), told
        _records, warnings = store.load_history()
    assert len(warnings) == 1 and unshown(warnings[0]) == []


async def test_without_a_saved_game_the_setup_has_no_offer_and_a_new_game_starts_at_once() -> None:
    async with running() as (app, pilot):
        await pilot.pause()
        assert not app.screen.query("#resume")
        await pilot.press("ctrl+o")
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TurnScreen)


async def test_play_again_rotates_the_first_seat_and_keeps_the_match_tally() -> None:

    def finish(state):  # type: ignore[no-untyped-def]
        # Everyone scratches every box but the first player, who scores Sixes once.
        while state.phase is not Phase.OVER:
            state = rules.roll(state, [6, 6, 6, 2, 3])
            offers = rules.offers(state)
            sixes = state.current == 0 and any(o.category is Category.SIXES for o in offers)
            state = (
                rules.score(state, Category.SIXES)
                if sixes
                else rules.scratch(state, offers[0].category)
            )
        return state

    async with running(rules.new_game(["Ana", "Bruno", "Rita"], seed=1)) as (app, pilot):
        app.start(finish(app.game))
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        assert not app.screen.query_one("#match").display  # one game is no match yet
        await pilot.press("a")
        await pilot.pause()
        assert [p.name for p in app.game.players] == ["Bruno", "Rita", "Ana"]
        app.start(finish(app.game))  # Bruno, first to play, wins this one
        await settle(pilot)
        assert app.seating.match.games == 2
        assert dict(app.seating.match.wins) == {"Ana": 1, "Bruno": 1, "Rita": 0}
        shown = str(app.screen.query_one("#match").render())
        assert "Match after 2 games: Ana 1 · Bruno 1 · Rita 0" in shown
        await pilot.press("n")  # a new table: a new match
        await settle(pilot)
        seats = app.screen.players  # type: ignore[attr-defined]
        app.new_game([Player(name=p.name, level=p.level) for p in seats])
        assert app.seating.match.games == 0


async def test_bruno_who_outscored_ana_twice_comes_before_her_on_equal_wins() -> None:
    async with running() as (app, pilot):
        await pilot.pause()
        app.start(finished_game({"Ana": 6, "Bruno": 18, "Rita": 24}))
        await pilot.pause()
        app.show_setup()  # a screen between, as the turn screen is after "Play again"
        await pilot.pause()
        app.start(finished_game({"Bruno": 18, "Rita": 24, "Ana": 12}))
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        line = str(app.screen.query_one("#match", Static).render())
        assert "Rita 2 · Bruno 0 · Ana 0" in line, line


def _saved_game() -> GameState:
    game = rules.roll(rules.new_game(["Ana", "Bea"], seed=5), [1, 2, 3, 4, 6])
    assert store.save_game(game) is None
    return game


def _question(app: GeneralaApp) -> str:
    assert isinstance(app.screen, ConfirmDialog)
    return str(app.screen.question)


async def test_a_new_game_over_the_game_in_progress_asks_and_no_keeps_it() -> None:
    """One app: each way of starting, in turn, asks, and No keeps the saved game (Enter first,
    while the focus is on the first name, where the setup opens)."""
    saved = _saved_game()
    async with running() as (app, pilot):
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        setup = app.screen
        for how in ("enter", "click", "ctrl+s"):
            if how == "click":
                await pilot.click("#start")
            elif how == "enter":  # Enter on the first name goes to the next; on the last, starts
                assert app.focused is setup.query_one("#name-1")
                await pilot.press("enter", "enter")
            else:
                await pilot.press(how)
            await pilot.pause()
            question = _question(app)
            assert "will be lost" in question, how
            assert "Ana: 0 · Bea: 0, round 1/10" in question, how
            await pilot.press("n")
            await pilot.pause()
            assert app.screen is setup, how
            assert app.game is None, how
            assert setup.query_one("#resume"), how
            await app.keeper.flush()
            assert store.load_game() == (saved, None), how
        await pilot.press("ctrl+o")  # and it resumes as before, without a question
        await pilot.pause()
        assert isinstance(app.screen, TurnScreen)
        assert app.game == saved


async def test_yes_starts_the_new_game_over_the_game_in_progress() -> None:
    saved = _saved_game()
    async with running() as (app, pilot):
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, TurnScreen)
        assert app.game is not None and app.game != saved
        assert [p.name for p in app.game.players] == ["Player 1", "Player 2"]
        await app.keeper.flush()
        assert store.load_game() == (app.game, None)


async def test_leaving_a_game_for_the_setup_then_starting_another_asks() -> None:
    async with running(rules.new_game(["Ana", "Bea"], seed=5)) as (app, pilot):
        await pilot.press("r", "escape")
        await pilot.pause()
        assert "It stays saved" in _question(app)
        await pilot.press("y")
        await pilot.pause()
        left = app.screen
        assert isinstance(left, SetupScreen) and left.resumable is not None
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "Ana: 0 · Bea: 0, round 1/10" in _question(app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is left
        await app.keeper.flush()
        assert store.load_game() == (left.resumable, None)


async def test_the_new_game_question_speaks_the_language() -> None:
    _saved_game()
    async with running(language="es") as (app, pilot):
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "se va a perder" in _question(app)
    i18n.set_language("en")


async def test_the_quit_question_says_an_unsaved_game_will_be_lost() -> None:
    _unwritable_home()
    async with running(rules.new_game(["Ana", "Bea"], seed=5)) as (app, pilot):
        await pilot.press("r")
        await app.keeper.flush()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, QuitDialog)
        question = _question(app)
        assert "will be lost" in question
        assert str(store.state_dir()) in question
        assert "is saved" not in question
        await pilot.press("n", "escape")
        await pilot.pause()
        question = _question(app)
        assert "could not be saved" in question
        assert "stays saved" not in question


async def test_a_new_game_from_the_command_line_over_a_saved_one_asks_and_no_keeps_it() -> None:
    saved = _saved_game()
    async with running(rules.new_game(["Cleo", "Dan"], seed=3)) as (app, pilot):
        await pilot.pause()
        assert "Ana: 0 · Bea: 0, round 1/10" in _question(app)
        await app.keeper.flush()
        assert store.load_game() == (saved, None)  # nothing is written before the answer
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert [p.name for p in app.screen.players] == ["Cleo", "Dan"]
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert app.game == saved


async def test_a_new_game_from_the_command_line_over_a_saved_one_starts_on_yes() -> None:
    _saved_game()
    new = rules.new_game(["Cleo", "Dan"], seed=3)
    async with running(new) as (app, pilot):
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, TurnScreen)
        assert app.game == new
        await app.keeper.flush()
        assert store.load_game() == (new, None)


def _unwritable_home() -> None:
    store.state_dir().parent.mkdir(parents=True, exist_ok=True)
    store.state_dir().write_text("a file where the state folder should be")


async def test_play_again_after_a_seeded_game_rolls_new_dice() -> None:
    async with running(rules.new_game(["Ana", "Bruno"], seed=9), seed=9) as (app, pilot):
        await pilot.pause()
        app.play_again()
        await pilot.pause()
        assert app.game.seed != 9


async def test_resume_goes_on_in_the_language_the_game_was_played_in() -> None:
    """Issue 36, 11: a game played with --lang sv came back in English with --resume. The
    saved game keeps its language; --lang still names another; neither is remembered as the
    player's own choice (the settings')."""
    async with running(rules.new_game(["Ana", "Bea"], seed=5), language="sv") as (app, pilot):
        await pilot.press("r")
        await settle(pilot)
        await app.keeper.flush()
    i18n.set_language("en")
    saved, _warning = store.load_saved_game()
    assert saved is not None and saved.language == "sv" and saved.game.turn.rolls == 1
    try:
        async with running(resume=True) as (app, pilot):
            await pilot.pause()
            assert isinstance(app.screen, TurnScreen)
            assert i18n.language() == "sv"
            assert "Runda 1/10" in str(app.screen.query_one("#topbar", Static).render())
            assert app.keeper.preferences.language is None
        async with running(resume=True, language="en") as (app, pilot):
            await pilot.pause()
            assert isinstance(app.screen, TurnScreen) and i18n.language() == "en"
    finally:
        i18n.set_language("en")


def test_a_saved_games_language_it_does_not_speak_leaves_the_game_to_resume() -> None:
    game = _saved_game()
    path = store.game_path(1)
    document = json.loads(path.read_text())
    path.write_text(json.dumps({**document, "language": "xx"}))
    saved, warning = store.load_saved_game()
    assert warning is None and saved is not None
    assert saved.game == game and saved.language is None
