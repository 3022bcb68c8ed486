"""Refusals in the player's language.

The rules refuse an action with a code and its details (game.refusals); the table says it with the
code's text under "refusal" in assets/translations (a preset's codes under its name: "refusal.jda"),
naming each card, seat and list as the table does elsewhere. The English sentence the engine keeps
with the code is for logs and tests: nothing here reads it, except to show a refusal that has no code
(the LAN host's own words, an older host's refusal, a rulebook made for a test) as it stands.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.cards import Deck, Suit
from game.refusals import REASONS, Refusal

from .text import NAMESPACE, card_text, tr


def refusal_text(reason: str, deck: Deck | None = None, names: Sequence[str] = ()) -> str:
    """`reason` as the player reads it: a coded refusal in the language chosen, its cards named from
    `deck` and its seats by `names`; a sentence with no code, or a code this table has no text for,
    as it is."""
    if not isinstance(reason, Refusal) or not reason.code:
        return str(reason)
    key = "refusal." + reason.code
    params = {name: _detail(value, deck, names) for name, value in reason.params.items()}
    text = tr(key, **params)
    return str(reason) if text.startswith(NAMESPACE + key) else text  # no text for it here


def coded(code: str, english: str, params: Mapping[str, Any] | None) -> str:
    """A refusal as the wire carries it (code, English sentence, details) made whole again."""
    if not code or not isinstance(params, Mapping):
        return english
    return Refusal(code, english, dict(params))


def wants_suit(reason: str | None) -> bool:
    """Whether the refusal is only that the play names no suit (the table asks for the suit itself, so
    the reason a player needs is the one the rules give with a suit named)."""
    if not isinstance(reason, Refusal):
        return False
    known = REASONS.get(reason.code)
    return known is not None and known.wants_suit


def _detail(value: Any, deck: Deck | None, names: Sequence[str]) -> object:
    """A detail as the table says it (game.refusals says how each kind travels)."""
    if isinstance(value, dict) and len(value) == 1:
        ((kind, inner),) = value.items()
        if kind == "card":
            return _card(inner, deck)
        if kind == "cards" and isinstance(inner, list):
            return tr("refusal.list_separator").join(_card(c, deck) for c in inner)
        if kind == "suit" and isinstance(inner, str):
            try:
                return Suit.parse(inner).symbol
            except ValueError:
                return inner
        if kind == "seat" and isinstance(inner, int):
            return names[inner] if 0 <= inner < len(names) else tr("refusal.seat", n=inner + 1)
        if kind == "one_of" and isinstance(inner, list):
            return tr("table.or").join(str(v) for v in inner)
        if kind == "values" and isinstance(inner, list):
            return tr("refusal.list_separator").join(str(v) for v in inner)
    return value


def _card(code: object, deck: Deck | None) -> str:
    card = deck.by_code.get(code) if deck is not None and isinstance(code, str) else None
    return card_text(card) if card is not None else str(code)
