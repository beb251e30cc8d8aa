"""``generala-tui serve``: the game in a web browser, through textual-serve.

Each page opened runs its own ``python -m generala_tui`` (with this Python) on
this machine, drawn in the page. textual-serve is an optional extra
(``pip install 'generala-tui[web]'``); without it the command says so in one
line. It listens on loopback (127.0.0.1) unless ``--host`` says otherwise, and
``--host`` takes an explicit address only (``0.0.0.0`` is every IPv4
interface; an empty one is refused, since it would listen on all of them).

What a stranger's page or client can and cannot do (issues 21 and 33):

- **Only the people given its link play.** As Jupyter's server does, it makes a random
  token at start (:func:`secrets.token_urlsafe`, or ``--token``) and prints its link with
  it (``http://HOST:PORT/?token=...``). The page, its websocket and its downloads are
  refused without it (a 403, one sentence; one log line, which never holds the token:
  nor does aiohttp's access log, where a ``token=`` in a request or its ``Referer`` is
  blanked). A page opened with the token sets a cookie that carries it from then on
  (HttpOnly, SameSite=Strict, path ``/``, named for the port, as two servers on one
  machine share a browser's cookies): textual-serve's page script opens its websocket
  at the page's ``app_websocket_url`` with the size appended (``?width=..&height=..``),
  so the token could not ride in that address, and its downloads open
  ``/download/<key>`` on the same origin; the browser sends the cookie with both. A
  client that keeps no cookie puts ``token=`` in the websocket's query. Tokens are
  compared in constant time (:func:`secrets.compare_digest`). The page asks browsers to
  send no ``Referer`` (the token is in its address; Chromium still sends one for the
  page's background image, blanked in the log). Its static files (textual-serve's script,
  styles and fonts) are served to anyone: they are the same for everyone.
- **A home of its own.** Every game runs with ``GENERALA_TUI_HOME`` set to the served
  games' own folder (``--home``, by default ``serve`` in the app's data folder, made
  0700), never the serving user's own home: their history, statistics, preferences and
  saved game stay out of every page's reach (the variable is set in this process's
  environment, which textual-serve's ``AppService`` copies for each game).
- **Nothing a page types names a file on the server.** A served game knows it is one
  (Textual's ``App.is_web``): its record dialog offers the record as a download
  (``App.deliver_text``), with no path to type, as the screenshot command delivers its
  picture (``App.deliver_screenshot``) to the browser.
- **Only its own pages play.** A request whose ``Origin`` header is not the
  server's own origin (the scheme, host and port of its ``Host`` header) is
  refused with a 403: another site's page cannot open a game's websocket, nor
  its download links. A request without ``Origin`` is let through: browsers
  always send one with a websocket, so only a non-browser client omits it, and
  such a client could send any ``Origin`` it likes anyway. While listening on
  loopback the ``Host`` must be a loopback name too (``localhost``,
  ``127.0.0.1``, ``[::1]``), or a page of a name made to resolve to 127.0.0.1
  (DNS rebinding) would be its own origin. The page tells browsers not to show
  it inside another site's frame (``frame-ancestors 'none'``). A reverse proxy
  in front would have to pass the browser's ``Host`` on, and the server listen
  on a non-loopback address: not a set-up these checks were made for.
- **A few games at once.** ``--max-sessions`` (default
  :data:`DEFAULT_MAX_SESSIONS`) games run at a time; a page or websocket beyond
  them gets a 503 with one sentence saying the server is full, and no process
  starts.
- **A game ends with its page.** However its websocket ends (closed, an error,
  a message over :data:`.page.MAX_MESSAGE_BYTES`, a client gone silent: a heartbeat
  every :data:`HEARTBEAT_SECONDS` s finds it), the game is asked to quit, and
  is terminated, then killed, when it has not within :data:`QUIT_SECONDS` s
  each. The command runs ``exec`` in its shell, so the process ended is the
  game itself.
- **Bounded sizes.** The page size from the URL and from resize messages is
  clamped to :data:`.page.WIDTH_RANGE` by :data:`.page.HEIGHT_RANGE` cells; a message is
  at most :data:`.page.MAX_MESSAGE_BYTES` bytes (the page sends a key, a paste, a
  size or a ping); and the input a page sends is budgeted
  (:data:`.page.INPUT_BURST_BYTES` at once, :data:`.page.INPUT_BYTES_PER_SECOND` a
  second, far above any player's hands and mouse): what comes faster is
  dropped, with one log line, since a burst of keys otherwise queues in the
  game and grows it by hundreds of megabytes.
- **A bad message is one log line.** A message that is not one the page sends
  (not JSON, the wrong kind or types) is logged in one line, without a
  traceback, and ends its game; the log itself is plain lines on stderr.

How: :class:`GameServer` subclasses textual-serve's ``Server`` and overrides
the methods its routes call (``handle_index``, ``handle_websocket``,
``handle_download``) and its hooks (``initialize_logging``, ``on_startup``,
``on_shutdown``); the page's template, static files, download manager and the
process protocol stay textual-serve's. Its own ``handle_websocket`` cannot be
reused: it takes the size unbounded, sets no message size, lets any
exception of a message out as a traceback, and ends a game only by asking it
to quit and waiting without a bound; its reader of the game's screen stops
at the first write to a page that is gone, and nothing ends a game that does
not quit (issue 21 saw one running, 240 MB and growing, 85 s after its page
left). :class:`GameProcess` subclasses textual-serve's ``AppService`` (one page's process): its
``on_data`` and ``on_meta`` hooks drop what a gone page cannot take, so the
game's screen is still read and it can quit; and it overrides
``_open_app_process``, the one non-public name used, only to keep the process
it opens (``AppService`` has no public way to reach or end it):
:meth:`GameProcess.end` says so in the log when that hook is gone, and the
tests of a game's end fail. Both classes are defined by :func:`server_class`
on first use, so aiohttp and textual-serve are imported only when the server
runs (``serve --help`` does not load them).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import importlib.util
import logging
import os
import re
import secrets
import shlex
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from ..i18n import N_, NP_, _, metavar, ngettext
from .arguments import FOLDERS, add_language, completes, languages
from .listening import (
    TOKEN_PARAMETER,
    PrintableFormatter,
    add_address_options,
    is_loopback,
    session_limit,
)
from .page import (
    INPUT_BURST_BYTES,
    INPUT_BYTES_PER_SECOND,
    MAX_MESSAGE_BYTES,
    MESSAGE_COST_BYTES,
    BadMessage,
    InputBudget,
    font_size,
    page_message,
    page_size,
)

if TYPE_CHECKING:
    from asyncio.subprocess import Process

    from aiohttp import web
    from textual_serve.server import Server

__all__ = ["configure_parser", "run"]

DEFAULT_PORT = 8000
DEFAULT_MAX_SESSIONS = 4
"""Games at once by default: each is a Python process of about 60 MB."""
INSTALL_HINT = "pip install 'generala-tui[web]'"

HEARTBEAT_SECONDS = 15.0
"""How often the server pings a page's websocket; one that has not answered within half of it
is closed (a client gone without a word ends within some 22 s)."""
QUIT_SECONDS = 2.0
"""How long a game has to quit when asked, and again when terminated, before it is killed; and
how long a websocket closed by the server waits for the page's answer."""

