"""The garbage collector while the game starts: paused, then what start-up built frozen.

Start-up allocates a great deal (modules, styles, widgets) and frees little, so the
collector's passes over it before the first frame only delay that frame. ``cli.main``
calls :func:`pause` before it imports the app, and the app calls :func:`resume` once
its first frame is drawn: what start-up built, which lives as long as the app, is then
frozen (``gc.freeze``: a full collection no longer walks it, which took up to 150 ms in
the middle of a key), and the collector runs again. A collector that was already off
is left off, and :func:`resume` does nothing unless :func:`pause` turned it off, so an
app started any other way (tests, the web server) keeps the collector as it found it.
"""

from __future__ import annotations

import gc

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
