"""``analyse`` in win chances: every roll and decision's chances before and after for every seat,
each player's luck and skill in win chance, and their line in the text report."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest
from helpers import scratch_turn

from generala_tui import store
from generala_tui.commands import report
from generala_tui.commands.main import main
from generala_tui.game import rules
from generala_tui.game.model import HouseRules

from .test_analyse_cli import analyse_json, mixed_game

PAGE = Path(__file__).parents[2] / "docs" / "analysis.md"
STEP_CHANCES = {"chances_before", "chances_after"}
PLAYER_CHANCES = {
    "chance_start",
    "chance_end",
    "chance_luck",
    "chance_skill",
    "chance_others",
    "chance_cost",
}


def test_every_roll_and_decision_has_every_seats_chances_before_and_after(tmp_path, capsys):
    game = mixed_game(HouseRules(), seed=21)
    path = tmp_path / "game.json"
    store.write_record(game, path)
    document = analyse_json(path, capsys)
    seats = len(game.players)
    steps = 0
    for player in document["players"]:
        assert player.keys() >= PLAYER_CHANCES
        for step in player["decisions"] + player["rolls"]:
            assert step.keys() >= STEP_CHANCES
            for key in STEP_CHANCES:
                assert len(step[key]) == seats
                assert math.fsum(step[key]) == pytest.approx(1.0, abs=1e-9)
                assert all(0.0 <= chance <= 1.0 + 1e-12 for chance in step[key])
            steps += 1
        for decision in player["decisions"]:
            assert decision["chance_cost"] >= 0
            assert decision["best_chance"] >= decision["chances_after"][player["seat"]] - 1e-9
        summed = (
            player["chance_start"]
            + player["chance_luck"]
            + player["chance_skill"]
            + player["chance_others"]
        )
        assert abs(summed - player["chance_end"]) < 1e-9
    assert steps > 50
    winners = document["winners"]
    assert [p["chance_end"] for p in document["players"]] == [
        1.0 / len(winners) if p["name"] in winners else 0.0 for p in document["players"]
    ]


def test_the_text_report_has_a_win_chance_line_for_each_player(tmp_path, capsys):
    game = mixed_game(HouseRules(), seed=8)
    path = tmp_path / "game.json"
    store.write_record(game, path)
    assert main(["analyse", str(path)]) == 0
    out = capsys.readouterr().out
    lines = re.findall(r"^  win chance (\d+\.\d)% = (\d+\.\d)% at the start .* luck .*$", out, re.M)
    assert len(lines) == 2
    assert sorted(float(end) for end, _ in lines) == [0.0, 100.0]
    assert "if every player plays like the expert" in out


def test_alone_at_the_table_the_chances_are_one_and_the_report_leaves_them_out(tmp_path, capsys):
    state = scratch_turn(scratch_turn(rules.new_game(["Ana"], seed=3)))
    path = tmp_path / "alone.json"
    store.write_record(state, path)
    (ana,) = analyse_json(path, capsys)["players"]
    assert ana["chance_start"] == ana["chance_end"] == 1.0
    assert all(roll["chances_before"] == roll["chances_after"] == [1.0] for roll in ana["rolls"])
    assert main(["analyse", str(path)]) == 0
    assert "win chance" not in capsys.readouterr().out


def test_every_key_of_the_json_is_in_docs_analysis_md(tmp_path, capsys):
    game = mixed_game(HouseRules(), seed=3, steps=30)
    path = tmp_path / "game.json"
    store.write_record(game, path)
    document = analyse_json(path, capsys)
    keys = set(document) | set(document["players"][0])
    for player in document["players"]:
        for step in player["decisions"] + player["rolls"]:
            keys |= set(step)
    page = PAGE.read_text(encoding="utf-8")
    missing = sorted(key for key in keys if f"`{key}`" not in page)
    assert missing == []
    assert document["version"] == report.ANALYSIS_VERSION == 1  # keys were only added


def test_the_json_of_a_shared_win_ends_at_a_half_each(tmp_path, capsys):
    house_rules = HouseRules(tie_break=False)
    state = rules.new_game(["Ana", "Bruno"], house_rules, seed=2)
    while state.phase.value == "playing":
        state = scratch_turn(state)
    path = tmp_path / "shared.json"
    store.write_record(state, path)
    document = analyse_json(path, capsys)
    assert document["ending"] == "shared"
    assert [p["chance_end"] for p in document["players"]] == [0.5, 0.5]
    json.dumps(document)  # plain JSON throughout