ENDINGS = {
    "quit": N_("{peer}: game ended after {seconds:.0f} s, quitting when asked"),
    "terminated": N_("{peer}: game ended after {seconds:.0f} s, terminated: it did not quit"),
    "killed": N_("{peer}: game ended after {seconds:.0f} s, killed: it did not quit or stop"),
    "unreachable": N_(
        "{peer}: game asked to quit after {seconds:.0f} s; this textual-serve keeps its "
        "process out of reach, so it may still run (see generala_tui/commands/serve.py)"
    ),
}
"""How a game ended, for the log: its process quit, was terminated, or was killed."""
HOST_HEADER = re.compile(r"[A-Za-z0-9._~-]+(:[0-9]{1,5})?|\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?")
"""A ``Host`` header the page may be rendered for: a name or IPv4 address, or an IPv6 one in
brackets, and a port (no user, path or markup)."""
TOKEN_BYTES = 32
"""The random bytes of the token made at start (43 characters in its link)."""
TOKEN_MIN_CHARACTERS = 16
"""The shortest token ``--token`` takes."""
TOKEN_CHARACTERS = re.compile(r"[A-Za-z0-9_-]+")
"""What a token is made of (:func:`secrets.token_urlsafe`'s alphabet): safe in a link and a
cookie as it is."""
TOKEN_COOKIE = "generala-tui-token-{port}"
"""The cookie that carries the token after the first page, one name a port."""
SERVE_FOLDER = "serve"
"""The served games' home, in the app's data folder, unless ``--home`` names another."""

