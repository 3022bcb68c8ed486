"""The seat interface shared by every AI level."""

from __future__ import annotations

import random

from ..actions import Action
from ..view import SeatView


class Seat:
    """An AI seat. It is handed views only, never the game, so it cannot see hidden cards."""

    name = "seat"

    def __init__(self, seed: int | str | None = None):
        self.rng = random.Random(seed)

    def act(self, view: SeatView) -> Action:
        raise NotImplementedError
