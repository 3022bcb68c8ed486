"""Sampling the hidden cards: a complete game consistent with everything one seat has seen.

An AI that searches cannot look at the real game; it builds possible games from its own view. The
cards it has not seen (not in its hand, on the field, in a revealed or laid-down hand, or exposed) are
shuffled and dealt into the other hands, keeping each hand's public size and any of its cards that
are known to be there, and the rest form the stock. The result is an ordinary `Game` with its event
log switched off, ready for fast simulation; it shares nothing with the real game.
"""

from __future__ import annotations

import random

from ..cards import Card, deck
from ..engine import Game, Window
from ..phase import Phase
from ..rules import make_rules
from ..view import SeatView
from .presets import knowledge


def known_in_hand(view: SeatView) -> dict[int, list[Card]]:
    """Cards of other seats' hands that this seat knows are there (revealed now, or exposed)."""
    return knowledge(view.preset).known_in_hand(view)


def hidden_cards(view: SeatView, known: dict[int, list[Card]]) -> list[Card]:
    """The cards this seat has not seen: not in its hand, on the field, laid down, or `known` to be in
    another hand. They are in the other hands or the stock, in some order nobody here knows."""
    seen = {c.id for c in view.hand} | {c.id for c in view.discard}
    for pile in view.laid:
        seen.update(c.id for c in pile)
    for cards in view.piles.values():  # the preset's own piles this seat can see
        seen.update(c.id for c in cards)
    for hand in known.values():
        seen.update(c.id for c in hand)
    return [c for c in deck(view.deck) if c.id not in seen]


def determinize(
    view: SeatView,
    rng: random.Random,
    deal: tuple[dict[int, list[Card]], list[Card]] | None = None,
) -> Game:
    """One complete game consistent with `view`: the hidden cards sampled uniformly, or as `deal` gives
    them (the other seats' hands and the stock, e.g. from an inference.HandSampler)."""
    rules = make_rules(view.preset, view.players, view.options, developing=True)  # a view: the game exists
    game = Game(rules, rng.randrange(2**31), deal=False)
    game.quiet = True
    me = view.seat
    hands: list[list[Card]] = []
    if deal is not None:
        others, pool = deal
        pool = list(pool)
        rng.shuffle(pool)  # the order of the stock is unknown to everyone
        hands = [
            list(view.hand) if seat == me else sorted(others.get(seat, ())) for seat in range(view.players)
        ]
    else:
        known = known_in_hand(view)
        pool = hidden_cards(view, known)
        rng.shuffle(pool)
        for seat in range(view.players):
            if seat == me:
                hands.append(list(view.hand))
                continue
            hand = list(known.get(seat, ()))[: view.hand_sizes[seat]]
            need = view.hand_sizes[seat] - len(hand)
            hand.extend(pool[:need])
            del pool[:need]
            hand.sort()
            hands.append(hand)
    game.hands = hands
    specs = game.book.extra_piles(game)
    game.extra = {}
    for spec in specs:  # the preset's piles: as seen, or (hidden ones) filled from the unseen cards
        if spec.name in view.piles:
            game.extra[spec.name] = list(view.piles[spec.name])
        else:
            size = view.pile_sizes.get(spec.name, 0)
            game.extra[spec.name] = pool[:size]
            del pool[:size]
    game._extra_seen = {spec.name: spec.seen for spec in specs}
    game.stock = pool
    game.discard = list(view.discard)
    game.laid = [list(p) for p in view.laid]
    game.revealed = dict(view.revealed)
    game.field_suit = view.field_suit
    game.direction = view.direction
    game.set_seating(view.order)
    game.turn = view.turn
    game.chain_links = view.chain_links
    game.chain_cards = view.chain_cards
    game.scores = list(view.scores)
    game.round_no = view.round_no
    game.match_no = view.match_no
    game.parent = view.parent
    game.phase = Phase(view.phase)
    game.book.start_match(game)
    game.book.restore_round(game, view.extra)
    if view.window is not None:
        w = view.window
        calls = [_call(game, s, w.cards) for s in w.calls]
        pending = [s for s in game._polling(w.placer) if s not in w.calls]
        if not calls and not w.owners:
            pending = [s for s in pending if s != w.placer]
        game.window = Window(
            w.placer,
            w.cards,
            pending,
            w.freezes_turn,
            calls,
            stop=w.placer >= 0 and view.hand_sizes[w.placer] == 0,
            owners=w.owners,
        )
    return game


def _call(game: Game, seat: int, cards):
    from ..actions import Action, Kind

    return Action(seat, Kind.DOBON, tuple(cards))
