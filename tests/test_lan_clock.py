"""Issue 17, defect 1's last part: a person's turn has an optional time limit (a host setting, sent to
the seat as a clock), after which AI acts for them once. Real sockets on 127.0.0.1."""

from __future__ import annotations

import asyncio

from game.realtime import Timing
from net.client import Client
from net.host import Host, HostConfig
from net.protocol import Update


def test_a_person_who_does_not_act_has_ai_act_for_them_once_when_the_clock_runs_out():
    async def main():
        lines: list[str] = []
        cfg = HostConfig(
            preset="app",
            players=2,
            rounds=1,
            seed=9,
            host="127.0.0.1",
            port=0,
            min_people=1,
            lobby_seconds=0.05,
            timing=Timing(turn_ms=30, dobon_ms=20, window_ms=60),
            round_pause=0.05,
            turn_limit_s=0.15,
            advertise=False,
        )
        host = Host(cfg, log=lines.append)
        await host.start()
        runner = asyncio.create_task(host.run())
        idle = Client("127.0.0.1", host.port, "Dozing", log=lambda line: None)
        welcome = await idle.connect()
        await idle.ready()
        try:  # the person never acts (it is connected and its heartbeat goes on): the clock plays for it
            async with asyncio.timeout(30):
                while sum("time is up" in line for line in lines) < 3:
                    await idle.receive()
        finally:
            runner.cancel()
            await host.close()
            await idle.close()
        return welcome, idle, lines, host

    welcome, idle, lines, host = asyncio.run(main())
    assert welcome.turn_limit_s == 0.15
    mine = [a for a in host.game.actions if a.seat == welcome.seat]
    assert len(mine) >= 3  # play went on: the seat's turns were taken for it
    called = [line for line in lines if "time is up" in line]
    assert called and all(line.startswith(f"seat {welcome.seat}: Dozing") for line in called)
    clocks = [m.clock_ms for m in idle.received if isinstance(m, Update)]
    assert any(0 < c <= 150 for c in clocks)  # the seat was told how long it had, when it had to act
    assert host.seats[welcome.seat].kind == "person"  # AI acted once each time; the seat stayed theirs


def test_without_a_limit_nobody_is_hurried():
    async def main():
        cfg = HostConfig(
            players=2, rounds=1, host="127.0.0.1", port=0, min_people=1, lobby_seconds=0.05, advertise=False
        )
        host = Host(cfg, log=lambda line: None)
        await host.start()
        runner = asyncio.create_task(host.run())
        a = Client("127.0.0.1", host.port, "A", log=lambda line: None)
        await a.connect()
        await a.ready()
        try:
            async with asyncio.timeout(5):
                while a.view is None:
                    await a.receive()
            await asyncio.sleep(1.0)
        finally:
            runner.cancel()
            await host.close()
            await a.close()
        return [m.clock_ms for m in a.received if isinstance(m, Update)], host.owing

    clocks, owing = asyncio.run(main())
    assert clocks and set(clocks) == {0} and owing == {}


def test_the_desktop_table_shows_the_seats_clock_counting_down(tmp_path, monkeypatch):
    import time

    import uikit  # noqa: F401  (the dummy video driver)
    from test_lan_rejoin_ui import HostThread, sit_down
    from uikit import make_app

    from ui.text import tr

    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    far = HostThread(turn_limit_s=4.0, timing=Timing(turn_ms=100, dobon_ms=50, window_ms=150))
    app = make_app()
    try:
        table = sit_down(app, far.host.port)
        said: set[str] = set()
        end = time.monotonic() + 30
        clock = {tr("lan.clock", seconds=n) for n in range(1, 5)}
        while len(said & clock) < 2 and time.monotonic() < end:  # two different seconds shown
            app.frame(1 / 60)
            if table.toast is not None:
                said.add(table.toast[0])
            time.sleep(0.01)
        assert len(said & clock) >= 2, said
        assert table.remote.seconds_left() is None or table.remote.seconds_left() <= 4
    finally:
        app.close()
        far.close()
