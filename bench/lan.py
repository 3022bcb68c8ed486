"""LAN action round-trip over loopback: `app` with 6 seats, and `jda`'s out-of-turn placements.

    python bench/lan.py [--preset app|jda|both] [--rounds N]

A host and its clients on 127.0.0.1 (real sockets, one asyncio loop), every seat a client played by
the `normal` AI. Every time a client sends an action, the time until it receives the update that
includes it (its action applied, every seat told) is recorded; a placement (a PLAY) is timed until the
update whose events show that seat's `Played`, and an action the host refused (another seat's went
first) is not timed. Prints p50, p95 and p99 in ms, for every action and for placements alone.

`app`: 6 seats; a placement is the turn player's play. Target: p99 <= 20 ms.
`jda`: 4 seats; a placement is a seat that is NOT the turn player putting down a card of the field
card's number (each client sends one the moment its view offers it, as a quick player would). The
jda host gathers every action that arrives within `simultaneity_ms` (100 ms, JD10) of the first into
one tick, so that the rulebook's precedence settles a race; every jda round trip includes that tick
(about 100 ms, the same whoever acts and whatever they hold).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.actions import Action, Kind
from game.realtime import Timing
from game.seats import make_seat
from game.view import SeatView
from net.client import Client, choose
from net.host import Host, HostConfig
from net.protocol import Finished, Refused, Update


@dataclass
class Samples:
    actions: list[float] = field(default_factory=list)  # every action, until the next update after it
    placements: list[float] = field(default_factory=list)  # plays, until the update that shows them
    refused: int = 0  # actions another seat's overtook (or that were stale): not timed


def out_of_turn_placement(view: SeatView) -> Action | None:
    """jda: a card of the field card's number this seat may put down now, not being the turn player."""
    if view.turn == view.seat:
        return None
    return next((a for a in view.legal if a.kind is Kind.PLAY), None)


def shows_play(update: Update, seat: int) -> bool:
    return any(e.get("event") == "Played" and e.get("seat") == seat for e in update.events)


async def seat_loop(client: Client, samples: Samples, race: bool) -> None:
    """Play the seat with the `normal` AI; with `race`, send every out-of-turn placement at once."""
    agent = make_seat("normal", 1, client.seat)
    await client.ready()
    sent_at: float | None = None
    sent_seq = -1
    placing = False  # the action waiting for its update is a placement
    while client.finished is None:
        message = await client.receive()
        if isinstance(message, Finished):
            break
        if isinstance(message, Refused) and sent_at is not None:
            samples.refused += 1
            sent_at = None
            continue
        if not isinstance(message, Update) or client.view is None:
            continue
        if sent_at is not None:
            elapsed = (time.perf_counter() - sent_at) * 1000
            if placing and shows_play(message, client.seat):
                samples.placements.append(elapsed)
                samples.actions.append(elapsed)
                sent_at = None
            elif not placing and client.seq > sent_seq:
                samples.actions.append(elapsed)
                sent_at = None
            else:
                continue
        view = client.view
        action = out_of_turn_placement(view) if race else None
        if action is None:
            action = choose(agent, view)
        if action is not None and action.kind is not Kind.PASS:
            # app: the turn player's play; jda: only a placement out of turn is what the issue times
            placing = action.kind is Kind.PLAY and (not race or view.turn != view.seat)
            sent_seq = client.seq
            sent_at = time.perf_counter()
            await client.act(action)


def percentiles(values: list[float]) -> str:
    if not values:
        return "no samples"
    ordered = sorted(values)
    pct = lambda q: ordered[min(len(ordered) - 1, int(len(ordered) * q))]  # noqa: E731
    return (
        f"p50 {statistics.median(ordered):.2f} ms, p95 {pct(0.95):.2f} ms, p99 {pct(0.99):.2f} ms, "
        f"max {ordered[-1]:.2f} ms ({len(ordered)})"
    )


async def measure(preset: str, rounds: int) -> None:
    players = 6 if preset == "app" else 4
    options: dict = {"max_players": 6} if preset == "app" else {"games": rounds}
    config = HostConfig(
        preset=preset,
        players=players,
        options=options,
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
    clients = [Client("127.0.0.1", host.port, f"P{i}", log=lambda line: None) for i in range(players)]
    for c in clients:
        await c.connect()
    samples = Samples()
    await asyncio.gather(*(seat_loop(c, samples, race=preset == "jda") for c in clients))
    await runner
    for c in clients:
        await c.close()
    gather = host.rules.rulebook().simultaneity_ms(host.game) if host.game is not None else 0.0
    what = "plays by the turn player" if preset == "app" else "same-number placements out of turn"
    print(
        f"LAN round-trip, {preset}, {players} seats on loopback, {rounds} rounds (simultaneity gather {gather:.0f} ms):"
    )
    print(f"  every action: {percentiles(samples.actions)}")
    print(f"  {what}: {percentiles(samples.placements)}; overtaken or refused, not timed: {samples.refused}")


async def main(preset: str, rounds: int) -> None:
    for name in ("app", "jda") if preset == "both" else (preset,):
        await measure(name, rounds)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", choices=("app", "jda", "both"), default="both")
    parser.add_argument("--rounds", type=int, default=6)
    args = parser.parse_args()
    asyncio.run(main(args.preset, args.rounds))
