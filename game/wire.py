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
the JSON into the game's values as msgspec reads each field.

Writing goes through the same schemas. msgspec writes a dataclass as an object and an `IntEnum` as a
number by itself, never asking an `enc_hook`, so a `Card` or a `Suit` cannot be handed to it as they
are; `writer(cls)` instead fills the class's schema Struct with each field as the schema names it
(a card's code, a suit's letter, a score's object, a nested dataclass's own Struct), made once per
class from the same type hints `schema` reads, and msgspec writes that Struct (`to_builtins`, or
`msgspec.json.encode` straight to bytes): its field names, order, tag and defaults are the reader's,
so what is written reads back (tests/test_wire_writing.py).
"""

from __future__ import annotations

import dataclasses
import typing
from abc import ABC, ABCMeta
from collections.abc import Callable, Mapping
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
        if AS_OBJECT in args[1:]:
            return NamedNumbers
        metas = tuple(a for a in args[1:] if isinstance(a, msgspec.Meta))  # constraints: kept
        return Annotated[(wire_type(args[0]), *metas)] if metas else wire_type(args[0])
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


# ------------------------------------------------------------------ writing, through the same schemas

_WRITERS: dict[tuple[type, str | None], Callable[[Any], msgspec.Struct]] = {}


def writer(cls: type, tag: str | None = None) -> Callable[[Any], msgspec.Struct]:
    """How a `cls` value is written: its `schema(cls, tag)` Struct, each field as the schema names it
    (cards as codes, suits as letters, scores as objects, nested dataclasses as their own Structs, an
    `AS_OBJECT` field as an object and left out when empty, sequences as lists). Made once per class,
    as one function compiled from the class's type hints (`field_text`), so writing costs about what a
    hand-written `to_json` did."""
    key = (cls, tag)
    made = _WRITERS.get(key)
    if made is None:
        scope: dict[str, Any] = {"Struct": schema(cls, tag)}
        fields = [field_text(hint, f"v.{name}", scope) for name, hint in _field_hints(cls)]
        made = _WRITERS[key] = _compile(f"Struct({', '.join(fields)})", scope)
    return made


def row_writer(cls: type) -> Callable[[Any], list[Any]]:
    """How a `cls` value is written as a JSON array of its fields in order (a clue's row), from the
    same type hints the row's schema (`wire_type(row_type(cls))`) reads."""
    scope: dict[str, Any] = {}
    fields = [field_text(hint, f"v.{name}", scope) for name, hint in _field_hints(cls)]
    return _compile(f"[{', '.join(fields)}]", scope)


def row_type(cls: type) -> Any:
    """The fixed tuple of `cls`'s field types, in order: the type of its row."""
    return tuple[tuple(hint for _, hint in _field_hints(cls))]  # type: ignore[misc]


def _field_hints(cls: type) -> list[tuple[str, Any]]:
    hints = typing.get_type_hints(cls, include_extras=True)
    return [(f.name, hints[f.name]) for f in dataclasses.fields(cls)]


def _compile(expression: str, scope: dict[str, Any]) -> Callable[[Any], Any]:
    """`lambda v: <expression>`, its helpers (msgspec's UNSET, nested writers) taken from `scope`."""
    return eval(f"lambda v: {expression}", {**scope, "UNSET": msgspec.UNSET, "plain": plain})


def to_builtins(value: msgspec.Struct) -> Any:
    """A Struct a writer made, as JSON values (dicts, lists, text, numbers): the form files and the
    wire hold. (The writers make every dict key text already, as JSON's keys are: asking msgspec to
    do it here would cost four times as much.)"""
    return msgspec.to_builtins(value)


def field_text(hint: Any, at: str, scope: dict[str, Any], depth: int = 0) -> str:
    """Python text that writes the value at `at`, of type `hint`, as its schema reads it back: a card
    as its code, a suit as its letter, a score as its object, a sequence as a list, a nested dataclass
    through its own writer (put in `scope`), a value of no stated type (`Any`) through `plain`; what
    msgspec writes as it is (numbers, text, enums by value) is left as it is. Only type hints and
    field names go into the text, never data."""
    item = f"x{depth}"
    if hint is Card:
        return f"{at}.code"
    if hint is Suit:
        return f"{at}.letter"
    if hint is Score:
        return f"dict({at}.parts)"
    if hint is Any:
        return f"plain({at})"
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is Annotated:
        if AS_OBJECT in args[1:]:
            return f"(dict({at}) if {at} else UNSET)"  # an empty one is left out
        return field_text(args[0], at, scope, depth)
    if origin in (typing.Union, UnionType):
        present = [a for a in args if a is not type(None)]
        if len(present) != 1:
            return f"plain({at})"
        inner = field_text(present[0], at, scope, depth)
        return at if inner == at else f"(None if {at} is None else {inner})"
    if (origin is tuple and len(args) == 2 and args[1] is Ellipsis) or origin in (list, frozenset, set):
        inner = field_text(args[0], item, scope, depth + 1) if args else f"plain({item})"
        return f"list({at})" if inner == item else f"[{inner} for {item} in {at}]"
    if origin is tuple:
        parts = [field_text(a, f"{at}[{i}]", scope, depth) for i, a in enumerate(args)]
        return f"[{', '.join(parts)}]"
    if origin in (dict, Mapping) or hint in (dict, Mapping):
        inner = field_text(args[1], item, scope, depth + 1) if len(args) == 2 else f"plain({item})"
        return f"{{str(k): {inner} for k, {item} in {at}.items()}}"  # JSON's keys are text
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        name = f"write_{hint.__name__}_{len(scope)}"
        scope[name] = writer(hint)
        return f"{name}({at})"
    return at


def plain(value: Any) -> Any:
    """A value whose type the schema does not say (`Any`), written by what it is: cards as codes,
    suits as letters, scores as objects, containers item by item."""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Suit):
        return value.letter
    if isinstance(value, Score):
        return dict(value.parts)
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return writer(type(value))(value)
    return value
