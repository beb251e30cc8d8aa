"""The Statistics and History screens at 40x12 and 80x24, over a fixed history, against SVGs;
the hall of fame of two sets of rules at 80x24."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from typing import Any

import pytest
from textual.pilot import Pilot

from generala_tui.game.model import HouseRules
from generala_tui.ui.app import GeneralaApp

from ..conftest import settle
from ..records.history import fill_fame_history, fill_history

SIZES = [(40, 12), (80, 24)]


@pytest.fixture
def in_utc() -> Iterator[None]:
    """Times shown in UTC whatever the machine's time zone."""
    before = os.environ.get("TZ")
    os.environ["TZ"] = "UTC"
    time.tzset()
    try:
        yield
    finally:
        if before is None:
            del os.environ["TZ"]
        else:
            os.environ["TZ"] = before
        time.tzset()


@pytest.fixture
def fixed_history(in_utc: None) -> None:
    """Six games finished at fixed times."""
    fill_history()


def _opener(key: str) -> Any:
    async def open_screen(pilot: Pilot[None]) -> None:
        await pilot.pause()
        await pilot.press(key)
        await settle(pilot)
        await pilot.pause()

    return open_screen


@pytest.mark.usefixtures("fixed_history")
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_statistics(snap_compare: Any, size: tuple[int, int]) -> None:
    app = GeneralaApp(house_rules=HouseRules())
    assert snap_compare(app, terminal_size=size, run_before=_opener("ctrl+t"))


@pytest.mark.usefixtures("in_utc")
@pytest.mark.parametrize("rules_key", ["", "r"], ids=["swedish", "classic"])
def test_hall_of_fame(snap_compare: Any, rules_key: str) -> None:
    """The Swedish rules' list, played last, then the classic one's (r)."""
    fill_fame_history()
    app = GeneralaApp(house_rules=HouseRules())
    keys = ["ctrl+t", rules_key] if rules_key else ["ctrl+t"]

    async def open_screen(pilot: Pilot[None]) -> None:
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
            await settle(pilot)
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=open_screen)


@pytest.mark.usefixtures("fixed_history")
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_history(snap_compare: Any, size: tuple[int, int]) -> None:
    app = GeneralaApp(house_rules=HouseRules())
    assert snap_compare(app, terminal_size=size, run_before=_opener("ctrl+y"))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_empty_statistics(snap_compare: Any, size: tuple[int, int]) -> None:
    app = GeneralaApp(house_rules=HouseRules())
    assert snap_compare(app, terminal_size=size, run_before=_opener("ctrl+t"))
