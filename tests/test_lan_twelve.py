"""A twelve-seat super table on the LAN (two decks, D1/T-1): a host and eleven guests over real sockets
on 127.0.0.1 play a whole match as AI seats, and every guest ends with the host's scores."""

from __future__ import annotations

import asyncio

from test_lan import config, quiet, run_match

from net.client import Client
from net.host import Host
from net.protocol import Error

GUESTS = 11


def test_a_host_and_eleven_guests_play_super_with_two_decks():
    async def main():
        host = Host(config(preset="super", players=12, rounds=2, seed=12), log=quiet)
        guests = [Client("127.0.0.1", 0, f"Guest {i + 1}", log=quiet) for i in range(GUESTS)]
        levels = ["normal", "easy", "basic", "greedy"] * 3
        return host, guests, await run_match(host, guests, levels[:GUESTS])

    host, guests, (finished, results) = asyncio.run(main())
    game = host.game
    assert game is not None and game.n == 12 and game.rules.two_decks and len(game.deck) == 108
    assert host.rounds_done == 2 and len(finished.scores) == 12
    assert sorted(g.seat for g in guests) == list(range(GUESTS)) and host.seats[11].kind == "ai"
    assert all(r.scores == finished.scores for r in results)
    for guest in guests:
        assert guest.view is not None and guest.view.players == 12
        assert not any(isinstance(m, Error) for m in guest.received)
