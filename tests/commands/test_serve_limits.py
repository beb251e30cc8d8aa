"""``generala-tui serve`` trusts no stranger (issues 21 and 33): a real server on a free
loopback port.

Each test speaks to ``generala-tui serve`` running in a subprocess, its log in a file: a server
of its own where its options, its home or its first line matter, else the one its worker's
tests share (each finds it with no game left by the test before, and reads its log from where
it came in). It speaks as a stranger would: without the token, a page of another site, a name
resolving to loopback, more pages than games allowed, a client that vanishes, an oversized
message, garbage, a burst of keys; and as the people given its link do, the token in the link
and then in a cookie. The games a server runs are its child processes, read from ``/proc``
(Linux, as CI); every wait has a deadline, and polls another process, never a UI of ours.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import socket
import struct
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

from generala_tui.commands import listening, page, serve
from generala_tui.commands.main import main

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/stat").exists(), reason="the games are read from /proc (Linux)"
)

TIMEOUT = 60.0
ENDED_WITHIN = 10.0
"""A game ends this soon after its websocket does: two QUIT_SECONDS, and slack for a slow CI."""
TOKEN = "the-token-of-these-tests"
"""The token the servers are started with (``--token``) unless a test says otherwise."""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def _until(check: Callable[[], Any], within: float, what: str) -> Any:
    """``check()`` once it is true, polled until ``within`` seconds have passed."""
    deadline = time.monotonic() + within
    while not (result := check()):
        assert time.monotonic() < deadline, what
        time.sleep(0.05)  # polling another process
    return result


@dataclass
class Served:
    """A server running: its address, process, log and token."""

    port: int
    process: subprocess.Popen[bytes]
    log_path: Path
    token: str = TOKEN
    since: int = 0
    """Where this test's part of the log begins (a server shared by tests: after the last's)."""

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def url(self) -> str:
        """The page's address as the server prints it, its token in it."""
        return f"{self.origin}/?token={self.token}"

    @property
    def socket_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def log(self) -> str:
        """The server's log from :attr:`since` on."""
        return self.log_path.read_bytes()[self.since :].decode("utf-8", errors="replace")

    def games(self) -> list[int]:
        """The server's running child processes: its games (a zombie is none)."""
        found = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            with contextlib.suppress(OSError, ValueError, IndexError):
                state, parent = stat.read_text().rsplit(")", 1)[1].split()[:2]
                if int(parent) == self.process.pid and state != "Z":
                    found.append(int(stat.parent.name))
        return sorted(found)

    def games_become(self, count: int, within: float = ENDED_WITHIN) -> None:
        _until(lambda: len(self.games()) == count or None, within, f"not {count} games")

    def logged(self, words: str, within: float = TIMEOUT) -> str:
        """The server's log once it holds ``words``."""
        return str(_until(lambda: words in (text := self.log()) and text, within, words))


START_LINE = re.compile(r"Serving Generala on http://127\.0\.0\.1:\d+/\?token=([A-Za-z0-9_-]+),")
"""The server's first line, its link's token in it."""


def _serve(folder: Path, *options: str, token: str | None = TOKEN, **popen: Any) -> Served:
    """``generala-tui serve`` with those options and that ``--token`` (``None``: the one it
    makes, read from its first line), its log in ``folder``, once it answers."""
    port = _free_port()
    log_path = folder / f"serve-{port}.log"
    given = ["--token", token] if token is not None else []
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "generala_tui", "serve", "--port", str(port), *given, *options],
            stdout=log,
            stderr=subprocess.STDOUT,
            **popen,
        )
    served = Served(port, process, log_path)
    try:
        if token is None:
            served.token = _until(
                lambda: (found := START_LINE.search(served.log())) and found[1],
                TIMEOUT,
                "no token in the first line",
            )

        def answers() -> bool:
            assert process.poll() is None, served.log()
            try:
                with urllib.request.urlopen(served.url, timeout=5):
                    return True
            except (urllib.error.URLError, ConnectionError):
                return False

        _until(answers, TIMEOUT, "the server never answered")
    except BaseException:
        _stop(served)
        raise
    return served


def _stop(served: Served) -> None:
    """Stop the server, and check that its log holds no traceback."""
    served.process.terminate()
    try:
        served.process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        served.process.kill()
        served.process.wait()
    assert "Traceback" not in served.log(), served.log()


