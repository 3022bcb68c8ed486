"""The heuristic seats' dobon odds, computed less often, for seats that play on the cores.

`game.seats.heuristics.sum_chances` is where a `normal` seat spends most of its time (two thirds of a
self-play round in `app`, nearly all of one in `super`, whose sums run to 150). Its loop adds one
unseen card at a time, so the distribution for k cards is its k-th step: a seat facing opponents of
3, 4 and 5 cards computes 12 steps where 5 give all three. Here each pool's steps are kept for the
decision (the distribution depends only on how many cards of each value the pool holds and on the
top, so that is the key) and extended one card at a time with the original loop body, the same
multiplications and additions in the same order; and a decision that can only ask about totals up to
some bound (the values of the cards it holds, plus the runs before them) has its tables cut there. A
total only grows as cards are added, so the cells kept never read the ones cut: the figures are the
same to the bit (tests/test_core_seats.py).
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import chain

from ..cards import deck
from ..seats.heuristics import Risk, unseen
from ..seats.presets import knowledge

_TABLES: dict[tuple, list] = {}
# pools remembered; past this the memory starts afresh. A pool seldom comes back once a card has been
# seen (keeping 20,000 ran no faster than keeping 8), so this only has to outlast a decision.
_KEPT = 64


def chances(
    pool: Counter[int], cards: int, top: int, upto: int | None = None, counts: tuple | None = None
) -> list[float]:
    """`sum_chances(pool, cards, top)`, the same floats, for the totals 0..`upto` (default `top`):
    a total only ever grows as cards are added, so the cells up to `upto` never read the ones above
    it and come out the same to the bit however far the table goes. `counts`: `pool_counts(pool)`,
    if the caller keeps it. (The list is shared: do not change it.)"""
    upto = top if upto is None else min(upto, top)
    key = (top, upto, counts if counts is not None else pool_counts(pool))
    steps = _TABLES.get(key)
    if steps is None:
        if len(_TABLES) >= _KEPT:
            _TABLES.clear()
        steps = _TABLES[key] = [_start(pool, top)]
    if cards < 1 or not steps[0] or cards * steps[0][0][0] > upto:
        # (the last: every value at least v, k cards sum to k * v or more, so no cell kept is reached:
        # jda's long hands, whose tables would run to 16 steps of zeros)
        return [0.0] * (upto + 1)
    while len(steps) <= cards:
        steps.append(_step(steps[-1], steps[0], upto))
    return steps[cards]


def pool_counts(pool: Counter[int]) -> tuple[tuple[int, int], ...]:
    """What a pool's distributions depend on: how many cards of each value it holds."""
    return tuple(sorted(pool.items()))


def _start(pool: Counter[int], top: int) -> list[tuple[int, float]]:
    """`sum_chances`' list of (value, share) for one card; [] when the pool is empty."""
    total = sum(pool.values())
    if total == 0:
        return []
    # by value: each cell of a step takes one product per partial sum whatever the order, so sorting
    # changes no figure and lets a step stop at the first value past the top
    return sorted((rank, n / total) for rank, n in pool.items() if rank <= top)


def _step(
    dist: list[float] | list[tuple[int, float]], single: list[tuple[int, float]], upto: int
) -> list[float]:
    """One more card: `sum_chances`' loop body, the totals past `upto` left out."""
    if dist is single:  # the first card: the loop starts from all the weight on 0
        dist = [1.0] + [0.0] * upto
    nxt = [0.0] * (upto + 1)
    for s, p in enumerate(dist):
        if p:
            for rank, q in single:
                t = s + rank
                if t > upto:
                    break
                nxt[t] += p * q
    return nxt


class QuickRisk(Risk):
    """The heuristic seats' `Risk`, its sum distributions from `chances`, kept as far as the totals
    this view can ask of them (the values of the cards in hand, plus the longest run before them):
    the same figures. Asked past that (another caller, a hope), it widens to the full top."""

    def __init__(self, view):
        # Risk.__init__, each unseen card's values looked up by id rather than asked of the preset
        # (a fifth of a decision's time in jda); the same pool, counted in the same order
        self.view = view
        self.know = know = knowledge(view.preset)
        self.unseen_cards = cards = unseen(view)
        table = _values(view.preset, view.deck)
        self.pool = Counter(chain.from_iterable([table[c.id] for c in cards]))
        self.unseen_total = len(cards) or 1
        self.top = know.call_top
        self._dist: dict[int, list[float]] = {}
        least = know.min_cards_to_call
        self.opponents = [s for s in range(view.players) if s != view.seat and view.hand_sizes[s] >= least]
        self.runs = know.recent_runs(view, self.opponents)
        values = [v for c in view.hand for v in table[c.id]]
        before = max((max(sums) for sums in self.runs.values()), default=0)
        self.upto = min(self.top, max(values, default=0) + before)
        self.counts = pool_counts(self.pool)

    def _chance(self, cards: int, total: int) -> float:
        if total > self.top or total < 0:
            return 0.0
        if total > self.upto:
            self.upto = self.top
            self._dist.clear()
        dist = self._dist.get(cards)
        if dist is None:
            dist = self._dist[cards] = chances(self.pool, cards, self.top, self.upto, self.counts)
        return dist[total]


@cache
def _values(preset: str, deck_name: str) -> tuple[tuple[int, ...], ...]:
    """Every card's dobon values in `preset`, by card id (`PresetKnowledge.values`)."""
    know = knowledge(preset)
    return tuple(know.values(c) for c in deck(deck_name).cards)
