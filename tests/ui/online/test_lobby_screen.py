"""``generala-tui join SERVER`` and ``join SERVER CODE``: a server's lobby on screen, a
table opened from it with the players set up, a free seat taken by the table's code under
the player's own name, and the seat kept in the home for the next join (issue 35)."""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import DataTable, Input, Static

from generala_tui.game.model import HouseRules, Level, Player
from generala_tui.online.lobby_client import Entrance
from generala_tui.online.server import TableServer
from generala_tui.online.tables import TableRecord
from generala_tui.store.seats import kept_seat
from generala_tui.ui.app import GeneralaApp
from generala_tui.ui.screens.lobby import LobbyScreen
from generala_tui.ui.screens.turn import TurnScreen

from .conftest import notices, until


def _server(server: TableServer) -> str:
    return f"ws://127.0.0.1:{server.port}"


async def test_the_lobby_shows_the_tables_as_they_open_and_a_free_seat_is_taken(
    server: TableServer,
) -> None:
    app = GeneralaApp(table=Entrance(_server(server)))
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        screen = app.screen
        assert isinstance(screen, LobbyScreen)
        await until(pilot, lambda: "No table is open here yet" in _status(screen))
        record = server.open(
            [Player(name="Ana"), Player(name="Bruno"), Player(name="Rita", level=Level.EASY)],
            free=True,
        )
        grid = screen.query_one("#lobby-tables", DataTable)
        await until(pilot, lambda: grid.row_count == 1)
        row = [str(cell) for cell in grid.get_row_at(0)]
        assert row[0] == record.code
        assert row[1] == "Ana (away), Bruno (free), Rita (Easy)"  # nobody is at it yet
        assert row[2] == "1"
        await _named(pilot, screen, "Bruno")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TurnScreen) and app.game is not None)
        assert app.table is not None and app.table.plays_here(1)
        assert "You play Bruno's seat at this table." in notices(app)
        # Only the table's opener is told how the others join it: Bruno is not.
        assert not any(f"join {_server(server)} {record.code}" in line for line in notices(app))
        kept = kept_seat(_server(server), record.code or "")
        assert kept is not None and kept.seat == 1 and kept.table == record.id
        assert not server.tables[record.id].record.seats[1].free


async def test_a_table_opened_in_the_lobby_seats_the_players_set_up(server: TableServer) -> None:
    players = [Player(name="Ana"), Player(name="Player 2"), Player(name="Rita", level=Level.EASY)]
    app = GeneralaApp(table=Entrance(_server(server)))
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        screen = app.screen
        assert isinstance(screen, LobbyScreen)
        screen.players = players
        await until(pilot, lambda: screen.may_open)
        await _named(pilot, screen, "Ana")
        await pilot.press("o")
        await until(pilot, lambda: isinstance(app.screen, TurnScreen) and app.game is not None)
        (record,) = [table.record for table in server.tables.values()]
        assert [player.name for player in record.game.players] == ["Ana", "Player 2", "Rita"]
        assert [seat.free for seat in record.seats] == [False, True, False]
        assert app.table is not None and app.table.plays_here(0)
        assert any(f"join {_server(server)} {record.code}" in line for line in notices(app))


async def test_join_by_code_takes_a_free_seat_by_the_players_name_and_keeps_it(
    server: TableServer,
) -> None:
    record = server.open([Player(name="Ana"), Player(name="Player 2")], free=True)
    entrance = Entrance(_server(server), record.code)
    app = GeneralaApp(table=entrance)
    app.seating.remember([Player(name="Bruno")])
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TurnScreen) and app.game is not None)
        assert app.game is not None and app.game.players[1].name == "Bruno"
        assert app.table is not None and app.table.plays_here(1)
    # The same command again takes the same seat, by the key kept in the home.
    again = GeneralaApp(table=entrance)
    async with again.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: again.game is not None)
        assert again.table is not None and again.table.plays_here(1)
    assert [seat.free for seat in server.tables[record.id].record.seats] == [False, False]


async def test_a_code_with_no_free_seat_watches_and_a_wrong_code_ends_in_words(
    server: TableServer,
) -> None:
    record = server.open([Player(name="Ana"), Player(name="Bruno")])
    app = GeneralaApp(table=Entrance(_server(server), record.code))
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: "You are watching this table." in notices(app))
        assert app.table is not None and app.table.plays_here(0) is False
    wrong = GeneralaApp(table=Entrance(_server(server), "ABCDEF"))
    async with wrong.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: wrong.online.ended_with is not None)
    assert wrong.online.ended_with == "There is no table ABCDEF on this server."
    assert wrong.return_code == 2


async def _named(pilot: Pilot[None], screen: LobbyScreen, name: str) -> None:
    """Give the name the lobby asks the first time (the server keeps it)."""
    await until(pilot, lambda: screen.has_class("-naming"))
    assert screen.query_one("#lobby-name", Input).has_focus
    await pilot.press(*name, "enter")
    await until(pilot, lambda: not screen.has_class("-naming"))


def _status(screen: LobbyScreen) -> str:
    return str(screen.query_one("#lobby-status", Static).render())