log = logging.getLogger("generala_tui.commands.serve")


def access_token(value: str) -> str:
    """A token for ``--token``: at least :data:`TOKEN_MIN_CHARACTERS` letters, digits, ``-``
    and ``_`` (the error says so without repeating what was given: it may be nearly right)."""
    if len(value) < TOKEN_MIN_CHARACTERS or not TOKEN_CHARACTERS.fullmatch(value):
        raise argparse.ArgumentTypeError(
            _("a token is at least {count} characters, each a letter, a digit, - or _").format(
                count=TOKEN_MIN_CHARACTERS
            )
        )
    return value


def _own_home() -> Path | None:
    """The serving user's own home for the game, when ``GENERALA_TUI_HOME`` names one."""
    from ..store.paths import HOME_VARIABLE

    value = os.environ.get(HOME_VARIABLE, "").strip()
    return Path(value).expanduser().resolve() if value else None


def home_folder(value: str) -> Path:
    """A folder for ``--home``: named, and not the serving user's own home."""
    folder = Path(value.strip()).expanduser().resolve() if value.strip() else None
    if folder is None or folder == _own_home():
        raise argparse.ArgumentTypeError(
            _("{value!r} cannot be the served games' home: give a folder of their own").format(
                value=value
            )
        )
    return folder


def default_home() -> Path:
    """The served games' home unless ``--home`` says: :data:`SERVE_FOLDER` in the app's data
    folder (under ``GENERALA_TUI_HOME`` when it is set, so a moved home takes it along)."""
    from ..store import data_dir

    return data_dir().absolute() / SERVE_FOLDER


def make_home(folder: Path) -> Path:
    """Make ``folder`` the served games' home: there (and the folders missing above it),
    this user's only (0700, closed if it was open). Raises :class:`OSError`."""
    from ..store.files import private_folder

    private_folder(folder)
    os.chmod(folder, 0o700)
    return folder


def configure_parser(parser: argparse.ArgumentParser) -> None:
    """Add the ``serve`` options to ``parser``."""
    parser.description = _(
        "Serve the game to a web browser. Every page opened plays its own game,\n"
        "run on this machine. Needs the web extra: {install}"
    ).format(install=INSTALL_HINT)
    add_address_options(
        parser,
        _(
            "the address to listen on (default %(default)s, this machine only; "
            "0.0.0.0 lets any machine that can reach this one play here)"
        ),
        DEFAULT_PORT,
    )
    parser.add_argument(
        "--max-sessions",
        metavar=metavar(NP_("metavar", "N")),
        type=session_limit,
        default=DEFAULT_MAX_SESSIONS,
        help=_(
            "the most games played at once (default %(default)s); a page beyond them "
            "is told the server is full"
        ),
    )
    add_language(
        parser, _("the language of every page's game: {languages}").format(languages=languages())
    )
    parser.add_argument(
        "--token",
        metavar=metavar(NP_("metavar", "TOKEN")),
        type=access_token,
        help=_(
            "the token the server's link carries, without which it serves no page "
            "(default: a new random one at each start)"
        ),
    )
    completes(
        parser.add_argument(
            "--home",
            metavar=metavar(NP_("metavar", "DIR")),
            type=home_folder,
            help=_(
                "the folder the served games keep their files in, never your own games' "
                "(default: serve in the game's data folder)"
            ),
        ),
        FOLDERS,
    )


