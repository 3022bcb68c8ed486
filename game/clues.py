"""The round's public record: who played which cards and who drew, with what was on the field then.

Everything here was seen by every seat, so it is part of every seat view (`SeatView.history`). It is
what a player remembers of the round, and what lets the `hard` AI infer hidden hands honestly: a seat
that drew when it could have played probably held nothing that fitted; a seat that let a card pass
probably could not call on it. Only the shape of the facts is recorded here; what they imply is the
AI's business (game.seats.inference).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

import msgspec

from .cards import Card, Deck, Suit
from .wire import read, row_type, row_writer, wire_type

Count = Annotated[int, msgspec.Meta(ge=0)]


@dataclass(frozen=True, slots=True)
class Clue:
    """One public fact. A play names its cards; a turn draw names how many cards were drawn and the
    field as it stood before the draw (the card, the suit in force if named, the draw chain)."""

    seat: Count
    cards: tuple[Card, ...] = ()
    drew: Count = 0
    field: Card | None = None
    suit: Suit | None = None
    chain: Count = 0

    @property
    def is_draw(self) -> bool:
        return not self.cards

    def to_json(self) -> list[Any]:
        """The JSON form, a row [seat, cards, drew, field, suit, chain], written through the schema
        `from_json` reads (`ClueJSON`, made from this class's fields)."""
        return write_clue(self)

    @classmethod
    def from_json(cls, data: Any, deck: Deck) -> Clue:
        """A clue from its JSON form (a scenario's `history`, which may come from anywhere): ValueError,
        saying what is wrong, for anything but [seat, cards, drew, field, suit, chain]."""
        return cls(*read(data, ClueJSON, deck, "clue"))


# a clue's fields in order, as one row: the JSON form is that row, read and written from these types
ClueJSON = wire_type(row_type(Clue))
"""A clue's JSON form, `Clue.to_json`, as read: [seat, cards, drew, field, suit, chain]."""
write_clue = row_writer(Clue)
"""A clue as its row (`Clue.to_json`), for writing many at once (a view's history)."""
