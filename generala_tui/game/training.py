"""The trainer's positions and its verdicts: pure, no I/O, no Textual.

A training round is a list of :class:`Drill` positions, each one a decision to
take after a roll: a player's own costly decisions from the games they
finished (:func:`history_drills`, valued by :func:`~generala_tui.game.strategy.analyse_game`;
each round draws them at random, the costlier the likelier, leaving out those
answered best in the round before), topped up with positions of seeded random
games (:func:`random_drills`, played by the medium computer to a random point).
:func:`grade` values the player's answer against the optimal strategy, as the
coach would.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from enum import StrEnum

from .action import BEST_MARGIN, Action, ActionKind
from .model import GameState, HouseRules, Level, Phase, Player, Rolled
from .rules import BadRecord, new_game, offers, play, positions, toggle_hold
from .strategy import ActionValue, Strategy, analyse_game, choose_action

__all__ = [
    "ROUND_SIZE",
    "Drill",
    "DrillSource",
    "Verdict",
    "games_under_other_rules",
    "grade",
    "history_drills",
    "random_drills",
    "trainee",
    "training_round",
]

ROUND_SIZE = 10
"""Positions in a training round."""
GAMES_LOOKED_AT = 30
"""The newest games of the trainee's history searched for costly decisions."""
CANDIDATES = 50
"""The costliest decisions of the history a round draws its positions from."""


class DrillSource(StrEnum):
    """Where a training position comes from."""

    HISTORY = "history"
    RANDOM = "random"


@dataclass(frozen=True)
class Drill:
    """A position to decide in, right after a roll, with every die released: no hold of
    the player who threw it shows, except dice locked by the house rule ``locked_holds``,
    which stay held by the rules."""

    state: GameState
    source: DrillSource
    played: Action | None = None
    """From the history: what the player did there."""
    cost: float = 0.0
    """From the history: the expected points that decision gave away."""


@dataclass(frozen=True)
class Verdict:
    """What the player's answer to a drill was worth."""

    action: Action
    expected: float
    """The expected final total after the player's choice (and optimal play after it)."""
    choices: tuple[ActionValue, ...]
    """Every legal choice, best first, as the coach values them."""

    @property
    def best(self) -> ActionValue:
        return self.choices[0]

    @property
    def next_best(self) -> ActionValue | None:
        """The best choice of the others (not necessarily worth less than the best)."""
        return self.choices[1] if len(self.choices) > 1 else None

    @property
    def cost(self) -> float:
        """Expected points the choice gives away against the best (0 for the best)."""
        return max(0.0, self.best.expected - self.expected)

    @property
    def is_best(self) -> bool:
        return self.cost < BEST_MARGIN


def trainee(games: Sequence[GameState], preferred: str | None = None) -> str | None:
    """Whose decisions to train: ``preferred`` when given (the positions then come from
    that player's own games only, random ones when there are none), else the human name
    found in most games (the newest game's first among equals), else None."""
    if preferred is not None:
        return preferred
    counts: Counter[str] = Counter()
    order: dict[str, int] = {}
    for index, game in enumerate(games):
        for player in game.players:
            if player.level is None:
                counts[player.name] += 1
                order.setdefault(player.name, index)
    if counts:
        return min(counts, key=lambda name: (-counts[name], order[name]))
    return None


def games_under_other_rules(games: Sequence[GameState], name: str, house_rules: HouseRules) -> int:
    """How many of ``games`` the human ``name`` played under house rules other than
    ``house_rules``: games the trainer, training under ``house_rules``, cannot draw on."""
    return sum(
        1
        for game in games
        if game.house_rules != house_rules
        and any(p.name == name and p.level is None for p in game.players)
    )


def _after_last_roll(state: GameState) -> GameState:
    """The position just after the last roll of ``state``, every die released that the
    rules let go: who threw it (a computer, or the trainee long ago) gives no hint."""
    for index in range(len(state.log) - 1, -1, -1):
        if isinstance(state.log[index], Rolled):
            position = positions(state)[index + 1]
            break
    else:
        return state
    for die, (held, locked) in enumerate(
        zip(position.turn.held, position.turn.locked, strict=True)
    ):
        if held and not locked:
            position = toggle_hold(position, die)
    return position


