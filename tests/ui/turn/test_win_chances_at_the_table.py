"""The win-chance bar on the turn screen (issue 24, "on the screen"): every player's share, moved
by rolls and fills, shown or hidden with w and remembered, absent alone at the table, and on
screen at every size."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual.pilot import Pilot

from generala_tui import store
from generala_tui.game import rules
from generala_tui.game.action import Action
from generala_tui.game.model import GameState
from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.widgets import win_chances_words
from generala_tui.ui.widgets.win_chances import WinChances

from ..conftest import fully_shown, running, settle, settle_until
from ..snapshots.test_snapshots import _mid_game


def _bar(app: GeneralaApp) -> WinChances:
    return app.screen.query_one(WinChances)


async def _chances_shown(app: GeneralaApp, pilot: Pilot[None]) -> tuple[float, ...]:
    """The bar's shares once it has them (its tables solved, its thread done)."""
    await settle_until(pilot, lambda: _bar(app).shares is not None)
    shares = _bar(app).shares
    assert shares is not None
    return shares


async def _moved(app: GeneralaApp, pilot: Pilot[None], before: tuple[float, ...]) -> None:
    await settle_until(pilot, lambda: _bar(app).shares not in (None, before))


async def test_the_bar_moves_after_a_roll_and_after_a_fill() -> None:
    async with running(_mid_game(), settled=True) as (app, pilot):
        await pilot.press("w")
        before = await _chances_shown(app, pilot)
        await pilot.press("r")
        await _moved(app, pilot, before)
        rolled = _bar(app).shares
        assert rolled is not None and rolled != before
        await pilot.press("1")  # a hold: the same position for the chances
        await settle(pilot)
        assert _bar(app).shares == rolled
        state = app.game
        assert state is not None
        offer = next(o for o in rules.offers(state) if o.points)
        app.table.move(Action.score(offer.category))  # a box filled: the next player's turn
        await settle(pilot)
        await _moved(app, pilot, rolled)
        assert _bar(app).shares not in (None, rolled)


async def test_a_moves_chances_are_worked_out_once_its_frame_is_drawn() -> None:
    # Their thread would hold the interpreter's lock for part of the move's frame.
    async with running(_mid_game(), settled=True) as (app, pilot):
        await pilot.press("w")
        before = await _chances_shown(app, pilot)
        assert app.table is not None and app.table.move(Action.roll([]))
        assert not [worker for worker in app.workers if worker.group == "win-chances"]
        assert _bar(app).shares == before  # the last ones stay until the new ones come
        await _moved(app, pilot, before)


async def test_the_bar_is_off_at_first_w_shows_every_players_share_and_is_remembered() -> None:
    async with running(_mid_game(), settled=True) as (app, pilot):
        bar = _bar(app)
        assert not bar.display
        await pilot.press("w")
        shares = await _chances_shown(app, pilot)
        assert app.win_chances
        assert bar.display and fully_shown(app, bar)
        assert len(shares) == 3
        assert sum(shares) == pytest.approx(1)
        shown = bar.render().plain
        for name in ("Ana", "Bruno", "Rita"):
            assert name in shown
        assert shown.count("%") == 3
        assert bar.tooltip == win_chances_words.meaning()
    assert store.load_preferences()[0].win_chances
    async with running(_mid_game(), settled=True) as (app, pilot):
        assert _bar(app).display
        await _chances_shown(app, pilot)
        await pilot.press("w")
        await settle(pilot)
        assert not _bar(app).display
    assert not store.load_preferences()[0].win_chances


async def test_alone_at_the_table_there_is_no_bar_nor_key() -> None:
    store.save_preferences(store.load_preferences()[0].model_copy(update={"win_chances": True}))
    async with running(rules.new_game(["Ana"], seed=3), settled=True) as (app, pilot):
        assert app.win_chances
        assert not _bar(app).display
        assert not app.screen.query_one("#toggle-chances").display
        assert not app.screen.check_action("win_chances", ())
        await pilot.press("w")
        await settle(pilot)
        assert app.win_chances  # the key does nothing here


async def test_the_bar_fits_at_every_size() -> None:
    state = rules.new_game(["Alexandrina", "Bartholomew", "Constantine", "Dorotea"], seed=5)
    first, *others = [(40, 12), (80, 24), (120, 40), (200, 60)]
    async with running(state, size=first, settled=True) as (app, pilot):
        await pilot.press("w")
        await _chances_shown(app, pilot)
        for size in [first, *others]:
            if size != first:
                await pilot.resize_terminal(*size)
                await settle(pilot)
            bar = _bar(app)
            assert fully_shown(app, bar), size
            assert bar.region.height == 1, size
            assert bar.region.width <= app.screen.region.width, size
            assert cell_len(bar.render().plain) <= bar.content_region.width, size
            # Nothing pushed off: the boxes and the dice are still there.
            assert fully_shown(app, app.screen.query_one("#dice")), size
            assert app.screen.query_one("#boxes").region.height >= 3, size


async def test_names_with_markup_show_literally() -> None:
    state = rules.new_game(["[b]Ana[/b]", "[red]Bo"], seed=5)
    async with running(state, size=(120, 40), settled=True) as (app, pilot):
        await pilot.press("w")
        await _chances_shown(app, pilot)
        shown = _bar(app).render().plain
        assert "[b]Ana[/b]" in shown and "[red]Bo" in shown


async def test_while_the_tables_solve_the_bar_says_so() -> None:
    app = GeneralaApp(_mid_game())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("w")  # the first frame: the tables are not there yet
        bar = _bar(app)
        state: GameState | None = app.game
        assert state is not None
        if app.solver.ready_chances(state.house_rules) is None:
            assert bar.render().plain == win_chances_words.working()
        await _chances_shown(app, pilot)
