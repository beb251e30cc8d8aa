"""The project's own documentation: the rules page, and nothing pointing outside the repository."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generala_tui.commands import documents
from generala_tui.commands.main import build_parser
from generala_tui.commands.options import rule_choices, rule_default
from generala_tui.game.model import Category, HouseRules
from generala_tui.game.rules import category_name
from generala_tui.ui.screens.help_words import help_text

ROOT = Path(__file__).parents[1]
RULES_PAGE = ROOT / "docs" / "rules.md"
TRANSLATED_PAGES = {"es": ROOT / "docs" / "rules.es.md", "sv": ROOT / "docs" / "rules.sv.md"}
RULES_PAGES = [RULES_PAGE, *TRANSLATED_PAGES.values()]
README = ROOT / "README.md"

SPANISH_AND_SWEDISH = {
    Category.ONES: ("Unos", "Ettor"),
    Category.TWOS: ("Doses", "Tvåor"),
    Category.THREES: ("Treses", "Treor"),
    Category.FOURS: ("Cuatros", "Fyror"),
    Category.FIVES: ("Cincos", "Femmor"),
    Category.SIXES: ("Seises", "Sexor"),
    Category.STRAIGHT: ("Escalera", "Stege"),
    Category.FULL_HOUSE: ("Full", "Kåk"),
    Category.FOUR_OF_A_KIND: ("Póker", "Fyrtal"),
    Category.GENERALA: ("Generala", "Generala"),
    Category.DOUBLE_GENERALA: ("Generala doble", "Dubbel Generala"),
    Category.TWO_PAIRS: ("Doble", "Doble (två par)"),
}


@pytest.mark.parametrize("path", RULES_PAGES, ids=lambda p: p.name)
def test_the_rules_page_lists_every_house_rule_with_its_values_and_default(path: Path) -> None:
    page = path.read_text(encoding="utf-8")
    rows = {
        cells[0].strip("` "): cells
        for line in page.splitlines()
        if line.startswith("| `")
        for cells in [line.strip("|").split("|")]
    }
    for key in HouseRules.model_fields:
        assert key in rows, f"{key} has no row in the table of house rules"
        values, default = rows[key][1], rows[key][2]
        for value in rule_choices(key):
            assert f"`{value}`" in values, f"{key}={value} is missing"
        assert f"`{rule_default(key)}`" in default, f"{key}'s default"


@pytest.mark.parametrize("path", RULES_PAGES, ids=lambda p: p.name)
def test_the_rules_page_names_every_box_in_english_spanish_and_swedish(path: Path) -> None:
    page = path.read_text(encoding="utf-8")
    assert set(SPANISH_AND_SWEDISH) == set(Category)
    for category, (spanish, swedish) in SPANISH_AND_SWEDISH.items():
        row = f"| {category_name(category)} | {spanish} | {swedish} |"
        assert row.lower() in page.lower(), row


def test_the_rules_page_covers_the_whole_game() -> None:
    page = RULES_PAGE.read_text(encoding="utf-8").lower()
    for topic in (
        "three rolls",
        "served",
        "scratch",
        "tie-break",
        "share the win",
        "wins the game on the spot",
        "locked holds",
        "1-1-3-4-5",
        "120",
    ):
        assert topic in page, topic


def _outside_links(text: str) -> list[str]:
    return re.findall(r"\.\./shared|RULES\.md|rule book\]\(\.\.", text)


@pytest.mark.parametrize("path", [README, *RULES_PAGES], ids=lambda p: p.name)
def test_the_documents_point_only_inside_the_repository(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert _outside_links(text) == []
    for target in re.findall(r"\]\(([^)#]+)\)", text):
        if not target.startswith(("http://", "https://")):
            assert (path.parent / target).exists(), f"{path.name} links to missing {target}"


def test_the_readme_and_the_help_point_to_the_rules_page_the_command_line_to_the_help() -> None:
    assert "docs/rules.md" in README.read_text(encoding="utf-8")
    # The help names the command an installed game prints the rule book with.
    assert f"`{documents.command('rules')}`" in help_text(HouseRules())
    # An installed game has no docs folder: --help points at the game's help (and the README).
    assert "? or F1 in the game" in " ".join(build_parser().format_help().split())
    for text in (help_text(HouseRules()), build_parser().format_help()):
        assert _outside_links(text) == []


def test_the_readme_setup_starts_from_a_fresh_machine() -> None:
    text = README.read_text(encoding="utf-8")
    assert "REPOSITORY-URL" not in text  # no placeholder to fill in
    steps = [
        "In the folder of this source",
        "python3 -m venv .venv && . .venv/bin/activate",
        "pip install . && generala-tui",
    ]
    positions = [text.index(step) for step in steps]
    assert positions == sorted(positions), "the steps come in the order they are run"
    assert "pipx install ." in text
    assert "pip install -U pip && pip install -e . --group test && pytest" in text


@pytest.mark.parametrize("lang", ["es", "sv"])
def test_the_help_in_each_language_points_to_the_rules_page_in_it(lang: str) -> None:
    from generala_tui import i18n

    i18n.set_language(lang)
    page = TRANSLATED_PAGES[lang]
    try:
        # The command it names prints this language's page (tests/commands/test_docs_command.py).
        assert f"`{documents.command('rules')} --lang {lang}`" in help_text(HouseRules())
        assert documents.DOCUMENTS["rules"][lang] == page.name
    finally:
        i18n.set_language("en")
    text = page.read_text(encoding="utf-8")
    assert "rules.md" in text  # each page links the others
    assert "--lang" in text
