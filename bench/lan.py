"""LAN action round-trip over loopback with 6 seats.

    python bench/lan.py [--rounds N]

A host and six clients on 127.0.0.1 (real sockets, one asyncio loop). Every time a client sends an
action, the time until it receives the update that includes it (its action applied, every seat told)
is recorded. Prints p50, p95 and p99 in ms. Target: p99 <= 20 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.actions import Kind
from game.realtime import Timing
from game.seats import make_seat
from net.client import Client, choose
from net.host import Host, HostConfig
from net.protocol import Finished, Update


async def seat_loop(client: Client, samples: list[float]) -> None:
    agent = make_seat("normal", 1, client.seat)
    await client.ready()
    sent_at: float | None = None
    sent_seq = -1
    while client.finished is None:
        message = await client.receive()
        if isinstance(message, Finished):
            break
        if not isinstance(message, Update) or client.view is None:
            continue
        if sent_at is not None and client.seq > sent_seq:
            samples.append((time.perf_counter() - sent_at) * 1000)
            sent_at = None
        if sent_at is not None:
            continue
        action = choose(agent, client.view)
        if action is not None and action.kind is not Kind.PASS:
            sent_seq = client.seq
            sent_at = time.perf_counter()
            await client.act(action)


async def main(rounds: int) -> None:
    config = HostConfig(
        preset="app",
        players=6,
        options={"max_players": 6},
        rounds=rounds,
        seed=3,
        host="127.0.0.1",
        port=0,
        lobby_seconds=0.2,
        timing=Timing(turn_ms=30, dobon_ms=10, window_ms=60),
        round_pause=0.05,
        advertise=False,
    )
    host = Host(config, log=lambda line: None)
    await host.start()
    runner = asyncio.create_task(host.run())
    clients = [Client("127.0.0.1", host.port, f"P{i}", log=lambda line: None) for i in range(6)]
    for c in clients:
        await c.connect()
    samples: list[float] = []
    await asyncio.gather(*(seat_loop(c, samples) for c in clients))
    await runner
    for c in clients:
        await c.close()
    samples.sort()
    pct = lambda q: samples[min(len(samples) - 1, int(len(samples) * q))]  # noqa: E731
    print(
        f"LAN round-trip, 6 seats on loopback, {len(samples)} actions over {rounds} rounds: "
        f"p50 {statistics.median(samples):.2f} ms, p95 {pct(0.95):.2f} ms, p99 {pct(0.99):.2f} ms, max {samples[-1]:.2f} ms"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6)
    asyncio.run(main(parser.parse_args().rounds))
