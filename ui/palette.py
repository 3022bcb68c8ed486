"""Suit colours: the classic two-colour deck, or a four-colour deck that tells every suit apart.

The four-colour deck keeps the red suits warm and the black suits cool (♥ red, ♦ orange, ♠ black,
♣ blue), so super's red/black colour rules still read at a glance, and its four inks stay apart for
people with red-green or blue-yellow colour blindness: every pair of suits differs by at least ΔE 20
(CIELAB) under simulated protanopia, deuteranopia and tritanopia (Machado et al. 2009, full severity),
and every ink keeps a contrast of at least 3:1 on the card's paper. tests/test_palette.py checks both.
The usual four-colour decks (♦ blue, ♣ green) were tried first: their ♥ and ♣ fall to ΔE 17 for
deuteranopes, which is why ♣ is blue here and ♦ orange.

The choice is one setting read live: card faces, the suit badges and the suit dial follow it as soon
as it changes (CardArt keys its faces by the palette).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from game.cards import Suit

RGB = tuple[int, int, int]

CLASSIC = "classic"
FOUR = "four"
PALETTES: dict[str, dict[Suit, RGB]] = {
    CLASSIC: {
        Suit.SPADES: (26, 26, 32),
        Suit.CLUBS: (26, 26, 32),
        Suit.HEARTS: (200, 30, 45),
        Suit.DIAMONDS: (200, 30, 45),
    },
    FOUR: {
        Suit.SPADES: (26, 26, 32),
        Suit.CLUBS: (0, 95, 175),
        Suit.HEARTS: (200, 30, 45),
        Suit.DIAMONDS: (205, 110, 0),
    },
}
PAPER: RGB = (252, 251, 246)

_current = CLASSIC


def use(name: str) -> None:
    """Draw suits in palette `name` from now on (an unknown name is the classic deck)."""
    global _current
    _current = name if name in PALETTES else CLASSIC


def current() -> str:
    """The palette in use: a key of PALETTES, also part of every cached card face's key."""
    return _current


def suit_colour(suit: Suit | None) -> RGB:
    """The ink of `suit` on a card face (a joker, suit None, is black)."""
    return PALETTES[_current][suit] if suit is not None else PALETTES[CLASSIC][Suit.SPADES]


class SuitColours(Mapping[Suit, RGB]):
    """Suit → colour for things drawn on the table itself (the suit badge, the suit dial), following
    the palette live. The classic deck keeps the table's own tones (given); the four-colour deck
    uses the card inks, so a badge matches the cards it stands for."""

    def __init__(self, classic: Mapping[Suit, RGB]):
        self._classic = dict(classic)

    def _now(self) -> Mapping[Suit, RGB]:
        return self._classic if _current == CLASSIC else PALETTES[_current]

    def __getitem__(self, suit: Suit) -> RGB:
        return self._now()[suit]

    def __iter__(self) -> Iterator[Suit]:
        return iter(self._now())

    def __len__(self) -> int:
        return len(self._now())
