"""Scenario tests for the `standard` preset: one test per worked example E1..E21 of
shared/rules/standard.md §5 (with the rules of §2-§3 and the decisions [Dn] of §4 they rely on).

Every round is dealt from an explicit deck order (`deck_from_hands`), opened with a real sealed auction
and driven through the public API only: `legal_actions`, `apply`, `refusal`, `view`, `events`,
`state_key` (and `g.book.ranks` for the standings). Seats 0..3 are the spec's P1..P4.

Hands are dealt with 5 cards, so where an example names a smaller or larger hand the seats first
play or draw until the hands are exactly the example's. After every discard a reaction window opens;
`settle` lets every polled seat pass and checks that nobody could have called dobon by accident, so
the set-ups really are the example's situations. Base points are chosen so that the scores come out
exactly as the spec states. The spec's score lines leave out auction points (§5 preamble) while the
engine always applies them; where an example does not give the auction, the expected scores are the
spec's numbers plus the nominee's auction item, written out separately.
"""

from __future__ import annotations

import copy

import pytest

from game import REFEREE, Action, Game, IllegalAction, Kind, Suit, deck, make_rules
from game.events import (
    DirectionChanged,
    DobonCalled,
    DrawChainChanged,
    Drew,
    HandLaidDown,
    MatchEnded,
    Reshuffled,
    RoundEnded,
    SuitChosen,
)
from game.rules.standard import (
    AuctionWon,
    BidPlaced,
    LastOneDeclared,
    Skipped,
    TargetsCut,
    YakuDeclared,
    yaku_pattern,
)

DECK = deck("54")
S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS


# ---------------------------------------------------------------------------------------------- helpers


def card(code):
    return DECK.card(code)


def cards(*codes):
    return tuple(card(c) for c in codes)


def new_game(hands, field, stock=(), bids=None, *, game=None, seed=0, scores=None, **options):
    """A round dealt exactly as given (seat s gets `hands[s]`, `stock` is top first), then the
    auction with `bids` (one per seat) if given."""
    g = game or Game(make_rules("standard", 4, options or None), seed=seed, deal=False)
    order = g.deck_from_hands(hands=hands, field_card=field, stock=stock, first=0)
    g.start_round(order, first=0, scores=scores)
    if bids is not None:
        auction(g, bids)
    return g


def auction(g, bids):
    events = []
    for seat, amount in enumerate(bids):
        events += g.apply(Action(seat, Kind.BID, amount=amount))
    return events


def play(g, seat, code, suit=None, last_one=False):
    return g.apply(Action(seat, Kind.PLAY, (card(code),), suit, flag=last_one))


def draw(g, seat):
    return g.apply(Action(seat, Kind.DRAW))


def pass_(g, seat):
    return g.apply(Action(seat, Kind.PASS))


def dobon(g, seat, *codes):
    return g.apply(Action(seat, Kind.DOBON, cards(*codes)))


def gaeshi(g, seat):
    """Dobon-gaeshi names the (cut) targets of the dobon, as the open window shows them."""
    window = g.view(seat).window
    assert window is not None and window.waiting_for_me
    return g.apply(Action(seat, Kind.DOBON, window.cards))


def calls(g, seat):
    """The dobon target runs `seat` may name now, as tuples of codes."""
    return {tuple(c.code for c in a.cards) for a in g.legal_actions(seat) if a.kind is Kind.DOBON}


def settle(g, may_call=()):
    """Every seat polled about the last card passes. Unless listed in `may_call`, a seat must have had
    nothing to call (so the scenario is exactly the example's)."""
    window = g.window
    assert window is not None, "no window is open"
    while g.window is window and window.pending:
        seat = window.pending[0]
        if seat not in may_call:
            assert calls(g, seat) == set(), f"seat {seat} could call dobon on {window.cards}"
        pass_(g, seat)


def run(g, script):
    """Turns: (seat, "draw"), (seat, code), (seat, code, suit) or (seat, code, suit, last_one).
    Each discard's window is settled with passes."""
    for seat, what, *rest in script:
        assert g.turn == seat, f"expected seat {seat} to be the turn player, not {g.turn}"
        if what == "draw":
            draw(g, seat)
        else:
            play(g, seat, what, *rest)
            settle(g)


def options(g, seat):
    """The turn actions of `seat` as short strings: ``4H``, ``8C/S`` (an 8 naming ♠), ``draw``."""
    out = set()
    for a in g.legal_actions(seat):
        if a.kind is Kind.PLAY:
            out.add(a.card.code + ("" if a.suit is None else "/" + a.suit.letter))
        elif a.kind is Kind.DRAW:
            out.add("draw")
    return out


def playable(g, seat):
    """The cards `seat` may discard now (whatever suit it declares)."""
    return {a.card.code for a in g.legal_actions(seat) if a.kind is Kind.PLAY}


def suits_offered(g, seat, code):
    return {a.suit for a in g.legal_actions(seat) if a.kind is Kind.PLAY and a.card.code == code}


def hand(g, seat):
    return sorted(c.code for c in g.hands[seat])


def refused(g, action, *fragments):
    """Assert `action` is refused with a reason holding every fragment, and changes nothing."""
    before = g.state_key()
    events = len(g.events)
    assert not g.is_legal(action)
    with pytest.raises(IllegalAction) as info:
        g.apply(action)
    reason = info.value.reason
    assert reason, "a refusal must say why"
    for fragment in fragments:
        assert fragment.lower() in reason.lower(), f"reason {reason!r} lacks {fragment!r}"
    assert info.value.action == action
    assert g.refusal(action) == reason
    assert g.state_key() == before
    assert len(g.events) == events
    return reason


def of_type(g, kind, since=0):
    return [e for e in g.events[since:] if isinstance(e, kind)]


def result(g):
    ended = of_type(g, RoundEnded)
    assert ended, "the round should have ended"
    return ended[-1].result


def items(res, seat):
    """The additional-point lines of `seat`, item -> value (base and loser lines excluded)."""
    heads = {"base", "loser_by_dobon", "loser_by_gaeshi"}
    out = {}
    for ln in res.lines:
        if ln.seat == seat and ln.item not in heads:
            assert ln.item not in out, f"two {ln.item!r} lines for seat {seat}"
            out[ln.item] = ln.value
    return out


def line(res, seat, item):
    found = [ln.value for ln in res.lines if ln.seat == seat and ln.item == item]
    assert len(found) == 1, f"expected one {item!r} line for seat {seat}, got {res.lines}"
    return found[0]


def base(codes):
    """Base points (§2.8), computed independently of the engine: 10-13 count 10, a joker 0."""
    return sum(min(card(c).rank, 10) for c in codes)


def held(*codes):
    """Cards as a hand holds them (in deck order)."""
    return tuple(sorted(cards(*codes)))


def declare(seat):
    return Action(seat, Kind.DECLARE, amount=1)


# A one-discard round used to build match histories (E18, E20, E21): the placer wins the auction and
# discards ♠10 at once; the winner (A A 2 3 3 = 10) calls dobon on it. These are E17's hands.
QUICK_WINNER = ["AC", "AD", "2S", "3H", "3C"]
QUICK_PLACER = ["10S", "6C", "7S", "9D", "JD"]
QUICK_OTHERS = [["KH", "QD", "9C", "8S", "AH"], ["2D", "3S", "4C", "5H", "7D"]]  # bases 38 and 21


def quick_round(g, winner, placer, scores=None):
    others = [s for s in range(4) if s not in (winner, placer)]
    hands = [None] * 4
    hands[winner], hands[placer] = QUICK_WINNER, QUICK_PLACER
    hands[others[0]], hands[others[1]] = QUICK_OTHERS
    new_game(hands, "6S", bids=[8 if s == placer else 1 for s in range(4)], game=g, scores=scores)
    assert g.turn == placer
    play(g, placer, "10S")
    window = g.window
    while g.window is window:
        seat = window.pending[0]
        if seat == winner:
            dobon(g, seat, "10S")
        else:
            pass_(g, seat)
    pass_(g, placer)  # the victim cannot answer with a gaeshi
    res = result(g)
    assert res.winners == (winner,) and res.losers == (placer,)
    return res


