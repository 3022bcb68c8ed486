"""`basic`: a sensible heuristic seat.

It calls dobon whenever it can; on its turn it scores each legal play by what it sheds, the chance that
an opponent's hand adds up to the card it would put down (estimated from the cards it has not seen and
each opponent's hand size), and whether the hand it keeps could itself call on a likely card. It names
the suit it holds most of. Everything comes from its seat view.
"""

from __future__ import annotations

from collections import Counter

from ..actions import Action, Kind
from ..cards import Card, deck
from ..view import SeatView
from .base import Seat

MAX_CALL = 13  # no single card is worth more than 13, so larger hand sums can never call


def score_value(card: Card) -> int:
    return 10 if card.rank == 1 or card.rank > 10 else card.rank


def unseen_ranks(view: SeatView) -> Counter[int]:
    """How many cards of each rank this seat has not seen (in other hands or the stock)."""
    seen = {c.id for c in view.hand} | {c.id for c in view.discard}
    for hand in view.revealed.values():
        seen.update(c.id for c in hand)
    return Counter(c.rank for c in deck(view.deck) if c.id not in seen)


def sum_chances(pool: Counter[int], cards: int) -> list[float]:
    """P(a hand of `cards` unseen cards sums to v) for v = 0..13, drawing independently from the pool."""
    total = sum(pool.values())
    if total == 0 or cards < 2:
        return [0.0] * (MAX_CALL + 1)
    single = [(rank, n / total) for rank, n in pool.items() if rank <= MAX_CALL]
    dist = [0.0] * (MAX_CALL + 1)
    dist[0] = 1.0
    for _ in range(cards):
        nxt = [0.0] * (MAX_CALL + 1)
        for s, p in enumerate(dist):
            if p:
                for rank, q in single:
                    if s + rank <= MAX_CALL:
                        nxt[s + rank] += p * q
        dist = nxt
    return dist


class BasicSeat(Seat):
    name = "basic"

    def act(self, view: SeatView) -> Action:
        legal = view.legal
        calls = [a for a in legal if a.kind is Kind.DOBON]
        if calls:
            return max(calls, key=lambda a: len(a.cards))  # the longest run scores a multi-dobon
        bids = [a for a in legal if a.kind is Kind.BID]
        if bids:
            return min(bids, key=lambda a: a.amount)  # bid low: a lost auction costs the bid
        plays = [a for a in legal if a.kind is Kind.PLAY]
        if not plays:
            for action in legal:
                if action.kind in (Kind.PASS, Kind.DRAW):
                    return action
            return legal[0]
        pool = unseen_ranks(view)
        unseen = sum(pool.values()) or 1
        chances: dict[int, list[float]] = {}
        opponents = [s for s in range(view.players) if s != view.seat]
        for s in opponents:
            k = view.hand_sizes[s]
            if k not in chances:
                chances[k] = sum_chances(pool, k)

        def risk(value: int) -> float:
            safe = 1.0
            for s in opponents:
                dist = chances[view.hand_sizes[s]]
                safe *= 1.0 - (dist[value] if value <= MAX_CALL else 0.0)
            return 1.0 - safe

        best, best_score = None, float("-inf")
        for action in plays:
            card = action.card
            keep = [c for c in view.hand if c is not card]
            if not keep:
                return action  # going out wins the round unless someone calls
            kept_points = sum(score_value(c) for c in keep)
            twos_kept = sum(1 for c in keep if c.rank == 2)
            danger = risk(card.rank) * (kept_points + 20) * 2 * (2**twos_kept)
            total = sum(c.rank for c in keep)
            hope = 0.0
            if len(keep) >= 2 and total <= MAX_CALL:
                hope = 25.0 * pool.get(total, 0) / unseen
            score = score_value(card) + hope - danger
            if card.rank == 2:
                score += 4.0  # pushes a draw onto the next player
            if action.flag:
                score += 1.0  # declaring last one never hurts
            if action.suit is not None:
                held = Counter(c.suit for c in keep)
                score += 0.5 * held.get(action.suit, 0)
            if score > best_score:
                best, best_score = action, score
        draw = next((a for a in legal if a.kind is Kind.DRAW), None)
        if draw is not None and best_score < -15.0:
            return draw
        assert best is not None
        return best
