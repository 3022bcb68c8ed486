"""`easy`: a beginner. Plays the first card that fits, never holds back, forgets the last-one call
now and then, names the suit of the card it just played, and is slow to notice a dobon (it misses
some in headless play, and waits longer at the table)."""

from __future__ import annotations

from ..actions import Action, Kind, is_call
from ..view import SeatView
from .base import Seat
from .heuristics import fallback, lowest_bid

MISS_DOBON = 0.45


class EasySeat(Seat):
    name = "easy"
    reaction_factor = 2.5  # at the table it takes this much longer to call

    def act(self, view: SeatView) -> Action:
        legal = view.legal
        calls = [a for a in legal if is_call(a)]
        if calls and self.rng.random() > MISS_DOBON:
            return calls[0]
        passing = next((a for a in legal if a.kind is Kind.PASS), None)
        if calls and passing is not None:
            return passing
        bid = lowest_bid(legal)
        if bid is not None:
            return bid
        plays = [a for a in legal if a.kind is Kind.PLAY]
        if plays:
            first = plays[0].card
            mine = [a for a in plays if a.card is first]
            flagged = [a for a in mine if a.flag]
            forgets = not flagged or self.rng.random() >= 0.7  # a beginner forgets "last one" now and then
            mine = [a for a in mine if not a.flag] or mine if forgets else flagged
            same = [a for a in mine if a.suit is None or a.suit is first.suit]
            return (same or mine)[0]
        return fallback(legal)
