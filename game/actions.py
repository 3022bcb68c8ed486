"""Actions: what a seat (or the referee) asks the engine to do.

An `Action` is a small immutable value, like python-chess's `Move`: it names the acting seat, what it
does, and the cards or choices involved. It has a stable text form for messages and a JSON form for
logs and the wire (`to_json` / `from_json`). Whether an action is legal is the engine's answer, never
the action's own.

`REFEREE` is the pseudo-seat of the table itself: it closes a reaction window when its time runs out
(real-time play), deals the next round and starts a new match. Its actions go into the log like any
other, so a log replays to the identical game.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

import msgspec

from .cards import Card, Deck, Suit
from .safejson import short
from .wire import CardCode, SuitLetter, read, to_builtins

REFEREE = -1


class Kind(Enum):
    PLAY = "play"  # put card(s) from the hand on the field (suit = a declared suit, where the card allows)
    DRAW = "draw"  # take from the stock: 1, or the pending draw penalty
    DOBON = "dobon"  # declare dobon (or dobon-gaeshi) in the open reaction window; cards = named targets
    PASS = "pass"  # decline to call in the open reaction window
    BID = "bid"  # auction bid (`amount`)
    DECLARE = "declare"  # a table declaration such as a yaku (`amount` says which, per preset)
    CLOSE = "close"  # referee: the reaction window's time ran out
    NEXT_ROUND = "next-round"  # referee: deal the next round
    NEW_MATCH = "new-match"  # referee: start a new match after one has ended
    TIMEOUT = "timeout"  # referee: seat `amount` ran out of its time (Rulebook.time_limit_ms)


REACTIONS = frozenset({Kind.DOBON, Kind.PASS})


def is_call(action: Action) -> bool:
    """A dobon that names what it answers. A bare DOBON (no cards) is a declaration made without a
    matching hand, which a preset may accept at a price (super's false declaration, D12): AI seats
    never make one, and the table never suggests it."""
    return action.kind is Kind.DOBON and bool(action.cards)


REFEREE_KINDS = frozenset({Kind.CLOSE, Kind.NEXT_ROUND, Kind.NEW_MATCH, Kind.TIMEOUT})


@dataclass(frozen=True, slots=True)
class Action:
    seat: int
    kind: Kind
    cards: tuple[Card, ...] = ()
    suit: Suit | None = None
    amount: int = 0
    flag: bool = False  # a declaration made with the action (e.g. "last one" on a discard)

    @property
    def card(self) -> Card:
        return self.cards[0]

    def text(self) -> str:
        """Human-readable form: ``seat 2 plays ♥8 naming ♠``."""
        who = "referee" if self.seat == REFEREE else f"seat {self.seat}"
        parts = [who, self.kind.value]
        if self.cards:
            parts.append(" ".join(str(c) for c in self.cards))
        if self.suit is not None:
            parts.append(f"naming {self.suit.symbol}")
        if self.kind in (Kind.BID, Kind.DECLARE, Kind.TIMEOUT):
            parts.append(str(self.amount))
        if self.flag:
            parts.append("(last one)")
        return " ".join(parts)

    __str__ = text

    def to_json(self) -> dict[str, Any]:
        """The wire and log form, written through `ActionJSON` (the schema `from_json` reads): seat and
        act always, the rest only where it is not its default."""
        return to_builtins(self.wire())

    def wire(self) -> ActionJSON:
        """This action as its schema Struct, for msgspec to write."""
        return ActionJSON(
            self.seat,
            self.kind.value,
            # codes; none is the default itself (msgspec leaves out only a value equal to it)
            [c.code for c in self.cards] if self.cards else (),  # type: ignore[arg-type]
            self.suit.letter if self.suit is not None else None,  # type: ignore[arg-type]
            self.amount,
            self.flag,
        )

    @classmethod
    def from_json(cls, data: Any, deck: Deck) -> Action:
        """Parse an action from untrusted JSON; raises ValueError naming the field at fault."""
        return cls.of(read(data, ActionJSON, deck, "action"), deck)

    @classmethod
    def of(cls, raw: ActionJSON, deck: Deck) -> Action:
        """The action `raw` read (an `ActionJSON` inside a larger schema, such as a seat view's);
        ValueError for what its types cannot say: an unknown action, a card named twice."""
        try:
            kind = Kind(raw.act)
        except ValueError:
            raise ValueError(f"unknown action {short(raw.act)}") from None
        cards: tuple[Card, ...] = raw.cards  # type: ignore[assignment]  # read as cards by the hook
        if len(cards) > len(deck):
            raise ValueError(f"action 'cards' names {len(cards):,} cards, more than the deck holds")
        if len({c.id for c in cards}) != len(cards):
            raise ValueError("action 'cards' names a card twice")
        return cls(raw.seat, kind, cards, raw.suit, raw.amount, raw.flag)  # type: ignore[arg-type]


class ActionJSON(msgspec.Struct, forbid_unknown_fields=True, frozen=True, omit_defaults=True):
    """An action's JSON form, read and written: every field typed, none unknown, a field at its
    default left out when written. `act` stays text here so that an unknown one is refused in the
    action's own words. Read, the cards and suit are the game's (game.wire.hook); written
    (`Action.wire`), their codes and letter."""

    seat: int
    act: str | None
    cards: tuple[CardCode, ...] = ()
    suit: SuitLetter | None = None
    amount: int = 0
    flag: bool = False
