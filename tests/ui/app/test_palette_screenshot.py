"""The palette's Screenshot saves where it can: the downloads folder when there is one, else the
current folder (nothing is made for it); the notice says the whole path, or where it tried and
the system's reason."""

from __future__ import annotations

from pathlib import Path

import platformdirs
import pytest
from textual.pilot import Pilot

from generala_tui.ui.app import GeneralaApp

from ..conftest import notices, running


@pytest.fixture
def places(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """A home without a downloads folder, and a current folder apart from it."""
    home = tmp_path / "home"
    here = tmp_path / "here"
    home.mkdir()
    here.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.delenv("XDG_DOWNLOAD_DIR", raising=False)
    monkeypatch.chdir(here)
    assert platformdirs.user_downloads_path() == home / "Downloads"
    return home, here


async def _screenshot(app: GeneralaApp, pilot: Pilot[None]) -> list[str]:
    """Run the palette's Screenshot command; the notices said about it."""
    await pilot.pause()
    command = next(c for c in app.get_system_commands(app.screen) if c.title == "Screenshot")
    command.callback()
    for _ in range(200):  # the picture is written on a thread, after a tenth of a second
        await pilot.pause()
        said = notices(app, title="Screenshot")
        if said:
            return said
    raise AssertionError("no notice of the screenshot")


async def test_without_a_downloads_folder_it_goes_in_the_current_one(
    places: tuple[Path, Path],
) -> None:
    home, here = places
    async with running() as (app, pilot):
        said = await _screenshot(app, pilot)
    pictures = list(here.glob("*.svg"))
    assert len(pictures) == 1
    assert said == [f"Screenshot saved to {pictures[0]}"]
    assert not (home / "Downloads").exists()


async def test_with_a_downloads_folder_it_goes_there(places: tuple[Path, Path]) -> None:
    home, here = places
    (home / "Downloads").mkdir()
    async with running() as (app, pilot):
        said = await _screenshot(app, pilot)
    pictures = list((home / "Downloads").glob("*.svg"))
    assert len(pictures) == 1 and not list(here.glob("*.svg"))
    assert said == [f"Screenshot saved to {pictures[0]}"]


async def test_a_failure_says_where_it_tried_and_why(
    places: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A folder that is there but takes no new file, even for root.
    monkeypatch.setattr(platformdirs, "user_downloads_path", lambda: Path("/proc"))
    async with running() as (app, pilot):
        said = await _screenshot(app, pilot)
    assert said == ["The screenshot could not be saved in /proc: no such file or directory."]
