"""Nothing grows without bound on a hostile record: a log no longer than a game can need,
refused early in one sentence; replay, positions and the review in proportion to the log.

A refusal's cheapness is checked by what it builds (one error, not one per item), never by
a clock; the replay's by how many log entries its positions hold between them.
"""

from __future__ import annotations

import functools
import json
import random
from typing import Any

import pytest
from helpers import JUNK
from pydantic import ValidationError

from generala_tui.game import rules
from generala_tui.game.action import Action
from generala_tui.game.law import (
    MAX_LOG_STEPS,
    MAX_TIE_BREAK_ROUNDS,
    MAX_TOGGLES_PER_TURN,
    STEPS_PER_TURN,
)
from generala_tui.game.model import (
    MAX_PLAYERS,
    Category,
    GameState,
    HoldToggled,
    HouseRules,
    LogEntry,
    Phase,
    Rolled,
)
from generala_tui.game.refusals import english_refusal as refusal
from generala_tui.game.strategy import Strategy, analyse_game, review_game, solve
from generala_tui.game.training import history_drills


@functools.cache
def strategy_of(house_rules: HouseRules) -> Strategy:
    return solve(house_rules)


def rolled() -> GameState:
    return rules.roll(rules.new_game(["Ana", "Bruno"], seed=3), JUNK)


def finished(seed: int = 1) -> GameState:
    """A two-player game played to its last box, one roll a turn, the best box each time."""
    state = rules.new_game(["Ana", "Bruno"], HouseRules(served_generala_wins=False), seed=seed)
    while state.phase is not Phase.OVER:
        state = rules.roll(state)
        if state.phase is Phase.TIE_BREAK:
            state = rules.end_tie_break_turn(state)
        elif state.phase is Phase.PLAYING:
            best = max(rules.offers(state), key=lambda offer: offer.points or 0)
            fill = rules.score if best.points else rules.scratch
            state = fill(state, best.category)
    return state


def with_toggles(game: GameState, per_turn: int, turns: int | None = None) -> dict[str, Any]:
    """The game's JSON with ``per_turn`` toggles of die 0 (on, off, on, ...: as an earlier
    release logged a player pressing one die again and again) after the first roll of each
    of its first ``turns`` turns (every turn by default). ``per_turn`` even: the holds stay."""
    data = game.model_dump(mode="json")
    log: list[dict[str, Any]] = []
    first, turn = True, 0
    for entry in data["log"]:
        log.append(entry)
        if (
            entry["kind"] == "roll"
            and first
            and not entry["won"]  # the game ended there
            and (turns is None or turn < turns)
        ):
            log += [
                {"kind": "hold", "seat": entry["seat"], "die": 0, "held": n % 2 == 0}
                for n in range(per_turn)
            ]
        if entry["kind"] in ("fill", "tie_break"):
            turn += 1
        first = entry["kind"] != "roll"
    return {**data, "log": log}


def refused(data: Any) -> tuple[int, str]:
    """How many errors validating ``data`` gives, and the first in words."""
    with pytest.raises(ValidationError) as caught:
        GameState.model_validate(data)
    return caught.value.error_count(), refusal(caught.value)


# --- a log no longer than a game can need ------------------------------------------


def test_the_longest_log_is_every_turn_a_game_can_have_with_every_step_a_turn_can_log() -> None:
    turns = MAX_PLAYERS * len(Category) + MAX_PLAYERS * MAX_TIE_BREAK_ROUNDS
    assert STEPS_PER_TURN == MAX_TOGGLES_PER_TURN + 3 + 1
    assert MAX_LOG_STEPS == turns * STEPS_PER_TURN == 36_608


@pytest.mark.parametrize("item", [{}, 0, {"kind": "hold", "seat": 0, "die": 0, "held": True}])
def test_a_log_longer_than_any_game_is_refused_in_one_sentence_before_its_steps_are_read(
    item: Any,
) -> None:
    data = rolled().model_dump(mode="json")
    data["log"] = [item] * (MAX_LOG_STEPS + 1)
    # One error, not one per step: the length was refused before any step was validated.
    assert refused(data) == (1, "A game's log holds at most 36,608 steps, not 36,609.")


