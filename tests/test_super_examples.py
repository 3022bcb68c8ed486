"""Scenario tests for the `super` preset: one test per worked example 1..24 of shared/rules/super.md §8
(with the rules of §1-§6 and the decisions [Dn] of §7 they rely on).

Every example starts from an explicit position, written as a scenario (tests/positions.py, read by
game.scenario): the hands as the example names them (seats 0..3 are the spec's P1..P4, clockwise),
the common pile, whose turn it is, and the round state. §8 says the targets are not in anyone's first
turn unless stated, so positions stand in mid-round (`MID`: everyone has had a turn, a card has been
placed) unless the example is about the first card or the first lap. From there only the example's
own actions are played, through the public API: `apply`, `refusal`, `legal_actions`, `state_key`,
`result` and the rulebook's `public_state`.

After every play a dobon window opens on the card. `settle` lets every polled seat pass and checks that
none of them could have called dobon, so a set-up really is the example's situation (the bystanders'
hands are chosen to match nothing). `call` plays a window that ends the round: the named seats call,
the others pass, then the placer, polled alone, counters or passes. Bystanders' round scores are their
hand scores (§5), written out in the tests.
"""

from __future__ import annotations

import pytest
from positions import scenario, unnamed

from game import REFEREE, Action, IllegalAction, Kind, Suit, deck
from game.events import Ending, Reshuffled
from game.scenario import parse

DECK = deck("54")
RED, BLACK = Suit.HEARTS, Suit.SPADES  # a Q names a colour by one of its suits
MID = {"turns_taken": [1, 1, 1, 1], "first_card_placed": True}  # no target in a first turn


# ---------------------------------------------------------------------------------------------- helpers


def card(code):
    return DECK.card(code)


def cards(*codes):
    return tuple(card(c) for c in codes)


def table(hands, field, *, turn=0, round_state=MID, piles=None, **kw):
    """A 4-player `super` round standing at the position (hands in seat order, P1 first; `piles` adds
    player field piles, e.g. {"pile/0": ["8C"]}; `round_state=None`: a fresh round)."""
    data = scenario("super", hands, field, turn=turn, **kw)
    data["piles"].update(piles or {})
    if round_state is not None:
        data["round"] = dict(round_state)
    g = parse(data).game()
    assert g.turn == turn and g.window is None
    return g


def play(g, seat, code, colour=None, last=False):
    """`seat` plays `code` (a Q names `colour`); the card's dobon window opens, every other seat
    polled in turn order after the placer, and the turn waits for it."""
    g.apply(Action(seat, Kind.PLAY, (card(code),), colour, flag=last))
    w = g.window
    assert w is not None and w.placer == seat and w.cards == (card(code),) and w.freezes_turn
    assert w.pending == [(seat + k * g.direction) % g.n for k in range(1, g.n)]


def settle(g):
    """Every polled seat passes, none of them able to call: the card's effect and the next turn follow."""
    while g.window:
        seat = g.window.pending[0]
        assert g.refusal(Action(seat, Kind.DOBON, g.window.cards)) is not None, f"seat {seat} could call"
        g.apply(Action(seat, Kind.PASS))


def call(g, *callers, counter=False):
    """The window on the card just placed ends the round: `callers` call dobon, every other polled seat
    passes; then a counter window polls the placer alone, who counters or passes. The round's result."""
    placer, target = g.window.placer, g.window.cards
    for seat in list(g.window.pending):
        if seat in callers:
            g.apply(Action(seat, Kind.DOBON, target))
        else:
            g.apply(Action(seat, Kind.PASS))
    assert g.window is not None and g.window.pending == [placer] and g.window.cards == target
    g.apply(Action(placer, Kind.DOBON, target) if counter else Action(placer, Kind.PASS))
    assert g.phase.value == "round-over" and g.window is None
    return g.result


def state(g):
    return g.book.public_state(g)


