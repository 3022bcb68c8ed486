"""The engine's random calls, done the same way on the same `random.Random`, only without the method
calls in between.

The sim must draw exactly the numbers the engine draws, or the same seed would not give the same game:
the deal and every reshuffle are `Random.shuffle` (game.engine), and a random seat picks with
`Random.randrange(len(legal))` (game.seats.random_seat). In CPython 3.11 both come down to
`Random._randbelow_with_getrandbits(n)`: take `n.bit_length()` random bits, try again while the number
is `n` or more. Doing that here, on the same generator's public `getrandbits`, gives the same numbers and
leaves the generator in the same state; the hot loops of the cores inline the same three lines.
tests/test_sim_app.py checks both against `random.Random` itself, so a Python whose algorithm differs
fails there rather than in a game that quietly differs.
"""

from __future__ import annotations

import random
from collections.abc import Callable

# BITS[n]: n.bit_length(), for the sizes a legal-action list has (a lookup is cheaper than the call)
BITS: tuple[int, ...] = tuple(n.bit_length() for n in range(256))


def below(getrandbits: Callable[[int], int], n: int) -> int:
    """What `Random.randrange(n)` returns (n >= 1), from the generator's bound `getrandbits`."""
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def shuffle(rng: random.Random, items: list) -> None:
    """`rng.shuffle(items)`: the same permutation, the generator left in the same state."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        items[i], items[r] = items[r], items[i]


def seat_rng(seed: int | str | None, seat: int, name: str = "random") -> random.Random:
    """The generator `game.seats.make_seat(name, seed, seat)` gives a seat."""
    return random.Random(f"{seed}:{seat}:{name}")
