"""The turn log's lines, built from a game's record alone (no app): a turn a line, its holds
summed up as what each roll kept, scratches, served fills, tie-breaks and undo told right."""

from __future__ import annotations

from generala_tui import i18n
from generala_tui.game import rules
from generala_tui.game.model import Category, GameState, Level, Player
from generala_tui.ui.widgets.turn_log_words import (
    logged_turns,
    turn_log_lines,
    turn_pieces,
    wrap_turn,
)

from ..conftest import last_turn_tie


def plain(state: GameState) -> list[str]:
    return [line.plain for line in turn_log_lines(state)]


def toggled(state: GameState, *dice: int) -> GameState:
    for die in dice:
        state = rules.toggle_hold(state, die)
    return state


def anas_fours() -> GameState:
    """Ana holds and releases dice on the way to four fours; Bruno then rolls a served
    straight."""
    state = rules.new_game(["Ana", "Bruno"], seed=1)
    state = rules.roll(state, [4, 4, 2, 6, 1])
    # Held and released, over and again: only what was held at the roll is told.
    state = toggled(state, 0, 2, 1, 3, 2, 3, 4)
    state = rules.toggle_hold(state, 4)
    state = rules.roll(state, [4, 3, 5])
    state = toggled(state, 2, 3, 3)
    state = rules.roll(state, [4, 1])
    state = rules.score(state, Category.FOURS)
    state = rules.roll(state, [2, 3, 4, 5, 6])
    return rules.score(state, Category.STRAIGHT)


def test_holds_toggled_on_and_off_are_told_as_what_each_roll_kept() -> None:
    state = anas_fours()
    assert plain(state) == [
        "Round 1 · ■ Ana: rolled 4 4 2 6 1 · kept 4 4 · rolled 4 4 4 3 5 · kept 4 4 4 · "
        "rolled 4 4 4 4 1 · scored 16 in Fours",
        "Round 1 · ♦ Bruno: rolled 2 3 4 5 6 · scored 25 in Straight (served)",
    ]


def test_a_scratch_says_scratched_and_the_turn_in_progress_shows_its_rolls() -> None:
    state = rules.roll(anas_fours(), [1, 1, 2, 3, 6])
    assert plain(state)[-1] == "Round 2 · ■ Ana: rolled 1 1 2 3 6"
    state = rules.roll(state, [5, 5, 5, 5, 5])  # nothing kept
    scratched = rules.scratch(state, Category.GENERALA)
    assert plain(scratched)[-1] == (
        "Round 2 · ■ Ana: rolled 1 1 2 3 6 · kept none · rolled 5 5 5 5 5 · scratched Generala"
    )
    assert logged_turns(scratched)[-1].ended


def test_undo_takes_the_fill_out_of_the_log_and_the_turn_is_in_progress_again() -> None:
    state = rules.roll(anas_fours(), [1, 1, 2, 3, 6])
    scored = rules.score(state, Category.ONES)
    assert plain(scored)[-1].endswith("· scored 2 in Ones")
    undone = rules.undo(scored)
    assert plain(undone) == plain(state)
    assert not logged_turns(undone)[-1].ended
    held = rules.toggle_hold(undone, 0)
    assert plain(rules.undo(held)) == plain(state)  # a hold taken back changes no line


def test_a_served_generala_that_wins_says_so() -> None:
    state = rules.new_game(["Ana", "Bruno"], seed=1)
    won = rules.roll(state, [6, 6, 6, 6, 6])
    assert plain(won) == ["Round 1 · ■ Ana: rolled 6 6 6 6 6 · wins at once with a served Generala"]
    assert logged_turns(won)[-1].ended


def test_tie_break_turns_say_so_and_the_round_comes_from_the_scorecard() -> None:
    state = last_turn_tie()  # set up one box from the end, with no log before it
    state = rules.roll(state, [1, 2, 3, 4, 6])
    state = rules.scratch(state, Category.GENERALA)  # a tie: the tie-break begins
    state = rules.roll(state, [3, 3, 3, 1, 2])
    state = rules.end_tie_break_turn(state)
    state = rules.roll(state, [2, 2, 5, 5, 5])
    lines = plain(state)
    assert lines[0] == "Round 10 · ♦ Bruno: rolled 1 2 3 4 6 · scratched Generala"
    assert lines[1].startswith("Tie-break 1 · ■ Ana: rolled 3 3 3 1 2 · took ")
    assert lines[1].endswith(" tie-break points")
    assert lines[2] == "Tie-break 1 · ♦ Bruno: rolled 2 2 5 5 5"


