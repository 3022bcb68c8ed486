"""Checks of a position's `round` (Rulebook.load_round), field by field, before any of it is used.

A position's round state comes from a file (game.scenario), so it may hold anything: a list one entry
short for the table's seats, a seat that is not at the table, text where a card belongs. A preset reads
it only after each field has passed its check, so a bad file is refused at once, naming the field and
what it must be, and never fails later in play (an `IndexError` several turns in). Each preset names
its fields and their checks (`Field`); `check_round` applies them to the data as the file holds it
(cards as {"card": code}, lists as lists).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..safejson import clip, short


@dataclass(frozen=True)
class Field:
    """One field of a round: its check, and what it must be, as an error says it."""

    ok: Callable[[Any], bool]
    what: str


def check_round(preset: str, data: Mapping[str, Any], known: Mapping[str, Field]) -> None:
    """ValueError naming the first field of `data` that is unknown or fails its check."""
    for key, value in data.items():
        if key not in known:
            raise ValueError(f"{clip(key, 40)} is no part of a {preset} round (known: {', '.join(known)})")
        if not known[key].ok(value):
            raise ValueError(f"{key} must be {known[key].what}, not {short(value)}")


def flag(value: Any) -> bool:
    return isinstance(value, bool)


def count(value: Any) -> bool:
    """A whole number, 0 or more (never a bool, which Python counts as one)."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def seat(value: Any, n: int) -> bool:
    return count(value) and value < n


def seats_of(value: Any, n: int, each: Callable[[Any], bool]) -> bool:
    """A value per seat, each passing `each`."""
    return isinstance(value, list | tuple) and len(value) == n and all(each(v) for v in value)


def seat_list(value: Any, n: int) -> bool:
    """Different seats of the table."""
    return (
        isinstance(value, list | tuple) and all(seat(v, n) for v in value) and len(set(value)) == len(value)
    )


def card(value: Any) -> bool:
    """A card as a position writes it: {"card": code} (the code itself is the deck's to check)."""
    return isinstance(value, dict) and set(value) == {"card"} and isinstance(value["card"], str)


def cards(value: Any) -> bool:
    return isinstance(value, list | tuple) and all(card(c) for c in value)


def entries(value: Any, *each: Callable[[Any], bool]) -> bool:
    """A list of entries, each a list whose items pass `each` in turn."""
    return isinstance(value, list | tuple) and all(
        isinstance(e, list | tuple)
        and len(e) == len(each)
        and all(ok(v) for ok, v in zip(each, e, strict=True))
        for e in value
    )