# ---------------------------------------------------------------------------------------------- §5 examples


def test_e01_choice_cards_binding_off():
    # P3 (seat 2) wins the auction and draws ♣8 and the joker while the others draw; then P2 discards
    # ♠8 declaring ♥, and P3 holds exactly J♦ J♠ 3♠ 8♣ 4♥ 0 2♠.
    g = new_game(
        [
            ["KS", "QH", "10S", "9S", "7S"],
            ["8S", "KD", "QC", "10H", "9H"],
            ["JD", "JS", "3S", "4H", "2S"],
            ["KH", "QD", "7C", "6S", "3C"],
        ],
        "9C",
        stock=["8C", "10C", "6D", "5C", "JK", "6C", "7D"],
        bids=[1, 2, 9, 3],
    )
    run(g, [(2, "draw"), (3, "draw"), (0, "draw"), (1, "draw"), (2, "draw"), (3, "draw"), (0, "draw")])
    events = play(g, 1, "8S", H)
    assert SuitChosen(1, H) in events
    assert g.field == card("8S") and g.field_suit is H  # the field suits are {♥}
    assert g.view(2).suit_in_force is H
    settle(g)
    assert g.turn == 2
    assert hand(g, 2) == sorted(["JD", "JS", "3S", "8C", "4H", "JK", "2S"])
    # legal: J♦ ({♦, ♥}), 8♣ (same number; all suits), 4♥, 0 (all suits); drawing 1 is legal too
    assert playable(g, 2) == {"JD", "8C", "4H", "JK"}
    assert "draw" in options(g, 2)
    assert suits_offered(g, 2, "JD") == {None, D, H}  # its own suit or its pair; None = own suit [D12]
    assert suits_offered(g, 2, "8C") == {None, S, H, D, C}
    for code in ("JS", "3S", "2S"):  # J♠ is {♠, ♣}: no ♥
        refused(g, Action(2, Kind.PLAY, (card(code),)), "does not match")
    refused(g, Action(2, Kind.PLAY, (card("JD"),), S), "♦ or ♥")  # a pair card cannot name ♠
    refused(g, Action(2, Kind.PLAY, (card("4H"),), H), "only a choice card")
    branch = copy.deepcopy(g)
    drew = [e for e in draw(branch, 2) if isinstance(e, Drew)]
    assert len(drew) == 1 and drew[0].count == 1 and not drew[0].penalty
    # P3 plays J♦ with no suit given: the field suits become {♦}
    events = play(g, 2, "JD")
    assert SuitChosen(2, D) in events
    assert g.field == card("JD") and g.field_suit is None and g.view(3).suit_in_force is D
    settle(g)
    # so P4 may follow with a ♦ (Q♦) but no longer with a ♥ (K♥)
    assert g.turn == 3
    assert playable(g, 3) == {"QD"}
    refused(g, Action(3, Kind.PLAY, (card("KH"),)), "does not match")


def test_e02_first_field_card():
    others = [
        ["KS", "QH", "10S", "6D", "5S"],
        ["KC", "QC", "10D", "9H", "6H"],
        ["2C", "3S", "4D", "5H", "7D"],
    ]
    # ♣8 turned up: its field suits are {♣}, since no one discarded it [D13]
    g = new_game([["3H", "4C", "9S", "KD", "7C"], *others], "8C", bids=[9, 1, 1, 1])
    assert g.turn == 0 and g.field == card("8C") and g.field_suit is None
    assert g.view(0).suit_in_force is C
    assert playable(g, 0) == {"4C", "7C"}
    refused(g, Action(0, Kind.PLAY, (card("3H"),)), "does not match")  # an 8 turned up is not all-suit
    refused(g, Action(0, Kind.PLAY, (card("KD"),)), "does not match")
    # ♥2 turned up: no binding; the first player must match ♥ or 2
    g = new_game([["3H", "2S", "9S", "KD", "7C"], *others], "2H", bids=[9, 1, 1, 1])
    assert g.chain_links == 0 and g.chain_cards == 0
    assert g.view(0).extra["binding"] is False
    assert options(g, 0) == {"3H", "2S", "draw"}
    refused(g, Action(0, Kind.PLAY, (card("9S"),)), "does not match")
    drew = [e for e in draw(copy.deepcopy(g), 0) if isinstance(e, Drew)]
    assert len(drew) == 1 and drew[0].count == 1 and not drew[0].penalty  # an ordinary draw of 1
    # a joker turned up: any card matches (and it binds nobody)
    g = new_game([["3H", "9S", "KD", "7C", "4S"], *others], "JK", bids=[9, 1, 1, 1])
    assert g.chain_links == 0
    assert options(g, 0) == {"3H", "9S", "KD", "7C", "4S", "draw"}


def test_e03_legal_plays_during_binding():
    # P2 (seat 1) draws 0 as its sixth card; P1 then discards ♠2: binding on, acc 2, and P2 holds
    # 2♥ 5♣ 5♠ 0 7♠ Q♠.
    g = new_game(
        [
            ["2S", "KD", "QD", "10D", "9D"],
            ["2H", "5C", "5S", "7S", "QS"],
            ["KC", "QC", "10C", "9C", "7H"],
            ["KH", "QH", "10H", "9H", "6D"],
        ],
        "9S",
        stock=["JK", "3C", "3D"],
        bids=[1, 9, 1, 1],
    )
    run(g, [(1, "draw"), (2, "draw"), (3, "draw"), (0, "2S")])
    assert hand(g, 1) == sorted(["2H", "5C", "5S", "JK", "7S", "QS"])
    assert g.turn == 1 and g.field == card("2S")
    assert g.chain_links > 0 and g.chain_cards == 2
    assert g.view(1).extra["binding"] is True and g.view(1).extra["damage"] == 2
    # legal: 2♥ and 0 (attack cards), 5♠ (reflect matching ♠), or draw 2
    assert options(g, 1) == {"2H", "JK", "5S", "draw"}
    refused(g, Action(1, Kind.PLAY, (card("5C"),)), "binding is on")  # the pair ♣ does not count
    refused(g, Action(1, Kind.PLAY, (card("7S"),)), "binding is on")
    refused(g, Action(1, Kind.PLAY, (card("QS"),)), "binding is on")
    drew = [e for e in draw(copy.deepcopy(g), 1) if isinstance(e, Drew)]
    assert len(drew) == 1 and drew[0].count == 2 and drew[0].penalty

    # The same hand facing ♦5, a reflect played during binding: P1 draws 0 and ♦2, later discards ♦2
    # (acc 2), P2 reflects with ♦5 and the turn comes back to P1.
    g = new_game(
        [
            ["2H", "5C", "5S", "7S", "QS"],
            ["5D", "KC", "QC", "10C", "9C"],
            ["KH", "QH", "10H", "9H", "6S"],
            ["3S", "4S", "6C", "7C", "8C"],
        ],
        "9D",
        stock=["JK", "3C", "4C", "3H", "2D", "4H", "6D", "7D"],
        bids=[9, 1, 1, 1],
    )
    run(g, [(0, "draw"), (1, "draw"), (2, "draw"), (3, "draw"), (0, "draw"), (1, "draw"), (2, "draw")])
    run(g, [(3, "draw"), (0, "2D")])
    events = play(g, 1, "5D")
    assert DirectionChanged(-1) in events
    settle(g)
    assert g.turn == 0 and g.field == card("5D") and g.direction == -1
    assert g.chain_links > 0 and g.chain_cards == 2  # a reflect adds no damage
    assert hand(g, 0) == sorted(["2H", "5C", "5S", "JK", "7S", "QS"])
    # 2♥ is legal only by [D2]; 5♣ and 5♠ match ♦5 by number
    assert options(g, 0) == {"2H", "JK", "5C", "5S", "draw"}
    refused(g, Action(0, Kind.PLAY, (card("7S"),)), "binding is on")
    refused(g, Action(0, Kind.PLAY, (card("QS"),)), "binding is on")


