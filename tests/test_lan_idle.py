"""A LAN party never waits for one person: a time to act on by default, said in the lobby; a time-out
said in everyone's log; a person idle twice in a row shown away and played by AI until they act again;
a silent seat (a pulled cable) played by AI within 3 s of being shown away. Real sockets on 127.0.0.1;
every wait is bounded."""

from __future__ import annotations

import asyncio
import itertools
import time

from lankit import loopback, silent_seat, until

from game.realtime import Timing
from game.seats import make_seat
from main import build_parser
from net.client import Client, play_as_ai
from net.host import Host
from net.pace import AWAY_S, DEFAULT_TURN_LIMIT_S, IDLE_TIMEOUTS
from net.protocol import Lobby, Update, Welcome

FAST = Timing(turn_ms=30, dobon_ms=20, window_ms=60)


def quiet(*_args) -> None:
    pass


async def follow(client: Client) -> None:
    """Read everything the host sends (a watcher or an idle seat) until cancelled."""
    while True:
        await client.receive()


def test_a_time_to_act_is_on_by_default_and_every_lobby_says_it():
    async def lobby_of(**kw) -> tuple[Welcome, Lobby]:
        host = Host(loopback(players=3, min_people=3, **kw), log=quiet)
        await host.start()
        runner = asyncio.create_task(host.run())
        guest = Client("127.0.0.1", host.port, "Aoi", log=quiet)
        try:
            welcome = await guest.connect()
            async with asyncio.timeout(5):
                while guest.lobby is None:
                    await guest.receive()
            return welcome, guest.lobby
        finally:
            runner.cancel()
            await host.close()
            await guest.close()

    welcome, lobby = asyncio.run(lobby_of())
    assert DEFAULT_TURN_LIMIT_S > 0
    assert welcome.turn_limit_s == lobby.turn_limit_s == DEFAULT_TURN_LIMIT_S
    _welcome, lobby = asyncio.run(lobby_of(turn_limit_s=0))  # the host turned it off
    assert lobby.turn_limit_s == 0
    assert build_parser().parse_args(["host"]).turn_limit == DEFAULT_TURN_LIMIT_S  # `main.py host` too


def test_a_person_idle_twice_is_shown_away_and_played_by_ai_until_they_act_and_everyone_is_told():
    async def main():
        lines: list[str] = []
        cfg = loopback(
            players=3, rounds=20, seed=5, min_people=2, lobby_seconds=0.05, timing=FAST, turn_limit_s=0.3
        )
        host = Host(cfg, log=lines.append)
        await host.start()
        runner = asyncio.create_task(host.run())
        idle = Client("127.0.0.1", host.port, "Aoi", log=quiet)  # connected, heartbeat on, never acts
        said: list[str] = []
        ben = Client("127.0.0.1", host.port, "Ben", log=said.append)
        watcher = Client("127.0.0.1", host.port, "Mio", log=quiet, watch=True)
        mine = (await idle.connect()).seat
        await ben.connect()
        await watcher.connect()
        watched: list[str] = []
        await idle.ready()
        tasks = [
            asyncio.create_task(follow(idle)),
            asyncio.create_task(play_as_ai(ben, make_seat("normal", 1, ben.seat), reconnect=False)),
        ]
        watching = asyncio.create_task(_watch(watcher, watched))
        try:
            seat = host.seats[mine]
            await until(lambda: seat.idle, 30, "the idle seat to be shown away")
            timeouts = sum("time ran out" in line for line in lines)
            before = len([a for a in host.game.actions if a.seat == mine])
            await until(lambda: ben.lobby is not None and ben.lobby.seats[mine].away, 5, "Ben to see it away")
            # AI plays the seat now, with no further time-outs: nobody waits for Aoi
            await until(
                lambda: len([a for a in host.game.actions if a.seat == mine]) > before + 1, 20, "AI to play"
            )
            later = sum("time ran out" in line for line in lines)
            await idle.ready()  # Aoi acts again ("I'm back")
            await until(lambda: not seat.idle and mine not in host.table.ai, 5, "the seat to be hers again")
            await until(lambda: not ben.lobby.seats[mine].away, 5, "Ben to see her back")
        finally:
            for task in (*tasks, watching):
                task.cancel()
            runner.cancel()
            await host.close()
            for client in (idle, ben, watcher):
                await client.close()
        return mine, lines, timeouts, later, ben, watcher, said, watched

    mine, lines, timeouts, later, ben, watcher, said, watched = asyncio.run(main())
    assert timeouts == later == IDLE_TIMEOUTS  # AI acted once each time, then played the seat for her
    assert any(f"Aoi did not act {IDLE_TIMEOUTS} times in a row" in line for line in lines)
    # everyone's log says the move was AI's, not Aoi's: the seats and the watcher alike
    for client in (ben, watcher):
        told = [m.timed_out for m in client.received if isinstance(m, Update) and m.timed_out]
        assert told[:IDLE_TIMEOUTS] == [[mine]] * IDLE_TIMEOUTS
    assert sum(line == "time ran out for Aoi: AI played for them" for line in said) == IDLE_TIMEOUTS
    assert sum(line == "time ran out for Aoi: AI played for them" for line in watched) == IDLE_TIMEOUTS