def refused(g, action):
    """`action` is illegal: refused with a reason, and applying it raises and changes nothing."""
    before = g.state_key()
    assert g.refusal(action)
    with pytest.raises(IllegalAction):
        g.apply(action)
    assert g.state_key() == before
    return True


def hand(g, seat):
    return sorted(c.code for c in g.hands[seat])


# ---------------------------------------------------------------------------------------------- examples


def test_example_1_totals():
    from game.rules.super import totals

    assert set(totals(cards("AS", "2H", "5C"))) == {8, 17, 26, 35}
    # P1 holds A♠ 2♥ 5♣ while P2 places an 8♦ (own pile), a K♦ (own pile) or a 9♠ (common pile).
    for target, pile, can in (("8D", "pile/1", True), ("KD", "pile/1", False), ("9S", "field", False)):
        g = table([["AS", "2H", "5C"], [target, "4S", "6S"], ["3D", "4D"], ["5D", "6D"]], "9H", turn=1)
        play(g, 1, target)
        assert g.pile(pile)[-1] is card(target)
        dobon = Action(0, Kind.DOBON, (card(target),))
        assert (g.refusal(dobon) is None) is can, target
        assert (dobon in g.legal_actions(0)) is can, target


def test_example_2_source_example():
    # P1 plays K♣ to own pile; P3 (A♠ A♦ 8♣ 10♥ 10♠: totals {30, 39, 48}) calls on it.
    g = table([["KC", "4S", "6S"], ["4H", "5H"], ["AS", "AD", "8C", "10H", "10S"], ["3C", "4D"]], "5C")
    play(g, 0, "KC")
    assert g.pile("pile/0") == [card("KC")] and g.field is card("5C")
    r = call(g, 2)
    assert r.ending is Ending.DOBON and r.winners == (2,) and r.losers == (0,)
    # P1: base 10+10+8+10+10 = 48, x2 (loser); the 8♣ among P3's cards adds nothing. P2 9, P4 7.
    assert r.deltas == (96, 9, 0, 7)
    assert g.scores == [96, 9, 0, 7]


def test_example_3_stacked_multipliers():
    # As example 2, but P1 also holds 8♥ 8♦: 48 x 2 (loser) x 2 x 2 (two 8s in hand) = 384.
    g = table([["KC", "8H", "8D", "4S"], ["4H", "5H"], ["AS", "AD", "8C", "10H", "10S"], ["3C", "4D"]], "5C")
    play(g, 0, "KC")
    r = call(g, 2)
    assert r.winners == (2,) and r.losers == (0,)
    assert r.deltas == (384, 9, 0, 7)


def test_example_4_first_card_x4():
    # A fresh round: P2's 7♥ is the round's first placed card. P4 calls with 3♣ 4♦.
    g = table([["4S", "6C"], ["7H", "5S", "9S"], ["5D", "6S"], ["3C", "4D"]], "4H", turn=1, round_state=None)
    assert state(g)["first_card_placed"] is False
    play(g, 1, "7H")
    r = call(g, 3)
    assert r.winners == (3,) and r.losers == (1,)
    # P2: 7 x 4 (first card; the first lap's x2 does not apply with it) x 2 (loser) = 56.
    assert r.deltas == (10, 56, 11, 0)


def test_example_5_first_lap_same_suit():
    # P1 and P2 have had their turn; P3's first turn (not the round's first card): P3 plays 9♠.
    g = table(
        [["4D", "6D"], ["3C", "4C"], ["9S", "3H", "5C"], ["2H", "5H"]],
        "5S",
        turn=2,
        round_state={"turns_taken": [1, 1, 0, 0], "first_card_placed": True},
    )
    play(g, 2, "9S")
    r = call(g, 0)
    assert r.winners == (0,) and r.losers == (2,)
    # P3: 10 x 2 (P1's cards are all ♦) x 2 (first lap) x 2 (loser) = 80. P2 7, P4 20+5.
    assert r.deltas == (0, 7, 80, 25)


