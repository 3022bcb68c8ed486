"""Cards and decks.

One `Card` type serves every preset: French-suited cards with or without jokers, two shuffled-together
decks, and the 40-card kabufuda deck. Every physical card is its own object with a unique `id` (its index
in the deck), so two identical faces from two decks are still distinct cards; equality is identity.

A card's text form (`code`) is stable and used by logs and the wire: ``QH`` (queen of hearts), ``10S``,
``JK`` (joker), ``7`` (kabufuda seven), ``1R`` (the red pin), ``4S`` (the ensouled four). Further copies
of the same face get ``#2``, ``#3`` ...: ``QH#2`` is the queen of hearts of the second deck.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import IntEnum

from .safejson import short


class Suit(IntEnum):
    """The four French suits. Order is the deck-building order, not a strength."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    def __bool__(self) -> bool:
        """Every suit is a suit: spades (0) must not read as "no suit" in a condition."""
        return True

    @property
    def letter(self) -> str:
        return "SHDC"[self]

    @property
    def symbol(self) -> str:
        return "♠♥♦♣"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @classmethod
    def parse(cls, text: str) -> Suit:
        if not isinstance(text, str) or len(text) > 8:
            raise ValueError(f"a suit is S, H, D or C, not {short(text)}")
        key = text.strip().upper()
        for suit in cls:
            if key in (suit.letter, suit.symbol, suit.name):
                return suit
        raise ValueError(f"unknown suit {short(text)} (use S, H, D or C)")


