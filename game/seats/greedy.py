"""`greedy`: the CPU of the Dobon app the `app` preset comes from, as a reference.

It plays its highest legal rank, after an 8 names the suit of its highest remaining card, always
calls dobon at once, and draws only when it cannot play."""

from __future__ import annotations

from ..actions import Action, Kind
from ..view import SeatView
from .base import Seat
from .heuristics import fallback, obvious


class GreedySeat(Seat):
    name = "greedy"

    def act(self, view: SeatView) -> Action:
        legal = view.legal
        sure = obvious(legal)
        if sure is not None:
            return sure
        plays = [a for a in legal if a.kind is Kind.PLAY]
        if plays:
            top = max(a.card.rank for a in plays)
            best = [a for a in plays if a.card.rank == top]
            best = [a for a in best if a.flag] or best
            card = best[0].card
            keep = [c for c in view.hand if c is not card]
            highest = max(keep, key=lambda c: c.rank).suit if keep else None
            for a in best:
                if a.card is card and (a.suit is None or a.suit is highest):
                    return a
            return best[0]
        return fallback(legal)
