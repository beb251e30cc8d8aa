"""The hold presses (docs/rules.md): holding or releasing a die between rolls, each press a
step of the log until the next roll, fill or end of a tie-break turn settles them into
their net change (:func:`settled`), and the bound on the presses a log keeps one by one
(:data:`HOLD_PRESSES_KEPT`), so that :func:`~generala_tui.game.record.undo` takes back the
last press as the player made it and pressing cannot grow a log."""

from __future__ import annotations

from collections.abc import Sequence

from .boxes import NO_SUCH_DIE
from .model import NUMBER_OF_DICE, GameState, HoldToggled, LogEntry
from .questions import ROLLS_BARRED, require_game_on, rolls_barred
from .refusals import IllegalMove
from .words import N_

HOLD_PRESSES_KEPT = 3 * NUMBER_OF_DICE
"""Hold presses since the last roll that the log keeps one by one, for
:func:`~generala_tui.game.record.undo` to take back; the next press settles them into their
net change (:func:`toggle_hold`)."""


def toggle_hold(state: GameState, die: int) -> GameState:
    """Hold a die for the next roll, or release it (die 0 to 4).

    Each press is a step of the log, so :func:`~generala_tui.game.record.undo` takes back
    the last press as the player made it. The next roll, fill or end of a tie-break turn
    settles the presses since the last roll into their net change (:func:`settled`), so a
    finished turn logs at most five toggles after each roll, however often the player
    changed their mind; so does a press past :data:`HOLD_PRESSES_KEPT`, so that no one can
    grow the log by pressing (the holds are the same either way: presses since a roll touch
    dice that are not locked, in any order).
    """
    toggled = press(state, die)
    if presses_since_roll(toggled.log) > HOLD_PRESSES_KEPT:
        return toggled.model_copy(update={"log": settled(toggled.log)})
    return toggled


def presses_since_roll(log: Sequence[LogEntry]) -> int:
    """How many hold toggles end the log (those since its last roll or fill)."""
    count = 0
    for entry in reversed(log):
        if not isinstance(entry, HoldToggled):
            break
        count += 1
    return count


def settled(log: tuple[LogEntry, ...]) -> tuple[LogEntry, ...]:
    """``log`` with the hold toggles that end it settled into their net change: a toggle of a
    die toggled since the last roll takes that toggle out, any other stays, in order; so
    each die toggled an odd number of times keeps its last toggle, and no other does."""
    start = len(log) - presses_since_roll(log)
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


def press(state: GameState, die: int) -> GameState:
    """One hold press: :func:`toggle_hold` with the step added to the log and never
    settled, as a record replays it."""
    require_game_on(state)
    if isinstance(die, bool) or not isinstance(die, int) or not 0 <= die < NUMBER_OF_DICE:
        raise IllegalMove(NO_SUCH_DIE, die=die, last=NUMBER_OF_DICE - 1)
    turn = state.turn
    if turn.rolls == 0:
        raise IllegalMove(N_("Roll first: there are no dice to hold yet."))
    if rolls_barred(state):
        raise IllegalMove(ROLLS_BARRED)
    if turn.held[die] and turn.locked[die]:
        raise IllegalMove(N_("That die was held for a roll, so it stays held (locked holds)."))
    held = tuple(not h if i == die else h for i, h in enumerate(turn.held))
    entry = HoldToggled(seat=state.current, die=die, held=held[die])
    return state.model_copy(
        update={"turn": turn.model_copy(update={"held": held}), "log": (*state.log, entry)}
    )