def test_a_computers_turn_is_told_whole() -> None:
    from generala_tui.game.strategy import play_game

    players = [Player(name="Rita", level=Level.EASY), Player(name="Bo", level=Level.EASY)]
    game = play_game(rules.new_game(players, seed=3))
    lines = plain(game)
    assert len(lines) == 2 * len(game.house_rules.categories()) + sum(
        len(tie_round.scores) for tie_round in game.tie_breaks
    )
    rolls = sum(line.count("rolled ") for line in lines)
    assert rolls == game.dice_thrown


def test_the_lines_speak_spanish() -> None:
    state = rules.roll(anas_fours(), [1, 1, 2, 3, 6])
    state = rules.scratch(state, Category.GENERALA)
    i18n.set_language("es")
    lines = plain(state)
    assert lines[0] == (
        "Ronda 1 · ■ Ana: tiró 4 4 2 6 1 · guardó 4 4 · tiró 4 4 4 3 5 · guardó 4 4 4 · "
        "tiró 4 4 4 4 1 · anotó 16 en Cuatros"
    )
    assert lines[1].endswith("anotó 25 en Escalera (servida)")
    assert lines[2] == "Ronda 2 · ■ Ana: tiró 1 1 2 3 6 · tachó Generala"


def test_a_name_shows_as_written_with_its_seats_mark_and_colour() -> None:
    from generala_tui.ui.colours import SeatColours
    from generala_tui.ui.widgets.turn_log_words import player_name

    state = rules.roll(rules.new_game(["[b]Eve[/]", "Bob[/]"], seed=1), [1, 2, 3, 4, 6])
    assert plain(state) == ["Round 1 · ■ [b]Eve[/]: rolled 1 2 3 4 6"]
    name = player_name(state, 1, SeatColours())
    assert name.plain == "♦ Bob[/]"
    bob = SeatColours().content_style(1, bold=True)
    assert [span.style for span in name.spans][-1] == bob


def test_a_turn_wraps_between_its_steps_never_inside_a_group_of_dice() -> None:
    def words(text: str) -> list[str]:
        return text.replace("·", " ").split()

    state = rules.new_game(["Ana", "Bruno"], seed=1)
    state = rules.roll(state, [2, 2, 6, 2, 1])
    state = rules.roll(toggled(state, 0, 1, 3), [2, 5])
    state = rules.score(state, Category.TWOS)
    (turn,) = logged_turns(state)
    pieces = turn_pieces(state, turn)
    line = "Round 1 · ■ Ana: rolled 2 2 6 2 1 · kept 2 2 2 · rolled 2 2 2 2 5 · scored 8 in Twos"
    assert turn_log_lines(state)[0].plain == line
    for width in range(20, len(line) + 1):
        rows = [row.plain for row in wrap_turn(pieces, width, indent=2)]
        assert all(len(row) <= width for row in rows), width
        # The rows say the whole line, each group of dice on one of them ("kept 2 2 │ 2" no more).
        assert words(" ".join(rows)) == words(line)
        for group in ("rolled 2 2 6 2 1", "kept 2 2 2", "rolled 2 2 2 2 5", "scored 8 in Twos"):
            assert any(group in row for row in rows), (width, rows)
        assert all(row.startswith("  ") for row in rows[1:])
    assert [row.plain for row in wrap_turn(pieces, len(line))] == [line]  # wide: a turn a line
    assert [row.plain for row in wrap_turn(pieces, 40, indent=2)] == [
        "Round 1 · ■ Ana: rolled 2 2 6 2 1 ·",
        "  kept 2 2 2 · rolled 2 2 2 2 5 ·",
        "  scored 8 in Twos",
    ]
