"""`basic`: a sensible heuristic seat.

It calls dobon whenever it can; on its turn it scores each legal play by what it sheds, the chance that
an opponent's hand adds up to the card it would put down (estimated from the cards it has not seen and
each opponent's hand size), and whether the hand it keeps could itself call on a likely card. It names
the suit it holds most of. Everything comes from its seat view.
"""

from __future__ import annotations

from collections import Counter

from ..actions import Action, Kind, is_call
from ..rules.app import score_value
from ..view import SeatView
from .base import Seat
from .heuristics import MAX_CALL, sum_chances, unseen


class BasicSeat(Seat):
    name = "basic"

    def act(self, view: SeatView) -> Action:
        legal = view.legal
        calls = [a for a in legal if is_call(a)]
        if calls:
            return max(calls, key=lambda a: len(a.cards))  # the longest run scores a multi-dobon
        bids = [a for a in legal if a.kind is Kind.BID]
        if bids:
            return min(bids, key=lambda a: a.amount)  # bid low: a lost auction costs the bid
        plays = [a for a in legal if a.kind is Kind.PLAY]
        if not plays:  # a flagged pass (jda's throw-in) first: see heuristics.fallback
            for action in sorted(legal, key=lambda a: not (a.kind is Kind.PASS and a.flag)):
                if action.kind in (Kind.PASS, Kind.DRAW):
                    return action
            return legal[0]
        pool = Counter(c.rank for c in unseen(view))
        unseen_count = sum(pool.values()) or 1
        chances: dict[int, list[float]] = {}
        opponents = [s for s in range(view.players) if s != view.seat]
        for s in opponents:
            k = view.hand_sizes[s]
            if k not in chances:  # a single card can never call (app D10)
                chances[k] = sum_chances(pool, k) if k >= 2 else [0.0] * (MAX_CALL + 1)

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
                hope = 25.0 * pool.get(total, 0) / unseen_count
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
