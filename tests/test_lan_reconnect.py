"""Issue 17, defect 3: clients come back by themselves, with their token, on real sockets (127.0.0.1).

A relay between client and host (tests/lanproxy.py) plays the LAN: pulling its cable makes the
connection silent without closing it, which is how the host still holds a dead connection when its
player comes back. Every wait is bounded.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from lankit import loopback, until
from lanproxy import Relay

from game.realtime import Timing
from game.seats import make_seat
from net.client import BACKOFF_S, Client, HostClosed, HostGone, play_as_ai
from net.host import Host, HostConfig
from net.protocol import Lobby, Update
from net.ticket import Ticket, clear_ticket, load_ticket, save_ticket, ticket_path

ROOT = Path(__file__).resolve().parent.parent
FAST = Timing(turn_ms=30, dobon_ms=20, window_ms=60)
STILL = Timing(turn_ms=60_000, dobon_ms=60_000, window_ms=60_000)  # nobody but a person moves


def config(**kw) -> HostConfig:
    base = dict(
        preset="app",
        players=2,
        ai="normal",
        rounds=1,
        seed=7,
        lobby_seconds=0.1,
        min_people=1,
        timing=FAST,
        round_pause=0.05,
    )
    base.update(kw)
    return loopback(**base)


def quiet(*_args) -> None:
    pass


async def first_view(client: Client, seconds: float = 10) -> None:
    async with asyncio.timeout(seconds):
        while client.view is None:
            await client.receive()


def test_a_silent_connection_is_replaced_when_its_player_comes_back_and_the_match_finishes():
    """The cable is pulled mid-match: the client hears nothing, gives up on the connection and comes
    back with its token while the host still holds the old (silent, unclosed) one."""

    async def main():
        lines: list[str] = []
        host = Host(config(drop_s=60.0), log=lines.append)
        await host.start()
        runner = asyncio.create_task(host.run())
        relay = await Relay(host.port).start()
        said: list[str] = []
        client = Client("127.0.0.1", relay.port, "laptop", log=said.append)
        client.silence_s = 1.0  # the host beats every second: a second of silence is a lost line here
        welcome = await client.connect()
        playing = asyncio.create_task(play_as_ai(client, make_seat("normal", 1, welcome.seat), patience=30))
        try:
            await until(lambda: len(host.game.actions if host.game else []) > 3, 15, "play to begin")
            relay.pull()
            # until the client has noticed (a second of silence), long before the host would drop it
            await until(lambda: any("reconnecting" in line for line in said), 20, "the client to notice")
            held = host.seats[welcome.seat].connected
            relay.plug()
            finished = await asyncio.wait_for(playing, 60)
            await asyncio.wait_for(runner, 10)
        finally:
            playing.cancel()
            runner.cancel()
            await host.close()
            await client.close()
            await relay.close()
        return welcome, client, finished, lines, said, held, relay.links

    welcome, client, finished, lines, said, held, links = asyncio.run(main())
    assert held  # the host still held the silent connection when the player came back
    assert any("came back on a new connection" in line for line in lines)
    assert any("reconnecting" in line for line in said)
    assert links >= 2 and client.seat == welcome.seat
    assert finished is client.finished and len(finished.scores) == 2


def test_a_comeback_while_the_host_holds_the_old_connection_gets_the_same_seat_and_view():
    async def main():
        host = Host(config(timing=STILL, players=3), log=quiet)
        await host.start()
        runner = asyncio.create_task(host.run())
        a = Client("127.0.0.1", host.port, "A", log=quiet)
        await a.connect()
        await a.ready()
        try:
            await first_view(a)
            before, seq = a.view, a.seq
            # the old connection is still open (silent), and the same token arrives on a new one
            again = Client("127.0.0.1", host.port, "A", token=a.token, log=quiet)
            welcome = await again.connect()
            await first_view(again)
            with pytest.raises(HostGone):  # the host closed the connection it replaced
                async with asyncio.timeout(5):
                    while True:
                        await a.receive()
            truth = host.game.view(welcome.seat)
        finally:
            runner.cancel()
            await host.close()
            await a.close()
        await again.close()
        return before, seq, welcome, again, truth

    before, seq, welcome, again, truth = asyncio.run(main())
    assert welcome.seat == before.seat
    assert again.seq == seq
    assert again.view == before  # the seat's view after rejoining equals the one before
    assert again.view.to_json() == truth.to_json()


def test_a_client_retries_with_growing_waits_until_the_host_answers_again():
    async def main():
        host = Host(config(timing=STILL), log=quiet)
        await host.start()
        runner = asyncio.create_task(host.run())
        relay = await Relay(host.port).start()
        client = Client("127.0.0.1", relay.port, "A", log=quiet)
        await client.connect()
        await client.ready()
        attempts: list[tuple[int, float]] = []

        def watch(attempt: int, delay: float, why: str) -> None:
            attempts.append((attempt, delay))
            if attempt == 3:
                relay.plug()  # the host is reachable again for the third attempt

        try:
            await first_view(client)
            relay.pull()
            back = await asyncio.wait_for(client.rejoin(30, watch, "test"), 20)
            await first_view(client)
        finally:
            runner.cancel()
            await host.close()
            await client.close()
            await relay.close()
        return attempts, back

    attempts, back = asyncio.run(main())
    assert [a for a, _ in attempts] == [1, 2, 3]
    assert [d for _, d in attempts] == list(BACKOFF_S[:3])  # each wait longer than the last
    assert back.seat == 0


def test_a_client_gives_up_when_its_patience_runs_out():
    async def main():
        host = Host(config(timing=STILL), log=quiet)
        await host.start()
        runner = asyncio.create_task(host.run())
        relay = await Relay(host.port).start()
        client = Client("127.0.0.1", relay.port, "A", log=quiet)
        await client.connect()
        relay.pull()
        try:
            with pytest.raises(HostGone, match="could not get back"):
                await asyncio.wait_for(client.rejoin(2.0, None, "pulled"), 10)
        finally:
            runner.cancel()
            await host.close()
            await relay.close()

    asyncio.run(main())


def test_no_comeback_is_tried_when_the_host_closes_the_table_mid_match():
    async def main():
        host = Host(config(timing=STILL), log=quiet)
        await host.start()
        runner = asyncio.create_task(host.run())
        client = Client("127.0.0.1", host.port, "A", log=quiet)
        said: list[str] = []
        client.log = said.append
        await client.connect()
        playing = asyncio.create_task(play_as_ai(client, make_seat("easy", 1, 0)))
        await until(lambda: client.view is not None, 10, "the deal")
        host.closing = True
        await host.close()
        finished = await asyncio.wait_for(playing, 5)  # the standings so far, then goodbye
        runner.cancel()
        return said, finished

    said, finished = asyncio.run(main())
    assert not finished.complete
    assert not any("reconnecting" in line for line in said)


def test_no_comeback_is_tried_when_the_host_closes_its_lobby():
    async def main():
        host = Host(config(min_people=2), log=quiet)
        await host.start()
        runner = asyncio.create_task(host.run())
        client = Client("127.0.0.1", host.port, "A", log=quiet)
        said: list[str] = []
        client.log = said.append
        await client.connect()
        playing = asyncio.create_task(play_as_ai(client, make_seat("easy", 1, 0)))
        await asyncio.sleep(0.2)
        host.closing = True
        await host.close()
        with pytest.raises(HostClosed):
            await asyncio.wait_for(playing, 5)
        runner.cancel()
        return said

    said = asyncio.run(main())
    assert not any("reconnecting" in line for line in said)


def test_a_player_who_drops_in_the_lobby_gets_a_seat_again():
    async def main():
        host = Host(config(min_people=2, players=3), log=quiet)
        await host.start()
        runner = asyncio.create_task(host.run())
        relay = await Relay(host.port).start()
        a = Client("127.0.0.1", relay.port, "A", log=quiet)
        await a.connect()
        b = Client("127.0.0.1", host.port, "B", log=quiet)
        await b.connect()
        try:
            a.writer.transport.abort()  # the lobby connection breaks outright
            await until(lambda: not host.seats[0].connected, 5, "the host to notice")
            back = await asyncio.wait_for(a.rejoin(10), 10)
            async with asyncio.timeout(5):
                while not isinstance(await a.receive(), Lobby):
                    pass
            seats = [(s.name, s.kind) for s in host.seats]
        finally:
            runner.cancel()
            await host.close()
            await a.close()
            await b.close()
            await relay.close()
        return back, seats

    back, seats = asyncio.run(main())
    assert ("A", "person") in seats and ("B", "person") in seats
    assert back.seat in (0, 2)


def test_the_kept_seat_survives_on_disk_and_a_broken_file_is_ignored(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    assert load_ticket() is None
    save_ticket(Ticket("192.168.1.20", 47000, "ab" * 16, "Aoi", "app", 2))
    kept = load_ticket()
    assert kept is not None and (kept.host, kept.port, kept.token, kept.seat) == (
        "192.168.1.20",
        47000,
        "ab" * 16,
        2,
    )
    assert kept.address == "192.168.1.20:47000"
    assert load_ticket(now=kept.saved + 13 * 3600) is None  # an evening later it is not offered
    for junk in ("", "{", "[]", '{"host": 1}', '{"host": "h", "port": "x", "token": "t"}', "\x00\xff"):
        ticket_path().write_text(junk, encoding="utf-8", errors="surrogateescape")
        assert load_ticket() is None
    clear_ticket()
    clear_ticket()  # twice is fine
    assert not ticket_path().exists()


@pytest.mark.parametrize("flags", [["--rejoin"], []], ids=["rejoin", "by-default"])
def test_main_join_takes_back_its_seat_after_the_process_is_killed(tmp_path, flags):
    """`main.py join` keeps its token on disk (by default, per table; `--rejoin` for the title too):
    killed mid-match and started again, the same command sits down at the same seat (the host kept it,
    an AI playing meanwhile) and plays the match to its end; one Aoi at the table, never two."""

    async def main():
        host = Host(config(players=3, min_people=1, rounds=1, timing=Timing(100, 50, 150)), log=quiet)
        await host.start()
        runner = asyncio.create_task(host.run())
        env = {**os.environ, "DOBON_TABLE_HOME": str(tmp_path), "PYTHONUNBUFFERED": "1"}
        command = [sys.executable, str(ROOT / "main.py"), "join", f"127.0.0.1:{host.port}", *flags]
        first = await asyncio.create_subprocess_exec(
            *command, "--name", "Aoi", stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env
        )
        second = None
        try:
            line = (await asyncio.wait_for(first.stdout.readline(), 20)).decode()
            await until(lambda: host.game is not None and len(host.game.actions) > 2, 20, "play")
            first.kill()  # a crash: no goodbye
            await first.wait()
            seat = int(line.rsplit(" ", 1)[1])
            await until(lambda: not host.seats[seat].connected, 10, "the host to notice")
            kept = json.loads((tmp_path / "lan-seats.json").read_text())
            second = await asyncio.create_subprocess_exec(
                *command, "--name", "Aoi", stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env
            )
            out = (await asyncio.wait_for(second.communicate(), 90))[0].decode()
            await asyncio.wait_for(runner, 10)
        finally:
            for process in (first, second):
                if process is not None and process.returncode is None:
                    process.kill()
                    await process.wait()
            runner.cancel()
            await host.close()
        return line, seat, out, second.returncode, host, kept

    line, seat, out, code, host, kept = asyncio.run(main())
    assert line.startswith("joined app table as seat")
    assert list(kept) == [f"127.0.0.1:{host.port} aoi"] and kept[f"127.0.0.1:{host.port} aoi"]["seat"] == seat
    assert f"back at app table as seat {seat}" in out, out
    assert f"match finished: seat {seat}" in out and code == 0, out
    assert host.seats[seat].name == "Aoi" and host.seats[seat].kind == "person"
    assert [s.name for s in host.seats].count("Aoi") == 1
    assert not ticket_path_in(tmp_path).exists()  # the match is over: nothing left to rejoin
    assert json.loads((tmp_path / "lan-seats.json").read_text()) == {}


def ticket_path_in(home: Path) -> Path:
    return home / "lan-seat.json"


def test_updates_after_a_comeback_keep_coming_in_order():
    """After a comeback the seq never goes backwards and play goes on (an update per action)."""

    async def main():
        host = Host(config(rounds=1), log=quiet)
        await host.start()
        runner = asyncio.create_task(host.run())
        client = Client("127.0.0.1", host.port, "A", log=quiet)
        await client.connect()
        playing = asyncio.create_task(play_as_ai(client, make_seat("easy", 1, 0), patience=20))
        seqs: list[int] = []
        try:
            await until(lambda: client.seq > 2, 15, "play")
            client.writer.transport.abort()  # the connection breaks outright
            finished = await asyncio.wait_for(playing, 60)
            seqs = [m.seq for m in client.received if isinstance(m, Update)]
            await asyncio.wait_for(runner, 10)
        finally:
            playing.cancel()
            runner.cancel()
            await host.close()
            await client.close()
        return finished, seqs

    finished, seqs = asyncio.run(main())
    assert finished is not None
    assert seqs == sorted(seqs) and len(seqs) > 5
