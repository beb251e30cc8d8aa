"""The seats this player was given at online tables: each table's key, kept in the home.

A seat claimed by a table's code (``generala-tui join SERVER CODE``, the lobby) is given
with its key, the secret that plays it. It is kept here, in the game's data folder
(``seats.json``, this user's only), so the player never handles it: joining the same
code on the same server again, a reconnect after a restart, takes the same seat. A
table's entry goes when its game is over or it is gone from the server; at most
:data:`KEPT` are kept, the oldest forgotten first. A file that does not read is set
aside and a new one begun: nothing but the keys of unfinished tables is lost.
"""

from __future__ import annotations

import time
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from . import paths
from .files import read_kept, write_file

FILE_NAME = "seats.json"
KEPT = 200
"""The most seats kept (a player sits at a few tables at a time)."""
MAX_BYTES = 256 * 1024

_Id = Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{8,64}$")]


class KeptSeat(BaseModel):
    """One seat at one table: where, which, and its key."""

    model_config = ConfigDict(frozen=True)

    server: Annotated[str, Field(max_length=400)]
    code: Annotated[str, Field(max_length=16)]
    table: _Id
    seat: Annotated[int, Field(ge=0, le=7)]
    key: _Id
    kept: float = 0.0


class _Seats(BaseModel):
    model_config = ConfigDict(frozen=True)

    seats: tuple[KeptSeat, ...] = Field(default=(), max_length=KEPT)


def _read() -> tuple[KeptSeat, ...]:
    kept = read_kept(paths.data_dir() / FILE_NAME, _Seats, MAX_BYTES)
    return () if kept is None else kept.seats


def _write(seats: tuple[KeptSeat, ...]) -> str | None:
    text = _Seats(seats=seats[-KEPT:]).model_dump_json(indent=1)
    return write_file(paths.data_dir() / FILE_NAME, text.encode())


def kept_seat(server: str, code: str) -> KeptSeat | None:
    """The seat this player was given at the table ``code`` names on ``server``, if any."""
    for seat in reversed(_read()):
        if seat.server == server and seat.code == code:
            return seat
    return None


def keep_seat(server: str, code: str, table: str, seat: int, key: str) -> str | None:
    """Keep the seat given (replacing any kept for that table); None when kept, else why
    not (the seat is played all the same, and only a later join would need it)."""
    others = tuple(s for s in _read() if not (s.server == server and s.code == code))
    given = KeptSeat(server=server, code=code, table=table, seat=seat, key=key, kept=time.time())
    return _write((*others, given))


def forget_seat(server: str, table: str) -> None:
    """Forget the seat kept at ``table`` (its game over, or gone from the server)."""
    seats = _read()
    left = tuple(s for s in seats if not (s.server == server and s.table == table))
    if left != seats:
        _write(left)
