"""Issue 17 on a real (virtual) LAN: a pulled cable and a host machine that vanishes, between two
network namespaces joined by a veth pair (tests/test_discovery.py makes them; both ends inside them,
nothing reaches the machine's own interfaces). The guest is the real `main.py join`. Needs root and
iproute2, as CI has; every process runs under `timeout` and every wait is bounded.
"""

from __future__ import annotations

import os
import queue
import signal
import time

import pytest
import test_discovery as nets
from test_discovery import GUEST_IP, HOST_IP, Proc, _ip

lan = nets.lan  # the fixture that makes (and always removes) this test's namespaces


@pytest.fixture
def computers(lan):
    """The host's namespace and the guest's, on one /24 (a veth pair straight between them)."""
    lan.add("host")
    lan.add("guest")
    lan.wire("host", HOST_IP, "guest", GUEST_IP)
    return lan


HOST = """
import asyncio, sys
from game.realtime import Timing
from net.host import Host, HostConfig
from net.stopping import until_stopped
rounds = int(sys.argv[1])
cfg = HostConfig(preset="app", players=2, rounds=rounds, seed=3, host="0.0.0.0", port=47000,
                 min_people=1, lobby_seconds=0.2, timing=Timing(turn_ms=60, dobon_ms=30, window_ms=100),
                 round_pause=0.2, advertise=False)
host = Host(cfg, log=lambda line: print(line, flush=True))
try:
    asyncio.run(until_stopped(host.run()))
except Exception as exc:
    print("stopped", exc, flush=True)
"""


def wait_for(proc: Proc, text: str, seconds: float) -> str:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            line = proc.lines.get(timeout=0.2)
        except queue.Empty:
            if proc.process.poll() is not None and proc.lines.empty():
                break
            continue
        proc.seen.append(line)
        if text in line:
            return line
    raise AssertionError(f"no {text!r} within {seconds} s; it said:\n" + "\n".join(proc.seen))


def cable(net, role: str, up: bool) -> None:
    _ip("-n", net.ns(role), "link", "set", "eth0", "up" if up else "down")


def test_a_pulled_cable_mid_match_and_the_guest_comes_back_to_its_seat(computers):
    net = computers
    host = net.start("host", "-c", HOST, "1", limit=120)
    wait_for(host, "on port 47000", 20)
    guest = net.start("guest", "main.py", "join", f"{HOST_IP}:47000", "--name", "Aoi", limit=120)
    wait_for(guest, "joined app table as seat 0", 20)
    wait_for(host, "match started", 20)
    time.sleep(1.0)
    cable(net, "guest", up=False)  # the cable is pulled: no FIN, no RST, just silence
    wait_for(host, "Aoi is away", 15)  # the host notices the silence ...
    wait_for(guest, "reconnecting", 15)  # ... and so does the guest, which starts coming back
    time.sleep(2.0)  # a few attempts fail while the cable is out
    cable(net, "guest", up=True)
    wait_for(guest, "back at the table as seat 0", 30)
    # whichever reached the host first once the cable was back, the old connection's close or the
    # new one, the seat stayed Aoi's: it came back as Aoi, never as a new player
    back = wait_for(host, "seat 0: Aoi", 10)
    assert "is back" in back or "came back on a new connection" in back or "dropped" in back
    finished = wait_for(guest, "match finished: seat 0", 90)
    assert guest.finish(15) == 0, "\n".join(guest.seen)
    assert "ranked" in finished
    assert not any("Traceback" in line or "joined" in line for line in host.seen[3:] + guest.seen[1:])


def test_a_vanished_host_machine_is_noticed_and_its_new_table_seats_the_guest_again(computers):
    net = computers
    host = net.start("host", "-c", HOST, "3", limit=120)
    wait_for(host, "on port 47000", 20)
    guest = net.start("guest", "main.py", "join", f"{HOST_IP}:47000", "--name", "Aoi", limit=120)
    wait_for(guest, "joined app table as seat 0", 20)
    wait_for(host, "match started", 20)
    cable(net, "host", up=False)  # the host machine vanishes from the LAN ...
    for pid in _ip("netns", "pids", net.ns("host")).split():  # ... and is gone (only ours run there)
        os.kill(int(pid), signal.SIGKILL)
    host.process.wait(10)
    started = time.monotonic()
    wait_for(guest, "reconnecting", 20)
    noticed = time.monotonic() - started
    assert noticed < 15  # no waiting for ever: 8 s of silence
    cable(net, "host", up=True)
    again = net.start("host", "-c", HOST, "1", limit=60)  # the machine is back, with a new table
    wait_for(again, "on port 47000", 20)
    # the new table is in its lobby: the old token names no seat there, so the guest takes a fresh one
    wait_for(again, "seat 0: Aoi joined", 30)
    wait_for(guest, "back at the table as seat 0", 10)
    wait_for(guest, "match finished: seat 0", 60)
    assert guest.finish(15) == 0
