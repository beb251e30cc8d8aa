"""Every test keeps its files away from the player's home."""

from __future__ import annotations

import contextlib
import gc
import os
from collections.abc import AsyncIterator, Generator, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from filelock import FileLock

from generala_tui import i18n

if TYPE_CHECKING:
    from generala_tui.online.server import TableServer


@pytest.hookimpl(wrapper=True, optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> Generator[None, int, int]:
    """``-n auto``: two workers for each core pytest-xdist counts.

    The app tests spend about a third of their time waiting (for the app's timers, a
    frame, a child process), so one worker a core leaves the cores idle that long.
    ``-n N`` or ``PYTEST_XDIST_AUTO_NUM_WORKERS`` still choose.
    """
    cores = yield
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return cores
    return 2 * cores


FULL_COLLECTION_EVERY = 100
"""The collector's third threshold in the test workers: a full pass after a hundred passes
over the middle generation, not Python's ten (see :func:`pytest_collection_finish`)."""


def pytest_collection_finish(session: pytest.Session) -> None:
    """The collector in the test workers: what the collection built is frozen, and the full
    passes are a tenth as many.

    Each screen test starts an app and leaves it to the collector (a Textual app is a web of
    cycles), so a worker's heap is large and its young generations busy: Python's full
    passes, about 200 ms each, took a third of the suite's CPU (74 passes, a quarter of the
    turn screen's tests' time). What the collection built (the suite's modules, the libraries they
    import, the tests themselves) lives to the end of the run and is frozen (``gc.freeze``,
    as the game freezes what its start-up built, ``generala_tui.collector``); and a full
    pass runs after :data:`FULL_COLLECTION_EVERY` middle ones, so the apps of a few tests are
    freed together (some 15 MB more at the largest worker's peak). The game itself, and every
    process a test starts, keeps its own collector."""
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_COLLECTION_EVERY)


@pytest.fixture(scope="session")
def _session_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One cache folder for the whole run, shared by pytest-xdist's workers.

    Each worker has a base temporary folder of its own (``popen-gw0``, ...) under the
    run's, so the shared folder is made beside them, once, under a lock; without
    workers it is this run's own. Sharing is safe: a table is written atomically (a
    temporary file renamed into place), so a worker reads a whole table or none, and two
    workers solving the same table at once only solve it twice.
    """
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return tmp_path_factory.mktemp("cache")
    run = tmp_path_factory.getbasetemp().parent
    shared = run / "shared-cache"
    with FileLock(run / "shared-cache.lock"):
        shared.mkdir(exist_ok=True)
    return shared


@pytest.fixture(autouse=True)
def _isolated_files(_session_cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh GENERALA_TUI_HOME per test, whose cache is shared by the whole run.

    Solving strategy tables is the slow part, so ``cache`` is a link to one
    folder for the run; a test that needs its own cache replaces the link.
    """
    home = tmp_path / "generala-home"
    home.mkdir()
    with contextlib.suppress(OSError):
        (home / "cache").symlink_to(_session_cache, target_is_directory=True)
    monkeypatch.setenv("GENERALA_TUI_HOME", str(home))
    # A test that unsets GENERALA_TUI_HOME still stays out of the home folder.
    for variable, folder in [
        ("XDG_CONFIG_HOME", "xdg-config"),
        ("XDG_DATA_HOME", "xdg-data"),
        ("XDG_STATE_HOME", "xdg-state"),
        ("XDG_CACHE_HOME", "xdg-cache"),
    ]:
        monkeypatch.setenv(variable, str(tmp_path / folder))
    return home


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    """Every test starts in English, whatever the machine's locale, and leaves it so.

    The language is the environment's when nothing else chooses it, so the
    variables gettext reads are set to the C locale (a test of them sets its own).
    """
    with pytest.MonkeyPatch.context() as patch:
        for variable in i18n.ENVIRONMENT:
            patch.delenv(variable, raising=False)
        patch.setenv("LANG", "C.UTF-8")
        i18n.set_language("en")
        yield
        i18n.set_language("en")


@pytest.fixture
def generala_home(_isolated_files: Path) -> Path:
    """This test's GENERALA_TUI_HOME."""
    return _isolated_files


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[TableServer]:
    """A table server on a free loopback port, its computers playing at once, kept in
    ``tmp_path`` (the online tests' of tests/online and tests/ui/online)."""
    from generala_tui.online.server import TableServer

    table_server = TableServer(tmp_path / "tables", pace=0.0, away_after=3600.0)
    await table_server.start("127.0.0.1", 0)
    yield table_server
    await table_server.close()
