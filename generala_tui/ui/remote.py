"""A table online (:class:`.table.Table`): this window's seat at a server's table, or a place
watching it.

At an online table this window decides nothing of the game. The server plays every move
(it rolls the dice) and sends it; the client plays it through the same rules with the
server's dice (:mod:`..online.client`), and each table's game becomes the app's
``game``, so every screen shows it as it shows a game played at this keyboard. A move
made here (:meth:`RemoteTable.move`, :meth:`RemoteTable.hold`) is sent to the server and
shows once its answer is back; one out of turn, or a spectator's, is refused here at
once, in the words the server would use.

Moves go one at a time, each sent on the table as the server's answer to the one before
left it: the server refuses a move made at a step the table has since left, so a quick
"1 2 r" sent at once would lose all but the first. A roll throws with the dice held when
it goes, so the holds pressed before it, still on their way when the turn screen asked
for the roll, are part of it.

It also tells what the screens do not show: the connection lost and made again, another
seat's player leaving and coming back, a computer standing in for an away player, the
table waiting for one.
"""

from __future__ import annotations

import asyncio
import contextlib
import string
from collections.abc import Iterator

from ..game import rules
from ..game.action import Action, ActionKind
from ..game.model import Category, GameState, Phase, Player
from ..game.refusals import Refusal, printable
from ..online.client import Address, TableClient
from ..online.protocol import Refused, Said, Table
from ..online.tables import turn_refusal
from ..words import refusal
from . import table_words
from .table import Window
from .talk import Talk

OUTBOX = 16
"""Moves made here and not yet sent, at most: more (a paste of keys, a server that does not
answer) are refused, so the queue never grows past a player's quick hands."""
ANSWER_SECONDS = 10.0
"""How long a move waits for the server's answer before the next one goes all the same."""


def said(refused: Refused) -> str:
    """What the server refused, in the player's language: its template is the game's own
    refusal, looked up in the catalogs. A template this game can't say (another version's,
    or a server's of its own making) is told in the server's English words."""
    if _only_names_its_params(refused.template):
        params: dict[str, object] = {
            key: _box_or_value(key, value) for key, value in refused.params.items()
        }
        with contextlib.suppress(KeyError, IndexError, ValueError, AttributeError):
            return refusal(Refusal(refused.template, **params))
    return printable(refused.english)


def _only_names_its_params(template: str) -> bool:
    """Whether ``template`` only names its parameters (``{name}``, ``{die!r}``, ``{count:,}``):
    no attribute or item looked up, no width a server could make a gigabyte of."""
    try:
        fields = [
            (name, spec) for _text, name, spec, _ in string.Formatter().parse(template) if name
        ]
    except ValueError:
        return False
    return all(name.isidentifier() and spec in {"", ","} for name, spec in fields)


def _box_or_value(key: str, value: str | int) -> object:
    """A refusal's parameter as the game made it: a box (``box``, sent as its key) is said
    as the players of the language name it."""
    if key == "box" and isinstance(value, str):
        with contextlib.suppress(ValueError):
            return Category(value)
    return value


def news(before: Table, after: Table, seat: int | None) -> Iterator[str]:
    """What changed at the table besides the game, for the player at ``seat``: another
    seat's player gone or back, a computer standing in, the table waiting or going on."""
    names = [player.name for player in after.game.players]
    for index, (was, now) in enumerate(zip(before.seats, after.seats, strict=False)):
        if index == seat:
            if now.stand_in and not was.stand_in and now.connected:
                yield table_words.your_clock_ran_out()
            continue
        if was.connected != now.connected:
            yield (
                table_words.seat_back(names[index])
                if now.connected
                else table_words.seat_left(names[index])
            )
        if now.stand_in and not was.stand_in:
            yield table_words.stand_in(names[index])
    for name in sorted(set(after.watchers) - set(before.watchers)):
        yield table_words.watching_now(name)
    for name in sorted(set(before.watchers) - set(after.watchers)):
        yield table_words.watching_no_more(name)
    if after.game.phase is Phase.OVER:
        for index in sorted(set(after.again) - set(before.again)):
            if index != seat:
                yield table_words.would_play_again(names[index])
    if after.ratings and not before.ratings:
        yield from rating_lines(after)
    if after.paused and not before.paused:
        yield table_words.table_paused(names[after.game.current])
    elif before.paused and not after.paused:
        yield table_words.table_goes_on()


