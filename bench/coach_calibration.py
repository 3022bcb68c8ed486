"""How well the coach's danger figures match the truth, on self-play positions.

    python bench/coach_calibration.py [--rules app,standard,...] [--positions N] [--seed S] [--times N]

Rounds are played by `normal` seats. At each turn decision with a card to play (a "position"), the coach
is asked, from that seat's view alone, the chance that some other seat can call dobon on each play
(game.coach); the truth is whether some other seat's real hand could, by the rulebook's own test
(`call_totals` and `could_call` on the hands as they are). The stated chances are put in bins (0-10%,
10-20%, ...) and each bin's mean stated chance is set beside how often someone really could call;
the Brier score (mean squared error of the stated chance, 0 is perfect) is printed beside that of
always stating the overall rate (which knows the answer's average, the coach does not).

`--times N` also times the coach as the table uses it (the dangers with their costs, then the hint) at
N decisions a preset, and prints the median and the slowest (wall-clock: figures, never a test).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.clues import Clue
from game.coach import Coach
from game.engine import Game
from game.headless import play_round
from game.rules import make_rules
from game.seats import make_seat


def truth(game: Game, seat: int, cards) -> bool:
    """Could some other seat's real hand call on `seat` putting `cards` down now (the rulebook's test)?"""
    book = game.book
    history = (*game.history(), Clue(seat, tuple(cards)))
    index = len(history) - 1
    for other in range(game.n):
        hand = game.hands[other]
        if other == seat or not hand:
            continue
        totals = book.call_totals(history, index, other, len(hand))
        if totals and book.could_call(hand, totals):
            return True
    return False


def positions(preset: str, count: int, seed: int) -> list[tuple[float, bool]]:
    """(stated chance, truth) for every play at `count` decisions of seeded self-play."""
    out: list[tuple[float, bool]] = []
    rules = make_rules(preset, 4, developing=True)
    coach = Coach()
    coach.cost_worlds = 0  # the chance is measured here, not the price
    seen = 0
    deal = 0
    while seen < count:
        game = Game(rules, seed * 1000 + deal)
        seats = [make_seat("normal", seed * 1000 + deal, s) for s in range(game.n)]

        def ask(g: Game, action) -> None:
            nonlocal seen
            if seen >= count or action.seat != g.turn:
                return
            view = g.view(g.turn, g.sync_actions(g.turn))
            dangers = coach.dangers(view)
            if not dangers:
                return
            seen += 1
            for danger in dangers:
                out.append((danger.chance, truth(g, g.turn, danger.action.cards)))

        play_round(game, seats, ask)
        deal += 1
    return out


def times(preset: str, count: int, seed: int) -> None:
    """The coach's time per decision, as the table asks it: dangers (with costs), then the hint."""
    rules = make_rules(preset, 4, developing=True)
    dangers: list[float] = []
    hints: list[float] = []
    deal = 0
    coach = Coach()
    while len(dangers) < count:
        game = Game(rules, seed * 1000 + 500 + deal)
        seats = [make_seat("normal", seed * 1000 + deal, s) for s in range(game.n)]

        def ask(g: Game, action) -> None:
            if len(dangers) >= count or action.seat != g.turn:
                return
            view = g.view(g.turn, g.sync_actions(g.turn))
            start = time.perf_counter()
            if not coach.dangers(view):
                return
            middle = time.perf_counter()
            coach.hint(view)
            dangers.append(middle - start)
            hints.append(time.perf_counter() - middle)

        play_round(game, seats, ask)
        deal += 1
    print(
        f"  {preset}: dangers median {statistics.median(dangers) * 1000:.0f} ms, slowest "
        f"{max(dangers) * 1000:.0f} ms; hint median {statistics.median(hints) * 1000:.0f} ms, slowest "
        f"{max(hints) * 1000:.0f} ms ({count} decisions)"
    )


def report(preset: str, pairs: list[tuple[float, bool]]) -> None:
    n = len(pairs)
    rate = sum(t for _p, t in pairs) / n if n else 0.0
    brier = sum((p - t) ** 2 for p, t in pairs) / n if n else 0.0
    base = sum((rate - t) ** 2 for _p, t in pairs) / n if n else 0.0
    print(f"\n{preset}: {n} plays; someone could call on {rate:.1%} of them")
    print("  stated     plays   mean stated   could call")
    for low in range(0, 100, 10):
        chosen = [(p, t) for p, t in pairs if low <= p * 100 < low + 10 or (low == 90 and p >= 1.0)]
        if not chosen:
            continue
        mean = sum(p for p, _t in chosen) / len(chosen)
        hit = sum(t for _p, t in chosen) / len(chosen)
        print(f"  {low:>3}-{low + 10:<3}%  {len(chosen):>6}   {mean:>10.1%}   {hit:>10.1%}")
    print(f"  Brier score {brier:.4f} (always stating the overall rate: {base:.4f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="app,standard,super")
    parser.add_argument("--positions", type=int, default=300, help="decisions per preset")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--times", type=int, default=0, help="also time the coach at N decisions a preset")
    args = parser.parse_args()
    for preset in args.rules.split(","):
        report(preset, positions(preset, args.positions, args.seed))
    if args.times:
        print("\nthe coach's time per decision (wall clock):")
        for preset in args.rules.split(","):
            times(preset, args.times, args.seed)


if __name__ == "__main__":
    main()
