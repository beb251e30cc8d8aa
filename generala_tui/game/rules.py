"""The rules of Generala as pure functions (docs/rules.md).

Each move takes a :class:`GameState` and returns a new one, with the step
appended to its log, or raises :class:`IllegalMove` with a message for the
player and leaves the state as it was. Every hold press is a step, so that
:func:`undo` takes back the last press; the next roll or fill settles the presses
since the last roll into their net change (:func:`toggle_hold`). :func:`play` makes one decision (an
:class:`~generala_tui.game.action.Action`); the verbs are the game's own:
:func:`roll`, :func:`toggle_hold`, :func:`score`, :func:`scratch`, and
:func:`end_tie_break_turn` for a tie-break turn. :func:`replay` rebuilds every
position of a game from its log.

The questions a player's screen asks are answered here too: :func:`offers`
(what each open box would take now), :func:`can_roll`, :func:`can_hold`,
:func:`can_fill` and :func:`computer_to_act`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Literal, overload

from .action import Action, ActionKind
from .boxes import FACES, NO_SUCH_DIE, WRONG_FACE
from .model import (
    DOUBLE_GENERALA_POINTS,
    DOUBLE_GENERALA_SERVED_POINTS,
    FIXED_POINTS,
    MAX_ROLLS,
    NUMBER_CATEGORIES,
    NUMBER_OF_DICE,
    TWO_PAIRS_POINTS,
    TWO_PAIRS_SERVED_BONUS,
    Box,
    Boxes,
    Category,
    Ending,
    Filled,
    GameState,
    HoldToggled,
    HouseRules,
    LogEntry,
    Phase,
    Player,
    Refusal,
    Rolled,
    ServedRoll,
    StraightRule,
    TieBreakEnded,
    TieBreakRound,
    Turn,
    box_name,
    check_names,
)
from .words import N_

__all__ = [
    "BadRecord",
    "IllegalMove",
    "Offer",
    "Positions",
    "can_end_tie_break_turn",
    "can_fill",
    "can_hold",
    "can_roll",
    "category_name",
    "category_score",
    "check_dice",
    "computer_to_act",
    "double_generala_status",
    "end_tie_break_turn",
    "is_generala",
    "is_straight",
    "new_game",
    "offers",
    "play",
    "positions",
    "replay",
    "roll",
    "score",
    "scoring_options",
    "scratch",
    "served_bonuses",
    "starting_position",
    "thrown_dice",
    "tie_break_score",
    "toggle_hold",
    "totals",
    "turns_ended",
    "undo",
    "undo_refusal",
    "validate_names",
]

SEED_RANGE = 2**63
"""Seeds are drawn below this."""
HOLD_PRESSES_KEPT = 3 * NUMBER_OF_DICE
"""Hold presses since the last roll that the log keeps one by one, for :func:`undo` to take
back; the next press settles them into their net change (:func:`toggle_hold`)."""
_STANDARD_STRAIGHTS = (
    frozenset({1, 2, 3, 4, 5}),
    frozenset({2, 3, 4, 5, 6}),
    frozenset({3, 4, 5, 6, 1}),
)
_STRICT_STRAIGHTS = _STANDARD_STRAIGHTS[:2]


class IllegalMove(Refusal):
    """A move the rules forbid: a :class:`~generala_tui.game.refusals.Refusal`, whose
    message says why in words for the player (in any language, through
    :func:`generala_tui.words.refusal`)."""


# --- the dice alone -------------------------------------------------------


def check_dice(dice: Sequence[int]) -> tuple[int, ...]:
    """Return ``dice`` as a tuple, or raise :class:`IllegalMove` unless they are five dice 1-6."""
    values = tuple(dice)
    if len(values) != NUMBER_OF_DICE:
        raise IllegalMove(
            N_("A roll shows {dice} dice, not {count}."), dice=NUMBER_OF_DICE, count=len(values)
        )
    for value in values:
        _check_face(value)
    return values


def _check_face(value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= FACES:
        raise IllegalMove(WRONG_FACE, faces=FACES, value=value)


def is_generala(dice: Sequence[int]) -> bool:
    """Whether all five dice show the same number."""
    return len(dice) == NUMBER_OF_DICE and len(set(dice)) == 1


def is_straight(dice: Sequence[int], rule: StraightRule) -> bool:
    """Whether the dice form a straight under house rule ``straight``."""
    faces = frozenset(dice)
    if rule is StraightRule.STRICT:
        return faces in _STRICT_STRAIGHTS
    if rule is StraightRule.WRAPAROUND:
        return len(faces) == NUMBER_OF_DICE
    if rule is StraightRule.ONE_REPLACES_TWO:
        return faces in _STANDARD_STRAIGHTS or sorted(dice) == [1, 1, 3, 4, 5]
    if rule is StraightRule.ONES_WILD:
        others = [value for value in dice if value != 1]
        return len(set(others)) == len(others)
    return faces in _STANDARD_STRAIGHTS


def category_score(
    dice: Sequence[int], category: Category, house_rules: HouseRules, served: bool
) -> int:
    """The points the dice earn in ``category`` (docs/rules.md), 0 if they don't qualify.

    Only the dice count: the scorecard is ignored, so there is no Double
    Generala precondition and no automatic win here.
    """
    values = check_dice(dice)
    counts = sorted(Counter(values).values())
    if category in NUMBER_CATEGORIES:
        face = NUMBER_CATEGORIES.index(category) + 1
        return face * values.count(face)
    bonus = house_rules.served_bonus if served else 0
    if category is Category.STRAIGHT:
        return FIXED_POINTS[category] + bonus if is_straight(values, house_rules.straight) else 0
    if category is Category.FULL_HOUSE:
        return FIXED_POINTS[category] + bonus if counts == [2, 3] else 0
    if category is Category.FOUR_OF_A_KIND:
        return FIXED_POINTS[category] + bonus if counts[-1] >= 4 else 0
    if category is Category.GENERALA:
        return house_rules.generala_points if counts == [5] else 0
    if category is Category.DOUBLE_GENERALA:
        if counts != [5]:
            return 0
        if served and house_rules.double_generala_served_bonus:
            return DOUBLE_GENERALA_SERVED_POINTS
        return DOUBLE_GENERALA_POINTS
    # Two pairs: +5 when served, whatever served_bonus is.
    if counts != [1, 2, 2]:
        return 0
    return TWO_PAIRS_POINTS + (TWO_PAIRS_SERVED_BONUS if served else 0)


def served_bonuses(house_rules: HouseRules) -> dict[Category, int]:
    """The boxes in play that take more points on a served roll, with how many more."""
    bonuses: dict[Category, int] = dict.fromkeys(FIXED_POINTS, house_rules.served_bonus)
    if house_rules.double_generala and house_rules.double_generala_served_bonus:
        bonuses[Category.DOUBLE_GENERALA] = DOUBLE_GENERALA_SERVED_POINTS - DOUBLE_GENERALA_POINTS
    if house_rules.two_pairs:
        bonuses[Category.TWO_PAIRS] = TWO_PAIRS_SERVED_BONUS
    return {
        category: bonuses[category] for category in house_rules.categories() if category in bonuses
    }


def tie_break_score(dice: Sequence[int], house_rules: HouseRules, served: bool) -> int:
    """The best score the dice would earn in any box of an empty scorecard (docs/rules.md).

    On an empty scorecard Double Generala can't be scored, so five of a kind
    earns ``generala_points``.
    """
    return max(
        category_score(dice, category, house_rules, served)
        for category in house_rules.categories()
        if category is not Category.DOUBLE_GENERALA
    )


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


# --- moves inside a turn --------------------------------------------------


def _require_turn(state: GameState) -> None:
    if state.phase is Phase.OVER:
        raise IllegalMove(N_("The game is over."))


def can_roll(state: GameState) -> bool:
    """Whether the current player may roll now."""
    return (
        state.phase is not Phase.OVER
        and state.turn.rolls < MAX_ROLLS
        and (state.turn.rolls == 0 or not all(state.turn.held))
    )


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
    _require_turn(state)
    turn = state.turn
    if turn.rolls >= MAX_ROLLS:
        raise IllegalMove(
            N_("You have rolled {rolls} times: fill a box to end your turn."), rolls=MAX_ROLLS
        )
    if turn.rolls and all(turn.held):
        raise IllegalMove(
            N_("All five dice are held: release a die to roll, or stop and fill a box.")
        )
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
            _check_face(value)
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
    rolled = state.model_copy(update={"turn": new_turn, "log": (*_settled(state.log), entry)})
    if won:
        return rolled.model_copy(
            update={
                "phase": Phase.OVER,
                "winners": (state.current,),
                "ending": Ending.SERVED_GENERALA,
            }
        )
    return rolled


def toggle_hold(state: GameState, die: int) -> GameState:
    """Hold a die for the next roll, or release it (die 0 to 4).

    Each press is a step of the log, so :func:`undo` takes back the last press as the
    player made it. The next roll, fill or end of a tie-break turn settles the presses
    since the last roll into their net change (:func:`_settled`), so a finished turn logs
    at most five toggles after each roll, however often the player changed their mind; so
    does a press past :data:`HOLD_PRESSES_KEPT`, so that no one can grow the log by
    pressing (the holds are the same either way: presses since a roll touch dice that are
    not locked, in any order).
    """
    toggled = _toggled(state, die)
    if _presses_since_roll(toggled.log) > HOLD_PRESSES_KEPT:
        return toggled.model_copy(update={"log": _settled(toggled.log)})
    return toggled


def _presses_since_roll(log: Sequence[LogEntry]) -> int:
    """How many hold toggles end the log (those since its last roll or fill)."""
    count = 0
    for entry in reversed(log):
        if not isinstance(entry, HoldToggled):
            break
        count += 1
    return count


def _settled(log: tuple[LogEntry, ...]) -> tuple[LogEntry, ...]:
    """``log`` with the hold toggles that end it settled into their net change: a toggle of a
    die toggled since the last roll takes that toggle out, any other stays, in order; so
    each die toggled an odd number of times keeps its last toggle, and no other does."""
    start = len(log) - _presses_since_roll(log)
    if len(log) - start < 2:
        return log
    net: list[HoldToggled] = []
    for entry in log[start:]:
        assert isinstance(entry, HoldToggled)
        earlier = next((index for index, kept in enumerate(net) if kept.die == entry.die), None)
        if earlier is None:
            net.append(entry)
        else:
            del net[earlier]
    return (*log[:start], *net)


def _toggled(state: GameState, die: int) -> GameState:
    """:func:`toggle_hold` with the step added to the log and never settled, as a record
    replays it."""
    _require_turn(state)
    if isinstance(die, bool) or not isinstance(die, int) or not 0 <= die < NUMBER_OF_DICE:
        raise IllegalMove(NO_SUCH_DIE, die=die, last=NUMBER_OF_DICE - 1)
    turn = state.turn
    if turn.rolls == 0:
        raise IllegalMove(N_("Roll first: there are no dice to hold yet."))
    if turn.held[die] and turn.locked[die]:
        raise IllegalMove(N_("That die was held for a roll, so it stays held (locked holds)."))
    held = tuple(not h if i == die else h for i, h in enumerate(turn.held))
    entry = HoldToggled(seat=state.current, die=die, held=held[die])
    return state.model_copy(
        update={"turn": turn.model_copy(update={"held": held}), "log": (*state.log, entry)}
    )


def can_hold(state: GameState) -> bool:
    """Whether the player to act may hold or release dice now: after a roll, before the end."""
    return state.phase is not Phase.OVER and state.turn.rolls > 0


# --- ending a turn --------------------------------------------------------


def double_generala_status(player: Player) -> Literal["alive", "waiting", "dead"]:
    """Whether the player's Double Generala box can score (docs/rules.md).

    ``alive`` once Generala holds points; ``waiting`` while Generala is open
    (only a scratch for now); ``dead`` once Generala is scratched (only ever a
    scratch).
    """
    if player.holds_points(Category.GENERALA):
        return "alive"
    return "dead" if Category.GENERALA in player.boxes else "waiting"


def scoring_options(state: GameState) -> dict[Category, int]:
    """The current player's open boxes that may be filled now, with their points.

    0 means the box can only be scratched. Empty before the first roll and
    outside the playing phase. In scorecard order.
    """
    if state.phase is not Phase.PLAYING or state.turn.rolls == 0:
        return {}
    player = state.current_player
    rules = state.house_rules
    options: dict[Category, int] = {}
    for category in rules.categories():
        if category in player.boxes:
            continue
        points = category_score(state.turn.dice, category, rules, state.turn.served)
        if category is Category.DOUBLE_GENERALA and double_generala_status(player) != "alive":
            points = 0
        options[category] = points
    return options


def _open_box(state: GameState, category: Category) -> None:
    _require_turn(state)
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
    state = state.model_copy(update={"players": players, "log": (*_settled(state.log), entry)})
    rounds = state.rounds
    if all(len(p.boxes) == rounds for p in players):
        return _finish(state)
    return _next_turn(state, (state.current + 1) % len(players))


def _next_turn(state: GameState, player: int) -> GameState:
    return state.model_copy(update={"current": player, "turn": Turn()})


def totals(state: GameState) -> list[int]:
    """Each player's total, in seating order: the sum of their boxes."""
    return [player.total for player in state.players]


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
    _require_turn(state)
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
            "log": (*_settled(state.log), entry),
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


