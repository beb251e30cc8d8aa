"""The winner's screen's match line: equal wins are ordered by the points over the match."""

from __future__ import annotations

from textual.widgets import Static

from generala_tui.game import rules
from generala_tui.game.model import Box, Category, GameState, HouseRules, Phase, Player
from generala_tui.ui.screens.game_over import GameOverScreen

from ..conftest import running


def _finished(totals: dict[str, int]) -> GameState:
    """A game played to its end by the rules: the players (seated in this order) have only
    Sixes open, and fill it with these totals (multiples of 6, at most 24)."""
    house_rules = HouseRules()
    scratched = {c: Box(points=0, scratched=True) for c in house_rules.categories()}
    del scratched[Category.SIXES]
    state = GameState(
        players=tuple(Player(name=name, boxes=scratched) for name in totals),
        house_rules=house_rules,
        seed=1,
    )
    for total in totals.values():
        sixes = total // 6
        state = rules.score(rules.roll(state, [6] * sixes + [1] * (5 - sixes)), "sixes")
    assert state.phase is Phase.OVER
    return state


async def test_bruno_who_outscored_ana_twice_comes_before_her_on_equal_wins() -> None:
    async with running() as (app, pilot):
        await pilot.pause()
        app.start(_finished({"Ana": 6, "Bruno": 18, "Rita": 24}))
        await pilot.pause()
        app.show_setup()  # a screen between, as the turn screen is after "Play again"
        await pilot.pause()
        app.start(_finished({"Bruno": 18, "Rita": 24, "Ana": 12}))
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        line = str(app.screen.query_one("#match", Static).render())
        assert "Rita 2 · Bruno 0 · Ana 0" in line, line
