"""The coach's win chances (issue 24, "on the screen"): beside each choice's expected total the
chance of winning it leaves, a key that ranks the list by either, ★ and ♛ beside the best by
each, and none of it alone at the table."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual.pilot import Pilot

from generala_tui import i18n
from generala_tui.game import rules
from generala_tui.game.model import Box, Category, GameState, HouseRules, Player
from generala_tui.game.strategy.chances import Chances, solve_chances
from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.vocabulary import ADVICE_MARK, BEST_CHANCE_MARK
from generala_tui.ui.widgets import coach_words
from generala_tui.ui.widgets.coach import CoachAdvice, CoachPanel

from ..conftest import fully_shown, running, settle, settle_until


def trailing() -> GameState:
    """Round 9 of 10: Bruno trails Ana by 40 with Fours and Generala open, and rolled 1-1-1-4-4.
    Keeping the fours is best for his total (95.0), the three ones for his chance of winning
    (9.4% against 7.3%): going for Generala."""
    house_rules = HouseRules()
    categories = house_rules.categories()
    ana = {c: Box(points=0, scratched=True) for c in categories if c is not Category.ONES}
    ana |= {
        Category.SIXES: Box(points=30),
        Category.FULL_HOUSE: Box(points=30),
        Category.STRAIGHT: Box(points=20),
        Category.FOUR_OF_A_KIND: Box(points=40),
    }
    open_boxes = (Category.GENERALA, Category.FOURS)
    bruno = {c: Box(points=0, scratched=True) for c in categories if c not in open_boxes}
    bruno |= {
        Category.SIXES: Box(points=30),
        Category.FULL_HOUSE: Box(points=30),
        Category.STRAIGHT: Box(points=20),
    }
    state = GameState(
        players=(Player(name="Ana", boxes=ana), Player(name="Bruno", boxes=bruno)),
        house_rules=house_rules,
        current=1,
        seed=7,
    )
    return rules.roll(state, [1, 1, 1, 4, 4])


def _panel_text(app: GeneralaApp) -> str:
    return app.screen.query_one(CoachPanel)._text.plain


def _chances_shown(app: GeneralaApp) -> bool:
    return "%" in _panel_text(app)


async def _coach_on(app: GeneralaApp, pilot: Pilot[None]) -> None:
    await pilot.press("h")
    await settle_until(pilot, lambda: _chances_shown(app))
    assert _chances_shown(app), _panel_text(app)


def _keep_rows(text: str) -> list[str]:
    lines = text.splitlines()
    start = next(
        i
        for i, line in enumerate(lines)
        if line.startswith(coach_words.coach_keeps_heading().rstrip("\n"))
    )
    return lines[start + 1 :]


def _expected() -> tuple[list[str], list[float], list[float]]:
    """The keeps' labels, expected totals and win chances, best total first."""
    state = trailing()
    chances = solve_chances(state.house_rules)
    values = chances.strategy.evaluate(state)
    found = chances.action_chances(state, values)
    keeps = [i for i, v in enumerate(values) if v.action.kind.value == "roll"]
    return (
        [coach_words.action_label(values[i], state) for i in keeps],
        [values[i].expected for i in keeps],
        [found[i] for i in keeps],
    )


def test_the_rankings_disagree_where_a_player_trails_late() -> None:
    labels, totals, chances = _expected()
    assert labels[0] == "[4 4]"  # the best total
    best = max(range(len(chances)), key=chances.__getitem__)
    assert labels[best] == "[1 1 1]"  # the best chance: going for Generala
    assert chances[best] > chances[0] + 0.01 and totals[best] < totals[0]


async def test_each_keep_shows_the_chance_it_leaves_beside_its_total() -> None:
    labels, totals, chances = _expected()
    async with running(trailing(), size=(120, 40)) as (app, pilot):
        await _coach_on(app, pilot)
        rows = _keep_rows(_panel_text(app))
        assert len(rows) == len(labels)
        for row, label, total, chance in zip(rows, labels, totals, chances, strict=True):
            assert row[1:].startswith(label), (row, label)
            assert i18n.decimal(total) in row
            assert coach_words.coach_chance(chance) in row, (row, chance)
        assert app.screen.query_one(CoachPanel).tooltip == coach_words.coach_win_tooltip()
        assert "expert" in coach_words.coach_win_tooltip()


