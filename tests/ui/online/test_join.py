"""``generala-tui join``: the game at a seat of an online table, the server deciding (issue
25, "Join a table"). Each test runs a real table server on loopback and the app joined to
it: the keys pressed go to the server, and what shows is what it sent back."""

from __future__ import annotations

import asyncio

from textual.widgets import Static

from generala_tui import store
from generala_tui.game import rules
from generala_tui.game.action import Action
from generala_tui.game.model import Box, Category, GameState, HouseRules, Phase, Player
from generala_tui.online.client import TableClient, parse_url
from generala_tui.online.protocol import Table
from generala_tui.online.server import TableServer
from generala_tui.online.tables import TableRecord
from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.screens.dialogs import ConfirmDialog
from generala_tui.ui.screens.game_over import GameOverScreen
from generala_tui.ui.screens.setup import SetupScreen
from generala_tui.ui.screens.turn import TurnScreen
from generala_tui.ui.widgets.dice import Die
from generala_tui.ui.widgets.standings import Standings

from ..conftest import running, settle
from .conftest import link, notices, seated, served, until


async def test_rolls_holds_and_a_fill_made_here_are_the_servers_and_show_here(
    server: TableServer, table: TableRecord
) -> None:
    async with seated(link(server, table, 0)) as (app, pilot):
        assert isinstance(app.screen, TurnScreen)
        assert "You play Ana's seat at this table." in notices(app)
        footer = {active.binding.action for active in app.screen.active_bindings.values()}
        assert "roll" in footer and "undo" not in footer  # Ana's turn, online
        await pilot.press("r")
        await until(pilot, lambda: served(server, table).turn.rolls == 1)
        await until(pilot, lambda: app.game == served(server, table))
        first = served(server, table).turn.dice

        # Keys pressed one by one go one by one.
        await pilot.press("1", "2")
        await until(pilot, lambda: served(server, table).turn.held[:2] == (True, True))
        await until(pilot, lambda: app.game == served(server, table))
        assert [die.held for die in app.screen.query(Die).results(Die)][:2] == [True, True]

        # Made at once, before any answer is back (keys in one burst, as a paste sends
        # them): both holds and the roll are played, the roll keeping the holds made
        # before it, which the screen had not seen when it asked for the roll.
        assert app.table.hold(0) and app.table.hold(2) and app.table.move(Action.roll([0, 1]))
        await until(pilot, lambda: served(server, table).turn.rolls == 2)
        game = served(server, table)
        assert game.turn.dice[1:3] == first[1:3] and game.turn.held[:3] == (False, True, True)
        await until(pilot, lambda: app.game == served(server, table))
        assert "roll 2 of 3" in str(app.screen.query_one("#topbar", Static).render())

        await pilot.press("enter")
        if isinstance(app.screen, ConfirmDialog):  # the box would hold 0: a scratch, asked
            await pilot.press("y")
        await until(pilot, lambda: served(server, table).current == 1)
        await until(pilot, lambda: app.game == served(server, table))
        assert [p.name for p in app.game.players if p.boxes] == ["Ana"]
        assert not [n for n in app._notifications if n.severity == "warning"]


async def test_a_move_out_of_turn_is_refused_here_and_nothing_is_sent(
    server: TableServer, table: TableRecord
) -> None:
    async with seated(link(server, table, 1)) as (app, pilot):  # Bruno's: Ana plays first
        await pilot.press("r", "1")
        await pilot.pause()
        assert "It is Ana's turn, not yours." in notices(app)
        assert app.table.move(Action.roll()) is False and app.table.hold(0) is False
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert "Nothing is taken back at an online table: everyone has seen it." in notices(app)
        assert server.moves == 0 and served(server, table).log == ()
        assert app.game == served(server, table)
        # The turn screen says whose turn it is, not what Bruno could press.
        said = str(app.screen.query_one("#message").render())
        assert "It is Ana's turn: their rolls show here as they play." in said
        # Nor does the Footer: no turn's keys on Ana's turn, no undo at an online table.
        footer = {active.binding.action for active in app.screen.active_bindings.values()}
        assert footer.isdisjoint({"roll", "hold", "fill", "undo"}), footer
        assert {"coach", "help"} <= footer
        assert "roll the dice" not in said
        # Ana rolls: a box that would score nothing for her dice asks Bruno nothing.
        async with seated(link(server, table, 0)) as (_ana, ana_pilot):
            await ana_pilot.press("r")
            await until(pilot, lambda: app.game is not None and app.game.turn.rolls == 1)
        assert app.game is not None
        nothing = [o.category for o in rules.offers(app.game) if o.points == 0]
        assert nothing  # the seed's roll scores nothing in some boxes
        told = notices(app).count("It is Ana's turn, not yours.")
        app.screen.action_box(nothing[0].value)
        await pilot.pause()
        assert isinstance(app.screen, TurnScreen)  # no "Scratch …?" over the game
        assert notices(app).count("It is Ana's turn, not yours.") == told + 1