def test_e04_accumulated_damage_and_reflect():
    g = new_game(
        [
            ["2C", "KH", "QH", "10S", "9S"],
            ["2D", "JK", "KS", "QS", "10H"],
            ["5D", "KC", "QC", "10C", "9H"],
            ["3H", "4S", "6C", "7D", "9D"],
        ],
        "9C",
        bids=[9, 1, 1, 1],
    )

    def state():
        return (g.chain_links > 0, g.chain_cards, g.direction, g.turn)

    assert state() == (False, 0, 1, 0)
    # t1 P1 ♣2: on, 2, clockwise, P2 next
    assert DrawChainChanged(1, 2) in play(g, 0, "2C")
    settle(g)
    assert state() == (True, 2, 1, 1)
    # t2 P2 ♦2: on, 4 (a non-attack card is refused under binding)
    assert playable(g, 1) == {"2D", "JK"}
    refused(g, Action(1, Kind.PLAY, (card("KS"),)), "binding is on", "draw 2")
    play(g, 1, "2D")
    settle(g)
    assert state() == (True, 4, 1, 2)
    # t3 P3 ♦5 (reflect, matches ♦): on, 4, counter-clockwise, P2 next
    assert options(g, 2) == {"5D", "draw"}
    assert DirectionChanged(-1) in play(g, 2, "5D")
    settle(g)
    assert state() == (True, 4, -1, 1)
    # t4 P2 0: on, 9, counter-clockwise, P1 next
    play(g, 1, "JK")
    settle(g)
    assert state() == (True, 9, -1, 0)
    # t5 P1 draws 9: binding off, P4 next
    assert options(g, 0) == {"draw"}
    drew = [e for e in draw(g, 0) if isinstance(e, Drew)]
    assert len(drew) == 1 and drew[0].count == 9 and drew[0].penalty
    assert len(g.hands[0]) == 4 + 9
    assert state() == (False, 0, -1, 3)
    # t6: the field is 0 (all suits), so P4 may discard any card
    assert g.field == card("JK")
    assert options(g, 3) == {"3H", "4S", "6C", "7D", "9D", "draw"}


def test_e05_skip_and_reverse():
    others = [
        ["KS", "QS", "10H", "9H", "7C"],
        ["KC", "QC", "10C", "6D", "7D"],
        ["KD", "JD", "10D", "7S", "6S"],
    ]
    # Skip: P1 discards ♣A, so P2 is skipped; at t2 P2 does nothing and P3 plays next [D3]
    g = new_game([["AC", "KH", "QH", "10S", "9S"], *others], "9C", bids=[9, 1, 1, 1])
    play(g, 0, "AC")
    mark = len(g.events)
    settle(g)
    assert Skipped(1) in g.events[mark:]
    assert g.turn == 2
    refused(g, Action(1, Kind.DRAW), "seat 2's turn")
    assert len(g.hands[1]) == 5
    extra = g.view(1).extra
    assert extra["skipped"][1] is False  # the skip was cleared
    assert extra["had_turn"][1] is True  # and the skipped turn counts as P2's turn
    assert extra["turn_log"][-1] == (1, "SKIPPED", None)
    # Reverse: P1 discards ♦Q with binding off; the direction becomes counter-clockwise, P4 plays next
    g = new_game([["QD", "KH", "QH", "10S", "9S"], *others], "9D", bids=[9, 1, 1, 1])
    assert DirectionChanged(-1) in play(g, 0, "QD")
    settle(g)
    assert g.direction == -1 and g.turn == 3
    # A 5 played with binding off has no effect; a 12 cannot be discarded during binding
    g = new_game(
        [
            ["5S", "KH", "QH", "10D", "9D"],
            ["2S", "KC", "QC", "10C", "9C"],
            ["QS", "KD", "JH", "10H", "7D"],
            ["KS", "10S", "9H", "7C", "6C"],
        ],
        "9S",
        bids=[9, 1, 1, 1],
    )
    mark = len(g.events)
    play(g, 0, "5S")
    settle(g)
    assert not of_type(g, DirectionChanged, mark) and not of_type(g, DrawChainChanged, mark)
    assert g.direction == 1 and g.turn == 1 and g.chain_links == 0
    play(g, 1, "2S")
    settle(g)
    assert g.turn == 2 and g.chain_cards == 2
    assert options(g, 2) == {"draw"}
    refused(g, Action(2, Kind.PLAY, (card("QS"),)), "binding is on")


def e06_game(last="7S", declare_last_one=True):
    """P1 plays down to [♠9, `last`], faces ♦9, discards ♠9 (declaring last one or not) and, a lap later,
    faces ♥7 with its single card."""
    g = new_game(
        [
            ["4S", "4C", "6C", last, "9S"],
            ["6D", "9H", "KC", "QC", "10C"],
            ["3D", "4H", "KS", "QS", "10S"],
            ["9D", "7H", "KD", "QD", "10D"],
        ],
        "3S",
        stock=["KH", "QH", "10H", "2C", "3C", "5C"],
        bids=[9, 1, 1, 1],
    )
    # a last-one declaration is valid only on the discard that leaves exactly one card
    refused(g, Action(0, Kind.PLAY, (card("4S"),), flag=True), "leaves you one card")
    run(g, [(0, "4S"), (1, "draw"), (2, "draw"), (3, "draw"), (0, "4C"), (1, "draw"), (2, "draw")])
    run(g, [(3, "draw"), (0, "6C"), (1, "6D"), (2, "3D"), (3, "9D")])
    assert g.field == card("9D") and hand(g, 0) == sorted([last, "9S"])
    assert {"9S"} <= playable(g, 0)
    assert Action(0, Kind.PLAY, (card("9S"),), flag=True) in g.legal_actions(0)
    assert Action(0, Kind.PLAY, (card("9S"),)) in g.legal_actions(0)  # declaring is not automatic [D11]
    events = play(g, 0, "9S", last_one=declare_last_one)
    assert (LastOneDeclared(0) in events) is declare_last_one
    assert g.view(1).extra["last_one"][0] is declare_last_one
    settle(g)
    run(g, [(1, "9H"), (2, "4H")])
    play(g, 3, "7H")
    settle(g, may_call={0})  # P1 could call dobon on ♥7 with ♠7 (7 = 7); it does not
    assert g.turn == 0 and g.field == card("7H") and hand(g, 0) == [last]
    return g


def test_e06_last_one():
    g = e06_game()
    # with the declaration, P1 may discard ♠7 on ♥7 ...
    assert options(g, 0) == {"7S", "draw"}
    # (if P1 draws instead, back to 2 cards, the declaration lapses)
    branch = copy.deepcopy(g)
    draw(branch, 0)
    assert len(branch.hands[0]) == 2 and branch.view(1).extra["last_one"][0] is False
    # ... and, if nobody calls dobon, goes out as a winner
    play(g, 0, "7S")
    assert g.hands[0] == [] and g.window is not None  # the others are still asked about ♠7
    settle(g)
    res = result(g)
    assert res.ending == "out" and res.winners == (0,) and res.losers == ()
    assert items(res, 0) == {"auction": -50}  # P1 won the auction and the round
    assert res.deltas[0] == -50

    # without the declaration P1 may not discard its last card and must draw
    g = e06_game(declare_last_one=False)
    assert options(g, 0) == {"draw"}
    refused(g, Action(0, Kind.PLAY, (card("7S"),)), "did not declare last one", "draw")

    # with a single 0, P1 must draw even after declaring
    g = e06_game(last="JK")
    assert g.view(1).extra["last_one"][0] is True
    assert options(g, 0) == {"draw"}
    refused(g, Action(0, Kind.PLAY, (card("JK"),)), "strong attack", "draw")