@pytest.fixture
def start(tmp_path: Path) -> Iterator[Callable[..., Served]]:
    """``start(*options, token=TOKEN)``: a server of this test's own (see :func:`_serve`), for
    a test that gives it options or a home, or reads its log from the first line."""
    pytest.importorskip("textual_serve")
    started: list[Served] = []

    def start_server(*options: str, token: str | None = TOKEN) -> Served:
        started.append(_serve(tmp_path, *options, token=token))
        return started[-1]

    yield start_server
    for served in started:
        _stop(served)


@pytest.fixture(scope="module")
def _one_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """One server with the default options for the tests of a worker that only speak to it as
    strangers and pages do. Its games' files are kept in a folder of its own (the tests'
    homes are each test's, made after it starts)."""
    pytest.importorskip("textual_serve")
    folder = tmp_path_factory.mktemp("one-server")
    environment = dict(os.environ, GENERALA_TUI_HOME=str(folder / "home"))
    for variable in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        environment[variable] = str(folder / variable.lower())
    served = _serve(folder, env=environment)
    yield served
    _stop(served)


@pytest.fixture
def served(_one_server: Served) -> Iterator[Served]:
    """The shared server (:func:`_one_server`) as a test finds a server of its own: the games
    of the tests before it have ended and it has room for more, and its log is read from here
    on (checked for a traceback after the test, as :func:`start` checks its own)."""
    _one_server.games_become(0)
    _until(lambda: _status(_one_server.url)[0] == 200, ENDED_WITHIN, "no room after the games")
    mine = replace(_one_server, since=_one_server.log_path.stat().st_size)
    yield mine
    assert "Traceback" not in mine.log(), mine.log()


def _status(url: str, headers: dict[str, str] | None = None) -> tuple[int, str]:
    """The status and body of a GET of ``url``."""
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def _handshake(
    port: int, query: str = "width=100&height=32", host: str = "", token: str = TOKEN
) -> socket.socket:
    """A raw websocket handshake on ``/ws`` (for ``host``, this server's address if not given;
    ``token`` in its query unless empty): the socket, once the server has said 101."""
    connection = socket.create_connection(("127.0.0.1", port), timeout=10)
    if token:
        query = f"{query}&token={token}"
    lines = [
        f"GET /ws?{query} HTTP/1.1",
        f"Host: {host or f'127.0.0.1:{port}'}",
        "Upgrade: websocket",
        "Connection: Upgrade",
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
        "Sec-WebSocket-Version: 13",
    ]
    connection.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        chunk = connection.recv(4096)
        assert chunk, answer
        answer += chunk
    assert answer.startswith(b"HTTP/1.1 101"), answer
    return connection


def _frame(payload: bytes, opcode: int = 0x1) -> bytes:
    """One masked websocket frame from a client (the mask is zero: the payload as it is)."""
    length = len(payload)
    if length < 126:
        header = struct.pack("!BB", 0x80 | opcode, 0x80 | length)
    elif length < 1 << 16:
        header = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, length)
    else:
        header = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, length)
    return header + b"\0\0\0\0" + payload


async def _connect(
    served: Served, query: str = "width=100&height=32", token: str | None = None, **kwargs: Any
) -> Any:
    """An aiohttp client's websocket to the server's game (``token`` in its query: the
    server's unless given, none if empty), with its session to close."""
    import aiohttp

    token = served.token if token is None else token
    if token:
        query = f"{query}&token={token}"
    session = aiohttp.ClientSession()
    try:
        return session, await session.ws_connect(f"{served.socket_url}?{query}", **kwargs)
    except BaseException:
        await session.close()
        raise


async def _first_screen(ws: Any) -> bytes:
    """What the game draws until its setup screen shows (bounded)."""
    import aiohttp

    screen = b""
    async with asyncio.timeout(TIMEOUT):
        while b"Player 1" not in screen:
            message = await ws.receive()
            assert message.type in {aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT}, message
            if message.type is aiohttp.WSMsgType.BINARY:
                screen += message.data
    return screen


def _environment(pid: int) -> dict[str, str]:
    raw = Path(f"/proc/{pid}/environ").read_bytes()
    return dict(entry.split("=", 1) for entry in raw.decode(errors="replace").split("\0") if entry)


# The token


