"""Simulation core against the engine: random seats, the same games, side by side in one run.

    python bench/sim_speed.py [--rounds N] [--players N] [--repeats N] [--rules PRESET[,PRESET...]]

For each preset that has a core (game.sim.CORES) it alternates runs of the engine, driven as
bench/engine.py drives it (game.headless.play, random seats, the event log on), and of the core
(game.sim.play_random), on the same seeds: both play the same games, which the script checks (the same
number of actions and the same scores), so actions per second and rounds per second compare alike.
Alternating keeps the ratio honest on a shared machine whose load moves. Prints the best and the median
of each and the core's speed-up. Target (issue 33): the core at least 4x the engine, `app` >= 530k
actions/s.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import Game
from game.headless import play
from game.rules import make_rules
from game.seats import make_seat
from game.sim import CORES, play_random, random_seats


def engine_run(preset: str, players: int, rounds: int, seed: int) -> tuple[float, int, tuple[int, ...]]:
    rules = make_rules(preset, players)
    seats = [make_seat("random", seed, s) for s in range(players)]
    game = Game(rules, seed)
    start = time.perf_counter()
    actions = play(game, seats, rounds)
    return time.perf_counter() - start, actions, tuple(game.scores)


def core_run(preset: str, players: int, rounds: int, seed: int) -> tuple[float, int, tuple[int, ...]]:
    sim = CORES[preset].for_rules(make_rules(preset, players), seed)
    seats = random_seats(seed, players)
    start = time.perf_counter()
    actions = play_random(sim, seats, rounds)
    return time.perf_counter() - start, actions, tuple(sim.scores)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--rounds", type=int, default=300, help="rounds per run (a random round: ~800 actions)"
    )
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--repeats", type=int, default=5, help="runs of each, alternating")
    parser.add_argument("--rules", default=",".join(CORES), help="presets with a core, comma-separated")
    args = parser.parse_args()
    chosen = [p.strip() for p in args.rules.split(",") if p.strip()]
    unknown = [p for p in chosen if p not in CORES]
    if unknown or not chosen:
        parser.error(f"no core for {', '.join(unknown) or '(none)'}; cores: {', '.join(CORES)}")
    print(
        f"python {sys.version.split()[0]}, {args.players} random seats, {args.rounds} rounds per run, "
        f"{args.repeats} runs of each, alternating"
    )
    for preset in chosen:
        rates: dict[str, list[float]] = {"engine": [], "core": []}
        rounds_rates: dict[str, list[float]] = {"engine": [], "core": []}
        for repeat in range(args.repeats):
            seed = repeat + 1
            seconds_e, actions_e, scores_e = engine_run(preset, args.players, args.rounds, seed)
            seconds_c, actions_c, scores_c = core_run(preset, args.players, args.rounds, seed)
            if (actions_e, scores_e) != (actions_c, scores_c):
                sys.exit(
                    f"{preset} seed {seed}: the core played another game ({actions_c} vs {actions_e} actions)"
                )
            rates["engine"].append(actions_e / seconds_e)
            rates["core"].append(actions_c / seconds_c)
            rounds_rates["engine"].append(args.rounds / seconds_e)
            rounds_rates["core"].append(args.rounds / seconds_c)
        for side in ("engine", "core"):
            print(
                f"{preset:<9} {side:<7} best {max(rates[side]):>10,.0f} actions/s, median "
                f"{statistics.median(rates[side]):>10,.0f} actions/s "
                f"({statistics.median(rounds_rates[side]):,.0f} rounds/s)"
            )
        ratio = statistics.median(c / e for c, e in zip(rates["core"], rates["engine"], strict=True))
        print(f"{preset:<9} core/engine, median of paired runs: {ratio:.2f}x (same games: checked)")


if __name__ == "__main__":
    main()