def test_e07_draw_clamp_and_card_exhaustion():
    hands = [
        ["JK", "9H", "KS", "QS", "10S"],
        ["2D", "KH", "QH", "10H", "7C"],
        ["KC", "QC", "10C", "6D", "6H"],
        ["KD", "QD", "10D", "7S", "7H"],
    ]
    g = new_game(hands, "9C", bids=[7, 3, 2, 1])
    assert len(g.stock) == 33
    # eight laps: P1 discards ♥9 once, every other turn is a draw (31 draws), so the stock is down to 2
    for lap in range(8):
        for seat in range(4):
            run(g, [(seat, "9H")] if (lap, seat) == (0, 0) else [(seat, "draw")])
    run(g, [(0, "JK"), (1, "2D")])  # binding: acc 5 + 2 = 7
    assert g.turn == 2 and g.chain_cards == 7
    assert len(g.stock) == 2 and len(g.discard) - 1 == 3  # stock 2, discard pile 3
    before = len(g.hands[2])
    events = draw(g, 2)
    drew = [e for e in events if isinstance(e, Drew)]
    assert len(drew) == 1 and drew[0].count == 5 and drew[0].penalty  # 2, a reshuffle, 3 more
    assert Reshuffled(3, (("field", 3),)) in events
    assert len(g.hands[2]) == before + 5
    assert g.chain_links == 0 and g.chain_cards == 0  # binding ends
    assert len(g.stock) == 0 and len(g.discard) == 1  # both piles are empty
    res = result(g)
    assert res.ending == "exhaustion" and res.winners == () and res.losers == ()
    for seat in range(4):  # base + additional; the auction nominee P1 adds its bid 7
        held = [c.code for c in g.hands[seat]]
        assert res.deltas[seat] == base(held) + (7 if seat == 0 else 0)
    assert items(res, 0) == {"auction": 7}
    assert all(items(res, seat) == {} for seat in (1, 2, 3))


def test_e08_when_dobon_is_not_allowed():
    # (a) P4 holds 0 and ♥7 (a mixed hand) when P3 discards ♣7: no dobon
    g = new_game(
        [
            ["KH", "QH", "10H", "9H", "8D"],
            ["KD", "QD", "10D", "9D", "8S"],
            ["7C", "KS", "QS", "10S", "9S"],
            ["4C", "6C", "9C", "JK", "7H"],
        ],
        "3C",
        bids=[1, 1, 1, 9],
    )
    run(g, [(3, "4C"), (0, "draw"), (1, "draw"), (2, "draw"), (3, "6C"), (0, "draw"), (1, "draw")])
    run(g, [(2, "draw"), (3, "9C"), (0, "draw"), (1, "draw")])
    play(g, 2, "7C")
    assert hand(g, 3) == ["7H", "JK"]
    assert calls(g, 3) == set() and g.legal_actions(3) == [Action(3, Kind.PASS)]
    refused(g, Action(3, Kind.DOBON, cards("7C")), "mixes a 0")
    settle(g)

    # (b) t1 P1 discards ♠3, t2 P2 draws, t3 P3 discards ♠4; P4 (sum 7) may not reach back past the draw
    g = new_game(
        [
            ["3S", "KH", "QH", "10H", "9H"],
            ["KD", "QD", "10D", "9D", "8C"],
            ["4S", "KC", "QC", "10C", "9C"],
            ["6S", "10S", "KS", "2C", "5H"],
        ],
        "9S",
        bids=[1, 1, 1, 9],
    )
    run(g, [(3, "6S"), (0, "draw"), (1, "draw"), (2, "draw"), (3, "10S"), (0, "draw"), (1, "draw")])
    run(g, [(2, "draw"), (3, "KS"), (0, "3S"), (1, "draw")])
    play(g, 2, "4S")
    assert hand(g, 3) == ["2C", "5H"]  # sum 7
    assert calls(g, 3) == set()
    refused(g, Action(3, Kind.DOBON, cards("3S", "4S")), "adds up to your hand's 7")
    refused(g, Action(3, Kind.DOBON, cards("4S")), "adds up to your hand's 7")
    settle(g)

    # (c) P3 discards ♠4 while P4 holds ♣2; in its own turn P4 draws ♥2 (sum 4): still no dobon [D6]
    g = new_game(
        [
            ["KH", "QH", "10H", "9H", "8D"],
            ["KD", "QD", "10D", "9D", "8C"],
            ["4S", "KC", "QC", "10C", "9C"],
            ["10S", "KS", "7S", "3S", "2C"],
        ],
        "9S",
        stock=["JH", "JD", "JC", "JS", "6H", "6D", "6C", "6S", "5H", "5D", "5C", "2H"],
        bids=[1, 1, 1, 9],
    )
    for filler in ("10S", "KS", "7S"):
        run(g, [(3, filler), (0, "draw"), (1, "draw"), (2, "draw")])
    run(g, [(3, "3S"), (0, "draw"), (1, "draw")])
    play(g, 2, "4S")
    assert hand(g, 3) == ["2C"] and calls(g, 3) == set()
    settle(g)
    draw(g, 3)
    assert hand(g, 3) == ["2C", "2H"] and g.window is None
    refused(g, Action(3, Kind.DOBON, cards("4S")), "no card to call dobon on")
    assert calls(g, 3) == set()


def test_e09_skipped_turn_inside_a_run():
    g = new_game(
        [
            ["AC", "KH", "QD", "9D", "8S"],
            ["10H", "KS", "7C", "3D", "4H"],
            ["6C", "KD", "JH", "10D", "3S"],
            ["10S", "KC", "9C", "2S", "5D"],
        ],
        "9H",
        stock=["JS", "10C", "QH", "QS", "9S", "8D"],
        bids=[9, 1, 1, 1],
    )
    run(g, [(0, "draw"), (1, "10H"), (2, "draw"), (3, "10S"), (0, "draw"), (1, "KS"), (2, "draw")])
    run(g, [(3, "KC"), (0, "draw"), (1, "7C"), (2, "draw"), (3, "9C")])
    assert hand(g, 1) == ["3D", "4H"] and hand(g, 3) == ["2S", "5D"]  # both sum 7
    # t1 P1 ♣A (P2 is skipped), t2 P2 skipped, t3 P3 ♣6
    play(g, 0, "AC")
    mark = len(g.events)
    settle(g)
    assert Skipped(1) in g.events[mark:] and g.turn == 2
    play(g, 2, "6C")
    # P4 (sum 7) may target {♣A, ♣6}: the skipped turn does not break the run
    assert calls(g, 3) == {("AC", "6C")}
    # P2 (sum 7) has no candidate: the run reaching ♣A includes t2, P2's own turn, and {♣6} is 6
    assert calls(g, 1) == set()
    refused(g, Action(1, Kind.DOBON, cards("AC", "6C")), "adds up to your hand's 7")
    refused(g, Action(1, Kind.DOBON, cards("6C")), "adds up to your hand's 7")
    assert g.window.pending == [3, 0, 1]
    dobon(g, 3, "AC", "6C")
    mark = len(g.events)
    pass_(g, 0)
    pass_(g, 1)
    assert TargetsCut(cards("AC", "6C"), (0, 2)) in g.events[mark:]  # two victims: P1 and P3
    assert sorted(g.window.pending) == [0, 2]
    settle(g)
    res = result(g)
    assert res.ending == "dobon" and res.winners == (3,) and res.losers == (0, 2)
    assert items(res, 3) == {"multi_dobon": -100}
    # worst = P2's 7; each loser pays the full 7 × 1 × 2 [D15]; P1 also pays its bid 9
    assert res.deltas == (14 + 9, 7, 14, -100)