def test_a_million_empty_steps_in_a_json_file_make_one_error() -> None:
    data = rolled().model_dump(mode="json")
    text = json.dumps({**data, "log": [{}] * 10**6})
    with pytest.raises(ValidationError) as caught:
        GameState.model_validate_json(text)
    assert caught.value.error_count() == 1
    assert refusal(caught.value) == "A game's log holds at most 36,608 steps, not 1,000,000."


def test_a_log_longer_than_the_turns_played_allow_is_refused() -> None:
    data = with_toggles(rolled(), STEPS_PER_TURN)  # a roll and 104 toggles: 105 steps
    said = "At this point of the game its log holds at most 104 steps, not 105."
    assert refused(data) == (1, said)
    game = finished()
    ended = len(game.log) - sum(entry.kind == "roll" for entry in game.log)
    most = (ended + 1) * STEPS_PER_TURN
    data = with_toggles(game, 0)
    data["log"] = [data["log"][0]] * (most - len(game.log) + 1) + data["log"]
    assert refused(data) == (
        1,
        f"At this point of the game its log holds at most {most:,} steps, not {most + 1:,}.",
    )


def test_a_turn_with_more_toggles_than_the_bound_is_refused_naming_the_turn() -> None:
    game = finished()
    data = with_toggles(game, 2)
    turn = 3  # the third turn: two toggles in the two before it
    first_rolls = [
        n
        for n, entry in enumerate(data["log"])
        if entry["kind"] == "roll" and data["log"][n - 1]["kind"] != "hold"
    ]
    at = first_rolls[turn - 1] + 1
    seat = data["log"][at - 1]["seat"]
    data["log"][at:at] = [
        {"kind": "hold", "seat": seat, "die": 1, "held": n % 2 == 0}
        for n in range(MAX_TOGGLES_PER_TURN)
    ]
    assert refused(data) == (
        1,
        f"A turn holds or releases dice at most {MAX_TOGGLES_PER_TURN} times, but turn {turn} "
        "of the game's record does so more often.",
    )


def test_a_record_with_the_most_toggles_a_turn_may_have_loads_and_replays() -> None:
    # As an earlier release wrote a game whose players changed their minds a lot: every
    # toggle logged, a die's again and again.
    game = finished()
    data = with_toggles(game, MAX_TOGGLES_PER_TURN)
    loaded = GameState.model_validate_json(json.dumps(data))
    assert len(loaded.log) > 2_000
    assert rules.positions(loaded)[-1] == loaded
    assert loaded.players == game.players


@pytest.mark.parametrize(
    ("edit", "sentence"),
    [
        (lambda d: d.update(players=[{"name": "Ana"}] * 10**5), "A game has 1 to 8 players"),
        (lambda d: d.update(winners=[0] * 10**5), "A game has at most 8 winners"),
        (
            lambda d: d.update(tie_breaks=[{"contenders": [0, 1]}] * (MAX_TIE_BREAK_ROUNDS + 1)),
            "A game has at most 32 tie-break rounds, not 33.",
        ),
        (lambda d: d["turn"].update(dice=[{}] * 10**5), "A turn shows 5 dice"),
        (lambda d: d["turn"].update(held=[{}] * 10**5), "A turn marks which of its 5 dice"),
        (lambda d: d["log"][0].update(dice=[0] * 10**5), "A roll shows 5 dice, not 100,000."),
        (lambda d: d["log"][0].update(held=[{}] * 10**5), "A roll holds dice 0 to 4"),
        (
            lambda d: d["players"][0].update(boxes={f"box{n}": {} for n in range(10**5)}),
            "A scorecard has at most 12 boxes, not 100,000.",
        ),
    ],
)
def test_every_list_of_a_game_is_refused_in_one_sentence_when_longer_than_play_makes_it(
    edit: Any, sentence: str
) -> None:
    data = rolled().model_dump(mode="json")
    edit(data)
    count, said = refused(data)
    assert count == 1
    assert said.startswith(sentence)


