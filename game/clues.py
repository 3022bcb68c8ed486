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
from .wire import CardCode, SuitLetter, read


@dataclass(frozen=True, slots=True)
class Clue:
    """One public fact. A play names its cards; a turn draw names how many cards were drawn and the
    field as it stood before the draw (the card, the suit in force if named, the draw chain)."""

    seat: int
    cards: tuple[Card, ...] = ()
    drew: int = 0
    field: Card | None = None
    suit: Suit | None = None
    chain: int = 0

    @property
    def is_draw(self) -> bool:
        return not self.cards

    def to_json(self) -> list[Any]:
        return [
            self.seat,
            [c.code for c in self.cards],
            self.drew,
            self.field.code if self.field is not None else None,
            self.suit.letter if self.suit is not None else None,
            self.chain,
        ]

    @classmethod
    def from_json(cls, data: Any, deck: Deck) -> Clue:
        """A clue from its JSON form (a scenario's `history`, which may come from anywhere): ValueError,
        saying what is wrong, for anything but [seat, cards, drew, field, suit, chain]."""
        return cls(*read(data, ClueJSON, deck, "clue"))


Count = Annotated[int, msgspec.Meta(ge=0)]
ClueJSON = tuple[Count, tuple[CardCode, ...], Count, CardCode | None, SuitLetter | None, Count]
"""A clue's JSON form, `Clue.to_json`: [seat, cards, drew, field, suit, chain]."""
