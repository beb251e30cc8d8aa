"""The folder a game record is offered in: under GENERALA_TUI_HOME when it is set, else the
documents folder when there is one, else the home folder; never a folder that isn't there
unless the app makes it."""

from __future__ import annotations

from pathlib import Path

import pytest

from generala_tui import store


def test_with_the_home_redirected_records_go_under_it() -> None:
    home = store.config_dir().parent  # the test's GENERALA_TUI_HOME
    assert store.records_dir() == home / "records"


@pytest.fixture
def player_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No GENERALA_TUI_HOME; the player's home a fresh folder, with no Documents yet."""
    monkeypatch.delenv("GENERALA_TUI_HOME", raising=False)
    for variable in ("XDG_DOCUMENTS_DIR", "XDG_CONFIG_HOME"):
        monkeypatch.delenv(variable, raising=False)
    home = tmp_path / "player"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    return home


def test_without_a_documents_folder_records_are_offered_in_the_home_folder(
    player_home: Path,
) -> None:
    assert not (player_home / "Documents").exists()
    assert store.records_dir() == player_home


def test_the_documents_folder_is_offered_when_it_exists(player_home: Path) -> None:
    (player_home / "Documents").mkdir()
    assert store.records_dir() == player_home / "Documents"
