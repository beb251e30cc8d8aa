"""The snapshots' own ``snap_compare``: the plugin's, with every text field's cursor held
still before the picture is taken."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Input

Compare = Callable[..., bool]


@pytest.fixture
def snap_compare(snap_compare: Compare) -> Compare:
    """A focused field's cursor blinks every half second, so whether a picture shows it
    depends on how long the machine took to get there (CI once drew the name error's
    setup a blink late). Here the fields stop blinking first: the cursor is hidden, and
    shows again, steady, where a key reaches the field."""

    def compare(
        app: App[Any],
        press: Iterable[str] = (),
        terminal_size: tuple[int, int] = (80, 24),
        run_before: Callable[[Pilot[Any]], Awaitable[None] | None] | None = None,
    ) -> bool:
        async def still_then_run_before(pilot: Pilot[Any]) -> None:
            for screen in pilot.app.screen_stack:
                for field in screen.query(Input):
                    field.cursor_blink = False
            if run_before is not None:
                result = run_before(pilot)
                if inspect.isawaitable(result):
                    await result

        return snap_compare(
            app, press=press, terminal_size=terminal_size, run_before=still_then_run_before
        )

    return compare