def test_e10_multi_dobon_two_losers():
    g = new_game(
        [
            ["10H", "JD", "10S", "2H", "3C"],
            ["6H", "KD", "6C", "6S", "4C"],
            ["6D", "7D", "3D", "4S", "8D"],
            ["9H", "10D", "7C", "2S", "5H"],
        ],
        "KH",
        bids=[1, 2, 3, 9],
    )
    run(g, [(3, "9H"), (0, "10H"), (1, "6H"), (2, "6D"), (3, "10D"), (0, "JD"), (1, "KD"), (2, "7D")])
    run(g, [(3, "7C")])  # t9, P4's last turn
    play(g, 0, "3C")  # t10
    settle(g)
    play(g, 1, "4C")  # t11
    assert hand(g, 3) == ["2S", "5H"] and hand(g, 0) == ["10S", "2H"] and hand(g, 1) == ["6C", "6S"]
    assert calls(g, 3) == {("3C", "4C")}
    settle_with = {3: ("3C", "4C")}
    window = g.window
    while g.window is window:
        seat = window.pending[0]
        if seat in settle_with:
            events = dobon(g, seat, *settle_with[seat])
            assert DobonCalled(3, held("2S", "5H"), cards("3C", "4C"), 1, False) in events
        else:
            assert calls(g, seat) == set()
            pass_(g, seat)
    # victims P1 and P2 (sums 12 each, targets 7): neither can gaeshi
    assert sorted(g.window.pending) == [0, 1]
    for seat in (0, 1):
        assert calls(g, seat) == set()
        refused(g, Action(seat, Kind.DOBON, cards("3C", "4C")), "adds up to 12, not 7")
    settle(g)
    res = result(g)
    assert res.winners == (3,) and res.losers == (0, 1)
    assert base([c.code for c in g.hands[2]]) == 15
    assert line(res, 0, "loser_by_dobon") == 30 and line(res, 1, "loser_by_dobon") == 30
    assert items(res, 3) == {"multi_dobon": -100, "auction": -50}
    spec = [30, 30, 15, -100]
    spec[3] += -50  # auction points, which the spec's line leaves out: P4 won the auction and the round
    assert list(res.deltas) == spec


def test_e11_simultaneous_dobons():
    # The spec has P1 draw at t20 and then hold 6♣ alone, which cannot be (a draw leaves at least 2
    # cards); here P1 draws ♣5 onto ♥A, so it holds a 6 in two cards. Everything else is as stated.
    g = new_game(
        [
            ["10H", "8D", "7D", "JC", "AH"],
            ["10S", "9C", "8C", "KH", "7S"],
            ["KS", "10C", "4C", "QS", "JH"],
            ["KD", "10D", "7C", "4S", "5S"],
        ],
        "9H",
        stock=["2C", "3C", "3D", "6D", "5C"],
        bids=[1, 2, 9, 3],
    )
    run(g, [(2, "draw"), (3, "draw"), (0, "10H"), (1, "10S"), (2, "KS"), (3, "KD"), (0, "8D"), (1, "8C")])
    run(g, [(2, "10C"), (3, "10D"), (0, "7D"), (1, "draw"), (2, "draw"), (3, "7C"), (0, "JC"), (1, "9C")])
    run(g, [(2, "4C"), (3, "3C")])
    run(g, [(0, "draw"), (1, "3D")])  # t20 P1 draws, t21 P2 discards ♦3
    play(g, 2, "6D")  # t22 P3 discards ♦6
    assert hand(g, 2) == sorted(["QS", "JH", "2C"]) and hand(g, 1) == ["7S", "KH"]
    assert hand(g, 3) == ["4S", "5S"] and hand(g, 0) == ["5C", "AH"]
    assert calls(g, 3) == {("3D", "6D")}
    assert calls(g, 0) == {("6D",)}
    assert g.window.pending == [3, 0, 1]
    dobon(g, 3, "3D", "6D")
    dobon(g, 0, "6D")  # at the same time (same window)
    mark = len(g.events)
    pass_(g, 1)
    # k = 1: both target sets become {♦6}; the only victim is P3
    assert TargetsCut(cards("6D"), (2,)) in g.events[mark:]
    assert g.window.pending == [2]
    assert calls(g, 2) == set()  # P3's Q J 2 = 25, not 6
    refused(g, Action(2, Kind.DOBON, cards("6D")), "adds up to 25, not 6")
    pass_(g, 2)
    res = result(g)
    assert res.ending == "dobon" and sorted(res.winners) == [0, 3] and res.losers == (2,)
    assert "multi_dobon" not in items(res, 3)  # judged on the cut set
    assert line(res, 2, "loser_by_dobon") == 68  # worst 17 (P2's K♥ 7♠) × 2 winners × 2
    assert items(res, 0) == {} and items(res, 3) == {} and items(res, 1) == {}
    spec = [0, 17, 68, 0]
    spec[2] += 9  # auction points, which the spec's line leaves out: P3 won the auction with 9
    assert list(res.deltas) == spec


def test_e12_joker_dobon():
    g = new_game(
        [
            ["JK#2", "QS", "QC", "4H", "5C"],
            ["10C", "JD", "7S", "KD", "8C"],
            ["6C", "KS", "KC", "9H", "3D"],
            ["10H", "6D", "7D", "9S", "JK"],
        ],
        "7H",
        stock=["2H", "AH", "3S", "4C"],
        bids=[1, 2, 3, 9],
    )
    run(g, [(3, "10H"), (0, "draw"), (1, "10C"), (2, "6C"), (3, "6D"), (0, "draw"), (1, "JD"), (2, "draw")])
    run(g, [(3, "7D"), (0, "draw"), (1, "7S"), (2, "KS")])
    # P4 discards ♠9 keeping only 0, with last one declared
    assert LastOneDeclared(3) in play(g, 3, "9S", last_one=True)
    settle(g)
    assert hand(g, 3) == ["JK"] and g.view(0).extra["last_one"][3] is True
    # P1 then discards the other 0: binding, acc 5
    play(g, 0, "JK#2")
    assert g.chain_links > 0 and g.chain_cards == 5
    # P4, in no-going-out (a lone strong attack card), may still call dobon on {0} [D8]
    assert calls(g, 3) == {("JK#2",)}
    window = g.window
    while g.window is window:
        seat = window.pending[0]
        if seat == 3:
            dobon(g, 3, "JK#2")
        else:
            assert calls(g, seat) == set()
            pass_(g, seat)
    # P1 cannot gaeshi: no hand without a 0 sums to 0 [D26]
    assert g.window.pending == [0] and calls(g, 0) == set()
    refused(g, Action(0, Kind.DOBON, cards("JK#2")), "adds up to 40, not 0")
    pass_(g, 0)
    res = result(g)
    assert res.winners == (3,) and res.losers == (0,)
    assert base(hand(g, 1)) == 18 and base(hand(g, 2)) == 25  # worst = 25
    assert line(res, 0, "loser_by_dobon") == 50 and line(res, 0, "joker_dobon_loss") == 50
    assert items(res, 3) == {"joker_dobon": -100, "auction": -50}  # no flush for a joker dobon
    spec = [100, 18, 25, -100]
    spec[3] += -50  # auction points, which the spec's line leaves out: P4 won the auction and the round
    assert list(res.deltas) == spec


# E13 and E20 are round 7 of one match: P1 won rounds 5 and 6; the bids are P1 5, P2 8, P3 2, P4 8.
E20_BIDS = [5, 8, 2, 8]
HISTORY = [(1, 2), (2, 3), (3, 0), (1, 2), (0, 1), (0, 1)]  # (winner, placer) of rounds 1..6