def rating_lines(table: Table) -> Iterator[str]:
    """Each known player's rating after the table's rated game, and its change."""
    names = [player.name for player in table.game.players]
    for change in table.ratings:
        moved = change.mu - change.before
        yield table_words.rating_moved(names[change.seat], change.mu, change.sigma, moved)


def thrown_as_held(action: Action, game: GameState) -> Action:
    """``action``, a roll made as the holds stand in ``game`` (see the module's words)."""
    if action.kind is not ActionKind.ROLL or not game.turn.rolls:
        return action
    return Action.roll([die for die, held in enumerate(game.turn.held) if held])


def _turn_of(table: Table) -> tuple[int, int, int, Phase, int]:
    game = table.game
    return game.round, game.current, len(game.tie_breaks), game.phase, table.number


def _not_yet(table: Table) -> list[str]:
    """The human players who have not said they would play again."""
    return [
        player.name
        for index, (player, seat) in enumerate(zip(table.game.players, table.seats, strict=True))
        if seat.level is None and not seat.stand_in and index not in table.again
    ]


class RemoteTable:
    """This window's seat at an online table (or its place watching one), until closed."""

    def __init__(
        self,
        address: Address,
        window: Window,
        *,
        hosting: bool = False,
        name: str | None = None,
    ) -> None:
        self.address = address
        self._window = window
        self._hosting = hosting
        """Whether this window runs the table's server (the setup screen's host)."""
        self.client = TableClient(
            address,
            on_table=self._table_received,
            on_refused=self._refused,
            on_connected=self._connection_changed,
            on_said=self._said,
            name=name,
        )
        self.talk: Talk = Talk(self.client.say, lambda: self.client.seat)
        """What is said at the table, and this window's mutes."""
        self._outbox: asyncio.Queue[Action | int] = asyncio.Queue(OUTBOX)
        """The moves (an action, or a die to hold) made here and not sent yet, in order."""
        self._answered = asyncio.Event()
        self._sent_on: GameState | None = None
        """The game the move on its way was made on, until the server answers it."""
        self._lost = False
        """Whether the connection dropped and is not made again yet."""
        self._latest: Table | None = None
        """The table last received (the client keeps it too: this one is the glue's own,
        to tell what changed)."""
        self._tasks: list[asyncio.Task[None]] = []
        self._deadline: float | None = None
        """When the turn being played runs out (the loop's clock), where the table has one."""
        self._back_sent = False

    @property
    def game(self) -> GameState | None:
        table = self.client.table
        return None if table is None else table.game

    @property
    def seat(self) -> int | None:
        """The seat taken (None: watching, or not joined yet)."""
        return self.client.seat

    def start(self) -> None:
        """Connect (and reconnect whenever the connection drops), and send the moves made."""
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._connect()), loop.create_task(self._send())]

    async def close(self) -> None:
        """Leave the table."""
        await self.client.close()
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    # --- what the server sends -------------------------------------------------------

    async def _connect(self) -> None:
        try:
            await self.client.run()
        except Exception as error:  # no table server there: an HTTP page, a bad handshake
            self._window.table_ended(table_words.could_not_join(self.address.server, str(error)))
            return
        if self.client.ended is not None:
            self._window.table_ended(said(self.client.ended))

    def _table_received(self, table: Table, seat: int | None) -> None:
        before = self._latest
        self._latest = table
        if self._sent_on is not None and table.game != self._sent_on:
            self._answered.set()
        away = tuple(not seat.connected for seat in table.seats)
        dealt = before is not None and before.number != table.number
        self._time_the_turn(before, table)
        game = table.game
        if (
            seat is not None
            and game.phase is not Phase.OVER
            and game.current == seat
            and not table.seats[seat].stand_in
            and (before is None or dealt or before.game.current != seat)
            and len(game.players) > 1
        ):
            self._window.your_turn()
        self._window.show(table.game, first=before is None or dealt, away=away)
        if dealt:
            self._window.tell(table_words.next_game(table.number))
            return
        if before is None:
            players = table.game.players
            self._window.tell(
                table_words.watching() if seat is None else table_words.seated(players[seat].name)
            )
            if table.turn_time is not None and seat is not None:
                self._window.tell(table_words.clock_rule(table.turn_time))
            if table.rated:
                self._window.bar_aids()
                self._window.tell(table_words.rated_table())
            if table.code is not None and seat is not None and seat == table.opener:
                # The opener is the one who asks the others: how they take their seats.
                from ..online.invites import code_ways

                command, ssh = code_ways(self.address.server, table.code)
                self._window.tell(table_words.table_code(table.code, command, ssh))
            return
        for line in news(before, table, seat):
            self._window.tell(line)
        if table.ratings and not before.ratings:
            self._window.rated()

    def _time_the_turn(self, before: Table | None, table: Table) -> None:
        """Follow the turn's clock: as the server sent it (a welcome's), or from the turn's
        first step seen here."""
        now = asyncio.get_running_loop().time()
        game = table.game
        if table.turn_time is None or game.phase is Phase.OVER:
            self._deadline = None
        elif table.turn_left is not None and table is not before:
            self._deadline = now + table.turn_left
        elif before is None or _turn_of(before) != _turn_of(table):
            self._deadline = now + table.turn_time
        seat = self.client.seat
        if seat is not None and not table.seats[seat].stand_in:
            self._back_sent = False

    @property
    def turn_time(self) -> float | None:
        table = self.client.table
        return None if table is None else table.turn_time

    def turn_left(self) -> float | None:
        if self._deadline is None or not self.client.connected:
            return None  # no clock, or none known: the server cannot be reached
        return max(0.0, self._deadline - asyncio.get_running_loop().time())

    def _said(self, said: Said | None) -> None:
        talk = self.talk
        talk.heard = list(self.client.chat)
        talk.may_talk = self.client.may_talk
        if said is not None and (talk.is_muted(said) or talk.is_mine(said)):
            said = None  # nothing to tell: the chat, if it is open, shows it all the same
        self._window.chatted(said)

    def _refused(self, refused: Refused) -> None:
        if refused.final:
            return  # the end of the connection: told by _connect once the client stops
        self._answered.set()
        self._window.tell(said(refused), severity="warning")

    def _connection_changed(self, connected: bool) -> None:
        self._window.reachable(connected)
        if connected:
            if self._lost:
                self._lost = False
                self._window.tell(table_words.reconnected())
            return
        self._lost = True
        # What was made on the table before the drop may have been played, or not: the
        # table sent on reconnecting shows which, and the player decides again.
        while not self._outbox.empty():
            self._outbox.get_nowait()
        self._answered.set()
        self._window.tell(table_words.connection_lost(), severity="warning")

    # --- the moves made here ---------------------------------------------------------

    def move(self, action: Action) -> bool:
        """Send a decision; False (and the player is told why) when it is not this seat's
        turn or the connection is down."""
        return self._queue(action)

    def hold(self, die: int) -> bool:
        """Send a hold or a release of a die, as :meth:`move`."""
        return self._queue(die)

    def _queue(self, step: Action | int) -> bool:
        table = self.client.table
        seat = self.client.seat
        if table is not None and seat is not None and table.seats[seat].stand_in:
            # A computer plays for this seat since its clock ran out: a key brings it back.
            if not self._back_sent:
                self._back_sent = True
                self._tasks.append(asyncio.get_running_loop().create_task(self._here()))
                self._window.tell(table_words.back_at_the_keys())
            return False
        found = None if table is None else turn_refusal(table.game, self.client.seat)
        if found is not None:
            self._window.tell(refusal(found), severity="warning")
            return False
        if table is None or not self.client.connected:
            self._window.tell(table_words.not_connected(), severity="warning")
            return False
        try:
            self._outbox.put_nowait(step)
        except asyncio.QueueFull:  # a paste of keys, or a server that does not answer
            self._window.tell(table_words.too_many_moves(), severity="warning")
            return False
        return True

    async def _send(self) -> None:
        """Send the moves made, one at a time, each once the one before was answered."""
        while True:
            step = await self._outbox.get()
            table = self.client.table
            if table is None:
                continue
            found = turn_refusal(table.game, self.client.seat)
            if found is not None:  # the move before it ended the turn
                self._window.tell(refusal(found), severity="warning")
                continue
            self._sent_on = table.game
            self._answered.clear()
            if isinstance(step, int):
                sent = await self.client.hold(step)
            else:
                sent = await self.client.move(thrown_as_held(step, table.game))
            if not sent:
                self._window.tell(table_words.not_connected(), severity="warning")
            else:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._answered.wait(), ANSWER_SECONDS)
            self._sent_on = None

    # --- what this window may do (:class:`.table.Table`) ------------------------------

    def undo(self) -> bool:
        self._window.tell(table_words.no_undo_online(), severity="warning")
        return False

    def ratings(self) -> list[str]:
        table = self._latest
        if table is None:
            return []
        return list(rating_lines(table))

    def plays_here(self, seat: int) -> bool:
        return self.client.seat == seat

    @property
    def files_finished(self) -> bool:
        return self.client.seat is not None  # a player's, not a watcher's

    def setup_seats(self) -> list[Player] | None:
        return None  # the players of this window's last table set up

    def seats_again(self) -> list[Player] | None:
        return None  # the table's next game is the server's to deal

    def ask_again(self) -> bool:
        """Say this seat would play another game at the finished table: the server deals it
        once every seat would. False for a watcher (its next game is not its to ask)."""
        table = self.client.table
        seat = self.client.seat
        if table is None or seat is None or table.game.phase is not Phase.OVER:
            return False
        if seat in table.again:
            self._window.tell(table_words.waiting_for_again(_not_yet(table)))
            return True
        self._tasks.append(asyncio.get_running_loop().create_task(self._again()))
        waiting = [name for name in _not_yet(table) if name != table.game.players[seat].name]
        self._window.tell(table_words.waiting_for_again(waiting))
        return True

    def removable(self) -> list[tuple[int, str]]:
        """The seats this window may remove the player of (the table's opener's, another
        human's), with their players' names."""
        table = self.client.table
        seat = self.client.seat
        if table is None or seat is None or table.opener != seat:
            return []
        return [
            (index, player.name)
            for index, (player, view) in enumerate(
                zip(table.game.players, table.seats, strict=True)
            )
            if index != seat and player.level is None
        ]

    def remove(self, seat: int) -> None:
        """Remove ``seat``'s player (the opener's to do): their link ends, the seat is free."""

        async def send() -> None:
            if not await self.client.remove(seat):
                self._window.tell(table_words.not_connected(), severity="warning")

        self._tasks.append(asyncio.get_running_loop().create_task(send()))

    async def _here(self) -> None:
        if not await self.client.here():
            self._back_sent = False
            self._window.tell(table_words.not_connected(), severity="warning")

    async def _again(self) -> None:
        if not await self.client.again():
            self._window.tell(table_words.not_connected(), severity="warning")

    def left_unfinished(self) -> GameState | None:
        return None  # the server keeps the game

    def leaving_question(self, *, quitting: bool) -> str:
        if quitting:
            return table_words.quit_table_question(self._hosting)
        return table_words.leave_table_question(self._hosting)

    def skip_ahead(self) -> None:
        game = self.game
        if game is not None and rules.computer_to_act(game):
            self._computers_elsewhere()

    def change_pace(self, step: int) -> None:
        self._computers_elsewhere()

    def toggle_pause(self) -> None:
        self._computers_elsewhere()

    def go_on(self) -> None:
        """Nothing waits here for the game to show: the server plays on."""

    def _computers_elsewhere(self) -> None:
        self._window.tell(table_words.server_plays_computers())
