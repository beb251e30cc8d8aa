"""The game is saved after every step, a finished game goes to the history, a saved game is
offered again, and match play keeps a tally."""

from __future__ import annotations

from textual.widgets import Button

from generala_tui import store
from generala_tui.game import rules
from generala_tui.game.model import Phase
from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.screens.game_over import GameOverScreen
from generala_tui.ui.screens.setup import SetupScreen
from generala_tui.ui.screens.turn import TurnScreen

from ..conftest import last_turn_tie, settle


async def test_every_step_is_saved_as_it_happens() -> None:
    app = GeneralaApp(rules.new_game(["Ana", "Bruno"], seed=4))
    async with app.run_test(size=(80, 24)) as pilot:
        for key in ["r", "1", "3", "r", "1"]:
            await pilot.press(key)
            await app.keeper.flush()
            assert store.load_game() == (app.game, None), f"after {key}"
        assert app.game.turn.rolls == 2


async def test_a_finished_game_goes_to_the_history_and_leaves_the_autosave() -> None:
    state = rules.roll(rules.roll(last_turn_tie(), [1, 2, 3, 5, 6]), [6, 6, 6, 6, 6])
    app = GeneralaApp(state)
    async with app.run_test(size=(80, 24)) as pilot:
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
    app = GeneralaApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        offer = app.screen.query_one("#resume", Button)
        assert "Ana 0 · Bruno 0, round 1/10" in str(offer.label)
        await pilot.click("#resume")
        await pilot.pause()
        assert isinstance(app.screen, TurnScreen)
        assert app.game == game


async def test_resume_starts_on_the_saved_game_at_once() -> None:
    game = rules.toggle_hold(rules.roll(rules.new_game(["Ana"], seed=2)), 3)
    store.save_game(game)
    app = GeneralaApp(resume=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TurnScreen)
        assert app.game == game


async def test_without_a_saved_game_the_setup_has_no_offer() -> None:
    app = GeneralaApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not app.screen.query("#resume")
        await pilot.press("ctrl+o")
        assert isinstance(app.screen, SetupScreen)


async def test_play_again_rotates_the_first_seat_and_keeps_the_match_tally() -> None:
    from generala_tui.game.model import Category

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

    app = GeneralaApp(rules.new_game(["Ana", "Bruno", "Rita"], seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        app.game = finish(app.game)
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        assert not app.screen.query_one("#match").display  # one game is no match yet
        await pilot.press("a")
        await pilot.pause()
        assert [p.name for p in app.game.players] == ["Bruno", "Rita", "Ana"]
        app.game = finish(app.game)  # Bruno, first to play, wins this one
        await settle(pilot)
        assert app.match.games == 2
        assert dict(app.match.wins) == {"Ana": 1, "Bruno": 1, "Rita": 0}
        shown = str(app.screen.query_one("#match").render())
        assert "Match after 2 games: Ana 1 · Bruno 1 · Rita 0" in shown
        await pilot.press("n")  # a new table: a new match
        await settle(pilot)
        app.new_game(app.screen.players)  # type: ignore[attr-defined]
        assert app.match.games == 0


async def test_an_unwritable_state_folder_warns_once_and_the_game_goes_on() -> None:
    store.state_dir().parent.mkdir(parents=True, exist_ok=True)
    store.state_dir().write_text("a file where the state folder should be")
    app = GeneralaApp(rules.new_game(["Ana", "Bruno"], seed=4))
    async with app.run_test(size=(80, 24)) as pilot:
        for key in ["r", "1", "2", "r", "1"]:
            await pilot.press(key)
        await app.keeper.flush()
        await pilot.pause()
        warnings = [n.message for n in app._notifications if "could not be saved" in n.message]
        assert len(warnings) == 1
        assert "goes on unsaved" in warnings[0]
        assert app.game.turn.rolls == 2
