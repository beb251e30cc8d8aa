"""``host --ssh PORT``: the game over SSH, beside the table server (docs/server.md, "Over SSH").

``ssh -p PORT HOST`` opens the server's lobby in the visitor's own terminal: each SSH session
runs its own ``generala-tui join`` of this server (this Python, this package) on a
pseudo-terminal made for it, sized from the session's pty request and resized at each of the
client's window changes, and the two end together: the session when the game exits, the
game (hung up, terminated, then killed, and reaped) when the session goes. asyncssh is the
SSH implementation, an optional extra (``pip install 'generala-tui[ssh]'``), imported only
when the server runs.

What a stranger who reaches the port can and cannot do (SECURITY.md):

- **Play, and nothing else.** Any user name is let in without a password (the lobby's own
  ``--password`` is asked inside the game): with any public key, as that key's holder, whom
  the table server knows by its fingerprint (:mod:`generala_tui.online.people`), or with
  none (keyboard-interactive, nothing asked), as a guest. A session must ask for a
  terminal: one that does not is told why and closed. A command (``ssh HOST ls``) is
  refused in words, a subsystem (sftp) and every forwarding (ports, sockets, the agent,
  X11) by SSH's own refusals, with a reason where the protocol carries one. One session a
  connection.
- **Nothing it sends is trusted.** Its user name, terminal type and environment never reach a
  path, a command line or a terminal: the terminal type is passed on only when it is one of
  :data:`TERMS` (else :data:`FALLBACK_TERM`), the language only when the client's ``LANG``
  names one of the game's, and the game's home is a fresh folder of the server's making.
  The window size is clamped (:data:`.page.WIDTH_RANGE`, :data:`.page.HEIGHT_RANGE`), and the
  keys it sends are budgeted as a served page's are.
- **Caps and deadlines**, as the table server keeps them: at most ``max_sessions`` connections
  at once and :data:`SESSIONS_PER_ADDRESS` from one address (an IPv6 /64), counted per
  address however often it reconnects; :data:`LOGIN_SECONDS` from the first byte to a game
  started; :data:`IDLE_SECONDS` without a key ends a session. Beyond a cap the connection is
  told why (SSH's disconnect reason) and closed before any game starts.
- **Its visitors' limits at the tables.** The game connects to the table server from this
  machine, so it carries a token (:meth:`.TableServer.relay`, in its environment, never its
  command line) by which the table server counts it as its visitor's address, not its own.
- **Its host key** is made once (Ed25519) and kept in the server's data folder
  (:data:`HOST_KEY_FILE`, this user's only, 0600); only its fingerprint is ever printed.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import importlib.util
import logging
import os
import secrets
import shutil
import signal
import struct
import sys
from collections import Counter
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..i18n import ENVIRONMENT, N_, _, catalog, language, language_from_environment
from .arguments import LANG
from .page import HEIGHT_RANGE, INPUT_BURST_BYTES, INPUT_BYTES_PER_SECOND, WIDTH_RANGE, InputBudget

if TYPE_CHECKING:
    import asyncssh

    from ..online.server import TableServer

__all__ = ["INSTALL_HINT", "SSHGames", "available", "host_key"]

INSTALL_HINT = "pip install 'generala-tui[ssh]'"
HOST_KEY_FILE = "ssh_host_ed25519_key"
"""The server's host key, in its data folder (made at the first start, kept from then on)."""
HOST_KEY_BYTES = 64 * 1024
"""The most of the host key file read (an Ed25519 key in OpenSSH's format is under 500)."""
SESSIONS_FOLDER = "ssh-sessions"
"""Each session's game keeps its files in a folder of its own in here, gone with it."""
DEFAULT_MAX_SESSIONS = 8
"""SSH connections at once unless told: each plays a Python process of about 60 MB."""
SESSIONS_PER_ADDRESS = 4
"""SSH connections from one address (an IPv6 /64) at once, however often it reconnects."""
REFUSING_AT_ONCE = 32
"""Connections being told they are refused, at most; beyond, one is closed without a word."""
LOGIN_SECONDS = 10.0
"""From a connection's first byte to its game started (a client asks at once)."""
IDLE_SECONDS = 30 * 60.0
"""A session without a key for this long is ended (a watcher presses one now and then)."""
KEEPALIVE_SECONDS = 20.0
"""A keepalive every this many seconds; three unanswered end the connection."""
QUIT_SECONDS = 2.0
"""How long a game has after its terminal hangs up, and again after it is terminated."""
READ_BYTES = 64 * 1024
SCREEN_VARIABLES = ("COLUMNS", "LINES", "COLORTERM", "TERM")
"""The host's own terminal's variables, which are not its visitors': left out of a game's
environment (its ``TERM`` is its visitor's)."""
TERMS = frozenset(
    {
        "xterm",
        "xterm-color",
        "xterm-256color",
        "xterm-direct",
        "xterm-kitty",
        "xterm-ghostty",
        "screen",
        "screen-256color",
        "tmux",
        "tmux-256color",
        "rxvt",
        "rxvt-unicode",
        "rxvt-unicode-256color",
        "alacritty",
        "foot",
        "wezterm",
        "linux",
        "vt100",
        "vt220",
        "putty",
        "putty-256color",
        "st-256color",
    }
)
"""The terminal types passed on to a game as the client names them; any other is
:data:`FALLBACK_TERM`."""
FALLBACK_TERM = "xterm-256color"