def test_without_the_token_no_page_no_game_and_no_download(start: Callable[..., Served]) -> None:
    import aiohttp

    served = start()
    bare = f"{served.origin}/"
    refused = "This server plays only through the link it printed, with its token."
    assert _status(bare) == (403, refused)
    assert _status(f"{bare}?token=the-token-of-these-test")[0] == 403  # nearly is not it
    assert _status(f"{bare}?token=")[0] == 403
    cookie = f"generala-tui-token-{served.port}=someone-elses-token-here"
    assert _status(bare, {"Cookie": cookie})[0] == 403
    assert _status(f"{served.origin}/download/anything") == (403, refused)

    async def sockets() -> list[int]:
        statuses = []
        for token in ("", "wrong-token-wrong-token"):
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await _connect(served, token=token)
            statuses.append(refused.value.status)
        return statuses

    assert asyncio.run(sockets()) == [403, 403]
    with pytest.raises(AssertionError, match=r"HTTP/1\.1 403"):
        _handshake(served.port, token="")
    assert served.games() == []
    log = served.logged("refused /download/anything, without the token")
    assert "127.0.0.1: refused /, without the token" in log
    assert "127.0.0.1: refused /, a wrong token" in log
    assert "127.0.0.1: refused /ws, a wrong token" in log
    # The token is said once, in the first line, and never logged (the access log's included).
    assert log.count(served.token) == 1, log
    assert START_LINE.search(log.splitlines()[0])
    assert log.count("token=...") >= 3  # the requests that carried one, blanked


def test_the_link_opens_the_page_and_its_cookie_the_game(served: Served) -> None:
    """What a browser does: the page from the printed link, then its websocket (at the page's
    address, the token not in it) and the page again, carried by the cookie."""
    import aiohttp

    async def as_a_browser() -> tuple[str, bytes, int]:
        jar = aiohttp.CookieJar(unsafe=True)  # unsafe: it keeps an IP address's cookies
        async with aiohttp.ClientSession(cookie_jar=jar) as session:
            async with session.get(served.url) as page:
                assert page.status == 200
                cookie = page.headers["Set-Cookie"]
                assert page.headers["Referrer-Policy"] == "no-referrer"
            socket = f"{served.socket_url}?width=100&height=32"
            async with session.ws_connect(socket, origin=served.origin) as ws:
                screen = await _first_screen(ws)
            async with session.get(f"{served.origin}/?fontsize=20") as again:
                return cookie, screen, again.status

    cookie, screen, again = asyncio.run(as_a_browser())
    assert cookie.startswith(f"generala-tui-token-{served.port}={served.token};")
    attributes = {part.strip().lower() for part in cookie.split(";")[1:]}
    assert {"httponly", "path=/", "samesite=strict"} <= attributes
    assert b"Player 1" in screen
    assert again == 200


def test_the_token_made_at_start_is_a_new_long_one_each_time(start: Callable[..., Served]) -> None:
    first, second = start(token=None), start(token=None)
    assert first.token != second.token
    assert len(first.token) >= 40
    assert _status(first.url)[0] == 200
    assert _status(f"{first.origin}/?token={second.token}")[0] == 403


@pytest.mark.parametrize(
    "value", ["", "short-token", "a" * 15, "a-token-with/slash", "tökentökentöken1"]
)
def test_a_token_given_is_long_enough_and_link_safe(
    value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["serve", "--token", value])
    assert exited.value.code == 2
    error = capsys.readouterr().err.splitlines()[-1]
    assert error.endswith("a token is at least 16 characters, each a letter, a digit, - or _")
    assert serve.access_token("a" * 16) == "a" * 16


async def _read_until(ws: Any, drawn: bytes = b"", told: str = "", within: float = TIMEOUT) -> Any:
    """Read the game's page until it has drawn ``drawn``, or been told a message of kind
    ``told`` (textual-serve's text messages): that message, the screen drawn, or None once
    ``within`` seconds have passed."""
    import aiohttp

    screen = b""
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(within):
            while True:
                message = await ws.receive()
                assert message.type in {aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT}, message
                if message.type is aiohttp.WSMsgType.BINARY:
                    screen += message.data
                    if drawn and drawn in screen:
                        return screen
                elif told and (said := json.loads(message.data))[0] == told:
                    return said
    assert within < TIMEOUT, f"not drawn: {drawn!r}, not told: {told!r}"
    return None


