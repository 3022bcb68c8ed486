"""AI seats. A seat decides from its `SeatView` alone: `act(view) -> Action`, one of `view.legal`."""

from __future__ import annotations

from .base import Seat
from .basic import BasicSeat
from .easy import EasySeat
from .greedy import GreedySeat
from .hard import HardSeat
from .normal import NormalSeat
from .random_seat import RandomSeat

# the levels a table offers, then the reference seats
SEATS: dict[str, type[Seat]] = {
    "easy": EasySeat,
    "normal": NormalSeat,
    "hard": HardSeat,
    "greedy": GreedySeat,
    "basic": BasicSeat,
    "random": RandomSeat,
}


def make_seat(name: str, seed: int | None, seat: int) -> Seat:
    """A seat of the named kind with its own seeded randomness (independent of the game's)."""
    if name not in SEATS:
        raise ValueError(f"unknown AI {name!r}; choose from {', '.join(SEATS)}")
    return SEATS[name](f"{seed}:{seat}:{name}")


__all__ = ["SEATS", "BasicSeat", "RandomSeat", "Seat", "make_seat"]
