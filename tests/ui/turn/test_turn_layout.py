"""The turn screen's layout after a resize, a language change, a new turn or a new label: what
it shows fits, stays in view and says what it does; long names in the top bar."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual.content import Content
from textual.pilot import Pilot
from textual.widgets import Button, Static

from generala_tui.game import rules
from generala_tui.game.model import HouseRules, Level, Phase, Player
from generala_tui.ui import vocabulary
from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.colours import MARKS
from generala_tui.ui.local import LocalTable
from generala_tui.ui.screens import turn_words
from generala_tui.ui.screens.dialogs import ConfirmDialog
from generala_tui.ui.screens.turn import TurnScreen
from generala_tui.ui.widgets.boxes import BoxList
from generala_tui.ui.widgets.dice import Die
from generala_tui.ui.widgets.scorecard import SideScorecard
from generala_tui.ui.widgets.turn_log import TurnLog

from ..conftest import (
    box_row,
    box_rows,
    box_shown,
    fully_shown,
    last_turn_tie,
    running,
    screen_text,
    settle,
    settle_until,
)


def ana_and_a_computer() -> GeneralaApp:
    game = rules.new_game([Player(name="Ana"), Player(name="Bo", level=Level.MEDIUM)], seed=3)
    return GeneralaApp(game, computer_delay=60)


async def roll_and_fill(app: GeneralaApp, pilot: Pilot[None]) -> None:
    """The player to act rolls once and fills (or scratches) the box under the cursor."""
    await pilot.press("r")
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
    if isinstance(app.screen, ConfirmDialog):
        await pilot.press("y")


async def play_a_turn_then_the_computers(app: GeneralaApp, pilot: Pilot[None]) -> None:
    """The first player rolls once and fills (or scratches) the box under the cursor; the
    computers then play at once, until the first player is to act again."""
    await roll_and_fill(app, pilot)
    await pilot.press("f")
    await settle_until(pilot, lambda: app.game is not None and app.game.current == 0)


async def test_the_side_scorecard_shows_straight_after_a_resize_into_the_wide_layout() -> None:
    app = ana_and_a_computer()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        await pilot.resize_terminal(130, 40)
        await pilot.pause()
        await pilot.pause()
        table = app.screen.query_one(SideScorecard)
        assert table.display
        assert table.card is not None
        assert len(table.card.rows) == len(app.game.house_rules.categories()) + 1
        # Laid out with its rows: as wide as its columns and as tall as its rows, drawn.
        assert table.region.width == sum(w + 2 for w in table.card.widths) > 0
        assert table.region.height == len(table.card.rows) + 1
        shown = screen_text(app)
        assert all(row[0].plain in shown for row in table.card.rows)


def _card(table: SideScorecard) -> list[list[str]]:
    assert table.card is not None
    return [[cell.plain for cell in row] for row in table.card.rows]


async def test_the_side_scorecard_is_built_again_for_a_fill_a_language_or_a_theme_only() -> None:
    # Built again, every row repaints (some 10 ms at 200 columns): not for a hold or a roll,
    # which change no box.
    game = rules.new_game([Player(name="Ana"), Player(name="Bo")], seed=3)
    async with running(game, size=(130, 40), settled=True) as (app, pilot):
        table = app.screen.query_one(SideScorecard)
        card = table.card
        await pilot.press("r", "1", "r")
        await settle(pilot)
        assert table.card is card
        card = _card(table)
        await pilot.press("enter")
        await settle(pilot)
        if isinstance(app.screen, ConfirmDialog):
            await pilot.press("y")
            await settle(pilot)
        state = app.game
        assert state is not None
        filled = next(iter(state.players[0].boxes.items()))
        after = _card(table)
        assert after != card
        row = [c.value for c in state.house_rules.categories()].index(filled[0].value)
        assert after[row][1].strip() == ("✗" if filled[1].scratched else str(filled[1].points))
        app.set_language("es")
        await settle(pilot)
        assert [row[0] for row in _card(table)] != [row[0] for row in after]  # the boxes' names
        spanish = table.card
        app.theme = "textual-light"
        await settle(pilot)
        assert table.card is not spanish  # built again in the new colours


async def test_the_narrow_roll_button_speaks_the_new_language() -> None:
    app = ana_and_a_computer()
    async with app.run_test(size=(50, 14)) as pilot:
        await settle(pilot)
        compact = app.screen.query_one("#roll-compact", Button)
        assert compact.display and compact.label.plain == "Roll"
        app.set_language("es")
        await settle(pilot)
        compact = app.screen.query_one("#roll-compact", Button)
        assert compact.label.plain == "Tirar"
        assert compact.content_region.width >= cell_len("Tirar")


async def test_the_box_cursor_is_in_view_when_a_new_turn_starts_at_40x12() -> None:
    app = ana_and_a_computer()
    async with app.run_test(size=(40, 12)) as pilot:
        await settle(pilot)
        for _ in range(2):  # Ana fills ones, then twos; Bo plays after each
            await play_a_turn_then_the_computers(app, pilot)
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TurnScreen)
        assert screen.cursor is not None and box_row(app, screen.cursor).cursor
        # The row under the cursor lies inside the list's visible part.
        assert box_shown(app, screen.cursor)


async def test_the_tie_break_button_fits_the_computers_label(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pace = LocalTable.pace

    async def stop_once_she_rolled(table: LocalTable) -> bool:
        """Ana's turn stops after her roll, so its label stays while her turn goes on."""
        if table.game.phase is Phase.TIE_BREAK and table.game.turn.rolls:
            return False
        return await pace(table)

    monkeypatch.setattr(LocalTable, "pace", stop_once_she_rolled)
    game = last_turn_tie()
    ana = game.players[0].model_copy(update={"level": Level.MEDIUM})
    game = game.model_copy(update={"players": (ana, game.players[1])})
    async with running(game, computer_delay=0, settled=True) as (app, pilot):
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("y")  # Bruno scratches Generala: a tie, and Ana's tie-break turn
        button = app.screen.query_one("#end-turn", Button)
        await settle_until(pilot, lambda: button.label.plain.startswith("Take"))
        await pilot.pause()
        label = button.label.plain
        assert label.startswith("Take") and label.endswith("(Enter)")
        assert button.content_region.width >= cell_len(label)