def round_seven(hands, field, stock, seed):
    g = Game(make_rules("standard", 4), seed=seed, deal=False)
    for winner, placer in HISTORY:
        quick_round(g, winner, placer)
    assert g.view(0).extra["wins"] == (2, 2, 1, 1)
    return new_game(hands, field, stock, bids=E20_BIDS, game=g)


def round_seven_won_by_p2(hands, field, stock):
    """The tie between P2 and P4 is broken by the seeded RNG [D19]; use the first seed that picks P2
    (and check that the tie really is random: some seed picks P4)."""
    picked = {}
    for seed in range(20):
        g = round_seven(hands, field, stock, seed)
        won = of_type(g, AuctionWon)[-1]
        assert won.bids == tuple(E20_BIDS) and won.nominee in (1, 3)
        picked.setdefault(won.nominee, g)
        if len(picked) == 2:
            break
    assert set(picked) == {1, 3}
    g = picked[1]
    assert g.round_no == 7 and g.turn == 1
    return g


def test_e13_dobon_gaeshi():
    g = round_seven_won_by_p2(
        [
            ["10H", "7D", "3D", "4D", "5D"],
            ["9S", "AH", "KD", "QH", "7C"],
            ["9C", "6D", "9D", "6S", "3H"],
            ["10C", "7H", "10S", "9H", "6H"],
        ],
        "KS",
        ["3C", "AC"],
    )
    run(g, [(1, "9S"), (2, "9C"), (3, "10C"), (0, "10H")])
    run(g, [(1, "AH")])  # P3 is skipped
    run(g, [(3, "7H"), (0, "7D"), (1, "draw"), (2, "6D"), (3, "draw"), (0, "3D"), (1, "KD")])
    play(g, 2, "9D")  # P3 keeps ♠6 ♥3 (sum 9, no 0)
    assert hand(g, 2) == ["3H", "6S"] and hand(g, 0) == ["4D", "5D"]
    assert hand(g, 1) == sorted(["QH", "7C", "3C"]) and hand(g, 3) == sorted(["10S", "9H", "6H", "AC"])
    assert calls(g, 0) == {("9D",)}
    window = g.window
    while g.window is window:
        seat = window.pending[0]
        if seat == 0:
            dobon(g, 0, "9D")  # P1 calls dobon with ♦4 ♦5
        else:
            assert calls(g, seat) == set()
            pass_(g, seat)
    # P3 may gaeshi: no 0, 6 + 3 = 9, and it could not have called dobon (its own turn)
    assert g.window.pending == [2] and calls(g, 2) == {("9D",)}
    events = gaeshi(g, 2)
    assert DobonCalled(2, held("6S", "3H"), cards("9D"), 0, True) in events
    assert HandLaidDown(2, held("6S", "3H")) in events
    res = result(g)
    assert res.ending == "gaeshi" and res.winners == (2,) and res.losers == (0,)  # P1's dobon is void
    assert g.laid[0] == [] and hand(g, 0) == ["4D", "5D"] and g.laid[2] == list(held("6S", "3H"))
    assert line(res, 0, "loser_by_gaeshi") == 156  # worst 26 × 6
    assert items(res, 2) == {}  # no flush: mixed suits
    assert items(res, 1) == {"auction": 8}
    assert res.deltas == (156, 28, 0, 26)


def test_e14_gaeshi_condition_iii():
    g = new_game(
        [
            ["9H", "10S", "7C", "JK", "AC"],
            ["KH", "10D", "6H", "2S", "AH"],
            ["QC", "QD", "8D", "5S", "4S"],
            ["KS", "7D", "6C", "JH", "2H"],
        ],
        "9C",
        stock=["KD", "KC", "AS", "10H", "AD", "10C"],
        bids=[9, 1, 1, 1],
    )
    run(g, [(0, "9H"), (1, "KH"), (2, "draw"), (3, "KS"), (0, "10S"), (1, "10D"), (2, "draw"), (3, "7D")])
    run(g, [(0, "7C"), (1, "draw"), (2, "draw"), (3, "6C"), (0, "draw"), (1, "6H"), (2, "draw"), (3, "JH")])
    assert hand(g, 0) == sorted(["JK", "AC", "AD"]) and hand(g, 1) == sorted(["2S", "AH", "AS"])
    assert hand(g, 3) == ["2H"]
    run(g, [(0, "JK")])  # t1: acc 5
    play(g, 1, "2S")  # t2: acc 7
    assert g.chain_cards == 7
    assert calls(g, 3) == {("2S",), ("JK", "2S")}  # P4 (♥2) chooses the longer run [D7]
    assert calls(g, 0) == {("2S",)}  # P1 (♣A ♦A) has a candidate too, but does not call
    window = g.window
    while g.window is window:
        seat = window.pending[0]
        if seat == 3:
            dobon(g, 3, "JK", "2S")
        else:
            pass_(g, seat)
    assert of_type(g, TargetsCut)[-1] == TargetsCut(cards("JK", "2S"), (0, 1))  # victims P1 and P2
    assert sorted(g.window.pending) == [0, 1]
    # P1 had a candidate in this window, so may not gaeshi
    assert calls(g, 0) == set()
    refused(g, Action(0, Kind.DOBON, cards("JK", "2S")), "could have called dobon yourself")
    # P2 (♥A ♠A, sum 2) could not call dobon (its own turn), so may
    assert calls(g, 1) == {("JK", "2S")}
    pass_(g, 0)
    gaeshi(g, 1)
    res = result(g)
    assert res.ending == "gaeshi" and res.winners == (1,) and res.losers == (3,)  # P1 is not a loser
    worst = max(base(hand(g, 0)), base(hand(g, 2)))  # P1 2, P3 77; P2, a winner, 0
    assert worst == 77
    assert line(res, 3, "loser_by_gaeshi") == worst * 6
    assert line(res, 0, "base") == 2
    assert res.deltas == (2 + 9, 0, 77, 462)  # P1, the auction nominee, also pays its bid 9


def answer(g, callers):
    """Every seat polled in the open window answers: `callers[seat]` = the targets it calls, else pass."""
    window = g.window
    assert window is not None
    while g.window is window:
        seat = window.pending[0]
        if seat in callers:
            dobon(g, seat, *callers[seat])
        else:
            assert calls(g, seat) == set(), f"seat {seat} could call dobon"
            pass_(g, seat)


def test_e15_storm_dobon():
    # P1 holds ♠3 ♥3 ♦3 and calls dobon on ♣9: −100 to P1, and no flush
    g = new_game(
        [
            ["7H", "9H", "3S", "3H", "3D"],
            ["KD", "QD", "10D", "JC", "6C"],
            ["KH", "QH", "10H", "JS", "6D"],
            ["9C", "KS", "QS", "10S", "8D"],
        ],
        "6H",
        bids=[9, 1, 1, 1],
    )
    run(g, [(0, "7H"), (1, "draw"), (2, "draw"), (3, "draw"), (0, "9H"), (1, "draw"), (2, "draw")])
    play(g, 3, "9C")
    assert hand(g, 0) == ["3D", "3H", "3S"] and calls(g, 0) == {("9C",)}
    answer(g, {0: ("9C",)})
    pass_(g, 3)  # P4 (the victim) cannot gaeshi
    res = result(g)
    assert res.winners == (0,) and res.losers == (3,)
    assert items(res, 0) == {"storm_dobon": -100, "auction": -50}  # no flush_dobon

    # A victim holding ♠2 ♥2 ♦2 who gaeshis a dobon whose targets sum to 6 also gets −100
    g = new_game(
        [
            ["9D", "KC", "AH", "2C", "3S"],
            ["KS", "QS", "10S", "JH", "7C"],
            ["QH", "10H", "10C", "JC", "7D"],
            ["KD", "6C", "2S", "2H", "2D"],
        ],
        "9H",
        bids=[9, 1, 1, 1],
    )
    run(g, [(0, "9D"), (1, "draw"), (2, "draw"), (3, "KD"), (0, "KC"), (1, "draw"), (2, "draw")])
    play(g, 3, "6C")  # P4 keeps ♠2 ♥2 ♦2
    assert hand(g, 3) == ["2D", "2H", "2S"] and hand(g, 0) == ["2C", "3S", "AH"]
    answer(g, {0: ("6C",)})  # P1 (A + 2 + 3 = 6) calls dobon
    assert g.window.pending == [3] and calls(g, 3) == {("6C",)}
    gaeshi(g, 3)
    res = result(g)
    assert res.ending == "gaeshi" and res.winners == (3,) and res.losers == (0,)
    assert items(res, 3) == {"storm_dobon": -100}  # Storm covers a gaeshi; no flush


