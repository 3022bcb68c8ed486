"""Seat views: everything one seat may know, and nothing more.

A `SeatView` is a snapshot built from the game for one seat: its own hand, the others' hand sizes,
the public piles, the state of play, revealed hands, scores, and the actions it may take. It holds no
reference to the game, so an AI seat, the table or a LAN client handed a view cannot reach hidden cards.
The order of the stock and other seats' hands never enter it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .actions import Action
from .cards import Card, Suit

if TYPE_CHECKING:
    from .engine import Game


@dataclass(frozen=True, slots=True)
class WindowView:
    placer: int
    cards: tuple[Card, ...]
    calls: tuple[int, ...]  # seats that called, in order
    waiting_for_me: bool
    freezes_turn: bool


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    preset: str
    deck: str  # the deck's name (its composition is public): see game.cards.deck
    options: dict[str, Any]  # the table's rule options (public)
    players: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    field: Card
    field_suit: Suit | None  # the suit in force where it differs from the field card's own
    discard: tuple[Card, ...]  # the public field pile, oldest first, field card last
    stock: int
    direction: int
    turn: int
    phase: str
    chain_links: int
    chain_cards: int
    window: WindowView | None
    revealed: dict[int, tuple[Card, ...]]
    laid: tuple[tuple[Card, ...], ...]  # hands laid face up on the field
    scores: tuple[int, ...]
    match_no: int
    round_no: int
    parent: int
    legal: tuple[Action, ...]
    extra: dict[str, Any]  # the preset's public round state

    @classmethod
    def of(cls, game: Game, seat: int, legal: Sequence[Action]) -> SeatView:
        w = game.window
        window = None
        if w is not None:
            window = WindowView(
                w.placer, w.cards, tuple(a.seat for a in w.calls), seat in w.pending, w.freezes_turn
            )
        return cls(
            seat=seat,
            preset=game.rules.preset,
            deck=game.rules.deck,
            options=game.rules.options(),
            players=game.n,
            hand=tuple(game.hands[seat]) if seat >= 0 else (),
            hand_sizes=tuple(len(h) for h in game.hands),
            field=game.discard[-1],
            field_suit=game.field_suit,
            discard=tuple(game.discard),
            stock=len(game.stock),
            direction=game.direction,
            turn=game.turn,
            phase=game.phase.value,
            chain_links=game.chain_links,
            chain_cards=game.chain_cards,
            window=window,
            revealed=dict(game.revealed),
            laid=tuple(tuple(p) for p in game.laid),
            scores=tuple(game.scores),
            match_no=game.match_no,
            round_no=game.round_no,
            parent=game.parent,
            legal=tuple(legal),
            extra=game.book.public_state(game),
        )

    @property
    def suit_in_force(self) -> Suit | None:
        return self.field_suit if self.field_suit is not None else self.field.suit