def shown_lines(screen: TurnScreen) -> list[str]:
    """The message's lines as drawn: its text, cut to the lines the message has."""
    message = screen.query_one("#message", Static)
    return [strip.text.rstrip() for strip in message.render_lines(message.region.reset_offset)]


@pytest.mark.parametrize(("lang", "end"), [("en", "the Roll button."), ("es", "el botón Tirar.")])
async def test_a_long_names_prompt_shows_whole_at_80x24(lang: str, end: str) -> None:
    players = [
        Player(name="Bartholomew Longname"),
        Player(name="Maximiliana Ortega", level=Level.MEDIUM),
    ]
    async with running(
        rules.new_game(players, seed=3), computer_delay=60, language=lang, settled=True
    ) as (app, pilot):
        await play_a_turn_then_the_computers(app, pilot)
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TurnScreen)
        # What Maximiliana did, then Bartholomew's prompt, wrapped: three lines, all shown.
        lines = shown_lines(screen)
        assert len(lines) == 3
        assert lines[1].startswith("Bartholomew Longname")
        assert lines[2].endswith(end)
        await pilot.press("r")  # a two-line prompt: the message gives its third line back
        await pilot.pause()
        assert screen.query_one("#message").region.height == 2


LANGUAGES = ["en", "es", "sv"]


