"""The coach below 80 columns and in narrow rows (issue 23, "at the table"): its advice is shown
where its panel is not, no row cuts its points or its costs, a label closes up before it is
cut, and "best" is said only of the totals shown as the best one's."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual.app import App, ComposeResult
from textual.pilot import Pilot

from generala_tui import i18n
from generala_tui.game import rules
from generala_tui.game.action import Action
from generala_tui.game.model import Category, GameState, HouseRules
from generala_tui.game.strategy import ActionValue
from generala_tui.ui.widgets import boxes_words, coach_words
from generala_tui.ui.widgets.boxes import BoxList
from generala_tui.ui.widgets.coach import CoachAdvice, CoachPanel, _fit, advice_labels

from ..conftest import box_rows, fully_shown, running, settle, settle_until
from ..snapshots.test_snapshots import _mid_game

NARROW = [(40, 12), (60, 20)]


async def _coach_on(app: App[None], pilot: Pilot[None]) -> None:
    """The coach turned on, and its advice drawn once its table is ready."""
    await pilot.press("h")
    await settle_until(pilot, lambda: app.screen.query_one(CoachAdvice).has_class("-advising"))


async def test_below_80_columns_the_coach_says_which_dice_to_keep_and_roll() -> None:
    first = NARROW[0]
    async with running(_mid_game(), size=first) as (app, pilot):
        await pilot.press("h")
        await settle(pilot)
        await pilot.press("r", "2")
        for size in NARROW:
            if size != first:
                await pilot.resize_terminal(*size)
            await settle(pilot)
            screen = app.screen
            values = screen._coach_values(app.game)
            assert values, size
            best = values[0]
            assert best.kept, size  # a keep: its dice are the advice, not a box
            advice = screen.query_one(CoachAdvice)
            assert advice.display and fully_shown(app, advice), size
            shown = str(advice.render())
            dice = coach_words.action_label(best, app.game)
            assert dice in shown or dice.replace(" ", "") in shown, (size, shown)
            # the expected total, then the chance of winning it leaves (two at the table)
            total_at = shown.rindex(i18n.decimal(best.expected))
            assert "%" in shown[total_at:] and shown.rstrip().endswith("%"), (size, shown)
            assert cell_len(shown) <= advice.content_region.width, (size, shown)


async def test_below_80_columns_the_coach_names_the_box_to_fill() -> None:
    # No rolls left: the advice is a box, marked in the list and named above it.
    state = _mid_game()
    state = rules.roll(
        rules.roll(rules.roll(state, [6, 6, 6, 6, 2]), [6, 6, 6, 6, 2]), [6, 6, 6, 6, 2]
    )
    first = NARROW[0]
    async with running(state, size=first) as (app, pilot):
        await _coach_on(app, pilot)
        for size in NARROW:
            if size != first:
                await pilot.resize_terminal(*size)
                await settle(pilot)
            best = app.screen._coach_values(app.game)[0]
            assert best.action.category is not None, size
            shown = str(app.screen.query_one(CoachAdvice).render())
            assert boxes_words.box_short_name(best.action.category) in shown or (
                coach_words.action_label(best, app.game) in shown
            ), (size, shown)
            advised = [row for row in box_rows(app) if row.offer.advised]
            assert [row.category for row in advised] == [best.action.category], size


async def test_at_80_columns_the_panel_advises_and_the_line_does_not_show() -> None:
    async with running(_mid_game(), size=(80, 24)) as (app, pilot):
        await pilot.press("h")
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert app.screen.query_one(CoachPanel).display
        assert not app.screen.query_one(CoachAdvice).display


async def test_without_the_coach_no_advice_shows() -> None:
    async with running(_mid_game(), size=(40, 12)) as (app, pilot):
        await pilot.press("r")
        await settle(pilot)
        assert not app.screen.query_one(CoachAdvice).display


def _every_box(house: HouseRules) -> GameState:
    """A first roll with every box open, Double Generala and two pairs in play."""
    return rules.roll(rules.new_game(["Ana", "Bruno"], house, seed=3), [6, 6, 5, 5, 1])


@pytest.mark.parametrize("language", ["en", "es", "sv"])
async def test_no_row_cuts_its_points_or_its_coach_columns(language: str) -> None:
    """Each language's app starts at another of the narrow sizes, then is resized to the
    other: a first frame at each size, every size in each language."""
    house = HouseRules(double_generala=True, two_pairs=True)
    turn = ["en", "es", "sv"].index(language) % len(NARROW)
    first, *others = NARROW[turn:] + NARROW[:turn]
    async with running(_every_box(house), size=first, language=language) as (app, pilot):
        await _coach_on(app, pilot)
        for size in [first, *others]:
            if size != first:
                await pilot.resize_terminal(*size)
                await settle(pilot)
            boxes = app.screen.query_one(BoxList)
            assert {row.category for row in boxes.rows} == set(house.categories()), size
            for row in boxes.rows:
                shown = boxes.row_text(row.category)
                offer = row.offer
                assert offer.expected is not None and offer.loss is not None and offer.best
                cost = coach_words.coach_cost_between(offer.expected, offer.best)
                assert shown.endswith(cost), (size, shown)
                assert cell_len(shown) <= boxes.scrollable_content_region.width, (size, shown)
                assert f" {offer.points} " in shown or offer.points == 0, (size, shown)
                whole = boxes_words.box_name(row.category, offer.note)
                short = boxes_words.box_short_name(row.category)
                assert whole in shown or short in shown or "…" in shown, (size, shown)


def test_a_long_name_is_said_short_by_its_cells() -> None:
    for language in ["en", "es", "sv"]:
        i18n.set_language(language)
        for category in Category:
            short = boxes_words.box_short_name(category)
            assert 0 < cell_len(short) <= 11, (language, short)
    i18n.set_language("en")
    assert boxes_words.box_short_name(Category.FOUR_OF_A_KIND) == "4 of a kind"


def test_best_is_said_of_a_total_shown_as_the_best_ones_only() -> None:
    # 148.76 shows 148.8, 148.74 shows 148.7: one is best, the other loses 0.1 as shown.
    assert coach_words.coach_cost_between(148.76, 148.76) == "best"
    assert coach_words.coach_cost_between(148.74, 148.76) == "−0.1"
    # Equal to the tenth (148.74 and 148.71 both show 148.7): a tie as the player sees it.
    assert coach_words.coach_cost_between(148.71, 148.74) == "best"
    # ... said "tied" of any but the best itself, which alone says "best" (issue 36, 11).
    assert coach_words.coach_cost_between(148.71, 148.74, the_best=False) == "tied"
    # Apart from the near ties, the loss to the tenth, as before.
    assert coach_words.coach_cost_between(148.88, 155.84) == "−7.0"
    assert coach_words.coach_cost_between(146.02, 154.46) == coach_words.coach_cost(8.44)


class _Panel(App[None]):
    def compose(self) -> ComposeResult:
        yield CoachPanel(id="coach")


async def test_the_coach_panel_says_best_once_of_two_totals_shown_apart() -> None:
    state = rules.roll(rules.new_game(["Ana", "Bruno"], seed=1), [4, 3, 1, 2, 6])
    values = [
        ActionValue(Action.roll([0]), 148.76, 0.0, kept=(4,)),
        ActionValue(Action.roll([1]), 148.74, 0.02, kept=(3,)),
        ActionValue(Action.roll([0, 1]), 148.72, 0.04, kept=(3, 4)),
    ]
    app = _Panel()
    async with app.run_test(size=(40, 20)) as pilot:
        panel = app.query_one(CoachPanel)
        panel.show(state, values)
        await pilot.pause()
        lines = str(panel.render()).splitlines()
        keeps = {
            line.split()[0].lstrip("◆"): line for line in lines if line.lstrip("◆ ").startswith("[")
        }
        assert keeps["[4]"].split()[1:] == ["148.8", "best"]
        assert keeps["[3]"].split()[1:] == ["148.7", "−0.1"]
        assert keeps["[3"].split()[2:] == ["148.7", "−0.1"]  # "[3 4]": its dice, then its values
        assert sum(line.endswith("best") for line in lines) == 1


async def test_the_coach_panel_says_best_once_and_tied_of_a_total_shown_the_same() -> None:
    """Issue 36, 11: two keeps whose totals show the same to the tenth both said "best"."""
    state = rules.roll(rules.new_game(["Ana", "Bruno"], seed=1), [4, 3, 1, 2, 6])
    values = [
        ActionValue(Action.roll([0]), 148.76, 0.0, kept=(4,)),
        ActionValue(Action.roll([1]), 148.75, 0.01, kept=(3,)),
        ActionValue(Action.roll([0, 1]), 148.72, 0.04, kept=(3, 4)),
    ]
    app = _Panel()
    async with app.run_test(size=(40, 20)) as pilot:
        panel = app.query_one(CoachPanel)
        panel.show(state, values)
        await pilot.pause()
        lines = str(panel.render()).splitlines()
        keeps = {
            line.split()[0].lstrip("◆"): line for line in lines if line.lstrip("◆ ").startswith("[")
        }
        assert keeps["[4]"].split()[1:] == ["148.8", "best"]
        assert keeps["[3]"].split()[1:] == ["148.8", "tied"]
        assert sum(line.endswith("best") for line in lines) == 1


def test_the_advice_is_said_shorter_before_anything_is_cut() -> None:
    state = rules.roll(rules.new_game(["Ana", "Bruno"], seed=1), [5, 5, 1, 2, 6])
    best = ActionValue(Action.roll([0, 1]), 150.0, 0.0, kept=(5, 5))
    labels = advice_labels(best, state)
    assert labels[0] == "Coach: Keep [5 5] and roll"
    assert "Keep [5 5] and roll" in labels and "Keep [55] and roll" in labels
    assert [cell_len(label) for label in labels[:3]] == sorted(
        (cell_len(label) for label in labels[:3]), reverse=True
    )


def test_a_keep_too_wide_closes_up_its_dice_before_anything_is_cut() -> None:
    assert _fit("[1 1 1 1]", 9) == "[1 1 1 1]"
    assert _fit("[1 1 1 1]", 8) == "[1111]"
    assert _fit("Keep [1 1 1 1]", 11) == "Keep [1111]"


def test_a_label_still_too_wide_once_closed_up_is_cut_with_an_ellipsis() -> None:
    assert _fit("[1 1 1 1 1]", 5) == "[111…"
    assert _fit("Full house", 6) == "Full …"


async def test_a_narrow_coach_shows_each_keep_whole_before_its_losses() -> None:
    """Issue 36: the trainer's coach (22 cells at 80x24) cut "Reroll a…" and closed a
    keep's dice up ("[1166]"): "Reroll all" is said "none" and the dice stay apart, the
    totals and the losses beside them."""

    class Narrow(App[None]):
        CSS = "CoachPanel { width: 25; }"  # 22 cells inside its frame, as the trainer's

        def compose(self) -> ComposeResult:
            yield CoachPanel(id="coach")

    state = rules.roll(rules.new_game(["Ana"], seed=1), [1, 1, 6, 6, 6])
    values = [
        ActionValue(Action.roll([2, 3, 4]), 150.2, 0.0, kept=(6, 6, 6)),
        ActionValue(Action.roll([0, 1, 2, 3]), 149.9, 0.3, kept=(1, 1, 6, 6)),
        ActionValue(Action.roll([]), 148.1, 2.1, kept=()),
    ]
    app = Narrow()
    async with app.run_test(size=(40, 20)) as pilot:
        panel = app.query_one(CoachPanel)
        panel.show(state, values)
        await pilot.pause()
        text = str(panel.render())
        assert "…" not in text
        rows = {row.split()[0]: row for row in text.splitlines()[2:]}
        assert "[1 1 6 6]" in text and "[6 6 6]" in text
        # "Reroll all" said "none" where it does not fit; the totals and losses kept.
        assert rows["none"].split()[1:] == ["148.1", "−2.1"], text
        assert rows["[6"].split()[3:] == ["150.2", "best"], text
