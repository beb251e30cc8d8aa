"""``generala-tui serve``: the game in a web browser through textual-serve.

A real server on a free loopback port, in a subprocess: its page is fetched
through the link it prints (its token in it), and a game is played over the
page's own websocket (the keys a browser sends, the dice read back from the game
the served process autosaves in the served games' home). The browser tests drive
the page itself with Playwright and the system's Chromium (Debian's
``chromium``; nothing is downloaded); skipped without one, except under CI
(``GENERALA_TUI_REQUIRE_BROWSER``, set by ``.ci/run``), where they fail instead.
The limits a stranger meets are tested in ``test_serve_limits.py``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

import pytest

from generala_tui import store
from generala_tui.commands.listening import port_number
from generala_tui.commands.main import main
from generala_tui.game.model import GameState

TIMEOUT = 60.0
TOKEN = "the-token-of-these-tests"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def _page(url: str) -> str:
    with urllib.request.urlopen(url, timeout=5) as response:
        body: bytes = response.read()
    return body.decode("utf-8")


@dataclass
class Site:
    """A server answering: its origin, and the served games' home (its default: ``serve``
    in the data folder of this test's home)."""

    origin: str
    home: Path

    @property
    def url(self) -> str:
        """The link it prints, its token in it."""
        return f"{self.origin}/?token={TOKEN}"

    def socket_url(self, query: str, token: bool = True) -> str:
        """The game's websocket, ``query`` and (unless not ``token``) the token in its query."""
        socket = self.origin.replace("http://", "ws://") + f"/ws?{query}"
        return f"{socket}&token={TOKEN}" if token else socket

    def saved_game(self) -> GameState | None:
        """The game a served page's process autosaved, in the served games' home."""
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("GENERALA_TUI_HOME", str(self.home))
            return store.load_game()[0]


@pytest.fixture
def server(generala_home: Path) -> Iterator[Site]:
    """``generala-tui serve --token TOKEN`` on a free loopback port, once it answers."""
    pytest.importorskip("textual_serve")
    port = _free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "generala_tui", "serve", "--port", str(port), "--token", TOKEN],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    site = Site(f"http://127.0.0.1:{port}", generala_home / "data" / "serve")
    try:
        deadline = time.monotonic() + TIMEOUT
        while True:
            assert process.poll() is None, process.communicate()[0].decode()
            try:
                _page(site.url)
                break
            except (urllib.error.URLError, ConnectionError):
                assert time.monotonic() < deadline, "the server never answered"
                time.sleep(0.1)  # polling another process, not waiting on our own UI
        yield site
    finally:
        process.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.communicate(timeout=10)
        if process.poll() is None:
            process.kill()
            process.communicate()
    # A page's game never plays in the user's own home.
    assert not (generala_home / "state").exists()


def _saved_game_until(site: Site, check: Callable[[GameState], bool]) -> GameState:
    """The game the served process autosaves, once ``check`` holds (bounded)."""
    deadline = time.monotonic() + TIMEOUT
    while True:
        game = site.saved_game()
        if game is not None and check(game):
            return game
        assert time.monotonic() < deadline, f"the saved game never got there: {game}"
        time.sleep(0.1)  # the game runs in another process


def test_serve_answers_with_the_game_page_on_loopback(server: Site) -> None:
    page = _page(server.url)
    assert "<html" in page.lower()
    assert "textual.js" in page
    assert "/ws" in page  # the page drives the game over this websocket
    assert server.url.startswith("http://127.0.0.1:")