async def test_a_spectator_sees_the_others_come_go_and_roll_and_cannot_move(
    server: TableServer, table: TableRecord
) -> None:
    seen: list[Table] = []
    arrived = asyncio.Event()

    def on_table(table: Table, seat: int | None) -> None:
        seen.append(table)
        arrived.set()

    async with seated(link(server, table, None)) as (app, pilot):
        assert "You are watching this table." in notices(app)
        assert _away(app) == ["Ana", "Bruno"]  # the computer, Caro, is always there
        await pilot.press("r")
        await pilot.pause()
        assert "You are watching this table: only its players move." in notices(app)
        assert server.moves == 0

        # Ana joins from elsewhere and rolls: the spectator sees her come, roll and go.
        ana = TableClient(parse_url(link(server, table, 0)), on_table=on_table)
        task = asyncio.get_running_loop().create_task(ana.run())
        try:
            async with asyncio.timeout(20):
                while not seen:
                    await arrived.wait()
            await until(pilot, lambda: "Ana is back at the table." in notices(app))
            assert _away(app) == ["Bruno"]
            assert await ana.move(Action.roll())
            await until(pilot, lambda: app.game is not None and app.game.turn.rolls == 1)
            assert app.game == served(server, table)
        finally:
            await ana.close()
            task.cancel()
        await until(pilot, lambda: "Ana left the table." in notices(app))
        assert _away(app) == ["Ana", "Bruno"]

        # Back at one keyboard, nobody is away.
        app.show_setup()
        await pilot.pause()
        app.new_game([Player(name="Ana"), Player(name="Bruno")])
        await pilot.pause()
        assert _away(app) == []


def _away(app: GeneralaApp) -> list[str]:
    """The players the turn screen's standings mark away from the table."""
    rows = app.screen.query_one("#standings", Standings).render().plain.splitlines()
    marked = [row.replace("»", "").split() for row in rows]
    return [words[1] for words in marked if "away" in words]


def _brunos_last_box() -> GameState:
    """Ana done at 24; Bruno, to play, has only Generala left: any fill ends the game."""
    categories = HouseRules().categories()
    ana = {c: Box(points=0, scratched=True) for c in categories}
    ana[Category.SIXES] = Box(points=24)
    bruno = {c: Box(points=0, scratched=True) for c in categories if c is not Category.GENERALA}
    bruno[Category.SIXES] = Box(points=30)
    return GameState(
        players=(Player(name="Ana", boxes=ana), Player(name="Bruno", boxes=bruno)), current=1
    )


async def test_a_game_finished_at_the_table_goes_to_the_players_history(
    server: TableServer,
) -> None:
    record = server.open([Player(name="Ana"), Player(name="Bruno")], seed=1)
    server.tables[record.id].record = record.model_copy(update={"game": _brunos_last_box()})
    async with seated(link(server, record, 1)) as (app, pilot):
        await pilot.press("r")
        await until(pilot, lambda: app.game is not None and app.game.turn.rolls == 1)
        await pilot.press("enter")
        if isinstance(app.screen, ConfirmDialog):
            await pilot.press("y")
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        assert served(server, record).phase is Phase.OVER
        await settle(pilot)  # the history's worker
        await app.keeper.flush()
        (filed,), _ = store.load_history()
        assert filed.game == served(server, record)
        assert store.load_game(0)[0] is None  # nothing autosaved: the server keeps it

        # Play again asks the table: the next game waits for Ana to ask too.
        await pilot.press("a")
        await until(pilot, lambda: server.tables[record.id].again == {1})
        assert "You would play again: waiting for Ana." in notices(app)
        assert isinstance(app.screen, GameOverScreen)


async def test_a_wrong_key_ends_the_join_with_the_servers_reason(
    server: TableServer, table: TableRecord
) -> None:
    url = link(server, table, 0).replace(table.seats[0].key or "", "WrongKey1234")
    app = GeneralaApp(table=parse_url(url))
    async with app.run_test() as pilot:
        await until(pilot, lambda: app.online.ended_with is not None)
    assert app.online.ended_with == "There is no such table or seat on this server."
    assert app.return_code == 2


async def test_a_table_joined_from_the_setup_screen_that_refuses_brings_the_setup_back(
    server: TableServer, table: TableRecord
) -> None:
    url = link(server, table, 0).replace(table.seats[0].key or "", "WrongKey1234")
    async with running() as (app, pilot):
        await pilot.pause()
        app.online.join(url)
        await until(pilot, lambda: "There is no such table or seat on this server." in notices(app))
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and app.game is None


