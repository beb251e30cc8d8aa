"""``host --ssh``: real SSH on loopback, through asyncssh's client and OpenSSH's ``ssh`` (when
there is one). A visitor's terminal shows the lobby, its keys act, a resize redraws at the new
size; what is not a game (a shell without a terminal, a command, sftp, a forward) is refused;
the caps per address and the deadlines hold; the game ends with its session, and the session
with its game; the host key is kept across restarts (docs/server.md, "Over SSH")."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import socket
import stat
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from generala_tui.commands.ssh import (
    FALLBACK_TERM,
    HOST_KEY_FILE,
    SSHGames,
    host_key,
    terminal_type,
    visitor_language,
    window,
)
from generala_tui.online.server import TableServer

from .conftest import serving

asyncssh = pytest.importorskip("asyncssh")

pytestmark = pytest.mark.skipif(os.name != "posix", reason="pseudo-terminals are POSIX's")

DEADLINE = 30.0
"""Seconds any one wait may take on a slow, shared machine before the test fails."""
ROW = re.compile(rb"\x1b\[(\d+);1H")
"""Textual's move to a line's start: the rows a frame draws."""
CONTROL = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]")
"""A terminal's control sequence (a move, a style): what lies between the words drawn."""


@contextlib.asynccontextmanager
async def ssh_server(
    folder: Path, *, turn_time: float | None = None, **options: Any
) -> AsyncIterator[tuple[TableServer, SSHGames]]:
    """A table server (its turn clock ``turn_time``) and its SSH side (of ``options``) on
    free loopback ports, for the length of the block."""
    async with serving(folder, turn_time=turn_time) as tables:
        games = SSHGames(tables, folder, f"ws://127.0.0.1:{tables.port}", **options)
        await games.start("127.0.0.1", 0)
        try:
            yield tables, games
        finally:
            await games.close()


VISITOR_KEY = asyncssh.generate_private_key("ssh-ed25519")
"""The key the tests' visitors sign with (any key is let in)."""


def visit(games: SSHGames, key: Any = VISITOR_KEY, **options: Any) -> Any:
    """An SSH connection to ``games`` (any user, signing with ``key``; the server's key not
    checked: a test's own server)."""
    return asyncssh.connect(
        "127.0.0.1",
        games.port,
        username="anyone",
        known_hosts=None,
        agent_path=None,
        client_keys=[key],
        **options,
    )