FULL = N_("This server is full: try again later.")
TOO_MANY = N_("Your address has {count} games here already: close one.")
NO_COMMANDS = N_("This server plays Generala and runs no commands: ssh -p {port} {host}")
NO_TERMINAL = N_("Generala needs a terminal: connect with ssh -t.")
IDLE = N_("Ended: no key pressed for {minutes} min.")
REFUSED = N_("{peer}: SSH refused: {reason}")
ONE_GAME = N_("One game a connection: connect again for another.")
NO_FORWARDING = N_("This server forwards nothing.")

log = logging.getLogger("generala_tui.online.ssh")


def available() -> bool:
    """Whether asyncssh is installed."""
    return importlib.util.find_spec("asyncssh") is not None


def host_key(folder: Path) -> asyncssh.SSHKey:
    """The server's host key, kept in ``folder`` (made there and kept first if there is none).
    Raises :class:`OSError` when it cannot be kept, or :class:`ValueError` when the file there
    is not a key (it is never replaced: players would be told the server changed)."""
    import asyncssh

    from ..store.files import read_bytes, write_file

    path = folder / HOST_KEY_FILE
    try:
        data = read_bytes(path, HOST_KEY_BYTES)
    except FileNotFoundError:
        key = asyncssh.generate_private_key("ssh-ed25519")
        problem = write_file(path, key.export_private_key())  # 0600, in a 0700 folder
        if problem is not None:
            raise OSError(problem) from None
        return key
    try:
        return asyncssh.import_private_key(data)
    except asyncssh.KeyImportError as error:
        raise ValueError(str(error)) from None


def fingerprint(key: asyncssh.SSHKey) -> str:
    """The key's SHA256 fingerprint, as ``ssh`` shows it (``SHA256:...``)."""
    return key.get_fingerprint("sha256")


def terminal_type(given: str | None) -> str:
    """The ``TERM`` a session's game gets: the client's, if it is one of :data:`TERMS`."""
    return given if given in TERMS else FALLBACK_TERM


def visitor_language(environment: Mapping[str, str]) -> str | None:
    """The game's language for a client that sent ``environment``: one of the game's, or
    None (the server's own)."""
    sent = {name: environment[name][:100] for name in ENVIRONMENT if name in environment}
    return language_from_environment(sent) if sent else None


def window(width: int, height: int) -> tuple[int, int]:
    """A window size from the client, within what a game is drawn at."""
    return (
        min(max(width, WIDTH_RANGE[0]), WIDTH_RANGE[1]),
        min(max(height, HEIGHT_RANGE[0]), HEIGHT_RANGE[1]),
    )


def set_window(fd: int, width: int, height: int) -> None:
    """Size the pseudo-terminal ``fd``: the kernel tells its game (SIGWINCH)."""
    import fcntl
    import termios

    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("4H", height, width, 0, 0))


