"""``generala-tui docs [NAME]``: the documents the game and its help point at, printed from
the package (so an installed game has them), in the language chosen where written in it."""

from __future__ import annotations

from pathlib import Path

import pytest

from generala_tui.commands import documents
from generala_tui.commands.main import main

DOCS = Path(__file__).parents[2] / "docs"


def _out(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out


@pytest.mark.parametrize(
    ("argv", "page"),
    [
        (["docs", "rules"], "rules.md"),
        (["docs", "rules", "--lang", "es"], "rules.es.md"),
        (["--lang", "sv", "docs", "rules"], "rules.sv.md"),
        (["docs", "analysis"], "analysis.md"),
        (["docs", "analysis", "--lang", "es"], "analysis.md"),  # written in English only
    ],
)
def test_a_document_is_printed_as_it_is_written(
    argv: list[str], page: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _out(argv, capsys) == (DOCS / page).read_text(encoding="utf-8")


def test_without_a_name_every_document_is_listed_with_what_it_says(
    capsys: pytest.CaptureFixture[str],
) -> None:
    lines = _out(["docs"], capsys).splitlines()
    assert lines[0] == "generala-tui docs NAME prints one of these:"
    named = [line.split()[0] for line in lines[1:] if not line.startswith("   ")]
    assert named == list(documents.DOCUMENTS)
    assert "every house rule" in " ".join(lines)
    assert max(map(len, lines)) <= 79


def test_every_page_is_in_the_package(capsys: pytest.CaptureFixture[str]) -> None:
    for name, pages in documents.DOCUMENTS.items():
        for lang in pages:
            assert documents.read(name, lang) == (DOCS / pages[lang]).read_text(encoding="utf-8")


def test_what_a_terminal_would_not_show_is_escaped(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(documents, "read", lambda name, lang: "# Rules\n\x1b[2Jgone\u202e\n")
    assert _out(["docs", "rules"], capsys) == "# Rules\n\\x1b[2Jgone\\u202e\n"


def test_a_missing_page_is_one_line_and_status_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(documents, "FOLDER", "no-such-folder")
    assert main(["docs", "analysis"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("generala-tui docs: the document analysis is not installed")
    assert err.count("\n") == 1


def test_an_unknown_document_is_refused_with_the_names(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["docs", "strategy"])
    assert done.value.code == 2
    assert "invalid choice: 'strategy' (choose from 'rules', 'analysis')" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [[], ["analyse"]])
def test_the_help_points_at_the_docs_command_not_the_source(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main([*argv, "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "docs/" not in text and "game's source" not in text
    named = "generala-tui docs analysis" if argv else "generala-tui docs rules"
    assert named in text