async def test_a_dropped_connection_is_told_made_again_by_itself_and_played_on(
    server: TableServer, table: TableRecord
) -> None:
    async with seated(link(server, table, 0)) as (app, pilot):
        (connection,) = server.tables[table.id].clients
        await connection.socket.close(1011, "dropped by the test")
        await until(pilot, lambda: "Back at the table." in notices(app))
        assert "The connection to the table was lost: reconnecting…" in notices(app)
        await pilot.press("r")
        await until(pilot, lambda: served(server, table).turn.rolls == 1)
        await until(pilot, lambda: app.game == served(server, table))


async def test_the_seat_taken_in_another_window_ends_this_one_which_does_not_take_it_back(
    server: TableServer, table: TableRecord
) -> None:
    other = TableClient(parse_url(link(server, table, 0)), on_table=lambda table, seat: None)
    async with seated(link(server, table, 0)) as (app, pilot):
        task = asyncio.get_running_loop().create_task(other.run())
        try:
            await until(pilot, lambda: app.online.ended_with is not None)
            assert app.online.ended_with == (
                "This seat was taken in another window: this one has left the table."
            )
            assert app.return_code == 2
            await until(pilot, lambda: len(server.tables[table.id].clients) == 1)
            assert other.connected and other.ended is None
        finally:
            await other.close()
            task.cancel()


async def test_a_paste_of_keys_queues_no_more_than_the_outbox_holds(
    server: TableServer, table: TableRecord
) -> None:
    from generala_tui.ui.remote import OUTBOX

    async with seated(link(server, table, 0)) as (app, pilot):
        # Made in one go, as a paste's keys come: none is sent before the last is made.
        accepted = [app.table.move(Action.roll()) for _ in range(OUTBOX * 4)]
        assert accepted == [True] * OUTBOX + [False] * (OUTBOX * 3)
        await pilot.pause()
        assert "Too many messages: slow down." in notices(app)


async def test_a_rated_table_bars_the_coach_and_the_win_chances_while_it_is_played(
    server: TableServer,
) -> None:
    from generala_tui.ui.screens.turn import TurnScreen

    record = server.open([Player(name="Ana"), Player(name="Bruno")], rated=True)
    assert store.save_preferences(store.Preferences(coach=True, win_chances=True)) is None
    async with seated(link(server, record, 0)) as (app, pilot):
        await until(pilot, lambda: isinstance(app.screen, TurnScreen))
        assert app.aids_barred and not app.coach and not app.win_chances
        assert "This table is rated: its end moves every known player's rating." in notices(app)
        offered = {active.binding.action for active in app.active_bindings.values()}
        assert "roll" in offered  # the Footer offers neither the coach nor the chances
        assert not offered & {"coach", "win_chances", "app.coach_ranking"}
        for button in ("#toggle-coach", "#toggle-chances"):  # nor its buttons
            assert not app.screen.query_one(button).display
        app.toggle_coach()
        app.toggle_win_chances()
        await pilot.pause()
        assert not app.coach and not app.win_chances
        assert "This table is rated: no coach or win chances at it." in notices(app)
        assert app.keeper.preferences.coach  # the player's own choice is kept
        app.start(rules.new_game([Player(name="Ana")]))  # another table: the coach is back
        await pilot.pause()
        assert app.coach and app.win_chances and not app.aids_barred
        offered = {active.binding.action for active in app.active_bindings.values()}
        assert "coach" in offered and app.screen.query_one("#toggle-coach").display


async def test_a_rated_games_end_shows_the_new_ratings_on_the_winners_screen(
    server: TableServer,
) -> None:
    from generala_tui.game.model import Level
    from generala_tui.game.strategy import choose_action
    from generala_tui.online.protocol import Move
    from generala_tui.online.tables import take

    ana = server.database.add_person("token:ana", "ana-person-id", "Ana")
    bruno = server.database.add_person("token:bruno", "bruno-person-id", "Bruno")
    record = server.open(
        [Player(name="Ana"), Player(name="Bruno")], free=True, person=ana.id, rated=True
    )
    server.claim(record.code or "", None, person=bruno)
    table = server.tables[record.id]

    def step() -> tuple[GameState, object]:
        game = table.record.game
        move = Move(step=len(game.log), action=choose_action(game, Level.EASY))
        return take(table.record, game.current, move)

    while (next_step := step())[0].phase is not Phase.OVER:
        server._step(table, *next_step)  # type: ignore[arg-type]
    async with seated(link(server, record, 0)) as (app, pilot):
        server._step(table, *next_step)  # type: ignore[arg-type]  # the last step: rated
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        await until(pilot, lambda: bool(app.screen.query("#ratings")))  # composed
        shown = app.screen.query_one("#ratings", Static)
        await until(pilot, lambda: "Ana's rating: " in str(shown.render()))
        assert "Bruno's rating: " in str(shown.render())
