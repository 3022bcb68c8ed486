"""`random`: uniform over the legal actions. The floor every other seat must clear."""

from __future__ import annotations

from ..actions import Action
from ..view import SeatView
from .base import Seat


class RandomSeat(Seat):
    name = "random"

    def act(self, view: SeatView) -> Action:
        legal = view.legal
        return legal[self.rng.randrange(len(legal))]
