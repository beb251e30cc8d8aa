"""Every test keeps its files away from the player's home."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def _session_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("home")


@pytest.fixture(autouse=True)
def _isolated_files(_session_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # One strategy cache for the whole run (solving is the slow part); fresh settings per test.
    monkeypatch.setenv("XDG_CACHE_HOME", str(_session_home / "cache"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