def _sizes_from(sizes: list[tuple[int, int]], lang: str) -> list[tuple[int, int]]:
    """The sizes, the first one the language's own: each language starts its app at another
    size (a first frame at every size), then the app is resized to the others in turn."""
    start = LANGUAGES.index(lang) % len(sizes)
    return sizes[start:] + sizes[:start]


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_a_served_rolls_note_is_never_cut_with_every_box_in_play(lang: str) -> None:
    """With Two pairs and Double Generala in play there are more boxes below the message:
    where the note and the reminder after it would overflow the message's lines, the
    reminder goes; where they fit, both show."""
    house_rules = HouseRules(two_pairs=True, double_generala=True)
    game = rules.new_game([Player(name="Ana"), Player(name="Bruno")], house_rules, seed=5)
    game = rules.roll(game, [2, 2, 3, 3, 3])  # a served Full house
    first, *others = _sizes_from([(40, 12), (60, 20), (80, 24)], lang)
    async with running(game, language=lang, size=first, settled=True) as (app, pilot):
        for size in [first, *others]:
            if size != first:
                await pilot.resize_terminal(*size)
            await settle(pilot)
            assert app.game is not None and app.game.turn.served
            message = app.screen.query_one("#message", Static)
            shown = message.render()
            assert isinstance(shown, Content)
            lines = shown.wrap(message.content_region.width)
            assert len(lines) <= message.content_region.height, size  # nothing cut at the bottom
            served = turn_words.served_note(app.game).plain.strip()
            assert served in shown.plain, size
            reminder = turn_words.prompt(app.game, strategy_progress=None, paused=False).plain
            reminder = reminder.removeprefix(turn_words.served_note(app.game).plain)
            if size == (80, 24):
                assert reminder in shown.plain, size


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_the_top_bar_says_less_rather_than_lose_its_roll_dots(lang: str) -> None:
    """A long name (and Spanish's longer words) made the whole top bar wider than the
    screen, and its end, the roll dots, was cut: the short form shows instead."""
    game = rules.new_game([Player(name="Maximiliano Ferreyra"), Player(name="Bo")], seed=3)
    first, *others = _sizes_from([(60, 20), (70, 20), (80, 20)], lang)
    async with running(game, language=lang, size=first, settled=True) as (app, pilot):
        await pilot.press("r")
        for size in [first, *others]:
            if size != first:
                await pilot.resize_terminal(*size)
            await settle(pilot)
            top = app.screen._compositor.render_strips()[0].text
            assert "●○○" in top, (size, top)
            assert "Maximiliano Ferreyra" in top, (size, top)


def _topbar(app) -> tuple[str, int]:  # type: ignore[no-untyped-def]
    topbar = app.screen.query_one("#topbar", Static)
    shown = topbar.render()
    assert isinstance(shown, Content)
    return shown.plain.strip(), topbar.content_region.width


@pytest.mark.parametrize("name", ["Maximiliano Fernánde", "今日は世界今日は世界"])
async def test_a_long_name_gives_way_to_the_roll_counter(name: str) -> None:
    """At 40 columns a name of the longest kind (20 characters) is cut short in the top bar,
    so the roll counter stays in view."""
    game = rules.new_game([Player(name=name), Player(name="Ana")], seed=3)
    async with running(game, computer_delay=0, size=(40, 12), settled=True) as (app, pilot):
        await pilot.press("r")
        await pilot.pause()
        text, room = _topbar(app)
        assert text.endswith("1/3 ●○○"), text
        assert "…" in text and name not in text
        assert cell_len(text) <= room


async def test_a_name_that_fits_is_shown_whole() -> None:
    game = rules.new_game([Player(name="Ana"), Player(name="Bruno")], seed=3)
    async with running(game, computer_delay=0, size=(40, 12), settled=True) as (app, _pilot):
        text, _room = _topbar(app)
        assert text == f"Round 1/10 · {MARKS[0]} Ana · 0/3 ○○○"  # the first seat's mark


async def test_a_fill_taken_back_puts_the_cursor_on_its_box_again() -> None:
    """ctrl+z after a fill: the same player's turn again, with the cursor on the box just
    filled (it went back to the first open box, Ones)."""
    game = rules.new_game([Player(name="Ana"), Player(name="Bea")], seed=9)
    async with running(game, settled=True) as (app, pilot):
        await pilot.press("r")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TurnScreen)
        scoring = [row.offer.category for row in box_rows(app) if row.offer.points]
        target = scoring[-1]
        while screen.cursor != target:
            await pilot.press("down")
        await pilot.press("enter")
        await settle(pilot)
        assert app.game is not None and app.game.current == 1
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert app.game.current == 0 and app.game.turn.rolls == 1
        assert screen.cursor == target


