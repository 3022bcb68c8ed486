"""Shared judgement for the heuristic seats: what a card is worth, how likely an opponent can call on
it, which suit to name. Everything is computed from a seat view."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ..actions import Action, Kind, is_call
from ..cards import Card, deck
from ..view import SeatView
from .presets import MAX_CALL, knowledge


def points(view: SeatView, card: Card) -> int:
    """What holding the card costs at the end of a round, in the preset's terms."""
    return knowledge(view.preset).points(card)


def unseen(view: SeatView) -> list[Card]:
    seen = {c.id for c in view.hand} | {c.id for c in view.discard}
    for hand in view.revealed.values():
        seen.update(c.id for c in hand)
    for pile in view.laid:
        seen.update(c.id for c in pile)
    for cards in view.piles.values():  # the preset's own piles this seat can see
        seen.update(c.id for c in cards)
    return [c for c in deck(view.deck) if c.id not in seen]


def sum_chances(pool: Counter[int], cards: int, top: int = MAX_CALL) -> list[float]:
    """P(a hand of `cards` unseen cards sums to v), v = 0..top, drawing independently from the pool."""
    total = sum(pool.values())
    if total == 0 or cards < 1:
        return [0.0] * (top + 1)
    single = [(rank, n / total) for rank, n in pool.items() if rank <= top]
    dist = [0.0] * (top + 1)
    dist[0] = 1.0
    for _ in range(cards):
        nxt = [0.0] * (top + 1)
        for s, p in enumerate(dist):
            if p:
                for rank, q in single:
                    if s + rank <= top:
                        nxt[s + rank] += p * q
        dist = nxt
    return dist


class Risk:
    """How likely some opponent can call dobon on a card (or a run ending with it) that I put down."""

    def __init__(self, view: SeatView):
        self.view = view
        self.know = know = knowledge(view.preset)
        self.unseen_cards = cards = unseen(view)
        pool = Counter(v for c in cards for v in know.values(c))  # a two-valued card counts both ways
        self.unseen_total = len(cards) or 1
        self.pool = pool
        self.top = know.call_top
        self._dist: dict[int, list[float]] = {}
        min_cards = know.min_cards_to_call
        self.opponents = [
            s for s in range(view.players) if s != view.seat and view.hand_sizes[s] >= min_cards
        ]
        self.runs = know.recent_runs(view, self.opponents)

    def _chance(self, cards: int, total: int) -> float:
        if total > self.top or total < 0:
            return 0.0
        if cards not in self._dist:
            self._dist[cards] = sum_chances(self.pool, cards, self.top)
        return self._dist[cards][total]

    def of(self, card: Card) -> float:
        safe = 1.0
        for opp in self.opponents:
            k = self.view.hand_sizes[opp]
            p = 0.0
            for before in self.runs.get(opp, [0]):
                for value in self.know.values(card):
                    p = max(p, self._chance(k, value + before))
            safe *= 1.0 - p
        return 1.0 - safe

    def call_chances(self, seat: int, values: Iterable[int]) -> list[float]:
        """For each value in `values` (0, 1, ...), how likely `seat`'s hand can call on a card of it."""
        k = self.view.hand_sizes[seat]
        if k < self.know.min_cards_to_call:
            return [0.0 for _ in values]
        runs = self.runs.get(seat, [0])
        return [min(1.0, sum(self._chance(k, v + before) for before in runs)) for v in values]

    def hope(self, keep: list[Card]) -> float:
        """How likely a card my kept hand could call on turns up soon (a share of the unseen cards)."""
        if len(keep) < self.know.min_cards_to_call:
            return 0.0
        top = max(MAX_CALL, self.top)
        hits = sum(self.pool.get(t, 0) for t in self.know.hand_totals(keep) if t <= top)
        return min(1.0, hits / self.unseen_total)


def suit_to_name(keep: Iterable[Card], options: list[Action]) -> Action:
    """Of the play's suit variants, the one naming the suit I hold most of."""
    held = Counter(c.suit for c in keep)
    return max(options, key=lambda a: (held.get(a.suit, -1) if a.suit is not None else -0.5, a.flag))


def obvious(legal: Iterable[Action]) -> Action | None:
    """What every heuristic seat does without thinking: call dobon (naming the longest run, worth a
    multi-dobon), and bid as little as possible."""
    legal = list(legal)
    return longest_call(legal) or lowest_bid(legal)


def fallback(legal: Iterable[Action]) -> Action:
    """With no card to play: draw, or else pass, or else whatever there is. Of two passes, the one the
    rulebook flags (jda's throw-in, JD13: the hand is given up for this gaeshi chain) is a seat's plain
    answer when it has no call to make: a table waits for it, up to ten seconds, until someone does."""
    legal = list(legal)
    for action in legal:
        if action.kind is Kind.DRAW:
            return action
    passes = [a for a in legal if a.kind is Kind.PASS]
    if passes:
        return max(passes, key=lambda a: a.flag)
    return legal[0]


def longest_call(legal: Iterable[Action]) -> Action | None:
    calls = [a for a in legal if is_call(a)]
    return max(calls, key=lambda a: len(a.cards)) if calls else None


def lowest_bid(legal: Iterable[Action]) -> Action | None:
    bids = [a for a in legal if a.kind is Kind.BID]
    return min(bids, key=lambda a: a.amount) if bids else None
