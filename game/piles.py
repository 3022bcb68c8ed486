"""Piles: where every card is, by name.

Every card of the deck is in exactly one pile at every moment. The core keeps the piles all families
share; a rulebook adds its own (`Rulebook.extra_piles`: `super`'s pile per player, `kabu`'s trumps) and
the core keeps those too, so moving, counting, reshuffling and checking work the same for every pile.

Names are stable strings, used in events and on the wire:

* ``stock``: face down, drawn from its END (the top);
* ``field``: the common field pile, face up, the field card last;
* ``hand/N``: seat N's hand (seen by seat N only);
* ``laid/N``: a hand seat N laid face up on the field;
* anything a rulebook declares, conventionally ``<kind>/N`` for a seat's own pile.

Who may see a pile's cards is part of the pile (`Seen`), so a seat view and the events addressed to a
seat can hide exactly what the seat may not know, whichever pile a preset invents.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from .cards import Card

STOCK = "stock"
FIELD = "field"


def hand(seat: int) -> str:
    return f"hand/{seat}"


def laid(seat: int) -> str:
    return f"laid/{seat}"


def owner_of(name: str) -> int | None:
    """The seat a pile belongs to (``hand/2`` -> 2), or None for a shared pile."""
    head, _, tail = name.rpartition("/")
    return int(tail) if head and tail.isdigit() else None


class Seen(Enum):
    """Who may see the cards of a pile (everyone sees how many there are)."""

    ALL = "all"  # face up on the table
    OWNER = "owner"  # a hand: its seat only
    NONE = "none"  # face down: nobody (the stock)


class Rebuild(Enum):
    """When the stock is rebuilt from the field piles (`Rulebook.rebuild`)."""

    NEVER = "never"  # an empty stock stays empty: the rulebook says what that means (kabu)
    ON_DRAW = "on-draw"  # when a draw finds it empty (app, standard, super)
    AT_ONCE = "at-once"  # the moment it empties, even in the middle of a payment (jda)


@dataclass(frozen=True, slots=True)
class PileSpec:
    """A pile a rulebook adds to the core's (e.g. ``PileSpec("pile/0", Seen.ALL)``)."""

    name: str
    seen: Seen = Seen.ALL


@dataclass(slots=True)
class Pile:
    name: str
    seen: Seen
    cards: list[Card] = field(default_factory=list)

    @property
    def owner(self) -> int | None:
        return owner_of(self.name)

    def visible_to(self, seat: int) -> bool:
        """Whether `seat` may see the cards (the referee, seat -1, sees all)."""
        return visible(self.name, self.seen, seat)


def visible(name: str, seen: Seen, seat: int) -> bool:
    """Whether `seat` may see the cards of pile `name` (the referee, seat -1, sees all)."""
    if seat < 0 or seen is Seen.ALL:
        return True
    return seen is Seen.OWNER and owner_of(name) == seat
