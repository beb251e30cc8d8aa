"""Facts the commands share are said once (issue 34, point 4): each shared option is
declared in one place, the languages every ``--lang`` names come from
:data:`generala_tui.i18n.LANGUAGES`, a default is said from its value, and the house
rules' choices are read from the model in one place."""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import generala_tui
from generala_tui import i18n
from generala_tui.commands import arguments
from generala_tui.commands.main import finished_parser, main
from generala_tui.game.model import HouseRules
from generala_tui.game.rule_choices import rule_values

PACKAGE = Path(generala_tui.__file__).parent
COMMANDS = PACKAGE / "commands"


def _parsers(parser: argparse.ArgumentParser) -> Iterator[tuple[str, argparse.ArgumentParser]]:
    yield parser.prog, parser
    for action in parser._actions:
        if isinstance(action.choices, dict):
            for command in action.choices.values():
                if isinstance(command, argparse.ArgumentParser):
                    yield from _parsers(command)


def _helps(parser: argparse.ArgumentParser) -> Iterator[tuple[str, argparse.Action]]:
    for prog, each in _parsers(parser):
        for action in each._actions:
            yield prog, action


@pytest.mark.parametrize(
    "flag", [arguments.PLAYERS, arguments.RULE, arguments.SEED, arguments.LANG]
)
def test_each_shared_option_is_declared_once(flag: str) -> None:
    quoted = f'"{flag}"'
    found = {
        path.name: path.read_text(encoding="utf-8").count(quoted)
        for path in sorted(COMMANDS.glob("*.py"))
    }
    assert {name: count for name, count in found.items() if count} == {"arguments.py": 1}


def test_the_commands_that_take_a_shared_option_take_it_alike() -> None:
    seen: dict[str, set[tuple[object, ...]]] = {}
    for _prog, action in _helps(finished_parser()):
        for flag in (arguments.PLAYERS, arguments.RULE, arguments.SEED, arguments.LANG):
            if flag in action.option_strings:
                seen.setdefault(flag, set()).add((action.metavar, type(action).__name__))
    assert set(seen) == {arguments.PLAYERS, arguments.RULE, arguments.SEED, arguments.LANG}
    assert all(len(kinds) == 1 for kinds in seen.values()), seen


@pytest.fixture
def a_fourth_language(monkeypatch: pytest.MonkeyPatch) -> str:
    """The game made to speak a language more, as if its catalog had come."""
    monkeypatch.setattr(i18n, "LANGUAGES", (*i18n.LANGUAGES, "qz"))
    monkeypatch.setattr(i18n, "LANGUAGE_NAMES", {**i18n.LANGUAGE_NAMES, "qz": "Qzish"})
    return "qz"


def test_every_lang_help_names_the_languages_the_game_speaks(a_fourth_language: str) -> None:
    helps = {
        prog: str(action.help)
        for prog, action in _helps(finished_parser())
        if arguments.LANG in action.option_strings
    }
    assert len(helps) == 8  # the game, simulate, serve, analyse, replay, join, docs, fair-play
    for prog, text in helps.items():
        assert a_fourth_language in text, prog
        assert "en, es or sv" not in text, prog
    assert "Qzish" in helps["generala-tui"]


def test_a_language_the_game_does_not_speak_is_told_with_the_ones_it_does(
    a_fourth_language: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--lang", "xx"]) == 2
    assert "--lang takes en, es, sv, or qz, not 'xx'." in capsys.readouterr().err


def test_each_language_lists_the_languages_in_its_own_words() -> None:
    said = {}
    for lang in i18n.LANGUAGES:
        i18n.set_language(lang)
        said[lang] = arguments.languages()
    i18n.set_language("en")
    assert said == {"en": "en, es, or sv", "es": "en, es o sv", "sv": "en, es eller sv"}


def test_a_help_that_names_its_default_says_it_from_the_value() -> None:
    """``%(default)s`` in the help, not the value written out again beside ``default=``."""
    for prog, action in _helps(finished_parser()):
        text = action.help or ""
        if action.default in (None, [], False, argparse.SUPPRESS) or "default" not in text:
            continue
        assert "%(default" in text, (prog, action.option_strings, text)
        if isinstance(action.default, int | float) or str(action.default).isdigit():
            number = float(action.default)
            for written in {str(action.default), f"{number:g}", f"{number:,g}"}:
                assert not re.search(rf"\b{re.escape(written)}\b", text), (prog, text)


def test_the_away_options_say_their_defaults_as_they_are() -> None:
    host = dict(_parsers(finished_parser()))["generala-tui host"]
    text = " ".join(host.format_help().split())
    assert "(default 60)" in text and "(default 0.6)" in text and "default computer" in text


def test_the_house_rules_choices_are_read_from_the_model_in_one_place() -> None:
    readers = sorted(
        path.relative_to(PACKAGE).as_posix()
        for path in PACKAGE.rglob("*.py")
        if ".annotation" in path.read_text(encoding="utf-8")
    )
    assert readers == ["game/rule_choices.py"]


def test_the_command_line_and_the_settings_screen_offer_the_same_choices() -> None:
    from generala_tui.commands.options import rule_choices
    from generala_tui.ui.screens import settings

    for key in HouseRules.model_fields:
        values = rule_values(key)
        assert len(rule_choices(key)) == len(values) >= 2, key
        if not all(isinstance(value, bool) for value in values):  # a switch, not a list
            assert [value for _label, value in settings._choices(key)] == list(values), key


def test_the_join_command_needs_nothing_from_the_main_command() -> None:
    """No import circle: join (and every command) takes what it shares from a lower module."""
    for path in COMMANDS.glob("*.py"):
        if path.name != "main.py":
            source = path.read_text(encoding="utf-8")
            assert not re.search(r"from \.main import|from \. import main\b", source), path.name
