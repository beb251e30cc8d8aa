"""The players a table server knows: who they are (an identity), and their name there.

An identity is a credential only its holder can present:

- **over SSH**, the public key the visitor's client signed with (the SSH server checks the
  signature; the key's SHA256 fingerprint is bound to the relay token the server gives
  that visitor's game, so the game itself never holds anything it could pass on);
- **with ``join``**, a secret of 256 random bits the client makes the first time it meets
  a server and keeps in the player's home (:mod:`generala_tui.store.identities`, one a
  server: a secret sent to one server is never one another server could replay), sent in
  :class:`~.protocol.Enter` over the connection (TLS behind a proxy), and kept on the
  server only as its SHA-256 (a secret of 256 random bits needs no slow hash).

The first time an identity enters the lobby it chooses a name, unique on that server
among its players (the game's name rules, alike whatever the case and blank characters:
:func:`~generala_tui.game.names.name_key`); from then on every seat it takes is under
that name, at any table, after a reconnect or in the next game.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from ..game.words import N_

NAME_TAKEN = N_("{name} is taken on this server: choose another name.")
NAME_FIRST = N_("Choose your name on this server first.")
NAMED_ALREADY = N_("You are {name} on this server already.")
NOT_KNOWN = N_("This window is not known to the server: it keeps no name for it.")


@dataclass(frozen=True)
class Person:
    """A player the server knows, as its database keeps them."""

    id: str
    name: str
    mu: float | None = None
    """Their rating's mean (None: not rated yet)."""
    sigma: float | None = None
    """Its uncertainty (a standard deviation)."""
    games: int = 0
    """Rated games played."""
    best: int | None = None
    """Their best total in a rated game."""


def token_credential(token: str) -> str:
    """What the server keeps of a ``join`` client's secret: its SHA-256, never the secret."""
    return "token:" + hashlib.sha256(token.encode()).hexdigest()


def key_credential(fingerprint: str) -> str:
    """What the server keeps of an SSH visitor's key: its fingerprint (public)."""
    return "ssh:" + fingerprint


def checked_name(name: str) -> str:
    """``name`` as the game takes a player's (trimmed); raises :class:`Refusal` when it is
    not one (:class:`~generala_tui.game.refusals.Refusal`)."""
    from ..game.rules import validate_names

    (checked,) = validate_names([name])  # its IllegalMove is a Refusal
    return checked