def test_a_game_is_played_over_the_page_socket(server: Site) -> None:
    import aiohttp

    async def play() -> GameState:
        socket_url = server.socket_url("width=100&height=32")
        async with aiohttp.ClientSession() as session, session.ws_connect(socket_url) as ws:
            screen = bytearray()
            deadline = time.monotonic() + TIMEOUT

            async def drawn(words: bytes, within: float) -> bool:
                """Whether the page is sent ``words`` within ``within`` seconds."""
                until = min(time.monotonic() + within, deadline)
                while words not in screen and time.monotonic() < until:
                    with contextlib.suppress(TimeoutError):
                        message = await asyncio.wait_for(ws.receive(), 0.5)
                        assert message.type in {aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT}
                        if message.type is aiohttp.WSMsgType.BINARY:
                            screen.extend(message.data)
                return words in screen

            assert await drawn(b"Player 1", TIMEOUT)  # the setup screen is on the page
            # Enter goes from the first name to the next, and from the last starts the game.
            # Typed until the turn screen shows: two Enters arriving in one read start no
            # game (the second lands before the focus has moved; so in a terminal too).
            while not await drawn(b"Standings", 2):  # the turn screen
                assert time.monotonic() < deadline, "the game never started"
                await ws.send_str(json.dumps(["stdin", "\r"]))
            await ws.send_str(json.dumps(["stdin", "r"]))
            return await asyncio.to_thread(_saved_game_until, server, lambda g: g.turn.rolls == 1)

    game = asyncio.run(play())
    assert len(game.turn.dice) == 5
    assert all(1 <= die <= 6 for die in game.turn.dice)
    assert store.load_game()[0] is None  # the user's own saved game: none


REQUIRE_BROWSER = "GENERALA_TUI_REQUIRE_BROWSER"
"""Set (CI's .ci/run sets it) to make the browser tests fail, not skip, without a browser."""


def _no_browser(reason: str) -> NoReturn:
    if os.environ.get(REQUIRE_BROWSER):
        pytest.fail(f"{REQUIRE_BROWSER} is set, and {reason}")
    pytest.skip(reason)


def _system_chromium() -> str | None:
    """The system's Chromium (Debian's package ``chromium``), if there is one."""
    for name in ("chromium", "chromium-browser"):
        if path := shutil.which(name):
            return path
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


