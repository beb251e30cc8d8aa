"""The turn screen, played with the keys and with the mouse; its standings and scorecard with
wide names."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from rich.color import Color
from rich.style import Style
from textual.strip import Strip
from textual.widget import Widget

from generala_tui.game import rules
from generala_tui.game.model import Category, Ending, GameState, Level, Phase, Player
from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.colours import MARKS
from generala_tui.ui.screens.dialogs import ConfirmDialog
from generala_tui.ui.screens.game_over import GameOverScreen
from generala_tui.ui.screens.scorecard import ScorecardScreen
from generala_tui.ui.screens.setup import SetupScreen
from generala_tui.ui.screens.turn import TurnScreen
from generala_tui.ui.widgets.boxes import BoxLine, BoxList, BoxOffer, row_text
from generala_tui.ui.widgets.dice import Die
from generala_tui.ui.widgets.scorecard import ScorecardTable
from generala_tui.ui.widgets.standings import Standings

from ..conftest import (
    box_row,
    click_box,
    cursor_row,
    first_seed,
    last_turn_tie,
    nothing_to_score,
    notices,
    running,
)

SIZES = [(40, 12), (80, 24), (200, 60)]


@pytest.mark.parametrize(
    "size",
    # Slow but at 80x24: a whole game by the keys at each size (about 20 s each).
    [s if s == (80, 24) else pytest.param(s, marks=pytest.mark.slow) for s in SIZES],
    ids=lambda s: f"{s[0]}x{s[1]}",
)
async def test_whole_game_from_setup_with_the_keys_only_reaches_the_winner(
    size: tuple[int, int],
) -> None:
    async with running(seed=5, size=size) as (app, pilot):
        await pilot.pause()
        clear = ["end", "ctrl+u"]  # the name field emptied
        await pilot.press(*clear, *"Ana", "enter")  # on to the next name
        await pilot.press(*clear, *"Bruno", "enter")  # the last name starts the game
        await pilot.pause()
        assert [p.name for p in app.game.players] == ["Ana", "Bruno"]
        turns = 0
        while app.game is not None and app.game.phase is not Phase.OVER:
            assert isinstance(app.screen, TurnScreen)
            before = app.game
            await pilot.press("r")
            await pilot.press("1")  # hold die 1, roll the rest
            await pilot.press("space")
            await pilot.press("down", "up")
            await pilot.press("enter")
            await pilot.pause()
            if isinstance(app.screen, ConfirmDialog):
                await pilot.press("y")
                await pilot.pause()
            if app.game.phase is Phase.TIE_BREAK:
                await pilot.press("r", "enter")
                await pilot.pause()
            assert app.game != before
            turns += 1
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        assert turns >= 20
        assert all(len(p.boxes) == 10 for p in app.game.players) or app.game.ending in {
            Ending.SERVED_GENERALA,
        }
        winner = app.game.players[app.game.winners[0]].name
        headline = str(app.screen.query_one("#headline").render())
        assert f"{winner} wins!" in headline or "share" in headline


@pytest.mark.slow  # a whole game by clicks at each size (about 20 s each; the keys' stay)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_whole_game_from_setup_with_the_mouse_only(size: tuple[int, int]) -> None:
    async with running(size=size) as (app, pilot):
        await pilot.pause()
        await pilot.click("#start")
        await pilot.pause()
        assert app.game is not None
        assert [p.name for p in app.game.players] == ["Player 1", "Player 2"]
        while app.game.phase is not Phase.OVER:
            screen = app.screen
            assert isinstance(screen, TurnScreen)
            narrow = screen.has_class("-narrow")
            await pilot.click("#roll-compact" if narrow else "#roll")
            await pilot.pause()
            if app.game.phase is Phase.OVER:
                break
            await pilot.click("#die-2")
            await pilot.pause()
            assert app.game.turn.held[1]
            if app.game.phase is Phase.TIE_BREAK:
                await pilot.click("#end-turn")
                await pilot.pause()
                continue
            # The row under the cursor is always scrolled into view, whatever the size.
            row = cursor_row(app)
            assert row is not None
            await click_box(pilot, row.category)
            await pilot.pause()
            if isinstance(app.screen, ConfirmDialog):
                await pilot.click("#confirm")
                await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        await pilot.click("#play-again")
        await pilot.pause()
        assert isinstance(app.screen, TurnScreen)
        assert app.game.phase is Phase.PLAYING and app.game.turn.rolls == 0


async def test_clicking_a_die_holds_it_and_clicking_again_releases_it() -> None:
    async with running(rules.new_game(["Ana"], seed=2)) as (app, pilot):
        await pilot.click("#roll")
        await pilot.click("#die-3")
        await pilot.pause()
        die = app.screen.query_one("#die-3", Die)
        assert app.game.turn.held == (False, False, True, False, False)
        assert die.held and die.has_class("-held")
        assert "HELD" in str(die.render())
        await pilot.click("#die-3")
        await pilot.pause()
        assert app.game.turn.held == (False,) * 5
        assert "HELD" not in str(die.render())


async def test_holding_before_the_first_roll_explains_and_changes_nothing() -> None:
    async with running(rules.new_game(["Ana"], seed=2)) as (app, pilot):
        start = app.game
        await pilot.click("#die-1")
        await pilot.press("enter", "1")
        await pilot.pause()
        assert app.game == start


async def test_scratch_asks_first_and_cancel_keeps_the_turn() -> None:
    state = nothing_to_score()
    async with running(state) as (app, pilot):
        await click_box(pilot, Category.GENERALA)
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")
        await pilot.pause()
        assert app.game == state
        await click_box(pilot, Category.GENERALA)
        await pilot.pause()
        await pilot.click("#confirm")
        await pilot.pause()
        ana = app.game.players[0]
        assert ana.boxes[Category.GENERALA].scratched
        assert app.game.current == 1


def _cursor(app: GeneralaApp) -> str | None:
    row = cursor_row(app)
    return None if row is None else row.category.value


async def test_the_cursor_starts_each_turn_on_the_first_open_box_and_stays_across_rolls() -> None:
    state = rules.score(rules.roll(rules.new_game(["Ana"], seed=1), [1, 1, 2, 3, 4]), "ones")
    async with running(state) as (app, pilot):
        await pilot.pause()
        assert _cursor(app) == "twos"
        await pilot.press("r", "down", "down")
        await pilot.pause()
        assert _cursor(app) == "fours"
        await pilot.press("1", "r")
        await pilot.pause()
        assert app.game.turn.rolls == 2
        assert _cursor(app) == "fours"  # the player's own choice, kept across the roll
        await pilot.press("up", "up", "up")  # wraps round from Twos to the last box
        await pilot.pause()
        assert _cursor(app) == "generala"


async def test_down_moves_the_cursor_to_the_next_open_box_and_enter_fills_it() -> None:
    state = rules.roll(rules.new_game(["Ana", "Bruno"], seed=1), [5, 5, 5, 3, 3])
    async with running(state) as (app, pilot):
        await pilot.press("down")
        await pilot.pause()
        assert box_row(app, Category.TWOS).cursor
        await pilot.press("enter")  # 0 in Twos: a score of 0, asked first
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")
        await pilot.pause()
        assert app.game == state
        await pilot.press(*["down"] * 6)  # Threes ... Sixes, Straight, Full house
        await pilot.press("enter")
        await pilot.pause()
        assert app.game.players[0].boxes[Category.FULL_HOUSE].points == 35


async def test_served_roll_is_announced_and_marked_on_the_box() -> None:
    state = rules.roll(rules.new_game(["Ana", "Bruno"], seed=1), [5, 5, 5, 3, 3])
    async with running(state) as (app, pilot):
        await pilot.pause()
        assert "Served!" in str(app.screen.query_one("#message").render())
        boxes = app.screen.query_one(BoxList)
        assert "35 served" in boxes.row_text(Category.FULL_HOUSE)


def test_a_box_row_is_its_marks_key_name_leader_and_points_across_its_width() -> None:
    served = BoxOffer(Category.FULL_HOUSE, 35, served=True)
    row = row_text(BoxLine(served, cursor=True, key="m"), 40)
    assert row.plain.startswith("▶ m Full house ..") and row.plain.endswith(" 35 served ")
    assert row.cell_len == 40
    assert row_text(BoxLine(served), 80).plain.startswith("  Full house ..")
    muted = Style(color="grey50")
    scratch = row_text(BoxLine(BoxOffer(Category.GENERALA, 0)), 30, muted)
    assert scratch.plain.endswith(" ✗ scratch") and scratch.cell_len == 30
    first = scratch.spans[0]  # the muted colour under every other style, across the row
    assert (first.start, first.end, first.style) == (0, len(scratch), muted)
    assert muted not in {span.style for span in row_text(BoxLine(served), 30, muted).spans}


async def test_a_click_on_a_box_row_fills_that_box_and_a_click_below_the_rows_does_nothing() -> (
    None
):
    state = rules.roll(rules.new_game(["Ana", "Bruno"], seed=1), [5, 5, 5, 3, 3])
    async with running(state, size=(80, 24)) as (app, pilot):
        await pilot.pause()
        boxes = app.screen.query_one(BoxList)
        last = boxes.row_region(boxes.rows[-1].category)
        below = (last.x + 4, last.y + 1)
        assert boxes.scrollable_content_region.contains(*below)  # the list's blank foot
        await pilot.click(offset=below)
        await pilot.pause()
        assert app.game == state and app.screen.cursor is Category.ONES
        await click_box(pilot, Category.FULL_HOUSE)
        await pilot.pause()
        assert app.game.players[0].boxes[Category.FULL_HOUSE].points == 35  # served
        assert app.game.current == 1


async def test_the_mouse_over_a_box_row_highlights_that_row_alone_until_it_leaves() -> None:
    state = rules.roll(rules.new_game(["Ana", "Bruno"], seed=1), [5, 5, 5, 3, 3])
    async with running(state, size=(80, 24)) as (app, pilot):
        await pilot.pause()
        boxes = app.screen.query_one(BoxList)

        def lines() -> dict[Category, Strip]:
            return {row.category: boxes.render_line(y) for y, row in enumerate(boxes.rows)}

        def background(line: Strip) -> Color | None:
            return next(iter(line)).style.bgcolor if line.cell_length else None

        still = lines()
        fours = boxes.row_region(Category.FOURS)
        await pilot.hover(offset=(fours.x + 4, fours.y))
        await pilot.pause()
        hovered = lines()
        changed = {category for category in still if hovered[category] != still[category]}
        assert changed == {Category.FOURS}
        assert hovered[Category.FOURS].text == still[Category.FOURS].text
        assert background(hovered[Category.FOURS]) not in {
            background(still[Category.FOURS]),
            background(still[Category.ONES]),  # the cursor's
        }
        await pilot.hover("#roll")
        await pilot.pause()
        assert lines() == still


async def test_served_generala_wins_at_once_and_is_explained() -> None:
    game = rules.new_game(["Ana", "Bruno"])
    seed = first_seed(lambda s: s.phase is Phase.OVER, game)
    async with running(game.model_copy(update={"seed": seed})) as (app, pilot):
        await pilot.press("r")
        await pilot.pause()
        assert app.game.ending is Ending.SERVED_GENERALA
        assert isinstance(app.screen, GameOverScreen)
        assert "Ana wins!" in str(app.screen.query_one("#headline").render())
        assert "Generala servida" in str(app.screen.query_one("#how-won").render())


async def test_tie_break_is_played_on_the_turn_screen() -> None:
    async with running(last_turn_tie()) as (app, pilot):
        await pilot.press("r")
        await pilot.pause()
        # Bruno scratches Generala unless the dice make it; either way the game is tied or won.
        app.screen.fill(Category.GENERALA)  # type: ignore[attr-defined]
        await pilot.pause()
        if isinstance(app.screen, ConfirmDialog):
            await pilot.press("y")
            await pilot.pause()
        state: GameState = app.game
        assert state.phase is Phase.TIE_BREAK
        assert isinstance(app.screen, TurnScreen)
        assert app.screen.query_one("#tie-break").display
        assert state.current == 0
        rounds = 0
        while app.game.phase is Phase.TIE_BREAK and rounds < 20:
            await pilot.press("r", "enter")
            await pilot.pause()
            rounds += 1
        assert app.game.phase is Phase.OVER
        assert app.game.ending in {Ending.TIE_BREAK, Ending.SERVED_GENERALA}
        assert isinstance(app.screen, GameOverScreen)


async def test_scorecard_opens_with_s_during_a_turn_and_escape_closes_it() -> None:
    state = rules.score(
        rules.roll(rules.new_game(["Ana", "Bruno"], seed=1), [1, 1, 1, 2, 3]), "ones"
    )
    async with running(state) as (app, pilot):
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen)
        table = app.screen.query_one("#scorecard")
        assert "3" in str(table.get_cell("ones", "p0"))  # type: ignore[attr-defined]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TurnScreen)


async def test_player_names_are_shown_literally_never_as_markup() -> None:
    async with running(rules.new_game(["Bob[/]", "[b]Eve", "[@click=app.quit]x"], seed=3)) as (
        app,
        pilot,
    ):
        await pilot.press("r")
        await pilot.pause()
        standings = str(app.screen.query_one("#standings", Standings).render())
        assert "Bob[/]" in standings and "[b]Eve" in standings
        assert "Bob[/]" in str(app.screen.query_one("#topbar").render())
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen)
        assert app.is_running


async def test_ctrl_q_during_a_game_asks_first() -> None:
    async with running(rules.new_game(["Ana"], seed=3)) as (app, pilot):
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TurnScreen)
        await pilot.press("ctrl+q", "y")
        await pilot.pause()
    assert app.return_code == 0


async def test_a_tiny_terminal_does_not_crash() -> None:
    async with running(rules.new_game(["Ana", "Bruno"], seed=3), size=(30, 10)) as (app, pilot):
        await pilot.press("r", "1", "r", "s")
        await pilot.pause()
        assert app.is_running


async def test_command_palette_offers_the_game_actions() -> None:
    async with running(rules.new_game(["Ana"], seed=3)) as (app, pilot):
        await pilot.pause()
        titles = {command.title for command in app.get_system_commands(app.screen)}
        assert {"Roll", "Scorecard", "Rules and keys", "New game"} <= titles
        roll = next(c for c in app.get_system_commands(app.screen) if c.title == "Roll")
        roll.callback()
        await pilot.pause()
        assert app.game.turn.rolls == 1


async def test_ctrl_z_takes_back_a_hold_and_a_fill_but_never_a_roll() -> None:
    state = rules.roll(rules.new_game(["Ana", "Bruno"], seed=1), [5, 5, 1, 2, 3])
    async with running(state) as (app, pilot):
        await pilot.press("1", "ctrl+z")
        await pilot.pause()
        assert app.game == state
        await pilot.press("down", "down", "down", "down", "enter")  # Fives: 10
        await pilot.pause()
        assert app.game.current == 1
        assert "Ana scored 10 in Fives." in str(app.screen.query_one("#message").render())
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.game == state
        await pilot.press("ctrl+z")  # the roll stays
        await pilot.pause()
        assert app.game == state
        assert any("A roll can't be taken back" in m for m in notices(app))


async def test_escape_leads_back_to_setup_asking_first_and_the_game_stays_offered() -> None:

    state = rules.roll(rules.new_game(["Ana", "Bruno"], seed=1), [5, 5, 1, 2, 3])
    async with running(state) as (app, pilot):
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, TurnScreen) and app.game == state
        await pilot.press("escape", "y")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert isinstance(app.screen, TurnScreen) and app.game == state


async def test_the_footer_greys_hold_and_fill_for_the_next_player_until_he_rolls() -> None:
    state = rules.roll(rules.new_game(["Ana", "Bruno"], seed=1), [5, 5, 5, 3, 3])
    async with running(state, size=(100, 32)) as (app, pilot):
        await pilot.pause()

        def keys() -> dict[str, Widget]:
            # The Footer's keys, by their CSS type (their class is not public).
            return {getattr(key, "action", ""): key for key in app.screen.query("FooterKey")}

        before = keys()
        assert not before["hold(0)"].has_class("-disabled")
        assert not before["fill"].has_class("-disabled")
        await pilot.press("down", "down", "enter")  # Ana fills threes; Bruno has not rolled
        await pilot.pause()
        await pilot.pause()
        await pilot.pause()
        after = keys()
        assert app.game.current == 1
        assert after["hold(0)"].has_class("-disabled") and after["fill"].has_class("-disabled")
        assert not after["roll"].has_class("-disabled")
        await pilot.press("r")  # and lit again once he rolls
        await pilot.pause()
        await pilot.pause()
        assert not keys()["hold(0)"].has_class("-disabled")
        assert not keys()["fill"].has_class("-disabled")


async def test_dice_and_boxes_reuse_the_lines_of_a_look_and_draw_a_new_look_afresh() -> None:
    state = rules.roll(rules.new_game(["Ana", "Bruno"], seed=1), [5, 5, 5, 3, 3])
    async with running(state, size=(100, 32)) as (app, pilot):
        await pilot.pause()
        boxes = app.screen.query_one(BoxList)
        threes = [row.category for row in boxes.rows].index(Category.THREES)
        row = boxes.render_line(threes)
        assert row.text.split()[-1] == "6"
        die = app.screen.query_one("#die-1", Die)
        first = [die.render_line(y) for y in range(die.size.height)]
        lines = [line.text for line in first]
        assert any("●" in line for line in lines)
        await pilot.press("1")  # held: another look, drawn afresh
        await pilot.pause()
        held = [die.render_line(y).text for y in range(die.size.height)]
        assert held != lines and any("HELD" in line for line in held)
        await pilot.press("1")  # released: the first look again, its very lines reused
        await pilot.pause()
        assert all(die.render_line(y) is line for y, line in enumerate(first))
        assert boxes.render_line(threes) is row  # a hold changes no box: its very line
        await pilot.press("down", "down", "enter")  # Ana fills threes: Bruno's rows, no points
        await pilot.pause()
        assert boxes.render_line(threes).text.split()[-1] != "6"


async def test_enter_before_the_first_roll_does_nothing_and_says_nothing() -> None:
    async with running(rules.new_game(["Ana", "Bruno"], seed=1)) as (app, pilot):
        start = app.game
        await pilot.press("tab", "enter", "space")
        await pilot.pause()
        assert app.game.turn.rolls == 1  # space rolled; enter did nothing
        assert app.game.players == start.players
        assert not [m for m in notices(app) if "tie-break" in m]


@pytest.mark.parametrize(
    "names",
    [
        ["Ana", "Bea", "Carlos", "Dora", "Eva", "Fede", "Gus", "Hilda"],
        [f"{letter * 18}{n}" for n, letter in enumerate("ABCDEFGH")],
    ],
    ids=["eight", "eight-long"],
)
async def test_eight_players_scorecard_shows_whole_columns_at_80x24(names: list[str]) -> None:
    """Issue 36: the last column showed "♪ " in part, and nothing said the table scrolled.
    At 80x24 every column shows whole, the names cut to fit; at 40x12, where even the cut
    names do not fit, the table scrolls sideways."""
    async with running(rules.new_game(names, seed=1), size=(80, 24)) as (app, pilot):
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, ScorecardScreen)
        table = app.screen.query_one(ScorecardTable)
        assert table.virtual_size.width <= table.content_region.width
        assert table.max_scroll_x == 0
        heading = " ".join(column.label.plain for column in table.columns.values())
        assert all(f"{MARKS[seat]} {name[:2]}" in heading for seat, name in enumerate(names))
        assert "…" in heading  # the longest names cut, each player's mark and first letters kept
        await pilot.resize_terminal(40, 12)
        await pilot.pause()
        await pilot.pause()
        assert table.max_scroll_x > 0
        await pilot.press("right", "right", "right")
        await pilot.pause()
        assert table.scroll_x > 0


async def test_wide_character_names_keep_one_row_per_player() -> None:
    names = ["😀🎲 Dice", "張偉張偉張偉張偉張偉", "Ana", "ABCDEFGHIJKLMNOPQRST"]
    players = [
        Player(name=n, level=Level.EASY if n == "ABCDEFGHIJKLMNOPQRST" else None) for n in names
    ]
    async with running(rules.new_game(players, seed=1)) as (app, pilot):
        await pilot.pause()
        standings = app.screen.query_one("#standings", Standings)
        lines = str(standings.render()).split("\n")
        assert len(lines) == 4
        width = standings.size.width
        assert all(cell_len(line) <= width for line in lines)
        assert "⚙" in lines[3]
