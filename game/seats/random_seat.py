"""`random`: uniform over the legal actions. The floor every other seat must clear."""

from __future__ import annotations

from ..actions import Action, Kind, is_call
from ..view import SeatView
from .base import Seat


class RandomSeat(Seat):
    name = "random"

    def act(self, view: SeatView) -> Action:
        legal = view.legal
        if legal[-1].kind is Kind.DOBON:  # never a bare declaration (a call that does not add up)
            legal = [a for a in legal if a.kind is not Kind.DOBON or is_call(a)] or legal
        return legal[self.rng.randrange(len(legal))]
