"""The game speaks English, Spanish or Swedish, chosen at start, on the settings screen or in
the command palette (the Footer's keys at once, the focus where it was); a computer named
after its level and the turn's header (Swedish possessives) follow it.

A pseudo-language proves no word bypasses the catalogs: it turns every letter
of every message into an accented look-alike ("Roll" is "Ŕöļļ") and keeps its
placeholders and markup, so any plain ASCII word left on a screen was written
past the catalogs.
"""

from __future__ import annotations

import gettext
import re

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Select

from generala_tui import i18n, store
from generala_tui.game import rules
from generala_tui.game.model import GameState, HouseRules, Level, Phase, Player
from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.screens.game_over import GameOverScreen
from generala_tui.ui.screens.settings import SettingsScreen
from generala_tui.ui.screens.setup import SetupScreen
from generala_tui.ui.screens.turn import TurnScreen

from ..conftest import running, screen_text, settle

PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
ACCENTED = "áƀçđéƒğĥíĵķļɱñöþʠŕšţüṽŵẋýžÁɃÇĐÉƑĞĤÍĴĶĻMÑÖÞQŔŠŢÜṼŴẊÝŽ"
PROTECTED = re.compile(r"(\{[^{}]*\}|\$\w+|%\(\w+\)[sdr]|%[sdr]|\[[^\]]*\]|`[^`]*`)")


def pseudo(message: str) -> str:
    """``message`` with its letters accented, its placeholders, markup and keys as they are."""
    return "".join(
        part if PROTECTED.fullmatch(part) else part.translate(str.maketrans(PLAIN, ACCENTED))
        for part in PROTECTED.split(message)
    )


class Pseudo(gettext.NullTranslations):
    """A test-only language: every message of the catalogs, accented."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)


WORD = re.compile(r"[A-Za-z]{2,}")
NOT_WORDS = {"GENERALA", "PgUp", "PgDn", "esc", "tab", "enter", "space", "home", "end", "ctrl"}
"""The game's name over the turn screen, and key names Textual writes in the Footer (and the
buttons, "Start the game (ctrl+s)")."""
PLAYERS = ["Ωμέγα", "Δέλτα"]
"""Names with no ASCII letters, so a name on screen is never taken for a word."""


def english_on_screen(app: GeneralaApp, *data: str) -> list[str]:
    """The plain English words on the screen, past the languages' own names and ``data``."""
    shown = screen_text(app)
    for value in data:
        shown = shown.replace(value, "")
    for name in i18n.LANGUAGE_NAMES.values():
        shown = shown.replace(name, "")  # each language in its own words, in every language
    return [word for word in WORD.findall(shown) if word not in NOT_WORDS]


def test_the_pseudo_language_keeps_placeholders_and_markup() -> None:
    assert pseudo("[b]$name[/b] scored {points} in `s`") == "[b]$name[/b] šçöŕéđ {points} íñ `s`"


def _game(**rules_: object) -> GameState:
    return rules.new_game(PLAYERS, HouseRules.model_validate(rules_), seed=3)


