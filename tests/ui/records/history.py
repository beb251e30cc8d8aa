"""A history of real games for the statistics and history tests, with fixed times."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from generala_tui import store
from generala_tui.game import rules
from generala_tui.game.model import GameState, HouseRules, Level, Player, ServedRoll
from generala_tui.game.strategy import play_game

TABLES = (
    ("Ana", "[b]Eve", "Bob[/]"),
    ("Ana", "Rita"),
    ("ana", "Tomás", "[b]Eve"),
)
"""The tables of the games, in turn: names with markup characters, one name in two spellings."""

FIRST_FINISH = datetime(2025, 3, 1, 18, 30, tzinfo=UTC)


def played(names: tuple[str, ...], seed: int, house_rules: HouseRules | None = None) -> GameState:
    """A whole game between easy computers."""
    players = [Player(name=name, level=Level.EASY) for name in names]
    return play_game(rules.new_game(players, house_rules, seed=seed))


SWEDISH = HouseRules(generala_points=60, served_roll=ServedRoll.ANY_FULL_ROLL)
"""The Swedish preset's rules (the settings screen's)."""


def _add(game: GameState, moment: datetime) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(store.files, "now", lambda: moment)
        assert store.add_to_history(game) is None


def fill_history(games: int = 6) -> list[GameState]:
    """Add ``games`` real games to the history, an hour apart from FIRST_FINISH, every
    other one with losses; the games oldest first."""
    kept = []
    for number in range(games):
        game = played(TABLES[number % 3], seed=100 + number)
        moment = FIRST_FINISH + timedelta(hours=number)
        losses = {p.name: 2.0 + number + seat for seat, p in enumerate(game.players)}
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(store.files, "now", lambda moment=moment: moment)
            assert store.add_to_history(game, losses if number % 2 else None) is None
        kept.append(game)
    return kept


def fill_fame_history() -> list[GameState]:
    """:func:`fill_history`'s games, then two under the Swedish rules, a day later, in which
    Ana played for herself against a computer: the hall of fame of two sets of rules, the
    Swedish one played last. The games oldest first."""
    kept = fill_history()
    for number, seed in enumerate((201, 202)):
        game = played(("Ana", "Rita"), seed, SWEDISH)
        document = game.model_dump()
        document["players"][0]["level"] = None  # Ana played this one herself
        human = GameState.model_validate(document)
        _add(human, FIRST_FINISH + timedelta(days=1, hours=number))
        kept.append(human)
    return kept