def category_name(category: Category) -> str:
    """The English name of a category, for messages (:func:`~generala_tui.game.model.box_name`)."""
    return box_name(category)


# --- one decision, and the whole game again -------------------------------


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


class BadRecord(IllegalMove):
    """A game's log that does not replay into the game it claims to be."""


def starting_position(state: GameState) -> GameState:
    """The position the game started from: its players, house rules and seed, no step taken."""
    return GameState(
        players=tuple(Player(name=p.name, level=p.level) for p in state.players),
        house_rules=state.house_rules,
        seed=state.seed,
    )


def replay(state: GameState) -> Iterator[GameState]:
    """Every position of the game from its start, rebuilt from the seed and the log alone.

    Yields the starting position, then the position after each step of the log; the last
    one is ``state`` itself. Raises :class:`BadRecord` naming the first step that does not
    replay, or when the log leads elsewhere (before yielding ``state``).

    The positions between the first and the last come without their logs: the log of the
    position after n steps is ``state.log[:n]``, and a copy of it for each would take time
    and memory in proportion to the square of the log's length. They are positions to look
    at, not to play on (their next roll would draw other dice): :func:`positions` gives
    each with its log.
    """
    position = starting_position(state)
    yield position
    last = len(state.log)
    for number, entry in enumerate(state.log, start=1):
        # The rules append to an empty log here, so a step costs the same at any length.
        after = _replayed_step(position, entry, number)
        position = after.model_copy(update={"log": ()})
        if number < last:
            yield position
    if last:
        if position.model_copy(update={"log": state.log}) != state:
            raise BadRecord(
                N_("The game's record does not lead to the position it was saved with.")
            )
        yield state
    elif position != state:
        raise BadRecord(N_("The game's record does not lead to the position it was saved with."))


