"""Engine throughput: random seats playing each preset (playable, then in development), single process.

    python bench/engine.py [--rounds N] [--players N] [--rules PRESET[,PRESET...]]

Prints rounds/s and actions/s per preset (every applied action counts: plays, draws, dobon calls,
passes in reaction windows and the referee's deals). Target for `app`: >= 100,000 actions/s. The event log
is on. Presets in development (none today; jda and kabu were) are marked so; one that does not seat `--players` is left out.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import Game
from game.headless import play
from game.rules import DEVELOPING, PRESETS, make_rules
from game.seats import make_seat


def bench(preset: str, players: int, rounds: int, seed: int = 1) -> tuple[float, float, int, int]:
    rules = make_rules(preset, players, developing=True)
    seats = [make_seat("random", seed, s) for s in range(players)]
    game = Game(rules, seed)
    start = time.perf_counter()
    actions = play(game, seats, rounds)
    seconds = time.perf_counter() - start
    return rounds / seconds, actions / seconds, actions, len(game.events)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3000)
    parser.add_argument("--players", type=int, default=4)
    every = {**PRESETS, **DEVELOPING}
    parser.add_argument("--rules", default=",".join(every), help="presets, comma-separated (default: all)")
    args = parser.parse_args()
    chosen = [p.strip() for p in args.rules.split(",") if p.strip()]
    unknown = [p for p in chosen if p not in every]
    if unknown or not chosen:
        parser.error(f"unknown preset {', '.join(unknown) or '(none)'}; choose from {', '.join(every)}")
    print(f"python {sys.version.split()[0]}, {args.players} random seats, {args.rounds} rounds per run")
    for preset, cls in every.items():
        if preset not in chosen:
            continue
        if not cls.min_players <= args.players <= cls.players_cap:
            continue
        best = None
        for attempt in range(3):
            result = bench(preset, args.players, args.rounds, seed=attempt + 1)
            if best is None or result[1] > best[1]:
                best = result
        assert best is not None
        rps, aps, actions, events = best
        note = ", in development" if preset in DEVELOPING else ""
        print(
            f"{preset:<9} {rps:>10,.0f} rounds/s {aps:>12,.0f} actions/s  "
            f"({actions:,} actions, {events:,} events; best of 3{note})"
        )


if __name__ == "__main__":
    main()
