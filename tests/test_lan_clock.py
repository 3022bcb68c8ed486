"""Issue 17, defect 1's last part: a person's turn has an optional time limit (a host setting, sent to
the seat as a clock), after which AI acts for them once. Real sockets on 127.0.0.1."""

from __future__ import annotations

import asyncio

from lankit import loopback

from game.realtime import Timing
from game.seats import make_seat
from net.client import Client, play_as_ai
from net.host import Host
from net.protocol import Update


def test_a_person_who_does_not_act_has_ai_act_for_them_once_when_the_clock_runs_out():
    async def main():
        lines: list[str] = []
        cfg = loopback(
            preset="app",
            players=2,
            rounds=1,
            seed=9,
            min_people=1,
            lobby_seconds=0.05,
            timing=Timing(turn_ms=30, dobon_ms=20, window_ms=60),
            round_pause=0.05,
            turn_limit_s=0.15,
        )
        host = Host(cfg, log=lines.append)
        await host.start()
        runner = asyncio.create_task(host.run())
        idle = Client("127.0.0.1", host.port, "Dozing", log=lambda line: None)
        welcome = await idle.connect()
        watcher = Client("127.0.0.1", host.port, "Mio", log=lambda line: None, watch=True)
        watched = await watcher.connect()
        await idle.ready()

        async def follow() -> None:
            while True:
                await watcher.receive()

        following = asyncio.create_task(follow())
        try:  # the person never acts (it is connected and its heartbeat goes on): the clock plays for it
            async with asyncio.timeout(30):
                while sum("time ran out" in line for line in lines) < 2:
                    await idle.receive()
        finally:
            following.cancel()
            runner.cancel()
            await host.close()
            await idle.close()
            await watcher.close()
        return welcome, idle, lines, host, watcher, watched

    welcome, idle, lines, host, watcher, watched = asyncio.run(main())
    assert welcome.turn_limit_s == 0.15
    mine = [a for a in host.game.actions if a.seat == welcome.seat]
    assert len(mine) >= 2  # play went on: the seat's turns were taken for it
    called = [line for line in lines if "time ran out" in line]
    assert called and all(line.startswith(f"seat {welcome.seat}: Dozing") for line in called)
    clocks = [m.clock_ms for m in idle.received if isinstance(m, Update)]
    assert any(0 < c <= 150 for c in clocks)  # the seat was told how long it had, when it had to act
    assert host.seats[welcome.seat].kind == "person"  # AI acted once each time; the seat stayed theirs
    # everyone at the table sees whose clock runs: the seat and the watcher are told, seat by seat, and
    # only the seat whose turn it is (public) ever has one
    assert watched.turn_limit_s == 0.15
    for client in (idle, watcher):
        updates = [m for m in client.received if isinstance(m, Update) and any(m.clocks)]
        assert updates, "no clock was ever shown"
        for m in updates:
            turn = m.view["turn"]
            assert [s for s, ms in enumerate(m.clocks) if ms > 0] == [turn] == [welcome.seat]
            assert 0 < m.clocks[turn] <= 150


def test_without_a_limit_nobody_is_hurried():
    async def main():
        cfg = loopback(players=2, rounds=1, min_people=1, lobby_seconds=0.05, turn_limit_s=0)  # turned off
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


def test_the_desktop_table_draws_the_seats_clock_on_its_plate_and_drops_it_when_the_seat_acts(
    tmp_path, monkeypatch
):
    import time

    import pygame
    import uikit  # noqa: F401  (the dummy video driver)
    from test_lan_rejoin_ui import HostThread, sit_down
    from uikit import make_app, press

    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    far = HostThread(turn_limit_s=4.0, timing=Timing(turn_ms=100, dobon_ms=50, window_ms=150))
    app = make_app()
    try:
        table = sit_down(app, far.host.port)
        me = table.person
        seen: list[int] = []  # the seconds the dial showed, frame by frame
        end = time.monotonic() + 30
        while time.monotonic() < end:
            app.frame(1 / 60)
            drawn = table.board.clocks_drawn.get(me)
            if drawn is not None:
                seen.append(drawn[1])
                if len(set(seen)) >= 2 and table.accepts_input:
                    break
            time.sleep(0.01)
        assert len(set(seen)) >= 2 and seen == sorted(seen, reverse=True), seen  # it counts down
        assert max(seen) <= 4
        rect = table.board.clocks_drawn[me][0]
        assert rect.colliderect(table.board.regions[f"plate:{me}"])  # on your own plate
        surface = app.screen
        face = [
            surface.get_at((x, y))[:3]
            for x in range(rect.left, rect.right)
            for y in range(rect.top, rect.bottom)
        ]
        assert (245, 245, 240) in face  # the rim is drawn
        low = seen[-1]
        assert table.toast is None or str(low) not in table.toast[0]  # no lingering text notice
        assert any(a.kind.name == "DRAW" for a in table.legal())
        press(app, pygame.K_d)  # you act: draw a card
        after = table.board.clocks_drawn.get(me)
        # the old clock is gone at once (a fresh one may start at once if play waits for you again)
        assert after is None or after[1] > low, (after, low)
    finally:
        app.close()
        far.close()


def test_a_match_played_to_a_time_sends_its_clock_to_seats_and_watchers():
    """jda JD20 over the LAN: the host keeps the match's clock (it alone calls time) and every update
    says what is left of it, to the seats and the watchers alike; a match with no time limit says -1."""

    async def main(preset: str, options: dict) -> tuple[Client, Client]:
        cfg = loopback(
            preset=preset,
            players=2,
            options=options,
            rounds=1,
            seed=4,
            min_people=1,
            lobby_seconds=0.05,
            timing=Timing(turn_ms=30, dobon_ms=20, window_ms=60),
            round_pause=0.05,
        )
        host = Host(cfg, log=lambda line: None)
        await host.start()
        runner = asyncio.create_task(host.run())
        seat = Client("127.0.0.1", host.port, "Aoi", log=lambda line: None)
        await seat.connect()
        watcher = Client("127.0.0.1", host.port, "Mio", log=lambda line: None, watch=True)
        await watcher.connect()

        async def follow() -> None:
            while True:
                await watcher.receive()

        following = asyncio.create_task(follow())
        playing = asyncio.create_task(play_as_ai(seat, make_seat("normal", 1, seat.seat), reconnect=False))
        try:
            async with asyncio.timeout(20):
                while sum(isinstance(m, Update) for m in watcher.received) < 3:
                    await asyncio.sleep(0.01)
        finally:
            playing.cancel()
            following.cancel()
            runner.cancel()
            await host.close()
            await seat.close()
            await watcher.close()
        return seat, watcher

    seat, watcher = asyncio.run(main("jda", {"games": 0, "time_limit_min": 1, "min_games": 1}))
    for client in (seat, watcher):
        left = [m.match_ms for m in client.received if isinstance(m, Update)]
        assert left and all(50_000 < ms <= 60_000 for ms in left)  # a minute, counting down
        assert left == sorted(left, reverse=True)
    seat, watcher = asyncio.run(main("app", {}))
    assert all(m.match_ms == -1 for m in seat.received if isinstance(m, Update))