def test_a_download_goes_to_its_page_with_the_cookie_and_to_no_one_else(
    served: Served,
) -> None:
    """The palette's screenshot, delivered to the page as a browser fetches it (textual-serve's
    page opens /download/<key> on its own origin): with the cookie, not without."""
    import aiohttp

    async def screenshot() -> tuple[int, int, str, str]:
        jar = aiohttp.CookieJar(unsafe=True)
        async with aiohttp.ClientSession(cookie_jar=jar) as session:
            async with session.get(served.url) as page:
                assert page.status == 200
            async with session.ws_connect(f"{served.socket_url}?width=100&height=32") as ws:
                await _first_screen(ws)
                await ws.send_str(json.dumps(["stdin", "\x10"]))  # ctrl+p: the palette
                await _read_until(ws, b"Search for commands")
                await ws.send_str(json.dumps(["stdin", "screensh"]))
                await _read_until(ws, b"Save an SVG picture")
                deadline = time.monotonic() + TIMEOUT
                # Enter highlights the one command found, then runs it (as in a terminal).
                while not (told := await _read_until(ws, told="deliver_file_start", within=2)):
                    assert time.monotonic() < deadline, "no screenshot delivered"
                    await ws.send_str(json.dumps(["stdin", "\r"]))
                download = f"{served.origin}/download/{told[1]}"
                drained = asyncio.create_task(_drain(ws))
                try:
                    stranger = await asyncio.to_thread(_status, download)
                    async with session.get(download) as delivered:
                        body = await delivered.text()
                        kind = delivered.headers["Content-Type"]
                        return stranger[0], delivered.status, kind, body
                finally:
                    drained.cancel()

    stranger, status, kind, body = asyncio.run(screenshot())
    assert stranger == 403
    assert status == 200
    assert kind.startswith("image/svg+xml")
    assert body.lstrip().startswith("<svg") and "Player&#160;1" in body  # the setup screen


def test_a_served_games_record_is_a_download_and_no_file_on_the_server(
    start: Callable[..., Served], tmp_path: Path
) -> None:
    """The record dialog of a served game (here the history's: a game played before, kept in
    the served games' home) names no path: Enter hands the record to the page, which
    downloads it through the server; nothing is written on the server (issue 33: a page's
    Save record once wrote ~/.bash_profile)."""
    import aiohttp

    from generala_tui import store
    from generala_tui.game import rules
    from generala_tui.game.model import Level, Player
    from generala_tui.game.strategy import play_game

    players = [Player(name="Ana", level=Level.EASY), Player(name="Rita", level=Level.EASY)]
    game = play_game(rules.new_game(players, seed=5))
    home = tmp_path / "served"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GENERALA_TUI_HOME", str(home))
        assert store.add_to_history(game) is None
    served = start("--home", str(home))

    async def download() -> tuple[str, str]:
        jar = aiohttp.CookieJar(unsafe=True)
        async with aiohttp.ClientSession(cookie_jar=jar) as session:
            async with session.get(served.url) as page:
                assert page.status == 200
            async with session.ws_connect(f"{served.socket_url}?width=100&height=32") as ws:
                await _first_screen(ws)
                await ws.send_str(json.dumps(["stdin", "\x19"]))  # ctrl+y: the history
                await _read_until(ws, b"newest first")
                await ws.send_str(json.dumps(["stdin", "e"]))  # the highlighted game's record
                await _read_until(ws, b"Your browser will download the record")
                await ws.send_str(json.dumps(["stdin", "\r"]))
                told = await _read_until(ws, told="deliver_file_start")
                drained = asyncio.create_task(_drain(ws))
                try:
                    async with session.get(f"{served.origin}/download/{told[1]}") as delivered:
                        assert delivered.status == 200
                        disposition = delivered.headers["Content-Disposition"]
                        return disposition, await delivered.text()
                finally:
                    drained.cancel()

    disposition, text = asyncio.run(download())
    assert disposition.startswith("attachment; filename=generala-")
    assert disposition.endswith(".json")
    downloaded = tmp_path / "downloaded.json"
    downloaded.write_text(text, encoding="utf-8")
    assert store.read_record(downloaded) == game
    assert not (home / "records").exists()  # where a record would have been offered


# A home of its own


def _game_environment(served: Served) -> dict[str, str]:
    """The environment of the server's one game, once it has its own (bounded)."""

    async def game() -> dict[str, str]:
        session, ws = await _connect(served)
        async with session, ws:
            await _first_screen(ws)
            [pid] = served.games()
            return _environment(pid)

    environment = asyncio.run(game())
    served.games_become(0)
    return environment


