"""How well hard reads danger: its inferred chance that a card it may play gets called on, against the
truth.

    python bench/hard_danger.py [--rules PRESET] [--deals N] [--seed S]

`normal` with the true hands for its danger alone (no search) makes most of what `hard-cheat` makes
over `normal` in app (bench/hard_gap.py), so the reading of danger is where hard can gain. Rounds are
played by `normal` seats (seeded); at every turn with a card to play, for every card the seat may play,
three estimates of "some other seat can call dobon on it" are scored against what the true hands say
(1 or 0): the uniform one `normal` uses (game.seats.heuristics.Risk), hard's inferred one
(game.seats.inference.InferredRisk, its deals drawn as hard draws them), and the base rate (the share
of such cards called on over all positions, a constant). It prints the Brier score of each (mean
squared error; lower is better) and the log-loss, with the cards' count.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.actions import Kind
from game.clues import Clue
from game.engine import Game
from game.headless import play_round
from game.rules import make_rules
from game.seats import HardSeat, make_seat
from game.seats.heuristics import Risk
from game.seats.inference import InferredRisk


def called(game: Game, seat: int, card) -> bool:
    """Could some other seat's true hand call on `card` played now?"""
    history = (*game.history(), Clue(seat, (card,)))
    index = len(history) - 1
    for other in range(game.n):
        if other == seat or not game.hands[other]:
            continue
        totals = game.book.call_totals(history, index, other, len(game.hands[other]))
        if totals and game.book.could_call(game.hands[other], totals):
            return True
    return False


def rows(preset: str, deals: int, seed: int) -> list[tuple[float, float, bool]]:
    """(uniform estimate, inferred estimate, truth) for every card that could be played."""
    out: list[tuple[float, float, bool]] = []
    rules = make_rules(preset, 4, developing=True)
    for deal in range(deals):
        game = Game(rules, seed * 1000 + deal)
        seats = [make_seat("normal", f"{seed}:{deal}", s) for s in range(game.n)]

        def look(g: Game, action, deal=deal) -> None:
            if action.seat != g.turn or action.kind not in (Kind.PLAY, Kind.DRAW):
                return
            legal = g.sync_actions(g.turn)
            plays = [a for a in legal if a.kind is Kind.PLAY]
            if not plays:
                return
            view = g.view(g.turn, legal)
            hard = HardSeat(f"{seed}:{deal}:{len(out)}")
            hard.infer(view)
            inferred = InferredRisk(view, hard.normal.deals or [], hard.normal.book)
            uniform = Risk(view)
            for card in {a.card.id: a.card for a in plays}.values():
                out.append((uniform.of(card), inferred.of(card), called(g, g.turn, card)))

        play_round(game, seats, look)
    return out


def brier(pairs: list[tuple[float, bool]]) -> float:
    return sum((p - t) ** 2 for p, t in pairs) / len(pairs)


def log_loss(pairs: list[tuple[float, bool]]) -> float:
    eps = 1e-3
    return -sum(math.log(min(1 - eps, max(eps, p if t else 1 - p))) for p, t in pairs) / len(pairs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="app")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=77)
    args = parser.parse_args()
    data = rows(args.rules, args.deals, args.seed)
    base = sum(t for _u, _i, t in data) / len(data)
    print(
        f"{args.rules}, seed {args.seed}, {args.deals} deals, {len(data)} cards, {base:.1%} of them called on"
    )
    for name, pairs in (
        ("base rate", [(base, t) for _u, _i, t in data]),
        ("uniform (normal)", [(u, t) for u, _i, t in data]),
        ("inferred (hard)", [(i, t) for _u, i, t in data]),
    ):
        print(f"  {name:18} Brier {brier(pairs):.4f}  log-loss {log_loss(pairs):.4f}")


if __name__ == "__main__":
    main()
