"""Events: every change of the game state, in order.

The table animates them, the LAN host sends them, logs and replays are made of them. The engine keeps
the full (unredacted) list; `Event.for_seat(seat)` gives what that seat may see, hiding cards that are
not its own. Only events that carry hidden cards override it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Annotated, Any

import msgspec

from .cards import Card, Suit
from .safejson import short
from .scores import Score
from .wire import AS_OBJECT, build, hook, problem, schema, to_builtins, writer


@dataclass(frozen=True, slots=True)
class Event:
    def for_seat(self, seat: int) -> Event:
        """This event as `seat` may see it (the referee, seat -1, sees everything)."""
        return self

    def moves(self) -> tuple[tuple[str, str, int], ...]:
        """The cards this event moved: (from pile, to pile, how many), in order. A deal (RoundDealt)
        sets every pile afresh instead."""
        return ()

    @property
    def name(self) -> str:
        return type(self).__name__

    def to_json(self) -> dict[str, Any]:
        """The wire form: ``{"event": name, field: value, ...}``, written through the event's schema
        (game.wire.writer: the one `event_from_json` reads), cards as codes and suits as letters."""
        return to_builtins(self.wire())

    def wire(self) -> msgspec.Struct:
        """This event as its tagged schema Struct, for msgspec to write (`to_json`, or straight to
        bytes with `msgspec.json.encode`)."""
        cls = type(self)
        write = _WRITE.get(cls)
        if write is None:
            write = _WRITE[cls] = writer(cls, cls.__name__)
        return write(self)


@dataclass(frozen=True, slots=True)
class RoundDealt(Event):
    """A round began: hands dealt and the field card turned up. `hands[s]` is None where hidden."""

    match_no: int
    round_no: int
    first: int  # the parent / first player
    field: Card
    sizes: tuple[int, ...]
    hands: tuple[tuple[Card, ...] | None, ...]
    stock: int
    scores: tuple[int, ...]
    under: tuple[Card, ...] = ()  # face-up cards under the field card (a position set up, not dealt)
    standings: tuple[Score, ...] = ()  # the scores in the preset's own terms (game.scores)
    seating: tuple[int, ...] = ()  # seats clockwise round the table, where not seat-number order

    def for_seat(self, seat: int) -> Event:
        if seat < 0:
            return self
        hidden = tuple(h if i == seat else None for i, h in enumerate(self.hands))
        return replace(self, hands=hidden)


@dataclass(frozen=True, slots=True)
class TurnChanged(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class Played(Event):
    seat: int
    cards: tuple[Card, ...]
    left: int  # cards left in the hand
    pile: str = "field"  # where the cards went (game.piles names)

    def moves(self) -> tuple[tuple[str, str, int], ...]:
        return ((f"hand/{self.seat}", self.pile, len(self.cards)),)


@dataclass(frozen=True, slots=True)
class SuitChosen(Event):
    """The suit in force now differs from (or is declared for) the card on the field."""

    seat: int
    suit: Suit


@dataclass(frozen=True, slots=True)
class Drew(Event):
    seat: int
    count: int
    cards: tuple[Card, ...] | None  # None where hidden
    penalty: bool  # a draw-chain penalty rather than the ordinary draw of one
    pile: str = "stock"  # where the cards came from

    def for_seat(self, seat: int) -> Event:
        if seat < 0 or seat == self.seat:
            return self
        return replace(self, cards=None)

    def moves(self) -> tuple[tuple[str, str, int], ...]:
        return ((self.pile, f"hand/{self.seat}", self.count),)


@dataclass(frozen=True, slots=True)
class Reshuffled(Event):
    """The stock was rebuilt: cards from the field pile(s) shuffled in under it, the cards the
    rulebook keeps on top of each pile left in place (`Rulebook.rebuild_from`)."""

    count: int
    taken: tuple[tuple[str, int], ...] = ()  # (pile, cards taken from it); () means all from the field

    def moves(self) -> tuple[tuple[str, str, int], ...]:
        return tuple((pile, "stock", n) for pile, n in self.taken) or (("field", "stock", self.count),)


@dataclass(frozen=True, slots=True)
class DrawChainChanged(Event):
    """The pending draw penalty changed (e.g. +2, +4 ...). `cards` is what the next player owes."""

    links: int
    cards: int


@dataclass(frozen=True, slots=True)
class DirectionChanged(Event):
    direction: int  # +1 clockwise, -1 counter-clockwise


@dataclass(frozen=True, slots=True)
class WindowOpened(Event):
    """A reaction window opened on freshly played card(s): other seats may call dobon now."""

    placer: int
    cards: tuple[Card, ...]
    owners: tuple[int, ...] = ()  # who put out each card, where several seats did (Window.owners)


@dataclass(frozen=True, slots=True)
class DobonCalled(Event):
    seat: int
    hand: tuple[Card, ...]  # revealed
    targets: tuple[Card, ...]
    answer_to: int  # the seat whose card (or call) this answers
    gaeshi: bool


@dataclass(frozen=True, slots=True)
class HandLaidDown(Event):
    """A seat laid its whole hand face up on the field (it holds no cards now)."""

    seat: int
    cards: tuple[Card, ...]

    def moves(self) -> tuple[tuple[str, str, int], ...]:
        return ((f"hand/{self.seat}", f"laid/{self.seat}", len(self.cards)),)


@dataclass(frozen=True, slots=True)
class Moved(Event):
    """Cards moved between piles by a rulebook's own rule (`Game.move`). `cards` is None for a seat
    that may see neither where they came from nor where they went."""

    source: str
    target: str
    count: int
    cards: tuple[Card, ...] | None
    seen_by: tuple[int, ...] | None = None  # the seats that may see the cards; None: every seat

    def for_seat(self, seat: int) -> Event:
        if seat < 0 or self.seen_by is None or seat in self.seen_by:
            return self
        return replace(self, cards=None)

    def moves(self) -> tuple[tuple[str, str, int], ...]:
        return ((self.source, self.target, self.count),)


@dataclass(frozen=True, slots=True)
class LastOneDeclared(Event):
    """A play left one card and its player said so ("last one", "last"): standard, super."""

    seat: int


@dataclass(frozen=True, slots=True)
class TimedOut(Event):
    """A seat ran out of its time (Rulebook.time_limit_ms); what follows is the rulebook's."""

    seat: int


