"""``generala-tui fair-play``: the host's report of how close each player's rated games came
to the optimum (issue 37), read from a server's data folder while the server holds it."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from generala_tui import store
from generala_tui.commands.fair_play import record_name
from generala_tui.commands.main import main
from generala_tui.game.model import Level, Phase, Player
from generala_tui.game.strategy import choose_action
from generala_tui.online.database import FILE_NAME, SCHEMA_VERSION, TableDatabase
from generala_tui.online.fair_play import PlayerPlay
from generala_tui.online.protocol import Move
from generala_tui.online.ratings import PRIOR, Result, places
from generala_tui.online.tables import TableRecord, open_table, take

PLAYS = {"Ana": Level.EXPERT, "Bruno": Level.EASY}
"""Who plays each known player's seat: Ana the optimum (the expert), Bruno the easy computer."""


def _rated_game(database: TableDatabase, people: dict[str, str], seed: int) -> TableRecord:
    """A rated game of Ana and Bruno (the players ``people`` names, by id), played to its end
    by their computers and kept as a rated game's end is."""
    record = open_table([Player(name=name) for name in PLAYS], seed=seed, rated=True)
    database.save(record)
    while True:
        level = PLAYS[record.game.current_player.name]
        move = Move(step=len(record.game.log), action=choose_action(record.game, level))
        after, played = take(record, record.game.current, move)
        ended = record.model_copy(update={"game": after})
        if after.phase is Phase.OVER:
            results = [
                Result(people[player.name], place, player.total, PRIOR, PRIOR)
                for player, place in zip(after.players, places(after), strict=True)
            ]
            database.step(ended, played.model_dump_json(), before=record, results=results)
            return ended
        database.step(ended, played.model_dump_json(), before=record)
        record = ended


@pytest.fixture
def served(tmp_path: Path) -> tuple[TableDatabase, list[TableRecord]]:
    """A server's folder, held (its lock taken) as a running server holds it, with two rated
    games of Ana and Bruno."""
    database = TableDatabase(tmp_path / "tables")
    people = {name: f"id-{name}" for name in PLAYS}
    for name, person in people.items():
        database.add_person(f"token:{name}", person, name)
    games = [_rated_game(database, people, seed) for seed in (3, 4)]
    yield database, games
    database.close()


def _report(folder: Path, capsys: pytest.CaptureFixture[str], *options: str) -> dict:
    assert main(["fair-play", "--data", str(folder), "--json", *options]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return json.loads(out)


def test_the_optimums_play_is_flagged_with_its_games_and_the_easy_computers_is_not(
    served: tuple[TableDatabase, list[TableRecord]], capsys: pytest.CaptureFixture[str]
) -> None:
    database, games = served
    report = _report(database.path.parent, capsys, "--min-games", "2")
    assert report["format"] == "generala-tui fair play"
    assert (report["min_games"], report["min_decisions"]) == (2, 30)
    ana, bruno = report["players"]  # the flagged first
    kept = [{"table": game.id, "number": game.number} for game in games]
    assert ana["name"] == "Ana" and ana["flagged"]
    assert ana["mean_cost"] == 0 and ana["optimal_share"] == 1
    assert ana["games"] == 2 and ana["decisions"] >= 30 and ana["rated_games"] == kept
    assert bruno["name"] == "Bruno" and not bruno["flagged"]
    assert bruno["mean_cost"] > report["threshold"] and bruno["optimal_share"] < 1
    assert bruno["rated_games"] == kept and report["not_counted"] == []

    assert main(["fair-play", "--data", str(database.path.parent), "--min-games", "2"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert "A flag asks you to look at the games, and proves nothing" in out
    (row,) = [line for line in lines if line.startswith("Ana ")]
    assert row.split()[1:] == ["2", str(ana["decisions"]), "0.000", "100.0%", "look"]
    (row,) = [line for line in lines if line.startswith("Bruno ")]
    assert row.split()[1:3] == ["2", str(bruno["decisions"])] and "look" not in row
    at = lines.index("Ana: look at these 2 games (table id, game number):")
    assert lines[at + 1 : at + 3] == [f"  {game.id} {game.number}" for game in games]
    assert "Bruno: look" not in out


def test_too_few_games_flag_no_one_and_the_games_write_as_records_analyse_opens(
    served: tuple[TableDatabase, list[TableRecord]],
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    database, games = served
    report = _report(database.path.parent, capsys)  # ten games by default: two are too few
    assert report["min_games"] == 10 and not any(p["flagged"] for p in report["players"])
    records = tmp_path / "records"
    _report(database.path.parent, capsys, "--min-games", "2", "--records", str(records))
    written = sorted(path.name for path in records.iterdir())
    assert written == sorted(record_name(game.id, game.number) for game in games)
    for game in games:
        path = records / record_name(game.id, game.number)
        assert store.read_record(path) == game.game.model_copy(update={"seed": 0})
        assert main(["analyse", str(path)]) == 0
        capsys.readouterr()


def test_a_game_that_does_not_read_is_left_out_and_counted(
    served: tuple[TableDatabase, list[TableRecord]], capsys: pytest.CaptureFixture[str]
) -> None:
    database, games = served
    with sqlite3.connect(database.path) as other:  # beside the server's own connection
        other.execute(
            "UPDATE rated_games SET game = '{\"not\": 1}' WHERE table_id = ?", (games[0].id,)
        )
    report = _report(database.path.parent, capsys, "--min-games", "1")
    assert report["not_counted"] == [{"table": games[0].id, "number": games[0].number}]
    assert [p["games"] for p in report["players"]] == [1, 1]
    assert main(["fair-play", "--data", str(database.path.parent)]) == 0
    assert "1 rated game not counted: it does not read" in capsys.readouterr().out


def _folder_of_version(folder: Path, version: int) -> Path:
    TableDatabase(folder).close()
    with sqlite3.connect(folder / FILE_NAME) as db:
        db.execute(f"PRAGMA user_version = {version}")
    return folder


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (lambda tmp: tmp / "nowhere", "holds no tables.sqlite3: it is not a table server's"),
        (lambda tmp: tmp, "holds no tables.sqlite3"),
        (
            lambda tmp: (tmp / FILE_NAME).write_text("no database" * 200) and tmp,
            "could not be read",
        ),
        (lambda tmp: _folder_of_version(tmp / "old", 3), "of version 3, older than this"),
        (
            lambda tmp: _folder_of_version(tmp / "new", SCHEMA_VERSION + 1),
            "made by a newer release",
        ),
    ],
    ids=["no folder", "no database", "not a database", "older", "newer"],
)
def test_a_folder_that_is_not_a_servers_is_one_line_and_exit_status_2(
    make, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = make(tmp_path)
    assert main(["fair-play", "--data", str(folder)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1
    assert err.startswith("generala-tui fair-play: ") and said in err


def test_a_players_name_is_printed_escaped_and_the_report_speaks_spanish(
    served: tuple[TableDatabase, list[TableRecord]], capsys: pytest.CaptureFixture[str]
) -> None:
    from generala_tui.commands.fair_play import _row

    assert _row(PlayerPlay("A\x1b[2JB", (), 0, 0.0, 0, False))[0] == "A\\x1b[2JB"
    database, _games = served
    folder = str(database.path.parent)
    assert main(["fair-play", "--data", folder, "--min-games", "2", "--lang", "es"]) == 0
    out = capsys.readouterr().out
    assert "Ana: mirá estas 2 partidas" in out and "no prueba nada" in out
    assert main(["fair-play", "--data", folder, "--min-games", "0", "--lang", "sv"]) == 2
    assert "--min-games" in capsys.readouterr().err
