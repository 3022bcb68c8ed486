"""Issue 31: "Rematch with the same table". After a LAN match the table stays open; the host offers a
rematch and everyone still connected is back in its lobby on the same connection, in the same seat
with the same token, while watchers follow; a new match starts once the people are ready. A guest may
leave instead: its seat is open in the rematch. Real sockets on 127.0.0.1; every wait is bounded."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest
from lankit import loopback, until

from game.realtime import Timing
from game.seats import make_seat
from net.client import Client, play_as_ai
from net.host import Host
from net.protocol import Finished, Lobby

ROOT = Path(__file__).resolve().parent.parent
FAST = Timing(turn_ms=30, dobon_ms=20, window_ms=60)


def quiet(*_args) -> None:
    pass


def rematch_host(**kw) -> Host:
    base = dict(
        players=3,
        rounds=1,
        seed=5,
        min_people=2,
        lobby_seconds=0.05,
        timing=FAST,
        round_pause=0.1,
        rematch=True,
    )
    base.update(kw)
    return Host(loopback(**base), log=quiet)


async def play_on(client: Client, seat: int) -> Finished:
    """Play a match out as AI (saying ready first, as a person in the lobby would)."""
    return await asyncio.wait_for(play_as_ai(client, make_seat("easy", 1, seat), reconnect=False), 60)


def test_a_rematch_keeps_the_table_its_seats_and_its_watchers_and_a_new_match_starts_when_ready():
    async def main():
        host = rematch_host()
        await host.start()
        runner = asyncio.create_task(host.run())
        aoi = Client("127.0.0.1", host.port, "Aoi", log=quiet)
        ben = Client("127.0.0.1", host.port, "Ben", log=quiet)
        mio = Client("127.0.0.1", host.port, "Mio", log=quiet, watch=True)
        try:
            for c in (aoi, ben, mio):
                await c.connect()
            seats = {c.name: (c.seat, c.token) for c in (aoi, ben)}
            first = await asyncio.gather(play_on(aoi, aoi.seat), play_on(ben, ben.seat))
            # the match is over, and the table has not closed: everyone is still connected
            await asyncio.sleep(0.3)
            still_open = not runner.done() and all(s.connected for s in host.seats if s.kind == "person")
            watchers_before = len(host.watchers)
            host.rematch()
            for c in (aoi, ben, mio):  # everyone hears the rematch's lobby on the same connection
                async with asyncio.timeout(10):
                    while not (isinstance(await c.receive(), Lobby) and c.lobby.rematch):
                        pass
            lobby = aoi.lobby
            reset = (aoi.finished, ben.finished, aoi.view, host.started.is_set())
            second = await asyncio.gather(play_on(aoi, aoi.seat), play_on(ben, ben.seat))
            async with asyncio.timeout(10):
                while mio.finished is None:  # the watcher followed the new match to its end
                    await mio.receive()
        finally:
            runner.cancel()
            await host.close()
            for c in (aoi, ben, mio):
                await c.close()
        return host, seats, first, second, still_open, watchers_before, lobby, reset, aoi, ben, mio

    host, seats, first, second, still_open, watchers, lobby, reset, aoi, ben, mio = asyncio.run(main())
    assert still_open and watchers == 1
    # the rematch's lobby: the same people in the same seats, nobody ready yet, the match not started
    assert not lobby.started
    people = {s.name: s.seat for s in lobby.seats if s.kind == "person"}
    assert people == {name: seat for name, (seat, _) in seats.items()}
    assert not any(s.ready for s in lobby.seats if s.kind == "person")
    assert [s.kind for s in lobby.seats].count("open") == 1  # the AI's seat is open again
    assert lobby.watchers == ["Mio"]
    assert reset == (None, None, None, False)  # each client set the finished match aside
    assert (aoi.seat, aoi.token) == seats["Aoi"] and (ben.seat, ben.token) == seats["Ben"]
    for finished in (*first, *second, mio.finished):
        assert finished.complete
    assert host.matches == 2 and second[0].names == second[1].names


def test_a_guest_may_leave_instead_of_a_rematch_and_its_seat_is_open_in_it():
    async def main():
        host = rematch_host(players=2, min_people=1)
        await host.start()
        runner = asyncio.create_task(host.run())
        aoi = Client("127.0.0.1", host.port, "Aoi", log=quiet)
        ben = Client("127.0.0.1", host.port, "Ben", log=quiet)
        try:
            for c in (aoi, ben):
                await c.connect()
            await asyncio.gather(play_on(aoi, aoi.seat), play_on(ben, ben.seat))
            await ben.close()  # Ben leaves from the match's result
            await until(lambda: not host.seats[ben.seat].connected, 5, "Ben's leaving")
            host.rematch()
            async with asyncio.timeout(10):
                while not (isinstance(await aoi.receive(), Lobby) and aoi.lobby.rematch):
                    pass
            lobby = aoi.lobby
            second = await play_on(aoi, aoi.seat)
        finally:
            runner.cancel()
            await host.close()
            for c in (aoi, ben):
                await c.close()
        return lobby, second, aoi.seat, ben.seat

    lobby, second, aoi_seat, ben_seat = asyncio.run(main())
    assert lobby.seats[aoi_seat].kind == "person" and lobby.seats[ben_seat].kind == "open"
    assert second.complete and second.names[aoi_seat] == "Aoi" and second.names[ben_seat] != "Ben"


def test_without_a_rematch_offer_a_finished_table_closes_as_before():
    """A headless host (HostConfig.rematch False) closes its table at the match's end."""

    async def main():
        host = rematch_host(players=2, min_people=1, rematch=False)
        await host.start()
        runner = asyncio.create_task(host.run())
        aoi = Client("127.0.0.1", host.port, "Aoi", log=quiet)
        try:
            await aoi.connect()
            await play_on(aoi, aoi.seat)
            result = await asyncio.wait_for(runner, 10)
        finally:
            runner.cancel()
            await host.close()
            await aoi.close()
        return result

    assert asyncio.run(main()).complete


