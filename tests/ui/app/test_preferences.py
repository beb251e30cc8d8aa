"""Preferences as the app uses them: what is changed in the app comes back at the next launch;
a broken file is reported, set aside and never fatal (a theme the app does not know is told
once, with nothing raw); the settings.json of earlier releases is read."""

from __future__ import annotations

import asyncio
import json

import pytest
from helpers import unshown

from generala_tui import store
from generala_tui.game import rules
from generala_tui.game.model import HouseRules, Level, Player
from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.keeper import Keeper
from generala_tui.ui.screens.setup import SetupScreen

from ..conftest import notices


async def test_house_rules_pace_coach_theme_and_the_last_table_come_back() -> None:
    players = [Player(name="Ana"), Player(name="Rita", level=Level.EXPERT)]
    app = GeneralaApp(computer_delay=0.7)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.new_game(players)
        await pilot.pause()
        await pilot.press("plus", "h")
        app.theme = "nord"
        app.save_house_rules(HouseRules(locked_holds=True))
        await pilot.pause()
        await app.keeper.flush()
    assert GeneralaApp().house_rules == HouseRules(locked_holds=True)
    again = GeneralaApp()
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert again.computer_delay < 0.7
        assert again.coach
        assert again.theme == "nord"
        # The saved game in progress is offered, and the setup shows the last table.
        assert isinstance(again.screen, SetupScreen)
        assert [(p.name, p.level) for p in again.screen.players] == [
            ("Ana", None),
            ("Rita", Level.EXPERT),
        ]


async def test_a_broken_preferences_file_is_shown_to_the_player_and_set_aside() -> None:
    path = store.preferences_path()
    path.parent.mkdir(parents=True)
    path.write_text("[]")
    app = GeneralaApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert any("not a JSON object" in m and "kept as" in m for m in notices(app))
        assert app.house_rules == HouseRules()
    assert list(path.parent.glob("preferences.json.bad-*"))


async def test_a_theme_the_app_does_not_know_is_told_once() -> None:
    path = store.preferences_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"version": 1, "theme": "\u001b[2Jno-such-theme", "coach": True}))
    for time in range(2):
        app = GeneralaApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await app.keeper.flush()
            told = [m for m in notices(app) if "theme" in m]
            assert app.theme == "textual-dark" and app.coach
        assert len(told) == (1 if time == 0 else 0), told
        assert all(unshown(message) == [] for message in told)
    assert json.loads(path.read_text())["theme"] == "textual-dark"


async def test_an_unknown_theme_or_a_bad_seat_name_is_ignored() -> None:
    bad = store.Preferences(theme="no-such-theme", players=[store.Seat(name="   ")])
    assert store.save_preferences(bad) is None
    app = GeneralaApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.theme != "no-such-theme"
        assert isinstance(app.screen, SetupScreen)
        assert [p.name for p in app.screen.players] == ["Player 1", "Player 2"]


async def test_preferences_in_an_unwritable_place_warn_once_and_the_game_goes_on() -> None:
    store.config_dir().parent.mkdir(parents=True, exist_ok=True)
    store.config_dir().write_text("a file where the config folder should be")
    app = GeneralaApp(rules.new_game(["Ana", "Bruno"], seed=1), computer_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h", "h", "h")
        await app.keeper.flush()
        await pilot.pause()
        warnings = [m for m in notices(app) if "preferences could not be saved" in m]
        assert len(warnings) == 1
        await pilot.press("r")
        assert app.game.turn.rolls == 1


async def test_preferences_that_cant_be_written_are_told_once_not_once_a_save(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def refuse(*args: object, **kwargs: object) -> bytes:
        raise ValueError("Maximum serialization depth exceeded")

    monkeypatch.setattr("generala_tui.store.preferences.json_bytes", refuse)
    told: list[str] = []
    keeper = Keeper(told.append)
    keeper.attach(asyncio.get_running_loop())
    for coach in (True, False, True):
        keeper.remember(coach=coach)
    await keeper.flush()
    keeper.close()
    assert len(told) == 1, told
    assert "The preferences could not be saved in" in told[0]
    assert keeper.preferences.coach, "they apply until the player quits"


def test_the_settings_json_of_earlier_releases_is_read_into_the_preferences() -> None:
    legacy = store.config_dir() / "settings.json"
    legacy.parent.mkdir(parents=True)
    legacy.write_text(json.dumps({"house_rules": {"generala_points": 60, "two_pairs": True}}))
    assert GeneralaApp().house_rules == HouseRules(generala_points=60, two_pairs=True)
    saved = json.loads(store.preferences_path().read_text())
    assert saved["version"] == store.PREFERENCES_VERSION
