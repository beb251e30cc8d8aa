"""The moves of a game (docs/rules.md): starting it (:func:`new_game`), rolling
(:func:`roll`), filling a box (:func:`score`, :func:`scratch`), ending a tie-break turn
(:func:`end_tie_break_turn`), and one decision of the player to act (:func:`play`). Each
takes a :class:`GameState` and returns a new one with its step appended to the log, or
raises :class:`IllegalMove` and leaves the state as it was. A roll, a fill and the end of
a tie-break turn settle the hold presses before them (:func:`~.holds.settled`); the game
ends, or goes to a tie-break, when its last box is filled."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .action import Action, ActionKind
from .boxes import FACES
from .holds import settled, toggle_hold
from .model import (
    MAX_ROLLS,
    NUMBER_CATEGORIES,
    NUMBER_OF_DICE,
    Box,
    Boxes,
    Category,
    Ending,
    Filled,
    GameState,
    HouseRules,
    Phase,
    Player,
    Refusal,
    Rolled,
    ServedRoll,
    TieBreakEnded,
    TieBreakRound,
    Turn,
    check_names,
)
from .questions import ROLLS_BARRED, require_game_on, rolls_barred, scoring_options, totals
from .refusals import IllegalMove
from .scoring import (
    category_score,
    check_face,
    double_generala_status,
    is_generala,
    tie_break_score,
)
from .words import N_

SEED_RANGE = 2**63
"""Seeds are drawn below this."""


# --- starting a game ------------------------------------------------------


def validate_names(names: Sequence[str]) -> list[str]:
    """Trim the names and check them (:func:`~generala_tui.game.model.check_names`, the one
    place names are checked); raise :class:`IllegalMove` naming the first problem."""
    cleaned = [name.strip() for name in names]
    try:
        check_names(cleaned)
    except Refusal as refused:
        raise IllegalMove(refused.message, **refused.params) from None
    return cleaned


def new_game(
    players: Sequence[str | Player],
    house_rules: HouseRules | None = None,
    seed: int | None = None,
) -> GameState:
    """Start a game: empty scorecards, the first seat to roll.

    ``players`` are names (humans) or :class:`Player` models (which may be
    computer players). Without a ``seed`` one is drawn from the system, and
    stored in the state so the game's dice can be replayed.
    """
    # Names are checked before any Player is built, so a bad name is an
    # IllegalMove with a message for the player, not a pydantic error.
    names = validate_names([p.name if isinstance(p, Player) else p for p in players])
    levels = [p.level if isinstance(p, Player) else None for p in players]
    seated = tuple(
        Player(name=name, level=level) for name, level in zip(names, levels, strict=True)
    )
    if seed is None:
        seed = random.SystemRandom().randrange(SEED_RANGE)
    return GameState(players=seated, house_rules=house_rules or HouseRules(), seed=seed)


# --- rolling -------------------------------------------------------------


def _draw(state: GameState, count: int) -> list[int]:
    # A fresh generator per roll, keyed by the seed and the roll's number:
    # no hidden state, so a reloaded game rolls the same dice.
    rng = random.Random(f"generala:{state.seed}:{state.dice_thrown}")
    return [rng.randint(1, FACES) for _ in range(count)]


def thrown_dice(turn: Turn) -> tuple[int, ...]:
    """The positions the next roll throws: all five on the first roll, else the dice not held."""
    return tuple(i for i in range(NUMBER_OF_DICE) if turn.rolls == 0 or not turn.held[i])


def roll(state: GameState, values: Sequence[int] | None = None) -> GameState:
    """Throw every die that is not held.

    ``values``, when given, are the thrown dice's results in position order
    (held dice keep their places); otherwise they come from the game's seed.
    A served five of a kind with the Generala box open wins the game at once
    when house rule ``served_generala_wins`` is on (docs/rules.md).
    """
    require_game_on(state)
    turn = state.turn
    if turn.rolls >= MAX_ROLLS:
        raise IllegalMove(
            N_("You have rolled {rolls} times: fill a box to end your turn."), rolls=MAX_ROLLS
        )
    if turn.rolls and all(turn.held):
        raise IllegalMove(
            N_("All five dice are held: release a die to roll, or stop and fill a box.")
        )
    if rolls_barred(state):
        raise IllegalMove(ROLLS_BARRED)
    thrown = thrown_dice(turn)
    if values is None:
        results = _draw(state, len(thrown))
    else:
        results = list(values)
        if len(results) != len(thrown):
            raise IllegalMove(
                N_("This roll throws {thrown} dice, not {count}."),
                thrown=len(thrown),
                count=len(results),
            )
        for value in results:
            check_face(value)
    dice = list(turn.dice) if turn.dice else [0] * NUMBER_OF_DICE
    for position, value in zip(thrown, results, strict=True):
        dice[position] = value
    rules = state.house_rules
    if rules.served_roll is ServedRoll.FIRST_ROLL:
        served = turn.rolls == 0
    else:
        served = len(thrown) == NUMBER_OF_DICE
    locked = turn.locked
    if rules.locked_holds:
        locked = tuple(was or now for was, now in zip(turn.locked, turn.held, strict=True))
    new_turn = Turn(
        dice=tuple(dice),
        held=turn.held if turn.rolls else (False,) * NUMBER_OF_DICE,
        locked=locked,
        rolls=turn.rolls + 1,
        served=served,
    )
    won = (
        served
        and rules.served_generala_wins
        and is_generala(dice)
        and (state.phase is Phase.TIE_BREAK or Category.GENERALA not in state.current_player.boxes)
    )
    entry = Rolled(
        seat=state.current,
        held=tuple(i for i in range(NUMBER_OF_DICE) if i not in thrown),
        dice=new_turn.dice,
        served=served,
        won=won,
    )
    rolled = state.model_copy(update={"turn": new_turn, "log": (*settled(state.log), entry)})
    if won:
        return rolled.model_copy(
            update={
                "phase": Phase.OVER,
                "winners": (state.current,),
                "ending": Ending.SERVED_GENERALA,
            }
        )
    return rolled


# --- ending a turn --------------------------------------------------------


def _open_box(state: GameState, category: Category) -> None:
    require_game_on(state)
    if state.phase is Phase.TIE_BREAK:
        raise IllegalMove(N_("This is a tie-break turn: end it to take its tie-break score."))
    if state.turn.rolls == 0:
        raise IllegalMove(N_("Roll first: nothing can be filled before the first roll."))
    try:
        category = Category(category)
    except ValueError:
        raise IllegalMove(N_("There is no box called {box!r}."), box=category) from None
    if category not in state.house_rules.categories():
        raise IllegalMove(N_("{box} is not played under these house rules."), box=category)
    if category in state.current_player.boxes:
        raise IllegalMove(N_("Your {box} box is already filled."), box=category)


def score(state: GameState, category: Category) -> GameState:
    """Score the dice in an open box they qualify for, then pass the turn.

    Ones to Sixes always qualify; no dice of that number is recorded as a
    scratch. Other boxes need qualifying dice: scratch them otherwise.
    """
    _open_box(state, category)
    category = Category(category)
    points = scoring_options(state)[category]
    if points == 0 and category not in NUMBER_CATEGORIES:
        status = double_generala_status(state.current_player)
        if category is Category.DOUBLE_GENERALA and status == "waiting":
            raise IllegalMove(
                N_(
                    "Double Generala can be scored only once your Generala box holds points: "
                    "scratch it instead, or choose another box."
                )
            )
        if category is Category.DOUBLE_GENERALA and status == "dead":
            raise IllegalMove(
                N_(
                    "Your Generala box is scratched, so Double Generala is dead: "
                    "scratch it instead, or choose another box."
                )
            )
        raise IllegalMove(
            N_("These dice don't make {box}: scratch it instead, or choose another box."),
            box=category,
        )
    plain = category_score(state.turn.dice, category, state.house_rules, served=False)
    entry = Filled(
        seat=state.current,
        category=category,
        points=points,
        served_bonus=points - plain if points else 0,
    )
    return _fill(state, entry)


def scratch(state: GameState, category: Category) -> GameState:
    """Fill an open box with a scratch (0 points), then pass the turn."""
    _open_box(state, category)
    return _fill(state, Filled(seat=state.current, category=Category(category), scratch=True))


def _fill(state: GameState, entry: Filled) -> GameState:
    player = state.current_player
    box = Box(points=entry.points, scratched=entry.points == 0)
    filled = player.model_copy(update={"boxes": Boxes({**player.boxes, entry.category: box})})
    players = tuple(filled if i == state.current else p for i, p in enumerate(state.players))
    state = state.model_copy(update={"players": players, "log": (*settled(state.log), entry)})
    rounds = state.rounds
    if all(len(p.boxes) == rounds for p in players):
        return _finish(state)
    return _next_turn(state, (state.current + 1) % len(players))


def _next_turn(state: GameState, player: int) -> GameState:
    return state.model_copy(update={"current": player, "turn": Turn()})


def _finish(state: GameState) -> GameState:
    scores = totals(state)
    best = max(scores)
    leaders = tuple(i for i, total in enumerate(scores) if total == best)
    if len(leaders) == 1:
        return _over(state, leaders, Ending.POINTS)
    if not state.house_rules.tie_break:
        return _over(state, leaders, Ending.SHARED)
    return _start_tie_break(state, leaders)


def _over(state: GameState, winners: tuple[int, ...], ending: Ending) -> GameState:
    return state.model_copy(
        update={"phase": Phase.OVER, "winners": winners, "ending": ending, "turn": Turn()}
    )


def _start_tie_break(state: GameState, contenders: tuple[int, ...]) -> GameState:
    tie_round = TieBreakRound(contenders=contenders)
    state = state.model_copy(
        update={"phase": Phase.TIE_BREAK, "tie_breaks": (*state.tie_breaks, tie_round)}
    )
    return _next_turn(state, contenders[0])


def end_tie_break_turn(state: GameState) -> GameState:
    """End a tie-break turn, taking its tie-break score (docs/rules.md).

    After the last contender of the round: the highest tie-break score wins,
    and players still tied play another round among themselves.
    """
    require_game_on(state)
    if state.phase is not Phase.TIE_BREAK:
        raise IllegalMove(N_("Only a tie-break turn ends this way: fill a box to end your turn."))
    if state.turn.rolls == 0:
        raise IllegalMove(N_("Roll first: a tie-break turn needs at least one roll."))
    points = tie_break_score(state.turn.dice, state.house_rules, state.turn.served)
    tie_round = state.tie_breaks[-1]
    tie_round = tie_round.model_copy(update={"scores": (*tie_round.scores, points)})
    entry = TieBreakEnded(seat=state.current, points=points)
    state = state.model_copy(
        update={
            "tie_breaks": (*state.tie_breaks[:-1], tie_round),
            "log": (*settled(state.log), entry),
        }
    )
    played = len(tie_round.scores)
    if played < len(tie_round.contenders):
        return _next_turn(state, tie_round.contenders[played])
    best = max(tie_round.scores)
    leaders = tuple(
        player
        for player, points in zip(tie_round.contenders, tie_round.scores, strict=True)
        if points == best
    )
    if len(leaders) == 1:
        return _over(state, leaders, Ending.TIE_BREAK)
    return _start_tie_break(state, leaders)


# --- one decision ---------------------------------------------------------


def play(state: GameState, action: Action, dice: Sequence[int] | None = None) -> GameState:
    """Make one decision of the player to act; raise :class:`IllegalMove` if the rules refuse it.

    A roll first holds exactly the dice ``action.held`` names (each change a
    step of the log, as :func:`toggle_hold` makes it), then rolls; ``dice``,
    when given, are the thrown dice's results (see :func:`roll`).
    """
    if action.kind is ActionKind.ROLL:
        if not state.turn.rolls:
            if action.held:
                raise IllegalMove(N_("Roll first: there are no dice to hold yet."))
        else:
            for die, held in enumerate(state.turn.held):
                if held != (die in action.held):
                    state = toggle_hold(state, die)
        return roll(state, dice)
    if action.kind is ActionKind.END_TIE_BREAK:
        return end_tie_break_turn(state)
    if action.category is None:
        raise IllegalMove(N_("Choose a box to fill."))
    if action.kind is ActionKind.SCORE:
        return score(state, action.category)
    return scratch(state, action.category)
