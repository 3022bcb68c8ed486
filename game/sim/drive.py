"""Driving a simulation core with random seats: `game.headless.play` for the sim.

The same seeds give the same game as the engine driven by `game.headless.play` with `random` seats
(game.seats.random_seat): each seat has the generator `make_seat` gives it, is asked only when it has
more than one choice, and picks `legal[randrange(len(legal))]`; the pick is done inline on the
generator's bits (game.sim.rng), the one call per decision this loop is made of.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from .rng import BITS, seat_rng


class Core(Protocol):
    """What the driver asks of a simulation core (AppSim, SuperSim)."""

    FALSE_CALL: int  # the code of a bare dobon declaration, -1 where the preset has none
    actions: int
    mover: int
    scores: list[int]

    @property
    def over(self) -> bool: ...

    def decide(self) -> list[int]: ...

    def apply(self, seat: int, code: int) -> None: ...

    def next_round(self) -> None: ...


def random_seats(seed: int | str | None, players: int) -> list[random.Random]:
    """The generators of `players` random seats, as `make_seat("random", seed, seat)` seeds them."""
    return [seat_rng(seed, seat) for seat in range(players)]


def play_random(sim: Core, seats: Sequence[random.Random], rounds: int) -> int:
    """Play until `rounds` more rounds have ended (dealing on between them, a new match after one
    ends), as `game.headless.play`; return the actions applied, forced ones and deals included."""
    start = sim.actions
    bits = [rng.getrandbits for rng in seats]
    bare = sim.FALSE_CALL  # a random seat never makes a bare declaration (RandomSeat.act)
    decide, apply = sim.decide, sim.apply
    if sim.over:
        sim.next_round()
    done = 0
    while True:
        options = decide()
        if options:
            if options[-1] == bare:
                options = [c for c in options if c != bare] or options
            n = len(options)
            seat = sim.mover
            grb = bits[seat]
            k = BITS[n]
            r = grb(k)
            while r >= n:
                r = grb(k)
            apply(seat, options[r])
            continue
        done += 1
        if done >= rounds:
            return sim.actions - start
        sim.next_round()
