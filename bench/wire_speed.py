"""Writing speed of the wire forms: a round's events, each seat's view and the actions, per preset.

    python bench/wire_speed.py [--rounds N] [--players N] [--repeat N]

Plays `--rounds` rounds of each preset with random seats, then times writing what a LAN host sends
and a log keeps: every event as the referee sees it and as seat 1 sees it (`to_json`, then the JSON
text; or, through the event's schema Struct, straight to JSON bytes with msgspec, `wire()`), the
actions, and one view per seat. Prints microseconds per event, per action and per view,
the best of `--repeat` runs. Figures only: no target, nothing asserted.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import msgspec

from game.engine import Game
from game.headless import play
from game.rules import PRESETS, make_rules
from game.seats import make_seat

ENCODER = msgspec.json.Encoder()


def best_of(repeat: int, work: Callable[[], object]) -> float:
    """The fastest of `repeat` runs of `work`, in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def dumps(value: object) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}, {args.players} random seats, {args.rounds} rounds per preset")
    print(
        f"{'preset':<9} {'events':>7} {'us/event':>9} {'us/event+text':>14} {'us/event bytes':>15} {'us/action':>10} {'us/view':>8}"
    )
    for preset in PRESETS:
        print(measure(preset, args.players, args.rounds, args.repeat))


def measure(preset: str, players: int, rounds: int, repeat: int) -> str:
    """One preset's line of figures."""
    game = Game(make_rules(preset, players), 1)
    play(game, [make_seat("random", 1, s) for s in range(players)], rounds)
    events = list(game.events) + [e.for_seat(1) for e in game.events]
    actions = list(game.actions)
    views = [game.view(s) for s in range(players)]
    t_events = best_of(repeat, lambda: [e.to_json() for e in events])
    t_text = best_of(repeat, lambda: [dumps(e.to_json()) for e in events])
    t_bytes = best_of(repeat, lambda: [ENCODER.encode(e.wire()) for e in events])
    t_actions = best_of(repeat, lambda: [a.to_json() for a in actions])
    t_views = best_of(repeat, lambda: [dumps(v.to_json()) for v in views])
    return (
        f"{preset:<9} {len(events):>7} {t_events / len(events) * 1e6:>9.2f} "
        f"{t_text / len(events) * 1e6:>14.2f} {t_bytes / len(events) * 1e6:>15.2f} {t_actions / len(actions) * 1e6:>10.2f} "
        f"{t_views / len(views) * 1e6:>8.1f}"
    )


if __name__ == "__main__":
    main()