@dataclass(frozen=True, slots=True)
class TimeUp(Event):
    """The match's time limit passed (Rulebook.match_time_ms): the rulebook's `match_over` may now
    end the match after the game in play (jda JD20), or at once between games."""


@dataclass(frozen=True, slots=True)
class TurnQueued(Event):
    """The next turn player sent their action ahead during a window (Rulebook.queues_turn): it goes
    down when the window closes with no call. Which action stays with that seat until then."""

    seat: int


@dataclass(frozen=True, slots=True)
class QueueDropped(Event):
    """An action sent ahead was not applied: the window's card changed what that seat may do."""

    seat: int


@dataclass(frozen=True, slots=True)
class WindowClosed(Event):
    calls: int  # how many dobon calls were made in it


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One line of a round's score breakdown: `item` is a stable key the table translates.

    `note` is a plain text for logs and the command line; `about` holds the same facts as named whole
    numbers (whose hand: `of`; who is paid: `to`; a pair: `winner`, `loser`; the largest hand left:
    `worst`; counts such as `twos`, `calls`, `eights`), so the result screen can say how the amount
    was made in either language without reading the note."""

    seat: int
    item: str
    value: int
    note: str = ""
    about: Annotated[tuple[tuple[str, int], ...], AS_OBJECT] = ()  # written as an object

    def fact(self, name: str, default: int | None = None) -> int | None:
        """The named number in `about`, or `default`."""
        return dict(self.about).get(name, default)

    def to_json(self) -> dict[str, Any]:
        """Written through its schema (game.wire.writer): `about` as an object, left out when empty."""
        return to_builtins(writer(ScoreLine)(self))


class Ending(StrEnum):
    """How a round ended (its value is also the key the table translates: results.ending.<value>)."""

    STOP = "stop"  # a player emptied the hand and nobody called (app)
    OUT = "out"  # a player went out after declaring the last card (standard)
    DOBON = "dobon"  # a dobon call took the round
    GAESHI = "gaeshi"  # a dobon-gaeshi (an answer to a dobon) took it
    COUNTER = "counter"  # a counter to a dobon took it (super)
    EXHAUSTION = "exhaustion"  # the stock ran out (standard: nobody wins; kabu: the fewest cards win)
    VOID = "void"  # the round counts for nothing and is dealt again (super's stalemate, kabu's void)
    FOUR_OF_A_KIND = "four_of_a_kind"  # four of a kind shown at the deal ended it (kabu)
    TWELVE_CARDS = "twelve_cards"  # a hand reached twelve cards (kabu's 12-card rule)


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How a round ended, as data: who won and lost, each seat's score change and why."""

    ending: Ending
    winners: tuple[int, ...]
    losers: tuple[int, ...]
    deltas: tuple[int, ...]  # each seat's score change this round
    lines: tuple[ScoreLine, ...]

    def to_json(self) -> dict[str, Any]:
        """Written through its schema (game.wire.writer), as an event holding it writes it."""
        return to_builtins(writer(RoundResult)(self))


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    result: RoundResult
    hands: tuple[tuple[Card, ...], ...]  # every hand, revealed
    scores: tuple[int, ...]  # running totals after this round
    standings: tuple[Score, ...] = ()  # the same in the preset's own terms (game.scores)


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    scores: tuple[int, ...]
    ranks: tuple[int, ...]  # 1 = best; equal standing shares a rank
    standings: tuple[Score, ...] = ()


