"""`greedy`: the CPU of the Dobon app the `app` preset comes from, as a reference.

It plays its highest legal rank, after an 8 names the suit of its highest remaining card, always
calls dobon at once, and draws only when it cannot play."""

from __future__ import annotations

from ..actions import Action, Kind
from ..view import SeatView
from .base import Seat
from .heuristics import longest_call, lowest_bid


class GreedySeat(Seat):
    name = "greedy"

    def act(self, view: SeatView) -> Action:
        legal = view.legal
        call = longest_call(legal)
        if call is not None:
            return call
        bid = lowest_bid(legal)
        if bid is not None:
            return bid
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
        for kind in (Kind.DRAW, Kind.PASS):
            for action in legal:
                if action.kind is kind:
                    return action
        return legal[0]
