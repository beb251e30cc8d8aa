"""The coach's look back at a game: what each player's decisions cost.

The game is rebuilt from its own log (:func:`generala_tui.game.rules.replay`),
so any state will do, a finished game or one loaded from a file. Every
decision of the regular rounds is valued with the optimal strategy (docs/rules.md
section 10): its *loss* is how many expected points the action taken gave away
against the best action of the position. Tie-break turns are not counted.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..action import Action
from ..model import GameState
from .optimal import Strategy
from .review import DecisionReview, review_game

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


def _decision(review: DecisionReview) -> Decision:
    return Decision(
        move=review.move,
        state=review.state,
        action=review.action,
        expected=review.expected,
        best=review.best,
        best_expected=review.best_expected,
    )


def analyse_game(game: GameState, strategy: Strategy | None = None) -> list[PlayerAnalysis]:
    """Value every decision of the game's log for each player, by seat.

    A view of :func:`~generala_tui.game.strategy.review.review_game`, which
    see for luck as well. ``strategy`` must be solved for the game's house
    rules; without it the strategy is solved (or fetched from the cache).
    Raises :class:`~generala_tui.game.rules.BadRecord` when the log does not
    replay.
    """
    analyses = []
    for player in review_game(game, strategy).players:
        regular = [review for review in player.decisions if not review.tie_break]
        losses = [max(0.0, review.best_expected - review.expected) for review in regular]
        costly = sorted(
            (
                (loss, review)
                for loss, review in zip(losses, regular, strict=True)
                if loss > _NEGLIGIBLE
            ),
            key=lambda pair: (-pair[0], pair[1].move),
        )
        analyses.append(
            PlayerAnalysis(
                player=player.player,
                name=player.name,
                decisions=len(regular),
                total_loss=sum(losses),
                # Only these three are given their positions: each comes with its log.
                costliest=tuple(_decision(review) for _loss, review in costly[:COSTLIEST]),
            )
        )
    return analyses
