"""Where hard loses to `hard-cheat`: the cheat's edge taken apart, one piece of knowledge at a time.

    python bench/hard_gap.py [--rules PRESET] [--deals N] [--seed S] [--levels L1,L2,...] [--warmup W]

`hard-cheat` differs from `hard` in two places, both fed the true hands instead of inferred ones: the
danger its heuristic (`normal`) judges each card by, and the worlds its search plays out. Each level
here gives one of them the truth and leaves the other as hard has it, and plays against `normal` on
the arena's duplicate deals (the same deals, the levels rotated through 4 seats), one process:

* `hard`: nothing true (the level under study);
* `risk-cheat`: the normal heuristic alone (no search) judging danger from the true hands;
* `search-cheat`: hard's inferred danger, but its search plays out the true deal (the stock shuffled);
* `hard-cheat`: both (the arena's ceiling);
* `hard-uniform`: no inference at all (uniform deals for both): what the reading of the history gives.

It prints each level's points per round against `normal`, paired by deal, with a 95% interval.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.actions import REFEREE
from game.arena import CheatingHardSeat, _truth, rotations, warmed_up
from game.engine import Game
from game.phase import Phase
from game.rules import make_rules
from game.seats import HardSeat, Seat, make_seat
from game.seats.hard import InformedNormal


class RiskCheat(InformedNormal):
    """The normal heuristic judging danger from the true hands (no search)."""

    oracle: Game | None = None

    def act(self, view):
        game = self.oracle
        assert game is not None
        self.deals = [{s: list(h) for s, h in enumerate(game.hands) if s != view.seat}]
        self.book = game.book
        return super().act(view)


class SearchCheat(HardSeat):
    """Hard's inferred danger, searching the true deal."""

    oracle: Game | None = None

    def sampler(self, view):
        game = self.oracle
        assert game is not None
        return lambda: _truth(game, self.rng)


class UniformHard(HardSeat):
    """Hard without inference: uniform deals for the danger and the search."""

    def infer(self, view) -> None:
        self.normal.deals = None
        self.inference = None

    def sampler(self, view):
        from game.seats.determinize import determinize

        return lambda: determinize(view, self.rng)


LEVELS: dict[str, type[Seat]] = {
    "hard": HardSeat,
    "risk-cheat": RiskCheat,
    "search-cheat": SearchCheat,
    "hard-cheat": CheatingHardSeat,
    "hard-uniform": UniformHard,
}


def play(preset: str, level: str, seed: int, deal: int, warmup: int) -> float:
    """`level` minus `normal`, points per round on one deal, averaged over the rotations."""
    rules = make_rules(preset, 4)
    diffs = []
    for rot, assignment in enumerate(rotations([level, "normal"], 4)):
        game = warmed_up(rules, seed, deal, warmup)
        seats = [
            LEVELS[name](f"{seed}:{deal}:{rot}:{s}:{name}")
            if name in LEVELS
            else make_seat(name, f"{seed}:{deal}:{rot}", s)
            for s, name in enumerate(assignment)
        ]
        before = list(game.scores)
        while game.phase not in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            seat = game.sync_next()
            if seat == REFEREE:
                break
            legal = game.sync_actions(seat)
            if len(legal) == 1:
                game.apply(legal[0])
                continue
            agent = seats[seat]
            if hasattr(agent, "oracle"):
                agent.oracle = game
            game.apply(agent.act(game.view(seat, legal)))
        deltas = [game.scores[s] - before[s] for s in range(4)]
        mine = [d for d, name in zip(deltas, assignment, strict=True) if name == level]
        theirs = [d for d, name in zip(deltas, assignment, strict=True) if name != level]
        diff = statistics.fmean(mine) - statistics.fmean(theirs)
        diffs.append(diff if game.book.higher_is_better else -diff)
    return statistics.fmean(diffs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="app")
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--warmup", type=int, default=0)
    parser.add_argument("--levels", default=",".join(LEVELS))
    args = parser.parse_args()
    for level in args.levels.split(","):
        if level not in LEVELS:
            parser.error(f"unknown level {level!r}; choose from {', '.join(LEVELS)}")
        per = [play(args.rules, level, args.seed, d, args.warmup) for d in range(args.deals)]
        mean = statistics.fmean(per)
        ci = 1.96 * statistics.stdev(per) / len(per) ** 0.5 if len(per) > 1 else 0.0
        print(
            f"{args.rules}, seed {args.seed}, {args.deals} deals: {level} - normal "
            f"{mean:+.2f} ± {ci:.2f} points per round (better is +)",
            flush=True,
        )


if __name__ == "__main__":
    main()
