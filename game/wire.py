"""Typed reading of the JSON the game writes: actions, events, views and scores from files and the wire.

msgspec checks every field's type, refuses unknown fields and names the field it refused
(`$.cards[2]`), which the hand-written readers this replaces never did. Two things keep it from reading
the game's values directly:

* the JSON names a card by its code (``"QH"``) and a suit by its letter (``"H"``), while `Card` is a
  dataclass and `Suit` an `IntEnum`, which msgspec would read as an object and a number (it offers no
  way to override how it reads a type it knows);
* a card code means a card only against a deck, which a reader is handed at run time.

So a wire schema names cards and suits by the *markers* below (abstract classes that `Card`, `Suit`
and `Score` are registered with, so msgspec's check of a hook's result holds), and `hook(deck)` turns
the JSON into the game's values as msgspec reads each field. Writing stays with the values' own
`to_json`: msgspec would write a `Card` as an object and a `Suit` as a number, and the files written
so far must keep their form.
"""

from __future__ import annotations

from abc import ABC
from collections.abc import Callable
from typing import Any, TypeVar

import msgspec

from .cards import Card, Deck, Suit
from .safejson import short
from .scores import Score

T = TypeVar("T")


class CardCode(ABC):  # noqa: B024 - a marker: no methods to require
    """A card, written as its code (``"QH"``, ``"10S#2"``) and read against the deck in hand."""


class SuitLetter(ABC):  # noqa: B024
    """A suit, written as its letter (S, H, D, C)."""


class Standing(ABC):  # noqa: B024
    """A `Score`, written as an object of its parts' names to whole numbers."""


class NamedNumbers(ABC):  # noqa: B024
    """Named whole numbers kept as ``((name, value), ...)`` but written as a JSON object."""


CardCode.register(Card)
SuitLetter.register(Suit)
Standing.register(Score)
NamedNumbers.register(tuple)


def named_numbers(value: Any) -> tuple[tuple[str, int], ...]:
    """An object of names to whole numbers, as ``((name, value), ...)`` in the order given."""
    return tuple(msgspec.convert(value, dict[str, int], strict=True).items())


def hook(deck: Deck | None) -> Callable[[type, Any], Any]:
    """msgspec's `dec_hook` for the markers, reading card codes against `deck`. Its ValueErrors
    become msgspec's ValidationError, which adds the path of the field."""

    def dec_hook(kind: type, value: Any) -> Any:
        if kind is CardCode:
            if deck is None:
                raise ValueError("a card, where no deck is known")
            if not isinstance(value, str):
                raise ValueError(f"a card is a card code, not {short(value)}")
            return deck.card(value)
        if kind is SuitLetter:
            return Suit.parse(value)
        if kind is Standing:
            parts = named_numbers(value)
            if not parts:
                raise ValueError("a score names at least one part")
            return Score(parts)
        if kind is NamedNumbers:
            return named_numbers(value)
        raise NotImplementedError(kind)

    return dec_hook


def problem(error: msgspec.ValidationError, what: str) -> str:
    """msgspec's message about `what` with the field named first: ``action 'seat': Expected `int`, got
    `str```; the path keeps msgspec's form for nested fields (``window.cards[0]``)."""
    text, _, path = str(error).rpartition(" - at `")
    if not text:
        return f"{what}: {error}"
    field = path.rstrip("`").removeprefix("$").removeprefix(".")
    return f"{what} '{field}': {text}" if field else f"{what}: {text}"


def read(value: Any, kind: type[T], deck: Deck | None, what: str) -> T:
    """`value` (parsed JSON) as `kind`; ValueError naming `what` and the field if it is not one."""
    try:
        return msgspec.convert(value, kind, strict=True, dec_hook=hook(deck))
    except msgspec.ValidationError as error:
        raise ValueError(problem(error, what)) from None
