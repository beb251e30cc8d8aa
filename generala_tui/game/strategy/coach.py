"""The coach's look back at a game: what each player's decisions cost.

The game is rebuilt from its own log (:func:`generala_tui.game.rules.replay`),
so any state will do, a finished game or one loaded from a file. Every
decision of the regular rounds is valued with the optimal strategy (docs/rules.md
section 10): its *loss* is how many expected points the action taken gave away
against the best action of the position. Tie-break turns are not counted.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..action import Action, action_of
from ..model import GameState, Phase
from ..rules import replay
from .optimal import Strategy, solve

__all__ = ["Decision", "PlayerAnalysis", "analyse_game"]

COSTLIEST = 3
_NEGLIGIBLE = 1e-9


@dataclass(frozen=True)
class Decision:
    """One decision of a game, valued."""

    move: int
    """Its place in the game's log (from 0)."""
    state: GameState
    """The position the decision was taken in."""
    action: Action
    """What the player did."""
    expected: float
    """The expected final total after what the player did."""
    best: Action
    """What the optimum would have done."""
    best_expected: float
    """The expected final total after the optimum's action."""

    @property
    def loss(self) -> float:
        """Expected points lost by this decision (0 for an optimal one)."""
        return max(0.0, self.best_expected - self.expected)

    @property
    def round(self) -> int:
        """The round the decision was taken in."""
        return self.state.round


@dataclass(frozen=True)
class PlayerAnalysis:
    """One player's decisions over a game."""

    player: int
    """The player's seat (index into ``GameState.players``)."""
    name: str
    decisions: int
    """How many decisions were valued."""
    total_loss: float
    """The expected points lost to all of them together."""
    costliest: tuple[Decision, ...]
    """The (up to) three costliest decisions that lost points, costliest first."""


def analyse_game(game: GameState, strategy: Strategy | None = None) -> list[PlayerAnalysis]:
    """Value every decision of the game's log for each player, by seat.

    ``strategy`` must be solved for the game's house rules; without it the
    strategy is solved (or fetched from the cache). Raises
    :class:`~generala_tui.game.rules.BadRecord` when the log does not replay.
    """
    players = game.players
    if strategy is None:
        strategy = solve(game.house_rules)
    per_player: list[list[Decision]] = [[] for _ in players]
    before = list(replay(game))[:-1]  # the position before each step of the log
    for move, (state, entry) in enumerate(zip(before, game.log, strict=True)):
        action = action_of(entry)
        if action is None or state.phase is not Phase.PLAYING or not state.turn.rolls:
            continue  # a hold is no decision, nor is the first roll of a turn
        values = strategy.evaluate(state)
        if not values:
            continue
        per_player[state.current].append(
            Decision(
                move=move,
                state=state,
                action=action,
                expected=strategy.action_value(state, action),
                best=values[0].action,
                best_expected=values[0].expected,
            )
        )
    analyses = []
    for seat, decisions in enumerate(per_player):
        costly = sorted(
            (decision for decision in decisions if decision.loss > _NEGLIGIBLE),
            key=lambda decision: (-decision.loss, decision.move),
        )
        analyses.append(
            PlayerAnalysis(
                player=seat,
                name=players[seat].name,
                decisions=len(decisions),
                total_loss=sum(decision.loss for decision in decisions),
                costliest=tuple(costly[:COSTLIEST]),
            )
        )
    return analyses
