"""A saved game read without pydantic (game/plain.py): what it reads pydantic reads alike,
and it reads nothing pydantic refuses."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError
from test_game_record import random_house_rules, random_step

from generala_tui import store
from generala_tui.game import rules
from generala_tui.game.model import GameState, Level, Phase, Player
from generala_tui.game.plain import game_from_plain


def _played(seed: int) -> GameState:
    rng = random.Random(seed)
    names = ["Ana", "Bruno", "Cy", "Dee"][: rng.randint(1, 4)]
    players = [Player(name=n, level=rng.choice([None, *Level])) for n in names]
    state = rules.new_game(players, random_house_rules(rng), seed=seed)
    for _ in range(rng.randrange(400)):
        if state.phase is Phase.OVER:
            break
        state = random_step(state, rng)
    return state


def _document(state: GameState) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(state.model_dump_json())
    return document


@pytest.mark.parametrize("seed", range(40))
def test_a_game_as_written_is_read_as_pydantic_reads_it(seed: int) -> None:
    state = _played(seed)
    document = _document(state)
    read = game_from_plain(document)
    assert read is not None
    assert read == GameState.model_validate(document) == state
    assert document == _document(state)  # the document is not changed by reading it


JSON_VALUES = st.sampled_from(
    [None, True, False, 0, 1, -1, 6, 7, 60, 1.0, 2.5, "", "x", " Ana ", "fours", "roll", [], {}]
)


def _places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    places = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            places += _places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            places += _places(item, (*path, index))
    return places


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 30),
    pick=st.integers(0, 10**6),
    change=st.sampled_from(["replace", "delete", "add"]),
    value=JSON_VALUES,
)
def test_a_changed_document_is_read_only_as_pydantic_reads_it(
    seed: int, pick: int, change: str, value: Any
) -> None:
    document = _document(_played(seed))
    places = [place for place in _places(document) if place]
    place = places[pick % len(places)]
    changed = copy.deepcopy(document)
    parent = changed
    for part in place[:-1]:
        parent = parent[part]
    last = place[-1]
    if change == "replace":
        parent[last] = value
    elif change == "delete":
        del parent[last]
    elif isinstance(parent, dict):
        parent["unknown"] = value
    else:
        parent.append(value)
    read = game_from_plain(changed)
    try:
        validated = GameState.model_validate(changed)
    except ValidationError:
        assert read is None, f"read what pydantic refuses: {place} {change} {value!r}"
        return
    assert read is None or read == validated


def test_a_saved_game_is_read_without_pydantic_as_pydantic_reads_it(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GENERALA_TUI_HOME", str(tmp_path))
    state = _played(7)
    assert store.save_game(state) is None
    data = json.loads(store.game_path().read_text())
    quick = store._saved_game_quickly(data)
    assert quick is not None
    assert quick == store._SavedGame.model_validate(data)
    loaded, warning = store.load_game()
    assert warning is None and loaded == state
    assert store._saved_game_quickly({**data, "note": 1}) is None


@pytest.mark.parametrize(
    "saved_at",
    [
        "2026-11-30T18:00:00Z",
        "2026-11-30T18:00:00.5Z",
        "2026-11-30T18:00:00.123456Z",
        "2026-11-30 18:00",
        "2026-11-30T18Z",
        "2026-11-30T1800Z",
        "20261130T180000Z",
        "2026-W48-1T18:00:00Z",
        "2026-11-30X18:00:00Z",
        "2026-11-30T18:00:00 Z",
        "2026-11-30T18:00:00.Z",
        "2026-11-30T18:00:00+01:00",
    ],
)
def test_a_time_written_by_hand_is_read_only_as_pydantic_reads_it(
    saved_at: str, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GENERALA_TUI_HOME", str(tmp_path))
    assert store.save_game(_played(3)) is None
    data = {**json.loads(store.game_path().read_text()), "saved_at": saved_at}
    quick = store._saved_game_quickly(data)
    try:
        validated = store._SavedGame.model_validate(data)
    except ValidationError:
        assert quick is None
        return
    assert quick is None or quick == validated
