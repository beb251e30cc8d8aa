"""The old settings API, now over the preferences: saved house rules come back, a broken
file is reported, set aside, and never fatal; the settings.json of earlier releases is read."""

from __future__ import annotations

import json
import re

import pytest

from generala_tui import store
from generala_tui.game.model import HouseRules, StraightRule
from generala_tui.ui.app import GeneralaApp, saved_house_rules


def test_no_settings_file_gives_the_classic_rules() -> None:
    assert store.load_settings() == store.Settings()
    assert saved_house_rules() == (HouseRules(), None)


def test_settings_live_in_the_preferences_file() -> None:
    assert store.settings_path() == store.config_dir() / "preferences.json"


def test_saved_house_rules_come_back() -> None:
    rules = HouseRules(generala_points=60, straight=StraightRule.ONES_WILD, two_pairs=True)
    assert store.save_settings(store.Settings(house_rules=rules))
    assert store.load_settings().house_rules == rules
    assert store.load_preferences()[0].house_rules == rules
    assert not list(store.config_dir().glob("*.tmp"))


def test_saving_the_house_rules_keeps_the_other_preferences() -> None:
    assert store.save_preferences(store.Preferences(theme="nord", coach=True)) is None
    assert store.save_settings(store.Settings(house_rules=HouseRules(two_pairs=True)))
    preferences, warning = store.load_preferences()
    assert warning is None
    assert (preferences.theme, preferences.coach) == ("nord", True)
    assert preferences.house_rules == HouseRules(two_pairs=True)


@pytest.mark.parametrize(
    ("content", "why"),
    [
        (b"{not json", "is not valid JSON"),
        (b'{"house_rules": {"generala_points": 55}}', "is not valid (house_rules.generala_points"),
        (b'{"house_rules": 3}', "is not valid (house_rules"),
    ],
)
def test_a_broken_settings_file_is_reported_and_set_aside(content: bytes, why: str) -> None:
    path = store.settings_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    with pytest.raises(
        store.SettingsProblem, match=re.escape(f"preferences.json {why}")
    ) as problem:
        store.load_settings()
    assert "It was kept as preferences.json.bad-" in str(problem.value)
    [aside] = path.parent.glob("preferences.json.bad-*")
    assert aside.read_bytes() == content
    # Reported once: the next launch finds no bad file.
    assert saved_house_rules() == (HouseRules(), None)


def test_the_app_says_classic_rules_apply_after_a_broken_settings_file() -> None:
    path = store.settings_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b'{"house_rules": 3}')
    rules, warning = saved_house_rules()
    assert rules == HouseRules()
    assert warning is not None and "classic rules apply" in warning


def test_a_folder_where_the_settings_file_should_be_is_set_aside() -> None:
    store.settings_path().mkdir(parents=True)
    with pytest.raises(store.SettingsProblem, match="is a folder, not a file"):
        store.load_settings()
    assert store.save_settings(store.Settings())
    assert store.settings_path().is_file()


def test_settings_in_an_unwritable_place_are_not_saved() -> None:
    store.config_dir().parent.mkdir(parents=True, exist_ok=True)
    store.config_dir().write_text("a file where the config folder should be")
    assert store.load_settings() == store.Settings()
    assert not store.save_settings(store.Settings())


def test_the_settings_json_of_earlier_releases_is_read_into_the_preferences() -> None:
    legacy = store.config_dir() / "settings.json"
    legacy.parent.mkdir(parents=True)
    legacy.write_text(json.dumps({"house_rules": {"generala_points": 60, "two_pairs": True}}))
    expected = HouseRules(generala_points=60, two_pairs=True)
    assert store.load_settings().house_rules == expected
    saved = json.loads(store.preferences_path().read_text())
    assert saved["version"] == store.PREFERENCES_VERSION
    assert saved["house_rules"]["generala_points"] == 60
    legacy.unlink()
    assert store.load_settings().house_rules == expected


async def test_settings_saved_in_the_app_apply_to_the_next_launch() -> None:
    app = GeneralaApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.save_house_rules(HouseRules(locked_holds=True))
    again = GeneralaApp()
    assert again.house_rules == HouseRules(locked_holds=True)


async def test_a_broken_settings_file_is_shown_to_the_player() -> None:
    path = store.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text("[]")
    app = GeneralaApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        messages = [n.message for n in app._notifications]
        assert any("classic rules apply" in m and "not a JSON object" in m for m in messages)
        assert app.house_rules == HouseRules()