@pytest.mark.parametrize("size", [(80, 24), (40, 12)], ids=["80x24", "40x12"])
async def test_no_word_bypasses_the_catalogs_on_any_screen(
    size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    from textual.command import CommandPalette

    from ..records.history import TABLES, fill_history

    fill_history()  # the statistics and the history with their tables and dates
    # The players' names, and what is left of one a narrow column cuts ("Ri"), are no words.
    whole = {name for table in TABLES for name in table}
    cut = {name[:end] for name in whole for end in range(2, len(name))}
    names = sorted(whole | cut, key=len, reverse=True)
    monkeypatch.setattr(CommandPalette, "_NO_MATCHES_COUNTDOWN", 0.001)
    app = GeneralaApp(house_rules=HouseRules(double_generala=True, two_pairs=True))
    seen: dict[str, list[str]] = {}
    screens: list[str] = []
    i18n.set_language("en", Pseudo())  # after the app chose its language, before it shows
    async with app.run_test(size=size) as pilot:
        await settle(pilot)

        async def look(name: str, *typed: str) -> None:
            await settle(pilot)
            seen[name] = english_on_screen(app, *typed, *names)
            screens.append(type(app.screen).__name__)

        await look("setup")
        await pilot.press("ctrl+r")
        await look("settings")
        await pilot.press("escape")
        await pilot.press("ctrl+t")
        await app.workers.wait_for_complete()
        await look("statistics")
        await pilot.press("escape")
        await pilot.press("ctrl+y")
        await app.workers.wait_for_complete()
        await look("history")
        await pilot.press("escape")
        await settle(pilot)
        app.start(_game(double_generala=True, two_pairs=True, locked_holds=True))
        await look("turn before a roll")
        await pilot.press("r")
        await pilot.press("1")
        await look("turn with a held die")
        await pilot.press("question_mark")
        await look("help")
        await pilot.press("pagedown", "pagedown")
        await look("help, further down")
        await pilot.press("escape", "s")
        await look("scorecard")
        await pilot.press("escape", "ctrl+p")
        await look("command palette")
        await pilot.press(*"zzqx")
        await look("command palette, nothing matching", "zzqx")
        await pilot.press("escape", "escape")
        await look("the question before leaving")
        await pilot.press("n")
        await settle(pilot)
    left = {name: words for name, words in seen.items() if words}
    assert not left, "\n".join(f"{name}: {words}" for name, words in left.items())
    assert screens == [
        "SetupScreen",
        "SettingsScreen",
        "StatisticsScreen",
        "HistoryScreen",
        "TurnScreen",
        "TurnScreen",
        "HelpScreen",
        "HelpScreen",
        "ScorecardScreen",
        "CommandPalette",
        "CommandPalette",
        "ConfirmDialog",
    ]


async def test_the_winners_screen_speaks_the_pseudo_language_too() -> None:
    state = _game(tie_break=False)  # every box scratched: a shared win
    for category in state.house_rules.categories():
        for _ in PLAYERS:
            state = rules.scratch(rules.roll(state), category)
            if state.phase is Phase.OVER:
                break
    app = GeneralaApp(state)
    i18n.set_language("en", Pseudo())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        assert english_on_screen(app) == []


@pytest.mark.parametrize(
    ("variables", "expected"),
    [
        ({"LANG": "es_AR.UTF-8"}, "es"),
        ({"LANG": "sv_SE.UTF-8"}, "sv"),
        ({"LANG": "C"}, None),
        ({"LANG": "fr_FR.UTF-8"}, None),
        ({"LANG": "sv_SE.UTF-8", "LC_MESSAGES": "es_UY.UTF-8"}, "es"),
        ({"LANG": "sv_SE.UTF-8", "LC_ALL": "C.UTF-8"}, None),
        ({"LANGUAGE": "fr:es", "LANG": "sv_SE.UTF-8"}, "es"),
        ({"LANGUAGE": "fr", "LANG": "sv_SE.UTF-8"}, None),
        ({"LANGUAGE": "C:es", "LANG": "sv_SE.UTF-8"}, None),
        ({"LANGUAGE": "", "LC_ALL": "", "LANG": "sv_SE.UTF-8"}, "sv"),
        ({}, None),
    ],
)
def test_the_environment_names_the_language_as_gettext_reads_it(
    variables: dict[str, str], expected: str | None
) -> None:
    assert i18n.language_from_environment(variables) == expected


def test_the_language_is_the_option_then_the_saved_one_then_the_environment() -> None:
    environ = {"LANG": "sv_SE.UTF-8"}
    assert i18n.choose_language("es", "sv", environ) == "es"
    assert i18n.choose_language(None, "es", environ) == "es"
    assert i18n.choose_language(None, None, environ) == "sv"
    assert i18n.choose_language(None, "xx", {}) == "en"


@pytest.mark.parametrize(
    ("lang", "roll", "decimal"),
    [("en", "Roll (2 left)", "1,234.5"), ("es", "Tirar (quedan 2)", "1.234,5")],
)
def test_numbers_follow_the_language(lang: str, roll: str, decimal: str) -> None:
    from generala_tui.ui.screens import turn_words

    i18n.set_language(lang)
    state = rules.roll(rules.new_game(["Ana"], seed=1))
    assert turn_words.roll_label(state) == roll
    assert i18n.decimal(1234.5) == decimal
    assert i18n.decimal(1234.5).replace("\u202f", " ").replace("\xa0", " ") != "1234.5"


def test_a_refusal_is_told_in_the_players_language_with_the_box_named_in_it() -> None:
    from generala_tui.ui import vocabulary

    state = rules.roll(rules.new_game(["Ana"], seed=1), [1, 2, 3, 5, 5])
    with pytest.raises(rules.IllegalMove) as refused:
        rules.score(state, "generala")
    assert str(refused.value).startswith("These dice don't make Generala")
    i18n.set_language("sv")
    assert vocabulary.refusal(refused.value).startswith("De här tärningarna ger inte Generala")
    state = rules.score(rules.roll(state, [1, 1, 1, 1, 2]), "four_of_a_kind")
    with pytest.raises(rules.IllegalMove) as filled:
        rules.scratch(rules.roll(state, [2, 3, 4, 6, 6]), "four_of_a_kind")
    assert vocabulary.refusal(filled.value) == "Din ruta Fyrtal är redan ifylld."


@pytest.mark.parametrize(
    ("environ", "title"), [("es_AR.UTF-8", "Jugadores"), ("sv_SE.UTF-8", "Spelare")]
)
async def test_the_game_starts_in_the_environments_language(
    monkeypatch: pytest.MonkeyPatch, environ: str, title: str
) -> None:
    monkeypatch.setenv("LANG", environ)
    async with running(settled=True) as (app, _):
        assert isinstance(app.screen, SetupScreen)
        assert title in screen_text(app)


async def test_the_option_wins_over_the_saved_language_and_the_saved_over_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LANG", "sv_SE.UTF-8")
    store.save_preferences(store.Preferences(language="es"))
    async with running(settled=True) as (app, _):
        assert "Jugadores, en orden de asiento" in screen_text(app)
    async with running(language="en", settled=True) as (app, _):
        assert "Players, in seating order" in screen_text(app)


async def test_switching_on_the_settings_screen_changes_every_screen_at_once() -> None:
    async with running(_game(), language="en", settled=True) as (app, pilot):
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, TurnScreen)
        turn = app.screen
        assert "Roll (2 left)" in screen_text(app)
        app.push_screen(SettingsScreen(app.house_rules))
        await settle(pilot)
        app.screen.query_one("#rule-generala_points", Select).value = 60
        app.screen.query_one("#language", Select).value = "sv"
        await settle(pilot)
        on_settings = screen_text(app)
        assert "Husregler" in on_settings and "House rules" not in on_settings
        assert "Spara" in on_settings  # the Footer too
        # The rule changed before the switch is still chosen, not saved.
        assert app.screen.query_one("#rule-generala_points", Select).value == 60
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is turn
        on_turn = screen_text(app)
        assert "Slå (2 kvar)" in on_turn
        assert "Ställning" in on_turn
        footer = on_turn.splitlines()[-1]
        assert "Välj" in footer and "Choose" not in footer
        assert app.house_rules.generala_points == 50  # cancelled
        assert next(c.title for c in app.get_system_commands(app.screen)) == "Slå"
    assert store.load_preferences()[0].language == "sv"  # remembered for next time


