"""The player's own keys (the preferences' ``keys``, ``ui/keymap.py``): every binding has an
id, and docs/keys.md lists them; keys are read as Textual names them, what can't be honoured
is refused in words (an unknown id, a non-key, a reserved key, two actions of one screen on
one key, a key a field or list of the screen takes) while the rest apply; the app honours
a remap, and the Footer and the help show it."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from pathlib import Path

import pytest
from helpers import finished_game
from textual.binding import Binding
from textual.widgets import Button, Input, Markdown

from generala_tui import i18n, store
from generala_tui.game import rules
from generala_tui.game.action import Action
from generala_tui.game.model import Category
from generala_tui.ui import keymap, keymap_words
from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.keymap import Refusal, check, key_of, keys_of, the_screens
from generala_tui.ui.screens import turn_words
from generala_tui.ui.screens.dialogs import ConfirmDialog
from generala_tui.ui.screens.game_over import GameOverScreen
from generala_tui.ui.screens.help import HelpScreen
from generala_tui.ui.screens.help_words import help_text, turn_keys
from generala_tui.ui.screens.turn import TurnScreen
from generala_tui.ui.vocabulary import shown_key, shown_keys
from generala_tui.ui.widgets import coach_words, win_chances_words

from ..conftest import click_box, footer_by_action, nothing_to_score, notices, running

DOCS = Path(__file__).parents[3] / "docs" / "keys.md"


@pytest.fixture(scope="module")
def screens() -> dict[str, list[Binding]]:
    return the_screens(GeneralaApp.BINDINGS)


def own_keys(**entries: str) -> None:
    """Preferences holding these keys (``turn__roll`` for ``turn.roll``)."""
    keys = {name.replace("__", "."): written for name, written in entries.items()}
    assert store.save_preferences(store.Preferences(keys=keys)) is None


# --- the keys as written ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "key"),
    [
        ("x", "x"),
        ("X", "X"),
        ("7", "7"),
        ("?", "question_mark"),
        ("question_mark", "question_mark"),
        ("+", "plus"),
        ("ctrl++", "ctrl+plus"),
        ("comma", "comma"),
        (" Space ", "space"),
        ("ctrl+X", "ctrl+X"),
        ("CTRL+x", "ctrl+x"),
        ("shift+up", "shift+up"),
        ("f12", "f12"),
        ("pagedown", "pagedown"),
    ],
)
def test_a_key_is_read_as_textual_names_it(written: str, key: str) -> None:
    assert key_of(written) == key


@pytest.mark.parametrize(
    "written", ["", " ", "zz", "f25", "ctrl+", "ctrl+ctrl+x", "hyperspace", "win+x", "\t", "\x1b"]
)
def test_what_names_no_key_is_no_key(written: str) -> None:
    assert key_of(written) is None


def test_a_list_of_keys_is_each_once_and_fails_with_one_bad_key() -> None:
    assert keys_of("x, space,x,?") == ["x", "space", "question_mark"]
    assert keys_of("x,zz") is None
    assert keys_of("x,,y") is None


# --- what is honoured and what is refused --------------------------------------------


def test_good_entries_are_honoured_and_each_bad_one_is_refused_on_its_own(
    screens: dict[str, list[Binding]],
) -> None:
    keymap_in_use, refused = check(
        {
            "turn.roll": "x,space",
            "turn.nothing": "q",
            "turn.pause": "zz",
            "app.quit": "q",
            "turn.log": "ctrl+p",
            "app.help": "f2,?",
        },
        screens,
    )
    assert keymap_in_use == {"turn.roll": "x,space", "app.help": "f2,question_mark"}
    assert refused == [
        Refusal("unknown", "turn.nothing", "q"),
        Refusal("malformed", "turn.pause", "zz"),
        Refusal("fixed", "app.quit", "q"),
        Refusal("reserved", "turn.log", "ctrl+p", "app.command_palette"),
    ]


def test_two_actions_of_one_screen_on_one_key_is_refused_and_the_first_entry_keeps_it(
    screens: dict[str, list[Binding]],
) -> None:
    keymap_in_use, refused = check({"turn.roll": "x", "turn.coach": "x"}, screens)
    assert keymap_in_use == {"turn.roll": "x"}
    assert refused == [Refusal("conflict", "turn.coach", "x", "turn.roll")]
    # A key the game gives another action of that screen: that action keeps it.
    keymap_in_use, refused = check({"turn.coach": "r"}, screens)
    assert keymap_in_use == {}
    assert refused == [Refusal("conflict", "turn.coach", "r", "turn.roll")]
    # The app's keys are live on the turn screen too.
    assert check({"turn.pause": "s"}, screens)[1] == [
        Refusal("conflict", "turn.pause", "s", "app.scorecard")
    ]


def test_a_key_a_field_or_list_of_the_screen_takes_is_refused(
    screens: dict[str, list[Binding]],
) -> None:
    # On the setup screen a name has the focus: it takes ctrl+a (its start) and every
    # character typed; a list's arrows shadow a binding of its screen, but not a priority one.
    keymap_in_use, refused = check(
        {
            "setup.add_player": "ctrl+a",
            "setup.start": "x",
            "turn.coach": "left",
            "turn.cursor_up": "left",
            "setup.history": "f3",
        },
        screens,
    )
    assert keymap_in_use == {"turn.cursor_up": "left", "setup.history": "f3"}
    assert refused == [
        Refusal("field", "setup.add_player", "ctrl+a", "Input"),
        Refusal("field", "setup.start", "x", "Input"),
        Refusal("field", "turn.coach", "left", "VerticalScroll"),
    ]
    # Nor can an entry name a widget's key as if it were a binding.
    assert check({"(Input)": "f4"}, screens)[1] == [Refusal("unknown", "(Input)", "f4")]


def test_a_refused_entry_gives_its_key_back_and_may_clash_in_turn(
    screens: dict[str, list[Binding]],
) -> None:
    # turn.roll can't have ctrl+p, so it keeps r, which turn.pause wanted once roll let go.
    keymap_in_use, refused = check({"turn.roll": "ctrl+p", "turn.pause": "r"}, screens)
    assert keymap_in_use == {}
    assert [r.kind for r in refused] == ["reserved", "conflict"]


def test_a_swap_a_shared_key_and_keys_on_other_screens_are_no_conflict(
    screens: dict[str, list[Binding]],
) -> None:
    entries = {
        "turn.roll": "h",
        "turn.coach": "r",  # a swap
        "turn.fill": "enter,v",  # enter stays shared with the tie-break's score, as it was
        "game_over.play_again": "h",  # the winner's screen has no h
    }
    assert check(entries, screens) == (entries, [])


def test_every_refusal_is_said_in_words_naming_the_binding_and_the_key() -> None:
    said = [
        keymap_words.refusal(Refusal("unknown", "turn.nothing", "q")),
        keymap_words.refusal(Refusal("fixed", "app.quit", "q")),
        keymap_words.refusal(Refusal("malformed", "turn.pause", "zz")),
        keymap_words.refusal(Refusal("reserved", "turn.log", "ctrl+p", "app.command_palette")),
        keymap_words.refusal(Refusal("conflict", "turn.coach", "x", "turn.roll")),
        keymap_words.refusal(Refusal("field", "setup.start", "x", "Input")),
    ]
    assert "turn.nothing" in said[0]
    assert "ctrl+q" in said[1]
    assert "“zz” for turn.pause is not a key" in said[2]
    assert "ctrl+p for turn.log is kept for app.command_palette" in said[3]
    assert "x for turn.coach already does turn.roll" in said[4]
    assert "x for setup.start is taken by a field or list of that screen (Input)" in said[5]
    assert all("keeps its" in line for line in said[1:])
    i18n.set_language("es")
    try:
        spanish = keymap_words.refusal(Refusal("conflict", "turn.coach", "x", "turn.roll"))
    finally:
        i18n.set_language("en")
    assert spanish.startswith("x para turn.coach ya hace turn.roll")
    # What the player wrote is shown as text, whatever it holds.
    assert "\x1b" not in keymap_words.refusal(Refusal("malformed", "turn.roll", "\x1b[2J"))


# --- every binding, by its id ---------------------------------------------------------


def _classes_with_bindings() -> set[tuple[str, str]]:
    import generala_tui.ui

    found = set()
    for module_info in pkgutil.walk_packages(generala_tui.ui.__path__, "generala_tui.ui."):
        module = importlib.import_module(module_info.name)
        for name, value in vars(module).items():
            if (
                inspect.isclass(value)
                and value.__module__ == module.__name__
                and "BINDINGS" in vars(value)
                and name != "GeneralaApp"
            ):
                found.add((module.__name__, name))
    return found


def test_every_class_with_bindings_is_checked_and_every_binding_has_an_id(
    screens: dict[str, list[Binding]],
) -> None:
    listed = {(module, name) for _, module, names in keymap.SCREENS for name in names}
    assert _classes_with_bindings() == listed
    unnamed = [b for bindings in screens.values() for b in bindings if not b.id]  # ours or widgets
    assert not unnamed


def test_the_docs_list_every_binding_id_and_no_other(screens: dict[str, list[Binding]]) -> None:
    ids = {b.id for bindings in screens.values() for b in bindings if b.id and b.id[0] != "("}
    table = [line for line in DOCS.read_text(encoding="utf-8").splitlines() if line[:3] == "| `"]
    documented = {re.match(r"\| `([^`]+)`", line).group(1) for line in table}  # type: ignore[union-attr]
    assert documented == ids


# --- the app honours them --------------------------------------------------------------


async def test_a_remapped_roll_rolls_by_its_new_key_and_the_footer_shows_it() -> None:
    async with running(rules.new_game(["Ana", "Bea"], seed=5), settled=True) as (app, pilot):
        order = list(footer_by_action(app))
    own_keys(turn__roll="x", turn__coach="z")
    async with running(rules.new_game(["Ana", "Bea"], seed=5), settled=True) as (app, pilot):
        assert isinstance(app.screen, TurnScreen)
        assert footer_by_action(app)["roll"] == "x Roll"
        assert footer_by_action(app)["coach"] == "z Coach"
        assert list(footer_by_action(app)) == order, "each key in its place"
        await pilot.press("r")
        await pilot.pause()
        assert app.game is not None and app.game.turn.rolls == 0
        await pilot.press("x")
        await pilot.pause()
        assert app.game.turn.rolls == 1
        assert not notices(app, "warning")


async def test_a_conflict_is_told_at_start_and_that_binding_keeps_the_games_keys() -> None:
    own_keys(turn__roll="x", turn__coach="x", turn__pause="zz")
    async with running(rules.new_game(["Ana", "Bea"], seed=5), settled=True) as (app, pilot):
        [told] = [n for n in notices(app, "warning") if "keys" in n]
        assert "x for turn.coach already does turn.roll on the same screen" in told
        assert "“zz” for turn.pause is not a key" in told
        assert str(store.preferences_path()) in told
        assert footer_by_action(app)["coach"] == "h Coach"
        assert not app.coach
        await pilot.press("h")
        await pilot.pause()
        assert app.coach
        await pilot.press("x")
        await pilot.pause()
        assert app.game is not None and app.game.turn.rolls == 1
    assert store.load_preferences()[0].keys["turn.coach"] == "x", "the file keeps what was written"


def test_the_help_names_the_players_keys_where_it_names_a_key() -> None:
    own = {"turn.roll": ["x", "space"], "turn.hold_2": ["w"], "app.undo": ["^u"]}
    assert turn_keys(own)["roll"][0] == "`x`, `space`"
    assert turn_keys(own)["hold"][0] == "`1`, `w`, `3`, `4`, `5`"
    assert turn_keys()["roll"][0] == "`r`, `space`"
    text = help_text(rules.new_game(["Ana"]).house_rules, own)
    assert "| `^u` | take back your last fill" in text
    assert "| `x`, `space` | `turn.roll` |" in text  # the player's own keys, listed first
    assert "Your keys" not in help_text(rules.new_game(["Ana"]).house_rules)


async def test_the_help_shows_the_players_keys_and_opens_by_them() -> None:
    own_keys(turn__roll="x", app__help="f2")
    async with running(rules.new_game(["Ana", "Bea"], seed=5), settled=True) as (app, pilot):
        assert footer_by_action(app)["help"] == "f2 Help"
        await pilot.press("question_mark")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        source = app.screen.query_one("#help-text", Markdown).source
        assert "| `x` | roll the dice that are not held |" in source
        assert "| `f2` | this help |" in source


async def test_a_question_is_answered_by_the_players_keys() -> None:
    own_keys(dialog__yes="x", dialog__no="z")
    state = nothing_to_score()
    async with running(state, settled=True) as (app, pilot):
        await click_box(pilot, Category.GENERALA)
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        confirm, cancel = _labels(app, "confirm", "cancel")
        assert confirm.endswith(" (x)") and cancel.endswith(" (z)"), "the buttons name them"
        await pilot.press("y", "escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog) and app.game == state
        await pilot.press("z")
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmDialog) and app.game == state
        await click_box(pilot, Category.GENERALA)
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        assert app.game is not None
        assert app.game.players[0].boxes[Category.GENERALA].scratched


async def test_in_a_name_the_footer_names_the_players_help_key_that_works() -> None:
    own_keys(app__help="f2,?")
    async with running(settled=True) as (app, _pilot):
        assert isinstance(app.focused, Input)
        assert footer_by_action(app)["help"] == "f2 Help"


# --- the keys the labels and sentences name ---------------------------------------------


def test_a_label_names_the_game_key_unless_the_player_gave_one() -> None:
    assert shown_key("setup.start", {}, "ctrl+s") == "ctrl+s", "as the label has always said it"
    assert shown_key("setup.start", {"setup.trainer": "f5"}, "ctrl+s") == "ctrl+s"
    assert shown_key("setup.start", {"setup.start": "ctrl+b,f5"}, "ctrl+s") == "^b"
    assert shown_key("turn.coach", {"turn.coach": "question_mark"}, "h") == "?"
    assert shown_key("help.close", {"help.close": "escape,q"}, "Esc") == "Esc"
    assert shown_key("turn.setup", {"turn.setup": "ctrl+escape"}, "Esc") == "^esc"
    assert shown_key("turn.pause", {"turn.pause": "shift+f5"}, "p") == "shift+f5"
    assert shown_keys("turn.roll", {"turn.roll": "x,space"}, ["r", "space"]) == ["x", "space"]
    i18n.set_language("es")
    try:
        assert shown_key("help.close", {"help.close": "escape"}, "Esc") == "Esc"
        assert shown_key("turn.roll", {"turn.roll": "space"}, "r") == "espacio"
    finally:
        i18n.set_language("en")


def test_the_turn_screens_words_name_the_players_keys() -> None:
    own = {
        "turn.coach": "o",
        "app.help": "f2",
        "app.scorecard": "ctrl+b",
        "turn.roll": "x",
        "turn.hold_2": "w",
        "turn.coach_ranking": "b",
        "turn.win_chances": "v",
        "turn.pause": "z",
    }
    game = rules.new_game(["Ana", "Bea"], seed=5)
    assert turn_words.coach_button(False, own) == "Coach (o)"
    assert turn_words.coach_button(True, own) == "Coach off (o)"
    assert turn_words.turn_help_button(own) == "Rules and keys (f2)"
    assert turn_words.turn_scorecard_button(own) == "Scorecard (^b)"
    assert coach_words.coach_ranked_heading(True, own) == "By win chance (b)\n"
    assert win_chances_words.chances_button(False, own) == "Win chances (v)"
    prompt = turn_words.prompt(game, strategy_progress=None, paused=False, keys=own)
    assert prompt.plain == "Ana, roll the dice: x or the Roll button."
    own["turn.roll"] = "x,space"
    prompt = turn_words.prompt(game, strategy_progress=None, paused=False, keys=own)
    assert prompt.plain == "Ana, roll the dice: x, space, or the Roll button."
    rolled = rules.play(rules.play(game, Action.roll()), Action.roll())
    prompt = turn_words.prompt(rolled, strategy_progress=None, paused=False, keys=own)
    assert "press 1 w 3 4 5 to hold them" in prompt.plain
    # Without keys of the player's, the words are as they always were.
    assert turn_words.coach_button(False) == "Coach (h)"
    assert turn_words.turn_help_button() == "Rules and keys (?)"
    assert turn_words.prompt(game, strategy_progress=None, paused=False).plain == (
        "Ana, roll the dice: r, space, or the Roll button."
    )
    assert (
        "press 1-5 to hold" in turn_words.prompt(rolled, strategy_progress=None, paused=False).plain
    )


def _labels(app: GeneralaApp, *ids: str) -> list[str]:
    return [str(app.screen.query_one(f"#{i}", Button).label) for i in ids]


SETUP_BUTTONS = ("start", "add-player", "open-statistics", "open-settings", "online")


async def test_the_setup_screens_buttons_name_the_players_keys() -> None:
    async with running(settled=True) as (app, _pilot):
        assert _labels(app, *SETUP_BUTTONS) == [
            "Start the game (ctrl+s)",
            "+ Add player (ctrl+n)",
            "Statistics (ctrl+t)",
            "Change… (ctrl+r)",
            "Play online (ctrl+l)",
        ]
    own_keys(setup__start="f5", setup__add_player="ctrl+b", setup__house_rules="f6,ctrl+r")
    async with running(settled=True) as (app, pilot):
        assert _labels(app, *SETUP_BUTTONS) == [
            "Start the game (f5)",
            "+ Add player (^b)",
            "Statistics (ctrl+t)",
            "Change… (f6)",
            "Play online (ctrl+l)",
        ]
        await pilot.press("f6")
        await pilot.pause()
        assert _labels(app, "save", "cancel") == ["Save (ctrl+s)", "Cancel (Esc)"]


async def test_the_winners_buttons_name_the_players_keys() -> None:
    own_keys(game_over__statistics="o", game_over__history="ctrl+b")
    async with running(finished_game({"Ana": 24, "Bea": 18}), settled=True) as (app, _pilot):
        assert isinstance(app.screen, GameOverScreen)
        assert _labels(app, "show-statistics", "show-history", "export-record") == [
            "Statistics (o)",
            "History (^b)",
            "Save record (e)",
        ]
