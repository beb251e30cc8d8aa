"""The replay names the tie-break in its top line and says how the game ended on its last step."""

from __future__ import annotations

from textual.widgets import Static

from generala_tui.game import rules
from generala_tui.game.action import Action
from generala_tui.game.model import Ending, GameState, HouseRules, Level, Phase, Player
from generala_tui.game.strategy import play_game, solve
from generala_tui.ui.screens import game_over_words, replay_words
from generala_tui.ui.screens.replay import ReplayScreen

from ..conftest import running


def _tied() -> GameState:
    state = rules.new_game(["Ana", "Bruno"], seed=2)
    strategy = solve(HouseRules())
    while state.phase is Phase.PLAYING:
        rolled = rules.roll(state)
        state = rules.play(rolled, Action.scratch(rules.offers(rolled)[0].category))
    while state.phase is not Phase.OVER:
        state = rules.play(state, strategy.best_action(state))
    return state


def _tops(game: GameState) -> list[str]:
    """The replay's top line after every step, as its screen words it (replay_topbar)."""
    positions = list(rules.replay(game))
    steps = len(positions) - 1
    return [
        replay_words.replay_topbar(step, steps, positions[step]).plain
        for step in range(1, steps + 1)
    ]


async def _replay(game: GameState) -> tuple[str, str, str]:
    """The top line and step text at the end, and the top line one step before."""
    async with running(replay=game) as (app, pilot):
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("end")
        await pilot.pause()
        top = str(screen.query_one("#replay-top", Static).render())
        said = str(screen.query_one("#replay-step", Static).render())
        await pilot.press("left")
        await pilot.pause()
        before = str(screen.query_one("#replay-top", Static).render())
        return top, said, before


async def test_a_tie_break_is_named_and_its_result_said_at_the_end() -> None:
    game = _tied()
    assert game.ending is Ending.TIE_BREAK
    tops = _tops(game)
    top, said, before = await _replay(game)
    assert "· tie-break 1 ·" in before, "the screen names the tie-break"
    assert any("· tie-break 1 ·" in line for line in tops)
    assert not any(f"round {game.rounds + 1}" in line for line in tops)
    assert "game over" in top
    assert str(game_over_words.headline(game)) in said
    assert str(game_over_words.explanation(game)) in said


async def test_the_last_step_says_who_won() -> None:
    players = [Player(name="Max", level=Level.EASY), Player(name="Leo", level=Level.MEDIUM)]
    game = play_game(rules.new_game(players, HouseRules(served_generala_wins=False), seed=21))
    tops = _tops(game)
    _, said, _ = await _replay(game)
    winner = game.players[game.winners[0]].name
    assert f"{winner} wins!" in said
    assert str(game_over_words.explanation(game)) in said
    assert "wins!" not in " ".join(tops[:-1])
