"""The translation catalogs: complete, faithful to their placeholders, compiled, and current.

Each language's ``.po`` must translate every message of the template, keep
every placeholder a sentence is filled with (``{name}``, ``$name``,
``%(name)s``), the markup around its words and its line breaks; the ``.mo``
the game reads must be the ``.po`` compiled; and the template must hold every
word the code marks, so no new word goes out untranslated.
"""

from __future__ import annotations

import io
import re
import shutil
import string
import subprocess
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from generala_tui import i18n

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "generala_tui" / "locale"
TEMPLATE = LOCALE / "generala_tui.pot"
TRANSLATED = ("es", "sv")
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
KEYWORDS_WITH_CONTEXT = {**KEYWORDS, "NP_": ((1, "c"), 2)}


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "generala_tui.po"


def read(path: Path) -> Catalog:
    with path.open("rb") as file:
        return read_po(file)


def key(message: Message) -> tuple[str | None, str]:
    msgid = message.id if isinstance(message.id, str) else message.id[0]
    return message.context, msgid


def messages(catalog: Catalog) -> dict[tuple[str | None, str], Message]:
    return {key(m): m for m in catalog if m.id}


FORMAT_FIELD = string.Formatter()
DOLLAR = re.compile(r"\$(?:\{(\w+)\}|(\w+))")
PERCENT = re.compile(r"%(?:\((\w+)\))?[-#0 +]*\d*(?:\.\d+)?[sdrif%]")
MARKUP = re.compile(r"\[/?(?:b|i|u|\$\w+|b \$\w+)?\]")


def placeholders(text: str) -> dict[str, list[str]]:
    """Everything in a message the code fills in or the screen reads as markup."""
    fields = sorted(
        f"{{{name}{'!' + conversion if conversion else ''}}}"
        for _, name, _, conversion in FORMAT_FIELD.parse(text)
        if name is not None
    )
    return {
        "format": fields,
        "dollar": sorted(a or b for a, b in DOLLAR.findall(text)),
        "percent": sorted(PERCENT.findall(text)),
        "markup": sorted(MARKUP.findall(text)),
        "lines": ["\n"] * text.count("\n"),
    }


def test_the_template_holds_every_word_the_code_marks() -> None:
    found = {
        (context, msgid if isinstance(msgid, str) else msgid[0])
        for _, _, msgid, _, context in extract_from_dir(
            ROOT / "generala_tui",
            method_map=[("**.py", "python")],
            keywords=KEYWORDS_WITH_CONTEXT,
        )
    }
    template = set(messages(read(TEMPLATE)))
    assert found - template == set(), "run: python scripts/catalogs.py"
    assert template - found == set(), "run: python scripts/catalogs.py"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_catalog_translates_every_message(lang: str) -> None:
    template = messages(read(TEMPLATE))
    catalog = messages(read(po_path(lang)))
    assert set(catalog) == set(template)
    untranslated = [k for k, m in catalog.items() if not m.string or "fuzzy" in m.flags]
    untranslated += [
        k for k, m in catalog.items() if isinstance(m.string, tuple) and not all(m.string)
    ]
    assert untranslated == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_translation_keeps_the_placeholders_markup_and_lines(lang: str) -> None:
    wrong = []
    for (_, msgid), message in messages(read(po_path(lang))).items():
        originals = message.id if isinstance(message.id, tuple) else (message.id,)
        translations = message.string if isinstance(message.string, tuple) else (message.string,)
        for form, translation in enumerate(translations):
            # Both languages say one thing as English does, the other counts as English's plural.
            original = originals[min(form, len(originals) - 1)]
            if placeholders(translation) != placeholders(original):
                wrong.append((msgid, translation))
    assert wrong == []


def test_the_placeholder_check_sees_a_lost_field_a_lost_tag_and_a_lost_line() -> None:
    assert placeholders("{name} has {n!r}") != placeholders("{name} tiene")
    assert placeholders("[b]$name[/b] wins") != placeholders("$name gana")
    assert placeholders("a\nb") != placeholders("a b")
    assert placeholders("usage: %(prog)s") == placeholders("uso: %(prog)s")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_plural_forms_are_the_languages_own(lang: str) -> None:
    catalog = read(po_path(lang))
    assert catalog.num_plurals == 2
    assert catalog.plural_expr == "(n != 1)"


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [
        ("en", "Statistics of 1 game", "Statistics of 2 games"),
        ("es", "Estadísticas de 1 partida", "Estadísticas de 2 partidas"),
        ("sv", "Statistik över 1 parti", "Statistik över 2 partier"),
    ],
)
def test_a_count_takes_its_plural_form(lang: str, one: str, two: str) -> None:
    from generala_tui.ui.screens import statistics_words

    i18n.set_language(lang)
    assert statistics_words.statistics_title(1) == one
    assert statistics_words.statistics_title(2) == two


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [
        ("en", "1 decision", "2 decisions"),
        ("es", "1 decisión", "2 decisiones"),
        ("sv", "1 beslut", "2 beslut"),
    ],
)
def test_decisions_are_counted_in_each_language(lang: str, one: str, two: str) -> None:
    from generala_tui.game.strategy import PlayerAnalysis
    from generala_tui.ui.screens import analysis_words

    i18n.set_language(lang)
    for count, words in [(1, one), (2, two)]:
        analysis = PlayerAnalysis(
            player=0, name="Ana", decisions=count, total_loss=0.0, costliest=()
        )
        assert str(analysis_words.analysis_text([analysis])).split("\n")[0].endswith(words)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_compiled_catalog_is_its_po_compiled(lang: str) -> None:
    compiled = io.BytesIO()
    write_mo(compiled, read(po_path(lang)))
    mo = po_path(lang).with_suffix(".mo")
    assert mo.read_bytes() == compiled.getvalue(), "run: python scripts/catalogs.py compile"


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt not installed")
@pytest.mark.parametrize("lang", TRANSLATED)
def test_gnu_msgfmt_finds_nothing_wrong(lang: str) -> None:
    done = subprocess.run(
        ["msgfmt", "--check", "-o", "/dev/null", str(po_path(lang))],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "warning" not in done.stderr


MARKERS = {"_", "N_", "ngettext", "pgettext", "NP_"}


def test_no_word_is_marked_inside_an_f_string() -> None:
    """Babel's extractor sees a marked literal inside an f-string from Python 3.12 on (PEP 701)
    and not on 3.11, so such a call would make the template depend on the Python."""
    import ast

    found = []
    for path in sorted((ROOT / "generala_tui").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.JoinedStr):
                for call in ast.walk(node):
                    if (
                        isinstance(call, ast.Call)
                        and isinstance(call.func, ast.Name)
                        and call.func.id in MARKERS
                        and any(isinstance(a, ast.Constant) for a in call.args)
                    ):
                        found.append(f"{path.relative_to(ROOT)}:{call.lineno}")
    assert found == []