def test_a_served_game_plays_in_the_serve_folder_not_the_users_home(
    start: Callable[..., Served], generala_home: Path
) -> None:
    served = start()
    home = Path(_game_environment(served)["GENERALA_TUI_HOME"])
    assert home == generala_home / "data" / "serve"
    assert home.stat().st_mode & 0o777 == 0o700
    assert f"Each game keeps its files in {home}." in served.log()
    assert not (generala_home / "state").exists()  # the user's own games: untouched
    assert not (generala_home / "config").exists()


def test_home_names_the_served_games_folder_and_closes_it(
    start: Callable[..., Served], tmp_path: Path
) -> None:
    folder = tmp_path / "open"
    folder.mkdir(mode=0o755)
    folder.chmod(0o755)
    served = start("--home", str(folder))
    assert _game_environment(served)["GENERALA_TUI_HOME"] == str(folder)
    assert folder.stat().st_mode & 0o777 == 0o700


@pytest.mark.parametrize("own", [True, False])
def test_home_is_never_the_users_own_nor_empty(
    own: bool, generala_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    value = str(generala_home) + "/" if own else " "
    with pytest.raises(SystemExit) as exited:
        main(["serve", "--home", value])
    assert exited.value.code == 2
    error = capsys.readouterr().err.splitlines()[-1]
    assert error.endswith(f"{value!r} cannot be the served games' home: give a folder of their own")


def test_a_home_that_cannot_be_made_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("textual_serve")
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    assert main(["serve", "--home", str(blocker / "home")]) == 1
    error = capsys.readouterr().err
    assert error == (
        f"generala-tui: cannot keep the served games in {blocker / 'home'}: "
        "a file stands where a folder should be\n"
    )


# The textual-serve it was checked on


def test_the_hook_overridden_is_textual_serves_own_as_checked() -> None:
    """GameProcess overrides AppService._open_app_process, a name textual-serve does not
    promise: pyproject.toml pins the versions read (1.1.0 to 1.1.3, the hook the same in
    each); this fails when the installed one is outside them or the hook has changed."""
    import inspect
    import tomllib

    from packaging.requirements import Requirement
    from packaging.version import Version

    pytest.importorskip("textual_serve")
    from importlib.metadata import version

    from textual_serve.app_service import AppService

    project = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text())
    pins = [
        Requirement(text)
        for text in project["project"]["optional-dependencies"]["web"]
        + project["dependency-groups"]["test"]
        if text.startswith("textual-serve")
    ]
    assert len(pins) == 2 and pins[0].specifier == pins[1].specifier
    assert Version(version("textual-serve")) in pins[0].specifier
    assert not pins[0].specifier.contains("1.2.0")  # a release not read is not allowed
    assert list(inspect.signature(AppService._open_app_process).parameters) == [
        "self",
        "width",
        "height",
    ]
    # start opens the process through the hook, and the environment comes from ours.
    assert "await self._open_app_process(width, height)" in inspect.getsource(AppService.start)
    opened = inspect.getsource(AppService._open_app_process)
    assert "self._build_environment(" in opened and "env=environment" in opened
    assert "os.environ" in inspect.getsource(AppService._build_environment)


# A page of another site


def test_a_page_of_another_site_gets_no_game_and_no_page(served: Served) -> None:
    import aiohttp

    async def foreign() -> int:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await _connect(served, origin="http://evil.example")
        return refused.value.status

    assert asyncio.run(foreign()) == 403
    assert _status(served.url, {"Origin": "http://evil.example"})[0] == 403
    # A port or scheme of its own is another origin too.
    other_port = f"http://127.0.0.1:{served.port + 1}"
    assert _status(served.url, {"Origin": other_port})[0] == 403
    assert _status(served.url, {"Origin": f"https://127.0.0.1:{served.port}"})[0] == 403
    assert served.games() == []
    assert "refused, a page of http://evil.example" in served.log()


def test_a_plain_request_of_the_socket_is_one_sentence(served: Served) -> None:
    status, body = _status(f"{served.origin}/ws?token={served.token}")
    assert status == 400 and "the game page's socket" in body
    assert served.games() == []  # and the fixture finds no traceback in the log


