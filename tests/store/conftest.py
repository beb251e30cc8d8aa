"""Fixtures shared by the store's tests."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def cache_home(generala_home: Path) -> Path:
    """This test's own cache folder (not the run's shared one, which the home links to)."""
    home = generala_home / "cache"
    home.unlink()
    return home