class Screen:
    """What a session's game has drawn so far, read with a deadline."""

    def __init__(self, process: Any) -> None:
        self.process = process
        self.drawn = b""

    async def shows(self, text: bytes, *, raw: bool = False) -> bytes:
        """Read until ``text`` is drawn (its words, whatever styles they are drawn in; with
        ``raw``, these very bytes); what was drawn from the call on is returned."""
        start = len(self.drawn)
        loop = asyncio.get_running_loop()
        end = loop.time() + DEADLINE
        while text not in (self.drawn[start:] if raw else CONTROL.sub(b"", self.drawn[start:])):
            chunk = await asyncio.wait_for(self.process.stdout.read(65536), end - loop.time())
            assert chunk, f"the session ended before {text!r}: {self.drawn[-400:]!r}"
            self.drawn += chunk
        return self.drawn[start:]

    async def seen(self, text: bytes) -> None:
        """Read until ``text`` has been drawn at any time in the session (its words)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + DEADLINE
        while text not in CONTROL.sub(b"", self.drawn):
            chunk = await asyncio.wait_for(self.process.stdout.read(65536), end - loop.time())
            assert chunk, f"the session ended before {text!r}: {self.drawn[-400:]!r}"
            self.drawn += chunk


async def test_a_visitor_sees_the_lobby_its_keys_act_and_a_resize_redraws(
    tmp_path: Path,
) -> None:
    async with ssh_server(tmp_path) as (tables, games), visit(games) as connection:
        process = await connection.create_process(
            term_type="xterm-256color", term_size=(80, 24), encoding=None
        )
        screen = Screen(process)
        await screen.shows(b"o opens a table")  # the lobby heard from its server
        # Its key's first visit: the question may come in the lobby's own bytes (seen), or
        # after them.
        await screen.seen(b"Your name on this server")
        process.stdin.write(b"Vera\r")
        await screen.shows(b"you are Vera")
        process.stdin.write(b"o")  # opens a table: the turn screen
        await screen.shows(b"Round 1/10")
        assert len(tables.open_tables()) == 1
        process.change_terminal_size(100, 30)
        redrawn = await screen.shows(b"\x1b[30;1H", raw=True)
        assert max(int(row) for row in ROW.findall(redrawn)) == 30
        assert max(int(row) for row in ROW.findall(screen.drawn[: -len(redrawn)])) == 24
        process.stdin.write(b"\x11")  # ctrl+q, then yes: the game quits, the session ends
        await screen.shows(b"Quit")
        process.stdin.write(b"y")
        completed = await asyncio.wait_for(process.wait(), DEADLINE)
        assert completed.exit_status == 0
        await asyncio.wait_for(games.none_playing.wait(), DEADLINE)
        assert list((tmp_path / "ssh-sessions").iterdir()) == []  # its home went with it


async def test_a_visitors_key_is_who_they_are_at_their_next_visit(tmp_path: Path) -> None:
    async def lobby(games: SSHGames, key: Any) -> tuple[Any, Screen]:
        connection = await visit(games, key)
        process = await connection.create_process(
            term_type="xterm-256color", term_size=(80, 24), encoding=None
        )
        return connection, Screen(process)

    async with ssh_server(tmp_path) as (_, games):
        connection, screen = await lobby(games, VISITOR_KEY)
        async with connection:
            await screen.shows(b"Your name on this server")
            screen.process.stdin.write(b"Vera\r")
            await screen.shows(b"you are Vera")
        connection, screen = await lobby(games, VISITOR_KEY)  # the same key, a new session
        async with connection:
            drawn = await screen.shows(b"you are Vera")
            assert b"Your name on this server" not in CONTROL.sub(b"", drawn)
        other = asyncssh.generate_private_key("ssh-ed25519")
        connection, screen = await lobby(games, other)  # another key: another player
        async with connection:
            await screen.shows(b"Your name on this server")


async def test_a_visitor_gone_ends_the_game_and_leaves_no_zombie(tmp_path: Path) -> None:
    async with ssh_server(tmp_path) as (_, games):
        async with visit(games) as connection:
            process = await connection.create_process(
                term_type="xterm", term_size=(40, 12), encoding=None
            )
            await Screen(process).shows(b"Tables")
            (session,) = games.games
            pid = session.game.pid
        await asyncio.wait_for(games.none_playing.wait(), DEADLINE)
        assert session.game.returncode is not None
        assert not Path(f"/proc/{pid}").exists()  # reaped: a zombie keeps its entry


async def test_a_session_without_a_key_for_too_long_is_ended(tmp_path: Path) -> None:
    async with ssh_server(tmp_path, idle_seconds=1.0) as (_, games), visit(games) as connection:
        process = await connection.create_process(
            term_type="xterm", term_size=(80, 24), encoding=None
        )
        completed = await asyncio.wait_for(process.wait(), DEADLINE)
        assert b"no key pressed for 0 min" in completed.stderr and completed.exit_status == 1
        await asyncio.wait_for(games.none_playing.wait(), DEADLINE)


async def test_what_is_not_a_game_is_refused(tmp_path: Path) -> None:
    async with ssh_server(tmp_path) as (_, games), visit(games) as connection:
        command = await connection.run("ls /", encoding=None)
        assert command.exit_status == 1 and command.stdout == b""
        assert b"runs no commands" in command.stderr
        plain = await connection.run(encoding=None)  # a shell without a terminal
        assert plain.exit_status == 1
        assert b"needs a terminal" in plain.stderr
        with pytest.raises((asyncssh.ChannelOpenError, asyncssh.SFTPError)):
            await connection.start_sftp_client()
        with pytest.raises(asyncssh.ChannelOpenError, match="forwards nothing"):
            await connection.open_connection("127.0.0.1", games.port)
        with pytest.raises(asyncssh.ChannelListenError):
            await connection.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 22)
        assert not games.games  # no game was started for any of it


async def test_one_address_holds_only_a_few_connections_however_it_reconnects(
    tmp_path: Path,
) -> None:
    async with ssh_server(tmp_path, per_address=2) as (_, games):
        async with visit(games), visit(games):
            for _ in range(2):  # the third is refused, and again on reconnecting
                with pytest.raises(asyncssh.DisconnectError, match="2 games here already"):
                    async with visit(games):
                        pass
        async with visit(games):  # the two gone, the address has room again
            pass


async def test_a_full_server_says_so_and_a_silent_connection_is_let_go(tmp_path: Path) -> None:
    async with ssh_server(tmp_path, max_sessions=1, login_seconds=1.0) as (_, games):
        async with visit(games) as silent:
            with pytest.raises(asyncssh.DisconnectError, match="server is full"):
                async with visit(games):
                    pass
            await asyncio.wait_for(silent.wait_closed(), DEADLINE)  # no game in time
        async with visit(games):  # its place is free again
            pass


async def test_the_host_key_is_made_once_kept_private_and_the_same_after_a_restart(
    tmp_path: Path,
) -> None:
    seen = []
    for _ in range(2):
        async with ssh_server(tmp_path) as (_, games), visit(games) as connection:
            key = connection.get_server_host_key()
            seen.append(key.get_fingerprint("sha256"))
    assert seen[0] == seen[1] and seen[0].startswith("SHA256:")
    assert stat.S_IMODE((tmp_path / HOST_KEY_FILE).stat().st_mode) == 0o600
    assert host_key(tmp_path).get_fingerprint("sha256") == seen[0]
    (tmp_path / HOST_KEY_FILE).write_bytes(b"not a key")
    with pytest.raises(ValueError):  # never replaced: players would see a changed server
        host_key(tmp_path)


def test_nothing_the_client_names_reaches_the_game_unchecked() -> None:
    assert terminal_type("tmux-256color") == "tmux-256color"
    for odd in ("../../etc/passwd", "xterm\x1b]0;owned\x07", "", None, "x" * 5000):
        assert terminal_type(odd) == FALLBACK_TERM
    assert visitor_language({"LANG": "es_AR.UTF-8"}) == "es"
    assert visitor_language({"LC_ALL": "sv_SE.UTF-8", "LANG": "es_ES"}) == "sv"
    assert visitor_language({"LANG": "../../x"}) is None
    assert visitor_language({"PATH": "/evil"}) is None
    assert window(0, 0) == (1, 1) and window(100_000, 100_000) == (500, 200)


@pytest.mark.skipif(shutil.which("ssh") is None, reason="OpenSSH's ssh is not installed")
async def test_openssh_opens_the_lobby_and_is_refused_a_command(tmp_path: Path) -> None:
    async with ssh_server(tmp_path) as (_, games):
        options = [
            *("-p", str(games.port), "-o", "StrictHostKeyChecking=no"),
            *("-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", "-F", "/dev/null"),
        ]
        command = await asyncio.create_subprocess_exec(
            "ssh",
            *options,
            "anyone@127.0.0.1",
            "ls",
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        out, err = await asyncio.wait_for(command.communicate(), DEADLINE)
        assert command.returncode == 1 and out == b"" and b"runs no commands" in err
        player = await asyncio.create_subprocess_exec(
            "ssh",
            "-tt",  # a terminal asked for, though this test has none
            *options,
            "anyone@127.0.0.1",
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        try:
            screen = Screen(player)
            await screen.shows(b"Tables at")
        finally:
            player.kill()
            await player.wait()
        await asyncio.wait_for(games.none_playing.wait(), DEADLINE)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_host_prints_how_to_come_in_over_ssh_and_the_same_key_after_a_restart(
    tmp_path: Path,
) -> None:
    said = []
    for _ in range(2):
        ssh_port = _free_port()
        ports = ("--port", str(_free_port()), "--ssh", str(ssh_port))
        host = subprocess.Popen(
            [sys.executable, "-m", "generala_tui", "host", "--data", str(tmp_path), *ports],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        try:
            assert host.stdout is not None
            lines = [host.stdout.readline() for _ in range(3)]
        finally:
            host.terminate()
            host.wait(DEADLINE)
        assert host.returncode == 0
        (line,) = [line for line in lines if line.startswith("Over SSH")]
        assert f"ssh -p {ssh_port} 127.0.0.1 " in line
        said.append(line.split("the server's key: ")[1])
    assert said[0] == said[1] and said[0].startswith("SHA256:")
    assert "PRIVATE" not in "".join(said)


@pytest.mark.slow
async def test_two_ssh_visitors_and_a_join_client_play_a_rated_game_and_all_see_the_ratings(
    tmp_path: Path,
) -> None:
    """Issue 37's end to end: Ana joins with the game's own client (a token kept in her
    home) and opens a rated table of three from the lobby (``r``: the server is not
    ``--rated``); Vera and Wim come in over SSH, each known by their key, and take its free
    seats. Ana plays her turns by keys; the turn clock is short, so Vera's and Wim's seats
    are played for them once it runs out. At the end all three see everyone's new rating,
    and the leaderboard has them."""
    from textual.widgets import Input

    from generala_tui.game.model import Phase, Player
    from generala_tui.online.lobby_client import Entrance
    from generala_tui.ui.app import GeneralaApp
    from generala_tui.ui.screens.game_over import GameOverScreen
    from generala_tui.ui.screens.lobby import LobbyScreen

    async def until(done: Any, seconds: float = DEADLINE) -> None:
        async with asyncio.timeout(seconds):
            while not done():
                await pilot.pause()

    async def visitor(games: SSHGames, name: bytes) -> tuple[Any, Screen]:
        connection = await visit(games, asyncssh.generate_private_key("ssh-ed25519"))
        process = await connection.create_process(
            term_type="xterm-256color", term_size=(100, 30), encoding=None
        )
        screen = Screen(process)
        await screen.shows(b"Your name on this server")
        process.stdin.write(name + b"\r")
        await screen.shows(b"you are " + name)
        return connection, screen

    async with ssh_server(tmp_path, turn_time=1.0) as (tables, games):
        app = GeneralaApp(table=Entrance(f"ws://127.0.0.1:{tables.port}"))
        async with app.run_test(size=(100, 30)) as pilot:
            await until(lambda: isinstance(app.screen, LobbyScreen))
            lobby = app.screen
            assert isinstance(lobby, LobbyScreen)
            lobby.players = [Player(name="Ana"), Player(name="Player 2"), Player(name="Player 3")]
            await until(lambda: lobby.query_one("#lobby-name", Input).has_focus)
            await pilot.press(*"Ana", "enter")  # her name on this server, asked the first time
            await until(lambda: lobby.check_action("open_rated", ()))
            await pilot.press("r")  # a rated table of three, two seats free
            await until(lambda: app.game is not None)
            (table,) = tables.tables.values()
            assert table.record.rated and table.record.code is not None
            vera, vera_screen = await visitor(games, b"Vera")
            wim, wim_screen = await visitor(games, b"Wim")
            async with vera, wim:
                for screen in (vera_screen, wim_screen):
                    await screen.shows(table.record.code.encode())
                    screen.process.stdin.write(b"\r")  # the table highlighted: a free seat
                    await screen.shows(b"This table is rated")
                await until(lambda: not any(s.free for s in table.record.seats))
                assert [p.name for p in table.record.game.players] == ["Ana", "Vera", "Wim"]
                async with asyncio.timeout(240):
                    while (game := app.game) is None or game.phase is not Phase.OVER:
                        if game.current != 0 or game.phase is not Phase.PLAYING:
                            await pilot.pause()
                            continue
                        await pilot.press("enter" if game.turn.rolls else "r")  # Ana's turn
                        await until(lambda before=game: app.game is not before)
                await until(lambda: isinstance(app.screen, GameOverScreen), DEADLINE)
                await until(lambda: bool(app.screen.query("#ratings")))  # composed
                shown = app.screen.query_one("#ratings")
                await until(lambda: "Wim's rating: " in str(shown.render()), DEADLINE)
                for name in ("Ana", "Vera", "Wim"):
                    assert f"{name}'s rating: " in str(shown.render())
                for screen in (vera_screen, wim_screen):
                    for name in (b"Ana", b"Vera", b"Wim"):
                        await screen.seen(name + b"'s rating: ")
        board = {leader.name: leader.games for leader in tables.database.leaders(3)}
        assert board == {"Ana": 1, "Vera": 1, "Wim": 1}


async def test_a_visitors_game_names_the_ways_in_players_have_not_this_machines(
    tmp_path: Path,
) -> None:
    """A visitor who opens a table is told how the others come: over SSH to the host the
    server's players reach, or with the join command at its public address; never the
    loopback address the game itself joins the server at."""
    from generala_tui.online.invites import SERVER_VARIABLE, SSH_VARIABLE, code_ways
    from generala_tui.ui import table_words

    public = ("wss://example.org/generala", "example.org")
    async with ssh_server(tmp_path, public=public) as (tables, games):
        ways = games.ways_in()
        own = f"ws://127.0.0.1:{tables.port}"
    assert ways == {
        SERVER_VARIABLE: "wss://example.org/generala",
        SSH_VARIABLE: f"ssh -p {games.port} example.org",
    }
    command, ssh = code_ways(own, "EZC8QP", ways)
    assert command == "generala-tui join wss://example.org/generala EZC8QP"
    said = table_words.table_code("EZC8QP", command, ssh)
    assert f"come in with ssh -p {games.port} example.org and take a seat" in said
    assert "127.0.0.1" not in said
    assert code_ways(own, "EZC8QP", {}) == (f"generala-tui join {own} EZC8QP", None)