class SSHGames:
    """The SSH side of a table server: its sessions, their caps, and their games."""

    def __init__(
        self,
        tables: TableServer,
        data: Path,
        table_url: str,
        *,
        max_sessions: int = DEFAULT_MAX_SESSIONS,
        per_address: int = SESSIONS_PER_ADDRESS,
        password: bool = False,
        idle_seconds: float = IDLE_SECONDS,
        login_seconds: float = LOGIN_SECONDS,
        public: tuple[str, str] | None = None,
    ) -> None:
        self.tables = tables
        self.public = public
        """How players reach the server (its ``--url``) and its SSH side's host, as the
        host tells them: a game says these when its visitor opens a table (None: this
        machine's own addresses)."""
        self.data = data
        self.table_url = table_url
        """Where a session's game joins the table server (this machine's own address)."""
        self.max_sessions = max_sessions
        self.per_address = per_address
        self.password = password
        """Whether the lobby asks for a password (each game asks its visitor for it)."""
        self.idle_seconds = idle_seconds
        self.login_seconds = login_seconds
        self.addresses: Counter[str] = Counter()
        """The connections open from each address."""
        self.connections = 0
        self.refusing = 0
        """Connections over a cap, waiting to be told so."""
        self.games: set[Any] = set()
        """The sessions whose game runs (or is ending)."""
        self.none_playing = asyncio.Event()
        """Set while no session's game runs (its process ended and reaped)."""
        self.none_playing.set()
        self.key: asyncssh.SSHKey | None = None
        self.port = 0
        self._acceptor: asyncssh.SSHAcceptor | None = None

    @property
    def sessions_folder(self) -> Path:
        return self.data / SESSIONS_FOLDER

    async def start(self, host: str, port: int) -> str:
        """Listen on ``host``:``port`` (0: any free port); the host key's fingerprint is
        returned. Raises :class:`OSError` or :class:`ValueError` (a damaged host key)."""
        import asyncssh

        from ..store.files import private_folder

        self.key = host_key(self.data)
        # Whatever a game before a kill left behind: no session runs now.
        shutil.rmtree(self.sessions_folder, ignore_errors=True)
        private_folder(self.sessions_folder)
        self._acceptor = await asyncssh.listen(
            host,
            port,
            server_factory=functools.partial(connection_class(), self),
            server_host_keys=[self.key],
            login_timeout=self.login_seconds,
            keepalive_interval=KEEPALIVE_SECONDS,
            keepalive_count_max=3,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            encoding=None,
            reuse_address=True,
        )
        # asyncio's Server's own sockets (get_port is asyncssh 2.15's).
        self.port = int(self._acceptor.sockets[0].getsockname()[1])
        return fingerprint(self.key)

    def ways_in(self) -> dict[str, str]:
        """What a session's game is told of how the others come: the server as players
        reach it, and the SSH command (environment variables, :mod:`..online.invites`)."""
        from ..online.invites import SERVER_VARIABLE, SSH_VARIABLE

        if self.public is None:
            return {}
        url, host = self.public
        shown = f"[{host}]" if ":" in host else host
        return {SERVER_VARIABLE: url, SSH_VARIABLE: f"ssh -p {self.port} {shown}"}

    def invitation(self, host: str) -> str:
        """The line the host prints: how to play over SSH, and the key to check."""
        assert self.key is not None
        shown = f"[{host}]" if ":" in host else host
        return _("Over SSH: ssh -p {port} {host} (the server's key: {fingerprint})").format(
            port=self.port, host=shown, fingerprint=fingerprint(self.key)
        )

    async def close(self) -> None:
        """Stop listening and end every session's game."""
        if self._acceptor is not None:
            self._acceptor.close()
            await self._acceptor.wait_closed()
        await asyncio.gather(*(game.finish() for game in list(self.games)), return_exceptions=True)


def _words(lang: str | None) -> Callable[[str], str]:
    """The translation of a message into the visitor's language (else the server's)."""
    return catalog(lang or language()).gettext


