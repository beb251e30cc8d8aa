"""The law of a whole game (docs/rules.md): where a game is and how it ended, and whether a
game could have come about in play under its house rules: the boxes filled, whose turn it
is, the tie-break rounds, the winners, and how long its log is.

:class:`~generala_tui.game.model.GameState` checks itself with these, giving the game's parts
as plain values (names, counts, points, seats); each raises
:class:`~generala_tui.game.refusals.Refusal` at the first thing that could not have happened.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum

from .boxes import MAX_ROLLS, Category
from .names import MAX_PLAYERS
from .refusals import Refusal
from .words import N_

__all__ = [
    "MAX_LOG_STEPS",
    "MAX_TAKE_BACKS",
    "MAX_TIE_BREAK_ROUNDS",
    "MAX_TOGGLES_PER_TURN",
    "STEPS_PER_TURN",
    "Ending",
    "Phase",
    "check_boxes",
    "check_course",
    "check_locks",
    "check_log",
    "check_take_backs",
]

MAX_TOGGLES_PER_TURN = 100
"""Hold toggles a turn of a game's record may hold (docs/performance.md, "Hostile records").

A turn needs at most 25: the log keeps each press since the last roll, at most
:data:`~generala_tui.game.rules.HOLD_PRESSES_KEPT` (15), and the next roll or fill settles
them into their net change, at most 5 (:func:`~generala_tui.game.rules.toggle_hold`), so
the presses after the first two rolls keep 5 each. Some earlier releases logged every press
and kept it, so a saved game or record of theirs may hold more; a hundred leaves room for a
player who changed their mind over every die many times (the home 10362cd wrote has two at
most)."""
MAX_TIE_BREAK_ROUNDS = 32
"""Tie-break rounds a game may have. A round is played again only on a tie, which for two
players comes about one time in seven (0.13 to 0.16 for the tie-break scores of a first
roll, or of rolling for the most of a kind); even at one in two, 32 rounds in a row come
once in two billion tie-breaks."""
STEPS_PER_TURN = MAX_TOGGLES_PER_TURN + MAX_ROLLS + 1
"""The most steps a turn logs: its toggles, its rolls and the fill or tie-break score ending it."""


MAX_LOG_STEPS = (MAX_PLAYERS * len(Category) + MAX_PLAYERS * MAX_TIE_BREAK_ROUNDS) * STEPS_PER_TURN
"""The longest log a game can have: eight players' twelve turns and as many tie-break rounds
as there can be, every turn with as many steps as a turn can log."""

MAX_TAKE_BACKS = MAX_PLAYERS * len(Category) + MAX_PLAYERS * MAX_TIE_BREAK_ROUNDS
"""The most fills a game can take back after computers played on: one a turn, as a turn
goes on without rolls once its fill was taken back so (and so with no step but its fill)."""


class Phase(StrEnum):
    """Where the game is: regular rounds, a tie-break, or finished."""

    PLAYING = "playing"
    TIE_BREAK = "tie_break"
    OVER = "over"


class Ending(StrEnum):
    """How a finished game was decided."""

    POINTS = "points"
    """Every box was filled and one player had the highest total."""
    SERVED_GENERALA = "served_generala"
    """A Generala on a served roll won at once (docs/rules.md)."""
    TIE_BREAK = "tie_break"
    """Tied leaders played tie-break rounds and one won them."""
    SHARED = "shared"
    """Tied leaders share the win (house rule ``tie_break`` off)."""


def _seat(seats: int, seat: int, sentence: str, **params: object) -> None:
    if not 0 <= seat < seats:
        raise Refusal(sentence, seat=seat + 1, **params)


def check_boxes(
    players: Sequence[tuple[str, Mapping[Category, int]]],
    possible: Mapping[Category, frozenset[int]],
) -> None:
    """Each player's boxes (``players``: each name, and the points of each box filled) are
    boxes the house rules play, holding points their dice can score (``possible``, the
    house rules' :meth:`~generala_tui.game.model.HouseRules.possible_points`); a Double
    Generala holds points only beside a Generala that does."""
    for name, boxes in players:
        for category, points in boxes.items():
            if category not in possible:
                raise Refusal(
                    N_("{name} has a {box} box, which these house rules don't play."),
                    name=name,
                    box=category,
                )
            if points not in possible[category]:
                raise Refusal(
                    N_("No dice score {points} points in {name}'s {box} box."),
                    points=points,
                    name=name,
                    box=category,
                )
        if boxes.get(Category.DOUBLE_GENERALA) and not boxes.get(Category.GENERALA):
            raise Refusal(
                N_("{name}'s Double Generala holds points, but their Generala box doesn't."),
                name=name,
            )


def check_locks(locked: Sequence[bool], locked_holds: bool) -> None:
    """No die of the turn is ``locked`` unless the house rules lock holds."""
    if any(locked) and not locked_holds:
        raise Refusal(N_("A die is locked, but these house rules don't lock holds."))


def check_course(
    *,
    players: Sequence[tuple[str, int]],
    rounds: int,
    current: int,
    phase: Phase,
    ending: Ending | None,
    winners: Sequence[int],
    tie_breaks: Sequence[tuple[Sequence[int], Sequence[int]]],
) -> None:
    """Whose turn it is (``current``), the ``phase``, how the game ended and who won agree
    with the boxes filled (``players``: each name and how many boxes they filled, of
    ``rounds``) and the tie-break rounds (each round's contenders and scores so far)."""
    seats = len(players)
    _seat(seats, current, N_("It is the turn of seat {seat}, but the table has no seat {seat}."))
    for contenders, _ in tie_breaks:
        for seat in contenders:
            _seat(
                seats,
                seat,
                N_("A tie-break is played by seat {seat}, but the table has no seat {seat}."),
            )
        if len(contenders) < 2 or list(contenders) != sorted(set(contenders)):
            raise Refusal(
                N_(
                    "A tie-break is played by two or more tied players, in seating order, "
                    "not by seats {seats}."
                ),
                seats=str([seat + 1 for seat in contenders]),
            )
    for contenders, scores in tie_breaks[:-1]:
        if len(scores) != len(contenders):
            raise Refusal(N_("A tie-break round ended before all its players had played."))
    if phase is not Phase.OVER:
        if winners or ending is not None:
            raise Refusal(N_("A game still being played has no winner and no ending yet."))
        if phase is Phase.PLAYING:
            if tie_breaks:
                raise Refusal(N_("A tie-break comes only after every box is filled."))
            _filled_as_due(players, rounds, current, playing=True)
            return
        if not tie_breaks:
            raise Refusal(N_("A tie-break is being played, but no tie-break round is saved."))
        contenders, scores = tie_breaks[-1]
        played = len(scores)
        if played >= len(contenders) or contenders[played] != current:
            raise Refusal(N_("It is not the turn of the next player of the tie-break round."))
        _filled_as_due(players, rounds, current, playing=False)
        return
    if ending is None or not winners:
        raise Refusal(N_("A finished game names its winners and how it was decided."))
    for seat in winners:
        _seat(seats, seat, N_("The game was won by seat {seat}, but the table has no seat {seat}."))
    if list(winners) != sorted(set(winners)):
        raise Refusal(N_("The winners are listed once each, in seating order."))
    if (len(winners) > 1) != (ending is Ending.SHARED):
        raise Refusal(N_("Only a shared win has more than one winner."))
    if ending is Ending.TIE_BREAK and not tie_breaks:
        raise Refusal(N_("A game won in a tie-break has a tie-break round."))
    in_rounds = ending is Ending.SERVED_GENERALA and not tie_breaks
    _filled_as_due(players, rounds, current, playing=in_rounds)


def _filled_as_due(
    players: Sequence[tuple[str, int]], rounds: int, current: int, *, playing: bool
) -> None:
    """Every box filled; or, in the regular rounds, the seats before ``current`` one ahead."""
    due = [rounds] * len(players)
    if playing:
        name, filled = players[current]
        due = [filled + (seat < current) for seat in range(len(players))]
        if filled >= rounds:
            raise Refusal(N_("{name} has filled every box, yet the game goes on."), name=name)
    for (name, filled), boxes in zip(players, due, strict=True):
        if filled != boxes:
            raise Refusal(
                N_(
                    "{name} has filled {filled} boxes where {due} are due "
                    "at this point of the game."
                ),
                name=name,
                filled=filled,
                due=boxes,
            )


def check_log(
    steps: Sequence[tuple[str, int, tuple[Category, int] | None]],
    *,
    seats: int,
    turns_ended: int,
    possible: Mapping[Category, frozenset[int]],
) -> None:
    """The log is no longer than the turns played allow (``turns_ended``: the boxes filled
    and tie-break scores taken); each of its ``steps`` (its ``kind`` as the log names it,
    its seat, and for a fill the box and its points) is taken by a seat at the table; no
    turn holds or releases dice more than :data:`MAX_TOGGLES_PER_TURN` times; and each fill
    is of a box the house rules play, with points its dice can score."""
    # Each ended turn logs at most STEPS_PER_TURN steps, and so does the one being played
    # (or the one a served Generala won).
    most = (turns_ended + 1) * STEPS_PER_TURN
    if len(steps) > most:
        raise Refusal(
            N_("At this point of the game its log holds at most {most:,} steps, not {count:,}."),
            most=most,
            count=len(steps),
        )
    toggles, turn = 0, 1
    for number, (kind, seat, fill) in enumerate(steps, start=1):
        _seat(
            seats,
            seat,
            N_(
                "Step {step} of the game's record is played by seat {seat}, but the table has "
                "no seat {seat}."
            ),
            step=number,
        )
        if kind == "hold":
            toggles += 1
            if toggles > MAX_TOGGLES_PER_TURN:
                raise Refusal(
                    N_(
                        "A turn holds or releases dice at most {most} times, but turn {turn} "
                        "of the game's record does so more often."
                    ),
                    most=MAX_TOGGLES_PER_TURN,
                    turn=turn,
                )
        elif kind in {"fill", "tie_break"}:
            toggles, turn = 0, turn + 1
        if fill is None:
            continue
        category, points = fill
        if category not in possible:
            raise Refusal(
                N_(
                    "Step {step} of the game's record fills {box}, "
                    "which these house rules don't play."
                ),
                step=number,
                box=category,
            )
        if points not in possible[category]:
            raise Refusal(
                N_(
                    "Step {step} of the game's record scores {points} points in {box}, "
                    "which no dice can."
                ),
                step=number,
                points=points,
                box=category,
            )


def check_take_backs(
    take_backs: Sequence[tuple[int, int]], seats: int, log_seats: Sequence[int]
) -> None:
    """Each fill taken back (``take_backs``: its seat and the log's length after it) is a
    seat's at the table (``seats`` of them), taken back at a step of the log
    (``log_seats``: the seat of each of its steps), each after the one before; the log's
    step after it, if any, is that seat's, whose turn went on from there."""
    last = -1
    for number, (seat, step) in enumerate(take_backs, start=1):
        _seat(
            seats,
            seat,
            N_(
                "Take-back {number} of the game's record is seat {seat}'s, but the table has "
                "no seat {seat}."
            ),
            number=number,
        )
        length = len(log_seats)
        if step <= last or step > length or (step < length and log_seats[step] != seat):
            raise Refusal(
                N_(
                    "Take-back {number} of the game's record does not fit its log: it is at "
                    "step {step} of {length}."
                ),
                number=number,
                step=step,
                length=length,
            )
        last = step