def test_what_a_stranger_sends_reaches_the_log_escaped(served: Served) -> None:
    # A control character in a header is refused by aiohttp's parser; a C1 one gets through.
    assert _status(served.url, {"User-Agent": "agent\u001b]52;c;T1NDNTI=\u0007"})[0] == 400
    assert _status(served.url, {"Origin": "http://evil.example/\u009b2J"})[0] == 403
    log = served.log()
    assert "refused, a page of http://evil.example/\\udc9b2J" in log, log
    assert "BadHttpMessage" in log and "Traceback" not in log
    assert not [c for c in log if c != "\n" and (ord(c) < 32 or 0x7F <= ord(c) < 0xA0)], log


def test_its_own_page_plays_and_is_never_framed(served: Served) -> None:
    status, page = _status(served.url, {"Origin": f"http://127.0.0.1:{served.port}"})
    assert status == 200
    # textual-serve's page script appends the size to it: the cookie carries the token.
    assert f'data-session-websocket-url="ws://127.0.0.1:{served.port}/ws"' in page
    with urllib.request.urlopen(served.url, timeout=10) as response:
        assert response.headers["Content-Security-Policy"] == "frame-ancestors 'none'"

    async def own() -> bytes:
        session, ws = await _connect(served, origin=f"http://127.0.0.1:{served.port}")
        async with session, ws:
            return await _first_screen(ws)

    assert b"Player 1" in asyncio.run(own())


def test_a_name_resolving_to_loopback_is_not_this_server(served: Served) -> None:
    """DNS rebinding: a page of evil.example, made to resolve to 127.0.0.1, is its own origin
    there; the server on loopback answers to loopback names only."""
    evil = f"evil.example:{served.port}"
    status, body = _status(served.url, {"Host": evil, "Origin": f"http://{evil}"})
    assert status == 403
    assert "loopback address only" in body
    assert _status(served.url, {"Host": f"localhost:{served.port}"})[0] == 200
    with pytest.raises(AssertionError, match=r"HTTP/1\.1 403"):
        _handshake(served.port, host=evil)
    assert served.games() == []


# More pages than games allowed


def test_a_page_beyond_max_sessions_is_told_the_server_is_full(
    start: Callable[..., Served],
) -> None:
    import aiohttp

    served = start("--max-sessions", "2")

    async def three_pages() -> tuple[int, list[int]]:
        opened = [await _connect(served) for _ in range(2)]
        try:
            for _, ws in opened:
                await _first_screen(ws)
            games = served.games()
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await _connect(served)
            return refused.value.status, games
        finally:
            for session, ws in opened:
                await ws.close()
                await session.close()

    status, games = asyncio.run(three_pages())
    assert status == 503
    assert len(games) == 2  # and the third page started none
    served.logged("refused, 2 games are being played already")
    # Once the games have ended there is room again (the server counts a game until it has
    # seen its process end, a moment after /proc has).
    served.games_become(0)
    _until(lambda: _status(served.url)[0] == 200, ENDED_WITHIN, "no room after the games")


def test_the_page_itself_says_so_when_the_server_is_full(start: Callable[..., Served]) -> None:
    served = start("--max-sessions", "1")

    async def full_page() -> tuple[int, str]:
        session, ws = await _connect(served)
        async with session, ws:
            await _first_screen(ws)
            return await asyncio.to_thread(_status, served.url)

    status, body = asyncio.run(full_page())
    assert status == 503
    assert body == (
        "The server is full: 1 game is being played, as many as it runs at once. Try again later."
    )


@pytest.mark.parametrize("value", ["0", "-3", "four", "", "2.5"])
def test_max_sessions_takes_a_whole_number_from_1(
    value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["serve", "--max-sessions", value])
    assert exited.value.code == 2
    error = capsys.readouterr().err.splitlines()[-1]
    assert error.endswith(f"{value!r} is not a number of games: give a whole number from 1 up")


# A game ends with its page, however the page ends


@pytest.mark.parametrize("how", ["closed", "reset"])
def test_a_game_ends_when_its_client_vanishes(served: Served, how: str) -> None:
    """The connection dropped without a websocket close: a FIN, or a reset (RST)."""
    connection = _handshake(served.port)
    _until(served.games, TIMEOUT, "no game started")
    _until(lambda: connection.recv(65536), TIMEOUT, "the game drew nothing")
    if how == "reset":
        connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    connection.close()
    began = time.monotonic()
    served.games_become(0)
    assert time.monotonic() - began < ENDED_WITHIN
    served.logged("game ended")


