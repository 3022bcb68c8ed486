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

from .actions import Action
from .cards import Card, Suit
from .clues import Clue
from .piles import visible
from .scores import Score

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
        w = self.window
        return {
            "seat": self.seat,
            "preset": self.preset,
            "deck": self.deck,
            "options": dict(self.options),
            "players": self.players,
            "hand": [c.code for c in self.hand],
            "hand_sizes": list(self.hand_sizes),
            "field": self.field.code,
            "field_suit": self.field_suit.letter if self.field_suit is not None else None,
            "discard": [c.code for c in self.discard],
            "stock": self.stock,
            "direction": self.direction,
            "turn": self.turn,
            "phase": self.phase,
            "chain": [self.chain_links, self.chain_cards],
            "window": None
            if w is None
            else {
                "placer": w.placer,
                "cards": [c.code for c in w.cards],
                "calls": list(w.calls),
                "waiting_for_me": w.waiting_for_me,
                "freezes_turn": w.freezes_turn,
                "queued": w.queued.to_json() if w.queued is not None else None,
                "owners": list(w.owners),
            },
            "revealed": {str(k): [c.code for c in v] for k, v in self.revealed.items()},
            "laid": [[c.code for c in p] for p in self.laid],
            "scores": list(self.scores),
            "standings": [s.to_json() for s in self.standings],
            "match_no": self.match_no,
            "round_no": self.round_no,
            "parent": self.parent,
            "legal": [a.to_json() for a in self.legal],
            "extra": encode_state(self.extra),
            "history": [c.to_json() for c in self.history],
            "piles": {k: [c.code for c in v] for k, v in self.piles.items()},
            "pile_sizes": dict(self.pile_sizes),
            "seating": list(self.seating),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeatView:
        """Rebuild a view received over the network (raises KeyError/TypeError/ValueError if malformed)."""
        from .cards import deck as get_deck

        d = get_deck(str(data["deck"]))
        cards = lambda codes: tuple(d.card(c) for c in codes)  # noqa: E731
        w = data["window"]
        window = None
        if w is not None:
            window = WindowView(
                int(w["placer"]),
                cards(w["cards"]),
                tuple(w["calls"]),
                bool(w["waiting_for_me"]),
                bool(w["freezes_turn"]),
                Action.from_json(w["queued"], d) if w.get("queued") else None,
                tuple(int(s) for s in w.get("owners", ())),
            )
        suit = data["field_suit"]
        return cls(
            seat=int(data["seat"]),
            preset=str(data["preset"]),
            deck=str(data["deck"]),
            options={k: tuple(v) if isinstance(v, list) else v for k, v in dict(data["options"]).items()},
            players=int(data["players"]),
            hand=cards(data["hand"]),
            hand_sizes=tuple(int(n) for n in data["hand_sizes"]),
            field=d.card(data["field"]),
            field_suit=Suit.parse(suit) if suit else None,
            discard=cards(data["discard"]),
            stock=int(data["stock"]),
            direction=int(data["direction"]),
            turn=int(data["turn"]),
            phase=str(data["phase"]),
            chain_links=int(data["chain"][0]),
            chain_cards=int(data["chain"][1]),
            window=window,
            revealed={int(k): cards(v) for k, v in data["revealed"].items()},
            laid=tuple(cards(p) for p in data["laid"]),
            scores=tuple(int(x) for x in data["scores"]),
            standings=tuple(Score.from_json(s) for s in data["standings"]),
            match_no=int(data["match_no"]),
            round_no=int(data["round_no"]),
            parent=int(data["parent"]),
            legal=tuple(Action.from_json(a, d) for a in data["legal"]),
            extra=decode_state(data["extra"], d),
            history=tuple(Clue.from_json(c, d) for c in data.get("history", ())),
            piles={str(k): cards(v) for k, v in dict(data.get("piles", {})).items()},
            pile_sizes={str(k): int(v) for k, v in dict(data.get("pile_sizes", {})).items()},
            seating=_seating(data.get("seating", ()), int(data["players"])),
        )


def _seating(raw: Any, players: int) -> tuple[int, ...]:
    order = tuple(int(s) for s in raw)
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