def _replayed_step(position: GameState, entry: LogEntry, number: int) -> GameState:
    """``position`` after the log's step ``entry`` (its ``number``, from 1), replayed."""
    try:
        if entry.seat != position.current:
            raise IllegalMove(
                N_("it is seat {seat}'s turn, not {other}'s"),
                seat=position.current + 1,
                other=entry.seat + 1,
            )
        if isinstance(entry, HoldToggled):
            after = _toggled(position, entry.die)
        elif isinstance(entry, Rolled):
            thrown = thrown_dice(position.turn)
            after = roll(position, [entry.dice[i] for i in thrown])
        elif isinstance(entry, Filled):
            fill = scratch if entry.scratch else score
            after = fill(position, entry.category)
        else:
            after = end_tie_break_turn(position)
    except (IllegalMove, IndexError) as error:
        raise BadRecord(
            N_("Step {number} of the game's record can't be played: {error}"),
            number=number,
            error=error,
        ) from None
    if after.log[-1] != entry:
        raise BadRecord(
            N_("Step {number} of the game's record does not match its replay."), number=number
        )
    return after


class Positions(Sequence[GameState]):
    """Every position of a game, from one :func:`replay` of its log: ``positions[n]`` is the
    game after n steps of its log, with its log (``game.log[:n]``).

    The positions are kept without their logs, beside the game's one log, and each is given
    its part of it only when asked for (a copy, made afresh at each asking): building them
    takes time and memory in proportion to the log, not to its square.
    :meth:`without_log` gives a position as it is kept, to look at.
    """

    def __init__(self, game: GameState) -> None:
        self.game = game
        """The game whose positions these are (the last of them)."""
        self._positions = list(replay(game))

    def __len__(self) -> int:
        return len(self._positions)

    @overload
    def __getitem__(self, index: int) -> GameState: ...

    @overload
    def __getitem__(self, index: slice) -> list[GameState]: ...

    def __getitem__(self, index: int | slice) -> GameState | list[GameState]:
        if isinstance(index, slice):
            return [self[n] for n in range(*index.indices(len(self)))]
        steps = range(len(self._positions))[index]  # negative from the end; IndexError
        position = self._positions[steps]
        if position.log or steps == 0:
            return position  # the start (no step yet) and the game itself
        return position.model_copy(update={"log": self.game.log[:steps]})

    def without_log(self, index: int) -> GameState:
        """The position after ``index`` steps without its log (but the first and the last):
        to look at, in no time, not to play on."""
        return self._positions[index]


