"""The setup screen's player list, level buttons, validation and Footer, and the settings
screen's save and cancel."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from rich.cells import cell_len
from textual import events
from textual.pilot import Pilot
from textual.widgets import Button, Input, Label, Select, Static, Switch

from generala_tui import i18n, store
from generala_tui.game.model import HouseRules, Level, Player, ServedRoll, StraightRule
from generala_tui.game.rule_choices import preset_in_effect
from generala_tui.ui import vocabulary
from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.screens import setup_words
from generala_tui.ui.screens.settings import SettingsScreen, inapplicable
from generala_tui.ui.screens.setup import LEVELS, ColourPicker, LevelPicker, PlayerRow, SetupScreen
from generala_tui.ui.screens.turn import TurnScreen

from ..conftest import footer_by_action, notices, running
from .conftest import last_table


def _names(app: GeneralaApp) -> list[str]:
    screen = app.screen
    return [
        screen.query_one(f"#name-{seat}", Input).value
        for seat in range(1, len(screen.query(Input)) + 1)
    ]


def _error(app: GeneralaApp) -> str:
    return str(app.screen.query_one("#setup-error", Static).render())


async def test_setup_starts_with_two_named_players_and_can_add_remove_and_reorder() -> None:
    async with running() as (app, pilot):
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert _names(app) == ["Player 1", "Player 2"]
        await pilot.click("#add-player")
        await pilot.pause()
        assert _names(app) == ["Player 1", "Player 2", "Player 3"]
        app.screen.query_one("#name-3", Input).value = "Rita"
        await pilot.click("#up-3")
        await pilot.pause()
        assert _names(app) == ["Player 1", "Rita", "Player 2"]
        await pilot.click("#remove-1")
        await pilot.pause()
        assert _names(app) == ["Rita", "Player 2"]
        await pilot.click("#start")
        await pilot.pause()
        assert isinstance(app.screen, TurnScreen)
        assert [p.name for p in app.game.players] == ["Rita", "Player 2"]


async def test_a_seat_added_moved_or_removed_mounts_only_the_row_that_comes_or_goes() -> None:
    """The rows kept are the same widgets, showing their seat's player: name, level and
    colour move with the player."""

    def seats(app: GeneralaApp) -> list[tuple[str, Level | None, str]]:
        screen = app.screen
        return [
            (
                screen.query_one(f"#name-{seat}", Input).value,
                screen.query_one(f"#level-{seat}", LevelPicker).level,
                screen.query_one(f"#colour-{seat}", ColourPicker).colour,
            )
            for seat in range(1, len(screen.query(PlayerRow)) + 1)
        ]

    async with running() as (app, pilot):
        await pilot.pause()
        first = list(app.screen.query(PlayerRow))
        await pilot.click("#add-player")
        await pilot.pause()
        added = list(app.screen.query(PlayerRow))
        assert len(added) == 3
        assert all(new is old for new, old in zip(added, first, strict=False))
        app.screen.query_one("#name-3", Input).value = "Rita"
        app.screen.query_one("#level-3", LevelPicker).action_step(1)
        before = seats(app)
        await pilot.click("#up-3")
        await pilot.pause()
        assert list(app.screen.query(PlayerRow)) == added
        assert seats(app) == [before[0], before[2], before[1]]
        assert str(app.screen.query_one("#level-2", LevelPicker).label) == str(
            setup_words.level_button_label(Level.EASY)
        )
        await pilot.click("#remove-1")
        await pilot.pause()
        assert list(app.screen.query(PlayerRow)) == added[:2]
        assert seats(app) == [before[2], before[1]]


async def test_setup_trims_names_and_refuses_empty_or_duplicate_ones() -> None:
    async with running() as (app, pilot):
        await pilot.pause()
        name_1 = app.screen.query_one("#name-1", Input)
        name_2 = app.screen.query_one("#name-2", Input)
        name_2.value = "   "
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "Player 2 needs a name" in _error(app)
        name_1.value = "ana"
        name_2.value = " Ana "
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "Two players are called Ana" in _error(app)
        assert app.game is None
        name_2.value = "  Bruno  "
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert [p.name for p in app.game.players] == ["ana", "Bruno"]


async def test_setup_names_are_cut_at_twenty_characters() -> None:
    async with running() as (app, pilot):
        await pilot.pause()
        name = app.screen.query_one("#name-1", Input)
        name.value = "abcdefghijklmnopqrs"  # nineteen: the cut is at typing, key by key
        await pilot.click("#name-1")
        await pilot.press("end", *"tuvwxyz")
        assert name.value == "abcdefghijklmnopqrst"


async def test_setup_allows_at_most_eight_players_and_at_least_one() -> None:
    async with running() as (app, pilot):
        await pilot.pause()
        for _ in range(2):  # the second finds the last seat's ✕ disabled
            await pilot.click("#remove-1")
            await pilot.pause()
        assert len(_names(app)) == 1
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert len(app.game.players) == 1
    last_table(7)  # each seat added mounts every row again: the eighth is the one added here
    async with running(size=(80, 40)) as (app, pilot):
        await pilot.pause()
        assert len(_names(app)) == 7
        for _ in range(3):
            await pilot.press("ctrl+n")
        await pilot.pause()
        assert len(_names(app)) == 8
        assert "at most 8 players" in _error(app)


async def test_settings_save_applies_to_new_games() -> None:
    async with running() as (app, pilot):
        await pilot.pause()
        await pilot.click("#open-settings")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        app.screen.query_one("#rule-generala_points", Select).value = 60
        app.screen.query_one("#rule-two_pairs", Switch).value = True
        await pilot.click("#save")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert app.house_rules == HouseRules(generala_points=60, two_pairs=True)
        assert "Generala 60" in str(app.screen.query_one("#rules-summary").render())
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.game.house_rules.generala_points == 60
        assert app.game.rounds == 11


async def test_settings_cancel_keeps_the_rules() -> None:
    async with running() as (app, pilot):
        await pilot.pause()
        await pilot.press("ctrl+r")
        await pilot.pause()
        app.screen.query_one("#rule-locked_holds", Switch).value = True
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert app.house_rules == HouseRules()


async def test_settings_swedish_preset_sets_sixty_points_and_any_full_roll() -> None:
    async with running() as (app, pilot):
        await pilot.pause()
        await pilot.press("ctrl+r")
        await pilot.pause()
        await pilot.click("#preset-1")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.house_rules.generala_points == 60
        assert app.house_rules.served_roll is ServedRoll.ANY_FULL_ROLL


async def test_changing_settings_never_touches_the_game_in_progress() -> None:
    async with running() as (app, pilot):
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        game = app.game
        app.house_rules = HouseRules(generala_points=60)
        await pilot.press("r")
        await pilot.pause()
        assert app.game.house_rules == game.house_rules == HouseRules()


async def test_setup_error_shows_a_markup_name_literally() -> None:
    async with running() as (app, pilot):
        await pilot.pause()
        app.screen.query_one("#name-1", Input).value = "Bob[/]"
        app.screen.query_one("#name-2", Input).value = "bob[/]"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "Two players are called bob[/]" in _error(app)


async def test_enter_in_a_name_moves_to_the_next_name_and_the_last_enter_starts() -> None:
    async with running() as (app, pilot):
        await pilot.pause()
        await pilot.press("ctrl+n")
        await pilot.pause()
        await pilot.click("#name-1")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert app.game is None
        assert app.focused is app.screen.query_one("#name-2", Input)
        await pilot.press("enter")
        await pilot.pause()
        assert app.focused is app.screen.query_one("#name-3", Input)
        assert app.game is None
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TurnScreen)
        assert [p.name for p in app.game.players] == ["Player 1", "Player 2", "Player 3"]


async def test_enter_in_a_moved_row_follows_the_seating_order() -> None:
    async with running() as (app, pilot):
        await pilot.pause()
        await pilot.click("#down-1")
        await pilot.pause()
        assert _names(app) == ["Player 2", "Player 1"]
        await pilot.click("#name-1")
        await pilot.press("enter")
        await pilot.pause()
        assert app.focused is app.screen.query_one("#name-2", Input)
        assert app.game is None


async def _open_settings(app: GeneralaApp, pilot: Pilot[None]) -> SettingsScreen:
    await pilot.pause()
    await pilot.press("ctrl+r")
    await pilot.pause()
    assert isinstance(app.screen, SettingsScreen)
    return app.screen


async def test_settings_open_on_the_first_rule_and_enter_changes_nothing() -> None:
    custom = HouseRules(generala_points=60, locked_holds=True, straight=StraightRule.STRICT)
    async with running(house_rules=custom) as (app, pilot):
        screen = await _open_settings(app, pilot)
        assert app.focused is screen.query_one("#rule-generala_points", Select)
        await pilot.press("enter", "enter", "enter")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.house_rules == custom
        assert i18n.language() == "en"


async def test_every_switch_says_on_or_off_in_words() -> None:
    async with running() as (app, pilot):
        screen = await _open_settings(app, pilot)
        state = screen.query_one("#state-locked_holds", Label)
        assert str(state.render()) == "off"
        assert str(screen.query_one("#state-tie_break", Label).render()) == "on"
        screen.query_one("#rule-locked_holds", Switch).focus()  # scrolls it into view
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()  # and the frame that draws it there, so the click lands on it
        await pilot.click("#rule-locked_holds")
        await pilot.pause()
        assert screen.query_one("#rule-locked_holds", Switch).value
        assert str(state.render()) == "on"
        await pilot.press("space")
        await pilot.pause()
        assert str(state.render()) == "off"
        switches = list(screen.query(Switch))
        assert len(switches) == len(screen.query(".switch-state"))


async def test_double_generala_served_bonus_is_disabled_with_the_reason_until_the_box_is_on() -> (
    None
):
    async with running() as (app, pilot):
        screen = await _open_settings(app, pilot)
        bonus = screen.query_one("#rule-double_generala_served_bonus", Switch)
        reason = screen.query_one("#help-double_generala_served_bonus", Label)
        assert bonus.disabled
        assert "only when “Double Generala box” is on" in str(reason.render())
        assert screen.query_one("#row-double_generala_served_bonus").has_class("-inapplicable")
        screen.query_one("#rule-double_generala", Switch).value = True
        await pilot.pause()
        assert not bonus.disabled
        assert "120" in str(reason.render())
        screen.query_one("#rule-double_generala", Switch).value = False
        await pilot.pause()
        assert bonus.disabled


async def test_the_preset_in_effect_is_marked_and_custom_rules_are_named() -> None:
    async with running() as (app, pilot):
        screen = await _open_settings(app, pilot)
        classic = screen.query_one("#preset-0", Button)
        swedish = screen.query_one("#preset-1", Button)
        about = screen.query_one("#preset-about", Label)
        assert classic.has_class("-in-effect") and str(classic.label).startswith("●")
        assert not swedish.has_class("-in-effect") and str(swedish.label).startswith("○")
        assert str(about.render()) == "Classic: Generala 50 · served +5 on the first roll only"
        await pilot.click("#preset-1")
        await pilot.pause()
        assert swedish.has_class("-in-effect") and not classic.has_class("-in-effect")
        # The press is said under the presets, not in a notice over Save and Cancel (issue 36,
        # 9); what a preset is, on its button.
        assert str(about.render()) == "The Swedish rules chosen: Save keeps them."
        assert about.has_class("-chosen") and not notices(app)
        said = "Swedish rules: Generala 60 · served +5 on any roll of all five dice"
        assert swedish.tooltip == said
        screen.query_one("#rule-two_pairs", Switch).value = True
        await pilot.pause()
        assert not swedish.has_class("-in-effect") and not classic.has_class("-in-effect")
        assert "custom" in str(about.render())


def test_a_rule_that_changes_nothing_does_not_hide_the_preset() -> None:
    classic_without_the_120 = HouseRules(double_generala_served_bonus=False)
    assert preset_in_effect(classic_without_the_120) == "Classic"
    assert preset_in_effect(HouseRules(double_generala=True)) is None
    assert inapplicable(HouseRules(double_generala=True)) == {}
    assert set(inapplicable(HouseRules())) == {"double_generala_served_bonus"}


async def test_two_enters_sent_together_on_the_last_name_start_one_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Both keys reach the app before the name's Submitted does (tmux send-keys Enter Enter,
    # a websocket): the second must not start another game over the first.
    started: list[list[str]] = []
    new_game = GeneralaApp.new_game

    def counted(self: GeneralaApp, players: Sequence[Player]) -> None:
        started.append([p.name for p in players])
        new_game(self, players)

    monkeypatch.setattr(GeneralaApp, "new_game", counted)
    async with running() as (app, pilot):
        await pilot.pause()
        app.screen.query_one("#name-2", Input).focus()
        await pilot.pause()
        for _ in range(2):
            app.post_message(events.Key("enter", "\r"))
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TurnScreen)
        assert started == [["Player 1", "Player 2"]]
        assert len(app.screen_stack) == 2
        await app.workers.wait_for_complete()


async def test_a_seats_level_button_steps_through_the_levels_by_click_and_keys() -> None:
    async with running(computer_delay=60) as (app, pilot):
        await pilot.pause()
        screen = app.screen
        picker = screen.query_one("#level-2", LevelPicker)

        def shown() -> tuple[Level | None, str]:
            return picker.level, str(picker.label)

        assert shown() == (None, "Human ▸")
        await pilot.click("#level-2")
        assert shown() == (Level.EASY, "⚙ Easy ▸")
        picker.focus()
        await pilot.press("enter", "space")  # every press counts, however quick
        assert shown() == (Level.EXPERT, "⚙ Expert ▸")
        await pilot.press("right")
        assert shown() == (Level.CHAMPION, "⚙ Champion ▸")
        await pilot.press("right")  # round to the start
        assert shown() == (None, "Human ▸")
        await pilot.press("left", "left", "left")
        assert shown() == (Level.MEDIUM, "⚙ Medium ▸")
        await pilot.click("#down-1")  # the seats change places with their levels
        await pilot.pause()
        assert screen.query_one("#level-1", LevelPicker).level is Level.MEDIUM
        assert screen.query_one("#level-2", LevelPicker).level is None
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TurnScreen)
        assert [(p.name, p.level) for p in app.game.players] == [
            ("Player 2", Level.MEDIUM),
            ("Player 1", None),
        ]


async def test_the_setup_footer_names_f1_while_a_name_has_the_focus() -> None:
    async with running() as (app, pilot):
        await pilot.pause()
        assert isinstance(app.focused, Input)
        assert footer_by_action(app)["help"] == "f1 Help"
        await pilot.press("?")  # a name may hold a "?": it is typed, the help stays shut
        assert app.focused.value.endswith("?")
        await pilot.press("tab")  # the level button: "?" opens the help there
        await pilot.pause()
        assert not isinstance(app.focused, Input)
        assert footer_by_action(app)["help"].startswith("? ")
        await pilot.press("f1")
        await pilot.pause()
        assert type(app.screen).__name__ == "HelpScreen"


@pytest.mark.parametrize("lang", ["en", "es", "sv"])
async def test_a_seats_level_button_shows_it_steps_and_says_how(lang: str) -> None:
    last_table(8)  # eight seats
    async with running(computer_delay=60, language=lang, size=(40, 12)) as (app, pilot):
        await pilot.pause()
        screen = app.screen
        pickers = list(screen.query(LevelPicker).results(LevelPicker))
        assert len(pickers) == 8
        for level, picker in zip(LEVELS, pickers, strict=False):
            while picker.level is not level:
                picker.action_step(1)
        await pilot.pause()
        for picker in pickers:
            label = picker.label.plain
            assert label.endswith(f" {setup_words.LEVEL_STEP_MARK}")
            assert label.startswith(vocabulary.level_labels()[picker.level])
            assert cell_len(label) <= picker.content_region.width  # whole, at 40x12
            assert picker.tooltip == setup_words.level_tooltip()
        assert "←/→" in setup_words.level_tooltip()
        if lang != "en":
            assert (
                setup_words.level_tooltip()
                != "Click, Enter or Space for the next level; ←/→ to step"
            )


async def test_the_focused_preset_shows_plainly_and_notices_leave_save_and_cancel_free() -> None:
    """Issue 36, 9: a compact button's own focus was a faint tint (Classic pressed by
    mistake), and notices at the foot covered Save and Cancel."""
    app = GeneralaApp()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await _open_settings(app, pilot)
        classic = screen.query_one("#preset-0", Button)
        swedish = screen.query_one("#preset-1", Button)
        classic.focus()
        await pilot.pause()
        assert classic.styles.background != swedish.styles.background
        swedish.focus()
        await pilot.pause()
        assert classic.styles.background != swedish.styles.background
        app.notify("A notice as long as any the game says: it takes two lines or three.")
        await pilot.pause()
        toasts = [toast for toast in screen.query("Toast")]
        assert toasts
        for button in ("#save", "#cancel"):
            region = screen.query_one(button).region
            assert all(not toast.region.overlaps(region) for toast in toasts), button


async def test_the_theme_is_chosen_in_the_settings_too_and_kept() -> None:
    """Issue 36, 11: the theme was only in the command palette. Chosen in the settings, it
    shows at once, stays chosen on Cancel (no house rule) and is kept in the preferences."""
    async with running() as (app, pilot):
        screen = await _open_settings(app, pilot)
        control = screen.query_one("#theme", Select)
        assert control.value == app.theme == "textual-dark"
        control.value = "nord"
        await pilot.pause()
        assert app.theme == "nord"
        await pilot.press("escape")
        await pilot.pause()
        await app.keeper.flush()
        assert app.theme == "nord" and app.keeper.preferences.theme == "nord"
        assert store.load_preferences()[0].theme == "nord"