@pytest.fixture
def browser() -> Iterator[Any]:
    """A headless Chromium driven by Playwright: the system's (nothing is downloaded), else
    one ``playwright install chromium`` put there before; skipped when there is neither
    (failed instead when GENERALA_TUI_REQUIRE_BROWSER is set, as in CI)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _no_browser("Playwright is not installed (the test extra has it)")
    with sync_playwright() as playwright:
        executable = _system_chromium()
        try:
            launched = playwright.chromium.launch(executable_path=executable)
        except Exception as error:
            _no_browser(f"no Chromium for Playwright ({executable or 'none on the PATH'}): {error}")
        try:
            yield launched
        finally:
            launched.close()


def test_a_roll_in_the_browser(server: Site, browser: Any) -> None:
    """The page in Chromium from the printed link: the keys a player types start a game and
    roll the dice (the page's websocket, at an address without the token, carried by the
    cookie the page set)."""
    page = browser.new_page(viewport={"width": 1200, "height": 800})
    page.goto(server.url)
    page.wait_for_selector("canvas, .xterm-screen", timeout=TIMEOUT * 1000)
    # The page opens with nothing focused: a player clicks the terminal first (here
    # its input, which the terminal's keys come through).
    page.focus(".xterm-helper-textarea")
    deadline = time.monotonic() + TIMEOUT
    # The canvas holds no text to wait on: the game the app autosaves tells.
    while server.saved_game() is None:  # ctrl+s starts the game, saved at once
        assert time.monotonic() < deadline, "the game never started"
        page.keyboard.press("Control+s")
        page.wait_for_timeout(500)
    while not (game := server.saved_game()) or not game.turn.rolls:
        assert time.monotonic() < deadline, "no roll reached the game"
        page.keyboard.press("r")
        page.wait_for_timeout(500)
    assert game.turn.rolls >= 1
    assert len(game.turn.dice) == 5
    assert [player.name for player in game.players] == ["Player 1", "Player 2"]


def test_a_download_reaches_the_browser_through_its_cookie(server: Site, browser: Any) -> None:
    """A file the game delivers (here the palette's screenshot) is opened by the page at
    /download/<key> in a new tab, an address without the token: the cookie carries it."""
    page = browser.new_page(viewport={"width": 1200, "height": 800})
    downloads: list[int] = []
    page.context.on(
        "response", lambda answer: "/download/" in answer.url and downloads.append(answer.status)
    )
    page.goto(server.url)
    page.wait_for_selector("body.-first-byte", timeout=TIMEOUT * 1000)  # the game draws
    page.focus(".xterm-helper-textarea")
    deadline = time.monotonic() + 2 * TIMEOUT  # a slow machine takes a few tries
    while not downloads:  # the canvas holds no text to wait on: keys until the download
        assert time.monotonic() < deadline, "no download reached the browser"
        page.keyboard.press("Escape")  # a palette left open by the last try
        page.keyboard.press("Control+p")
        page.wait_for_timeout(500)  # the palette opens, or the next try types again
        page.keyboard.type("screensh")
        page.wait_for_timeout(500)  # the one command found is listed
        for _ in range(2):  # Enter highlights it, or runs it; once more, runs it
            page.keyboard.press("Enter")
            page.wait_for_timeout(500)
        for _ in range(10):
            if downloads:
                break
            page.wait_for_timeout(200)
    assert set(downloads) == {200}  # each one a try made (one may still have been on its way)


def test_without_a_browser_ci_fails_where_a_machine_skips(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(REQUIRE_BROWSER, "1")
    with pytest.raises(pytest.fail.Exception, match="no Chromium"):
        _no_browser("no Chromium")
    monkeypatch.delenv(REQUIRE_BROWSER)
    with pytest.raises(pytest.skip.Exception, match="no Chromium"):
        _no_browser("no Chromium")


OPEN_SOCKET = """url => new Promise(resolve => {
    const socket = new WebSocket(url);
    socket.onopen = () => { socket.close(); resolve("opened"); };
    socket.onerror = () => resolve("refused");
})"""
"""A page's script opening the game's websocket: whether it opened."""


def test_a_page_of_another_site_opens_no_game_in_the_browser(server: Site, browser: Any) -> None:
    """Another site's page (here another server's, on another port) cannot open the game's
    websocket, even with the token: the browser sends its origin, the server refuses it."""
    import http.server
    import threading

    class OtherSite(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = b"<!DOCTYPE html><title>another site</title>"
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    other = http.server.ThreadingHTTPServer(("127.0.0.1", 0), OtherSite)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    try:
        socket_url = server.socket_url("width=80&height=24")
        page = browser.new_page()
        page.goto(f"http://127.0.0.1:{other.server_address[1]}/")
        assert page.evaluate(OPEN_SOCKET, socket_url) == "refused"
        page.goto(server.url)  # its own page may
        assert page.evaluate(OPEN_SOCKET, socket_url) == "opened"
    finally:
        other.shutdown()
        other.server_close()


def test_without_the_token_the_browser_gets_no_page_and_no_game(server: Site, browser: Any) -> None:
    """A browser at the server's address without its link's token: no page, and its own
    origin's websocket is refused; once the link has been opened, the cookie opens it."""
    page = browser.new_page()
    refused = page.goto(server.origin + "/")
    assert refused is not None and refused.status == 403
    assert "with its token" in page.content()
    socket_url = server.socket_url("width=80&height=24", token=False)
    assert page.evaluate(OPEN_SOCKET, socket_url) == "refused"
    linked = page.goto(server.url)
    assert linked is not None and linked.status == 200
    assert page.evaluate(OPEN_SOCKET, socket_url) == "opened"
    [cookie] = page.context.cookies()
    assert (cookie["httpOnly"], cookie["sameSite"], cookie["path"]) == (True, "Strict", "/")


def test_serve_without_the_web_extra_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import importlib.util

    find_spec = importlib.util.find_spec

    def without_textual_serve(name: str, *args: Any, **kwargs: Any) -> Any:
        return None if name == "textual_serve" else find_spec(name, *args, **kwargs)

    monkeypatch.setattr(importlib.util, "find_spec", without_textual_serve)
    assert main(["serve"]) == 1
    err = capsys.readouterr().err
    assert "pip install 'generala-tui[web]'" in err
    assert err.count("\n") == 1


@pytest.mark.parametrize("value", ["0", "65536", "http", "-1", ""])
def test_a_port_outside_1_to_65535_is_refused_in_words(value: str) -> None:
    with pytest.raises(Exception, match="give a number from 1 to 65535"):
        port_number(value)


def test_serve_takes_no_game_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--players", "Ana", "serve"]) == 2
    assert "takes no --players" in capsys.readouterr().err


def test_the_web_extra_brings_textual_serve_and_the_tests_have_it_too() -> None:
    import tomllib
    from pathlib import Path

    project = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text())
    web = project["project"]["optional-dependencies"]["web"]
    test = project["dependency-groups"]["test"]  # the tests' requirements (PEP 735)
    for name, requirements in (("web", web), ("test", test)):
        assert any(r.startswith("textual-serve") for r in requirements), name
