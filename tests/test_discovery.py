"""Finding a table on the LAN for real: a host announces it with zeroconf, a browse on another "computer"
finds it, and a real client joins the address found; closing the table withdraws the announcement.

The LAN is made here: two network namespaces (the host's and the guest's) joined by a veth pair whose
ends both live inside them, with no route anywhere else. Every process that may announce, browse or
connect runs inside one of them (`ip netns exec`), so nothing reaches the machine's own interfaces; the
namespaces, and what runs in them, are removed when each test ends. This needs root and iproute2, as CI
has (CI runs as root).
"""

from __future__ import annotations

import itertools
import json
import os
import queue
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

from net import tablecode
from net.protocol import PROTOCOL_VERSION

ROOT = Path(__file__).resolve().parents[1]
HOST_IP, GUEST_IP = "10.231.7.1", "10.231.7.2"
PREFIX = "dobontest"  # namespaces are PREFIX<pid of the pytest process>n<k><role>
_count = itertools.count()


def _ip(*args: str) -> str:
    done = subprocess.run(["ip", *args], capture_output=True, text=True, timeout=15)
    if done.returncode != 0:
        raise RuntimeError(f"ip {' '.join(args)}: {done.stderr.strip()}")
    return done.stdout


def _remove_stale() -> None:
    """Namespaces left by a test run that was itself killed (its pytest process is gone)."""
    for line in _ip("netns", "list").splitlines():
        match = re.match(rf"({PREFIX}(\d+)n\S*)", line)
        if match and not Path(f"/proc/{match.group(2)}").exists():
            for pid in _ip("netns", "pids", match.group(1)).split():
                os.kill(int(pid), signal.SIGKILL)  # a leftover of that run, inside its own namespace
            _ip("netns", "del", match.group(1))


class Lan:
    """Namespaces this test made, and the processes it started in them."""

    def __init__(self, home: Path):
        self.tag = f"{PREFIX}{os.getpid()}n{next(_count)}"
        self.made: list[str] = []
        self.procs: list[subprocess.Popen] = []
        self.env = {
            **os.environ,
            "DOBON_TABLE_HOME": str(home),
            "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy",
            "PYGAME_HIDE_SUPPORT_PROMPT": "1",
            "PYTHONPATH": str(ROOT),
            "PYTHONUNBUFFERED": "1",
        }

    def ns(self, role: str) -> str:
        return self.tag + role

    def add(self, role: str) -> None:
        _ip("netns", "add", self.ns(role))
        self.made.append(self.ns(role))
        _ip("-n", self.ns(role), "link", "set", "lo", "up")

    def wire(self, a: str, address_a: str, b: str, address_b: str) -> None:
        """A veth pair straight from a to b (both ends inside them), multicast on, one /24."""
        _ip(
            "-n",
            self.ns(a),
            "link",
            "add",
            "eth0",
            "type",
            "veth",
            "peer",
            "name",
            "eth0",
            "netns",
            self.ns(b),
        )
        for role, address in ((a, address_a), (b, address_b)):
            _ip("-n", self.ns(role), "addr", "add", f"{address}/24", "dev", "eth0")
            _ip("-n", self.ns(role), "link", "set", "eth0", "multicast", "on", "up")
        for role in (a, b):  # the link is up once both ends are
            deadline = time.monotonic() + 5
            while "LOWER_UP" not in _ip("-n", self.ns(role), "link", "show", "eth0"):
                assert time.monotonic() < deadline, "the veth link never came up"
                time.sleep(0.05)

    def command(self, role: str, args: list[str], limit: float) -> list[str]:
        return ["ip", "netns", "exec", self.ns(role), "timeout", "-k", "3", str(limit), *args]

    def start(self, role: str, *args: str, limit: float = 60) -> Proc:
        """Start Python with `args` in a namespace (a script is "-c", code, its arguments)."""
        process = subprocess.Popen(
            self.command(role, [sys.executable, *args], limit),
            cwd=ROOT,
            env=self.env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self.procs.append(process)
        return Proc(process)

    def run(self, role: str, code: str, *argv: str, limit: float = 60) -> dict:
        """Run a script to the end; its last line is a JSON report."""
        done = subprocess.run(
            self.command(role, [sys.executable, "-c", code, *argv], limit),
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=limit + 10,
        )
        assert done.returncode == 0, done.stdout + done.stderr
        return json.loads(done.stdout.strip().splitlines()[-1])

    def close(self) -> None:
        for process in self.procs:
            if process.poll() is None:
                process.terminate()  # `timeout` passes it on to the script
                try:
                    process.wait(5)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait(5)
        for name in self.made:
            for pid in _ip("netns", "pids", name).split():  # only ours can be inside
                os.kill(int(pid), signal.SIGKILL)
            _ip("netns", "del", name)


class Proc:
    """A script running in a namespace; `expect` reads its JSON report lines as they come."""

    def __init__(self, process: subprocess.Popen):
        self.process = process
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))

    def expect(self, key: str, seconds: float = 20) -> dict:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=max(0.01, min(0.2, deadline - time.monotonic())))
            except queue.Empty:
                continue
            self.seen.append(line)
            if line.startswith("{") and key in (report := json.loads(line)):
                return report
        raise AssertionError(f"no {key!r} within {seconds} s; the script said:\n" + "\n".join(self.seen))

    def finish(self, seconds: float = 15) -> int:
        if self.process.stdin is not None:
            self.process.stdin.close()
        return self.process.wait(seconds)


