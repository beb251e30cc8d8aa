"""Rated tables (issue 37): only players the server knows sit at one, its clock runs, and
its end moves every known player's rating once, kept with the game's end in one
transaction; the players see it, the lobby's leaderboard follows, a restart keeps it."""

from __future__ import annotations

import secrets
import sqlite3
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from generala_tui.game.model import Level, Phase
from generala_tui.online.database import FILE_NAME
from generala_tui.online.protocol import (
    AskGame,
    AskGames,
    Claim,
    Claimed,
    Enter,
    GameKept,
    Games,
    Lobby,
    LobbyChanged,
    Named,
    NewSeat,
    OpenTable,
    Refused,
    TakeName,
)
from generala_tui.online.ratings import (
    COMPUTER_RATINGS,
    PRIOR,
    Standing,
    places,
    placing,
    rate,
)
from generala_tui.online.server import RATED_TURN_SECONDS

from .conftest import receive, receive_a, serving, url
from .test_whole_game import Seat

pytest.importorskip("openskill")


async def _ask(socket: object, message: object) -> Claimed | Named | Games | GameKept | Refused:
    await socket.send(message.model_dump_json())  # type: ignore[attr-defined]
    while True:
        answer = await receive(socket)
        if isinstance(answer, Claimed | Named | Games | GameKept | Refused):
            return answer


async def _known(socket: object, token: str, name: str) -> None:
    await socket.send(Enter(token=token).model_dump_json())  # type: ignore[attr-defined]
    await receive_a(socket, Lobby)
    assert await _ask(socket, TakeName(name=name)) == Named(name=name)


def test_places_put_the_winners_first_and_equal_totals_together() -> None:
    # D won the tie-break with B: B is second; A and C share the third place.
    assert placing([50, 80, 50, 80], (3,)) == [3, 2, 3, 1]
    assert placing([120, 120], (0, 1)) == [1, 1]  # a shared win


def test_a_computer_keeps_its_rating_and_a_win_over_it_raises_a_players() -> None:
    easy = COMPUTER_RATINGS[Level.EASY]
    after = rate(
        [
            Standing("ana", None, *PRIOR, place=1, total=200),
            Standing(None, Level.EASY, *easy, place=2, total=150),
        ]
    )
    assert after[1] == easy
    assert after[0][0] > PRIOR[0] and after[0][1] < PRIOR[1]