RANK_LETTERS = {1: "A", 11: "J", 12: "Q", 13: "K"}
MAX_CODE = 16  # the longest text `Deck.card` reads as a code: "10S#2" or "♥10 #2" with spaces round it
JOKER = 0


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One physical card. `rank` is 0 for a joker, 1..13 for French cards (A = 1), 1..10 for kabufuda."""

    id: int
    rank: int
    suit: Suit | None
    copy: int = 0
    mark: str = ""  # kabufuda specials: "R" red pin, "S" ensouled four
    kabufuda: bool = False
    code: str = field(default="", compare=False)

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER and not self.kabufuda

    @property
    def face(self) -> str:
        """The face without the copy suffix: ``QH``, ``JK``, ``1R``."""
        if self.kabufuda:
            return f"{self.rank}{self.mark}"
        if self.rank == JOKER:
            return "JK"
        rank = RANK_LETTERS.get(self.rank, str(self.rank))
        assert self.suit is not None
        return rank + self.suit.letter

    @property
    def pack(self) -> int:
        """Which of the decks shuffled together the card came from (1 or 2: super's T-1 plays with
        two). A deck holds two jokers, so jokers 3 and 4 are the second deck's; kabufuda's copies are
        one card to a player: always 1."""
        if self.kabufuda:
            return 1
        return 1 + (self.copy // 2 if self.rank == JOKER else self.copy)

    def __str__(self) -> str:
        if self.kabufuda:
            return self.code
        if self.rank == JOKER:
            return "🃏" if self.copy == 0 else f"🃏{self.copy + 1}"
        assert self.suit is not None
        text = self.suit.symbol + RANK_LETTERS.get(self.rank, str(self.rank))
        return text if self.copy == 0 else f"{text}#{self.copy + 1}"

    @property
    def words(self) -> str:
        """The card as plain English text says it, the way the table's log does (ui.text.card_text):
        ``♠7``, ``joker``; a card of the second deck says so, ``♠7 (deck 2)``, where `str` writes the
        log's terse ``♠7#2`` (which a reader of the command line's output took for a typo)."""
        if self.kabufuda:
            return self.face  # copies are one card to a player: 7, not 7#2
        face = "joker" if self.rank == JOKER else str(Card(0, self.rank, self.suit))
        return face if self.pack == 1 else f"{face} (deck {self.pack})"

    def __repr__(self) -> str:
        return f"Card({self.code})"

    def __lt__(self, other: Card) -> bool:  # sorting hands by deck order
        return self.id < other.id


class Deck:
    """An ordered set of distinct physical cards; `cards[i].id == i`."""

    def __init__(self, name: str, faces: Iterable[tuple[int, Suit | None, str, bool]]):
        self.name = name
        seen: dict[str, int] = {}
        cards: list[Card] = []
        for rank, suit, mark, kabufuda in faces:
            probe = Card(0, rank, suit, 0, mark, kabufuda)
            copy = seen.get(probe.face, 0)
            seen[probe.face] = copy + 1
            face = probe.face
            code = face if copy == 0 else f"{face}#{copy + 1}"
            cards.append(Card(len(cards), rank, suit, copy, mark, kabufuda, code))
        self.cards: tuple[Card, ...] = tuple(cards)
        self.by_code: dict[str, Card] = {c.code: c for c in self.cards}
        # each card alone, as the one tuple a play or draw of it records (shared: events are values, and
        # a long game's log then holds one tuple per card rather than one per play)
        self.alone: tuple[tuple[Card], ...] = tuple((c,) for c in self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self):
        return iter(self.cards)

    def __getitem__(self, index: int) -> Card:
        return self.cards[index]

    def card(self, code: str) -> Card:
        """Look a card up by its code; the suit may also be given as a symbol (``♥Q`` or ``Q♥``).
        Codes come from files and the wire, so anything may arrive: what is not text, or is longer than
        any code (``10S#2``) with room for spaces, is refused at once, in a message that quotes at most
        the start of it (a 50 MB "code" costs no more than a short one)."""
        if not isinstance(code, str):
            raise ValueError(f'a card code is text such as "7H", not {short(code)}')
        if len(code) > MAX_CODE:
            raise ValueError(f"no card {short(code)} in the {self.name} deck")
        key = code.strip()
        found = self.by_code.get(key) or self.by_code.get(key.upper())
        if found is None:
            found = self.by_code.get(_normalise(key))
        if found is None:
            raise ValueError(f"no card {short(code)} in the {self.name} deck")
        return found

    def cards_of(self, codes: Iterable[str]) -> list[Card]:
        return [self.card(c) for c in codes]


def _normalise(text: str) -> str:
    symbols = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
    text = text.upper()
    suit = ""
    rest = ""
    for ch in text:
        if ch in symbols:
            suit = symbols[ch]
        else:
            rest += ch
    return rest + suit


def _french(jokers: int, decks: int = 1) -> list[tuple[int, Suit | None, str, bool]]:
    faces: list[tuple[int, Suit | None, str, bool]] = []
    for _ in range(decks):
        for suit in Suit:
            for rank in range(1, 14):
                faces.append((rank, suit, "", False))
        faces.extend((JOKER, None, "", False) for _ in range(jokers))
    return faces


def _kabufuda() -> list[tuple[int, Suit | None, str, bool]]:
    faces: list[tuple[int, Suit | None, str, bool]] = []
    for rank in range(1, 11):
        for copy in range(4):
            mark = "R" if (rank == 1 and copy == 0) else "S" if (rank == 4 and copy == 0) else ""
            faces.append((rank, None, mark, True))
    return faces


_DECKS: dict[str, Deck] = {}


def deck(name: str) -> Deck:
    """A named deck, built once and shared (cards are immutable).

    ``52``: French deck without jokers; ``54``: with two jokers; ``108``: two 54-card decks;
    ``kabufuda``: 40 cards, 1..10 four times, one red pin (``1R``) and one ensouled four (``4S``).
    """
    if name not in _DECKS:
        builders = {
            "52": lambda: _french(0),
            "54": lambda: _french(2),
            "108": lambda: _french(2, decks=2),
            "kabufuda": _kabufuda,
        }
        if name not in builders:
            raise ValueError(f"unknown deck {name!r}")
        _DECKS[name] = Deck(name, builders[name]())
    return _DECKS[name]


def codes(cards: Sequence[Card]) -> list[str]:
    return [c.code for c in cards]
