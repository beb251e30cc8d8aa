"""How the table server moves its tables on: a step kept then told, who is at a table told
as it changes, the away player's and the idle one's stand-in, the turn clock, the
computers, talk, a seat's player removed, and the next game dealt. A part of
:class:`~.server.TableServer` (its mixin), apart from the network it is served over."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from typing import TYPE_CHECKING

from ..game.model import GameState, Level, Phase
from ..game.refusals import Refusal, printable
from ..game.words import N_
from .database import TableDatabase
from .limits import Budget
from .live import Connection, LiveTable, Turn, chat_budget, moved_seats, turn_of, unsaved, who
from .lobby import LobbyRoom
from .protocol import (
    MAX_CHAT_KEPT,
    MAX_SAID,
    Again,
    Move,
    Played,
    Rated,
    RatingChange,
    Remove,
    Said,
    Say,
    Seats,
    Welcome,
)
from .ratings import Result
from .tables import (
    REMOVED,
    TableRecord,
    again,
    presence,
    public,
    remove,
    take,
)

log = logging.getLogger("generala_tui.online")


RETRY_SECONDS = 5.0
"""How long a computer whose step could not be kept waits before it tries again."""


class TablePlay:
    """The tables' play: :class:`~.server.TableServer` is made of it (and of the lobby's
    desk, :class:`~.lobby.LobbyDesk`) and serves it over the network."""

    if TYPE_CHECKING:
        database: TableDatabase
        lobby: LobbyRoom
        tables: dict[str, LiveTable]
        _letting_go: set[asyncio.Task[None]]
        moves: int
        pace: float
        away_after: float
        watchers_talk: bool

        async def _refuse(
            self, connection: Connection, refusal: Refusal, code: int = 1008
        ) -> None: ...

        def _room_for_again(self, table: LiveTable) -> Refusal | None: ...

    def _say(self, connection: Connection, table: LiveTable, message: Say) -> Refusal | None:
        """Tell everyone at the table what ``connection`` said (kept first); the refusal,
        when it may not be said."""
        seat = connection.seat
        if seat is None and not self.watchers_talk:
            return Refusal(N_("At this table only its players talk."))
        text = printable(" ".join(message.text.split()))[:MAX_SAID]
        if not text:
            return Refusal(N_("There is nothing to say in that."))
        if not connection.talk.allowed():
            return Refusal(N_("You are talking too fast: wait a moment."))
        name = connection.name if seat is None else table.record.game.players[seat].name
        said = Said.model_construct(seat=seat, name=name, text=text)
        line = said.model_dump_json()
        try:
            self.database.say(table.record.id, line, kept=MAX_CHAT_KEPT)
        except (sqlite3.Error, OSError) as error:
            log.error("table %s: a line not kept: %s", table.record.id, printable(str(error)))
            return unsaved(error)
        table.chat.append(said)
        self._broadcast(table, line)
        return None

    async def _remove(
        self, connection: Connection, table: LiveTable, message: Remove
    ) -> Refusal | None:
        """The opener removes a seat's player: its new key kept before anyone is told, the
        removed player's connection let go, the seat free to claim and, meanwhile, away."""
        try:
            removed = remove(table.record, connection.seat, message.seat)
        except Refusal as refusal:
            return refusal
        try:
            self.database.save(removed)
        except (sqlite3.Error, OSError) as error:
            log.error("table %s: a seat not freed: %s", removed.id, printable(str(error)))
            return unsaved(error)
        seat = message.seat
        log.info("table %s: %s removed by its opener", removed.id, who(table, seat))
        # Every change made before anything is awaited: a claim of the freed seat, or the
        # removed client's own messages, find the table as it is now.
        table.record = removed
        gone = [client for client in table.clients if client.seat == seat]
        for other in gone:
            other.seat = None
            table.clients.discard(other)
        table.budgets[seat], table.talks[seat] = Budget(), chat_budget()
        table.away_since[seat] = time.monotonic() - self.away_after  # away, as of now
        table.idle[seat] = False
        table.again.discard(seat)
        table.claimed_by.pop(seat, None)
        self.lobby.changed(removed.code)
        self._presence_changed(table)
        for other in gone:
            self._let_go(other, Refusal(REMOVED))
        return None

    def _let_go(self, connection: Connection, refusal: Refusal) -> None:
        """Tell ``connection`` why it is let go, and close it, without waiting for it."""
        task = asyncio.get_running_loop().create_task(self._refuse(connection, refusal, 1000))
        self._letting_go.add(task)
        task.add_done_callback(self._letting_go.discard)

    def _welcome_again(self, table: LiveTable) -> None:
        """Send every client at the table the table whole (its next game dealt, a seat's
        player renamed), each its own seat; none waited for (a slow reader holds only its
        own buffer)."""
        from websockets.asyncio.server import broadcast

        now = public(table.record, self._presence(table), table.turn_left())
        table.shown = table.looks()
        for client in list(table.clients):
            welcome = Welcome.model_construct(
                seat=client.seat,
                table=now,
                chat=tuple(table.chat),
                talk=client.seat is not None or self.watchers_talk,
            )
            broadcast([client.socket], welcome.model_dump_json())

    async def _again(
        self, connection: Connection, table: LiveTable, message: Again
    ) -> Refusal | None:
        """A seat would play another game at the finished table (or no longer would): once
        every human seat would, it is dealt, kept, and everyone at the table welcomed to it."""
        seat = connection.seat
        if seat is None:
            return Refusal(N_("You are watching this table: its players choose to play again."))
        record = table.record
        if record.game.phase is not Phase.OVER:
            return Refusal(N_("The game is not over yet."))
        if message.yes:
            table.again.add(seat)
        else:
            table.again.discard(seat)
        # The seats that choose: a human's given seat (a free one follows the others).
        humans = {
            index
            for index, each in enumerate(record.seats)
            if each.key is not None and not each.free
        }
        if not humans <= table.again:
            self._tell_presence(table)
            return None
        full = self._room_for_again(table)
        if full is not None:
            table.again.discard(seat)
            self._tell_presence(table)
            return full
        dealt, moved = again(record)
        try:
            self.database.save(dealt)
        except (sqlite3.Error, OSError) as error:
            log.error("table %s: the next game not kept: %s", record.id, printable(str(error)))
            return unsaved(error)
        table.record = dealt
        table.again.clear()
        table.overdue = moved_seats(table.overdue, moved)
        table.away_since = moved_seats(table.away_since, moved)
        table.budgets = moved_seats(table.budgets, moved)
        table.talks = moved_seats(table.talks, moved)
        table.idle = moved_seats(table.idle, moved)
        table.claimed_by = {moved[seat]: by for seat, by in table.claimed_by.items()}
        for client in table.clients:
            if client.seat is not None:
                client.seat = moved[client.seat]
        log.info("table %s (%s): game %d dealt", record.id, record.code, dealt.number)
        self._welcome_again(table)
        self.lobby.changed(record.code)
        self._drive(table)
        return None

    def _step(self, table: LiveTable, state: GameState, played: Played) -> Refusal | None:
        """The table's game is now ``state``, after ``played``: keep it, then change the
        table and tell everyone, and let a computer go on. When it cannot be kept (a full
        disk, an I/O error) nothing changes and nobody is told: the refusal that says so
        is returned, for the mover."""
        record = table.record.model_copy(update={"game": state})
        text = played.model_dump_json()  # one text: kept, then sent
        results: list[Result] = []
        if record.rated and state.phase is Phase.OVER and table.record.game.phase is not Phase.OVER:
            try:
                record, results = self._rating(record)
            except Exception as error:  # openskill missing or failing: the game ends unrated
                log.error("table %s: not rated: %s", record.id, printable(repr(error))[:200])
        try:
            self.database.step(record, text, before=table.record, results=results)
        except (sqlite3.Error, OSError) as error:
            log.error(
                "table %s: step %d not kept, nothing changed: %s",
                table.record.id,
                len(table.record.game.log),
                printable(str(error))[:200],
            )
            return unsaved(error)
        before = table.record.game
        table.record = record
        self.moves += 1
        if state.round != before.round or state.phase != before.phase or not before.log:
            self.lobby.changed(record.code)
        self._broadcast(table, text)
        if results:
            self._broadcast(table, Rated(ratings=record.ratings).model_dump_json())
            self.lobby.leaders_changed()
            log.info("table %s: rated, %d ratings moved", record.id, len(results))
        self._tell_presence(table)  # a turn that passes to an away player may pause
        self._drive(table)
        return None

    def _rating(self, record: TableRecord) -> tuple[TableRecord, list[Result]]:
        """The ended rated table with the ratings its game moved, and its known players'
        results to keep. A computer, or a seat no known player took (played by a stand-in),
        takes part at its level's fixed rating (the stand-in's, the expert's)."""
        from .ratings import COMPUTER_RATINGS, PRIOR, Standing, places, rate

        game = record.game
        people = self.database.people([s.person for s in record.seats if s.person is not None])
        standings = []
        for seat, player, place in zip(record.seats, game.players, places(game), strict=True):
            person = people.get(seat.person or "")
            if person is None:
                mu, sigma = COMPUTER_RATINGS[seat.level or Level.EXPERT]
            elif person.mu is None or person.sigma is None:
                mu, sigma = PRIOR
            else:
                mu, sigma = person.mu, person.sigma
            known = None if person is None else person.id
            standings.append(Standing(known, seat.level, mu, sigma, place, player.total))
        after = rate(standings)
        changes = tuple(
            RatingChange(seat=index, mu=now[0], sigma=now[1], before=one.mu)
            for index, (one, now) in enumerate(zip(standings, after, strict=True))
            if one.person is not None
        )
        results = [
            Result(one.person, one.place, one.total, (one.mu, one.sigma), now)
            for one, now in zip(standings, after, strict=True)
            if one.person is not None
        ]
        return record.model_copy(update={"ratings": changes}), results

    def _presence(self, table: LiveTable) -> Seats:
        connected, stand_ins, spectators, paused, watchers, again = table.looks()
        return presence(
            table.record,
            connected=connected,
            stand_ins=stand_ins,
            spectators=spectators,
            paused=paused,
            watchers=watchers,
            again=again,
        )

    def _tell_presence(self, table: LiveTable, but: Connection | None = None) -> None:
        """Tell everyone at the table (but ``but``, who has it already) who is at it, if
        that changed since they were last told."""
        looks = table.looks()
        if looks != table.shown:
            table.shown = looks
            self.lobby.changed(table.record.code)
            self._broadcast(table, self._presence(table).model_dump_json(), but=but)

    def _broadcast(self, table: LiveTable, message: str, but: Connection | None = None) -> None:
        """Send ``message`` (a :class:`Played` or :class:`Seats`) to everyone at the table
        (but ``but``)."""
        from websockets.asyncio.server import broadcast

        others = [c.socket for c in table.clients if c is not but]
        if others:
            broadcast(others, message)

    def _presence_changed(self, table: LiveTable, joined: Connection | None = None) -> None:
        """Someone came or went: tell the others, and see whether the turn is left waiting."""
        now = time.monotonic()
        connected = table.connected()
        for index, seat in enumerate(table.record.seats):
            if seat.key is not None and not connected[index] and table.away_since[index] is None:
                table.away_since[index] = now
        self._tell_presence(table, but=joined)
        self._watch_away(table)
        self._drive(table)

    def _watch_away(self, table: LiveTable) -> None:
        """Set a timer for the player to act when they are away: at :attr:`away_after`, a
        computer stands in for them (or the game pauses)."""
        if table.away_timer is not None:
            table.away_timer.cancel()
            table.away_timer = None
        state = table.record.game
        if state.phase is Phase.OVER:
            return
        seat = state.current
        since = table.away_since[seat]
        if table.record.seats[seat].key is None or since is None or table.overdue[seat]:
            return
        delay = max(0.0, since + self.away_after - time.monotonic())
        table.away_timer = asyncio.get_running_loop().call_later(
            delay, self._away_too_long, table, seat
        )

    def _away_too_long(self, table: LiveTable, seat: int) -> None:
        table.away_timer = None
        if table.connected()[seat] or table.away_since[seat] is None:
            return
        table.overdue[seat] = True
        if table.record.away == "computer":
            log.info("table %s: a computer plays for %s", table.record.id, who(table, seat))
        else:
            log.info("table %s: waits for %s", table.record.id, who(table, seat))
        self._tell_presence(table)
        self._drive(table)

    def _watch_clock(self, table: LiveTable) -> None:
        """Run the turn's clock (where the table has one) for a human at the table: from
        when their turn begins, or when they sit down during it; a reconnection does not
        start it again. When it runs out, a computer plays for them (while another human is
        at the table) until they are back at the keys, and their clock starts again."""
        turn_time = table.record.turn_time
        state = table.record.game
        seat = state.current
        if (
            turn_time is None
            or state.phase is Phase.OVER
            or table.record.seats[seat].key is None
            or table.stand_ins[seat]
        ):
            if table.clock is not None:
                table.clock.cancel()
            table.clock = table.clock_turn = None
            return
        turn = turn_of(state)
        if turn == table.clock_turn and (table.clock is not None or table.idle[seat]):
            return  # running, or run out and its player not back yet
        if not table.connected()[seat]:
            return  # the clock starts with its player at the table (away: see away_after)
        if table.clock is not None:
            table.clock.cancel()
        table.clock_turn, table.turn_began = turn, time.monotonic()
        table.clock = asyncio.get_running_loop().call_later(
            turn_time, self._clock_ran_out, table, turn
        )

    def _clock_ran_out(self, table: LiveTable, turn: Turn) -> None:
        table.clock = None
        state = table.record.game
        if turn != turn_of(state) or state.phase is Phase.OVER:
            return
        table.idle[state.current] = True
        log.info("table %s: %s's clock ran out", table.record.id, who(table, state.current))
        self._tell_presence(table)
        self._drive(table)

    def _drive(self, table: LiveTable) -> None:
        """Start the table's computer if a computer (or a stand-in) is to act."""
        self._watch_away(table)
        self._watch_clock(table)
        if table.driver is not None and not table.driver.done():
            return
        if self._computer_level(table) is not None:
            table.driver = asyncio.get_running_loop().create_task(self._computer(table))

    def _computer_level(self, table: LiveTable) -> Level | None:
        state = table.record.game
        if state.phase is Phase.OVER:
            return None
        seat = table.record.seats[state.current]
        if seat.level is not None:
            return seat.level
        return Level.EXPERT if table.stand_ins[state.current] else None

    async def _computer(self, table: LiveTable) -> None:
        """Play the computers' (and stand-ins') steps, one each :attr:`pace`."""
        from ..game.strategy import choose_action, solve, solve_chances

        while (level := self._computer_level(table)) is not None:
            await asyncio.sleep(self.pace)
            state = table.record.game
            if self._computer_level(table) is None:
                return
            try:
                strategy = chances = None
                if level is Level.EXPERT:
                    strategy = await asyncio.to_thread(solve, state.house_rules)
                elif level is Level.CHAMPION:
                    chances = await asyncio.to_thread(solve_chances, state.house_rules)
                action = await asyncio.to_thread(
                    choose_action, state, level, strategy=strategy, chances=chances
                )
            except Exception as error:  # the seat is left to wait; the log says why
                log.error("table %s: the computer failed: %s", table.record.id, error)
                return
            if table.record.game is not state:
                continue  # someone else moved meanwhile (a player came back)
            try:
                after, played = take(
                    table.record, state.current, Move(step=len(state.log), action=action)
                )
            except Refusal as error:
                log.error("table %s: the computer's move was refused: %s", table.record.id, error)
                return
            if self._step(table, after, played) is not None:
                await asyncio.sleep(RETRY_SECONDS)  # the disk may have room again by then