async def test_a_rated_game_of_two_joins_and_a_computer_rates_each_once_and_a_restart_keeps_it(
    tmp_path: Path,
) -> None:
    ana_token, bruno_token = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
    async with serving(tmp_path) as server:
        async with connect(url(server)) as ana, connect(url(server)) as bruno:
            await _known(ana, ana_token, "Ana")
            await _known(bruno, bruno_token, "Bruno")
            seats = (
                NewSeat(name="Ana"),
                NewSeat(name="Bruno"),
                NewSeat(name="Rita", level=Level.EASY),
            )
            opened = await _ask(ana, OpenTable(seats=seats, rated=True))
            assert isinstance(opened, Claimed) and opened.key is not None
            joined = await _ask(bruno, Claim(code=opened.code))
            assert isinstance(joined, Claimed) and joined.key is not None
            # A guest neither sits at a rated table nor opens one.
            async with connect(url(server)) as guest:
                await guest.send(Enter().model_dump_json())
                await receive_a(guest, Lobby)
                for refused in (
                    await _ask(guest, Claim(code=opened.code)),
                    await _ask(guest, OpenTable(seats=seats, rated=True)),
                ):
                    assert isinstance(refused, Refused)
                    assert refused.english.startswith("Only players this server knows sit at")
            record = server.tables[opened.table].record
            assert record.rated and record.turn_time == RATED_TURN_SECONDS
            base = f"ws://127.0.0.1:{server.port}/{opened.table}"
            players = [Seat(f"{base}?seat={opened.key}"), Seat(f"{base}?seat={joined.key}")]
            try:
                for player in players:
                    end = await player.until(lambda table: bool(table.ratings), 120)
                    assert end.rated and end.game.phase is Phase.OVER
            finally:
                for player in players:
                    await player.client.close()
                    player.task.cancel()
            # Ana's lobby is told of the new leaderboard.
            changed = await receive_a(ana, LobbyChanged, lambda m: m.leaders is not None)
            assert {leader.name for leader in changed.leaders or ()} == {"Ana", "Bruno"}
        game = end.game
        moved = {change.seat: change for change in end.ratings}
        assert set(moved) == {0, 1}  # the computer's rating is fixed
        expected = rate(
            [
                Standing("a", None, *PRIOR, places(game)[0], game.players[0].total),
                Standing("b", None, *PRIOR, places(game)[1], game.players[1].total),
                Standing(None, Level.EASY, *COMPUTER_RATINGS[Level.EASY], places(game)[2], 0),
            ]
        )
        for seat in (0, 1):
            assert moved[seat].before == PRIOR[0]
            assert (moved[seat].mu, moved[seat].sigma) == pytest.approx(expected[seat])
        db = sqlite3.connect(tmp_path / FILE_NAME)
        assert db.execute("SELECT count(*) FROM results").fetchone() == (2,)  # once each
        people = dict(db.execute("SELECT name, games FROM people").fetchall())
        assert people == {"Ana": 1, "Bruno": 1}
        db.close()
    async with serving(tmp_path) as server:  # a restart keeps the ratings and the board
        async with connect(url(server)) as socket:
            await socket.send(Enter(token=bruno_token).model_dump_json())
            lobby = await receive_a(socket, Lobby)
            # ... and the game whole: Bruno's recent games list it, and it opens as played.
            games = await _ask(socket, AskGames())
            assert isinstance(games, Games) and games.name == "Bruno"
            (listed,) = games.games
            assert (listed.table, listed.number) == (opened.table, 1)
            assert listed.players == ("Ana", "Bruno", "Rita")
            assert (listed.place, listed.total) == (places(game)[1], game.players[1].total)
            assert listed.mu == pytest.approx(moved[1].mu) and listed.change is not None
            anas = await _ask(socket, AskGames(name="ana"))  # by name, as it looks
            assert isinstance(anas, Games) and anas.name == "Ana" and len(anas.games) == 1
            kept = await _ask(socket, AskGame(table=listed.table, number=1))
            assert isinstance(kept, GameKept)
            assert kept.game == game.model_copy(update={"seed": 0})  # the seed stays here
            for refused, said in (
                (await _ask(socket, AskGames(name="Nobody")), "Nobody is known on this"),
                (await _ask(socket, AskGame(table=listed.table, number=2)), "That game is not"),
            ):
                assert isinstance(refused, Refused) and refused.english.startswith(said)
        board = {leader.name: leader for leader in lobby.leaders}
        assert board["Bruno"].games == 1
        assert board["Bruno"].mu == pytest.approx(moved[1].mu)
        assert board["Ana"].best == game.players[0].total
        assert server.tables[opened.table].record.ratings == end.ratings


def test_a_rated_end_not_kept_whole_is_not_kept_at_all(tmp_path: Path) -> None:
    """The game's end and its ratings are one transaction: when the ratings fail (here a
    result of a player the file does not have), the game is not ended on disk either."""
    from generala_tui.game.model import Player
    from generala_tui.game.strategy import choose_action
    from generala_tui.online.database import TableDatabase
    from generala_tui.online.protocol import Move
    from generala_tui.online.ratings import Result
    from generala_tui.online.tables import open_table, take

    database = TableDatabase(tmp_path)
    record = open_table([Player(name="Ana"), Player(name="Bruno")], seed=3, rated=True)
    database.save(record)
    while True:
        game = record.game
        move = Move(step=len(game.log), action=choose_action(game, Level.EASY))
        after, played = take(record, game.current, move)
        ended = record.model_copy(update={"game": after})
        if after.phase is Phase.OVER:
            break
        database.step(ended, played.model_dump_json(), before=record)
        record = ended
    ghost = Result("nobody", 1, 100, PRIOR, (30.0, 7.0))
    with pytest.raises(sqlite3.IntegrityError):
        database.step(ended, played.model_dump_json(), before=record, results=[ghost])
    database.close()
    (kept,) = TableDatabase(tmp_path).load()
    assert kept.game == record.game and kept.game.phase is not Phase.OVER