def history_drills(
    games: Sequence[GameState], name: str, strategy: Strategy, count: int = ROUND_SIZE
) -> list[Drill]:
    """The ``count`` costliest decisions of the human ``name`` in ``games`` (newest first),
    costliest first; only games under the strategy's house rules, of the newest
    :data:`GAMES_LOOKED_AT` with that player, and games that don't replay are skipped."""
    mine = [
        game
        for game in games
        if game.house_rules == strategy.house_rules
        and any(p.name == name and p.level is None for p in game.players)
    ][:GAMES_LOOKED_AT]
    found: list[Drill] = []
    for game in mine:
        try:
            analyses = analyse_game(game, strategy)
        except BadRecord:
            continue
        for analysis in analyses:
            if analysis.name != name:
                continue
            for decision in analysis.costliest:
                found.append(
                    Drill(
                        state=_after_last_roll(decision.state),
                        source=DrillSource.HISTORY,
                        played=decision.action,
                        cost=decision.loss,
                    )
                )
    found.sort(key=lambda drill: -drill.cost)
    return found[:count]


def _random_position(draw: random.Random, house_rules: HouseRules, name: str) -> GameState | None:
    """A one-player game played by the medium computer to a random turn and roll, just
    after a roll; None when the game ended on the way (a served Generala wins at once)
    or the position leaves no choice."""
    state = new_game([Player(name=name)], house_rules, seed=draw.randrange(2**31))
    for _ in range(draw.randrange(len(house_rules.categories()))):
        while state.phase is Phase.PLAYING:
            action = choose_action(state, Level.MEDIUM)
            state = play(state, action)
            if action.kind is not ActionKind.ROLL:
                break
    if state.phase is Phase.PLAYING:
        state = play(state, Action.roll())
    for _ in range(draw.randrange(3)):
        if state.phase is not Phase.PLAYING or state.rolls_left == 0:
            break
        action = choose_action(state, Level.MEDIUM)
        if action.kind is not ActionKind.ROLL:
            break
        state = play(state, action)
    if state.phase is not Phase.PLAYING:
        return None
    if not state.rolls_left and len(offers(state)) < 2:
        return None  # one box left and no roll: nothing to choose
    return state


def random_drills(
    house_rules: HouseRules, name: str, seed: int, count: int = ROUND_SIZE
) -> list[Drill]:
    """``count`` positions of seeded random one-player games, each played by the medium
    computer to a random turn and roll: the same seed gives the same positions."""
    drills = []
    for number in range(count):
        draw = random.Random(f"generala-training:{seed}:{number}")
        state = None
        while state is None:  # drawn again: a game won at once, or a position without choice
            state = _random_position(draw, house_rules, name)
        drills.append(Drill(state=_after_last_roll(state), source=DrillSource.RANDOM))
    return drills


def _draw_by_cost(drills: Sequence[Drill], count: int, draw: random.Random) -> list[Drill]:
    """``count`` of ``drills`` drawn without replacement, each as likely as its cost
    (Efraimidis and Spirakis' keys), listed costliest first."""
    keyed = sorted(
        drills, key=lambda drill: draw.random() ** (1 / max(drill.cost, 1e-9)), reverse=True
    )
    return sorted(keyed[:count], key=lambda drill: -drill.cost)


def training_round(
    games: Sequence[GameState],
    name: str,
    strategy: Strategy,
    seed: int,
    count: int = ROUND_SIZE,
    answered_best: Collection[GameState] = (),
) -> list[Drill]:
    """A round of ``count`` drills: decisions of ``name`` in ``games`` first, drawn from
    their :data:`CANDIDATES` costliest (the costlier the likelier, by ``seed``, leaving out
    the positions in ``answered_best``: those the trainee answered best last round), then
    random positions (played under ``name``) for the rest."""
    candidates = [
        drill
        for drill in history_drills(games, name, strategy, CANDIDATES)
        if drill.state not in answered_best
    ]
    draw = random.Random(f"generala-training-round:{seed}")
    drills = _draw_by_cost(candidates, count, draw)
    if len(drills) < count:
        drills += random_drills(strategy.house_rules, name, seed, count - len(drills))
    return drills


def grade(drill: Drill, action: Action, strategy: Strategy) -> Verdict:
    """Value ``action`` in the drill's position; :class:`IllegalMove` if the rules refuse it."""
    state = drill.state
    if state.phase is not Phase.PLAYING:
        raise ValueError("A training position is a decision of the regular rounds.")
    expected = strategy.action_value(state, action)
    return Verdict(action=action, expected=expected, choices=tuple(strategy.evaluate(state)))
