"""A learned value of a position: what each seat can expect from here to the round's end.

The hard seat's rollouts play a sampled world out with a fast policy; most of a long rollout's spread
is luck that has nothing to do with the choice being judged. Where a preset cuts its rollouts short
(`PresetKnowledge.rollout_horizon`), what the rest of the round would have brought is this value.
It generalises jda's table of hand values (tools/jda_values.py) to any preset: a linear model of a
seat's score change to the round's end, against the table's mean change, from what its hand is in
the (fully dealt) simulated world:

* `size_1` ... `size_7`: how many cards it holds (7 for 7 or more), one weight each: a seat one card
  from going out is near a win, a large hand pays at the end;
* `points`: what its hand would cost at the end, in tens (the preset's `points`);
* `calls`: the share of the 13 numbers its hand can call dobon on (a hand that can call wins rounds
  outright);
* `turn_0` ... `turn_3`: how many turns until it plays (0: it is to move); a seat that moves sooner
  sheds sooner.

The weights are fitted by least squares with a small ridge (tools/fit_values.py, from self-play
between `normal` seats) and shipped as data (game/seats/presets/value_weights.py); pure Python: a
handful of multiplications per seat where a rollout stops.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card
from .policy import _solve
from .presets import PresetKnowledge

SIZES = 7
TURNS = 4
FEATURES = (
    *(f"size_{s}" for s in range(1, SIZES + 1)),
    "points",
    "calls",
    *(f"turn_{t}" for t in range(TURNS)),
)
Row = tuple[float, ...]


@dataclass(frozen=True, slots=True)
class Sample:
    """One seat at one moment: its features and its score change from then to the round's end,
    against the table's mean change (in the scores' own units)."""

    row: Row
    target: float


def features(know: PresetKnowledge, hand: Sequence[Card], to_move: int) -> Row:
    """A seat's features: its `hand` in a fully dealt world, and the turns until it moves."""
    row = [0.0] * len(FEATURES)
    size = len(hand)
    if size:
        row[min(size, SIZES) - 1] = 1.0
    row[SIZES] = sum(know.points(c) for c in hand) / 10.0
    if size >= know.min_cards_to_call:
        totals = {t for t in know.hand_totals(list(hand)) if 1 <= t <= 13}
        row[SIZES + 1] = len(totals) / 13.0
    row[SIZES + 2 + min(to_move, TURNS - 1)] = 1.0
    return tuple(row)


def predict(weights: Sequence[float], row: Row) -> float:
    return sum(w * x for w, x in zip(weights, row, strict=True))


def centred(values: list[float]) -> list[float]:
    """Values against the table's mean: the model is of a seat's change against the others'."""
    mean = sum(values) / len(values) if values else 0.0
    return [v - mean for v in values]


def fit(samples: Sequence[Sample], ridge: float = 1.0) -> tuple[float, ...]:
    """Least-squares weights with a ridge of `ridge` on each (a feature seldom seen keeps a small weight)."""
    k = len(FEATURES)
    a = [[ridge if i == j else 0.0 for j in range(k)] for i in range(k)]
    b = [0.0] * k
    for s in samples:
        row = s.row
        nz = [i for i, x in enumerate(row) if x]
        for i in nz:
            b[i] += row[i] * s.target
            for j in nz:
                a[i][j] += row[i] * row[j]
    return tuple(_solve(a, b))


def mean_squared_error(weights: Sequence[float], samples: Sequence[Sample]) -> float:
    return sum((predict(weights, s.row) - s.target) ** 2 for s in samples) / max(1, len(samples))


def constant_error(samples: Sequence[Sample]) -> float:
    """The same measure for the best constant, what a model must beat: the targets' spread."""
    if not samples:
        return 0.0
    mean = sum(s.target for s in samples) / len(samples)
    return sum((s.target - mean) ** 2 for s in samples) / len(samples)


def position_values(weights: Sequence[float], know: PresetKnowledge, game) -> list[float]:
    """Each seat's expected score change from the position of `game` (a fully dealt simulation) to the
    round's end, against the table's mean, in the scores' own units."""
    n = game.n
    to_move = {game.next_seat(game.turn, k): k for k in range(n)}
    return centred([predict(weights, features(know, hand, to_move[s])) for s, hand in enumerate(game.hands)])
