"""One BLAS thread for the solver's numpy work.

OpenBLAS starts a thread per core by default. The solver's matrix products
are small: a second thread gains nothing with both cores idle, costs twice the
CPU, and when another process holds a core a solve runs several times slower
while the BLAS threads wait for each other. So every solve and turn plan runs
inside :func:`one_blas_thread`.

The limit is process-wide (BLAS keeps one thread count), so overlapping users
(the app's solving worker and a turn planned on the UI thread) share it: the
first to enter sets it and the last to leave restores what was there.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

_lock = threading.Lock()
_users = 0
_limiter: Any = None


@cache
def _controller() -> Any:
    # Finding the loaded BLAS libraries takes about a millisecond: once a process.
    from threadpoolctl import ThreadpoolController  # type: ignore[import-untyped]

    return ThreadpoolController()


@contextmanager
def one_blas_thread() -> Iterator[None]:
    """Run the body with BLAS limited to one thread."""
    global _users, _limiter
    with _lock:
        if _users == 0:
            _limiter = _controller().limit(limits=1, user_api="blas")
        _users += 1
    try:
        yield
    finally:
        with _lock:
            _users -= 1
            if _users == 0 and _limiter is not None:
                _limiter.restore_original_limits()
                _limiter = None


def blas_threads() -> int:
    """How many threads BLAS would use now (the most among loaded BLAS libraries)."""
    return max((info["num_threads"] for info in _controller().info()), default=1)
