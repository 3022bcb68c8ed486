"""Dobon Table's rules engine: pure Python, no pygame, no sockets.

The table (ui/), the AI seats and the LAN host all drive a `Game` through the same two calls,
`legal_actions(seat)` and `apply(action)`, and see it through `view(seat)`.
"""

from .actions import REFEREE, Action, Kind
from .cards import Card, Deck, Suit, deck
from .engine import Game, Outcome, Phase, Window
from .errors import IllegalAction
from .rules import PRESETS, make_rules

__all__ = [
    "PRESETS",
    "REFEREE",
    "Action",
    "Card",
    "Deck",
    "Game",
    "IllegalAction",
    "Kind",
    "Outcome",
    "Phase",
    "Suit",
    "Window",
    "deck",
    "make_rules",
]
