"""The package: one version, known for free, and every file the app loads in the wheel."""

from __future__ import annotations

import fnmatch
import re
import subprocess
import sys
import tomllib
from importlib.metadata import metadata, version
from pathlib import Path

import generala_tui

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = Path(generala_tui.__file__).parent


def test_the_version_the_package_reports_is_the_installed_metadata() -> None:
    assert generala_tui.__version__ == version("generala-tui")


def test_pyproject_takes_the_version_from_the_package() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "version" not in project["project"]
    assert "version" in project["project"]["dynamic"]
    dynamic = project["tool"]["setuptools"]["dynamic"]["version"]
    assert dynamic == {"attr": "generala_tui.__version__"}


def test_importing_the_package_reads_no_metadata() -> None:
    code = "import sys, generala_tui; print('importlib.metadata' in sys.modules)"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "False"


def test_every_file_the_app_loads_is_package_data() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = project["tool"]["setuptools"]["package-data"]["generala_tui"]
    data = [
        path.relative_to(PACKAGE).as_posix()
        for path in PACKAGE.rglob("*")
        if path.is_file() and path.suffix not in {".py", ".pyc"} and "__pycache__" not in path.parts
    ]
    assert any(name.endswith(".tcss") for name in data)
    for name in data:
        assert any(
            fnmatch.fnmatch(name, pattern) or fnmatch.fnmatch(name, pattern.removeprefix("**/"))
            for pattern in patterns
        ), f"{name} would be missing from the wheel"


def test_the_metadata_is_complete() -> None:
    meta = metadata("generala-tui")
    assert meta["Summary"]
    assert meta["License-Expression"] == "MIT"
    assert meta["Requires-Python"] == ">=3.11"
    assert "generala" in (meta["Keywords"] or "")
    assert meta.get_all("Classifier")
    assert meta["Description-Content-Type"] == "text/markdown"
    assert "threadpoolctl" in " ".join(meta.get_all("Requires-Dist") or [])


def _name(requirement: str) -> str:
    return re.split(r"[\s<>=!~;\[]", requirement, maxsplit=1)[0].lower()


def test_the_classifiers_name_every_python_from_requires_python_to_the_newest_ci_runs() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    oldest = project["requires-python"].removeprefix(">=")
    prefix = "Programming Language :: Python :: 3."
    minors = sorted(
        int(c.removeprefix(prefix))
        for c in project["classifiers"]
        if c.startswith(prefix) and c.removeprefix(prefix).isdigit()
    )
    # One classifier a minor version, with no gap, from the oldest allowed to 3.13, the
    # newest CI runs the suite on (.ci/run); CI runs the oldest too.
    assert oldest == "3.11"
    assert minors == [11, 12, 13]
    ci = (ROOT / ".ci" / "run").read_text()
    assert "interpreter 3.13" in ci and f"interpreter {oldest}" in ci


def test_the_published_extras_carry_no_linter() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    linters = {"ruff", "mypy", "flake8", "pylint", "black", "isort", "pyright"}
    for extra, requirements in project["project"]["optional-dependencies"].items():
        assert not {_name(r) for r in requirements} & linters, extra
    requires = metadata("generala-tui").get_all("Requires-Dist") or []
    assert not {_name(r) for r in requires} & linters
    # They are in the development group instead (pip install --group dev).
    assert {_name(r) for r in project["dependency-groups"]["dev"]} >= {"ruff", "mypy"}


def test_the_published_extras_pin_nothing_and_the_tests_group_pins_the_drawing() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    published = [
        r
        for requirements in project["project"]["optional-dependencies"].values()
        for r in requirements
    ]
    assert [r for r in published if "==" in r] == []
    requires = metadata("generala-tui").get_all("Requires-Dist") or []
    assert [r for r in requires if "==" in r.partition(";")[0]] == []  # not the marker's ==
    # Textual and Rich draw the snapshots (tests/ui/**/test_snapshots*.py): exact in the
    # tests' group, and nothing else there is pinned.
    pinned = {_name(r) for r in project["dependency-groups"]["test"] if "==" in r}
    assert pinned == {"textual", "rich"}


def test_the_installed_metadata_names_the_pythons_pyproject_does() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    meta = metadata("generala-tui")
    assert meta["Requires-Python"] == project["requires-python"]
    assert set(meta.get_all("Classifier") or []) == set(project["classifiers"])


def test_every_document_the_docs_command_prints_is_package_data() -> None:
    """``generala-tui docs`` reads its pages from the package (commands/docs, a link to the
    source's docs folder): each is in the wheel's package data, and there."""
    from generala_tui.commands import documents

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = project["tool"]["setuptools"]["package-data"]["generala_tui"]
    for pages in documents.DOCUMENTS.values():
        for page in pages.values():
            name = f"commands/{documents.FOLDER}/{page}"
            assert any(fnmatch.fnmatch(name, pattern) for pattern in patterns), name
            assert (PACKAGE / name).read_bytes() == (ROOT / "docs" / page).read_bytes()


def _requirement(name: str) -> str:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    (found,) = [r for r in project["dependencies"] if _name(r) == name]
    return found


def test_shell_completion_comes_with_every_install_at_a_version_that_writes_fish() -> None:
    # 1.9 is the first shtab with fish, 1.10 the first with cmd() (the languages).
    requirement = _requirement("shtab")
    lowest = re.search(r">=\s*([\d.]+)", requirement)
    assert lowest is not None, requirement
    assert tuple(int(part) for part in lowest.group(1).split(".")) >= (1, 10)
    import shtab

    assert {"bash", "zsh", "fish"} <= set(shtab.SUPPORTED_SHELLS)
    assert callable(shtab.cmd)


def test_the_changelog_is_kept_for_this_version_and_in_the_sdist() -> None:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert "[Keep a Changelog](https://keepachangelog.com/" in text
    versions = re.findall(r"^## \[([^\]]+)\]", text, flags=re.MULTILINE)
    assert versions and versions[0] == generala_tui.__version__
    manifest = (ROOT / "MANIFEST.in").read_text(encoding="utf-8")
    assert re.search(r"^include .*\bCHANGELOG\.md\b", manifest, flags=re.MULTILINE)
