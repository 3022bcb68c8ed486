"""A twelve-seat super table on the LAN (two decks, D1/T-1): a host and eleven guests over real sockets
on 127.0.0.1 play a whole match as AI seats, and every guest ends with the host's scores."""

from __future__ import annotations

import asyncio

from lankit import loopback

from game.realtime import Timing
from game.seats import make_seat
from net.client import Client, play_as_ai
from net.host import Host
from net.protocol import Error

FAST = Timing(turn_ms=15, dobon_ms=8, window_ms=40)
GUESTS = 11


def quiet(*_args) -> None:
    pass


def test_a_host_and_eleven_guests_play_super_with_two_decks():
    async def main():
        config = loopback(
            preset="super",
            players=12,
            ai="normal",
            rounds=2,
            seed=12,
            lobby_seconds=0.2,
            timing=FAST,
            round_pause=0.05,
        )
        host = Host(config, log=quiet)
        await host.start()
        runner = asyncio.create_task(host.run())
        guests = [Client("127.0.0.1", host.port, f"Guest {i + 1}", log=quiet) for i in range(GUESTS)]
        for guest in guests:
            await guest.connect()
        levels = ["normal", "easy", "basic", "greedy"]
        results = await asyncio.wait_for(
            asyncio.gather(
                *(play_as_ai(g, make_seat(levels[i % 4], 1, g.seat)) for i, g in enumerate(guests))
            ),
            240,
        )
        finished = await asyncio.wait_for(runner, 30)
        for guest in guests:
            await guest.close()
        return host, guests, finished, results

    host, guests, finished, results = asyncio.run(main())
    game = host.game
    assert game is not None and game.n == 12 and game.rules.two_decks and len(game.deck) == 108
    assert host.rounds_done == 2 and len(finished.scores) == 12
    assert sorted(g.seat for g in guests) == list(range(11)) and host.seats[11].kind == "ai"
    assert all(r.scores == finished.scores for r in results)
    for guest in guests:
        assert guest.view is not None and guest.view.players == 12
        assert not any(isinstance(m, Error) for m in guest.received)