async def test_k_ranks_the_keeps_by_win_chance_and_back() -> None:
    labels, _, chances = _expected()
    by_chance = [labels[i] for i in sorted(range(len(labels)), key=lambda i: -chances[i])]
    async with running(trailing(), size=(120, 40)) as (app, pilot):
        await _coach_on(app, pilot)
        text = _panel_text(app)
        assert text.startswith(coach_words.coach_ranked_heading(False).rstrip())
        assert [row[1:].split("  ")[0].strip() for row in _keep_rows(text)] == labels
        await pilot.press("k")
        await pilot.pause()
        assert app.coach_by_chance
        text = _panel_text(app)
        assert text.startswith(coach_words.coach_ranked_heading(True).rstrip())
        assert [row[1:].split("  ")[0].strip() for row in _keep_rows(text)] == by_chance
        assert by_chance != labels
        await pilot.press("k")
        await pilot.pause()
        assert [row[1:].split("  ")[0].strip() for row in _keep_rows(_panel_text(app))] == labels


async def test_the_best_total_and_the_best_chance_are_marked_each_on_its_own_row() -> None:
    async with running(trailing(), size=(120, 40)) as (app, pilot):
        await _coach_on(app, pilot)
        lines = _panel_text(app).splitlines()
        # The advice first (the best by the ranking in use), then the best by the other.
        assert lines[1].startswith(f"{ADVICE_MARK} ") and "[4 4]" in lines[1]
        assert lines[2].startswith(f"{BEST_CHANCE_MARK} ") and "[1 1 1]" in lines[2]
        rows = _keep_rows("\n".join(lines))
        starred = [row for row in rows if ADVICE_MARK in row]
        crowned = [row for row in rows if BEST_CHANCE_MARK in row]
        assert len(starred) == 1 and starred[0][1:].startswith("[4 4]")
        assert len(crowned) == 1 and crowned[0][1:].startswith("[1 1 1]")
        await pilot.press("k")
        await pilot.pause()
        lines = _panel_text(app).splitlines()
        assert lines[1].startswith(f"{BEST_CHANCE_MARK} ") and "[1 1 1]" in lines[1]
        assert lines[2].startswith(f"{ADVICE_MARK} ") and "[4 4]" in lines[2]


async def test_one_row_carries_both_marks_where_one_choice_is_best_by_both() -> None:
    state = rules.roll(trailing(), [4, 4, 4, 4, 2])  # four fours: keep them, by either measure
    async with running(state, size=(120, 40)) as (app, pilot):
        await _coach_on(app, pilot)
        lines = _panel_text(app).splitlines()
        assert lines[1].startswith(f"{ADVICE_MARK}{BEST_CHANCE_MARK} ")
        assert not lines[2].startswith((ADVICE_MARK, BEST_CHANCE_MARK))  # no second best


def test_a_chance_is_shown_best_when_it_shows_the_same_to_a_tenth_of_a_percent() -> None:
    assert coach_words.shown_best_chance(0.4321, 0.43214)
    assert coach_words.shown_best_chance(0.43249, 0.43211)  # both 43.2%
    assert not coach_words.shown_best_chance(0.4314, 0.4316)  # 43.1% beside 43.2%
    assert coach_words.coach_chance(0.4321) == "43.2%"
    assert coach_words.coach_chance(1.0) == "100%"
    assert coach_words.coach_chance(0.0) == "0%"


async def test_alone_at_the_table_the_coach_shows_no_chance() -> None:
    state = rules.roll(rules.new_game(["Ana"], seed=3), [1, 1, 1, 4, 4])
    async with running(state, size=(120, 40)) as (app, pilot):
        await pilot.press("h")
        await settle_until(pilot, lambda: "[" in _panel_text(app))
        text = _panel_text(app)
        assert "[4 4]" in text or "[1 1 1]" in text
        assert "%" not in text and BEST_CHANCE_MARK not in text
        assert text.startswith(coach_words.coach_total_heading().rstrip())
        assert app.screen.query_one(CoachPanel).tooltip is None


