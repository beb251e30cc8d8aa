"""Start-up runs with the garbage collector paused (generala_tui.collector); it is always
back on afterwards, and a collector the caller had turned off stays off."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from generala_tui import collector
from generala_tui.commands.main import main
from generala_tui.ui.app import GeneralaApp


@pytest.fixture(autouse=True)
def _collector_restored() -> Iterator[None]:
    """The collector as the test found it: on, and frozen if it was (the test workers freeze
    what their collection built, see tests/conftest.py)."""
    frozen = gc.get_freeze_count() > 0
    yield
    collector.resume()
    gc.unfreeze()
    gc.enable()
    if frozen:
        gc.collect()
        gc.freeze()


def test_a_refused_option_leaves_the_collector_on(capsys: pytest.CaptureFixture[str]) -> None:
    assert gc.isenabled()
    assert main(["--rule", "no-such-rule"]) == 2
    assert "no-such-rule" in capsys.readouterr().err
    assert gc.isenabled()


def test_the_store_is_imported_and_the_preferences_read_with_the_collector_paused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # pydantic, the game's models and the preferences' schema come before the first frame.
    from generala_tui import store

    read = store.load_preferences
    collecting: list[bool] = []

    def load_preferences() -> tuple[store.Preferences, str | None]:
        collecting.append(gc.isenabled())
        return read()

    monkeypatch.setattr(store, "load_preferences", load_preferences)
    assert main(["--rule", "no-such-rule"]) == 2
    assert "no-such-rule" in capsys.readouterr().err
    assert collecting == [False]
    assert gc.isenabled()


def test_a_command_other_than_the_game_runs_with_the_collector_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from generala_tui.commands import completion

    collecting: list[bool] = []

    def run(parser: object, shell: str) -> int:
        collecting.append(gc.isenabled())
        return 0

    monkeypatch.setattr(completion, "run", run)
    assert main(["completion", "bash"]) == 0
    assert collecting == [True]
    assert gc.isenabled()


def test_a_caller_that_had_paused_the_collector_keeps_it_paused() -> None:
    gc.disable()
    assert main(["--rule", "no-such-rule"]) == 2
    assert not gc.isenabled()


def test_resume_turns_on_only_the_collector_pause_turned_off() -> None:
    collector.pause()
    assert not gc.isenabled()
    collector.resume()
    assert gc.isenabled() and gc.get_freeze_count() > 0
    gc.disable()  # turned off since, by someone else: left so
    collector.resume()
    assert not gc.isenabled()


async def test_the_app_resumes_the_paused_collector_after_its_first_frame() -> None:
    collector.pause()
    app = GeneralaApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert gc.isenabled()
        assert gc.get_freeze_count() > 0


async def test_an_app_started_otherwise_leaves_the_collector_alone() -> None:
    # A test before this one in the same worker may have started the command line's way
    # (which pauses the collector until a first frame) without an app coming to its frame.
    collector.resume()
    frozen = gc.get_freeze_count()
    app = GeneralaApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert gc.isenabled()
        assert gc.get_freeze_count() == frozen  # nothing more frozen


async def test_a_server_freezes_what_survives_and_thaws_it_when_it_has_doubled(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``host``'s collector: what lives is frozen; garbage in a cycle frozen meanwhile is
    freed once the frozen objects have doubled; cancelled, nothing stays frozen."""
    import asyncio
    import weakref

    monkeypatch.setattr(collector, "COUNT_EVERY", 1)
    monkeypatch.setattr(collector, "THAW_FLOOR", 0)

    class Node:
        other: object = None

    cycle = Node()
    cycle.other = Node()
    cycle.other.other = cycle  # type: ignore[attr-defined]
    gone = weakref.ref(cycle)
    freezer = asyncio.get_running_loop().create_task(collector.freeze_survivors(every=0))
    await asyncio.sleep(0)
    assert gc.get_freeze_count() > 0
    del cycle
    gc.collect()
    assert gone() is not None  # frozen: no collection walks it

    held = [[index] for index in range(2 * gc.get_freeze_count())]  # lists are tracked
    for _ in range(3):
        await asyncio.sleep(0)
    assert gone() is None  # the frozen objects doubled: thawed and collected once
    assert gc.get_freeze_count() >= len(held)  # and what lives is frozen again
    freezer.cancel()
    with pytest.raises(asyncio.CancelledError):
        await freezer
    assert gc.get_freeze_count() == 0
