"""Issue 17: when the host closes the table mid-match, every client is told, with the standings so far,
and the match's log is kept (it replays). Real sockets on 127.0.0.1."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

from lankit import loopback

from game.headless import read_log
from game.realtime import Timing
from game.seats import make_seat
from net.client import Client, HostClosed, play_as_ai
from net.host import Host
from net.protocol import Finished

ROOT = Path(__file__).resolve().parent.parent


def test_closing_mid_match_sends_the_standings_so_far_and_keeps_the_log(tmp_path):
    async def main():
        cfg = loopback(
            players=3,
            rounds=5,
            seed=21,
            min_people=2,
            lobby_seconds=0.05,
            timing=Timing(turn_ms=20, dobon_ms=10, window_ms=40),
            round_pause=0.05,
            log_dir=str(tmp_path),
        )
        lines: list[str] = []
        host = Host(cfg, log=lines.append)
        await host.start()
        runner = asyncio.create_task(host.run())
        watcher = Client("127.0.0.1", host.port, "Mio", log=lambda line: None, watch=True)
        await watcher.connect()
        players = [Client("127.0.0.1", host.port, f"P{i}", log=lambda line: None) for i in range(2)]
        for p in players:
            await p.connect()
        plays = [asyncio.create_task(play_as_ai(p, make_seat("easy", 1, p.seat))) for p in players]

        async def watch():
            while watcher.finished is None:
                await watcher.receive()

        watching = asyncio.create_task(watch())
        try:
            while host.game is None or len(host.game.actions) < 30:
                await asyncio.sleep(0.02)
            host.closing = True  # the host leaves mid-match
            results = await asyncio.wait_for(asyncio.gather(*plays), 10)
            await asyncio.wait_for(watching, 10)
            await asyncio.wait_for(runner, 10)
        finally:
            runner.cancel()
            await host.close()
            for c in (watcher, *players):
                await c.close()
        return host, results, watcher, lines

    host, results, watcher, lines = asyncio.run(main())
    game = host.game
    assert host.result is not None and not host.result.complete
    for finished in (*results, watcher.finished):
        assert isinstance(finished, Finished) and not finished.complete
        assert finished.scores == list(game.scores) and finished.names == host.names()
    logs = list(tmp_path.glob("lan-app-*.log"))
    assert len(logs) == 1 and any(str(logs[0]) in line for line in lines)
    header, _, actions = read_log(logs[0])
    assert actions == list(game.actions) and header["ai"] == host.names()
    done = subprocess.run(
        [sys.executable, "main.py", "replay", str(logs[0])],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr


def test_a_table_closed_in_its_lobby_just_says_so():
    async def main():
        host = Host(loopback(players=2, min_people=2), log=print)
        await host.start()
        runner = asyncio.create_task(host.run())
        guest = Client("127.0.0.1", host.port, "G", log=lambda line: None)
        await guest.connect()
        host.closing = True
        try:
            async with asyncio.timeout(5):
                while True:
                    await guest.receive()
        except HostClosed as exc:
            return str(exc), guest.finished
        finally:
            runner.cancel()
            await host.close()
            await guest.close()

    said, finished = asyncio.run(main())
    assert said == "the host closed the table" and finished is None  # no match, no standings
