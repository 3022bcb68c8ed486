"""Typed reading of the JSON the game writes: actions, events, views and scores from files and the wire.

msgspec checks every field's type, refuses unknown fields and names the field it refused
(`cards[2]`), where the readers it replaces let a mistyped field through (events, views) or checked
each field by hand (actions, scenarios). Two things keep it from reading the game's values directly:

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

import dataclasses
import typing
from abc import ABC, ABCMeta
from collections.abc import Callable
from types import UnionType
from typing import Annotated, Any, TypeVar

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


AS_OBJECT = "as-object"
"""`Annotated` mark for ``tuple[tuple[str, int], ...]`` fields written as a JSON object of names to
whole numbers (a score line's `about`), where other pair lists are written as lists."""

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
            return Score.from_json(value)
        if kind is NamedNumbers:
            return named_numbers(value)
        if kind in _NESTED:
            of = _NESTED[kind]
            return build(of, msgspec.convert(value, schema(of), strict=True, dec_hook=dec_hook))
        raise NotImplementedError(kind)

    return dec_hook


def problem(error: msgspec.ValidationError, what: str) -> str:
    """msgspec's message about `what` with the field named first: ``action 'seat': Expected `int`, got
    `str```; the path keeps msgspec's form for nested fields (``window.cards[0]``)."""
    text, _, path = str(error).rpartition(" - at `")
    if not text:
        return f"{what}: {error}"
    field = path.rstrip("`").removeprefix("$").removeprefix(".")
    if not field:
        return f"{what}: {text}"
    return f"{what}{field}: {text}" if field.startswith("[") else f"{what} '{field}': {text}"


def read(value: Any, kind: type[T], deck: Deck | None, what: str) -> T:
    """`value` (parsed JSON) as `kind`; ValueError naming `what` and the field if it is not one."""
    try:
        return msgspec.convert(value, kind, strict=True, dec_hook=hook(deck))
    except msgspec.ValidationError as error:
        raise ValueError(problem(error, what)) from None


# ------------------------------------------------------------------ schemas made from dataclasses

_SCHEMAS: dict[tuple[type, str | None], type[msgspec.Struct]] = {}
_NESTED: dict[type, type] = {}  # marker -> the dataclass it stands for
_MARKERS: dict[type, type] = {}  # dataclass -> its marker


def schema(cls: type, tag: str | None = None) -> type[msgspec.Struct]:
    """A msgspec Struct that reads the JSON form of dataclass `cls` (field for field, cards as codes,
    suits as letters, scores as objects; unknown fields refused), tagged ``"event": tag`` where `tag`
    is given, so that schemas of events make a tagged union. Made once per class from its type hints,
    so the events a preset defines for itself (game/rules/*) are read without code of their own."""
    key = (cls, tag)
    made = _SCHEMAS.get(key)
    if made is not None:
        return made
    hints = typing.get_type_hints(cls, include_extras=True)
    fields: list[tuple[str, Any] | tuple[str, Any, Any]] = []
    for f in dataclasses.fields(cls):
        kind = wire_type(hints[f.name])
        if f.default is not dataclasses.MISSING:
            fields.append((f.name, kind, f.default))
        elif f.default_factory is not dataclasses.MISSING:
            fields.append((f.name, kind, msgspec.field(default_factory=f.default_factory)))
        else:
            fields.append((f.name, kind))
    options: dict[str, Any] = {"tag_field": "event", "tag": tag} if tag is not None else {}
    made = msgspec.defstruct(
        f"{cls.__name__}JSON", fields, forbid_unknown_fields=True, frozen=True, module=__name__, **options
    )
    _SCHEMAS[key] = made
    return made


def build(cls: type[T], raw: msgspec.Struct) -> T:
    """The dataclass `cls` from what its `schema` read."""
    return cls(*(getattr(raw, name) for name in raw.__struct_fields__))


def wire_type(hint: Any) -> Any:
    """The type msgspec reads in place of `hint`: markers for cards, suits, scores and nested
    dataclasses; containers and unions rebuilt around them; anything else as it is."""
    if hint is Card:
        return CardCode
    if hint is Suit:
        return SuitLetter
    if hint is Score:
        return Standing
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is Annotated:
        return NamedNumbers if AS_OBJECT in args[1:] else wire_type(args[0])
    if origin in (typing.Union, UnionType):
        return typing.Union[tuple(wire_type(a) for a in args)]  # noqa: UP007 - built from a tuple
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple[wire_type(args[0]), ...]  # type: ignore[misc]
        return tuple[tuple(wire_type(a) for a in args)]  # type: ignore[misc]
    if origin in (list, dict, frozenset, set) and args:
        return origin[tuple(wire_type(a) for a in args)]
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        marker = _MARKERS.get(hint)
        if marker is None:
            marker = ABCMeta(f"{hint.__name__}Marker", (ABC,), {"__module__": __name__})
            marker.register(hint)
            _MARKERS[hint], _NESTED[marker] = marker, hint
        return marker
    return hint
