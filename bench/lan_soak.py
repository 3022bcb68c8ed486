"""LAN soak: many AI-only rounds over loopback, watching the host's memory.

    python bench/lan_soak.py [--rounds 200] [--players 3] [--trace]

The host runs in a process of its own (so its memory is its own), with the `standard` preset set to
play all the rounds in one match; each seat is a real client on 127.0.0.1 played by AI (net.client
play_as_ai). The host's resident memory (VmRSS, Linux /proc) is sampled after the first round and
every tenth of the way, and by the host itself once the match is over; a host that keeps something per
round (a log, a queue, a task) shows it as growth. Prints the samples and start/end/growth. Not a test: figures for the issue and the README.
With --trace the host process also diffs tracemalloc snapshots taken after a tenth of the rounds and at
the end, and prints the lines that grew most (what the host keeps per round, by where it was made).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.realtime import Timing  # noqa: E402
from game.seats import make_seat  # noqa: E402
from net.client import Client, play_as_ai  # noqa: E402
from net.host import Host, HostConfig  # noqa: E402
from net.protocol import Update  # noqa: E402

SERVE = """
import asyncio, sys
sys.path.insert(0, {root!r})
from bench.lan_soak import serve
asyncio.run(serve(int(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "trace"))
"""


async def serve(rounds: int, players: int, trace: bool = False) -> None:
    """The host side (in its own process): one match of `rounds` rounds, AI pace; `trace`: print what
    grew between a tenth of the way and the end (tracemalloc, to stderr)."""
    config = HostConfig(
        preset="standard",
        players=players,
        options={"rounds_per_match": rounds},
        rounds=rounds,
        seed=17,
        host="127.0.0.1",
        port=0,
        min_people=players,
        lobby_seconds=0.1,
        timing=Timing(turn_ms=4, dobon_ms=2, window_ms=8),
        round_pause=0.01,
        advertise=False,
    )
    host = Host(config, log=lambda line: None)
    await host.start()
    print(f"port {host.port}", flush=True)
    if not trace:
        await host.run()
        print(f"rss {rss_kb(os.getpid())}", flush=True)  # the end, measured here: before any teardown
        print("done", flush=True)
        return
    tracemalloc.start(6)
    first: list[tuple[int, tracemalloc.Snapshot]] = []

    async def snapshot_early() -> None:
        for _ in range(100_000):  # bounded: 0.05 s steps, far longer than any soak
            if host.rounds_done >= max(1, rounds // 10) or host.finished.is_set():
                break
            await asyncio.sleep(0.05)
        gc.collect()
        first.append((host.rounds_done, tracemalloc.take_snapshot()))

    early = asyncio.create_task(snapshot_early())
    await host.run()
    await early
    gc.collect()
    since, snapshot = first[0]
    diff = tracemalloc.take_snapshot().compare_to(snapshot, "traceback")
    total = sum(stat.size_diff for stat in diff)
    print(f"host memory traced: {total / 1024:+.0f} KiB from round {since} on", file=sys.stderr)
    for stat in diff[:8]:
        print(
            f"  {stat.size_diff / 1024:+8.1f} KiB in {stat.count_diff:+6d} blocks, made at:", file=sys.stderr
        )
        for line in stat.traceback.format(most_recent_first=True)[:6:2]:
            print(f"     {line.strip()}", file=sys.stderr)
    print(f"rss {rss_kb(os.getpid())}", flush=True)
    print("done", flush=True)


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def main(rounds: int, players: int, trace: bool = False) -> None:
    host = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        SERVE.format(root=str(ROOT)),
        str(rounds),
        str(players),
        "trace" if trace else "-",
        stdout=subprocess.PIPE,
    )
    assert host.stdout is not None
    port = int((await host.stdout.readline()).split()[1])
    clients = [Client("127.0.0.1", port, f"AI{i}", log=lambda line: None) for i in range(players)]
    for c in clients:
        await c.connect()
    watcher = clients[0]
    started = time.monotonic()
    samples: list[tuple[int, int]] = []
    step = max(1, rounds // 10)

    async def watch() -> None:
        seen = 0
        done = 0
        while watcher.finished is None:
            await asyncio.sleep(0.05)
            updates = [m for m in watcher.received[seen:] if isinstance(m, Update)]
            seen = len(watcher.received)
            for update in updates:
                done += sum(1 for e in update.events if e.get("event") == "RoundEnded")
            if done and (not samples or done - samples[-1][0] >= step):
                samples.append((done, rss_kb(host.pid)))
            for c in clients:
                c.received.clear()  # the bench's own memory stays flat too
            seen = 0

    plays = [play_as_ai(c, make_seat("normal", i, c.seat)) for i, c in enumerate(clients)]
    await asyncio.gather(watch(), *plays)
    async for line in host.stdout:  # the host's own figure once the match is over, then "done"
        if line.startswith(b"rss "):
            samples.append((rounds, int(line.split()[1])))
    await asyncio.wait_for(host.wait(), 30)
    for c in clients:
        await c.close()
    seconds = time.monotonic() - started
    print(f"LAN soak: {rounds} AI-only rounds, {players} seats over loopback, {seconds:.0f} s")
    for done, kb in samples:
        print(f"  after round {done:4d}: host RSS {kb / 1024:.1f} MB")
    start, end = samples[0][1], samples[-1][1]
    print(
        f"host RSS start {start / 1024:.1f} MB, end {end / 1024:.1f} MB, growth {(end - start) / 1024:+.1f} MB"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--trace", action="store_true", help="the host prints what grew (tracemalloc)")
    args = parser.parse_args()
    asyncio.run(main(args.rounds, args.players, args.trace))
