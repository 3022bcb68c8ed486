"""Seat views: everything one seat may know, and nothing more.

A `SeatView` is a snapshot built from the game for one seat: its own hand, the others' hand sizes,
the public piles, the state of play, revealed hands, scores, and the actions it may take. It holds no
reference to the game, so an AI seat, the table or a LAN client handed a view cannot reach hidden cards.
The order of the stock and other seats' hands never enter it.

A watcher (a LAN spectator) sees what every seat may see and nothing more: `public_view(game)`, the
view of seat number `game.n`, one past the last seat, which holds no hand, owns no pile and is sent no
card (`Event.for_seat(game.n)` hides every hidden card the same way).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import msgspec

from .actions import Action, ActionJSON
from .cards import Card, Suit
from .clues import Clue, ClueJSON, write_clue
from .piles import visible
from .scores import Score
from .wire import CardCode, Standing, SuitLetter, read, to_builtins

if TYPE_CHECKING:
    from .engine import Game


_NO_PILES: Mapping = MappingProxyType({})  # a preset without piles of its own (shared, read-only)


@dataclass(frozen=True, slots=True)
class WindowView:
    placer: int
    cards: tuple[Card, ...]
    calls: tuple[int, ...]  # seats that called, in order
    waiting_for_me: bool
    freezes_turn: bool
    queued: Action | None = None  # this seat's own next action, sent ahead (Rulebook.queues_turn)
    owners: tuple[int, ...] = ()  # who put out each card, where several seats did (Window.owners)


@dataclass(slots=True)  # a snapshot: it holds copies only, so changing it changes nothing else
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
    standings: tuple[Score, ...]  # the scores in the preset's own terms (game.scores)
    match_no: int
    round_no: int
    parent: int
    legal: tuple[Action, ...]
    extra: dict[str, Any]  # the preset's public round state
    history: tuple[Clue, ...] = ()  # the round's plays and turn draws, in order (game.clues)
    # the rulebook's own piles (Rulebook.extra_piles): the cards of those this seat may see, by name,
    # and how many cards every one of them holds (everyone may count a pile)
    piles: Mapping[str, tuple[Card, ...]] = field(default_factory=dict)
    pile_sizes: Mapping[str, int] = field(default_factory=dict)
    seating: tuple[int, ...] = ()  # seats clockwise round the table; () for seat-number order

    @classmethod
    def of(cls, game: Game, seat: int, legal: Sequence[Action]) -> SeatView:
        w = game.window
        piles = pile_sizes = _NO_PILES
        if game.extra:
            seen = game._extra_seen
            piles = {k: tuple(v) for k, v in game.extra.items() if visible(k, seen[k], seat)}
            pile_sizes = {k: len(v) for k, v in game.extra.items()}
        window = None
        if w is not None:
            mine = w.queued if w.queued is not None and w.queued.seat == seat else None
            window = WindowView(
                w.placer,
                w.cards,
                tuple(a.seat for a in w.calls),
                seat in w.pending,
                w.freezes_turn,
                mine,
                w.owners,
            )
        return cls(
            seat=seat,
            preset=game.rules.preset,
            deck=game.rules.deck,
            options=MappingProxyType(game.public_options),  # type: ignore[arg-type]
            players=game.n,
            hand=tuple(game.hands[seat]) if 0 <= seat < game.n else (),  # game.n: a watcher (no hand)
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
            standings=game.standings(),
            match_no=game.match_no,
            round_no=game.round_no,
            parent=game.parent,
            legal=tuple(legal),
            extra=game.book.public_state(game),
            history=game.history(),
            piles=piles,
            pile_sizes=pile_sizes,
            seating=game._seating_shown(),
        )

    @property
    def order(self) -> tuple[int, ...]:
        """The seats clockwise round the table."""
        return self.seating or tuple(range(self.players))

    @property
    def suit_in_force(self) -> Suit | None:
        return self.field_suit if self.field_suit is not None else self.field.suit

    # ------------------------------------------------------------------ the wire form (LAN)

    def to_json(self) -> dict[str, Any]:
        """The wire form (the LAN's `Update.view`), written through `ViewJSON`, the schema `from_json`
        reads."""
        return msgspec.structs.asdict(self.wire())

    def wire(self) -> ViewJSON:
        """This view as its schema Struct, for msgspec to write: cards as codes, suits as letters,
        scores as objects, the preset's state as `encode_state` writes it, sequences as lists. Every
        field is JSON values already (the window and the legal actions written through their own
        Structs), so `to_json` takes the fields as they are rather than walk a long history again."""
        w = self.window
        window = None
        if w is not None:
            window = WindowJSON(
                w.placer,
                _codes(w.cards),
                list(w.calls),
                w.waiting_for_me,
                w.freezes_turn,
                w.queued.to_json() if w.queued is not None else None,  # type: ignore[arg-type]
                list(w.owners),
            )
        return ViewJSON(  # type: ignore[arg-type]  # cards and suits written as codes and letters
            seat=self.seat,
            preset=self.preset,
            deck=self.deck,
            options={k: list(v) if isinstance(v, tuple) else v for k, v in self.options.items()},
            players=self.players,
            hand=_codes(self.hand),
            hand_sizes=list(self.hand_sizes),
            field=self.field.code,
            field_suit=self.field_suit.letter if self.field_suit is not None else None,
            discard=_codes(self.discard),
            stock=self.stock,
            direction=self.direction,
            turn=self.turn,
            phase=self.phase,
            chain=[self.chain_links, self.chain_cards],
            window=to_builtins(window) if window is not None else None,
            revealed={str(k): _codes(v) for k, v in self.revealed.items()},
            laid=[_codes(p) for p in self.laid],
            scores=list(self.scores),
            standings=[dict(s.parts) for s in self.standings],
            match_no=self.match_no,
            round_no=self.round_no,
            parent=self.parent,
            legal=[a.to_json() for a in self.legal],
            extra=encode_state(self.extra),
            history=[write_clue(c) for c in self.history],
            piles={k: _codes(v) for k, v in self.piles.items()},
            pile_sizes=dict(self.pile_sizes),
            seating=list(self.seating),
        )

    @classmethod
    def from_json(cls, data: Any) -> SeatView:
        """Rebuild a view received over the network; ValueError naming the field if it is not one
        (`ViewJSON` checks the types, this what they cannot say: known seats, each once)."""
        from .cards import deck as get_deck

        name = data.get("deck") if isinstance(data, dict) else None
        if not isinstance(name, str):
            raise ValueError("view 'deck': the name of a deck")
        d = get_deck(name)
        raw = read(data, ViewJSON, d, "view")
        w = raw.window
        window = None
        if w is not None:
            queued = Action.of(w.queued, d) if w.queued is not None else None
            window = WindowView(
                w.placer, w.cards, w.calls, w.waiting_for_me, w.freezes_turn, queued, w.owners
            )  # type: ignore[arg-type]
        return cls(
            seat=raw.seat,
            preset=raw.preset,
            deck=raw.deck,
            options={k: tuple(v) if isinstance(v, list) else v for k, v in raw.options.items()},
            players=raw.players,
            hand=raw.hand,  # type: ignore[arg-type]  # CardCode: read as cards against the deck
            hand_sizes=raw.hand_sizes,
            field=raw.field,  # type: ignore[arg-type]
            field_suit=raw.field_suit or None,  # type: ignore[arg-type]
            discard=raw.discard,  # type: ignore[arg-type]
            stock=raw.stock,
            direction=raw.direction,
            turn=raw.turn,
            phase=raw.phase,
            chain_links=raw.chain[0],
            chain_cards=raw.chain[1],
            window=window,
            revealed={_seat_key(k, raw.players): v for k, v in raw.revealed.items()},  # type: ignore[misc]
            laid=raw.laid,  # type: ignore[arg-type]
            scores=raw.scores,
            standings=raw.standings,  # type: ignore[arg-type]
            match_no=raw.match_no,
            round_no=raw.round_no,
            parent=raw.parent,
            legal=tuple(Action.of(a, d) for a in raw.legal),
            extra=decode_state(raw.extra, d),
            history=tuple(Clue(*c) for c in raw.history),  # type: ignore[arg-type]
            piles=raw.piles,  # type: ignore[arg-type]
            pile_sizes=raw.pile_sizes,
            seating=_seating(raw.seating, raw.players),
        )


class WindowJSON(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """A window's part of a view's JSON form."""

    placer: int
    cards: tuple[CardCode, ...]
    calls: tuple[int, ...]
    waiting_for_me: bool
    freezes_turn: bool
    queued: ActionJSON | None = None
    owners: tuple[int, ...] = ()


class ViewJSON(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """A seat view's JSON form (`SeatView.to_json`, the LAN's `Update.view`) as msgspec reads it:
    every field typed, none unknown, cards read against the view's own deck."""

    seat: int
    preset: str
    deck: str
    options: dict[str, Any]
    players: int
    hand: tuple[CardCode, ...]
    hand_sizes: tuple[int, ...]
    field: CardCode
    field_suit: SuitLetter | None
    discard: tuple[CardCode, ...]
    stock: int
    direction: int
    turn: int
    phase: str
    chain: tuple[int, int]
    window: WindowJSON | None
    revealed: dict[str, tuple[CardCode, ...]]
    laid: tuple[tuple[CardCode, ...], ...]
    scores: tuple[int, ...]
    standings: tuple[Standing, ...]
    match_no: int
    round_no: int
    parent: int
    legal: tuple[ActionJSON, ...]
    extra: Any
    history: tuple[ClueJSON, ...] = ()
    piles: dict[str, tuple[CardCode, ...]] = {}
    pile_sizes: dict[str, int] = {}
    seating: tuple[int, ...] = ()


