"""Join links: what ``host`` prints reads back as the same table and seat, behind a proxy's
path too, and anything else is refused in one sentence."""

from __future__ import annotations

import pytest

from generala_tui.game.refusals import Refusal
from generala_tui.online.client import Address, join_url, parse_url

TABLE, KEY = "AbCdEfGh12345678", "KkKkKkKk-_345678"


@pytest.mark.parametrize(
    "server",
    ["ws://127.0.0.1:8765", "wss://example.org", "wss://example.org/generala", "ws://[::1]:9"],
)
@pytest.mark.parametrize("key", [KEY, None], ids=["seat", "watch"])
def test_a_printed_link_reads_back_as_its_table_and_seat(server: str, key: str | None) -> None:
    assert parse_url(join_url(server, TABLE, key)) == Address(server, TABLE, key)


@pytest.mark.parametrize(
    "url",
    [
        "",
        "http://127.0.0.1:8765/" + TABLE,
        "ws://127.0.0.1:8765/",
        "ws://127.0.0.1:8765/short",
        f"ws://127.0.0.1:99999/{TABLE}",
        f"ws://127.0.0.1:8765/{TABLE}?seat={KEY}&seat={KEY}",
        f"ws://127.0.0.1:8765/{TABLE}?seat={KEY}&other=1",
        f"ws://127.0.0.1:8765/{TABLE}#{KEY}",
        f"ws://example.org/a%1b[2J/{TABLE}",
        f"ws://127.0.0.1:8765/{TABLE}?seat=\x1b]52;c;x\x07",
    ],
)
def test_anything_else_is_refused_in_one_sentence(url: str) -> None:
    with pytest.raises(Refusal, match="is not a table's address") as refused:
        parse_url(url)
    assert "\x1b" not in str(refused.value)
