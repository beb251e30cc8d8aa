"""The game's record read back (docs/rules.md): every position of a game rebuilt from its
seed and its log (:func:`replay`, :func:`positions`), a log that does not lead to its game
refused (:class:`BadRecord`), and the last step taken back (:func:`undo`), which is the
position before it in the replay. The state carries its own history: nothing keeps a
second copy of the game."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

from .holds import press
from .model import (
    Filled,
    GameState,
    HoldToggled,
    LogEntry,
    Phase,
    Player,
    Rolled,
    TakeBack,
    TieBreakEnded,
)
from .moves import end_tie_break_turn, roll, score, scratch, thrown_dice
from .refusals import IllegalMove
from .words import N_


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
        # The take-backs are the record's beside the log: no step replays them.
        if position.model_copy(update={"log": state.log, "taken_back": state.taken_back}) != state:
            raise BadRecord(
                N_("The game's record does not lead to the position it was saved with.")
            )
        yield state
    elif position.model_copy(update={"taken_back": state.taken_back}) != state:
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
            after = press(position, entry.die)
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


# --- taking a step back ---------------------------------------------------


def undo_refusal(state: GameState) -> str | None:
    """Why the last step can't be taken back, in words for the player; None when it can.

    A hold toggle, a filled box or the end of a tie-break turn can be taken back while no
    human acted after it (the next player has not rolled): a human's own step at once; a
    human's fill after which only computers played, with their turns (:func:`undo`). Never
    a roll, a computer's own step, nor anything once the game is over.
    """
    refusal = _undo_refusal(state)
    return None if refusal is None else str(refusal)


def _last_human_step(state: GameState) -> int | None:
    """The index in the log of the last step a human took, if any."""
    players = state.players
    for index in range(len(state.log) - 1, -1, -1):
        if players[state.log[index].seat].level is None:
            return index
    return None


def _undo_refusal(state: GameState) -> IllegalMove | None:
    if state.phase is Phase.OVER:
        return IllegalMove(N_("The game is over: its moves can't be taken back."))
    if not state.log:
        return IllegalMove(N_("There is nothing to take back yet."))
    log = state.log
    if state.taken_back and state.taken_back[-1].step >= len(log):
        return IllegalMove(N_("That fill was taken back already: fill a box again."))
    last = log[-1]
    human = _last_human_step(state)
    if human == len(log) - 1:
        if isinstance(last, Rolled):
            return IllegalMove(N_("A roll can't be taken back."))
        return None
    if human is None or not isinstance(log[human], Filled | TieBreakEnded):
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

    A human's fill after which only computers played is taken back with the computers'
    steps: the game is where it stood before the fill, and the record keeps a
    :class:`~.model.TakeBack`. The turn goes on without another roll (:func:`rolls_barred
    <generala_tui.game.questions.rolls_barred>`): the dice its roll would draw are those the
    computers threw, seen already; filled again, the computers play again with the same
    dice to come.

    Raises :class:`IllegalMove` saying why when the step can't be taken back,
    and :class:`BadRecord` when the log does not replay.
    """
    refusal = _undo_refusal(state)
    if refusal is not None:
        raise refusal
    human = _last_human_step(state)
    assert human is not None  # a step to take back is a human's (_undo_refusal)
    if human == len(state.log) - 1:
        # A whole replay checks the log leads to the state; the position before is the
        # answer, given the log without its last step (the replay's positions come without
        # theirs).
        before = after = state
        for position in replay(state):
            before, after = after, position
        return before.model_copy(update={"log": state.log[:-1], "taken_back": state.taken_back})
    before = positions(state)[human]
    undone = len(state.log) - human
    taken_back = state.taken_back
    if taken_back and taken_back[-1].step == human:  # taken back again in the same turn
        undone += taken_back[-1].undone
        taken_back = taken_back[:-1]
    take_back = TakeBack(seat=state.log[human].seat, step=human, undone=undone)
    return before.model_copy(update={"taken_back": (*taken_back, take_back)})
