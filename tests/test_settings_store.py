"""The settings file: saved house rules come back, a broken file is reported and left alone."""

from __future__ import annotations

import pytest

from generala_tui import store
from generala_tui.game.model import HouseRules, StraightRule
from generala_tui.ui.app import GeneralaApp, saved_house_rules


def test_no_settings_file_gives_the_classic_rules() -> None:
    assert store.load_settings() == store.Settings()
    assert saved_house_rules() == (HouseRules(), None)


def test_saved_house_rules_come_back() -> None:
    rules = HouseRules(generala_points=60, straight=StraightRule.ONES_WILD, two_pairs=True)
    assert store.save_settings(store.Settings(house_rules=rules))
    assert store.load_settings().house_rules == rules
    assert not list(store.config_dir().glob("*.tmp"))


@pytest.mark.parametrize(
    "content",
    [b"{not json", b'{"house_rules": {"generala_points": 55}}', b'{"house_rules": 3}'],
)
def test_a_broken_settings_file_is_reported_and_kept(content: bytes) -> None:
    path = store.settings_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    with pytest.raises(store.SettingsProblem, match=r"settings\.json is not valid"):
        store.load_settings()
    rules, warning = saved_house_rules()
    assert rules == HouseRules()
    assert warning is not None and "classic rules apply" in warning
    assert path.read_bytes() == content


def test_settings_in_an_unreadable_place_are_reported() -> None:
    store.settings_path().mkdir(parents=True)  # a directory where the file should be
    with pytest.raises(store.SettingsProblem, match="can't be read"):
        store.load_settings()
    assert not store.save_settings(store.Settings())


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
        assert any("classic rules apply" in m for m in messages)
        assert app.house_rules == HouseRules()
