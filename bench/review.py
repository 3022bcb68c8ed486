"""What an AI review of one round costs: seconds per reviewed round, per preset, at the default budgets.

    python bench/review.py [--rounds N] [--players N] [--presets app,standard] [--work N]

A round is played by `normal` seats (seat 0 stands for the person), then seat 0's decisions in it are
reviewed (game.review: hard's choice and both choices valued, at `--work` simulated actions a decision
besides hard's own search). The review is bounded by work, not time, so its result is the same on any
machine; this prints what that work costs here. Single process: run it on an idle machine.
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
from game.review import WORK, review_game
from game.rules import make_rules
from game.seats import make_seat


def bench(preset: str, players: int, rounds: int, work: int) -> dict:
    seconds, decisions = [], []
    for deal in range(rounds):
        seed = 1000 + deal
        game = Game(make_rules(preset, players, {}, developing=True), seed)
        play(game, [make_seat("normal", seed, s) for s in range(players)], 1)
        fresh = Game(make_rules(preset, players, {}, developing=True), seed)
        start = time.perf_counter()
        review = review_game(fresh, list(game.actions), 0, seed=seed, work=work)
        seconds.append(time.perf_counter() - start)
        decisions.append(len(review.decisions))
    return {
        "preset": preset,
        "rounds": rounds,
        "decisions_per_round": statistics.mean(decisions),
        "median_s": statistics.median(seconds),
        "max_s": max(seconds),
        "s_per_decision": sum(seconds) / max(1, sum(decisions)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="rounds reviewed per preset (default 5)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--presets", default="app,standard", help="comma-separated (default app,standard)")
    parser.add_argument("--work", type=int, default=WORK, help=f"review work per decision (default {WORK})")
    args = parser.parse_args()
    print(f"review of seat 0's round, {args.players} players, work {args.work} a decision (+ hard's search)")
    print(f"{'preset':<9} {'rounds':>6} {'decisions':>9} {'median s':>9} {'max s':>7} {'s/decision':>10}")
    for preset in args.presets.split(","):
        r = bench(preset.strip(), args.players, args.rounds, args.work)
        print(
            f"{r['preset']:<9} {r['rounds']:>6} {r['decisions_per_round']:>9.1f} {r['median_s']:>9.2f} "
            f"{r['max_s']:>7.2f} {r['s_per_decision']:>10.3f}"
        )


if __name__ == "__main__":
    main()