def test_e16_disrupt_dobon():
    g = new_game(
        [
            ["KD", "JC", "8D", "3C", "2D"],
            ["10S", "KH", "7H", "7S", "6H"],
            ["10C", "KS", "9H", "AD", "5D"],
            ["6S", "QD", "QC", "8C", "4C"],
        ],
        "9C",
        stock=["10D", "10H", "JD", "JS", "QS", "QH", "4S", "8H", "5C", "5S"],
        bids=[1, 1, 9, 1],
    )
    run(g, [(2, "10C"), (3, "draw"), (0, "draw"), (1, "10S"), (2, "KS"), (3, "draw"), (0, "draw"), (1, "KH")])
    run(g, [(2, "9H"), (3, "draw"), (0, "draw"), (1, "7H"), (2, "draw"), (3, "draw"), (0, "draw")])
    assert LastOneDeclared(1) in play(g, 1, "7S", last_one=True)
    settle(g)
    run(g, [(2, "4S")])
    play(g, 3, "6S")
    settle(g, may_call={1, 2})  # both P2 (♥6) and P3 (♦A ♦5) could call on ♠6; they wait
    run(g, [(0, "draw")])  # the turn before P2's is a draw
    # P2, holding ♥6 with last one declared, discards it on ♠6 and has 0 cards
    assert hand(g, 1) == ["6H"] and options(g, 1) == {"6H", "draw"}
    play(g, 1, "6H")
    assert g.hands[1] == []
    assert hand(g, 2) == ["5D", "AD"] and calls(g, 2) == {("6H",)}
    answer(g, {2: ("6H",)})
    # P2 cannot gaeshi (sum 0 ≠ 6)
    assert g.window.pending == [1] and calls(g, 1) == set()
    refused(g, Action(1, Kind.DOBON, cards("6H")), "adds up to 0, not 6")
    pass_(g, 1)
    res = result(g)
    # P2 went out but is a loser, so not a winner: W = 1
    assert res.winners == (2,) and res.losers == (1,)
    assert items(res, 2) == {"disrupt_dobon": -50, "auction": -50}  # no flush (♦ with ♥)
    worst = max(base(hand(g, 0)), base(hand(g, 3)))
    assert line(res, 1, "loser_by_dobon") == worst * 1 * 2


def test_e17_quick_dobon_and_auction_points():
    g = new_game(
        [QUICK_OTHERS[0], QUICK_PLACER, QUICK_OTHERS[1], QUICK_WINNER],
        "6S",
    )
    # the auction is sealed: nobody plays before every seat has bid
    assert g.view(1).phase == "opening"
    refused(g, Action(1, Kind.PLAY, (card("10S"),)), "the round has not started")
    refused(g, Action(0, Kind.BID, amount=0), "1 to 99")
    refused(g, declare(3), "after the auction")
    events = g.apply(Action(0, Kind.BID, amount=3))
    assert BidPlaced(0, 3) in events and BidPlaced(0, 3).for_seat(1) == BidPlaced(0, None)
    refused(g, Action(0, Kind.BID, amount=4), "already bid")
    assert g.view(1).extra["bids"] == (True, False, False, False)  # who has bid, not how much
    events = [*g.apply(Action(1, Kind.BID, amount=8)), *g.apply(Action(2, Kind.BID, amount=1))]
    events += g.apply(Action(3, Kind.BID, amount=5))
    assert AuctionWon((3, 8, 1, 5), 1) in events
    assert g.view(0).extra["bids"] == (3, 8, 1, 5) and g.view(0).extra["nominee"] == 1
    # P2 is nominated and plays first
    assert g.phase.value == "turn" and g.turn == 1
    refused(g, Action(1, Kind.BID, amount=9), "auction is over")
    play(g, 1, "10S")
    # P4 has not had a turn and still holds 5 cards (A A 2 3 3 = 10)
    assert g.view(3).extra["had_turn"][3] is False
    assert calls(g, 3) == {("10S",)}
    answer(g, {3: ("10S",)})
    pass_(g, 1)
    res = result(g)
    assert res.winners == (3,) and res.losers == (1,)
    assert items(res, 3) == {"quick_dobon": -100}  # mixed suits, no yaku
    assert line(res, 1, "loser_by_dobon") == 76 and line(res, 1, "quick_dobon_loss") == 76
    assert items(res, 1) == {"quick_dobon_loss": 76, "auction": 8}
    assert res.deltas == (38, 160, 21, -100)
    assert g.scores == [38, 160, 21, -100]


def test_e18_slam():
    g = Game(make_rules("standard", 4), seed=0, deal=False)
    winners = [1, 2, 3, 1, 0, 0, 0, 0, 1]  # P1 wins rounds 5, 6, 7 and 8, not 9
    slams = []
    for round_no, winner in enumerate(winners, start=1):
        res = quick_round(g, winner, (winner + 1) % 4)
        assert g.round_no == round_no
        slams.append({ln.seat: ln.value for ln in res.lines if ln.item == "slam"})
    assert slams[6] == {0: -50} and slams[7] == {0: -50}  # rounds 7 and 8
    assert slams[8] == {}  # round 9
    assert all(slams[i] == {} for i in range(6))  # rounds 1 to 6, P1's round 5 and 6 included
    assert g.view(0).extra["wins"] == (4, 3, 1, 1)


YAKU_TABLE = [
    (["AS", "10H", "JC", "QD", "KS"], "straight"),  # A = 14
    (["AH", "2C", "3D", "4S", "5H"], "straight"),  # A = 1
    (["JS", "QH", "KD", "AC", "2S"], None),  # no wrap-around
    (["7S", "7H", "7D", "JK", "JK#2"], "full_house"),  # two 0s make a pair [D4]
    (["2H", "5H", "9H", "JH", "KH"], "flush"),
    (["4S", "4H", "4D", "4C", "JK"], "four_of_a_kind"),
    (["JK", "3H", "5H", "9H", "JH"], None),  # a 0 has no suit: no flush
]


def check_yaku_row(codes, pattern):
    assert yaku_pattern(cards(*codes)) == pattern, codes
    # the same hand dealt to P1, at the start of P2's first turn [D16]
    rest = [c.code for c in DECK if c.code not in codes]
    g = new_game([codes, rest[0:5], rest[5:10], rest[10:15]], rest[15], bids=[1, 9, 1, 1])
    assert g.turn == 1
    if pattern is None:
        assert declare(0) not in g.legal_actions(0)
        refused(g, declare(0), "no yaku")
    else:
        assert declare(0) in g.legal_actions(0)
        events = g.apply(declare(0))
        assert YakuDeclared(0, tuple(g.hands[0]), pattern) in events
        assert set(g.view(2).extra["exposed"]) == set(cards(*codes))  # the hand is exposed
        refused(g, declare(0), "already declared")


