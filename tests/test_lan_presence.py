"""Issue 17, defects 1 and 2: silence is noticed both ways (a heartbeat), on real sockets on 127.0.0.1.

A peer that stops talking without closing its TCP connection is what a pulled cable, a dropped Wi-Fi or
a closed lid looks like. The host must show such a seat as away and let AI play it, so the table goes
on; a client must say its host is lost instead of waiting for ever. Every wait here is bounded.
"""

from __future__ import annotations

import asyncio

import pytest
from lankit import loopback, silent_seat

from game.realtime import Timing
from net.client import Client, HostGone
from net.host import Host
from net.protocol import Chat, Lobby, Welcome, encode, read_message


def quiet(line: str) -> None:
    pass


def test_a_seat_that_goes_silent_is_shown_away_and_played_by_ai_so_the_match_finishes():
    async def main():
        cfg = loopback(
            preset="app",
            players=2,
            rounds=1,
            seed=3,
            min_people=1,
            lobby_seconds=0.2,
            away_s=0.6,
            away_ai_s=0.6,
            timing=Timing(turn_ms=40, dobon_ms=30, window_ms=80),
            round_pause=0.1,
        )
        host = Host(cfg, log=quiet)
        await host.start()
        runner = asyncio.create_task(host.run())
        writer, welcome = await silent_seat(host.port)  # its cable is out from the start
        away_seen = False
        try:
            async with asyncio.timeout(25):  # one round of AI play after the silence
                while not runner.done():
                    await asyncio.sleep(0.1)
                    away_seen = away_seen or host.seats[welcome.seat].away
            result = runner.result()
        finally:
            writer.close()
            if not runner.done():
                runner.cancel()
            await host.close()
        return result, away_seen

    result, away_seen = asyncio.run(main())
    assert away_seen  # every table was told the seat is away
    assert result is not None and len(result.scores) == 2  # and the match finished without them


def test_a_client_that_hears_nothing_from_its_host_says_the_connection_is_lost():
    async def silent_host(reader, writer):
        await read_message(reader, 5)  # Hello
        writer.write(encode(Welcome(0, "t" * 32, "app", 2, {}, 1)))
        await writer.drain()
        await asyncio.sleep(30)  # then nothing: the host's machine has vanished from the LAN

    async def main():
        server = await asyncio.start_server(silent_host, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        client = Client("127.0.0.1", port, "guest", log=quiet)
        try:
            await client.connect()
            client.silence_s = 1.0
            started = asyncio.get_running_loop().time()
            async with asyncio.timeout(10):  # today's client would wait here for ever
                with pytest.raises(HostGone, match="connection is lost"):
                    await client.receive()
            return asyncio.get_running_loop().time() - started
        finally:
            await client.close()
            server.close()

    waited = asyncio.run(main())
    assert 0.9 <= waited < 5


def test_a_quiet_lobby_is_not_a_lost_connection():
    """The heartbeat keeps a client that is only waiting (nobody else has joined) at the table."""

    async def main():
        cfg = loopback(preset="app", players=3, min_people=3)
        host = Host(cfg, log=quiet)
        await host.start()
        runner = asyncio.create_task(host.run())
        client = Client("127.0.0.1", host.port, "early", log=quiet)
        try:
            await client.connect()
            client.silence_s = 1.5
            seen = []

            async def listen():
                while True:
                    seen.append(await client.receive())

            listener = asyncio.create_task(listen())
            await asyncio.sleep(4)  # well past the silence limit, with no lobby change to send
            assert not listener.done(), listener.exception()
            listener.cancel()
            return seen, [s.away for s in host.seats]
        finally:
            await client.close()
            runner.cancel()
            await host.close()

    seen, away = asyncio.run(main())
    # only the lobby and the host's own word that this client joined (a chat event), nothing more
    assert all(isinstance(m, Lobby) or (isinstance(m, Chat) and m.event == "joined") for m in seen)
    assert not any(away)
