"""SSH sessions held at once, and the memory each costs:
``python tests/benchmarks/bench_ssh.py [--sessions N]``.

Starts ``generala-tui host --ssh`` (a fresh data folder, loopback) with ``--max-ssh-sessions``
and ``--max-connections`` large enough, then opens ``--sessions`` SSH sessions (8 unless told)
from this process with asyncssh's client, each with an 80x24 terminal, from as many loopback
addresses (127.0.0.2, 127.0.0.3, ...) so that the limit per address does not stop them. Each
waits until its game has drawn the lobby (with the table server's list in it); then, with all
of them in the lobby, it reads each game process's memory from ``/proc`` (its resident set and
its proportional set, PSS, which shares the pages they have in common between them) and the
host's, and prints them. Linux only (``/proc``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import asyncssh

CONTROL = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def memory(pid: int) -> tuple[int, int]:
    """The resident set and the proportional set of ``pid``, in kB."""
    fields = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        name, value = line.split(":", 1)
        fields[name] = int(value.split()[0])
    return fields["Rss"], fields["Pss"]


def children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text().split()
        found.extend(int(child) for child in text)
    return found


async def lobby(port: int, number: int) -> tuple[asyncssh.SSHClientConnection, float]:
    """A session from 127.0.0.(2+number) that has drawn the lobby, and how long it took."""
    began = time.perf_counter()
    connection = await asyncssh.connect(
        "127.0.0.1",
        port,
        local_addr=(f"127.0.0.{2 + number}", 0),
        username="bench",
        known_hosts=None,
        agent_path=None,
    )
    process = await connection.create_process(
        term_type="xterm-256color", term_size=(80, 24), encoding=None
    )
    drawn = b""
    while b"opens a table" not in CONTROL.sub(b"", drawn):
        chunk = await asyncio.wait_for(process.stdout.read(65536), 60)
        if not chunk:
            raise RuntimeError("a session ended before its lobby")
        drawn += chunk
    return connection, time.perf_counter() - began


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sessions", type=int, default=8)
    args = parser.parse_args()
    port, ssh_port = free_port(), free_port()
    with tempfile.TemporaryDirectory() as folder:
        host = subprocess.Popen(
            [
                *(sys.executable, "-m", "generala_tui", "host", "--data", folder),
                *("--port", str(port), "--ssh", str(ssh_port)),
                *("--max-ssh-sessions", str(args.sessions), "--max-connections", "1000"),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        try:
            assert host.stdout is not None
            while "Over SSH" not in host.stdout.readline():
                pass
            opened = []
            for number in range(args.sessions):  # one at a time: each start is a Python's
                opened.append(await lobby(ssh_port, number))
            games = children(host.pid)
            sizes = [memory(pid) for pid in games]
            host_rss, host_pss = memory(host.pid)
            rss = sum(size[0] for size in sizes) / len(sizes) / 1024
            pss = sum(size[1] for size in sizes) / len(sizes) / 1024
            seconds = sorted(took for _, took in opened)
            print(f"{len(opened)} sessions in the lobby at once, {len(games)} game processes")
            print(f"a game: {rss:.1f} MB resident, {pss:.1f} MB proportional (PSS), on average")
            print(f"the host: {host_rss / 1024:.1f} MB resident, {host_pss / 1024:.1f} MB PSS")
            print(
                f"connect to lobby drawn: median {seconds[len(seconds) // 2]:.2f} s, "
                f"slowest {seconds[-1]:.2f} s"
            )
            for connection, _ in opened:
                connection.close()
        finally:
            host.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                host.wait(10)
            if host.returncode is None:
                os.kill(host.pid, 9)


if __name__ == "__main__":
    asyncio.run(main())
