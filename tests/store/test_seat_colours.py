"""Each seat's colour in the preferences' last table: kept across a restart, absent from an
older file (the seats then take the palette's order), and a hostile value read as none
without costing the seat or the file (the colours in the app are
tests/ui/turn/test_player_colours_at_the_table.py's)."""

from __future__ import annotations

import json

import pytest

from generala_tui import store
from generala_tui.store.paths import preferences_path


def _write(document: object) -> None:
    path = preferences_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(document), encoding="utf-8")


def test_a_seats_colour_is_saved_and_read_back() -> None:
    seats = (store.Seat(name="Ana", colour="blue"), store.Seat(name="Bea", colour="grey"))
    assert store.save_preferences(store.Preferences(players=seats)) is None
    preferences, warning = store.load_preferences()
    assert warning is None
    assert [(seat.name, seat.colour) for seat in preferences.players] == [
        ("Ana", "blue"),
        ("Bea", "grey"),
    ]
    saved = json.loads(preferences_path().read_text(encoding="utf-8"))
    assert [seat["colour"] for seat in saved["players"]] == ["blue", "grey"]


def test_a_file_from_before_colours_loads_with_the_seats_uncoloured() -> None:
    _write({"version": 1, "players": [{"name": "Ana"}, {"name": "Bea", "level": "easy"}]})
    preferences, warning = store.load_preferences()
    assert warning is None
    assert [(seat.name, seat.colour) for seat in preferences.players] == [
        ("Ana", None),
        ("Bea", None),
    ]


@pytest.mark.parametrize(
    "hostile",
    [
        42,
        True,
        ["blue"],
        {"name": "blue"},
        "",
        "Blue",
        "[b]blue[/b]",
        "[@click=app.quit]x",
        "blue\x1b[2J",
        "x" * 10_000,
        "../../etc",
    ],
)
def test_a_hostile_colour_is_read_as_none_and_the_seat_and_file_are_kept(
    hostile: object,
) -> None:
    _write(
        {
            "version": 1,
            "theme": "nord",
            "players": [{"name": "Ana", "colour": hostile}, {"name": "Bea", "colour": "green"}],
        }
    )
    preferences, warning = store.load_preferences()
    assert warning is None
    assert preferences.theme == "nord"
    assert [(seat.name, seat.colour) for seat in preferences.players] == [
        ("Ana", None),
        ("Bea", "green"),
    ]