def test_a_tie_break_round_of_more_players_than_a_table_seats_is_one_error() -> None:
    data = rolled().model_dump(mode="json")
    data["tie_breaks"] = [{"contenders": [{}] * 10**5}]
    assert refused(data) == (1, "A tie-break is played by at most 8 players, not 100,000.")


# --- hold presses: a step each, settled by the next roll or fill -------------------


def test_each_hold_press_is_a_step_until_the_roll_logs_only_their_net_change() -> None:
    state = rolled()
    pressed = rules.toggle_hold(rules.toggle_hold(rules.toggle_hold(state, 0), 1), 0)
    assert pressed.log == (
        *state.log,
        HoldToggled(seat=0, die=0, held=True),
        HoldToggled(seat=0, die=1, held=True),
        HoldToggled(seat=0, die=0, held=False),
    )
    assert pressed.turn.held == (False, True, False, False, False)
    again = rules.roll(pressed, [1, 1, 1, 1])
    assert again.log[len(state.log) :] == (
        HoldToggled(seat=0, die=1, held=True),
        Rolled(seat=0, held=(1,), dice=(1, again.turn.dice[1], 1, 1, 1)),
    )
    filled = rules.scratch(rules.toggle_hold(rules.toggle_hold(again, 2), 2), Category.GENERALA)
    assert filled.log[:-1] == again.log  # held and let go again: nothing before the fill


def net_change(log: tuple[LogEntry, ...]) -> tuple[LogEntry, ...]:
    """The log as the rules kept it before each press was a step: a toggle of a die toggled
    since the last roll took that toggle out, any other was appended."""
    kept: list[LogEntry] = []
    for entry in log:
        taken_back = None
        if isinstance(entry, HoldToggled):
            for index in range(len(kept) - 1, -1, -1):
                earlier = kept[index]
                if not isinstance(earlier, HoldToggled):
                    break
                if earlier.die == entry.die:
                    taken_back = index
                    break
        if taken_back is None:
            kept.append(entry)
        else:
            del kept[taken_back]
    return tuple(kept)


def presses_since_roll(state: GameState) -> int:
    steps = [isinstance(entry, HoldToggled) for entry in reversed(state.log)]
    return steps.index(False) if False in steps else len(steps)


def test_a_whole_game_of_restless_players_logs_what_it_logged_before_and_replays() -> None:
    draw = random.Random(8)
    state = rules.new_game(["Ana", "Bruno", "Caro"], HouseRules(locked_holds=True), seed=8)
    presses: list[LogEntry] = []  # every step as it was taken, every press among them
    while state.phase is not Phase.OVER:
        if rules.can_roll(state) and (state.turn.rolls == 0 or draw.random() < 0.6):
            state = rules.roll(state)
            presses.append(state.log[-1])
            continue
        for _ in range(draw.randrange(60)):  # more presses than any turn could log before
            die = draw.randrange(5)
            try:
                state = rules.toggle_hold(state, die)
            except rules.IllegalMove:
                continue  # a locked die
            presses.append(HoldToggled(seat=state.current, die=die, held=state.turn.held[die]))
            assert presses_since_roll(state) <= rules.HOLD_PRESSES_KEPT
        if state.phase is Phase.TIE_BREAK:
            state = rules.play(state, Action.end_tie_break())
            presses.append(state.log[-1])
        elif not rules.can_roll(state) or draw.random() < 0.5:
            state = rules.scratch(state, rules.offers(state)[0].category)
            presses.append(state.log[-1])
    assert sum(isinstance(entry, HoldToggled) for entry in presses) > 1_000
    assert state.log == net_change(tuple(presses))
    loaded = GameState.model_validate_json(state.model_dump_json())
    assert loaded == state
    assert rules.positions(loaded)[-1] == state


def test_presses_past_the_bound_are_settled_so_the_log_cannot_grow_by_pressing() -> None:
    state = rolled()
    draw = random.Random(4)
    longest = 0
    for _ in range(10_000):
        state = rules.toggle_hold(state, draw.randrange(5))
        longest = max(longest, len(state.log))
    assert longest == len(rolled().log) + rules.HOLD_PRESSES_KEPT
    assert GameState.model_validate_json(state.model_dump_json()) == state
    assert rules.positions(state)[-1] == state
    settled = rules.roll(state).log[1:-1]
    assert len({entry.die for entry in settled}) == len(settled) <= 5  # type: ignore[union-attr]


