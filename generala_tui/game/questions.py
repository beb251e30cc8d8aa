"""What the player's screen asks of a position (docs/rules.md): what each open box would take
now (:func:`offers`, :func:`scoring_options`), what may be done now (:func:`can_roll`,
:func:`can_hold`, :func:`can_fill`, :func:`can_end_tie_break_turn`), whether a computer is
to act, the totals and how many turns have ended. Each answers from the state alone and
changes nothing; :func:`require_game_on` is the one refusal every move shares."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .model import MAX_ROLLS, Category, Filled, GameState, Phase, TieBreakEnded
from .refusals import IllegalMove
from .scoring import category_score, double_generala_status
from .words import N_


def require_game_on(state: GameState) -> None:
    """Raise :class:`IllegalMove` once the game is over: no move is made then."""
    if state.phase is Phase.OVER:
        raise IllegalMove(N_("The game is over."))


def can_roll(state: GameState) -> bool:
    """Whether the current player may roll now."""
    return (
        state.phase is not Phase.OVER
        and state.turn.rolls < MAX_ROLLS
        and (state.turn.rolls == 0 or not all(state.turn.held))
        and not rolls_barred(state)
    )


def can_hold(state: GameState) -> bool:
    """Whether the player to act may hold or release dice now: after a roll, before the end,
    while another roll may come."""
    return state.phase is not Phase.OVER and state.turn.rolls > 0 and not rolls_barred(state)


ROLLS_BARRED = N_(
    "Your fill was taken back after the computers played on: fill a box again, without "
    "another roll (the dice to come were theirs, and have been seen)."
)
"""Why a turn whose fill was taken back rolls and holds no more (:func:`rolls_barred`)."""


def rolls_barred(state: GameState) -> bool:
    """Whether the turn goes on without another roll: its fill was taken back after
    computers had played on from it (:class:`~.model.TakeBack`), so the dice its next roll
    would draw were the computers' and have been seen."""
    if not state.taken_back:
        return False
    return state.taken_back[-1].step >= _turn_start(state)


def _turn_start(state: GameState) -> int:
    """The length of the log when the turn being played began."""
    log = state.log
    for index in range(len(log) - 1, -1, -1):
        if isinstance(log[index], Filled | TieBreakEnded):
            return index + 1
    return 0


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


def totals(state: GameState) -> list[int]:
    """Each player's total, in seating order: the sum of their boxes."""
    return [player.total for player in state.players]
