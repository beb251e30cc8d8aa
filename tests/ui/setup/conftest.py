"""The setup tests' own piece: a last table to open the setup on, rather than seats added one
by one (each seat added mounts every row again: about a second on a busy machine)."""

from __future__ import annotations

from generala_tui import store
from generala_tui.store import Preferences, Seat


def last_table(seats: int) -> None:
    """Remember a last table of ``seats`` humans left at their default names: the setup opens
    on them, as after a game of that table ("Player 1" ... in the language of the moment)."""
    table = tuple(Seat(name="") for _ in range(seats))
    assert store.save_preferences(Preferences(players=table)) is None
