"""The table server's limits on whoever connects: a seat's message budget, the joins an
address may get wrong, and who a connection comes from. Plain values and clocks, no
network: :mod:`.server` applies them."""

from __future__ import annotations

import ipaddress
import time
from dataclasses import dataclass, field

BURST = 40
"""Messages a connection may send at once (a player's fastest clicking is a few)."""
PER_SECOND = 20.0
"""Messages a connection may send a second, over time."""
CUT_OFF = 200
"""Messages refused for coming too fast after which the connection is closed."""
JOIN_SECONDS = 5.0
"""How long a new connection has for its opening handshake, and then again to say
:class:`Join` (a client says it at once)."""
STRANGERS = 256
"""Connections that have not joined a table yet, at most (:attr:`TableServer.max_strangers`):
one more lets the oldest go."""
STRANGERS_PER_ADDRESS = 8
"""Connections from one address (an IPv6 /64) that have not joined yet, at most
(:attr:`TableServer.strangers_per_address`): one more lets that address's oldest go, so
a crowd from one place cannot push out anyone else."""
FREE_MISSES = 10
"""Joins naming no table or seat an address may make in :data:`MISS_WINDOW_SECONDS` before
its joins are slowed."""
MISS_WINDOW_SECONDS = 60.0
"""How long an address's wrong joins are remembered."""
MISSES_KEPT = 4096
"""Addresses whose wrong joins are remembered before those of past windows are forgotten."""
MISS_DELAY_SECONDS = 5.0
"""The longest an address's join waits, once it has made too many wrong ones."""


@dataclass(eq=False)
class Budget:
    """The messages a seat (or a spectator's connection) may send: a token bucket of
    :data:`BURST` refilled at :data:`PER_SECOND`. A seat's is the table's, not its
    connection's, so connecting again does not fill it again."""

    tokens: float = BURST
    last: float = field(default_factory=time.monotonic)
    too_fast: int = 0
    """Messages refused since the bucket was last full."""
    burst: float = BURST
    per_second: float = PER_SECOND

    def allowed(self) -> bool:
        """Whether one more message fits the budget (it is taken if so)."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.per_second)
        self.last = now
        if self.tokens >= self.burst:
            self.too_fast = 0  # quiet long enough: a new flood is counted afresh
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.too_fast += 1
        return False


def address_of(peer: object) -> str:
    """Who a connection comes from, for the limits per address: its IPv4 address, or the
    /64 network of its IPv6 one (what one subscriber is usually given)."""
    host = peer[0] if isinstance(peer, tuple) and peer else str(peer)
    try:
        address = ipaddress.ip_address(str(host).partition("%")[0])
    except ValueError:
        return str(host)[:64]
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is None:
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    if isinstance(address, ipaddress.IPv6Address):
        return str(address.ipv4_mapped)
    return str(address)


@dataclass(eq=False)
class Misses:
    """An address's joins that named no table or seat, in the current window."""

    count: int = 0
    since: float = field(default_factory=time.monotonic)

    def now(self) -> int:
        if time.monotonic() - self.since > MISS_WINDOW_SECONDS:
            self.count, self.since = 0, time.monotonic()
        return self.count

    def delay(self) -> float:
        """How long the address's next join waits: nothing for the first
        :data:`FREE_MISSES`, then doubling to :data:`MISS_DELAY_SECONDS`."""
        over = self.now() - FREE_MISSES
        return 0.0 if over < 0 else min(MISS_DELAY_SECONDS, 0.05 * 2.0 ** min(over, 16))
