"""Scenario tests for the `standard` preset: one test per worked example E1..E21 of
shared/rules/standard.md §5 (with the rules of §2-§3 and the decisions [Dn] of §4 they rely on).

Every example starts from an explicit position, written as a scenario (tests/positions.py, read by
game.scenario): the hands exactly as the example names them, the field card, whose turn it is, a
pending binding, the cards drawn next where a draw matters, and the round and match state (round
number, wins and streaks) where the example gives them. From there only the example's own turns are
played (its t1, t2 ...), through the public API only: `legal_actions`, `apply`, `refusal`, `view`,
`events`, `state_key` (and `g.book.ranks` for the standings). Seats 0..3 are the spec's P1..P4.

A position skips the auction (every seat bid 1 and the seat to play leads) unless the example is about
the auction, which is then played. The preset's round state that the scenario format does not carry
(the auction as it went, who has had a turn, who declared last one) is given to `table` and set with
the position (see tests/positions.py). A position opens no reaction window and holds no turn log, so
the discards a dobon targets are always played in the test. After every discard a reaction window
opens; `settle` lets every polled seat pass and checks that nobody could have called dobon by accident,
so the set-ups really are the example's situations. Base points are chosen so that the scores come out
exactly as the spec states. The spec's score lines leave out auction points (§5 preamble) while the
engine always applies them; where an example does not give the auction, the expected scores are the
spec's numbers plus the nominee's auction item, written out separately.
"""

from __future__ import annotations

import copy

import pytest
from positions import position, unnamed

from game import REFEREE, Action, IllegalAction, Kind, Suit, deck
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
from game.scenario import from_game

DECK = deck("54")
S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
EVERYONE = (0, 1, 2, 3)


# ---------------------------------------------------------------------------------------------- helpers


def card(code):
    return DECK.card(code)


def cards(*codes):
    return tuple(card(c) for c in codes)


def table(hands, field, *, turn=0, bids=None, nominee=None, had_turn=(), last_one=(), **kw):
    """A `standard` round standing at the position: `hands[s]` is seat s's hand, `field` the field
    card (or pile), `turn` the seat to play (see tests/positions.py for `draws`, `chain`, `match` ...).
    The round state (the scenario's `round`): `bids`, the auction as it went (the nominee is the
    highest bidder, or `nominee` on a tie); `had_turn`, the seats that have had a turn this round
    (`EVERYONE` in mid-round; `turn` always has); `last_one`, the seats that declared last one."""
    players = len(hands)
    state = {}
    if bids is not None:
        if nominee is None:
            (nominee,) = [s for s, b in enumerate(bids) if b == max(bids)]
        state.update(bids=list(bids), nominee=nominee)
    if had_turn:
        state["had_turn"] = [s in had_turn or s == turn for s in range(players)]
    if last_one:
        state["last_one"] = [s in last_one for s in range(players)]
    return position("standard", hands, field, turn=turn, round_state=state, **kw)


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


# A one-discard round used for match histories (E18, E21): the placer won the auction (bid 8) and
# discards ♠10 at once; the winner (A A 2 3 3 = 10), who has not had a turn, calls dobon on it. These
# are E17's hands.
QUICK_WINNER = ["AC", "AD", "2S", "3H", "3C"]
QUICK_PLACER = ["10S", "6C", "7S", "9D", "JD"]
QUICK_OTHERS = [["KH", "QD", "9C", "8S", "AH"], ["2D", "3S", "4C", "5H", "7D"]]  # bases 38 and 21


def quick_round(winner, placer, **fields):
    others = [s for s in range(4) if s not in (winner, placer)]
    hands = [None] * 4
    hands[winner], hands[placer] = QUICK_WINNER, QUICK_PLACER
    hands[others[0]], hands[others[1]] = QUICK_OTHERS
    g = table(hands, "6S", turn=placer, bids=[8 if s == placer else 1 for s in range(4)], **fields)
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
    return g, res


# ---------------------------------------------------------------------------------------------- §5 examples