@pytest.mark.parametrize("lang", ["en", "es", "sv"])
async def test_the_one_line_advice_says_the_chance_and_fits(lang: str) -> None:
    """Each language's app starts at another of the narrow sizes, then is resized to the
    other: a first frame at each size, every size in each language."""
    sizes = [(40, 12), (60, 20)]
    turn = ["en", "es", "sv"].index(lang) % len(sizes)
    first, *others = sizes[turn:] + sizes[:turn]
    async with running(trailing(), size=first, language=lang) as (app, pilot):
        await pilot.press("h")
        advice = app.screen.query_one(CoachAdvice)
        await settle_until(pilot, lambda: advice._with is not None)
        i18n.set_language(lang)
        _, _, chances = _expected()
        for size in [first, *others]:
            if size != first:
                await pilot.resize_terminal(*size)
                await settle(pilot)
            for ranking, dice, chance in [(False, "4", chances[0]), (True, "1", max(chances))]:
                assert app.coach_by_chance is ranking, size
                shown = str(advice.render())
                assert fully_shown(app, advice), size
                assert "\n" not in shown and cell_len(shown) <= advice.content_region.width, (
                    size,
                    shown,
                )
                assert i18n.percent(chance) in shown, (size, shown)
                kept = shown.split("[")[1].split("]")[0].replace(" ", "")
                assert set(kept) == {dice}, (size, shown)
                await pilot.press("k")
                await pilot.pause()


async def test_a_coach_given_its_tables_ranks_as_its_screen_says_without_the_app() -> None:
    """The coach renders what it is given: the win-chance tables (``chances``) and the
    ranking (``by_chance``), in an app that is no game host at all."""
    from textual.app import App, ComposeResult

    state = trailing()
    tables = solve_chances(state.house_rules)
    asked: list[HouseRules] = []

    def prepare(house_rules: HouseRules) -> Chances:
        asked.append(house_rules)
        return tables

    class Bare(App[None]):
        def compose(self) -> ComposeResult:
            yield CoachPanel(chances=prepare)
            yield CoachAdvice(chances=prepare)

    labels, _, chances = _expected()
    by_chance = [labels[i] for i in sorted(range(len(labels)), key=lambda i: -chances[i])]
    values = tables.strategy.evaluate(state)
    app = Bare()
    async with app.run_test(size=(60, 30)) as pilot:
        panel, advice = app.query_one(CoachPanel), app.query_one(CoachAdvice)
        panel.show(state, values)
        advice.show(state, values)
        await pilot.pause()
        assert asked and asked[0] == state.house_rules
        labelled = [row[1:].split("  ")[0].strip() for row in _keep_rows(panel._text.plain)]
        assert labelled == labels
        assert "[4 4]" in str(advice.render())
        panel.by_chance = advice.by_chance = True
        await pilot.pause()
        text = panel._text.plain
        assert text.startswith(coach_words.coach_ranked_heading(True).rstrip())
        assert [row[1:].split("  ")[0].strip() for row in _keep_rows(text)] == by_chance
        assert "[1 1 1]" in str(advice.render())


async def test_a_narrow_coach_keeps_each_keeps_dice_apart() -> None:
    """Issue 36: at 80x24 the coach's keeps lost their spaces ("[1166]"): in its 26 columns
    the win chances go whole before a keep's dice close up."""
    from textual.app import App, ComposeResult

    state = trailing()
    tables = solve_chances(state.house_rules)

    class Bare(App[None]):
        def compose(self) -> ComposeResult:
            yield CoachPanel(chances=lambda _rules: tables)

    labels, _, _ = _expected()
    assert "[1 1 1 4]" in labels and "Reroll all" in labels
    app = Bare()
    async with app.run_test(size=(26, 40)) as pilot:
        panel = app.query_one(CoachPanel)
        panel.show(state, tables.strategy.evaluate(state))
        for width, chances in [(26, ["7.3%", "6.1%", "9.4%"]), (25, ["7%", "6%", "9%"])]:
            await pilot.resize_terminal(width, 40)
            await pilot.pause()
            rows = _keep_rows(panel._text.plain)
            shown = [row[1:].split("  ")[0].strip() for row in rows]
            # Each keep's dice apart; "Reroll all", where it does not fit, said "none".
            assert len(shown) == len(labels), width
            for said, label in zip(shown, labels, strict=True):
                assert said == label or (label, said) == ("Reroll all", "none"), width
            # At 25 columns the chances go whole for it (they were to a tenth at 26).
            assert [row.rstrip(" ♛").split()[-1] for row in rows][:3] == chances, rows