def game_command(lang: str | None = None) -> str:
    """The shell command textual-serve runs for each page: this Python, this package (in
    ``lang``, when the command was given one). ``exec`` puts the game in the shell's place,
    so the process the server ends is the game's."""
    # cmd.exe, which runs it under Windows, has no exec: the game is its child there.
    start = "" if os.name == "nt" else "exec "
    command = f"{start}{shlex.quote(sys.executable)} -m generala_tui"
    return command if lang is None else f"{command} --lang {shlex.quote(lang)}"


def listen_url(host: str, port: int) -> str:
    """The address the server listens on, as a browser would be given it."""
    shown = f"[{host}]" if ":" in host and not host.startswith("[") else host
    return f"http://{shown}:{port}"


@functools.cache
def server_class() -> Callable[..., Server]:
    """:class:`GameServer <_define_server>`, defined on first use: textual-serve and aiohttp are
    imported only when the server runs."""
    return _define_server()


def _define_server() -> Callable[..., Server]:
    import aiohttp_jinja2
    from aiohttp import WSCloseCode, WSMsgType, hdrs, web
    from textual_serve.app_service import AppService
    from textual_serve.server import Server
    from yarl import URL

    from .output import shown

    class GameProcess(AppService):
        """One page's game: textual-serve's process, kept so it can be ended for sure."""

        process: Process | None = None

        async def _open_app_process(self, width: int = 80, height: int = 24) -> Process:
            self.process = await super()._open_app_process(width, height)
            return self.process

        async def on_data(self, payload: bytes) -> None:
            # Once the page is gone, its screen is read and dropped: the game, never blocked
            # writing to a pipe no one reads, can quit when asked.
            with contextlib.suppress(ConnectionError):
                await super().on_data(payload)

        async def on_meta(self, data: bytes) -> None:
            with contextlib.suppress(ConnectionError):
                await super().on_meta(data)

        async def end(self) -> str:
            """End the game: ask it to quit, then terminate, then kill it, each given
            :data:`QUIT_SECONDS`; return which it took, a key of :data:`ENDINGS`."""
            loop = asyncio.get_running_loop()
            deadline = loop.time() + QUIT_SECONDS
            with contextlib.suppress(TimeoutError, ConnectionError):
                await asyncio.wait_for(self.stop(), QUIT_SECONDS)
            process = self.process
            if process is None:  # a textual-serve that no longer opens it in the hook
                return "unreachable"
            if await _exited(process, deadline):
                return "quit"
            with contextlib.suppress(ProcessLookupError):
                process.terminate()
            if await _exited(process, loop.time() + QUIT_SECONDS):
                return "terminated"
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            await _exited(process, loop.time() + QUIT_SECONDS)
            return "killed"

    def _bytes(text: str) -> bytes:
        # A query's or cookie's bytes beyond UTF-8 come as lone surrogates: kept, not an error.
        return text.encode("utf-8", "surrogatepass")

    async def _close(websocket: web.WebSocketResponse) -> None:
        await websocket.close()

    async def _exited(process: Process, deadline: float) -> bool:
        """Whether ``process`` has exited by ``deadline`` (the loop's clock). Its return code,
        not ``wait()``: that also waits for its pipes, which an unread one may never close."""
        loop = asyncio.get_running_loop()
        while process.returncode is None and loop.time() < deadline:
            await asyncio.sleep(0.02)
        return process.returncode is not None

    class GameServer(Server):
        """textual-serve's server, for strangers: see the module's docstring."""

        def __init__(
            self,
            command: str,
            *,
            host: str,
            port: int,
            max_sessions: int,
            token: str,
            home: Path | None = None,
        ) -> None:
            super().__init__(command, host=host, port=port, title="Generala")
            self.max_sessions = max_sessions
            self.loopback = is_loopback(host)
            self.token = token
            self.cookie = TOKEN_COOKIE.format(port=port)
            self.home = home
            """The served games' home, said at start (the games have it in their environment)."""
            self.games: dict[GameProcess, web.WebSocketResponse] = {}
            """The games running (or starting, or ending), each with its page's websocket."""

        def initialize_logging(self) -> None:
            """Plain lines on stderr: one a record, never a traceback of a page's doing."""
            handler = logging.StreamHandler(sys.stderr)
            handler.setFormatter(PrintableFormatter("[%(asctime)s] %(message)s", "%H:%M:%S"))
            logging.basicConfig(
                level=logging.DEBUG if self.debug else logging.INFO, handlers=[handler]
            )

        async def on_startup(self, app: web.Application) -> None:
            print(
                ngettext(
                    "Serving Generala on {url}, {count} game at most at once. Ctrl+C stops.",
                    "Serving Generala on {url}, {count} games at most at once. Ctrl+C stops.",
                    self.max_sessions,
                ).format(url=self.link(), count=self.max_sessions),
                flush=True,
            )
            if self.home is not None:
                print(
                    _("Each game keeps its files in {folder}.").format(
                        folder=shown(str(self.home))
                    ),
                    flush=True,
                )

        def link(self) -> str:
            """The server's link, its token in it: what the people who play are given."""
            return f"{listen_url(self.host, self.port)}/?{TOKEN_PARAMETER}={self.token}"

        async def on_shutdown(self, app: web.Application) -> None:
            # Each page's handler then ends its game.
            for websocket in list(self.games.values()):
                with contextlib.suppress(Exception):
                    await websocket.close(code=WSCloseCode.GOING_AWAY)

        def check(self, request: web.Request) -> None:
            """Raise the answer to a request from elsewhere than the server's own pages."""
            host = request.host
            if not HOST_HEADER.fullmatch(host):
                raise web.HTTPBadRequest(text=_("This address is not one of this server's."))
            own = URL.build(scheme=request.scheme, authority=host)
            if self.loopback and not is_loopback(own.host or ""):
                log.warning(
                    _("{peer}: refused, asked for {host} while serving on loopback").format(
                        peer=request.remote, host=host
                    )
                )
                raise web.HTTPForbidden(
                    text=_(
                        "This server answers to its loopback address only, not to {host}."
                    ).format(host=host)
                )
            origin = request.headers.get(hdrs.ORIGIN)
            if origin is None:
                return  # not a browser's request: see the module's docstring
            try:
                theirs = URL(origin)
                same = (theirs.scheme, theirs.host, theirs.port) == (own.scheme, own.host, own.port)
            except ValueError:
                same = False
            if same and theirs.path in {"", "/"}:
                return
            # A header's bytes beyond ASCII come decoded as lone surrogates: escaped, they
            # can be said (in the log and the answer) and can't drive a terminal.
            from ..game.model import printable

            shown = printable(origin[:100])
            log.warning(
                _("{peer}: refused, a page of {origin}").format(peer=request.remote, origin=shown)
            )
            raise web.HTTPForbidden(
                text=_("Only this server's own pages play here, not {origin}'s.").format(
                    origin=shown
                )
            )

        def check_token(self, request: web.Request) -> bool:
            """Raise a 403 saying so unless ``request`` carries the server's token, in its
            query or its cookie; return whether the query had it (the page then sets the
            cookie)."""
            expected = self.token.encode()
            given = request.query.get(TOKEN_PARAMETER)
            if given is not None and secrets.compare_digest(_bytes(given), expected):
                return True
            kept = request.cookies.get(self.cookie)
            if kept is not None and secrets.compare_digest(_bytes(kept), expected):
                return False
            from ..game.model import printable

            path = printable(request.path[:100])
            refusal = (
                _("{peer}: refused {path}, without the token")
                if given is None and kept is None
                else _("{peer}: refused {path}, a wrong token")
            )
            log.warning(refusal.format(peer=request.remote, path=path))
            raise web.HTTPForbidden(
                text=_("This server plays only through the link it printed, with its token.")
            )

        def check_room(self, request: web.Request) -> None:
            """Raise a 503 saying so when as many games are played as are allowed at once."""
            if len(self.games) < self.max_sessions:
                return
            log.info(
                ngettext(
                    "{peer}: refused, {count} game is being played already",
                    "{peer}: refused, {count} games are being played already",
                    len(self.games),
                ).format(peer=request.remote, count=len(self.games))
            )
            raise web.HTTPServiceUnavailable(
                headers={"Retry-After": "60"},
                text=ngettext(
                    "The server is full: {count} game is being played, as many as it runs "
                    "at once. Try again later.",
                    "The server is full: {count} games are being played, as many as it runs "
                    "at once. Try again later.",
                    self.max_sessions,
                ).format(count=self.max_sessions),
            )

        async def handle_index(self, request: web.Request) -> web.StreamResponse:
            """textual-serve's page, its addresses the ones the browser asked for (so a page
            served on 0.0.0.0 connects back where it came from), never in another's frame."""
            self.check(request)
            linked = self.check_token(request)
            self.check_room(request)
            base = f"{request.scheme}://{request.host}"
            socket_scheme = "wss" if request.scheme == "https" else "ws"
            socket_path = request.app.router["websocket"].url_for()
            context = {
                "font_size": font_size(request.query),
                "app_websocket_url": f"{socket_scheme}://{request.host}{socket_path}",
                "config": {"static": {"url": f"{base}/static/"}},
                "application": {"name": self.title},
            }
            response = aiohttp_jinja2.render_template("app_index.html", request, context)
            response.headers["Content-Security-Policy"] = "frame-ancestors 'none'"
            # The page's address holds the token: no request of the page's says it.
            response.headers["Referrer-Policy"] = "no-referrer"
            if linked:  # the page's websocket and downloads carry the token from here on
                response.set_cookie(
                    self.cookie,
                    self.token,
                    path="/",
                    httponly=True,
                    samesite="strict",  # browsers read it in any case
                    secure=request.secure,
                )
            return response

        async def handle_download(self, request: web.Request) -> web.StreamResponse:
            """A file the game delivers (a record, a screenshot), to its own page only."""
            self.check(request)
            self.check_token(request)
            return await super().handle_download(request)

        async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
            """A page's game: started when its websocket opens, ended when it ends."""
            self.check(request)
            self.check_token(request)
            self.check_room(request)
            peer = request.remote
            width, height = page_size(request.query)
            websocket = web.WebSocketResponse(
                # Closing waits this long at most for the page's own close, then hangs up.
                timeout=QUIT_SECONDS,
                heartbeat=HEARTBEAT_SECONDS,
                max_msg_size=MAX_MESSAGE_BYTES,
            )
            if not websocket.can_prepare(request).ok:
                # A plain request of the socket's address: no game, one sentence, no traceback.
                raise web.HTTPBadRequest(text=_("This address is for the game page's socket."))
            game = GameProcess(
                self.command,
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=functools.partial(_close, websocket),
                download_manager=self.download_manager,
                debug=self.debug,
            )
            self.games[game] = websocket  # counted before the first await: the cap holds
            loop = asyncio.get_running_loop()
            began = loop.time()
            started = False
            try:
                await websocket.prepare(request)
                await game.start(width, height)
                started = True
                log.info(
                    _("{peer}: game started ({width}x{height}), {count} of {limit}").format(
                        peer=peer,
                        width=width,
                        height=height,
                        count=len(self.games),
                        limit=self.max_sessions,
                    )
                )
                await self.relay(websocket, game, peer)
            except Exception as error:  # one line: the page's doing is no traceback
                log.warning(f"{peer}: {type(error).__name__}: {error}")
            finally:
                try:
                    if started:
                        ending = ENDINGS[await game.end()]
                        log.info(_(ending).format(peer=peer, seconds=loop.time() - began))
                finally:
                    del self.games[game]
                    with contextlib.suppress(Exception):
                        await websocket.close()
            return websocket

        async def relay(
            self, websocket: web.WebSocketResponse, game: GameProcess, peer: str | None
        ) -> None:
            """The page's messages to its game, until its websocket ends or sends a bad one."""
            loop = asyncio.get_running_loop()
            budget = InputBudget(INPUT_BURST_BYTES, INPUT_BYTES_PER_SECOND, loop.time())
            dropped = 0
            while True:
                message = await websocket.receive()
                if message.type is WSMsgType.ERROR:
                    log.info(f"{peer}: {message.data}")
                    return
                if message.type is not WSMsgType.TEXT and message.type is not WSMsgType.BINARY:
                    return  # closed, closing
                if not budget.take(len(message.data) + MESSAGE_COST_BYTES, loop.time()):
                    if not dropped:
                        log.warning(
                            _("{peer}: input faster than anyone plays, dropped").format(peer=peer)
                        )
                    dropped += 1
                    continue
                try:
                    if message.type is WSMsgType.BINARY:
                        raise BadMessage("binary")
                    kind, *values = page_message(message.data)
                except BadMessage as problem:
                    log.warning(
                        _("{peer}: a message the page never sends ({problem}): game ended").format(
                            peer=peer, problem=problem
                        )
                    )
                    await websocket.close(code=WSCloseCode.POLICY_VIOLATION)
                    return
                if kind == "stdin":
                    await game.send_bytes(values[0])
                elif kind == "resize":
                    await game.set_terminal_size(values[0], values[1])
                elif kind == "ping":
                    await websocket.send_json(["pong", values[0]])
                elif kind == "focus":
                    await game.focus()
                else:
                    await game.blur()

    return GameServer


