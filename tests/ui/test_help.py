"""The help screen explains the house rules of the game in play, and every key."""

from __future__ import annotations

from textual.binding import Binding

from generala_tui.game import rules
from generala_tui.game.model import HouseRules, ServedRoll
from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.screens.game_over import GameOverScreen
from generala_tui.ui.screens.help import GAME_OVER_KEYS, TURN_KEYS, HelpScreen, help_text
from generala_tui.ui.screens.turn import TurnScreen


def test_help_follows_the_house_rules() -> None:
    swedish = help_text(HouseRules(generala_points=60, served_roll=ServedRoll.ANY_FULL_ROLL))
    assert "| Generala | five dice alike | 60 |" in swedish
    assert "all five dice" in swedish
    classic = help_text(HouseRules())
    assert "| Generala | five dice alike | 50 |" in classic
    assert "Double Generala" not in classic
    assert "wins the game at once" in classic
    assert "share the win" in help_text(HouseRules(tie_break=False))
    assert "served 30" in help_text(HouseRules(served_bonus=10))
    assert "Two pairs" in help_text(HouseRules(two_pairs=True))


def test_help_explains_every_key_of_the_turn_and_winner_screens() -> None:
    text = help_text(HouseRules())
    for screen, explained in [(TurnScreen, TURN_KEYS), (GameOverScreen, GAME_OVER_KEYS)]:
        for binding in screen.BINDINGS:
            assert isinstance(binding, Binding)
            action = binding.action.split("(")[0]
            assert action in explained, f"{screen.__name__} key {binding.key} is not in the help"
            keys, what = explained[action]
            assert f"| {keys} | {what} |" in text


async def test_question_mark_opens_help_for_the_game_in_play_and_escape_closes_it() -> None:
    app = GeneralaApp(rules.new_game(["Ana"], HouseRules(generala_points=60), seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "five dice alike | 60" in app.screen.query_one("#help-text").source  # type: ignore[attr-defined]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TurnScreen)
