"""One person is never seated twice: a guest without its seat's token whose name is already seated
(in the lobby, at the table, or waiting for the next round) is refused in one sentence, and
`main.py join --fresh` asks for a new seat instead of the kept one. Real sockets on 127.0.0.1."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from lankit import loopback

from game.realtime import Timing
from net.client import Client, HostClosed
from net.host import Host

ROOT = Path(__file__).resolve().parent.parent


def quiet(*_args) -> None:
    pass


def test_a_name_already_seated_is_refused_in_the_lobby_and_at_the_table_but_its_token_comes_back():
    async def main():
        cfg = loopback(players=3, min_people=1, lobby_seconds=0.05, timing=Timing(60_000, 60_000, 60_000))
        host = Host(cfg, log=quiet)
        await host.start()
        runner = asyncio.create_task(host.run())
        aoi = Client("127.0.0.1", host.port, "Aoi", log=quiet)
        clients = [aoi]
        try:
            await aoi.connect()
            refusals = []
            for name in ("Aoi", " aoi "):  # in the lobby: the same name, however written
                twin = Client("127.0.0.1", host.port, name, log=quiet)
                clients.append(twin)
                with pytest.raises(HostClosed) as caught:
                    await twin.connect()
                refusals.append(str(caught.value))
            await aoi.ready()
            async with asyncio.timeout(10):
                while aoi.view is None:
                    await aoi.receive()
            late = Client("127.0.0.1", host.port, "AOI", log=quiet)  # after the deal: not a late guest
            clients.append(late)
            with pytest.raises(HostClosed) as caught:
                await late.connect()
            refusals.append(str(caught.value))
            back = Client("127.0.0.1", host.port, "Aoi", token=aoi.token, log=quiet)  # her token: her seat
            clients.append(back)
            welcome = await back.connect()
            return refusals, welcome.seat, aoi.seat, [s.name for s in host.seats]
        finally:
            runner.cancel()
            await host.close()
            for client in clients:
                await client.close()

    refusals, again, seat, names = asyncio.run(main())
    assert len(refusals) == 3
    for why in refusals:
        assert why.startswith("the host refused: Aoi already has a seat at this table: come back to it")
    assert again == seat and names.count("Aoi") == 1


def test_main_join_fresh_does_not_take_the_kept_seat_and_a_seated_name_is_refused(tmp_path):
    async def main():
        cfg = loopback(players=3, min_people=3, lobby_seconds=0.05)
        host = Host(cfg, log=quiet)
        await host.start()
        runner = asyncio.create_task(host.run())
        env = {**os.environ, "DOBON_TABLE_HOME": str(tmp_path), "PYTHONUNBUFFERED": "1"}
        command = [sys.executable, str(ROOT / "main.py"), "join", f"127.0.0.1:{host.port}", "--name", "Aoi"]
        first = await asyncio.create_subprocess_exec(
            *command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env
        )
        try:
            line = (await asyncio.wait_for(first.stdout.readline(), 20)).decode()
            fresh = await asyncio.create_subprocess_exec(
                *command, "--fresh", stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env
            )
            out = (await asyncio.wait_for(fresh.communicate(), 30))[0].decode()
        finally:
            if first.returncode is None:
                first.kill()
                await first.wait()
            runner.cancel()
            await host.close()
        return line, out, fresh.returncode

    line, out, code = asyncio.run(main())
    assert line.startswith("joined app table as seat")
    assert code == 1 and "Aoi already has a seat at this table" in out
    assert "Traceback" not in out


@pytest.mark.parametrize("damage", [b"{", b"[1, 2]", b'{"h:1": {"token": 5}}', b"\xff" * 10, b"[" * 5000])
def test_a_damaged_file_of_kept_seats_costs_a_fresh_seat_and_nothing_more(tmp_path, monkeypatch, damage):
    from net import seatkeys

    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    seatkeys.seats_path().write_bytes(damage)
    assert seatkeys.kept_seat("10.0.0.2", 47000, "Aoi") is None
    seatkeys.keep_seat("10.0.0.2", 47000, "Aoi", "t" * 32, 2)  # rewritten whole
    seatkeys.keep_seat("10.0.0.2", 47000, "Ben", "u" * 32, 0)  # two players on one computer: two seats
    kept = seatkeys.kept_seat("10.0.0.2", 47000, "aoi")
    assert kept is not None and (kept.token, kept.name, kept.seat) == ("t" * 32, "Aoi", 2)
    assert seatkeys.kept_seat("10.0.0.2", 47001, "Aoi") is None  # another table: nothing kept there
    seatkeys.forget_seat("10.0.0.2", 47000, "Aoi")
    assert seatkeys.kept_seat("10.0.0.2", 47000, "Aoi") is None
    assert seatkeys.kept_seat("10.0.0.2", 47000, "Ben").token == "u" * 32


def test_two_players_joining_at_once_from_one_computer_keep_a_seat_each(tmp_path):
    async def main():
        lines: list[str] = []
        host = Host(loopback(players=3, min_people=3, lobby_seconds=0.05), log=lines.append)
        await host.start()
        runner = asyncio.create_task(host.run())
        env = {**os.environ, "DOBON_TABLE_HOME": str(tmp_path), "PYTHONUNBUFFERED": "1"}
        command = [sys.executable, str(ROOT / "main.py"), "join", f"127.0.0.1:{host.port}", "--name"]
        guests = [
            await asyncio.create_subprocess_exec(*command, name, stdout=subprocess.PIPE, env=env)
            for name in ("Aoi", "Ben")
        ]
        try:
            said = [(await asyncio.wait_for(g.stdout.readline(), 20)).decode() for g in guests]
            await asyncio.sleep(0.5)
            people = [s.name for s in host.seats if s.kind == "person"]
        finally:
            for g in guests:
                g.kill()
                await g.wait()
            runner.cancel()
            await host.close()
        return said, lines, people

    said, lines, people = asyncio.run(main())
    assert all(line.startswith("joined app table as seat") for line in said), said
    assert sorted(people) == ["Aoi", "Ben"]
    assert not any("came back on a new connection" in line for line in lines)
    kept = json.loads((tmp_path / "lan-seats.json").read_text())
    assert sorted(entry["name"] for entry in kept.values()) == ["Aoi", "Ben"]
