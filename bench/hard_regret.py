"""How far hard's choices fall short of what a seat that sees every hand would choose, decision by decision.

    python bench/hard_regret.py [--rules PRESET] [--deals N] [--seed S] [--worlds W] [--horizon H]
                                [--json FILE]

The arena's figures are points per round, whose spread is large: a change to hard's reading of the
table needs hundreds of deals to show there. This looks at single decisions instead. Rounds are played
by `normal` seats; at every turn decision hard would search, hard is asked what it would do from that
seat's view, and a judge that sees every hand (the hard search's own rollouts on the true deal, only
the stock's order unknown, `--worlds` worlds per option) values each of hard's options. It prints the
mean regret of hard's choice (the best option's value minus the chosen one's, in the preset's points
per round, with its 95% interval), the same for the heuristic's choice hard started from, and how
often hard picked the judge's best. `--json FILE` keeps each decision's figures, so that two versions
of hard can be compared decision by decision on the same seed. `--horizon H` cuts hard's rollouts
(not the judge's) after H simulated actions, the learned value of the position standing for the rest.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.arena import _truth
from game.engine import Game
from game.headless import play_round
from game.rules import make_rules
from game.seats import HardSeat, make_seat
from game.seats.hard import outcome, play_out


class Probe(HardSeat):
    """Hard, noting the options it searched, its choice and the heuristic's."""

    searched: tuple[list, object, object] | None = None

    def search(self, view, options, sample, prior=None):
        chosen = super().search(view, options, sample, prior)
        self.searched = (list(options), chosen, prior)
        return chosen


def judge(game: Game, seat: int, options: list, worlds: int, rng: random.Random) -> list[float]:
    """Each option's mean outcome on the true deal (the stock shuffled), the same worlds for all."""
    sums = [0.0] * len(options)
    for _ in range(worlds):
        world = _truth(game, rng)
        before, seed = list(world.scores), rng.randrange(2**31)
        for i, option in enumerate(options):
            sim = world.clone(seed)
            sim.apply(option)
            play_out(sim, random.Random(seed))
            sums[i] += outcome(sim, seat, before)
    return [total / worlds for total in sums]


def decisions(preset: str, deals: int, seed: int, worlds: int, horizon: int | None = None) -> list[dict]:
    out: list[dict] = []
    rules = make_rules(preset, 4, developing=True)
    for deal in range(deals):
        game = Game(rules, seed * 1000 + deal)
        seats = [make_seat("normal", f"{seed}:{deal}", s) for s in range(game.n)]

        def ask(g: Game, action, deal=deal) -> None:
            if action.seat != g.turn:
                return
            legal = g.sync_actions(g.turn)
            hard = Probe(f"{seed}:{deal}:{len(out)}")
            hard.horizon = horizon
            hard.act(g.view(g.turn, legal))
            if hard.searched is None:
                return
            options, chosen, prior = hard.searched
            values = judge(g, g.turn, options, worlds, random.Random(f"{seed}:{deal}:{len(out)}"))
            best = max(values)
            out.append(
                {
                    "deal": deal,
                    "regret": best - values[options.index(chosen)],
                    "prior_regret": best - values[options.index(prior)],
                    "best": values[options.index(chosen)] == best,
                }
            )

        play_round(game, seats, ask)
    return out


def interval(values: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    return mean, 1.96 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="app")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--worlds", type=int, default=150, help="the judge's worlds per option (default 150)")
    parser.add_argument("--horizon", type=int, help="cut hard's rollouts after this many actions")
    parser.add_argument("--json", type=Path, help="write each decision's figures to this file")
    args = parser.parse_args()
    rows = decisions(args.rules, args.deals, args.seed, args.worlds, args.horizon)
    if not rows:
        parser.error("hard searched no decision in these deals")
    if args.json:
        args.json.write_text(json.dumps(rows), encoding="utf-8")
    regret, regret_ci = interval([r["regret"] for r in rows])
    prior, prior_ci = interval([r["prior_regret"] for r in rows])
    print(
        f"{args.rules}, seed {args.seed}, {args.deals} deals, {len(rows)} searched decisions: "
        f"hard's regret {regret:.3f} ± {regret_ci:.3f}, the heuristic's {prior:.3f} ± {prior_ci:.3f}; "
        f"hard chose the judge's best in {sum(r['best'] for r in rows) / len(rows):.1%}"
    )


if __name__ == "__main__":
    main()