@pytest.mark.slow  # waits out the server's heartbeat (over 20 s)
def test_a_game_ends_when_its_client_goes_silent(served: Served) -> None:
    """A client that stops answering (and reading), its connection still open: the server's
    heartbeat finds it within about one and a half HEARTBEAT_SECONDS."""
    connection = _handshake(served.port)
    try:
        _until(served.games, TIMEOUT, "no game started")
        served.games_become(0, within=serve.HEARTBEAT_SECONDS * 1.5 + ENDED_WITHIN)
    finally:
        connection.close()


def test_a_game_ends_after_an_oversized_message(served: Served) -> None:
    import aiohttp

    async def oversized() -> Any:
        session, ws = await _connect(served)
        async with session, ws:
            await _first_screen(ws)
            await ws.send_str(json.dumps(["stdin", "a" * page.MAX_MESSAGE_BYTES]))
            async with asyncio.timeout(TIMEOUT):
                while (message := await ws.receive()).type is aiohttp.WSMsgType.BINARY:
                    pass
            return message

    message = asyncio.run(oversized())
    assert message.type is aiohttp.WSMsgType.CLOSE
    assert message.data == aiohttp.WSCloseCode.MESSAGE_TOO_BIG
    served.games_become(0)
    served.logged("game ended")


def test_a_frame_declaring_gigabytes_ends_its_game_at_once(served: Served) -> None:
    """The header alone of a 2 GB frame: refused before any of it is read."""
    connection = _handshake(served.port)
    try:
        _until(served.games, TIMEOUT, "no game started")
        connection.sendall(struct.pack("!BBQ", 0x81, 0x80 | 127, 2**31) + b"\0\0\0\0" + b"a")
        served.games_become(0)
    finally:
        connection.close()


# Sizes and input bounded


def test_the_page_size_from_the_url_is_clamped(served: Served) -> None:
    async def sized(query: str) -> dict[str, str]:
        session, ws = await _connect(served, query)
        async with session, ws:
            [game] = await asyncio.to_thread(_until, served.games, TIMEOUT, "no game")
            # Seen between its fork and its exec, the game has the server's environment still.
            environment = await asyncio.to_thread(
                _until, lambda: "COLUMNS" in (env := _environment(game)) and env, TIMEOUT, "no size"
            )
        await asyncio.to_thread(served.games_become, 0)
        return environment

    huge = asyncio.run(sized("width=100000&height=99999999999999999999"))
    assert (huge["COLUMNS"], huge["ROWS"]) == ("500", "200")
    small = asyncio.run(sized("width=-4&height=0"))
    assert (small["COLUMNS"], small["ROWS"]) == ("1", "1")
    garbage = asyncio.run(sized("width=wide&height=%00"))
    assert (garbage["COLUMNS"], garbage["ROWS"]) == ("80", "24")


def test_a_burst_of_keys_is_dropped_beyond_the_budget(served: Served) -> None:
    """100,000 characters at once: without the budget the game grew past 300 MB."""

    async def burst() -> int:
        session, ws = await _connect(served)
        async with session, ws:
            await _first_screen(ws)
            [game] = served.games()
            drawn = asyncio.create_task(_drain(ws))
            for _ in range(100):
                await ws.send_str(json.dumps(["stdin", "a" * 1000]))
            await asyncio.to_thread(served.logged, "input faster than anyone plays, dropped")
            peak = 0
            for _ in range(20):  # two seconds of the game's memory, the burst's keys handled
                peak = max(peak, _resident_mb(game))
                await asyncio.sleep(0.1)
            drawn.cancel()
            return peak

    assert asyncio.run(burst()) < 150


async def _drain(ws: Any) -> None:
    async for _ in ws:
        pass