def positions(state: GameState) -> Positions:
    """The positions of :func:`replay`, each with its log when asked for:
    ``positions(state)[n]`` is the game before step n of its log."""
    return Positions(state)


# --- what the player's screen asks ----------------------------------------


@dataclass(frozen=True, slots=True)
class Offer:
    """An open box of the player to act, and what filling it now would do."""

    category: Category
    points: int | None
    """The points the box would take now (0: only a scratch); None before the first roll."""
    served_bonus: int = 0
    """The part of ``points`` a served roll adds."""
    double_generala: Literal["alive", "waiting", "dead"] | None = None
    """For the Double Generala box, whether it can score (:func:`double_generala_status`)."""


def offers(state: GameState) -> tuple[Offer, ...]:
    """The open boxes of the player to act, in scorecard order, with what each takes now.

    Empty outside the regular rounds (a tie-break turn fills no box).
    """
    if state.phase is not Phase.PLAYING:
        return ()
    player = state.current_player
    options = scoring_options(state)
    turn = state.turn
    result = []
    for category in state.house_rules.categories():
        if category in player.boxes:
            continue
        status = double_generala_status(player) if category is Category.DOUBLE_GENERALA else None
        points = options.get(category)
        bonus = 0
        if points and turn.served:
            bonus = points - category_score(turn.dice, category, state.house_rules, served=False)
        result.append(Offer(category, points, bonus, status))
    return tuple(result)


