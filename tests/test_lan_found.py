"""A table found on the LAN reads as a person would say it: whose table, its rules by their name, how
many play and how many seats are free (issue 31) — never "Dobon app on vm" (a preset id and a
machine's name). What any device on the LAN answers is checked, never trusted.

The announcement test makes its own LAN: two network namespaces (names prefixed `s35l`) joined by a
veth pair whose ends both live inside them, as tests/test_discovery.py does; it needs root.
"""

from __future__ import annotations

import itertools
import os

import pytest
from test_discovery import REPORT, Lan
from zeroconf import ServiceInfo

from net.discovery import FoundTable, found_table
from net.protocol import SERVICE_TYPE
from ui.scenes.lan import found_label
from ui.text import setup

HOST_IP, GUEST_IP = "10.231.9.1", "10.231.9.2"
_count = itertools.count()


def _info(properties: dict) -> ServiceInfo:
    return ServiceInfo(
        SERVICE_TYPE,
        f"Dobon app on vm.{SERVICE_TYPE}",
        port=47000,
        parsed_addresses=["192.168.1.20"],
        properties=properties,
    )


def test_a_found_table_says_whose_it_is_its_rules_by_name_and_its_free_seats():
    setup("en")
    table = found_table(
        _info({"preset": "app", "players": "4", "version": "5", "host": "Ann", "free": "2", "playing": "0"})
    )
    assert table == FoundTable("Dobon app on vm", "192.168.1.20", 47000, "app", 4, 5, "Ann", 2, False)
    label = found_label(table)
    assert label.startswith("Ann's table  —  ")
    assert label.endswith(", 4 players, 2 free  (192.168.1.20:47000)")
    assert found_label(table, address=False).endswith(", 4 players, 2 free")  # a narrow window
    assert "vm" not in label and "Dobon app" not in label
    playing = FoundTable("x", "10.0.0.2", 47000, "app", 4, 5, "Ann", 1, True)
    assert ", 1 free next round" in found_label(playing)
    full = FoundTable("x", "10.0.0.2", 47000, "app", 4, 5, "Ann", 0, False)
    assert ", full (watch it)" in found_label(full)
    setup("ja")
    try:
        assert found_label(table).startswith("Annさんの卓")
        assert "空席2" in found_label(table)
    finally:
        setup("en")


def test_an_older_host_that_says_no_name_nor_seats_is_still_listed_by_its_announcement():
    setup("en")
    table = found_table(_info({"preset": "app", "players": "3", "version": "5"}))
    assert table is not None and (table.host_name, table.free, table.playing) == ("", -1, False)
    assert found_label(table) == "Dobon app on vm  —  Classic (52 cards), 3 players  (192.168.1.20:47000)"


def test_what_a_hostile_device_announces_is_cleaned_not_trusted():
    table = found_table(
        _info(
            {
                "preset": "app",
                "players": "lots",
                "version": "\x00",
                "host": "Eve\n\x1b[2J" + "x" * 200,
                "free": "-40",
                "playing": "yes",
            }
        )
    )
    assert table is not None
    assert table.players == 0 and table.version == 0
    assert table.host_name == "Eve[2J" + "x" * 18  # one printable line, 24 characters at most
    assert table.free == -1 and table.playing is False


# ---------------------------------------------------------------- on a LAN of its own


class OwnLan(Lan):
    """test_discovery's namespaces under names of this session's own (`s35l`)."""

    def __init__(self, home):
        super().__init__(home)
        self.tag = f"s35l{os.getpid() % 100000}f{next(_count)}"


@pytest.fixture
def two_computers(tmp_path):
    lan = OwnLan(tmp_path)
    try:
        lan.add("h")
        lan.add("g")
        lan.wire("h", HOST_IP, "g", GUEST_IP)
        yield lan
    finally:
        lan.close()


HOST = (
    REPORT
    + """
import asyncio
from net.host import Host, HostConfig

async def main():
    host = Host(HostConfig("app", 3, host="10.231.9.1", port=0, min_people=3, host_name="Ann"),
                log=lambda line: None)
    await host.start()
    task = asyncio.create_task(host.run())
    for _ in range(200):
        if host.announcement is not None or host.announce_error is not None:
            break
        await asyncio.sleep(0.05)
    report(port=host.port, error=host.announce_error)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    host.closing = True
    await host.close()
    task.cancel()

asyncio.run(main())
"""
)

GUEST = (
    REPORT
    + """
import asyncio
from net.client import Client
from net.discovery import async_browse

async def main(address):
    first = await async_browse(2.5, [address])
    report(first=[t.__dict__ for t in first])
    client = Client(first[0].host, first[0].port, "Bo", log=lambda line: None)
    await client.connect()
    for _ in range(40):  # the host says its free seats again; a new search reads them (bounded)
        await asyncio.sleep(0.25)
        again = await async_browse(1.5, [address])
        if again and again[0].free == 2:
            break
    report(again=[t.__dict__ for t in again])
    await client.close()

asyncio.run(main(sys.argv[1]))
"""
)