def test_a_watcher_who_came_after_the_end_follows_the_rematch():
    async def main():
        host = rematch_host(players=2, min_people=1)
        await host.start()
        runner = asyncio.create_task(host.run())
        aoi = Client("127.0.0.1", host.port, "Aoi", log=quiet)
        kai = Client("127.0.0.1", host.port, "Kai", log=quiet, watch=True)
        try:
            await aoi.connect()
            await play_on(aoi, aoi.seat)
            await kai.connect()  # the match is over: it sees the finished table, never its Finished
            async with asyncio.timeout(10):
                while kai.view is None:
                    await kai.receive()
            host.rematch()
            for c in (kai, aoi):
                async with asyncio.timeout(10):
                    while not (isinstance(await c.receive(), Lobby) and c.lobby.rematch):
                        pass
            second = await play_on(aoi, aoi.seat)
            async with asyncio.timeout(10):
                while kai.finished is None:
                    await kai.receive()
        finally:
            runner.cancel()
            await host.close()
            for c in (aoi, kai):
                await c.close()
        return second, kai.finished

    second, watched = asyncio.run(main())
    assert second.complete and watched.complete and watched.scores == second.scores


def test_a_headless_host_with_matches_offers_the_rematch_itself_and_closes_after_the_last():
    """`main.py host --matches 2` (HostConfig.matches): after the first match's result the host offers
    the rematch by itself (`rematch_after_s`), guests and watchers hear it as from the desktop's host
    (`Lobby.rematch`, same seats and tokens, the AI's seat open again), and after the second match the
    table closes by itself."""

    async def main():
        host = rematch_host(rematch=False, matches=2, rematch_after_s=0.3)
        await host.start()
        runner = asyncio.create_task(host.run())
        aoi = Client("127.0.0.1", host.port, "Aoi", log=quiet)
        ben = Client("127.0.0.1", host.port, "Ben", log=quiet)
        mio = Client("127.0.0.1", host.port, "Mio", log=quiet, watch=True)
        try:
            for c in (aoi, ben, mio):
                await c.connect()
            seats = {c.name: (c.seat, c.token) for c in (aoi, ben)}
            first = await asyncio.gather(play_on(aoi, aoi.seat), play_on(ben, ben.seat))
            for c in (aoi, ben, mio):  # nobody pressed anything: the host offered it
                async with asyncio.timeout(10):
                    while not (isinstance(await c.receive(), Lobby) and c.lobby.rematch):
                        pass
            lobby = aoi.lobby
            second = await asyncio.gather(play_on(aoi, aoi.seat), play_on(ben, ben.seat))
            result = await asyncio.wait_for(runner, 10)  # the last match: the table closes
        finally:
            runner.cancel()
            await host.close()
            for c in (aoi, ben, mio):
                await c.close()
        return host, seats, first, second, lobby, result, aoi, ben

    host, seats, first, second, lobby, result, aoi, ben = asyncio.run(main())
    assert not lobby.started and lobby.watchers == ["Mio"]
    assert {s.name: s.seat for s in lobby.seats if s.kind == "person"} == {
        n: s for n, (s, _) in seats.items()
    }
    assert [s.kind for s in lobby.seats].count("open") == 1
    assert (aoi.seat, aoi.token) == seats["Aoi"] and (ben.seat, ben.token) == seats["Ben"]
    assert all(f.complete for f in (*first, *second)) and result.complete
    assert host.matches == 2


def test_a_headless_host_with_one_match_closes_at_its_end_even_with_a_rematch_wait():
    """The default (`--matches 1`): no rematch, whatever the wait says."""

    async def main():
        host = rematch_host(players=2, min_people=1, rematch=False, matches=1, rematch_after_s=0.0)
        await host.start()
        runner = asyncio.create_task(host.run())
        aoi = Client("127.0.0.1", host.port, "Aoi", log=quiet)
        try:
            await aoi.connect()
            await play_on(aoi, aoi.seat)
            result = await asyncio.wait_for(runner, 10)
        finally:
            runner.cancel()
            await host.close()
            await aoi.close()
        return result, host.matches

    result, matches = asyncio.run(main())
    assert result.complete and matches == 1


@pytest.mark.parametrize(
    ("flags", "said"),
    [
        (["--matches", "0"], "--matches must be 1..1000"),
        (["--matches", "2", "--rematch-after", "-1"], "--rematch-after must be 0..600 seconds"),
    ],
)
def test_main_host_refuses_a_wrong_match_count_or_rematch_wait_in_one_line(flags, said):
    run = [sys.executable, str(ROOT / "main.py"), "host", *flags, "--no-announce", "--port", "0"]
    done = subprocess.run(run, capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 2 and said in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