def test_e01_choice_cards_binding_off():
    """E1. Choice cards, binding off: P2 discards ♠8 declaring ♥; P3 holds J♦ J♠ 3♠ 8♣ 4♥ 0 2♠."""
    g = table(
        [
            ["KS", "QH", "10S", "9S", "7S"],
            ["8S", "KD", "QC", "10H", "9H"],
            ["JD", "JS", "3S", "8C", "4H", "JK", "2S"],
            ["KH", "QD", "7C", "6S", "3C"],
        ],
        "9C",
        turn=1,
    )
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
    """E2. The first field card: the deal turns up ♣8, ♥2 or a joker; P1 plays first."""
    others = [
        ["KS", "QH", "10S", "6D", "5S"],
        ["KC", "QC", "10D", "9H", "6H"],
        ["2C", "3S", "4D", "5H", "7D"],
    ]
    # ♣8 turned up: its field suits are {♣}, since no one discarded it [D13]
    g = table([["3H", "4C", "9S", "KD", "7C"], *others], "8C")
    assert g.turn == 0 and g.field == card("8C") and g.field_suit is None
    assert g.view(0).suit_in_force is C
    assert playable(g, 0) == {"4C", "7C"}
    refused(g, Action(0, Kind.PLAY, (card("3H"),)), "does not match")  # an 8 turned up is not all-suit
    refused(g, Action(0, Kind.PLAY, (card("KD"),)), "does not match")
    # ♥2 turned up: no binding; the first player must match ♥ or 2
    g = table([["3H", "2S", "9S", "KD", "7C"], *others], "2H")
    assert g.chain_links == 0 and g.chain_cards == 0
    assert g.view(0).extra["binding"] is False
    assert options(g, 0) == {"3H", "2S", "draw"}
    refused(g, Action(0, Kind.PLAY, (card("9S"),)), "does not match")
    drew = [e for e in draw(copy.deepcopy(g), 0) if isinstance(e, Drew)]
    assert len(drew) == 1 and drew[0].count == 1 and not drew[0].penalty  # an ordinary draw of 1
    # a joker turned up: any card matches (and it binds nobody)
    g = table([["3H", "9S", "KD", "7C", "4S"], *others], "JK")
    assert g.chain_links == 0
    assert options(g, 0) == {"3H", "9S", "KD", "7C", "4S", "draw"}