@functools.cache
def connection_class() -> Callable[[SSHGames], asyncssh.SSHServer]:
    """:class:`Visit <_define>`, defined on first use: asyncssh is imported only when the
    server runs."""
    return _define()


def _define() -> Callable[[SSHGames], asyncssh.SSHServer]:
    import asyncssh

    from ..game.refusals import printable
    from ..online.limits import address_of

    class Visit(asyncssh.SSHServer):
        """One SSH connection: counted, given no shell, exec or forwarding, one session."""

        def __init__(self, games: SSHGames) -> None:
            self.games = games
            self.address = "?"
            self.connection: asyncssh.SSHServerConnection | None = None
            self.session: Session | None = None
            self.deadline: asyncio.TimerHandle | None = None
            self.counted = False
            self.refusal: str | None = None
            """Why this connection is refused, said once the keys are exchanged."""
            self.played = False
            """Whether a game was started for it (then it ends with that game)."""
            self.fingerprint: str | None = None
            """The fingerprint of the key the visitor signed with (None: none, a guest)."""

        def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
            games = self.games
            self.connection = conn
            self.address = address_of(conn.get_extra_info("peername"))
            over = None
            if games.connections >= games.max_sessions:
                over = _(FULL)
            elif games.addresses[self.address] >= games.per_address:
                over = _(TOO_MANY).format(count=games.per_address)
            if over is not None:
                if games.refusing >= REFUSING_AT_ONCE:
                    conn.abort()  # a crowd: no words for each
                    return
                # Told once the keys are exchanged (a reason sent before is never shown).
                log.info(_(REFUSED).format(peer=self.address, reason=over))
                self.refusal = over
                games.refusing += 1
            else:
                self.counted = True
                games.connections += 1
                games.addresses[self.address] += 1
            self.deadline = asyncio.get_running_loop().call_later(games.login_seconds, self._late)

        def _late(self) -> None:
            if not self.played:
                log.info(_("{peer}: SSH closed, no game started in time").format(peer=self.address))
                if self.connection is not None:
                    self.connection.close()

        def connection_lost(self, exc: Exception | None) -> None:
            if self.deadline is not None:
                self.deadline.cancel()
            if self.refusal is not None:
                self.refusal = None
                self.games.refusing -= 1
            if self.counted:
                self.counted = False
                self.games.connections -= 1
                self.games.addresses[self.address] -= 1
                if not self.games.addresses[self.address]:
                    del self.games.addresses[self.address]

        def begin_auth(self, username: str) -> bool:
            if self.refusal is not None and self.connection is not None:
                self.connection.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, self.refusal)
                return False
            # Anyone (the user name is never used, nor shown): with a key, as its holder.
            return True

        def public_key_auth_supported(self) -> bool:
            return True

        def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
            # Any key is let in. asyncssh checks the signature right after this call for
            # the key signed with, and lets the visitor in only then: so the last key seen
            # here when the visitor is let in by key is the key they signed with.
            self.fingerprint = fingerprint(key)
            return True

        def kbdint_auth_supported(self) -> bool:
            return True  # a visitor with no key: let in, as a guest, with nothing asked

        def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool:
            self.fingerprint = None
            return True

        def session_requested(self) -> Session:
            if self.session is not None or self.played:
                raise asyncssh.ChannelOpenError(
                    asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED,
                    _(ONE_GAME),
                )
            self.session = Session(self)
            return self.session

        def connection_requested(self, dest_host: str, dest_port: int, *more: object) -> bool:
            raise asyncssh.ChannelOpenError(
                asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, _(NO_FORWARDING)
            )

        def server_requested(self, listen_host: str, listen_port: int) -> bool:
            return False

        def unix_connection_requested(self, dest_path: str) -> bool:
            raise asyncssh.ChannelOpenError(
                asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, _(NO_FORWARDING)
            )

        def unix_server_requested(self, listen_path: str) -> bool:
            return False

    class Session(asyncssh.SSHServerSession[bytes]):
        """One SSH session: its game on a pseudo-terminal, the bytes both ways."""

        def __init__(self, visit: Visit) -> None:
            self.visit = visit
            self.games = visit.games
            self.channel: asyncssh.SSHServerChannel[bytes] | None = None
            self.term: str | None = None
            self.size = (80, 24)
            self.command: str | None = None
            self.game: asyncio.subprocess.Process | None = None
            self.master: int | None = None
            self.relay: str | None = None
            self.home: Path | None = None
            self.reading = False
            self.budget = InputBudget(
                INPUT_BURST_BYTES, INPUT_BYTES_PER_SECOND, asyncio.get_running_loop().time()
            )
            self.last_key = asyncio.get_running_loop().time()
            self.idle: asyncio.TimerHandle | None = None
            self.ending: asyncio.Task[None] | None = None
            self.lang: str | None = None

        def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
            self.channel = chan

        def pty_requested(
            self, term_type: str, term_size: tuple[int, int, int, int], term_modes: object
        ) -> bool:
            self.term = terminal_type(term_type)
            self.size = window(term_size[0] or 80, term_size[1] or 24)
            return True

        def shell_requested(self) -> bool:
            return True

        def exec_requested(self, command: str) -> bool:
            self.command = command  # refused in words once the session starts; never run
            return True

        def subsystem_requested(self, subsystem: str) -> bool:
            log.info(_("{peer}: SSH refused a subsystem").format(peer=self.visit.address))
            return False

        def session_started(self) -> None:
            assert self.channel is not None
            self.lang = visitor_language(self.channel.get_environment())
            words = _words(self.lang)
            if self.command is not None or self.term is None:
                host = self.channel.get_extra_info("sockname")
                said = (
                    words(NO_COMMANDS).format(port=self.games.port, host=printable(host[0]))
                    if self.command is not None
                    else words(NO_TERMINAL)
                )
                log.info(_(REFUSED).format(peer=self.visit.address, reason=said))
                self.channel.write_stderr((said + "\r\n").encode())
                self.channel.exit(1)
                return
            asyncio.get_running_loop().create_task(self._start())

        async def _start(self) -> None:
            assert self.channel is not None
            from ..online.protocol import RELAY_VARIABLE
            from ..store.paths import HOME_VARIABLE

            self.relay = self.games.tables.relay(self.visit.address, self.visit.fingerprint)
            self.home = self.games.sessions_folder / secrets.token_hex(8)
            self.home.mkdir(mode=0o700)
            environment = {
                name: value for name, value in os.environ.items() if name not in SCREEN_VARIABLES
            }
            environment |= {
                "TERM": self.term or FALLBACK_TERM,
                HOME_VARIABLE: str(self.home),
                RELAY_VARIABLE: self.relay,
                **self.games.ways_in(),
            }
            master, slave = os.openpty()
            set_window(slave, *self.size)
            os.set_blocking(master, False)
            self.master = master
            arguments = [] if self.lang is None else [LANG, self.lang]
            arguments += ["join", *(["--password"] if self.games.password else [])]
            try:
                self.game = await asyncio.create_subprocess_exec(
                    sys.executable,
                    "-m",
                    __name__,  # run() below
                    *arguments,
                    self.games.table_url,
                    stdin=slave,
                    stdout=slave,
                    stderr=slave,
                    env=environment,
                    start_new_session=True,
                )
            except OSError as error:
                log.warning(
                    _("{peer}: SSH game not started: {error}").format(
                        peer=self.visit.address, error=error
                    )
                )
                self.channel.exit(1)
                return
            finally:
                os.close(slave)
            self.games.games.add(self)
            self.visit.played = True
            self.games.none_playing.clear()
            if self.ending is not None:  # the visitor left while the game was starting
                self.ending = asyncio.get_running_loop().create_task(self._end())
                return
            log.info(
                _("{peer}: SSH game started ({width}x{height}), {count} of {limit}").format(
                    peer=self.visit.address,
                    width=self.size[0],
                    height=self.size[1],
                    count=len(self.games.games),
                    limit=self.games.max_sessions,
                )
            )
            self.resume_writing()
            self._watch_idle()

        def _watch_idle(self) -> None:
            loop = asyncio.get_running_loop()
            left = self.last_key + self.games.idle_seconds - loop.time()
            if left > 0:
                self.idle = loop.call_later(left, self._watch_idle)
                return
            assert self.channel is not None
            minutes = round(self.games.idle_seconds / 60)
            said = _words(self.lang)(IDLE).format(minutes=minutes)
            log.info(_(REFUSED).format(peer=self.visit.address, reason=said))
            self.channel.write_stderr(("\r\n" + said + "\r\n").encode())
            self.channel.exit(1)

        def _readable(self) -> None:
            assert self.master is not None and self.channel is not None
            try:
                data = os.read(self.master, READ_BYTES)
            except BlockingIOError:
                return
            except OSError:  # EIO: every holder of the terminal's other side is gone
                data = b""
            if data:
                self.channel.write(data)
                return
            self.pause_writing()
            asyncio.get_running_loop().create_task(self._exited())

        async def _exited(self) -> None:
            """The game has closed its terminal: the session ends with its status."""
            assert self.game is not None and self.channel is not None
            status = await self.game.wait()
            self.channel.exit(status if status >= 0 else 1)

        def pause_writing(self) -> None:
            if self.reading and self.master is not None:
                asyncio.get_running_loop().remove_reader(self.master)
                self.reading = False

        def resume_writing(self) -> None:
            if not self.reading and self.master is not None and self.game is not None:
                asyncio.get_running_loop().add_reader(self.master, self._readable)
                self.reading = True

        def data_received(self, data: bytes, datatype: object) -> None:
            if self.master is None:
                return
            now = asyncio.get_running_loop().time()
            self.last_key = now
            if not self.budget.take(len(data), now):
                return
            with contextlib.suppress(OSError):  # a full terminal drops keys, as a page's
                os.write(self.master, data)

        def terminal_size_changed(
            self, width: int, height: int, pixwidth: int, pixheight: int
        ) -> None:
            self.size = window(width or self.size[0], height or self.size[1])
            if self.master is not None:
                with contextlib.suppress(OSError):
                    set_window(self.master, *self.size)

        def eof_received(self) -> bool:
            return True  # the keys have ended; the game goes on drawing until it quits

        def break_received(self, msec: int) -> bool:
            return False

        def connection_lost(self, exc: Exception | None) -> None:
            self.finish()
            if self.visit.session is self:
                self.visit.session = None  # the next session may be asked for
            if self.game is not None and self.visit.connection is not None:
                self.visit.connection.close()  # one game a connection: it ends with it

        def finish(self) -> asyncio.Task[None]:
            """The session's end (begun once, however often asked)."""
            if self.ending is None:
                self.ending = asyncio.get_running_loop().create_task(self._end())
            return self.ending

        async def _end(self) -> None:
            """End the game (hung up, terminated, killed) and forget its token and home."""
            if self.idle is not None:
                self.idle.cancel()
            self.pause_writing()
            if self.master is not None:
                os.close(self.master)  # the terminal hangs up: SIGHUP to the game
                self.master = None
            game = self.game
            if game is not None:
                for stop in (None, signal.SIGTERM, signal.SIGKILL):
                    if stop is not None and game.returncode is None:
                        with contextlib.suppress(ProcessLookupError):
                            os.killpg(game.pid, stop)
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(game.wait(), QUIT_SECONDS)
                        break
                await game.wait()
            if self.relay is not None:
                self.games.tables.end_relay(self.relay)
            if self.home is not None:
                shutil.rmtree(self.home, ignore_errors=True)
            if self in self.games.games:
                self.games.games.discard(self)
                log.info(_("{peer}: SSH game ended").format(peer=self.visit.address))
                if not self.games.games:
                    self.games.none_playing.set()

    return Visit


def run() -> int:
    """A session's game, as its process starts it (``python -m generala_tui.commands.ssh``
    with the command line's arguments): its pseudo-terminal made its controlling terminal, so
    that the window's changes signal the game and a hang-up ends it, then the command line."""
    import fcntl
    import runpy
    import termios

    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    runpy.run_module(__package__.partition(".")[0], run_name="__main__", alter_sys=True)
    return 0


if __name__ == "__main__":
    sys.exit(run())