def can_fill(state: GameState) -> bool:
    """Whether the player to act may fill a box now (after a roll, in the regular rounds)."""
    return state.phase is Phase.PLAYING and state.turn.rolls > 0


def can_end_tie_break_turn(state: GameState) -> bool:
    """Whether the player to act may end a tie-break turn now (after a roll)."""
    return state.phase is Phase.TIE_BREAK and state.turn.rolls > 0


def turns_ended(state: GameState) -> int:
    """How many turns of the game have ended (a fill or a tie-break score each): a turn's number."""
    return sum(1 for entry in state.log if isinstance(entry, Filled | TieBreakEnded))


def computer_to_act(state: GameState) -> bool:
    """Whether the game is on and the player to act is a computer player."""
    return state.phase is not Phase.OVER and state.current_player.level is not None


# --- taking a step back ---------------------------------------------------


def undo_refusal(state: GameState) -> str | None:
    """Why the last step can't be taken back, in words for the player; None when it can.

    A hold toggle, a filled box or the end of a tie-break turn can be taken
    back while nothing came after it (the next player has not rolled), by
    the human who took it; never a roll, and never once the game is over.
    """
    refusal = _undo_refusal(state)
    return None if refusal is None else str(refusal)


def _undo_refusal(state: GameState) -> IllegalMove | None:
    if state.phase is Phase.OVER:
        return IllegalMove(N_("The game is over: its moves can't be taken back."))
    if not state.log:
        return IllegalMove(N_("There is nothing to take back yet."))
    last = state.log[-1]
    if isinstance(last, Rolled):
        return IllegalMove(N_("A roll can't be taken back."))
    if state.players[last.seat].level is not None:
        return IllegalMove(
            N_("That was {name}'s move: only your own can be taken back."),
            name=state.players[last.seat].name,
        )
    return None


def undo(state: GameState) -> GameState:
    """The game as it was before its last step, which leaves the log (see :func:`undo_refusal`).

    Hold presses since the last roll are steps each (:func:`toggle_hold`), so undo takes
    them back one by one, the last first, as the player made them; those a roll or fill
    settled are taken back as the log keeps them, their net change.

    Raises :class:`IllegalMove` saying why when the step can't be taken back,
    and :class:`BadRecord` when the log does not replay.
    """
    refusal = _undo_refusal(state)
    if refusal is not None:
        raise refusal
    # A whole replay checks the log leads to the state; the position before is the answer,
    # given the log without its last step (the replay's positions come without theirs).
    before = after = state
    for position in replay(state):
        before, after = after, position
    return before.model_copy(update={"log": state.log[:-1]})