async def test_a_fill_is_taken_back_after_the_computers_turn_and_undo_stays_in_the_footer() -> None:
    """Ana's misplaced fill is taken back once the computer after her has played (issue 36,
    1): ^z Undo stays in the Footer on its turn, and takes her fill back with its turn; on
    the turn of a computer with no human's fill before it, ^z leaves the Footer."""
    from textual.widgets._footer import FooterKey

    game = rules.new_game([Player(name="Ana"), Player(name="Bo", level=Level.EASY)], seed=3)
    app = GeneralaApp(game, computer_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("p")  # the computer waits on its turn
        await roll_and_fill(app, pilot)
        await settle_until(pilot, lambda: app.game is not None and app.game.current == 1)
        await settle(pilot)
        assert "undo" in {key.action for key in app.screen.query(FooterKey)}
        filled = app.game
        await pilot.press("p")  # Bo plays his turn
        await settle_until(pilot, lambda: app.game is not None and app.game.current == 0)
        assert len(app.game.log) > len(filled.log)
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert app.game.current == 0 and app.game.log == filled.log[:-1]
        assert rules.rolls_barred(app.game)
        prompt = app.screen.query_one("#message", Static).render()
        assert "Taken back: choose a box again" in str(prompt)
    bo_first = rules.new_game([Player(name="Bo", level=Level.EASY), Player(name="Ana")], seed=3)
    app = GeneralaApp(bo_first, computer_delay=60)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "undo" not in {key.action for key in app.screen.query(FooterKey)}


async def test_the_first_frame_chooses_the_top_bar_that_fits_its_width() -> None:
    """The position is drawn as the screen mounts, before its widgets have widths: the
    first layout draws it again, so a long name's top bar is the short one from the start."""
    game = rules.new_game([Player(name="Bartolomeo Rodriguez"), Player(name="Ana")], seed=3)
    async with running(game, computer_delay=0, size=(69, 30)) as (app, pilot):
        await pilot.pause()
        topbar = app.screen.query_one("#topbar", Static)
        shown = topbar.render()
        assert isinstance(shown, Content)
        assert shown.plain.strip().startswith(f"Round 1/10 · {MARKS[0]} Bartolomeo Rodriguez")
        assert cell_len(shown.plain) <= topbar.content_region.width


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_a_big_terminal_has_bigger_dice_and_the_turn_log_across_its_foot(lang: str) -> None:
    """At 160x48 and 200x60 (issue 36: half of 200x60 was empty, the dice small, the log 45
    columns wide and three rows a turn), then resized to 120x40: as before."""
    game = rules.new_game(["Ana", "Bruno", Player(name="Rita", level=Level.CHAMPION)], seed=11)
    async with running(game, language=lang, size=(160, 48), computer_delay=0, settled=True) as (
        app,
        pilot,
    ):
        for _ in range(2):  # two rounds: Ana and Bruno roll three times and fill, Rita plays
            for _player in range(2):
                await pilot.press("r", "1", "2", "r")
                await roll_and_fill(app, pilot)
            await settle_until(pilot, lambda: app.game is not None and app.game.current == 0)
        await pilot.press("r", "1")
        for size in [(160, 48), (200, 60), (120, 40)]:
            await pilot.resize_terminal(*size)
            await settle(pilot)
            screen = app.screen
            dice = list(screen.query(Die))
            huge = size != (120, 40)
            assert {die.size_name for die in dice} == {"huge" if huge else "big"}, size
            assert all(fully_shown(app, die) for die in dice), size
            held = dice[0].render().plain.splitlines()
            assert held[0].startswith("╔") and held[-2].strip() == vocabulary.held_label(), size
            assert screen.query_one("#huge-turn-log").display == huge, size
            assert screen.query_one("#wide-turn-log").display != huge, size
            if not huge:
                continue
            log = screen.query_one("#huge-turn-log", TurnLog)
            assert fully_shown(app, log), size
            assert log.virtual_size.height == len(log.lines) >= 7, size  # a turn a line
            shown = "\n".join(strip.text for strip in screen._compositor.render_strips())
            assert all(line.plain in shown for line in log.lines), size
            table = screen.query_one(SideScorecard)
            assert (
                log.region.y >= table.region.bottom
                and log.region.y >= screen.query_one(BoxList).region.bottom
            ), size
            assert table.region.width == table.virtual_size.width, size  # no column cut
            # The space below is the log's, across the screen down to the Footer.
            assert log.region.bottom >= screen.region.bottom - 1, size
            assert log.region.width == size[0] and log.region.y >= table.region.bottom, size