def run(args: argparse.Namespace) -> int:
    """Serve until Ctrl+C; return the exit status."""
    if importlib.util.find_spec("textual_serve") is None:
        print(
            "generala-tui: "
            + _("serving in a browser needs textual-serve: {install}").format(install=INSTALL_HINT),
            file=sys.stderr,
        )
        return 1
    from ..store import why
    from ..store.paths import HOME_VARIABLE
    from .output import shown

    home = getattr(args, "home", None) or default_home()
    try:
        make_home(home)
    except OSError as error:
        print(
            "generala-tui: "
            + _("cannot keep the served games in {folder}: {error}").format(
                folder=shown(str(home)), error=why(error)
            ),
            file=sys.stderr,
        )
        return 1
    # Each game's environment is this process's (AppService copies it): theirs, not ours.
    os.environ[HOME_VARIABLE] = str(home)
    lang = getattr(args, "lang", None)
    server = server_class()(
        game_command(lang),
        host=args.host,
        port=args.port,
        max_sessions=getattr(args, "max_sessions", DEFAULT_MAX_SESSIONS),
        token=getattr(args, "token", None) or secrets.token_urlsafe(TOKEN_BYTES),
        home=home,
    )
    try:
        server.serve()
    except OSError as error:  # the port is taken, or the address is not this machine's
        print(
            "generala-tui: "
            + _("cannot listen on {host}:{port}: {error}").format(
                host=args.host, port=args.port, error=error.strerror or error
            ),
            file=sys.stderr,
        )
        return 1
    return 0
