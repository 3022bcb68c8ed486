"""Issue 17, defect 5: a flood of connections under a low file limit neither floods the host's log with
tracebacks nor keeps a real player out. The host runs in a subprocess with RLIMIT_NOFILE lowered; the
flood and the player use real sockets on 127.0.0.x (the whole 127/8 is this machine's loopback)."""

from __future__ import annotations

import asyncio
import contextlib
import queue
import resource
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from lankit import data_home

from net.client import Client
from net.host import Gate

ROOT = Path(__file__).resolve().parent.parent
FLOOD = 1000


def lowered(limit: int):
    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))

    return apply


def room_for(count: int) -> int:
    """Raise this process's own soft file limit as far as the hard one allows; how many it may open."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = count + 200
    if soft < want and (hard == resource.RLIM_INFINITY or hard > soft):
        soft = want if hard == resource.RLIM_INFINITY else min(want, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    return min(count, soft - 200)


def flood(port: int, count: int, source: str) -> list[socket.socket]:
    held = []
    for _ in range(count):
        try:
            held.append(socket.create_connection(("127.0.0.1", port), timeout=2, source_address=(source, 0)))
        except OSError:
            continue  # the listen queue was full for a moment: a flood does not care
    return held


async def join(port: int, seconds: float) -> int:
    client = Client("127.0.0.1", port, "Aoi", log=lambda line: None)
    try:
        async with asyncio.timeout(seconds):
            welcome = await client.connect()
        return welcome.seat
    finally:
        await client.close()


@pytest.mark.parametrize(("limit", "connections"), [(256, FLOOD), (40, 300)])
def test_a_flood_under_a_low_file_limit_is_refused_quietly_and_a_player_still_joins(
    limit, connections, tmp_path
):
    count = room_for(connections)
    assert count >= connections // 2, "this machine cannot open enough sockets for the test"
    command = [sys.executable, "main.py", "host", "--bind", "127.0.0.1", "--port", "0", "--no-announce"]
    host = subprocess.Popen(
        [*command, "--players", "2", "--people", "2"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        preexec_fn=lowered(limit),
        env=data_home(tmp_path),
    )
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in host.stdout], daemon=True).start()
    held: list[socket.socket] = []
    try:
        port = int(lines.get(timeout=20).rsplit(" ", 1)[1])
        started = time.monotonic()
        held = flood(port, count, "127.0.0.2")  # one computer holding a thousand connections
        seat_during = None
        with contextlib.suppress(Exception):  # with 40 descriptors the flood may starve it for now
            seat_during = asyncio.run(join(port, 5))
        for s in held:
            s.close()
        held = []
        seat_after = asyncio.run(join(port, 15))  # once the flood lets go, a player always gets in
        flood_seconds = time.monotonic() - started
        assert host.poll() is None  # the host is still up
    finally:
        for s in held:
            s.close()
        host.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            host.wait(10)
        if host.poll() is None:
            host.kill()
            host.wait(5)
    out = []
    while not lines.empty():
        out.append(lines.get())
    text = "".join(out)
    assert "Traceback" not in text and "out of system resource" not in text, text[-3000:]
    refusals = [line for line in out if line.startswith("refusing new connections")]
    assert 1 <= len(refusals) <= 2, out  # once for the address (and at most once for the total)
    assert len({line.split(":")[1] for line in refusals}) == len(refusals)  # never the same one twice
    assert sum("cannot accept connections" in line for line in out) <= 1 + flood_seconds // 60
    assert len(out) < 40, out  # the whole log stays short
    if limit >= 256:
        assert seat_during == 0  # with the usual room, the flood does not keep the player out
    assert seat_after in (0, 1)


def test_the_gate_counts_per_address_and_in_total_and_says_each_refusal_once():
    said: list[str] = []
    gate = Gate(per_address=2, total=3, log=said.append)
    assert gate.admit("a") and gate.admit("a")
    assert not gate.admit("a") and not gate.admit("a")  # a third from the same computer
    assert gate.admit("b")
    assert not gate.admit("c")  # three open in all
    assert len(said) == 2 and gate.refused == 3
    gate.release("a")
    gate.release("a")
    assert gate.admit("a")  # room again
    assert gate.open == {"a": 1, "b": 1} and gate.count == 2
    assert gate.admit("a") and not gate.admit("a")  # full again: refused, but not said again so soon
    assert len(said) == 2 and gate.refused == 4
