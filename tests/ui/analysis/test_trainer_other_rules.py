"""The trainer and a player whose finished games were all under other house rules: it says
so, and which rules it trains under and where to change them, instead of "no finished game"."""

from __future__ import annotations

import random

import pytest
from textual.widgets import Static

from generala_tui import store
from generala_tui.game import rules
from generala_tui.game.model import HouseRules, Level, Phase, Player
from generala_tui.game.strategy import play_game
from generala_tui.game.training import DrillSource, games_under_other_rules
from generala_tui.ui.screens import trainer as trainer_screen
from generala_tui.ui.screens.setup import SetupScreen
from generala_tui.ui.screens.trainer import TrainerScreen

from ..conftest import box_rows, box_shown, running, settle_until

OTHER_RULES = HouseRules(served_generala_wins=False)


def _three_games_of_ana_under_other_rules() -> None:
    for seed in (41, 42, 43):
        easy = [Player(name="Ana", level=Level.EASY), Player(name="Bot", level=Level.EASY)]
        game = play_game(rules.new_game(easy, OTHER_RULES, seed=seed))
        human = (game.players[0].model_copy(update={"level": None}), game.players[1])
        assert game.phase is Phase.OVER
        assert store.add_to_history(game.model_copy(update={"players": human})) is None


def test_games_under_other_rules_counts_only_the_named_humans_games_elsewhere() -> None:
    _three_games_of_ana_under_other_rules()
    games = [record.game for record in store.load_history()[0]]
    assert games_under_other_rules(games, "Ana", HouseRules()) == 3
    assert games_under_other_rules(games, "Ana", OTHER_RULES) == 0
    assert games_under_other_rules(games, "Bot", HouseRules()) == 0  # a computer's


async def _trainer_for_ana(language: str) -> tuple[str, str]:
    _three_games_of_ana_under_other_rules()
    async with running(house_rules=HouseRules(), language=language) as (app, pilot):
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        app.screen.query_one("#name-1").value = "Ana"  # type: ignore[attr-defined]
        await pilot.press("ctrl+g")
        await settle_until(
            pilot,
            lambda: isinstance(app.screen, TrainerScreen) and app.screen.position is not None,
        )
        screen = app.screen
        assert isinstance(screen, TrainerScreen)
        assert {drill.source for drill in screen.drills} == {DrillSource.RANDOM}
        top = str(screen.query_one("#trainer-top", Static).render())
        message = str(screen.query_one("#trainer-message", Static).render())
        return top, message


async def test_the_trainer_says_anas_games_were_under_other_house_rules() -> None:
    top, message = await _trainer_for_ana("en")
    assert "no finished game" not in top
    assert "Ana's 3 finished games were under other house rules" in top
    assert "house rules for new games" in message and "ctrl+r" in message


async def test_the_trainer_says_so_in_spanish_too() -> None:
    top, message = await _trainer_for_ana("es")
    assert "todavía no tiene" not in top
    assert "Ana jugó sus 3 partidas con otras reglas" in top
    assert "ctrl+r" in message


async def test_at_40x12_the_rules_note_is_told_once_and_leaves_the_boxes_in_view(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _three_games_of_ana_under_other_rules()
    told: list[str] = []
    monkeypatch.setattr(TrainerScreen, "notify", lambda self, message, **kw: told.append(message))
    # One position, the same each run: some of the positions the trainer draws at random have
    # a prompt long enough to push the boxes down at 40x12 with or without the note.
    monkeypatch.setattr(trainer_screen.random, "SystemRandom", lambda: random.Random(7))
    async with running(house_rules=HouseRules(), size=(40, 12)) as (app, pilot):
        await pilot.pause()
        app.screen.query_one("#name-1").value = "Ana"  # type: ignore[attr-defined]
        await pilot.press("ctrl+g")
        await settle_until(
            pilot,
            lambda: isinstance(app.screen, TrainerScreen) and app.screen.position is not None,
        )
        screen = app.screen
        assert isinstance(screen, TrainerScreen)

        # The position drawn, its layout may take a frame more on a busy machine.
        def first_row_shown() -> bool:
            rows = box_rows(app)
            return bool(rows) and box_shown(app, rows[0].category)

        await settle_until(pilot, first_row_shown)
        message = str(screen.query_one("#trainer-message", Static).render())
        assert "ctrl+r" not in message
        assert [note for note in told if "ctrl+r" in note and "Ana" in note]
        assert first_row_shown()