@pytest.fixture
def lan():
    _remove_stale()
    with tempfile.TemporaryDirectory() as home:
        made = Lan(Path(home))
        try:
            yield made
        finally:
            made.close()


@pytest.fixture
def two_computers(lan):
    """The host's namespace and the guest's, on one /24."""
    lan.add("host")
    lan.add("guest")
    lan.wire("host", HOST_IP, "guest", GUEST_IP)
    return lan


# ---------------------------------------------------------------- scripts run inside the namespaces

REPORT = """
import json, sys, time
def report(**fields):
    print(json.dumps(fields), flush=True)
"""

# A guest that finds the table with the game's own browse, joins the address found with the game's own
# client, and watches the announcement with a zeroconf browser of its own until the host closes.
GUEST = (
    REPORT
    + """
import asyncio
from zeroconf import IPVersion
from zeroconf.asyncio import AsyncServiceBrowser, AsyncZeroconf
from net.client import Client, HostGone
from net.discovery import async_browse
from net.protocol import SERVICE_TYPE

async def main(address):
    found = await async_browse(2.5, [address])
    report(found=[t.__dict__ for t in found])
    if not found:
        return
    seen = {}
    def changed(zeroconf, service_type, name, state_change):
        seen.setdefault(state_change.name, time.monotonic())
    zc = AsyncZeroconf(interfaces=[address], ip_version=IPVersion.V4Only)
    browser = AsyncServiceBrowser(zc.zeroconf, SERVICE_TYPE, handlers=[changed])
    for _ in range(100):
        if "Added" in seen:
            break
        await asyncio.sleep(0.05)
    report(watching="Added" in seen)
    client = Client(found[0].host, found[0].port, "Guest", log=lambda line: None)
    report(seat=(await client.connect()).seat)
    try:
        async with asyncio.timeout(40):
            while True:
                await client.receive()
    except HostGone as exc:
        gone, gone_at = str(exc), time.monotonic()
    # 30 s at most (a goodbye's records expire a second after it, and a loaded machine notices late);
    # a table that left without a goodbye stays listed for minutes
    for _ in range(600):
        if "Removed" in seen:
            break
        await asyncio.sleep(0.05)
    removed = round(seen["Removed"] - gone_at, 2) if "Removed" in seen else None
    await browser.async_cancel()
    await zc.async_close()
    report(gone=gone, removed_after=removed)

asyncio.run(main(sys.argv[1]))
"""
)

BROWSE = (
    REPORT
    + """
import asyncio
from net.discovery import async_browse
report(found=[t.__dict__ for t in asyncio.run(async_browse(2.5, [sys.argv[1]]))])
"""
)

# The desktop app with the dummy video driver, driven with real clicks.
APP = (
    REPORT
    + """
import html
sys.path.insert(0, "tests")
from uikit import click, frames, make_app
from ui.scenes.lan import HostScene, JoinScene, LobbyScene, MessageScene
from ui.scenes.title import TitleScene
import asyncio, threading
import net.host as host_module
app = make_app()
app.stack.push(TitleScene(app))
frames(app, 2)

# The announcement is held until the lobby is on the screen. Opening the table used to wait for it
# (a ~10 s freeze): were it to wait again, the lobby would never open and `run_until` would give up,
# however loaded the machine; no stopwatch is needed to tell "at once" from "frozen".
lobby_open = threading.Event()
real_advertise = host_module.advertise

async def held_advertise(*args, **kwargs):
    for _ in range(600):  # 30 s at most: then announce anyway, and the test fails on its own terms
        if lobby_open.is_set():
            break
        await asyncio.sleep(0.05)
    return await real_advertise(*args, **kwargs)

host_module.advertise = held_advertise

def run_until(condition, seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.frame(1 / 60)
        if condition():
            return
        time.sleep(0.005)
    raise SystemExit("timed out")

def text(box):
    return html.unescape(box.html_text) if box is not None else None

def open_table():
    scene = HostScene(app)
    app.stack.push(scene)
    frames(app, 2)
    assert scene.announce  # the default
    click(app, scene.open.rect.center)
    run_until(lambda: isinstance(app.stack.top, LobbyScene), 10)
    lobby_open.set()
    return app.stack.top
"""
)