async def test_switching_keeps_the_names_typed_on_the_setup_screen() -> None:
    async with running(language="en", settled=True) as (app, pilot):
        from textual.widgets import Input

        app.screen.query_one("#name-1", Input).value = "Ana"
        await pilot.press("ctrl+r")
        await settle(pilot)
        app.screen.query_one("#language", Select).value = "es"
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        assert app.screen.query_one("#name-1", Input).value == "Ana"
        # A seat still holding its default name takes the new language's.
        assert app.screen.query_one("#name-2", Input).value == "Jugador 2"
        assert "Jugadores, en orden de asiento" in screen_text(app)


async def test_default_seat_names_follow_the_language_with_their_numbers() -> None:
    from textual.widgets import Input

    async with running(language="es", settled=True) as (app, pilot):
        await pilot.press("ctrl+n")  # Jugador 3
        await settle(pilot)
        app.screen.query_one("#name-1", Input).value = "Spelare 1x"  # typed: not a default name
        app.screen.query_one("#name-2", Input).value = "Jugador 7"  # typed as a default name
        app.set_language("sv")
        await settle(pilot)
        names = [app.screen.query_one(f"#name-{seat}", Input).value for seat in (1, 2, 3)]
        assert names == ["Spelare 1x", "Spelare 7", "Spelare 3"]
        app.set_language("en")
        await settle(pilot)
        names = [app.screen.query_one(f"#name-{seat}", Input).value for seat in (1, 2, 3)]
        assert names == ["Spelare 1x", "Player 7", "Player 3"]


