"""What a served page sends, checked: its size, its messages, and the budget of its input.

``generala-tui serve`` (:mod:`.serve`) reads every websocket message of textual-serve's page
through :func:`page_message`, clamps the sizes it asks for, and counts its input against an
:class:`InputBudget`; none of it needs aiohttp or textual-serve.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

__all__ = ["BadMessage", "InputBudget", "clamp", "font_size", "page_message", "page_size"]

WIDTH_RANGE = (1, 500)
"""The page's width in cells, from its URL or a resize, is clamped to this range."""
HEIGHT_RANGE = (1, 200)
"""The page's height in cells, likewise."""
DEFAULT_SIZE = (80, 24)
"""The size when the URL gives none, or no number."""
FONT_SIZE_RANGE = (6, 64)
"""The page's ``fontsize`` parameter (pixels), clamped."""
MAX_MESSAGE_BYTES = 16 * 1024
"""The largest websocket message taken; a larger one closes the socket (1009) and ends the game.
The page sends a key (a few bytes), a paste of up to about 16,000 characters, a size or a ping."""
INPUT_BURST_BYTES = 16 * 1024
"""The input a page may send at once (a paste as large as a message)..."""
INPUT_BYTES_PER_SECOND = 4 * 1024
"""...and per second after that (a mouse moved fast sends some 2 KB a second)."""
MESSAGE_COST_BYTES = 16
"""What each message counts against the budget besides its size, so tiny messages are not free."""
PING_MAX_CHARACTERS = 64
"""The page's ping carries its clock (13 digits); it is sent back as it came, so it is small."""
PAGE_MESSAGES = frozenset({"stdin", "resize", "ping", "focus", "blur"})
"""The messages textual-serve's page (its ``textual.js``) sends."""


def clamp(value: int, bounds: tuple[int, int]) -> int:
    """``value`` within ``bounds`` (both included)."""
    low, high = bounds
    return max(low, min(high, value))


def _whole_number(text: str | None, default: int) -> int:
    try:
        return int(text) if text is not None else default
    except ValueError:
        return default


def font_size(query: Any) -> int:
    """The page's font size in pixels from its URL's ``fontsize``, clamped (16 by default)."""
    return clamp(_whole_number(query.get("fontsize"), 16), FONT_SIZE_RANGE)


def page_size(query: Any) -> tuple[int, int]:
    """The page's size in cells from its websocket URL's ``width`` and ``height``, clamped
    (``query`` is a mapping of the URL's parameters)."""
    width = _whole_number(query.get("width"), DEFAULT_SIZE[0])
    height = _whole_number(query.get("height"), DEFAULT_SIZE[1])
    return clamp(width, WIDTH_RANGE), clamp(height, HEIGHT_RANGE)


class BadMessage(ValueError):
    """A websocket message that is not one the page sends (its text says how, for the log)."""


def page_message(text: str) -> tuple[Any, ...]:
    """A message of the page, checked: ``("stdin", bytes)``, ``("resize", width, height)``
    (clamped), ``("ping", text)``, ``("focus",)`` or ``("blur",)``; else :class:`BadMessage`."""
    try:
        envelope = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise BadMessage("not JSON") from error
    if not isinstance(envelope, list) or not envelope or envelope[0] not in PAGE_MESSAGES:
        raise BadMessage("not a list starting with one of " + ", ".join(sorted(PAGE_MESSAGES)))
    kind, *values = envelope
    if kind in {"focus", "blur"} and not values:
        return (kind,)
    if kind == "stdin" and len(values) == 1 and isinstance(values[0], str):
        try:
            return (kind, values[0].encode("utf-8"))
        except UnicodeEncodeError as error:  # a lone surrogate, as "\ud800"
            raise BadMessage("stdin that is not Unicode text") from error
    if kind == "resize" and len(values) == 1 and isinstance(values[0], dict):
        width, height = values[0].get("width"), values[0].get("height")
        if (
            isinstance(width, int)
            and isinstance(height, int)
            and not {type(width), type(height)} & {bool}
        ):
            return (kind, clamp(width, WIDTH_RANGE), clamp(height, HEIGHT_RANGE))
    if (
        kind == "ping"
        and len(values) == 1
        and isinstance(values[0], str)
        and len(values[0]) <= PING_MAX_CHARACTERS
    ):
        return (kind, values[0])
    raise BadMessage(f"a {kind!r} message with the wrong values")


@dataclass
class InputBudget:
    """A token bucket: ``burst`` bytes at once, refilled at ``rate`` bytes a second."""

    burst: float
    rate: float
    now: float
    tokens: float = field(init=False)

    def __post_init__(self) -> None:
        self.tokens = self.burst

    def take(self, cost: float, now: float) -> bool:
        """Whether ``cost`` bytes may pass at ``now`` (seconds); they are taken if so."""
        self.tokens = min(self.burst, self.tokens + (now - self.now) * self.rate)
        self.now = now
        if cost > self.tokens:
            return False
        self.tokens -= cost
        return True
