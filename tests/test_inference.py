"""Inference for the hard AI: the round's public history, and hands sampled to fit it."""

from __future__ import annotations

import random
from collections import Counter

from positions import position

from game import Game, make_rules
from game.actions import Action, Kind
from game.cards import Suit
from game.rules.super import totals as super_totals
from game.seats.determinize import determinize, known_in_hand
from game.seats.inference import HandSampler
from game.view import SeatView


def fitting_5h(hand) -> int:
    """How many cards of a hand could be played on the five of hearts."""
    return sum(1 for c in hand if c.suit is Suit.HEARTS or c.rank == 5)


def app_game(hands, field, stock=(), players=3):
    g = Game(make_rules("app", players), 1, deal=False)
    g.start_round(g.deck_from_hands(hands, field, stock), first=0)
    return g


def act(g: Game, seat: int, kind: Kind, card: str | None = None) -> None:
    cards = (g.deck.card(card),) if card else ()
    g.apply(Action(seat, kind, cards))
    while g.window is not None and g.window.pending:  # everyone lets the card pass
        g.apply(Action(g.window.pending[0], Kind.PASS))


def sample_hands(view: SeatView, seat: int, n: int = 300, seed: int = 3) -> list[list]:
    sampler = HandSampler(view, random.Random(seed), known_in_hand(view))
    sampler.mix(500)
    out = []
    for _ in range(n):
        sampler.mix(10)
        out.append(sampler.hands()[seat])
    return out


def test_every_seat_sees_the_same_public_history_of_plays_and_draws():
    g = app_game(
        [["5H", "9C", "KS", "2D", "3D"], ["AS", "4C", "6C", "7C", "QS"], ["8D", "JD", "10S", "3S", "4S"]],
        "5S",
    )
    act(g, 0, Kind.PLAY, "5H")  # on 5S: same rank
    act(g, 1, Kind.DRAW)
    views = [g.view(s) for s in range(3)]
    assert all(v.history == views[0].history for v in views)
    play, draw = views[0].history
    assert (play.seat, [c.code for c in play.cards]) == (0, ["5H"])
    assert (draw.seat, draw.drew, draw.field.code, draw.chain) == (1, 1, "5H", 0)
    # the history travels with the view to LAN clients
    assert SeatView.from_json(views[2].to_json()).history == views[2].history


def test_a_seat_that_drew_instead_of_playing_rarely_holds_a_card_that_fitted():
    # seat 1 drew on the 5 of hearts: it probably holds no heart and no 5 except the card it drew
    g = app_game(
        [["5H", "9C", "KS", "2D", "3D"], ["AS", "4C", "6C", "7C", "QS"], ["8D", "JD", "10S", "3S", "4S"]],
        "5S",
    )
    act(g, 0, Kind.PLAY, "5H")
    act(g, 1, Kind.DRAW)
    view = g.view(2)
    hands = sample_hands(view, 1)
    assert all(len(h) == 6 for h in hands)
    fitting = Counter(fitting_5h(h) for h in hands)
    at_most_one = (fitting[0] + fitting[1]) / len(hands)
    assert at_most_one > 0.8, f"cards fitting 5H in sampled hands: {dict(fitting)}"
    # without the clue, six of the unseen cards at random would often hold two or more that fit
    rng = random.Random(1)
    blind = [determinize(view, rng).hands[1] for _ in range(300)]
    blind_fitting = sum(1 for h in blind if fitting_5h(h) <= 1)
    assert blind_fitting / len(blind) < 0.5


def test_a_two_card_hand_that_let_a_card_pass_rarely_sums_to_it():
    g = app_game(
        [["7H", "9C", "KS", "2D", "3D"], ["AS", "4C", "6C", "7C", "QS"], ["8D", "JD", "10S", "3S", "4S"]],
        "5H",
    )
    # strip seat 1 down to two cards through plays, then seat 0 plays a 7 that seat 1 lets pass
    g.hands[1] = [g.deck.card("2C"), g.deck.card("5C")]
    g.clues.clear()
    act(g, 0, Kind.PLAY, "7H")
    view = g.view(2)
    hands = sample_hands(view, 1)
    sums = Counter(sum(c.rank for c in h) for h in hands)
    assert sums[7] / len(hands) < 0.03, f"seat 1 let a 7 pass, yet its sampled hands sum to 7: {sums[7]}"