def test_a_table_announces_its_host_and_free_seats_and_says_again_when_a_seat_is_taken(two_computers):
    lan = two_computers
    host = lan.start("h", "-c", HOST, limit=90)
    opened = host.expect("port", 30)
    assert opened["error"] is None
    guest = lan.start("g", "-c", GUEST, GUEST_IP, limit=80)
    first = guest.expect("first", 30)["first"]
    assert [(t["host_name"], t["players"], t["free"], t["playing"]) for t in first] == [("Ann", 3, 3, False)]
    assert first[0]["host"] == HOST_IP and first[0]["port"] == opened["port"]
    again = guest.expect("again", 60)["again"]
    assert [(t["host_name"], t["free"]) for t in again] == [("Ann", 2)]  # one seat was taken
    assert guest.finish(20) == 0
    assert host.finish(20) == 0


def test_the_join_screen_lists_found_tables_whole_or_cut_with_a_tip_and_a_watch_button(tmp_path, monkeypatch):
    from uikit import frames, make_app, press_button

    from ui.scenes.lan import JoinScene

    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    setup("en")
    app = make_app((800, 600))
    try:
        scene = JoinScene(app)
        app.stack.push(scene)
        scene.found = [
            FoundTable("x", "192.168.1.20", 47000, "app", 4, 5, "Ann", 2, False),
            FoundTable("Dobon standard on a-very-long-machine-name", "192.168.1.22", 47001, "standard", 5, 5),
        ]
        scene.searched = True
        scene.build()
        frames(app, 2)
        (ann, _), (old, _) = scene.table_buttons
        assert ann.text == "Ann's table  —  Classic (52 cards), 4 players, 2 free"  # no room for the address
        assert old.text.endswith("…") and "192.168.1.22:47001" in old.tool_tip_text
        joined = []
        monkeypatch.setattr(
            scene, "join", lambda host, port, token=None, watch=False: joined.append((port, watch))
        )
        press_button(app, scene.watch_buttons[1][0])
        assert joined == [(47001, True)]  # watched without typing
    finally:
        app.close()


def test_every_announced_value_is_cleaned_and_no_count_is_beyond_a_table():
    table = found_table(
        _info(
            {
                "preset": "ap\x00p\n<b>" + "q" * 100,
                "players": "9" * 200,
                "free": "50",
                "version": "5",
            }
        )
    )
    assert table is not None
    assert table.preset.isprintable() and len(table.preset) <= 40 and "\n" not in table.preset
    assert table.players == 0  # a 200-digit count is garbage
    many = found_table(_info({"preset": "super", "players": "6", "free": "9", "version": "5"}))
    assert many is not None and many.free == 6  # never more free seats than seats


SEATED_AT_ONCE = (
    REPORT
    + """
import asyncio
from net.client import Client
from net.host import Host, HostConfig

async def main():
    host = Host(HostConfig("app", 4, host="10.231.9.1", port=0, min_people=2, host_name="Ann"),
                log=lambda line: None)
    await host.start()
    task = asyncio.create_task(host.run())
    me = Client("10.231.9.1", host.port, "Ann", log=lambda line: None)
    await me.connect()  # the hosting person sits down while the name is still being claimed
    for _ in range(200):
        if host.announcement is not None or host.announce_error is not None:
            break
        await asyncio.sleep(0.05)
    report(port=host.port, error=host.announce_error)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    await me.close()
    host.closing = True
    await host.close()
    task.cancel()

asyncio.run(main())
"""
)

SEARCH = (
    REPORT
    + """
import asyncio
from net.discovery import async_browse

async def main(address):
    found = []
    for _ in range(8):  # bounded: a table that says 4 free keeps saying it
        found = await async_browse(1.5, [address])
        if found and found[0].free == 3:
            break
    report(found=[t.__dict__ for t in found])

asyncio.run(main(sys.argv[1]))
"""
)


def test_a_seat_taken_while_the_table_is_being_announced_is_not_announced_free(two_computers):
    lan = two_computers
    host = lan.start("h", "-c", SEATED_AT_ONCE, limit=90)
    assert host.expect("port", 30)["error"] is None
    guest = lan.start("g", "-c", SEARCH, GUEST_IP, limit=80)
    found = guest.expect("found", 60)["found"]
    assert [(t["host_name"], t["players"], t["free"]) for t in found] == [("Ann", 4, 3)]
    assert guest.finish(20) == 0
    assert host.finish(20) == 0
