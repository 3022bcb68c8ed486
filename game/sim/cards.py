"""The 52-card deck as small ints, and the tables the simulation cores look cards up in.

A card is its engine id (`game.cards.Deck`): ``suit * 13 + rank - 1``, spades first, so the sim and the
engine name every card alike and a hand converts to a bitmask (bit `id` set) and back without a map.
A hand as a bitmask makes a clone a copy of a few ints, a play one XOR, and "which of my cards fit
the field" one AND with a precomputed mask. The tables are built once, at import.
"""

from __future__ import annotations

from collections.abc import Iterable

SUITS = 4
RANKS = 13
DECK = SUITS * RANKS
CHUNK = (1 << RANKS) - 1  # one suit's 13 bits


def card_id(suit: int, rank: int) -> int:
    """The id of the card of `suit` (0..3) and `rank` (1..13)."""
    return suit * RANKS + rank - 1


RANK: tuple[int, ...] = tuple(c % RANKS + 1 for c in range(DECK))
SUIT: tuple[int, ...] = tuple(c // RANKS for c in range(DECK))
BIT: tuple[int, ...] = tuple(1 << c for c in range(DECK))
SUIT_MASK: tuple[int, ...] = tuple(CHUNK << (s * RANKS) for s in range(SUITS))
# RANK_MASK[rank]: the four cards of that rank (index 0 unused: there are no jokers in this deck)
RANK_MASK: tuple[int, ...] = (
    0,
    *tuple(sum(1 << card_id(s, r) for s in range(SUITS)) for r in range(1, RANKS + 1)),
)


def chunk_table(value: tuple[int, ...]) -> tuple[int, ...]:
    """For every 13-bit set of ranks (one suit of a hand), the sum of `value[rank]` over it: a hand's
    total is then four lookups, one per suit, with no loop over its cards."""
    table = [0] * (CHUNK + 1)
    for bits in range(1, CHUNK + 1):
        low = bits & -bits
        table[bits] = table[bits ^ low] + value[low.bit_length()]
    return tuple(table)


def mask_of(ids: Iterable[int]) -> int:
    """The bitmask of some card ids."""
    mask = 0
    for c in ids:
        mask |= 1 << c
    return mask


def ids_of(mask: int) -> list[int]:
    """The card ids of a bitmask, ascending (the engine's hand order: hands are sorted by id)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