HOST_SCREEN = (
    APP
    + """
lobby = open_table()
host = lobby.session.host
report(opened=True, share=text(lobby.share), port=host.port)
run_until(lambda: host.announcement is not None or host.announce_error is not None, 10)
report(announced=host.announcement is not None, error=host.announce_error)
run_until(lambda: lobby.remote.lobby and sum(s.kind == "person" for s in lobby.remote.lobby.seats) == 2, 40)
click(app, lobby.leave.rect.center)
frames(app, 2)  # the host is asked first: leaving closes the table for everyone
click(app, app.stack.top.yes.rect.center)
run_until(lambda: isinstance(app.stack.top, TitleScene), 10)
report(left=True, log=lobby.session.host_log)
sys.stdin.read()  # the app stays up (the table closed) while the test looks for the announcement
"""
)

JOIN_SCREEN = (
    APP
    + """
scene = JoinScene(app)
app.stack.push(scene)
frames(app, 2)

def join(address):
    scene.address.set_text(address)
    click(app, scene.join_button.rect.center)
    run_until(lambda: scene.attempt is None, 15)
    return text(scene.error_box)

refused = join(sys.argv[1] + ":1")
report(refused=refused, error=scene.error)
kept = scene.address.get_text()
click(app, scene.search_button.rect.center)
frames(app, 1)  # the button's press event
cleared = scene.error is None and text(scene.error_box) is None
run_until(lambda: scene.searched, 15)
tables = [b.text for b, _ in scene.table_buttons]
report(cleared=cleared, kept=kept, tables=tables, error=scene.error)
click(app, scene.table_buttons[0][0].rect.center)
run_until(lambda: isinstance(app.stack.top, LobbyScene), 15)
lobby = app.stack.top
run_until(lambda: lobby.remote.lobby is not None, 10)
report(seat=lobby.session.client.seat)
run_until(lambda: isinstance(app.stack.top, MessageScene), 30)
report(gone=app.stack.top.text)
"""
)

NO_NETWORK = (
    APP
    + """
from net.discovery import lan_addresses
lobby = open_table()
host = lobby.session.host
run_until(lambda: host.announce_error is not None or host.announcement is not None, 10)
frames(app, 2)
report(addresses=lan_addresses(), share=text(lobby.share), port=host.port)
click(app, lobby.leave.rect.center)
frames(app, 2)  # the host is asked first: leaving closes the table for everyone
click(app, app.stack.top.yes.rect.center)
run_until(lambda: isinstance(app.stack.top, TitleScene), 10)
scene = JoinScene(app)
app.stack.push(scene)
frames(app, 2)
scene.address.set_text("nosuchtable.invalid:47000")
click(app, scene.join_button.rect.center)
run_until(lambda: scene.attempt is None, 15)
report(unknown=text(scene.error_box))
click(app, scene.search_button.rect.center)
run_until(lambda: scene.searched, 15)
report(found=len(scene.found), search_error=scene.error)
"""
)


# ---------------------------------------------------------------- the tests


def test_the_addresses_shared_are_the_interfaces_that_are_up_not_the_name_loopback(lan):
    """What the computer's name resolves to (127.0.1.1 on many Linux set-ups) is never offered; an
    interface that is down is left out, and so is loopback."""
    lan.add("host")
    lan.add("guest")
    lan.wire("host", HOST_IP, "guest", GUEST_IP)
    host = lan.ns("host")
    _ip("-n", host, "link", "add", "idle0", "type", "veth", "peer", "name", "idle1")  # both ends here
    _ip("-n", host, "addr", "add", "10.232.0.1/24", "dev", "idle0")  # configured, but left down
    script = REPORT + "from net.discovery import lan_addresses\nreport(addresses=lan_addresses())"
    assert lan.run("host", script)["addresses"] == [HOST_IP]