def test_example_6_other_players():
    # P1's 7♠ is called by P2 (3♦ 4♣); P4, holding 8♠ 8♦ 5♣ K♥, is a bystander.
    g = table([["7S", "9C", "10C"], ["3D", "4C"], ["5H", "6H"], ["8S", "8D", "5C", "KH"]], "7D")
    play(g, 0, "7S")
    r = call(g, 1)
    assert r.winners == (1,) and r.losers == (0,)
    # P4: (8+8+5+30) x 2 x 2 = 204. P1: 7 x 2 = 14. P3: 11.
    assert r.deltas == (14, 0, 11, 204)


def test_example_7_a_chain():
    g = table([["AC", "3D", "4D"], ["AH", "4S", "7S"], ["5H", "6H"], ["2S", "6C"]], "5C", draws=["KD", "QD"])
    play(g, 0, "AC")
    settle(g)
    assert (g.chain_cards, g.turn) == (1, 1)  # pending 1, responder P2
    play(g, 1, "AH")
    settle(g)
    assert (g.chain_cards, g.turn) == (2, 2)  # pending 2, responder P3
    assert g.legal_actions(2) == [Action(2, Kind.DRAW)]
    g.apply(Action(2, Kind.DRAW))
    assert hand(g, 2) == ["5H", "6H", "KD", "QD"]  # takes exactly 2
    assert g.chain_cards == 0 and g.turn == 3 and g.direction == 1  # P4 plays next


def test_example_8_2_ping_pong():
    g = table([["2D", "3C", "5C"], ["2S", "2C", "4H", "6H"], ["4D", "7C"], ["6S", "7D"]], "5S", turn=1)
    play(g, 1, "2S")
    settle(g)
    assert (g.chain_cards, g.turn) == (2, 0)  # against the direction: P1
    play(g, 0, "2D")
    settle(g)
    assert (g.chain_cards, g.turn) == (4, 1)  # back to the passer, P2
    play(g, 1, "2C")
    settle(g)
    assert (g.chain_cards, g.turn) == (6, 0)
    g.apply(Action(0, Kind.DRAW))
    assert len(g.hands[0]) == 2 + 6
    assert g.chain_cards == 0 and g.turn == 1 and g.direction == 1  # P2 next, still clockwise


def test_example_9_a_2_mix():
    g = table([["AS", "AD", "3C", "4C"], ["2H", "5D", "6D"], ["4H", "7H"], ["6S", "7C"]], "5S")
    play(g, 0, "AS")
    settle(g)
    assert (g.chain_cards, g.turn) == (1, 1)
    play(g, 1, "2H")  # any A or 2 answers a draw, whatever its suit
    settle(g)
    assert (g.chain_cards, g.turn) == (3, 0)
    play(g, 0, "AD")
    settle(g)
    assert (g.chain_cards, g.turn) == (4, 1)
    g.apply(Action(1, Kind.DRAW))
    assert len(g.hands[1]) == 2 + 4
    assert g.chain_cards == 0 and g.turn == 2  # P3 plays next


def test_example_10_skip_reverse():
    g = table([["3H", "4C", "6C"], ["4S", "5S"], ["JH", "5D", "7D"], ["6S", "7S"]], "5H")
    play(g, 0, "3H")
    settle(g)
    assert g.turn == 2 and g.direction == 1  # P2 skipped: P3 plays
    play(g, 2, "JH")
    settle(g)
    assert g.direction == -1 and g.turn == 1  # counter-clockwise: P2 plays next


def test_example_11_no_redirect():
    g = table([["AS", "4C", "7C"], ["JS", "3S", "6D"], ["4H", "7H"], ["3D", "5D"]], "5S")
    play(g, 0, "AS")
    assert g.refusal(Action(1, Kind.DOBON, (card("AS"),)))  # J♠ 3♠ 6♦: totals {20}, not 1 or 10
    settle(g)
    assert (g.chain_cards, g.turn) == (1, 1)
    assert g.legal_actions(1) == [Action(1, Kind.DRAW)]
    assert refused(g, Action(1, Kind.PLAY, (card("JS"),)))
    assert refused(g, Action(1, Kind.PLAY, (card("3S"),)))
    g.apply(Action(1, Kind.DRAW))
    assert len(g.hands[1]) == 4 and g.chain_cards == 0 and g.turn == 2


