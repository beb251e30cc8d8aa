"""The garbage collector: paused while the game starts, then what start-up built frozen;
and in the table server, what survives frozen as it goes (:func:`freeze_survivors`).

Start-up allocates a great deal (modules, styles, widgets) and frees little, so the
collector's passes over it before the first frame only delay that frame.
``commands.main`` calls :func:`pause` before it imports the store (pydantic, the game's
models) and reads the preferences; a command other than the game calls :func:`resume` as
it starts, and the app calls it once its first frame is drawn: what start-up built, which
lives as long as the app, is then frozen (``gc.freeze``: a full collection no longer walks
it, which took up to 150 ms in the middle of a key), and the collector runs again. A
collector that was already off is left off, and :func:`resume` does nothing unless
:func:`pause` turned it off, so an app started any other way (tests, the web server)
keeps the collector as it found it.
"""

from __future__ import annotations

import gc
import itertools

_paused = False
"""Whether :func:`pause` turned the collector off and :func:`resume` has not yet run."""


def pause() -> None:
    """Turn the collector off for start-up, if it is on."""
    global _paused
    if gc.isenabled():
        gc.disable()
        _paused = True


def resume() -> None:
    """Start-up is over: freeze what it built and turn the collector back on, if
    :func:`pause` turned it off (once; later calls do nothing)."""
    global _paused
    if _paused:
        _paused = False
        gc.freeze()
        gc.enable()


FREEZE_SECONDS = 1.0
"""How often :func:`freeze_survivors` freezes what survived."""
COUNT_EVERY = 30
"""How many freezes :func:`freeze_survivors` makes between two counts of the frozen
objects (counting walks them all: some 20 ms for a few hundred thousand)."""
THAW_FLOOR = 100_000
"""Frozen objects under which :func:`freeze_survivors` never thaws them (a small heap's
full collection is short anyway)."""


async def freeze_survivors(every: float = FREEZE_SECONDS) -> None:
    """Keep the collector's full passes off a long-running server's long-lived data.

    For ``generala-tui host``, whose data is its tables' games (trees of frozen models,
    freed by reference counting alone) and its connections: a full collection walks all
    of it, stopping the server for 200 to 700 ms at 500 tables, to find a few hundred
    objects in cycles. Every ``every`` seconds what survived is frozen (``gc.freeze``,
    which moves lists, not objects), so only what was made since is walked; what dies is
    freed as ever. An object in a cycle frozen before it became garbage is not freed
    while frozen: once the frozen objects are twice as many as after the last thaw
    (counted every :data:`COUNT_EVERY` freezes, never under :data:`THAW_FLOOR`), they are
    thawed and collected in one full pass, so such garbage never outgrows what the
    server holds alive. Runs until cancelled, and leaves the collector thawed."""
    import asyncio

    gc.freeze()
    floor = max(THAW_FLOOR, gc.get_freeze_count())
    try:
        for count in itertools.count(1):
            await asyncio.sleep(every)
            if count % COUNT_EVERY == 0 and gc.get_freeze_count() > 2 * floor:
                gc.unfreeze()
                gc.collect()
                gc.freeze()
                floor = max(THAW_FLOOR, gc.get_freeze_count())
            else:
                gc.freeze()
    finally:
        gc.unfreeze()
