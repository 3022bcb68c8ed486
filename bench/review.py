"""What an AI review of one round costs: seconds per reviewed round, per preset, at the default budgets.

    python bench/review.py [--rounds N] [--players N] [--presets app,standard] [--work N] [--engine]
    python bench/review.py --worth [--rounds N]    # what a round is worth, what a lost one costs

A round is played by `normal` seats (seat 0 stands for the person), then seat 0's decisions in it are
reviewed (game.review: hard's choice, and where it differs both choices valued, at `--work` simulated
actions a decision besides hard's own search; forced moves are counted apart and cost nothing). The review is bounded by work, not time, so its result is the same on any
machine; this prints what that work costs here. Single process: run it on an idle machine. A preset
with a simulation core for its rollouts (game.seats.fast) is reviewed on it; `--engine` reviews on the
engine everywhere (`HardSeat.cores` False), for a side-by-side figure.

`--worth` measures instead the scale of a round of each preset, kept with the preset's knowledge
(game.seats.presets): `round_worth`, the mean absolute score change of a seat in a round played by
`normal` seats (deals 5000, 5001 ...), which the review grades a loss on; and `usual_loss`, the mean loss
of a seat that lost a round, which the coach weighs a play's expected cost against.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import Game
from game.events import RoundEnded
from game.headless import play
from game.review import WORK, review_game
from game.rules import make_rules
from game.seats import HardSeat, make_seat
from game.seats.presets import knowledge


def bench(preset: str, players: int, rounds: int, work: int) -> dict:
    seconds, cpu, decisions, forced = [], [], [], []
    for deal in range(rounds):
        seed = 1000 + deal
        game = Game(make_rules(preset, players, {}, developing=True), seed)
        play(game, [make_seat("normal", seed, s) for s in range(players)], 1)
        fresh = Game(make_rules(preset, players, {}, developing=True), seed)
        start, start_cpu = time.perf_counter(), time.process_time()
        review = review_game(fresh, list(game.actions), 0, seed=seed, work=work)
        seconds.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)  # what a loaded machine's wall clock hides
        decisions.append(sum(1 for d in review.decisions if not d.forced))
        forced.append(sum(1 for d in review.decisions if d.forced))
    return {
        "preset": preset,
        "rounds": rounds,
        "decisions_per_round": statistics.mean(decisions),
        "forced_per_round": statistics.mean(forced),
        "median_s": statistics.median(seconds),
        "max_s": max(seconds),
        "median_cpu_s": statistics.median(cpu),
        "max_cpu_s": max(cpu),
        "s_per_decision": sum(seconds) / max(1, sum(decisions)),
    }


def worth(preset: str, players: int, rounds: int) -> tuple[float, float]:
    """A seat's mean absolute score change in a round of `preset`, and the mean loss of a seat that
    lost one (the round's losers, by its result), `normal` seats throughout."""
    changes: list[int] = []
    losses: list[int] = []
    for deal in range(rounds):
        game = Game(make_rules(preset, players, {}, developing=True), 5000 + deal)
        play(game, [make_seat("normal", deal, s) for s in range(players)], 1)
        for event in game.events:
            if isinstance(event, RoundEnded):
                changes += [abs(d) for d in event.result.deltas]
                losses += [abs(event.result.deltas[s]) for s in event.result.losers]
    return statistics.mean(changes), statistics.mean(losses) if losses else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="rounds reviewed per preset (default 5)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--presets", default="app,standard", help="comma-separated (default app,standard)")
    parser.add_argument("--work", type=int, default=WORK, help=f"review work per decision (default {WORK})")
    parser.add_argument("--worth", action="store_true", help="measure what a round is worth instead")
    parser.add_argument(
        "--engine", action="store_true", help="simulate on the engine even where a core exists"
    )
    args = parser.parse_args()
    if args.engine:
        HardSeat.cores = False
    if args.worth:
        print(f"the scale of a round, {args.players} normal seats: round_worth (mean |score change| of a seat)")
        print("and usual_loss (mean loss of a seat that lost), measured and in use (game.seats.presets)")
        print(f"{'preset':<9} {'rounds':>6} {'worth':>8} {'in use':>7} {'loss':>8} {'in use':>7}")
        for preset in (p.strip() for p in args.presets.split(",")):
            found, lost = worth(preset, args.players, args.rounds)
            known = knowledge(preset)
            print(
                f"{preset:<9} {args.rounds:>6} {found:>8.2f} {known.round_worth:>7g} "
                f"{lost:>8.2f} {known.usual_loss:>7g}"
            )
        return
    path = "the engine" if args.engine else "the cores where a preset has one"
    print(
        f"review of seat 0's round, {args.players} players, work {args.work} a decision (+ hard's search), on {path}"
    )
    print(
        f"{'preset':<9} {'rounds':>6} {'decisions':>9} {'forced':>6} {'median s':>9} {'max s':>7} "
        f"{'s/decision':>10} {'median cpu s':>12} {'max cpu s':>9}"
    )
    for preset in args.presets.split(","):
        r = bench(preset.strip(), args.players, args.rounds, args.work)
        print(
            f"{r['preset']:<9} {r['rounds']:>6} {r['decisions_per_round']:>9.1f} "
            f"{r['forced_per_round']:>6.1f} {r['median_s']:>9.2f} "
            f"{r['max_s']:>7.2f} {r['s_per_decision']:>10.3f} {r['median_cpu_s']:>12.2f} {r['max_cpu_s']:>9.2f}"
        )


if __name__ == "__main__":
    main()