async def test_a_lobby_left_for_a_table_tells_its_screen_nothing_more(server: TableServer) -> None:
    import asyncio

    from generala_tui.online.protocol import Claimed, TableSummary
    from generala_tui.ui.lobby import LobbyVisit

    told: list[dict[str, TableSummary]] = []
    ended: list[str] = []

    class View:
        def tables_changed(self, tables: dict[str, TableSummary], may_open: bool) -> None:
            told.append(tables)

        def connection_changed(self, connected: bool) -> None:
            pass

        def ended(self, message: str) -> None:
            ended.append(message)

    sat: list[Claimed] = []
    visit = LobbyVisit(_server(server), sat.append, players=[Player(name="Ana")])
    visit.start(View())
    try:
        async with asyncio.timeout(10):
            while not told:
                await asyncio.sleep(0.01)
            assert await visit.take_name("Ana") is None
            opened = await visit.open([Player(name="Ana"), Player(name="Bruno")], HouseRules())
            assert opened is None
            assert len(sat) == 1
            before = len(told)
            server.open([Player(name="Caro"), Player(name="Dani")])  # the lobby tells of it
            await asyncio.sleep(0.2)
        assert len(told) == before and ended == []
    finally:
        await visit.close()


def test_the_lobbys_keys_are_asked_of_it_before_it_is_composed() -> None:
    """Textual asks a screen's keys (a page's copy_text, in a browser) before its widgets
    are there: the lobby answers without them (it stopped a served game once)."""
    from generala_tui.ui.lobby import LobbyVisit

    screen = LobbyScreen(LobbyVisit("ws://127.0.0.1:9", lambda claimed: None))
    assert screen.check_action("copy_text", ()) is True
    assert screen.check_action("take", ()) is False
    assert screen.check_action("watch", ()) is False


def _rated_game_of(server: TableServer, person: str) -> TableRecord:
    """A rated game of the player ``person`` (an id) against an easy computer, played to
    its end and kept by the server as a rated game's end is."""
    from generala_tui.game.model import Phase
    from generala_tui.game.strategy import choose_action
    from generala_tui.online.protocol import Move
    from generala_tui.online.ratings import PRIOR, Result
    from generala_tui.online.tables import open_table, take

    record = open_table([Player(name="Ana"), Player(name="Rita", level=Level.EASY)], seed=5)
    record = record.model_copy(update={"rated": True})
    server.database.save(record)
    while True:
        move = Move(step=len(record.game.log), action=choose_action(record.game, Level.EASY))
        after, played = take(record, record.game.current, move)
        ended = record.model_copy(update={"game": after})
        if after.phase is Phase.OVER:
            won = Result(person, 1, after.players[0].total, PRIOR, (PRIOR[0] + 2, PRIOR[1] - 1))
            server.database.step(ended, played.model_dump_json(), before=record, results=[won])
            return ended
        server.database.step(ended, played.model_dump_json(), before=record)
        record = ended


async def test_rated_games_open_in_the_analysis_and_r_opens_a_rated_table(
    server: TableServer,
) -> None:
    from generala_tui.ui.screens.analysis import AnalysisScreen
    from generala_tui.ui.screens.rated_games import RatedGamesScreen

    app = GeneralaApp(table=Entrance(_server(server)))
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        screen = app.screen
        assert isinstance(screen, LobbyScreen)
        screen.players = [Player(name="Ana"), Player(name="Rita", level=Level.EASY)]
        await until(pilot, lambda: screen.may_open)
        assert not screen.check_action("open_rated", ())  # a guest, until named
        await _named(pilot, screen, "Ana")
        holder = server.database.name_holder("Ana")
        assert holder is not None
        played = _rated_game_of(server, holder)
        await pilot.press("g")
        await until(pilot, lambda: isinstance(app.screen, RatedGamesScreen))
        games = app.screen
        grid = games.query_one("#rated-games-table", DataTable)
        await until(pilot, lambda: grid.row_count == 1)
        row = [str(cell) for cell in grid.get_row_at(0)]
        assert row[1:4] == ["Ana, Rita", "1", str(played.game.players[0].total)]
        assert row[4].endswith("(+2.0)")
        assert "Ana's rated games" in str(games.query_one("#rated-games-title", Static).render())
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, AnalysisScreen))
        assert app.screen.game == played.game.model_copy(update={"seed": 0})
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is games)
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen)
        assert screen.check_action("open_rated", ())
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, TurnScreen) and app.game is not None)
        (opened,) = [t.record for t in server.tables.values() if t.record.id != played.id]
        assert opened.rated


def test_a_rated_table_says_so_first_in_the_lobby() -> None:
    """Said beside its code and in its rules column, where a small terminal still shows it
    (the house rules' long summary comes after, and may be cut)."""
    from generala_tui.online.protocol import SeatSummary, TableSummary
    from generala_tui.ui.screens import lobby_words

    seats = (SeatSummary(name="Vera", connected=True), SeatSummary(name="Player 2", free=True))
    rated = TableSummary(code="EZC8QP", seats=seats, rated=True)
    casual = rated.model_copy(update={"rated": False})
    assert lobby_words.details(rated, "Generala 50").startswith("EZC8QP, rated: Vera, ")
    assert lobby_words.details(casual, "Generala 50").startswith("EZC8QP: Vera, ")
    assert lobby_words.rules_column(rated, "Classic") == "Classic, rated"
    assert lobby_words.rules_column(casual, "Classic") == "Classic"
