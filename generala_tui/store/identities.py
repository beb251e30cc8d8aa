"""Who this player is at each table server: a secret made for it, kept in the home.

The first time ``join`` enters a server's lobby it makes a secret for that server (256
random bits) and keeps it here (``identities.json`` in the game's data folder, this user's
only: 0600 in a 0700 folder); from then on it presents it at every visit, and the server,
which keeps only its hash, knows the player by it (their name there, their rating).

One secret a server, not one for all: the secret is shown to the server it is sent to, so
a server that kept it could present it elsewhere as this player; one made for each server
proves nothing anywhere else. A file that does not read is set aside and a new one begun
(the servers would then meet a new player: their name there is kept for the old secret).
"""

from __future__ import annotations

import secrets
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from . import paths
from .files import read_kept, write_file

FILE_NAME = "identities.json"
KEPT = 500
"""The most servers remembered (the oldest forgotten first)."""
MAX_BYTES = 256 * 1024


class Identity(BaseModel):
    """This player's secret at one server."""

    model_config = ConfigDict(frozen=True)

    server: Annotated[str, Field(max_length=400)]
    token: Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{32,64}$", repr=False)]


class _Identities(BaseModel):
    model_config = ConfigDict(frozen=True)

    identities: tuple[Identity, ...] = Field(default=(), max_length=KEPT)


def _read() -> tuple[Identity, ...]:
    kept = read_kept(paths.data_dir() / FILE_NAME, _Identities, MAX_BYTES)
    return () if kept is None else kept.identities


def token_for(server: str) -> str | None:
    """This player's secret at ``server`` (a server's URL, as ``join`` names it), made and
    kept the first time; None when it cannot be kept (the player is then a guest there:
    a secret not kept would make them someone new at every visit)."""
    kept = _read()
    for identity in kept:
        if identity.server == server:
            return identity.token
    made = Identity(server=server, token=secrets.token_urlsafe(32))
    text = _Identities(identities=(*kept, made)[-KEPT:]).model_dump_json(indent=1)
    if write_file(paths.data_dir() / FILE_NAME, text.encode()) is not None:
        return None
    return made.token
