"""Is the review's estimated loss of a decision right? Its estimate against what a seat that sees every
hand measures for the same decision.

    python bench/review_calibration.py [--rules PRESET] [--deals N] [--seed S] [--worlds W] [--json FILE]

Rounds are played by `normal` seats (seeded). At every turn where a seat had more than one option
hard would search (its candidates: each playable card, and drawing), two valuations of every option
are made from the same position:

* the estimate, as the review makes it (`game.review.value`, read only: worlds sampled from the seat's
  own view by hard's inference, played out by the search's fast policy, common random numbers, the
  review's work budget);
* the measure, as `hard-cheat` would make it: the same playouts on the true deal, only the stock's
  order unknown, `--worlds` worlds per option.

A decision's loss is the best option's value minus the value of the option the seat played (the
seat's own score change to the round's end, in the preset's sense of better). The bench prints the
mean absolute error of the estimated loss against the measured one, its bias, and the share of
decisions whose class agrees: `best` (loss at most 5% of the scale), `small` (up to 25%) or `large`,
where the scale is the mean absolute score change of a seat per round in the same rounds (the
preset's own size of a round; docs/ai.md). The true loss's own noise (the judge's worlds) is printed
too: an estimate cannot be expected to agree more closely than that.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.actions import Kind
from game.arena import _truth
from game.engine import Game
from game.headless import play_round
from game.review import WORK, value
from game.rules import make_rules
from game.seats import HardSeat, make_seat
from game.seats.hard import play_out

BEST, SMALL = 0.05, 0.25  # class bounds as shares of the scale (docs/ai.md)


@dataclass
class Row:
    deal: int
    options: int
    estimated: float  # the review's loss of the seat's choice
    measured: float  # the cheat's
    measured_se: float  # the standard error of the measured loss (the judge's worlds)


def truth(
    game: Game, seat: int, options: list, worlds: int, rng: random.Random
) -> tuple[list[float], list[list[float]]]:
    """Each option's seat score change to the round's end on the true deal (the stock shuffled), the same
    worlds and luck for every option; also the per-world values."""
    per: list[list[float]] = [[] for _ in options]
    for _ in range(worlds):
        world = _truth(game, rng)
        before, luck = world.scores[seat], rng.randrange(2**31)
        sign = 1.0 if world.book.higher_is_better else -1.0
        for i, option in enumerate(options):
            sim = world.clone(luck)
            sim.apply(option)
            play_out(sim, random.Random(luck))
            per[i].append(sign * (sim.scores[seat] - before))
    return [statistics.fmean(v) for v in per], per


def loss_se(per: list[list[float]], best: int, chosen: int) -> float:
    if best == chosen:
        return 0.0
    diffs = [a - b for a, b in zip(per[best], per[chosen], strict=True)]
    return statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else 0.0


def positions(preset: str, deals: int, seed: int, worlds: int, work: int) -> tuple[list[Row], float]:
    """The rows, and the scale: the mean absolute score change of a seat per round."""
    rows: list[Row] = []
    changes: list[float] = []
    rules = make_rules(preset, 4, developing=True)
    for deal in range(deals):
        game = Game(rules, seed * 1000 + deal)
        seats = [make_seat("normal", f"{seed}:{deal}", s) for s in range(game.n)]
        start = list(game.scores)

        def ask(g: Game, action, deal=deal) -> None:
            if action.seat != g.turn or action.kind not in (Kind.PLAY, Kind.DRAW):
                return
            legal = g.sync_actions(g.turn)
            view = g.view(g.turn, legal)
            if not any(a.kind is Kind.PLAY for a in legal) or any(a.kind is Kind.DOBON for a in legal):
                return
            options = HardSeat(f"{seed}:{deal}:{len(rows)}").candidates(view)
            if action not in options:
                options.append(action)
            if len(options) < 2:
                return
            chosen = options.index(action)
            choices, _gain, _se, _worlds = value(view, options, seed * 1_000_003 + len(rows), work)
            sign = 1.0 if g.book.higher_is_better else -1.0
            est = [sign * c.value for c in choices]
            true, per = truth(g, g.turn, options, worlds, random.Random(f"{seed}:{deal}:{len(rows)}"))
            best = max(range(len(options)), key=lambda i: true[i])
            rows.append(
                Row(
                    deal,
                    len(options),
                    max(est) - est[chosen],
                    true[best] - true[chosen],
                    loss_se(per, best, chosen),
                )
            )

        play_round(game, seats, ask)
        changes += [abs(game.scores[s] - start[s]) for s in range(game.n)]
    return rows, statistics.fmean(changes)


def grade(loss: float, scale: float) -> str:
    if loss <= BEST * scale:
        return "best"
    return "small" if loss <= SMALL * scale else "large"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="app")
    parser.add_argument("--deals", type=int, default=6)
    parser.add_argument("--seed", type=int, default=4242)
    parser.add_argument("--worlds", type=int, default=100, help="the cheat's worlds per option (default 100)")
    parser.add_argument("--work", type=int, default=WORK, help="the review's work per decision")
    parser.add_argument("--json", type=Path, help="write each decision's figures to this file")
    args = parser.parse_args()
    rows, scale = positions(args.rules, args.deals, args.seed, args.worlds, args.work)
    if not rows:
        parser.error("no decision with a choice in these deals")
    if args.json:
        args.json.write_text(json.dumps([asdict(r) for r in rows]), encoding="utf-8")
    errors = [r.estimated - r.measured for r in rows]
    mae = statistics.fmean(abs(e) for e in errors)
    mae_ci = 1.96 * statistics.stdev(abs(e) for e in errors) / len(rows) ** 0.5 if len(rows) > 1 else 0.0
    agree = [grade(r.estimated, scale) == grade(r.measured, scale) for r in rows]
    share = sum(agree) / len(rows)
    share_ci = 1.96 * (share * (1 - share) / len(rows)) ** 0.5
    classes = {c: sum(grade(r.measured, scale) == c for r in rows) for c in ("best", "small", "large")}
    print(
        f"{args.rules}, seed {args.seed}, {args.deals} deals, {len(rows)} decisions (scale {scale:.1f} points "
        f"a round; measured classes {classes}):\n"
        f"  estimated loss - measured: mean absolute error {mae:.2f} ± {mae_ci:.2f} points, "
        f"bias {statistics.fmean(errors):+.2f}; measured loss {statistics.fmean(r.measured for r in rows):.2f}, "
        f"its own noise (se) {statistics.fmean(r.measured_se for r in rows):.2f}\n"
        f"  class agrees (best <= {BEST * scale:.1f} < small <= {SMALL * scale:.1f} < large): "
        f"{share:.1%} ± {share_ci:.1%}"
    )


if __name__ == "__main__":
    main()
