"""The commands that bring players to a table: one a human seat (its key in the link), and
one that watches. ``generala-tui host`` prints them; the setup screen's host dialog shows
them to copy."""

from __future__ import annotations

import os
from collections.abc import Mapping

from .client import join_url
from .tables import TableRecord

COMMAND = "generala-tui join"
SERVER_VARIABLE = "GENERALA_TUI_SERVER_URL"
"""In a game the server runs for an SSH visitor: the server's address as players reach it
(its ``--url``), where the game itself joins it at this machine's own."""
SSH_VARIABLE = "GENERALA_TUI_SSH_COMMAND"
"""In a game the server runs for an SSH visitor: how the others come in over SSH."""


def join_command(server_url: str, table: str, key: str | None) -> str:
    """The command that joins ``table``'s seat ``key`` (None: watches) at ``server_url``."""
    return f"{COMMAND} {join_url(server_url, table, key)}"


def code_command(server_url: str, code: str) -> str:
    """The command that takes a free seat of the table ``code`` names (or watches it)."""
    return f"{COMMAND} {server_url} {code}"


def code_ways(
    server_url: str, code: str, environ: Mapping[str, str] = os.environ
) -> tuple[str, str | None]:
    """How the others take a seat of the table ``code`` names: the join command, and in a
    game run for an SSH visitor the SSH command that brings them to its lobby (else None)."""
    public = environ.get(SERVER_VARIABLE) or server_url
    return code_command(public, code), environ.get(SSH_VARIABLE) or None


def seat_commands(
    server_url: str, record: TableRecord, *, but: int | None = None
) -> list[tuple[str, str]]:
    """Each human seat's player and join command, in seat order (seat ``but`` left out): of
    a table whose links the host sends (``host --players``), not one whose players take
    their seats by its code and keep their keys themselves."""
    if record.by_code:
        return []
    return [
        (player.name, join_command(server_url, record.id, seat.key))
        for index, (player, seat) in enumerate(zip(record.game.players, record.seats, strict=True))
        if seat.key is not None and not seat.free and index != but
    ]


def first_human(record: TableRecord) -> int:
    """The first human seat: the one the player hosting from the setup screen takes."""
    return next(index for index, seat in enumerate(record.seats) if seat.key is not None)