def test_a_record_toggling_a_die_twice_after_a_roll_replays_and_goes_on() -> None:
    # Earlier releases logged a die held and released again as two steps.
    state = rolled()
    twice = (*state.log, *(HoldToggled(seat=0, die=2, held=held) for held in (True, False)))
    old = GameState.model_validate(state.model_dump() | {"log": twice})
    assert rules.positions(old)[-1] == old
    held = rules.toggle_hold(old, 2)
    assert held.turn.held[2]
    assert rules.positions(held)[-1] == held
    assert rules.roll(held).log[1:-1] == (HoldToggled(seat=0, die=2, held=True),)
    assert rules.undo(old).log == old.log[:-1]
    assert rules.undo(old).turn.held[2]


# --- replay, positions and the review in proportion to the log ---------------------


def test_the_replays_positions_hold_the_log_once_between_them() -> None:
    game = GameState.model_validate(with_toggles(finished(), 40))
    replayed = list(rules.replay(game))
    assert len(replayed) == len(game.log) + 1
    assert replayed[-1] is game
    # Before: each position held its own copy of the log so far, n(n+1)/2 entries.
    assert sum(len(position.log) for position in replayed) == len(game.log)


def test_positions_give_each_its_log_when_asked_and_keep_none() -> None:
    game = GameState.model_validate(with_toggles(finished(), 10))
    positions = rules.positions(game)
    assert len(positions) == len(game.log) + 1
    for step in (0, 1, 7, len(game.log) // 2, len(game.log) - 1):
        assert positions[step].log == game.log[:step]
        assert len(positions[step].log) == step
        assert positions.without_log(step).log == ()
        assert positions[step].model_copy(update={"log": ()}) == positions.without_log(step)
    assert positions[-1] is game
    assert positions[2:4] == [positions[2], positions[3]]
    with pytest.raises(IndexError):
        positions[len(game.log) + 1]


def test_a_position_given_by_positions_plays_on_as_the_game_did() -> None:
    game = finished(seed=5)
    positions = rules.positions(game)
    for step, entry in enumerate(game.log):
        if isinstance(entry, Rolled) and positions[step].turn.rolls == 0:
            # The seeded dice of the position's next roll are the game's own.
            assert rules.roll(positions[step]).turn.dice == entry.dice


def test_the_review_keeps_one_log_for_every_decision() -> None:
    game = GameState.model_validate(with_toggles(finished(), 30, turns=4))
    strategy = strategy_of(game.house_rules)
    positions = rules.positions(game)
    decisions = [d for player in review_game(game, strategy).players for d in player.decisions]
    assert decisions
    for decision in decisions:
        assert decision.game_log is game.log
        assert decision.position.log == ()
        assert decision.state == positions[decision.move]
    analysed = analyse_game(game, strategy)
    for analysis in analysed:
        for costly in analysis.costliest:
            assert costly.state == positions[costly.move]
    drills = history_drills([game], "Ana", strategy, 2)
    assert drills
    for drill in drills:
        assert rules.positions(drill.state)[-1] == drill.state


def test_a_tampered_long_record_is_still_named_at_its_step() -> None:
    data = with_toggles(finished(), 20)
    data["log"][5] = {**data["log"][5], "seat": 1 - data["log"][5]["seat"]}
    game = GameState.model_validate(data)
    with pytest.raises(rules.BadRecord, match="Step 6 "):
        list(rules.replay(game))
    with pytest.raises(rules.BadRecord, match="Step 6 "):
        review_game(game, strategy_of(game.house_rules))


def test_a_record_leading_elsewhere_is_refused_by_the_replay_before_the_last_position() -> None:
    game = finished()
    short = game.model_copy(update={"log": game.log[:-1]})
    seen: list[GameState] = []
    with pytest.raises(rules.BadRecord, match="does not lead"):
        seen.extend(rules.replay(short))
    assert len(seen) == len(short.log)  # the start and the steps, not the game claimed