def test_e03_legal_plays_during_binding():
    """E3. Legal plays during binding: field ♠2, binding on, acc 2; P2 holds 2♥ 5♣ 5♠ 0 7♠ Q♠."""
    g = table(
        [
            ["KD", "QD", "10D", "9D"],
            ["2H", "5C", "5S", "JK", "7S", "QS"],
            ["KC", "QC", "10C", "9C", "7H"],
            ["KH", "QH", "10H", "9H", "6D"],
        ],
        "2S",
        turn=1,
        chain=(1, 2),
    )
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

    # The same hand facing ♦5, a reflect played during binding: P1 has discarded ♦2 (acc 2), P2
    # reflects with ♦5 and the turn comes back to P1.
    g = table(
        [
            ["2H", "5C", "5S", "JK", "7S", "QS"],
            ["5D", "KC", "QC", "10C", "9C"],
            ["KH", "QH", "10H", "9H", "6S"],
            ["3S", "4S", "6C", "7C", "8C"],
        ],
        "2D",
        turn=1,
        chain=(1, 2),
    )
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
    """E4. Accumulated damage and reflect: field ♣9, binding off, P1 to play."""
    g = table(
        [
            ["2C", "KH", "QH", "10S", "9S"],
            ["2D", "JK", "KS", "QS", "10H"],
            ["5D", "KC", "QC", "10C", "9H"],
            ["3H", "4S", "6C", "7D", "9D"],
        ],
        "9C",
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
    """E5. Skip and reverse."""
    others = [
        ["KS", "QS", "10H", "9H", "7C"],
        ["KC", "QC", "10C", "6D", "7D"],
        ["KD", "JD", "10D", "7S", "6S"],
    ]
    # Skip: P1 discards ♣A, so P2 is skipped; at t2 P2 does nothing and P3 plays next [D3]
    g = table([["AC", "KH", "QH", "10S", "9S"], *others], "9C")
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
    g = table([["QD", "KH", "QH", "10S", "9S"], *others], "9D")
    assert DirectionChanged(-1) in play(g, 0, "QD")
    settle(g)
    assert g.direction == -1 and g.turn == 3
    # A 5 played with binding off has no effect; a 12 cannot be discarded during binding
    g = table(
        [
            ["5S", "KH", "QH", "10D", "9D"],
            ["2S", "KC", "QC", "10C", "9C"],
            ["QS", "KD", "JH", "10H", "7D"],
            ["KS", "10S", "9H", "7C", "6C"],
        ],
        "9S",
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


E06_OTHERS = [["9H", "KC", "QC", "10C"], ["4H", "KS", "QS", "10S"], ["KD", "QD", "10D"]]


def e06_declaring(last="7S", declare_last_one=True):
    """P1 holds ♠9 and `last` with the field ♦9, and discards ♠9 (declaring last one or not)."""
    g = table([[last, "9S"], *E06_OTHERS], "9D")
    assert hand(g, 0) == sorted([last, "9S"])
    assert {"9S"} <= playable(g, 0)
    assert Action(0, Kind.PLAY, (card("9S"),), flag=True) in g.legal_actions(0)
    assert Action(0, Kind.PLAY, (card("9S"),)) in g.legal_actions(0)  # declaring is not automatic [D11]
    events = play(g, 0, "9S", last_one=declare_last_one)
    assert (LastOneDeclared(0) in events) is declare_last_one
    assert g.view(1).extra["last_one"][0] is declare_last_one
    settle(g)
    assert hand(g, 0) == [last]
    return g


def e06_next_time(last="7S", declared=True):
    """Next time: P1 (who won the auction) holds `last` alone with the field ♥7, having declared last
    one or not."""
    g = table(
        [[last], *E06_OTHERS], "7H", bids=[9, 1, 1, 1], had_turn=EVERYONE, last_one=(0,) if declared else ()
    )
    assert g.turn == 0 and g.field == card("7H") and hand(g, 0) == [last]
    assert g.view(1).extra["last_one"][0] is declared
    return g


def test_e06_last_one():
    """E6. Last one."""
    e06_declaring()
    g = e06_next_time()
    # with the declaration, P1 may discard ♠7 on ♥7 ...
    assert options(g, 0) == {"7S", "draw"}
    # (a last-one declaration is valid only on the discard that leaves exactly one card)
    refused(g, Action(0, Kind.PLAY, (card("7S"),), flag=True), "leaves you one card")
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
    e06_declaring(declare_last_one=False)
    g = e06_next_time(declared=False)
    assert options(g, 0) == {"draw"}
    refused(g, Action(0, Kind.PLAY, (card("7S"),)), "did not declare last one", "draw")

    # with a single 0, P1 must draw even after declaring
    e06_declaring(last="JK")
    g = e06_next_time(last="JK")
    assert g.view(1).extra["last_one"][0] is True
    assert options(g, 0) == {"draw"}
    refused(g, Action(0, Kind.PLAY, (card("JK"),)), "strong attack", "draw")


def test_e07_draw_clamp_and_card_exhaustion():
    """E7. Draw clamp and card exhaustion: binding acc 7, stock 2, discard pile 3; P3 to draw."""
    field = ["9C", "9H", "JK", "2D"]  # P1's 0 and P2's ♦2 made the binding: acc 5 + 2 = 7
    stock = ["3S", "4S"]
    rest = unnamed("54", field, stock)  # every other card is in a hand
    hands = [rest[0:12], rest[12:24], rest[24:36], rest[36:48]]
    g = table(hands, field, draws=stock, turn=2, chain=(2, 7), bids=[7, 3, 2, 1], had_turn=EVERYONE)
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
    """E8. When Dobon is not allowed."""
    # (a) P4 holds 0 and ♥7 (a mixed hand) when P3 discards ♣7: no dobon
    g = table(
        [
            ["KH", "QH", "10H", "9H", "8D"],
            ["KD", "QD", "10D", "9D", "8S"],
            ["7C", "KS", "QS", "10S", "9S"],
            ["JK", "7H"],
        ],
        "9C",
        turn=2,
    )
    play(g, 2, "7C")
    assert hand(g, 3) == ["7H", "JK"]
    assert calls(g, 3) == set() and g.legal_actions(3) == [Action(3, Kind.PASS)]
    refused(g, Action(3, Kind.DOBON, cards("7C")), "mixes a 0")
    settle(g)

    # (b) t1 P1 discards ♠3, t2 P2 draws, t3 P3 discards ♠4; P4 (sum 7) may not reach back past the draw
    g = table(
        [
            ["3S", "KH", "QH", "10H", "9H"],
            ["KD", "QD", "10D", "9D", "8C"],
            ["4S", "KC", "QC", "10C", "9C"],
            ["2C", "5H"],
        ],
        "KS",
    )
    run(g, [(0, "3S"), (1, "draw")])
    play(g, 2, "4S")
    assert hand(g, 3) == ["2C", "5H"]  # sum 7
    assert calls(g, 3) == set()
    refused(g, Action(3, Kind.DOBON, cards("3S", "4S")), "adds up to your hand's 7")
    refused(g, Action(3, Kind.DOBON, cards("4S")), "adds up to your hand's 7")
    settle(g)

    # (c) P3 discards ♠4 while P4 holds ♣2; in its own turn P4 draws ♥2 (sum 4): still no dobon [D6]
    g = table(
        [
            ["KH", "QH", "10H", "9H", "8D"],
            ["KD", "QD", "10D", "9D", "8C"],
            ["4S", "KC", "QC", "10C", "9C"],
            ["2C"],
        ],
        "9S",
        turn=2,
        draws=["2H"],
    )
    play(g, 2, "4S")
    assert hand(g, 3) == ["2C"] and calls(g, 3) == set()
    settle(g)
    draw(g, 3)
    assert hand(g, 3) == ["2C", "2H"] and g.window is None
    refused(g, Action(3, Kind.DOBON, cards("4S")), "no card to call dobon on")
    assert calls(g, 3) == set()


def test_e09_skipped_turn_inside_a_run():
    """E9. A skipped turn inside a run: t1 P1 ♣A (P2 is skipped), t2 P2 skipped, t3 P3 ♣6."""
    g = table(
        [["AC", "KH", "QD"], ["3D", "4H"], ["6C", "KD", "JH"], ["2S", "5D"]],
        "9C",
        bids=[9, 1, 1, 1],
        had_turn=EVERYONE,
    )
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
    """E10. Multi-Dobon, two losers: t10 P1 ♣3, t11 P2 ♣4 (P4's last turn was t9)."""
    g = table(
        [["3C", "10S", "2H"], ["4C", "6C", "6S"], ["3D", "4S", "8D"], ["2S", "5H"]],
        "7C",
        bids=[1, 2, 3, 9],
        had_turn=EVERYONE,
    )
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
    """E11. Simultaneous Dobons: t20 P1 draws, t21 P2 discards ♦3, t22 P3 discards ♦6."""
    # The spec has P1 draw at t20 and then hold 6♣ alone, which cannot be (a draw leaves at least 2
    # cards); here P1 draws ♣5 onto ♥A, so it holds a 6 in two cards. Everything else is as stated.
    g = table(
        [["AH"], ["3D", "7S", "KH"], ["6D", "QS", "JH", "2C"], ["4S", "5S"]],
        "3C",
        draws=["5C"],
        bids=[1, 2, 9, 3],
        had_turn=EVERYONE,
    )
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
    """E12. Joker Dobon: P4 discards ♠9 keeping only 0 (last one declared); P1 discards the other 0."""
    g = table(
        [
            ["JK#2", "QS", "QC", "4H", "5C", "2H", "AH", "4C"],  # 40 without the 0
            ["KD", "8C"],  # base 18
            ["KC", "9H", "3D", "3S"],  # base 25
            ["9S", "JK"],
        ],
        "KS",
        turn=3,
        bids=[1, 2, 3, 9],
    )
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
ROUND_SEVEN = {"round_no": 7, "state": {"wins": [2, 2, 1, 1], "streak": [2, 0, 0, 0]}}


def round_seven_end(p3):
    """Round 7 near its end: the auction's tie went to P2, everyone has had a turn, and P3 is to
    discard ♦9 from `p3` onto ♦K; P1 holds ♦4 ♦5, P2 ♥Q ♣7 ♣3 (base 20), P4 ♠10 ♥9 ♥6 ♣A (base 26)."""
    hands = [["4D", "5D"], ["QH", "7C", "3C"], p3, ["10S", "9H", "6H", "AC"]]
    g = table(hands, "KD", turn=2, bids=E20_BIDS, nominee=1, had_turn=EVERYONE, match=ROUND_SEVEN)
    assert g.round_no == 7 and g.view(0).extra["wins"] == (2, 2, 1, 1)
    return g


def test_e13_dobon_gaeshi():
    """E13. Dobon-gaeshi: P3 discards ♦9 keeping ♠6 ♥3; P1 calls dobon with ♦4 ♦5; P3 gaeshis."""
    g = round_seven_end(["9D", "6S", "3H"])
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
    """E14. Gaeshi condition (iii): t1 P1 discards 0 (acc 5), t2 P2 discards ♠2 (acc 7); P4 holds ♥2."""
    g = table(
        [
            ["JK", "AC", "AD"],
            ["2S", "AH", "AS"],
            ["QC", "QD", "8D", "5S", "4S", "KD", "KC", "10H", "10C"],  # base 77
            ["2H"],
        ],
        "JH",
        bids=[9, 1, 1, 1],
    )
    run(g, [(0, "JK")])  # t1: acc 5
    play(g, 1, "2S")  # t2: acc 7
    assert hand(g, 0) == sorted(["AC", "AD"]) and hand(g, 1) == sorted(["AH", "AS"])
    assert hand(g, 3) == ["2H"]
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
    """E15. Storm Dobon."""
    # P1 holds ♠3 ♥3 ♦3 and calls dobon on ♣9: −100 to P1, and no flush
    g = table(
        [
            ["3S", "3H", "3D"],
            ["KD", "QD", "10D", "JC", "6C"],
            ["KH", "QH", "10H", "JS", "6D"],
            ["9C", "KS", "QS", "10S", "8D"],
        ],
        "9H",
        turn=3,
        bids=[9, 1, 1, 1],
        had_turn=EVERYONE,
    )
    play(g, 3, "9C")
    assert hand(g, 0) == ["3D", "3H", "3S"] and calls(g, 0) == {("9C",)}
    answer(g, {0: ("9C",)})
    pass_(g, 3)  # P4 (the victim) cannot gaeshi
    res = result(g)
    assert res.winners == (0,) and res.losers == (3,)
    assert items(res, 0) == {"storm_dobon": -100, "auction": -50}  # no flush_dobon

    # A victim holding ♠2 ♥2 ♦2 who gaeshis a dobon whose targets sum to 6 also gets −100
    g = table(
        [
            ["AH", "2C", "3S"],
            ["KS", "QS", "10S", "JH", "7C"],
            ["QH", "10H", "10C", "JC", "7D"],
            ["6C", "2S", "2H", "2D"],
        ],
        "KC",
        turn=3,
        bids=[9, 1, 1, 1],
        had_turn=EVERYONE,
    )
    play(g, 3, "6C")  # P4 keeps ♠2 ♥2 ♦2
    assert hand(g, 3) == ["2D", "2H", "2S"] and hand(g, 0) == ["2C", "3S", "AH"]
    answer(g, {0: ("6C",)})  # P1 (A + 2 + 3 = 6) calls dobon
    assert g.window.pending == [3] and calls(g, 3) == {("6C",)}
    gaeshi(g, 3)
    res = result(g)
    assert res.ending == "gaeshi" and res.winners == (3,) and res.losers == (0,)
    assert items(res, 3) == {"storm_dobon": -100}  # Storm covers a gaeshi; no flush


def test_e16_disrupt_dobon():
    """E16. Disrupt Dobon: P2, holding ♥6 with last one declared, discards it on ♠6 after a draw."""
    g = table(
        [["KD", "JC", "8D", "3C", "2D"], ["6H"], ["AD", "5D"], ["QD", "QC", "8C", "4C"]],
        "6S",
        bids=[1, 1, 9, 1],
        had_turn=EVERYONE,
        last_one=(1,),
    )
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
    """E17. Quick Dobon and auction points: the round starts with the auction."""
    g = table([QUICK_OTHERS[0], QUICK_PLACER, QUICK_OTHERS[1], QUICK_WINNER], "6S", opening="play")
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
    """E18. Slam: P1 is a winner in rounds 5, 6, 7 and 8 and not in round 9."""
    state = {"wins": [0, 2, 1, 1], "streak": [0, 1, 0, 0]}  # rounds 1 to 4 went to P2, P3, P4 and P2
    slams = {}
    for round_no, winner in zip(range(5, 10), [0, 0, 0, 0, 1], strict=True):
        g, res = quick_round(winner, (winner + 1) % 4, match={"round_no": round_no, "state": state})
        assert g.round_no == round_no
        slams[round_no] = {ln.seat: ln.value for ln in res.lines if ln.item == "slam"}
        state = from_game(g).match["state"]  # the next round starts from this one's match state
    assert slams[7] == {0: -50} and slams[8] == {0: -50}  # rounds 7 and 8
    assert slams[9] == {}  # round 9
    assert slams[5] == {} and slams[6] == {}  # P1's rounds 5 and 6
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
    # the same hand held by P1, at the start of P2's first turn [D16]
    rest = unnamed("54", codes)
    g = table([codes, rest[0:5], rest[5:10], rest[10:15]], rest[15], turn=1)
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
    """E19. Yaku patterns."""
    for codes, pattern in YAKU_TABLE:
        check_yaku_row(codes, pattern)

    # P4 declares its straight at the start of P3's turn, then wins the round: −100
    g = table(
        [
            ["10H", "KD", "JC", "9D", "8C"],
            ["KS", "QD", "10D", "7C", "6S"],
            ["6H", "KC", "QC", "10S", "9S"],
            ["AH", "2C", "3D", "4S", "5H"],
        ],
        "7H",
        turn=2,
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

    # A player with 6 or 4 cards may not declare, even holding a yaku's cards: P1 holds five hearts
    # among six cards, P3 the four 7s
    g = table(
        [
            ["2H", "5H", "9H", "JH", "KH", "3S"],
            ["9D", "KC", "10C", "6S", "4D"],
            ["7S", "7H", "7D", "7C"],
            ["3C", "KS", "10D", "6H", "8C"],
        ],
        "9S",
    )
    refused(g, declare(0), "exactly 5 cards")
    refused(g, declare(2), "exactly 5 cards")
    play(g, 0, "3S")  # now P1 holds exactly the five hearts ...
    refused(g, declare(0), "start of a turn")  # ... but not while a window is open
    settle(g)
    assert declare(0) in g.legal_actions(0)  # at the start of P2's turn
    pass_(g, 0)  # P1 declines the offer for now; it may still declare later
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
    """E20. A full 4-player round: round 7, P1 won rounds 5 and 6."""
    # Auction: bids P1 5, P2 8, P3 2, P4 8. The tie between P2 and P4 is broken by the seeded RNG
    # [D19]: some seed picks P2, some P4.
    picked = {}
    for seed in range(20):
        g = table(E20_HANDS, "KS", opening="play", seed=seed, match=ROUND_SEVEN)
        auction(g, E20_BIDS)
        won = of_type(g, AuctionWon)[-1]
        assert won.bids == tuple(E20_BIDS) and won.nominee in (1, 3)
        picked.setdefault(won.nominee, g)
        if len(picked) == 2:
            break
    assert set(picked) == {1, 3}
    g = picked[1]
    assert g.round_no == 7 and g.turn == 1
    # The round ends: P3 discards ♦9 keeping ♣K 0 ♠4
    g = round_seven_end(["9D", "KC", "JK", "4S"])
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
    """Round 20, the match's last, is E17's round (P4 wins; deltas 38, 160, 21, −100), dealt on totals
    chosen so the match ends at 120, 95, 95, 140; `wins` are the rounds each seat won in rounds 1..19."""
    scores = [120 - 38, 95 - 160, 95 - 21, 140 + 100]
    g, res = quick_round(3, 1, scores=scores, match={"round_no": 20, "state": {"wins": wins}})
    assert res.deltas == (38, 160, 21, -100)
    assert g.round_no == 20 and g.phase.value == "match-over"
    assert g.legal_actions(REFEREE) == [Action(REFEREE, Kind.NEW_MATCH)]
    ended = of_type(g, MatchEnded)
    assert len(ended) == 1 and ended[0].scores == (120, 95, 95, 140)
    return g, ended[0]


def test_e21_champion():
    """E21. Champion."""
    # wins: P1 5, P2 4, P3 6, P4 5 (its last one in round 20)
    g, ended = champion_match([5, 4, 6, 4])
    assert g.view(0).extra["wins"] == (5, 4, 6, 5)
    # P2 and P3 tie on 95; P3 has more wins: P3 is champion [D18]
    assert ended.ranks == (3, 2, 1, 4)
    assert g.book.ranks(g) == (3, 2, 1, 4)
    # with equal win counts as well, P2 and P3 are co-champions
    g, ended = champion_match([5, 5, 5, 4])
    assert g.view(0).extra["wins"] == (5, 5, 5, 5)
    assert ended.ranks == (3, 1, 1, 4)
    assert [s for s, r in enumerate(ended.ranks) if r == 1] == [1, 2]


def test_an_exposed_card_is_hidden_again_once_it_leaves_the_hand():
    """A yaku exposes the whole hand; a card that leaves it is no longer shown as exposed, so if it is
    later reshuffled and drawn back it is a hidden card again (D16)."""
    hands = [["3S", "6S", "7S", "9S", "KS"], ["2H", "4H", "6H", "8D", "10D"], ["3C", "5C", "7C", "9C", "JC"]]
    g = table(hands, "4S")
    g.apply(Action(0, Kind.DECLARE, amount=1))
    assert {c.code for c in g.view(1).extra["exposed"]} == {"3S", "6S", "7S", "9S", "KS"}
    g.apply(Action(0, Kind.PLAY, (g.deck.card("3S"),)))
    shown = {c.code for c in g.view(1).extra["exposed"]}
    assert shown == {"6S", "7S", "9S", "KS"}