def _resident_mb(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    found = re.search(r"VmRSS:\s+(\d+) kB", status)
    return int(found[1]) // 1024 if found else 0


# A bad message is one line of the log


@pytest.mark.parametrize(
    ("message", "problem"),
    [
        ("hello", "not JSON"),
        ("[" * 10_000, "not JSON"),
        ('{"stdin": "r"}', "not a list"),
        ('["exec", "rm -rf /"]', "not a list"),
        ('["resize", {"width": "wide", "height": 30}]', "'resize' message with the wrong values"),
        ('["resize", {"width": true, "height": 30}]', "'resize' message with the wrong values"),
        ('["stdin", 7]', "'stdin' message with the wrong values"),
        ('["stdin", "\\ud800"]', "stdin that is not Unicode text"),
        ('["ping", "' + "9" * 100 + '"]', "'ping' message with the wrong values"),
        ('["focus", "extra"]', "'focus' message with the wrong values"),
    ],
)
def test_a_bad_message_is_one_log_line_and_ends_its_game(
    served: Served, message: str, problem: str
) -> None:
    import aiohttp

    async def send() -> Any:
        session, ws = await _connect(served)
        async with session, ws:
            await _first_screen(ws)
            await ws.send_str(message)
            async with asyncio.timeout(TIMEOUT):
                while (answer := await ws.receive()).type is aiohttp.WSMsgType.BINARY:
                    pass
            return answer

    answer = asyncio.run(send())
    assert answer.type is aiohttp.WSMsgType.CLOSE
    assert answer.data == aiohttp.WSCloseCode.POLICY_VIOLATION
    served.games_become(0)
    log = served.logged("game ended")
    [line] = [line for line in log.splitlines() if "a message the page never sends" in line]
    assert problem in line
    assert "Traceback" not in log


def test_a_binary_message_is_one_log_line_too(served: Served) -> None:
    connection = _handshake(served.port)
    try:
        _until(served.games, TIMEOUT, "no game started")
        connection.sendall(_frame(b"\x00\xff" * 8, opcode=0x2))
        served.games_become(0)
    finally:
        connection.close()
    log = served.logged("game ended")
    assert "a message the page never sends (binary)" in log


# The address


@pytest.mark.parametrize("value", ["", "  ", "127.0.0.1 8000"])
def test_host_takes_an_explicit_address(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["serve", "--host", value])
    assert exited.value.code == 2
    error = capsys.readouterr().err.splitlines()
    assert error[-1].endswith(
        f"{value!r} is not an address: give one, such as 127.0.0.1 (this machine only) "
        "or 0.0.0.0 (every IPv4 interface)"
    )


def test_host_0000_is_explicit_and_its_help_says_what_it_means() -> None:
    assert listening.host_address("0.0.0.0") == "0.0.0.0"
    assert listening.host_address("::1") == "::1"
    help_text = subprocess.run(
        [sys.executable, "-m", "generala_tui", "serve", "--help"],
        capture_output=True,
        text=True,
        check=True,
        timeout=TIMEOUT,
    ).stdout
    assert "0.0.0.0 lets any machine that can reach this one" in " ".join(help_text.split())


# The pieces, without a server


def test_the_budget_lets_a_burst_through_then_its_rate() -> None:
    budget = page.InputBudget(burst=100, rate=10, now=0.0)
    assert budget.take(100, now=0.0)
    assert not budget.take(1, now=0.0)
    assert not budget.take(20, now=1.0)  # ten bytes came back in a second, not twenty
    assert budget.take(10, now=1.0)
    assert budget.take(100, now=1000.0)  # never more than the burst saved up
    assert not budget.take(1, now=1000.0)


def test_the_page_messages_are_checked_and_sizes_clamped() -> None:
    assert page.page_message('["stdin", "r"]') == ("stdin", b"r")
    assert page.page_message('["stdin", "ñ"]') == ("stdin", "ñ".encode())
    assert page.page_message('["resize", {"width": 9999, "height": -1}]') == ("resize", 500, 1)
    assert page.page_message('["ping", "1712345678901"]') == ("ping", "1712345678901")
    assert page.page_message('["focus"]') == ("focus",)
    assert page.page_message('["blur"]') == ("blur",)
    for bad in ["", "[]", "[1]", '["resize"]', '["resize", {"width": 1.5, "height": 2}]']:
        with pytest.raises(page.BadMessage):
            page.page_message(bad)


def test_every_message_the_page_sends_is_one_the_server_reads() -> None:
    """textual-serve's page script: the kinds of message it sends, all known here."""
    textual_serve = pytest.importorskip("textual_serve")
    script = Path(textual_serve.__file__).parent / "static" / "js" / "textual.js"
    sent = set(re.findall(r'JSON\.stringify\(\["(\w+)"', script.read_text(encoding="utf-8")))
    assert sent, "the page script no longer sends its messages as it did"
    assert sent <= page.PAGE_MESSAGES


def test_loopback_names() -> None:
    for name in ["127.0.0.1", "127.8.9.1", "::1", "[::1]", "localhost", "LocalHost"]:
        assert listening.is_loopback(name), name
    for name in ["0.0.0.0", "192.168.1.5", "evil.example", "localhost.evil.example", ""]:
        assert not listening.is_loopback(name), name
