"""AI seats. A seat decides from its `SeatView` alone: `act(view) -> Action`, one of `view.legal`."""

from __future__ import annotations

from .base import Seat
from .basic import BasicSeat
from .random_seat import RandomSeat

SEATS: dict[str, type[Seat]] = {"random": RandomSeat, "basic": BasicSeat}


def make_seat(name: str, seed: int | None, seat: int) -> Seat:
    """A seat of the named kind with its own seeded randomness (independent of the game's)."""
    if name not in SEATS:
        raise ValueError(f"unknown AI {name!r}; choose from {', '.join(SEATS)}")
    return SEATS[name](f"{seed}:{seat}:{name}")


__all__ = ["SEATS", "BasicSeat", "RandomSeat", "Seat", "make_seat"]
