"""The longest pause the others see because of one person, on 127.0.0.1 with the host's defaults.

    python bench/lan_pause.py [--case idle|cable|both] [--seconds S]

A 2-seat `app` table (the person and an AI) with a watcher that notes when each update arrives; the
longest gap between two updates is the longest the others waited.

`idle`: the person stays connected (heartbeats on) and never acts: their time to act (15 s by default)
runs out, AI acts once; twice in a row and AI plays the seat. `cable`: the person's connection goes
silent without closing (a pulled cable: no heartbeat, no FIN): the seat is shown away after 3 s and AI
plays it a second later. Prints the longest pause and the time to act used. A figure, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from net.client import Client
from net.host import Host, HostConfig
from net.protocol import PROTOCOL_VERSION, Hello, Ready, Update, Welcome, encode, read_message


async def measure(case: str, seconds: float) -> tuple[float, float]:
    cfg = HostConfig(players=2, rounds=50, seed=3, min_people=1, lobby_seconds=0.05, port=0, advertise=False)
    cfg.host = "127.0.0.1"
    host = Host(cfg, log=lambda line: None)
    await host.start()
    runner = asyncio.create_task(host.run())
    watcher = Client("127.0.0.1", host.port, "Mio", log=lambda line: None, watch=True)
    person: Client | None = None
    writer = None
    if case == "idle":  # connected, heartbeat on, never acts
        person = Client("127.0.0.1", host.port, "Aoi", log=lambda line: None)
        await person.connect()
        await person.ready()
    else:  # a pulled cable: says ready, then neither reads nor writes, socket left open
        reader, writer = await asyncio.open_connection("127.0.0.1", host.port)
        writer.write(encode(Hello(PROTOCOL_VERSION, "Aoi")))
        writer.write(encode(Ready()))
        await writer.drain()
        assert isinstance(await read_message(reader, 5), Welcome)
    await watcher.connect()
    updates: list[float] = []

    async def note(client: Client, times: list[float] | None) -> None:
        while True:
            if isinstance(await client.receive(), Update) and times is not None:
                times.append(time.monotonic())

    tasks = [asyncio.create_task(note(watcher, updates))]
    if person is not None:
        tasks.append(asyncio.create_task(note(person, None)))
    try:
        await asyncio.sleep(seconds)
    finally:
        for task in tasks:
            task.cancel()
        if writer is not None:
            writer.close()
        runner.cancel()
        await host.close()
        await watcher.close()
        if person is not None:
            await person.close()
    gaps = [b - a for a, b in itertools.pairwise(updates)]
    return (max(gaps) if gaps else float("nan")), cfg.turn_limit_s


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--case", choices=("idle", "cable", "both"), default="both")
    parser.add_argument("--seconds", type=float, default=45.0, help="how long each case runs (default 45)")
    args = parser.parse_args()
    for case in ("idle", "cable") if args.case == "both" else (args.case,):
        longest, limit = asyncio.run(measure(case, args.seconds))
        print(f"{case}: longest pause the others saw {longest:.2f} s (time to act {limit:g} s)", flush=True)


if __name__ == "__main__":
    main()