def _codes(cards: Sequence[Card]) -> list[str]:
    return [c.code for c in cards]


def _seat_key(key: str, players: int) -> int:
    """A seat number written as an object's key (JSON keys are text)."""
    if not key.isdigit() or int(key) >= players:
        raise ValueError(f"view 'revealed': {key!r} is not a seat 0..{players - 1}")
    return int(key)


def _seating(order: tuple[int, ...], players: int) -> tuple[int, ...]:
    if order and sorted(order) != list(range(players)):
        raise ValueError(f"a seating names every seat once, not {list(order)}")
    return order


def encode_state(value: Any) -> Any:
    """A preset's public state as JSON: a card becomes {"card": code}, tuples become lists."""
    if isinstance(value, Card):
        return {"card": value.code}
    if isinstance(value, tuple | list):
        return [encode_state(v) for v in value]
    if isinstance(value, dict):
        return {str(k): encode_state(v) for k, v in value.items()}
    return value


def decode_state(value: Any, d) -> Any:
    """`encode_state` undone against deck `d` (lists become tuples); ValueError on an unknown card."""
    if isinstance(value, dict):
        if set(value) == {"card"}:
            return d.card(value["card"])
        return {k: decode_state(v, d) for k, v in value.items()}
    if isinstance(value, list):
        return tuple(decode_state(v, d) for v in value)
    return value


def public_view(game: Game) -> SeatView:
    """What a watcher may know: the view of seat `game.n`, no hand, no pile of its own, no actions."""
    return SeatView.of(game, game.n, ())