def test_sampled_deals_place_every_unseen_card_once_and_keep_hand_sizes():
    rng = random.Random(7)
    for preset in ("app", "standard"):
        g = Game(make_rules(preset, 4), 11)
        for _ in range(40):
            seat = g.sync_next()
            if seat < 0:
                break
            legal = g.sync_actions(seat)
            g.apply(rng.choice(list(legal)))
        me = g.turn
        view = g.view(me)
        sampler = HandSampler(view, rng, known_in_hand(view))
        sampler.mix(200)
        others, stock = sampler.deal()
        placed = [c.id for h in others.values() for c in h] + [c.id for c in stock]
        assert len(placed) == len(set(placed))
        assert not set(placed) & {c.id for c in view.hand}
        assert not set(placed) & {c.id for c in view.discard}
        for seat, hand in others.items():
            assert len(hand) == view.hand_sizes[seat]
        world = determinize(view, rng, sampler.deal())
        assert sorted(c.id for c in world.all_cards()) == sorted(c.id for c in g.all_cards())


# ---------------------------------------------------------------------------------------------- super


def super_game(hands, field):
    """A 4-player `super` round in mid-play (everyone has had a turn), seat 0 to play."""
    state = {"turns_taken": [1, 1, 1, 1], "first_card_placed": True}
    return position("super", hands, field, round_state=state, turn=0)


SUPER_HANDS = [
    ["10D", "5H", "6H", "7D", "3S"],
    ["4C"],
    ["8D", "JD", "10S", "3H", "4S"],
    ["9C", "KD", "5S", "5C", "AH"],
]


def test_super_a_seat_that_let_a_card_pass_rarely_holds_a_hand_that_could_call_on_it():
    # seat 1 holds one card and lets a 10 (value 10) pass: that card is rarely an A, a 9 or a 10
    g = super_game(SUPER_HANDS, "5D")
    act(g, 0, Kind.PLAY, "10D")
    view = g.view(2)
    hands = sample_hands(view, 1)
    assert len({h[0].id for h in hands}) > 10  # the clue is read: the sampler moves
    could = sum(1 for h in hands if 10 in super_totals(h)) / len(hands)
    rng = random.Random(1)
    blind = sum(1 for _ in range(300) if 10 in super_totals(determinize(view, rng).hands[1])) / 300
    assert could < 0.03 < 0.2 < blind, (could, blind)


def test_super_a_seat_that_took_instead_of_playing_rarely_held_a_card_it_could_place():
    # seat 0 takes on the 5 of diamonds: it probably holds no diamond, no 5, and no 8, K or Joker
    # (those go onto its own pile whatever the common card), except the card it took
    g = super_game([["3S", "7S", "6C", "JC", "QC"], *SUPER_HANDS[1:]], "5D")
    act(g, 0, Kind.DRAW)

    def fitting(hand):
        return sum(1 for c in hand if c.suit is Suit.DIAMONDS or c.rank in (5, 8, 13, 0))

    view = g.view(2)
    hands = sample_hands(view, 0)
    assert sum(1 for h in hands if fitting(h) <= 1) / len(hands) > 0.7
    rng = random.Random(1)
    blind = [determinize(view, rng).hands[0] for _ in range(300)]
    assert sum(1 for h in blind if fitting(h) <= 1) / len(blind) < 0.5


def test_with_nothing_to_go_on_every_deal_drawn_is_a_fresh_one():
    # the round's first decision: no clue yet, so every deal of the unseen cards is as likely as any
    # other; the sampler must still draw many (it once drew the same deal every time, so the hard
    # seat searched a single guess of the other hands)
    for preset in ("app", "super"):
        g = Game(make_rules(preset, 4), 5)
        view = g.view(g.turn)
        assert not view.history
        sampler = HandSampler(view, random.Random(2), known_in_hand(view))
        seen = set()
        for _ in range(50):
            sampler.mix(10)
            seen.add(tuple(sorted(c.id for c in sampler.hands()[(g.turn + 1) % 4])))
        assert len(seen) > 40, preset
