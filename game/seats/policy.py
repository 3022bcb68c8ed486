"""A learned model of how a seat chooses its card: a softmax over what the normal heuristic weighs.

The hard seat reads a hidden hand from the plays it saw (game.seats.inference): a hand that would
have made the seat's actual choice likely is a likelier hand. That needs a model of the choice. Here a
play's options are the cards of the hand then that fitted the field, each described by the features
the normal heuristic scores cards on and that a guessed hand determines:

* `rank_0` ... `rank_13`: which number the card is (0 a joker), one weight each: how eager a player
  is to shed it, whatever the reason (what it costs held at the end, keeping a hand's sum low, the
  preset's special cards: a 2 that makes the next player draw, super's 8 that doubles a hand);
* `hope`: the share of the unseen cards the hand kept could call dobon on, in tenths (so that its
  weight is of the same order as the others').

The model gives option i the probability exp(w . f_i) / sum_j exp(w . f_j). Its weights (temperature
included: they are not normalised) are fitted by maximum likelihood to the choices `normal` seats make
in self-play (tools/fit_policy.py, which writes game/seats/presets/policy_weights.py); the negative
log-likelihood is convex in w, so Newton's method finds the optimum in a few steps, in pure Python.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..cards import Card
from ..clues import Clue
from ..rules.base import Rulebook
from .presets import PresetKnowledge

RANKS = 14  # 0 (a joker) to 13
HOPE_SCALE = 10.0
FEATURES = (*(f"rank_{r}" for r in range(RANKS)), "hope")
Row = tuple[float, ...]


@dataclass(frozen=True, slots=True)
class Choice:
    """One observed choice: the options' feature rows and which one was played."""

    rows: tuple[Row, ...]
    chosen: int


def value_shares(know: PresetKnowledge, unseen: Sequence[Card]) -> dict[int, float]:
    """Each dobon value's share of the unseen cards (a two-valued card counts both ways)."""
    values = Counter(v for c in unseen for v in know.values(c))
    return {v: n / max(1, len(unseen)) for v, n in values.items()}


def options_of(book: Rulebook, then: list[Card], card: Card, field: Clue) -> list[Card]:
    """The cards of the hand `then` that could have been played on `field` (the one played among them)."""
    return [c for c in then if c.id == card.id or book.fitted(c, field, len(then)) is not False]


def hope(know: PresetKnowledge, share: Mapping[int, float], then: list[Card], option: Card) -> float:
    """The `hope` feature: the share of unseen cards the hand kept after playing `option` can call
    on (`share`: each dobon value's share of the unseen cards), scaled."""
    if len(then) < know.min_cards_to_call + 1:  # the hand kept cannot call
        return 0.0
    keep = [k for k in then if k.id != option.id]
    return HOPE_SCALE * sum(share.get(t, 0.0) for t in know.hand_totals(keep))


def features(know: PresetKnowledge, share: Mapping[int, float], then: list[Card], option: Card) -> Row:
    """What the heuristic weighs of playing `option` out of the hand `then`: its number, one-hot, and
    the hope of the hand kept."""
    row = [0.0] * (RANKS + 1)
    row[option.rank] = 1.0
    row[RANKS] = hope(know, share, then, option)
    return tuple(row)


def choice(
    know: PresetKnowledge, share: Mapping[int, float], options: list[Card], then: list[Card], card: Card
) -> Choice:
    """The choice of `card` among `options` out of the hand `then`, as the model sees it."""
    rows = tuple(features(know, share, then, c) for c in options)
    return Choice(rows, next(i for i, c in enumerate(options) if c.id == card.id))


def log_chance_of(
    weights: Sequence[float],
    know: PresetKnowledge,
    share: Mapping[int, float],
    options: list[Card],
    then: list[Card],
    card: Card,
) -> float:
    """`log_chance` of the choice of `card`, without building feature rows: the inference asks this
    for every guessed hand, thousands of times a decision."""
    w_hope = weights[RANKS]
    scores = [weights[c.rank] + w_hope * hope(know, share, then, c) for c in options]
    top = max(scores)
    mine = next(v for v, c in zip(scores, options, strict=True) if c.id == card.id)
    return mine - top - math.log(sum(math.exp(v - top) for v in scores))


def log_chance(weights: Sequence[float], sample: Choice) -> float:
    """The log-probability of the option chosen, under the softmax with `weights`."""
    scores = [sum(w * x for w, x in zip(weights, row, strict=True)) for row in sample.rows]
    top = max(scores)
    return scores[sample.chosen] - top - math.log(sum(math.exp(s - top) for s in scores))


def mean_log_likelihood(weights: Sequence[float], samples: Sequence[Choice]) -> float:
    return sum(log_chance(weights, s) for s in samples) / max(1, len(samples))


def uniform_log_likelihood(samples: Sequence[Choice]) -> float:
    """The same measure for a model that picks any option alike: what a fit must beat."""
    return -sum(math.log(len(s.rows)) for s in samples) / max(1, len(samples))


def fit(samples: Sequence[Choice], ridge: float = 1.0, steps: int = 40) -> tuple[float, ...]:
    """Maximum-likelihood weights with a ridge (a Gaussian prior of variance 1 / `ridge` on each weight:
    a few choices cannot make a weight large, and a feature that separates them perfectly keeps a
    finite one; thousands of choices outweigh it), by Newton's method on the convex negative
    log-likelihood."""
    k = len(FEATURES)
    w = [0.0] * k
    informative = [s for s in samples if len(s.rows) > 1]
    for _ in range(steps):
        grad = [-ridge * x for x in w]
        hess = [[-ridge if i == j else 0.0 for j in range(k)] for i in range(k)]
        for s in informative:
            scores = [sum(a * b for a, b in zip(w, row, strict=True)) for row in s.rows]
            top = max(scores)
            p = [math.exp(v - top) for v in scores]
            z = sum(p)
            p = [v / z for v in p]
            mean = [sum(p[o] * s.rows[o][i] for o in range(len(p))) for i in range(k)]
            for i in range(k):
                grad[i] += s.rows[s.chosen][i] - mean[i]  # sums: the prior weighs the same however many
                for j in range(k):
                    cov = sum(p[o] * s.rows[o][i] * s.rows[o][j] for o in range(len(p))) - mean[i] * mean[j]
                    hess[i][j] -= cov
        step = _solve([[-v for v in row] for row in hess], grad)
        w = [a + b for a, b in zip(w, step, strict=True)]
        if max(abs(x) for x in step) < 1e-7:
            break
    return tuple(w)


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """x with matrix . x = vector (Gaussian elimination with partial pivoting; the matrix is small and
    positive definite)."""
    k = len(vector)
    a = [[*row, v] for row, v in zip(matrix, vector, strict=True)]
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        if abs(a[col][col]) < 1e-12:
            continue
        for r in range(k):
            if r != col:
                f = a[r][col] / a[col][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col], strict=True)]
    return [a[i][k] / a[i][i] if abs(a[i][i]) >= 1e-12 else 0.0 for i in range(k)]