def test_a_headless_host_is_announced_at_once_found_joined_and_withdrawn(two_computers):
    lan = two_computers
    host = lan.start("host", "main.py", "host", "--port", "0", "--players", "3", "--people", "3")
    lines = host.lines
    hosting = lines.get(timeout=20)
    assert hosting.startswith("hosting app for 3 (waiting for 3 people before dealing) on port "), hosting
    port = int(hosting.rsplit(" ", 1)[1])
    announced = lines.get(timeout=20)
    # the announcement is made from the host's event loop without blocking it (it used to stall ~10 s
    # and then print "(not announced on the LAN: )")
    assert (
        announced
        == f"announced on the LAN as 'Dobon app on {os.uname().nodename.split('.')[0]}' at {HOST_IP}:{port}"
    )

    guest = lan.start("guest", "-c", GUEST, GUEST_IP)
    found = guest.expect("found")["found"]
    assert [(t["host"], t["port"], t["preset"], t["players"], t["version"]) for t in found] == [
        (HOST_IP, port, "app", 3, PROTOCOL_VERSION)
    ]
    assert guest.expect("watching")["watching"]
    assert guest.expect("seat")["seat"] == 0  # a real client joined the address found
    host.process.send_signal(signal.SIGINT)  # the usual way to stop a headless host (timeout passes it on)
    t0 = time.monotonic()
    rc = host.process.wait(15)
    time.sleep(0.5)
    rest = []
    while not host.lines.empty():
        rest.append(host.lines.get())
    assert rc == 130, (time.monotonic() - t0, rest, guest.seen)
    closed = guest.expect("gone")
    assert closed["gone"] == "the host closed the table"
    # withdrawn by a goodbye: without one the listing would stay until its records' time to live (minutes)
    assert closed["removed_after"] is not None, (rest, guest.seen)
    assert guest.finish() == 0


def test_hosting_from_the_screen_opens_at_once_shows_the_lan_address_and_withdraws_on_leave(two_computers):
    lan = two_computers
    app = lan.start("host", "-c", HOST_SCREEN, limit=90)
    opened = app.expect("opened", 30)  # the lobby opened before its announcement was made (APP)
    code = tablecode.encode(HOST_IP, opened["port"])  # and the short code for that address
    assert opened["share"] == f"Others join at {HOST_IP}:{opened['port']}<br>Table code: {code}"
    announced = app.expect("announced")
    assert announced == {"announced": True, "error": None}

    guest = lan.start("guest", "-c", GUEST, GUEST_IP)
    found = guest.expect("found")["found"]
    assert [(t["host"], t["port"]) for t in found] == [(HOST_IP, opened["port"])]
    assert guest.expect("watching")["watching"]
    assert guest.expect("seat")["seat"] == 1
    app.expect("left", 30)  # the host pressed Leave in the lobby
    closed = guest.expect("gone")
    assert closed["gone"] == "the host closed the table"  # said once
    assert closed["removed_after"] is not None  # a goodbye, not the records' time to live
    # the app is still running, and a new search no longer finds its table
    assert lan.run("guest", BROWSE, GUEST_IP)["found"] == []
    assert app.finish() == 0


def test_joining_from_the_screen_explains_errors_and_a_search_clears_them(two_computers):
    lan = two_computers
    host = lan.start("host", "main.py", "host", "--port", "0", "--players", "2", "--people", "2")
    port = int(host.lines.get(timeout=20).rsplit(" ", 1)[1])
    assert host.lines.get(timeout=20).startswith("announced on the LAN")
    app = lan.start("guest", "-c", JOIN_SCREEN, HOST_IP, limit=90)
    refused = app.expect("refused", 30)
    assert refused["refused"] == (
        f"No table answered at {HOST_IP}:1. Check the address and that the host has opened its table."
    )
    searched = app.expect("cleared", 30)
    assert searched["cleared"] and searched["error"] is None and searched["kept"] == f"{HOST_IP}:1"
    assert len(searched["tables"]) == 1 and searched["tables"][0].endswith(f"({HOST_IP}:{port})")
    assert "Classic (52 cards), 2 players" in searched["tables"][0]
    assert app.expect("seat")["seat"] == 0  # joined by clicking the table found
    host.process.send_signal(signal.SIGINT)
    assert app.expect("gone")["gone"] == "The host closed the table."  # the table says it in its language
    assert app.finish() == 0


def test_with_no_network_the_lobby_says_only_this_computer_can_join(lan):
    """Only loopback: the table still opens at once, the lobby says who can join and why the table was not
    announced, and a name that cannot be resolved gets a sentence, not an errno."""
    lan.add("alone")
    app = lan.start("alone", "-c", NO_NETWORK, limit=90)
    report = app.expect("addresses", 30)
    assert report["addresses"] == []
    assert report["share"].split("<br>") == [
        f"No network connection: only this computer can join, at 127.0.0.1:{report['port']}",
        "Not announced on the LAN (this computer has no network connection besides loopback). "
        "Others can still join by typing the address.",
    ]
    assert app.expect("unknown")["unknown"] == (
        "No computer called “nosuchtable.invalid” was found. Type the address the host's lobby shows, "
        "like 192.168.1.20:47000."
    )
    assert app.expect("found") == {"found": 0, "search_error": None}
    assert app.finish() == 0