def test_example_12_colour_choice():
    g = table([["QC", "3S", "4S"], ["7C", "9H", "4D", "QS"], ["5H", "6H"], ["2S", "7D"]], "5C")
    play(g, 0, "QC", RED)
    settle(g)
    assert state(g)["colour"] == "red" and g.turn == 1
    assert g.refusal(Action(1, Kind.PLAY, (card("9H"),))) is None
    assert g.refusal(Action(1, Kind.PLAY, (card("4D"),))) is None
    assert g.refusal(Action(1, Kind.PLAY, (card("QS"),), BLACK)) is None
    assert refused(g, Action(1, Kind.PLAY, (card("7C"),)))  # ♣ matches the Q's suit, not the colour


def test_example_13_counter():
    g = table([["7S", "5H", "2H"], ["3D", "4C"], ["5D", "6D"], ["9C", "10C"]], "7D")
    play(g, 0, "7S")
    assert g.field is card("7S")
    r = call(g, 1, counter=True)  # P1's 5♥ 2♥ (totals {7, 25}) meets P2's 3♦ 4♣ (totals {7})
    assert r.ending is Ending.COUNTER and r.winners == (0,) and r.losers == (1,)
    # P2: (5+20) x 2 (P1's cards all ♥) x 2 (loser) x 2 (counter) = 200. P3 11, P4 20.
    assert r.deltas == (0, 200, 11, 20)


def test_example_14_counter_through_another_total():
    g = table([["7S", "KC", "3S"], ["AS", "6C"], ["5D", "6D"], ["9C", "10C"]], "7D")
    play(g, 0, "7S")
    r = call(g, 1, counter=True)  # P1's K♣ 3♠ {16, 33} meets P2's A♠ 6♣ {7, 16} on 16
    assert r.ending is Ending.COUNTER and r.winners == (0,) and r.losers == (1,)
    assert r.deltas == (0, 132, 11, 20)  # P2: (30+3) x 2 (loser) x 2 (counter)


def test_example_15_simultaneous_dobons():
    g = table([["10H", "4H", "5C"], ["4S", "6S"], ["5D", "6D"], ["3C", "7D"]], "10C")
    play(g, 0, "10H")
    r = call(g, 1, 3)
    assert r.ending is Ending.DOBON and r.winners == (1, 3) and r.losers == (0,)
    # P1: (10 x 2 (P2's cards all ♠) + 10 x 1) x 2 (loser) = 60. P3 11.
    assert r.deltas == (60, 0, 11, 0)


def test_example_16_hit_card():
    def round_with(p1_hand, p4_hand, caller):
        g = table([p1_hand, ["2H", "3S", "4S"], ["6D", "7D"], p4_hand], "5H", turn=1, draws=["3H", "6H"])
        play(g, 1, "2H")  # its responder would be P1, pending 2
        assert g.refusal(Action(caller, Kind.DOBON, (card("2H"),))) is None
        return g, call(g, caller)

    # P4 calls with 9♣ 10♦ (20): before scoring P1 takes the 2 cards, and scores them.
    g, r = round_with(["4C", "5C"], ["9C", "10D"], 3)
    assert r.winners == (3,) and r.losers == (1,)
    assert hand(g, 0) == ["3H", "4C", "5C", "6H"]
    assert r.deltas == (4 + 5 + 3 + 6, 40, 13, 0)  # P2: (10+10) x 2
    # P1 calls instead: the draw passes on against the direction to P4, who takes the 2 cards.
    g, r = round_with(["9C", "10D"], ["4C", "5C"], 0)
    assert r.winners == (0,) and r.losers == (1,)
    assert hand(g, 3) == ["3H", "4C", "5C", "6H"] and hand(g, 0) == ["10D", "9C"]
    assert r.deltas == (0, 40, 13, 4 + 5 + 3 + 6)