async def _watch(watcher: Client, lines: list[str]) -> None:
    from net.client import watch_table

    await watch_table(watcher, lines.append)


def test_a_silent_seat_is_played_by_ai_within_3_s_of_being_shown_away_and_the_others_wait_little():
    """A pulled cable: the seat's connection stays open and says nothing (no heartbeat). The host's
    defaults (away after AWAY_S, AI soon after); the longest pause a watcher sees is measured."""

    async def main():
        cfg = loopback(players=2, rounds=3, seed=3, min_people=1, lobby_seconds=0.05, timing=FAST)
        host = Host(cfg, log=quiet)
        await host.start()
        runner = asyncio.create_task(host.run())
        writer, welcome = await silent_seat(host.port)
        watcher = Client("127.0.0.1", host.port, "Mio", log=quiet, watch=True)
        await watcher.connect()
        updates: list[float] = []

        async def clock_updates() -> None:
            while True:
                if isinstance(await watcher.receive(), Update):
                    updates.append(time.monotonic())

        following = asyncio.create_task(clock_updates())
        seat = host.seats[welcome.seat]
        try:
            await until(lambda: seat.away, 10, "the seat to be shown away")
            shown = time.monotonic()
            count = len([a for a in host.game.actions if a.seat == welcome.seat])
            await until(
                lambda: len([a for a in host.game.actions if a.seat == welcome.seat]) > count,
                6,
                "AI to play the away seat",
            )
            played = time.monotonic()
            await asyncio.sleep(1.0)
        finally:
            following.cancel()
            writer.close()
            runner.cancel()
            await host.close()
            await watcher.close()
        return shown, played, updates

    shown, played, updates = asyncio.run(main())
    assert played - shown <= 3.0
    pauses = [b - a for a, b in itertools.pairwise(updates)]
    assert pauses and max(pauses) <= AWAY_S + 3.0, max(pauses)


def test_the_desktop_table_says_the_time_ran_out_and_takes_the_seat_back_at_a_key(tmp_path, monkeypatch):
    import pygame
    import uikit  # noqa: F401  (the dummy video driver)
    from test_lan_rejoin_ui import HostThread, sit_down
    from uikit import make_app, press

    from ui.text import tr

    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    far = HostThread(turn_limit_s=0.3, rounds=20, timing=Timing(turn_ms=100, dobon_ms=50, window_ms=150))
    app = make_app()
    try:
        table = sit_down(app, far.host.port)
        me = table.remote.viewer
        name = table.remote.names[me]
        logged: set[str] = set()
        toasts: set[str] = set()
        end = time.monotonic() + 30
        while time.monotonic() < end and me not in table.board.away:  # the person never acts
            app.frame(1 / 60)
            logged.update(table.board.log)
            if table.toast:
                toasts.add(table.toast[0])
            time.sleep(0.01)
        assert tr("log.ai_played", name=name) in logged  # your own log says the move was AI's
        assert tr("lan.you_away") in toasts
        seat = far.host.seats[me]
        assert seat.idle
        press(app, pygame.K_SPACE)  # back at the keyboard
        end = time.monotonic() + 10
        while time.monotonic() < end and seat.idle:
            app.frame(1 / 60)
            time.sleep(0.01)
        assert not seat.idle and me not in far.host.table.ai
    finally:
        app.close()
        far.close()


def test_a_person_back_after_ai_played_on_their_time_outs_is_told_what_happened_meanwhile():
    """A guest's window closed and, before the host noticed the dropped connection, AI played the seat
    on its time-outs; the guest came back with its token and was told nothing (the rejoined log was
    empty and no notice said that AI had played): what happened since the first time-out is sent."""

    async def main():
        cfg = loopback(players=2, rounds=20, seed=5, min_people=1, lobby_seconds=0.05, timing=FAST)
        cfg.turn_limit_s = 0.2
        host = Host(cfg, log=quiet)
        await host.start()
        runner = asyncio.create_task(host.run())
        first = Client("127.0.0.1", host.port, "Aoi", log=quiet)  # connected, never acts
        mine = (await first.connect()).seat
        await first.ready()
        following = asyncio.create_task(follow(first))
        back = Client("127.0.0.1", host.port, "Aoi", log=quiet, token=first.token)
        try:
            seat = host.seats[mine]
            await until(lambda: seat.timeouts >= 1 and not seat.stood_in, 20, "AI to act on a time-out")
            await back.connect()  # the same person, again, with the seat's token
            async with asyncio.timeout(5):
                while not any(isinstance(m, Update) for m in back.received):
                    await back.receive()
        finally:
            following.cancel()
            runner.cancel()
            await host.close()
            for client in (first, back):
                await client.close()
        return mine, [m for m in back.received if isinstance(m, Update)]

    mine, updates = asyncio.run(main())
    assert updates[0].missed, "the comeback was told nothing of what AI played meanwhile"
    assert any(e.get("seat") == mine for e in updates[0].missed)