async def test_the_command_palette_offers_the_other_languages_and_switches_the_help() -> None:
    async with running(language="en", settled=True) as (app, pilot):
        await pilot.press("f1")
        await settle(pilot)
        assert "How to play Generala" in screen_text(app)
        commands = {c.title: c for c in app.get_system_commands(app.screen)}
        assert "English" not in commands
        assert {"Español", "Svenska"} <= set(commands)
        commands["Svenska"].callback()
        await settle(pilot)
        shown = screen_text(app)
        assert "Så spelar man Generala" in shown
        assert "How to play" not in shown
        await pilot.press("escape")
        await settle(pilot)
        assert "Spelare, i sittordning" in screen_text(app)  # the setup screen under it too


def _footer_words(app: GeneralaApp) -> list[str]:
    return [str(getattr(key, "description", "")) for key in app.screen.query("FooterKey")]


async def _choose_spanish(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.press("ctrl+p")
    await pilot.pause()
    await pilot.press(*"Espa")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
    await pilot.pause()


async def test_the_setups_footer_speaks_the_new_language_at_once_and_the_focus_stays() -> None:
    """On the setup screen: the Footer in Spanish at once, the focus still in the name field."""
    async with running() as (app, pilot):
        await _choose_spanish(pilot)
        words = _footer_words(app)
        assert "Ayuda" in words, words
        assert "Help" not in words
        assert isinstance(app.focused, Input) and app.focused.id == "name-1"


async def test_the_turns_footer_shows_its_keys_in_the_new_language_at_once() -> None:
    async with running(rules.new_game(["Ana", "Bruno"], seed=1)) as (app, pilot):
        await _choose_spanish(pilot)
        words = _footer_words(app)
        assert "Ayuda" in words, words
        assert "Help" not in words


@pytest.mark.parametrize(
    "variables",
    [
        {"LANG": "es_AR.UTF-8"},
        {"LANG": "sv_SE.UTF-8", "LC_MESSAGES": "es_UY.UTF-8"},
        {"LANGUAGE": "fr:sv", "LANG": "es_AR.UTF-8"},
        {"LANGUAGE": "fr", "LANG": "es_AR.UTF-8"},
        {"LC_ALL": "C.UTF-8", "LANG": "es_AR.UTF-8"},
        {"LANG": "de_DE.UTF-8"},
    ],
)
def test_the_environment_is_read_as_pythons_gettext_reads_it(
    monkeypatch: pytest.MonkeyPatch, variables: dict[str, str]
) -> None:
    for variable in i18n.ENVIRONMENT:
        monkeypatch.delenv(variable, raising=False)
    for variable, value in variables.items():
        monkeypatch.setenv(variable, value)
    found = gettext.translation(i18n.DOMAIN, i18n.LOCALE_DIR, fallback=True)
    assert i18n.language_from_environment() == found.info().get("language")


async def test_the_analysis_the_trainer_the_replay_and_the_record_dialog_bypass_no_catalog() -> (
    None
):
    from generala_tui.game.model import Level, Player
    from generala_tui.game.strategy import play_game
    from generala_tui.ui.screens.analysis import AnalysisScreen, DecisionList
    from generala_tui.ui.screens.trainer import TrainerScreen

    from ..conftest import settle_until

    players = [
        Player(name=PLAYERS[0], level=Level.EASY),
        Player(name=PLAYERS[1], level=Level.MEDIUM),
    ]
    finished = play_game(rules.new_game(players, HouseRules(served_generala_wins=False), seed=21))
    seen: dict[str, list[str]] = {}
    app = GeneralaApp(finished)
    i18n.set_language("en", Pseudo())
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        seen["winner's screen"] = english_on_screen(app)
        await pilot.press("v")
        await settle_until(
            pilot,
            lambda: isinstance(app.screen, AnalysisScreen) and bool(app.screen.query(DecisionList)),
        )
        seen["analysis"] = english_on_screen(app)
        app.screen.query_one(DecisionList).focus()
        await pilot.press("down", "enter")
        await settle(pilot)
        seen["a decision opened"] = english_on_screen(app)
        await pilot.press("escape", "escape")
        await settle(pilot)
        await pilot.press("e")
        await settle(pilot)
        from textual.widgets import Input

        # A path is no word, and the one offered is longer than the field: a short one.
        path = app.screen.query_one("#export-path", Input).value = "mine.json"
        await settle(pilot)
        seen["the record dialog"] = english_on_screen(app, path)
        await pilot.press("escape")
        await settle(pilot)
        app.push_screen(TrainerScreen(seed=2))
        await settle_until(
            pilot, lambda: isinstance(app.screen, TrainerScreen) and app.screen.position is not None
        )
        seen["trainer"] = english_on_screen(app)
        await pilot.press("r")
        await settle(pilot)
        seen["trainer, answered"] = english_on_screen(app)
    app = GeneralaApp(replay=finished)
    i18n.set_language("en", Pseudo())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("right", "right")
        await settle(pilot)
        seen["replay"] = english_on_screen(app)
    left = {name: words for name, words in seen.items() if words}
    assert not left, "\n".join(f"{name}: {words}" for name, words in left.items())
    assert len(seen) == 7


async def test_a_computer_named_after_its_level_follows_the_language() -> None:
    players = [
        Player(name="Medium", level=Level.MEDIUM),
        Player(name="Medium 2", level=Level.MEDIUM),
        Player(name="Expertise", level=Level.EXPERT),  # typed: stays
        Player(name="Easy", level=None),  # a human called Easy: stays
    ]
    async with running(language="en", settled=True) as (app, pilot):
        await app.push_screen(SetupScreen(players))
        await settle(pilot)
        app.set_language("es")
        await settle(pilot)
        names = [app.screen.query_one(f"#name-{seat}", Input).value for seat in (1, 2, 3, 4)]
        assert names == ["Medio", "Medio 2", "Expertise", "Easy"]
        app.set_language("sv")
        await settle(pilot)
        names = [app.screen.query_one(f"#name-{seat}", Input).value for seat in (1, 2, 3, 4)]
        assert names == ["Medel", "Medel 2", "Expertise", "Easy"]


@pytest.mark.parametrize(("name", "said"), [("Lars", "Lars tur"), ("Ana", "Anas tur")])
async def test_the_turns_header_says_a_swedish_possessive(name: str, said: str) -> None:
    async with running(rules.new_game([name, "Bruno"], seed=3), language="sv", settled=True) as (
        app,
        pilot,
    ):
        await pilot.press("r")
        await settle(pilot)
        shown = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
        assert said in shown
        assert "Larss" not in shown