def test_e19_yaku_patterns():
    for codes, pattern in YAKU_TABLE:
        check_yaku_row(codes, pattern)

    # P4 declares its straight at the start of P3's turn, then wins the round: −100
    g = new_game(
        [
            ["10H", "KD", "JC", "9D", "8C"],
            ["KS", "QD", "10D", "7C", "6S"],
            ["6H", "KC", "QC", "10S", "9S"],
            ["AH", "2C", "3D", "4S", "5H"],
        ],
        "7H",
        bids=[1, 1, 9, 1],
    )
    assert g.turn == 2 and declare(3) in g.legal_actions(3)
    events = g.apply(declare(3))
    assert YakuDeclared(3, held("AH", "2C", "3D", "4S", "5H"), "straight") in events
    assert g.view(0).extra["yaku"] == (False, False, False, True)
    run(g, [(2, "6H"), (3, "5H")])
    play(g, 0, "10H")
    assert calls(g, 3) == {("10H",)}  # A + 2 + 3 + 4 = 10
    answer(g, {3: ("10H",)})
    pass_(g, 0)
    res = result(g)
    assert res.winners == (3,) and res.losers == (0,)
    assert items(res, 3) == {"yaku": -100}
    assert res.deltas[3] == -100

    # A player with 6 or 4 cards may not declare, even holding a yaku's cards
    g = new_game(
        [
            ["2H", "5H", "9H", "JH", "3S"],
            ["9D", "KC", "10C", "6S", "4D"],
            ["7S", "7H", "7D", "7C", "9C"],
            ["3C", "KS", "10D", "6H", "8C"],
        ],
        "9S",
        stock=["KH"],
        bids=[9, 1, 1, 1],
    )
    assert declare(2) in g.legal_actions(2)  # P3's four 7s are offered; P3 declines for now
    pass_(g, 2)
    run(g, [(0, "draw")])
    assert len(g.hands[0]) == 6
    refused(g, declare(0), "exactly 5 cards")  # five hearts among six cards
    play(g, 1, "9D")
    refused(g, declare(2), "start of a turn")  # not while a window is open
    settle(g)
    run(g, [(2, "9C")])
    assert hand(g, 2) == ["7C", "7D", "7H", "7S"]
    refused(g, declare(2), "exactly 5 cards")
    run(g, [(3, "3C")])
    refused(g, declare(0), "exactly 5 cards")
    run(g, [(0, "3S")])  # now P1 holds exactly the five hearts
    assert declare(0) in g.legal_actions(0)
    assert of_type(g, YakuDeclared) == []
    events = g.apply(declare(0))
    assert YakuDeclared(0, held("2H", "5H", "9H", "JH", "KH"), "flush") in events


E20_HANDS = [
    ["10H", "7D", "3D", "4D", "5D"],
    ["9S", "7H", "KD", "QH", "7C"],
    ["9C", "6D", "9D", "KC", "JK"],
    ["10C", "7S", "10S", "9H", "6H"],
]


def test_e20_full_round():
    g = round_seven_won_by_p2(E20_HANDS, "KS", ["4S", "3C", "AC"])
    run(g, [(1, "9S"), (2, "9C"), (3, "10C"), (0, "10H"), (1, "7H"), (2, "draw"), (3, "7S"), (0, "7D")])
    run(g, [(1, "draw"), (2, "6D"), (3, "draw"), (0, "3D"), (1, "KD")])
    # the round ends: P3 discards ♦9 keeping ♣K 0 ♠4
    play(g, 2, "9D")
    assert hand(g, 2) == sorted(["KC", "JK", "4S"])
    assert hand(g, 0) == ["4D", "5D"] and all(g.view(0).extra["had_turn"])
    assert hand(g, 1) == sorted(["QH", "7C", "3C"]) and hand(g, 3) == sorted(["10S", "9H", "6H", "AC"])
    answer(g, {0: ("9D",)})  # P1 calls dobon on {♦9}
    # P3 cannot gaeshi (its hand contains 0)
    assert g.window.pending == [2] and calls(g, 2) == set()
    refused(g, Action(2, Kind.DOBON, cards("9D")), "with a 0 cannot")
    pass_(g, 2)
    res = result(g)
    assert res.ending == "dobon" and res.winners == (0,) and res.losers == (2,)
    assert [line(res, s, "base") for s in (0, 1, 3)] == [0, 20, 26]  # worst = 26
    assert line(res, 2, "loser_by_dobon") == 52
    assert items(res, 0) == {"flush_dobon": -50, "slam": -50}  # P1 won rounds 5, 6 and 7
    assert items(res, 1) == {"auction": 8}
    assert items(res, 2) == {} and items(res, 3) == {}
    assert res.deltas == (-100, 28, 52, 26)
    assert g.view(0).extra["wins"] == (3, 2, 1, 1)


def champion_match(wins):
    """A 20-round match: rounds 1..19 are won by the seats in `wins` order; round 20 is E17's round
    (P4 wins; deltas 38, 160, 21, −100), dealt on totals chosen so the match ends at 120, 95, 95, 140."""
    g = Game(make_rules("standard", 4), seed=0, deal=False)
    assert len(wins) == 19
    for winner in wins:
        quick_round(g, winner, (winner + 1) % 4)
        assert g.phase.value == "round-over"
    res = quick_round(g, 3, 1, scores=[120 - 38, 95 - 160, 95 - 21, 140 + 100])
    assert res.deltas == (38, 160, 21, -100)
    assert g.round_no == 20 and g.phase.value == "match-over"
    assert g.legal_actions(REFEREE) == [Action(REFEREE, Kind.NEW_MATCH)]
    ended = of_type(g, MatchEnded)
    assert len(ended) == 1 and ended[0].scores == (120, 95, 95, 140)
    return g, ended[0]


def test_e21_champion():
    # wins: P1 5, P2 4, P3 6, P4 5 (its last one in round 20)
    g, ended = champion_match([2, 1, 0, 3, 2, 1, 0, 3, 2, 1, 0, 3, 2, 1, 0, 3, 2, 0, 2])
    assert g.view(0).extra["wins"] == (5, 4, 6, 5)
    # P2 and P3 tie on 95; P3 has more wins: P3 is champion [D18]
    assert ended.ranks == (3, 2, 1, 4)
    assert g.book.ranks(g) == (3, 2, 1, 4)
    # with equal win counts as well, P2 and P3 are co-champions
    g, ended = champion_match([2, 1, 0, 3, 2, 1, 0, 3, 2, 1, 0, 3, 2, 1, 0, 3, 2, 1, 0])
    assert g.view(0).extra["wins"] == (5, 5, 5, 5)
    assert ended.ranks == (3, 1, 1, 4)
    assert [s for s, r in enumerate(ended.ranks) if r == 1] == [1, 2]


def test_an_exposed_card_is_hidden_again_once_it_leaves_the_hand():
    """A yaku exposes the whole hand; a card that leaves it is no longer shown as exposed, so if it is
    later reshuffled and drawn back it is a hidden card again (D16)."""
    g = Game(make_rules("standard", 3), 0, deal=False)
    hands = [["3S", "6S", "7S", "9S", "KS"], ["2H", "4H", "6H", "8D", "10D"], ["3C", "5C", "7C", "9C", "JC"]]
    g.start_round(g.deck_from_hands(hands, "4S", [], 0), 0)
    for seat, amount in ((0, 5), (1, 1), (2, 1)):
        g.apply(Action(seat, Kind.BID, amount=amount))
    g.apply(Action(0, Kind.DECLARE, amount=1))
    assert {c.code for c in g.view(1).extra["exposed"]} == {"3S", "6S", "7S", "9S", "KS"}
    g.apply(Action(0, Kind.PLAY, (g.deck.card("3S"),)))
    shown = {c.code for c in g.view(1).extra["exposed"]}
    assert shown == {"6S", "7S", "9S", "KS"}