def test_example_17_cannot_empty_the_hand():
    # P3 holds only 6♣, the top card is 6♦: P3 can only take (or dobon on a later card).
    g = table([["4S", "7S"], ["5H", "9H"], ["6C"], ["3D", "9D"]], "6D", turn=2, draws=["KC"])
    assert refused(g, Action(2, Kind.PLAY, (card("6C"),)))
    assert refused(g, Action(2, Kind.PLAY, (card("6C"),), flag=True))
    assert g.legal_actions(2) == [Action(2, Kind.DRAW)]
    g.apply(Action(2, Kind.DRAW))
    assert hand(g, 2) == ["6C", "KC"] and g.turn == 3
    # Or P3 keeps the 6♣ and calls on a later card worth 6: P2's 6♥.
    g = table([["4S", "7S"], ["6H", "5H", "9H"], ["6C"], ["3D", "9D"]], "6D", turn=1)
    play(g, 1, "6H")
    r = call(g, 2)
    assert r.winners == (2,) and r.losers == (1,)
    assert r.deltas == (11, 6 * 2 * 2, 0, 13)  # P2: 6 x 2 (a one-card reveal is one suit) x 2


def test_example_18_last_declaration():
    hands = [["5C", "6C"], ["4H", "9C"], ["7D", "9D"], ["10S", "JS"]]
    g = table(hands, "5H", turn=1)
    play(g, 1, "4H")  # from 2 cards to 1, without "last": 5 cards at once
    assert len(g.hands[1]) == 6
    settle(g)
    assert g.turn == 2
    g = table(hands, "5H", turn=1)
    play(g, 1, "4H", last=True)  # the same play, declared
    assert hand(g, 1) == ["9C"]  # no penalty


def test_example_19_9_counts_10():
    g = table([["9C", "3S", "5D"], ["4H", "6H"], ["2C", "7C"], ["3D", "5S"]], "5C")
    play(g, 0, "9C")
    assert g.refusal(Action(1, Kind.DOBON, (card("9C"),))) is None
    r = call(g, 1)
    assert r.winners == (1,) and r.losers == (0,)
    assert r.deltas == (40, 0, 27, 8)  # P1: (4+6) x 2 (all ♥) x 2


def test_example_20_dual_target():
    g = table([["AD", "3C", "5C"], ["3S", "7C"], ["4H", "6H"], ["4D", "7D"]], "5D", draws=["3H"])
    play(g, 0, "AD")
    assert g.refusal(Action(1, Kind.DOBON, (card("AD"),))) is None  # 3♠ 7♣ totals {10}
    r = call(g, 1)
    assert r.ending is Ending.DOBON and r.winners == (1,) and r.losers == (0,)
    # The hit A's draw would reach P2, a winner: it passes on to P3 (D15), who takes 1.
    assert hand(g, 2) == ["3H", "4H", "6H"]
    assert r.deltas == ((3 + 7) * 2, 0, 3 + 4 + 6, 11)


def test_example_21_reshuffle():
    common = ["2D", "3D", "4D", "5D", "6D", "7D", "9D", "10D", "JD", "QD", "AD", "5S"]
    own = {"pile/0": ["8C", "KD"], "pile/2": ["JK"]}  # P1's pile, P3's pile
    rest = unnamed("54", common, *own.values())
    hands = [rest[0:10], rest[10:20], rest[20:30], rest[30:]]  # every card named: the stock is empty
    g = table(hands, common, turn=3, piles=own)
    assert g.stock == [] and len(g.discard) == 12 and len(g.hands[3]) == 9
    gathered = {card(c) for c in common[:-1] + own["pile/0"] + own["pile/2"]}
    events = g.apply(Action(3, Kind.DRAW))  # P4 must take
    assert [e.count for e in events if isinstance(e, Reshuffled)] == [11 + 3]
    (drawn,) = set(g.hands[3]) - {card(c) for c in hands[3]}
    assert set(g.stock) | {drawn} == gathered and len(g.stock) == 13
    assert g.discard == [card("5S")]  # the common top card stays
    assert g.pile("pile/0") == [] and g.pile("pile/2") == []
    assert g.window is None and g.turn == 0