# ---------------------------------------------------------------------------------- the wire form


def _event_classes() -> dict[str, type[Event]]:
    """Every event class by its name (the ``"event"`` tag), those the presets define included."""
    from . import rules  # noqa: F401 - the presets' own events must be defined before a read

    classes: dict[str, type[Event]] = {}
    stack = list(Event.__subclasses__())
    while stack:
        cls = stack.pop()
        if "__slots__" in cls.__dict__:  # the dataclass itself, not the class it was made from
            classes[cls.__name__] = cls
        stack.extend(cls.__subclasses__())
    return classes


_KNOWN: dict[str, type[Event]] = {}
_WRITE: dict[type, Callable[[Any], msgspec.Struct]] = {}  # each event class's writer, by class


def event_from_json(data: Any, deck: Any) -> Event:
    """Rebuild an event sent over the network (`Event.to_json`); ValueError naming the field if it is
    not one. The ``"event"`` tag picks the event's schema (game.wire.schema, itself tagged, so the
    schemas make a tagged union); msgspec checks each field's type and refuses an unknown field, and a
    field with a default may be left out. Reading into the one tagged schema rather than the union
    keeps msgspec's cached plan for it (a union handed to `convert` is analysed afresh on each call)."""
    name = data.get("event") if isinstance(data, dict) else None
    if not isinstance(name, str):
        raise ValueError(f"unknown event {short(name)}")
    cls = _KNOWN.get(name)
    if cls is None:  # first read, or a class defined since (the lookup is rebuilt, not guessed)
        _KNOWN.update(_event_classes())
        cls = _KNOWN.get(name)
        if cls is None:
            raise ValueError(f"unknown event {short(name)}")
    try:
        raw = msgspec.convert(data, schema(cls, name), strict=True, dec_hook=hook(deck))
    except msgspec.ValidationError as error:
        raise ValueError(problem(error, f"event {name}")) from None
    return build(cls, raw)
