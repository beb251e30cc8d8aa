"""A seat left at its default name names nobody: it comes back in the language of the moment,
not as the name it had in the language the table was set up in; and the offer to resume reads
each total apart from its name ("Jugador 1: 0", never "Jugador 1 0"). The form holds its
seats as typed, in its own plain fields: no Player that validation would refuse."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input

import generala_tui
from generala_tui import i18n, store
from generala_tui.game import rules
from generala_tui.game.model import Category, Level, Player
from generala_tui.store import Preferences, Seat
from generala_tui.ui import vocabulary
from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.screens import setup_words
from generala_tui.ui.screens.setup import SeatEntry, SetupScreen


def _names(app: GeneralaApp) -> list[str]:
    return [field.value for field in app.screen.query(".player-row Input").results(Input)]


async def test_a_table_set_up_in_spanish_with_default_names_comes_back_in_english() -> None:
    table = (Seat(name="Jugador 1"), Seat(name="Bea"), Seat(name="Medio", level=Level.MEDIUM))
    assert store.save_preferences(Preferences(players=table)) is None
    app = GeneralaApp(language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert _names(app) == ["Player 1", "Bea", "Medium"]


async def test_a_default_name_started_in_english_comes_back_in_swedish() -> None:
    app = GeneralaApp(language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert _names(app) == ["Player 1", "Player 2"]
        app.screen.query_one("#name-2", Input).value = "Bea"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.game is not None
    app = GeneralaApp(language="sv")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert _names(app)[0] == vocabulary.default_player_name(1) != "Player 1"
        assert _names(app)[1] == "Bea"


async def test_a_seat_left_at_its_default_name_is_kept_without_one() -> None:
    app = GeneralaApp(language="es")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one("#name-2", Input).value = "Bea"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.game is not None
        assert app.game.players[0].name == "Jugador 1"  # the game itself has a name for each
    await app.workers.wait_for_complete()
    preferences, warning = store.load_preferences()
    assert warning is None
    assert [seat.name for seat in preferences.players] == ["", "Bea"]
    app = GeneralaApp(language="sv")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert _names(app) == ["Spelare 1", "Bea"]


def test_an_unnamed_seat_shows_its_default_name_in_the_language_of_the_moment() -> None:
    unnamed = [SeatEntry(""), Player(name="Bea")]
    i18n.set_language("es")
    try:
        assert [p.name for p in SetupScreen(unnamed).players] == ["Jugador 1", "Bea"]
    finally:
        i18n.set_language("en")


def test_the_offer_to_resume_reads_each_total_apart_from_its_name() -> None:
    state = rules.new_game(["Jugador 1", "Jugador 2"], seed=1)
    state = rules.score(rules.roll(state, [5, 5, 1, 2, 3]), Category.FIVES)
    for lang in i18n.LANGUAGES:
        i18n.set_language(lang)
        try:
            offer = setup_words.resume_label(state).plain
            asked = setup_words.new_game_question(state).plain
        finally:
            i18n.set_language("en")
        assert "Jugador 1: 10 · Jugador 2: 0" in offer, lang
        assert "Jugador 1: 10 · Jugador 2: 0" in asked, lang


async def test_the_form_holds_the_names_as_typed_in_its_own_fields() -> None:
    """A name left empty, or one the rules refuse, stays in the form as typed until Start
    checks it: a seat of the form is no Player (its model would refuse them)."""
    app = GeneralaApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        screen.query_one("#name-1", Input).value = ""
        screen.query_one("#name-2", Input).value = "x" * 3 + "\x07"
        await pilot.press("ctrl+n")  # adding a seat reads the names typed so far
        await pilot.pause()
        assert screen.players[:2] == [SeatEntry(""), SeatEntry("xxx\x07")]
        assert not any(isinstance(seat, Player) for seat in screen.players)
        assert app.game is None


def test_no_screen_builds_a_model_without_its_checks() -> None:
    """``model_construct`` skips a model's validation: the ui has no use for it (a form keeps
    its own fields; a model is built, and checked, once the form is done)."""
    ui = Path(generala_tui.__file__).parent / "ui"
    unchecked = sorted(
        str(path.relative_to(ui))
        for path in ui.rglob("*.py")
        if "model_construct(" in path.read_text(encoding="utf-8")
    )
    assert not unchecked, unchecked


@pytest.mark.parametrize("name", ["", "  "])
def test_a_seat_without_a_name_starts_as_its_default(name: str) -> None:
    assert [p.name for p in SetupScreen([SeatEntry(name), SeatEntry("Bea")]).players] == [
        "Player 1",
        "Bea",
    ]