def test_example_22_initial_card():
    # A fresh round on the initial card 9♦: nobody placed it, so it opens no window.
    g = table([["10D", "3S", "4S"], ["5H", "7H"], ["4C", "6C"], ["2D", "5D"]], "9D", round_state=None)
    assert g.window is None
    assert refused(g, Action(2, Kind.DOBON, (card("9D"),)))
    assert not any(a.kind is Kind.DOBON for a in g.legal_actions(2))
    play(g, 0, "10D")  # a later card worth 10, placed by another player
    assert g.refusal(Action(2, Kind.DOBON, (card("10D"),))) is None
    r = call(g, 2)
    assert r.winners == (2,) and r.losers == (0,)
    # P1: (4+6) x 2 (all ♣) x 4 (the round's first placed card) x 2 (loser) = 160
    assert r.deltas == (160, 12, 0, 25)


def test_example_23_passed_card():
    g = table([["6D", "4S", "7S"], ["2C", "4C"], ["5H", "7H"], ["9S", "10S"]], "6S")
    play(g, 0, "6D")
    dobon = Action(1, Kind.DOBON, (card("6D"),))
    assert g.refusal(dobon) is None  # 2♣ 4♣: totals {6, 24}
    g.apply(Action(1, Kind.PASS))
    assert refused(g, dobon)  # the window is still open, for P3 and P4
    settle(g)
    assert g.turn == 1
    assert refused(g, dobon)  # nor ever after
    assert not any(a.kind is Kind.DOBON for a in g.legal_actions(1))


def test_example_24_hit_j():
    g = table([["9C", "10C"], ["5H", "6H"], ["JS", "3D", "4D"], ["2D", "7C"]], "5S", turn=2)
    assert g.direction == 1
    play(g, 2, "JS")
    r = call(g, 1)  # P2's 5♥ 6♥ (11)
    assert r.winners == (1,) and r.losers == (2,)
    assert g.direction == -1  # the hit J still reverses: the round ends counter-clockwise
    g.apply(Action(REFEREE, Kind.NEXT_ROUND))
    assert g.phase.value == "turn" and g.round_no == 2
    assert g.turn == 2 and g.direction == -1  # started by P3 (the loser), counter-clockwise
    # D2's alternative, round_direction = clockwise: every round starts clockwise.
    g = table(
        [["9C", "10C"], ["5H", "6H"], ["JS", "3D", "4D"], ["2D", "7C"]],
        "5S",
        turn=2,
        options={"round_direction": "clockwise"},
    )
    play(g, 2, "JS")
    call(g, 1)
    assert g.direction == -1
    g.apply(Action(REFEREE, Kind.NEXT_ROUND))
    assert g.turn == 2 and g.direction == 1


def test_a_void_round_passes_on_the_direction_it_ended_in():
    """[D11] the stalemate guard voids a round in which 2n turns pass with no card placed and nothing
    to reshuffle; like any round's end, the next round keeps the direction in force then (G-3, [D2])."""
    rest = unnamed("54", ["5S"])
    hands = [rest[0:18], rest[18:36], rest[36:]]  # every card held: no stock, nothing under the 5
    data = scenario("super", hands, "5S", turn=0, direction=-1, round=dict(MID, turns_taken=[1, 1, 1]))
    g = parse(data).game()
    assert g.stock == [] and g.direction == -1 and g.match_ext.direction == 1
    for _ in range(2 * g.n):
        g.apply(Action(g.turn, Kind.DRAW))  # nothing to take: the turn passes on, reversed
    assert g.result.ending is Ending.VOID and g.match_ext.direction == -1
    g.apply(Action(REFEREE, Kind.NEXT_ROUND))
    assert g.direction == -1 and g.turn == g.parent == 0
