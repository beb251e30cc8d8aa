"""``generala-tui analyse FILE [--json]`` and ``simulate --records DIR``."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from generala_tui import store
from generala_tui.commands.main import main
from generala_tui.game import rules
from generala_tui.game.action import Action
from generala_tui.game.model import Filled, GameState, HouseRules, Phase
from generala_tui.game.strategy import solve

IDENTITY = 1e-6
PLAYER_KEYS = {"name", "total", "expected_start", "luck", "loss", "rating", "decisions"}
DECISION_KEYS = {"round", "roll", "action", "best", "cost"}


def mixed_game(house_rules: HouseRules, seed: int, steps: int | None = None) -> GameState:
    """Ana and Bruno at the rules: good moves and bad ones, to the end or ``steps`` steps."""
    strategy = solve(house_rules)
    rng = random.Random(seed)
    state = rules.new_game(["Ana", "Bruno"], house_rules, seed=seed)
    while state.phase is not Phase.OVER and (steps is None or len(state.log) < steps):
        values = strategy.evaluate(state, all_scratches=True)
        good = rng.random() < 0.6 or not state.turn.rolls
        state = rules.play(state, values[0].action if good else rng.choice(values).action)
    return state


def analyse_json(path: Path | str, capsys: pytest.CaptureFixture[str]) -> dict:
    assert main(["analyse", str(path), "--json"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return json.loads(out)


def check_identity(document: dict, game: GameState) -> None:
    assert [player["name"] for player in document["players"]] == [p.name for p in game.players]
    for player, seated in zip(document["players"], game.players, strict=True):
        assert player.keys() >= PLAYER_KEYS
        assert player["total"] == seated.total
        for decision in player["decisions"]:
            assert decision.keys() >= DECISION_KEYS
            assert decision["cost"] >= 0
        summed = player["expected_start"] + player["luck"] - player["loss"]
        assert abs(player["expected_end"] - summed) < IDENTITY
        if player["complete"]:
            assert abs(player["total"] - summed) < IDENTITY


def test_analyse_json_of_a_record_written_from_a_played_game(tmp_path, capsys):
    house_rules = HouseRules(double_generala=True, served_generala_wins=False)
    game = mixed_game(house_rules, seed=21)
    path = tmp_path / "game.json"
    store.write_record(game, path)
    document = analyse_json(path, capsys)
    check_identity(document, game)
    assert all(player["complete"] for player in document["players"])
    assert sum(player["loss"] for player in document["players"]) > 1
    ana = document["players"][0]
    assert ana["rating"] in {"masterly", "strong", "solid", "casual", "shaky", "careless"}
    assert document["house_rules"]["double_generala"] is True
    fills = [d for d in ana["decisions"] if d["action_detail"]["kind"] in ("score", "scratch")]
    assert len(fills) == len(house_rules.categories())


def test_a_fill_made_again_after_a_take_back_is_marked_in_the_report_and_its_json(tmp_path, capsys):
    from generala_tui.game.model import Category, Level, Player
    from generala_tui.game.strategy import choose_action

    rita = Player(name="Rita", level=Level.EASY)
    game = rules.roll(rules.new_game(["Ana", rita], seed=5), [4, 4, 3, 4, 3])
    game = rules.score(game, Category.FOURS)
    while rules.computer_to_act(game):
        game = rules.play(game, choose_action(game))
    game = rules.score(rules.undo(game), Category.FULL_HOUSE)
    path = tmp_path / "game.json"
    store.write_record(game, path)
    document = analyse_json(path, capsys)
    check_identity(document, game)
    ana = document["players"][0]
    assert ana["taken_back"] == 1 and [d["taken_back"] for d in ana["decisions"]] == [True]
    assert document["players"][1]["taken_back"] == 0
    assert main(["analyse", str(path)]) == 0
    out = capsys.readouterr().out
    assert "1 fill made again after a take-back (the computers' turns after it seen)" in out


def test_analyse_reads_the_autosave_and_a_history_file(capsys):
    unfinished = mixed_game(HouseRules(), seed=5, steps=40)
    assert store.save_game(unfinished) is None
    document = analyse_json(store.game_path(), capsys)
    check_identity(document, unfinished)
    assert document["phase"] == "playing"
    assert not any(player["complete"] for player in document["players"])
    finished = mixed_game(HouseRules(two_pairs=True), seed=6)
    assert store.add_to_history(finished) is None
    (history_file,) = store.history_dir().iterdir()
    check_identity(analyse_json(history_file, capsys), finished)


def test_the_text_report_lists_every_decision_with_its_cost_and_mark(tmp_path, capsys):
    game = mixed_game(HouseRules(), seed=8)
    path = tmp_path / "game.json"
    store.write_record(game, path)
    assert main(["analyse", str(path)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.startswith(f"Game record: {path}\n")
    document = analyse_json(path, capsys)
    for player in document["players"]:
        assert f"\n{player['name']}\n  total {player['total']} = expected at the start " in out
        assert f"{player['luck']:+.2f} luck - {player['loss']:.2f} losses" in out
        assert f"  rating: {player['rating']}" in out
    decisions = [d for player in document["players"] for d in player["decisions"]]
    lines = [
        line for line in out.splitlines() if line.rstrip().endswith(("fine", "doubtful", "bad"))
    ]
    assert len(lines) == len(decisions)
    for line, decision in zip(lines, decisions, strict=True):
        assert decision["action"] in line
        assert f"{decision['cost']:.2f}" in line
        if decision["cost"] > 0:
            assert decision["best"] in line
        else:
            assert f"{decision['action']}  " in line and "  =  " in line


def test_simulate_records_each_game_and_analyse_reads_them(tmp_path, capsys):
    folder = tmp_path / "new" / "records"
    args = ["simulate", "--games", "3", "--seed", "7", "--jobs", "1", "--json"]
    assert main([*args, "--records", str(folder)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["records"] == str(folder)
    paths = sorted(folder.iterdir())
    assert [path.name.split("-seed-")[0] for path in paths] == [
        "game-000001",
        "game-000002",
        "game-000003",
    ]
    totals = [0.0] * len(result["players"])
    for path in paths:
        game = store.read_record(path)
        assert str(game.seed) in path.name
        document = analyse_json(path, capsys)
        check_identity(document, game)
        for seat, player in enumerate(document["players"]):
            totals[seat] += player["total"]
    for seat, player in enumerate(result["players"]):
        assert player["mean"] == pytest.approx(totals[seat] / 3)


def test_simulate_refuses_a_folder_of_records_that_cannot_be(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert main(["simulate", "--games", "1", "--records", str(blocker)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1
    assert f"{blocker} can't be a folder of game records" in err


def _game_text(game: GameState, **changes: object) -> str:
    document = {"format": store.RECORD_FORMAT, "version": 1, "game": game.model_dump(mode="json")}
    document.update(changes)
    return json.dumps(document)


def _tampered(game: GameState) -> GameState:
    log = list(game.log)
    fill = next(i for i, entry in enumerate(log) if isinstance(entry, Filled))
    log[fill] = log[fill].model_copy(update={"seat": 1 - log[fill].seat})
    return game.model_copy(update={"log": tuple(log)})


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("{not json", "not valid JSON"),
        (json.dumps({"format": "chess", "version": 1, "game": {}}), "not a generala-tui game"),
        ("VERSION", "version 9 from a newer generala-tui"),
        ("IMPOSSIBLE", "an impossible game"),
        ("TAMPERED", "does not replay"),
        (None, "there is no such file"),
    ],
)
def test_a_bad_record_gets_one_line_and_status_2(tmp_path, capsys, content, expected):
    game = mixed_game(HouseRules(), seed=3, steps=30)
    path = tmp_path / "record.json"
    if content == "VERSION":
        content = _game_text(game, version=9)
    elif content == "IMPOSSIBLE":
        document = json.loads(_game_text(game))
        document["game"]["players"][1]["name"] = "Ana"
        content = json.dumps(document)
    elif content == "TAMPERED":
        content = _game_text(_tampered(game))
    if content is not None:
        path.write_text(content, encoding="utf-8")
    assert main(["analyse", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("generala-tui analyse: ")
    assert err.count("\n") == 1
    assert expected in err


def test_analyse_takes_no_game_options(capsys, tmp_path):
    assert main(["--seed", "3", "analyse", str(tmp_path / "x.json")]) == 2
    assert "don't go with 'analyse'" in capsys.readouterr().err


def test_the_analysis_does_not_load_the_user_interface(tmp_path):
    """The analyse command's own code imports no Textual (the parser's rule help is another's)."""
    path = tmp_path / "game.json"
    store.write_record(mixed_game(HouseRules(), seed=4, steps=20), path)
    code = (
        "import argparse, sys; from generala_tui.commands import analyse; "
        f"status = analyse.run(argparse.Namespace(file={str(path)!r}, json=False)); "
        "assert status == 0, status; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'textual'))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "Ana" in done.stdout
    assert done.stdout.rstrip().endswith("[]")


def test_a_tie_break_is_reported_apart_from_the_totals(tmp_path, capsys):
    state = rules.new_game(["Ana", "Bruno"], seed=2)
    strategy = solve(HouseRules())
    while state.phase is Phase.PLAYING:  # both scratch every box: tied at 0
        rolled = rules.roll(state)
        state = rules.play(rolled, Action.scratch(rules.offers(rolled)[0].category))
    while state.phase is not Phase.OVER:
        state = rules.play(state, strategy.best_action(state))
    path = tmp_path / "tie.json"
    store.write_record(state, path)
    document = analyse_json(path, capsys)
    check_identity(document, state)
    tie_break = [d for p in document["players"] for d in p["decisions"] if d["tie_break"]]
    assert tie_break and all(d["round"] > len(HouseRules().categories()) for d in tie_break)
    assert main(["analyse", str(path)]) == 0
    out = capsys.readouterr().out
    assert "    tb1 " in out
    assert "(tie-break points, not in the total)" in out
    assert "won in a tie-break" in out or "won at once" in out


def test_the_report_speaks_the_chosen_language_and_its_json_stays_english(tmp_path, capsys):
    game = mixed_game(HouseRules(), seed=8)
    path = tmp_path / "game.json"
    store.write_record(game, path)
    english = analyse_json(path, capsys)
    assert main(["analyse", "--lang", "es", str(path)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.startswith(f"Registro de partida: {path}\n")
    assert "Reglas de la casa: las predeterminadas\n" in out
    assert "  total " in out and " de suerte - " in out and "calificación: " in out
    assert "expected" not in out and "rating" not in out
    assert main(["analyse", "--lang", "sv", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == english


def test_the_analysis_in_swedish_does_not_load_the_user_interface(tmp_path):
    path = tmp_path / "game.json"
    store.write_record(mixed_game(HouseRules(), seed=4, steps=20), path)
    code = (
        "import argparse, sys; from generala_tui import i18n; "
        "from generala_tui.commands import analyse; i18n.set_language('sv'); "
        f"status = analyse.run(argparse.Namespace(file={str(path)!r}, json=False)); "
        "assert status == 0, status; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'textual'))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "Partifil" in done.stdout
    assert done.stdout.rstrip().endswith("[]")
