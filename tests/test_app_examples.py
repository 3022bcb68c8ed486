"""Scenario tests for the `app` preset: one test per worked example of shared/rules/app.md §8,
plus a few decisions from §7 that the examples do not reach ([D7], [D10], [D11], [D15], [D19]).

Every example starts from an explicit position, written as a scenario (tests/positions.py, read by
game.scenario): the hands exactly as the example names them, the field card, whose turn it is, and the
cards drawn next where a draw matters. From there only the example's own plays are made, through the
public API only: `legal_actions`, `apply`, `refusal`, `view`, `events`, `sync_*` and `state_key`.
A position opens no reaction window, so an example about a window starts with the play that opens it.
The scores asserted are exactly the spec's numbers.
"""

from __future__ import annotations

import copy
import random

import pytest
from positions import position, unnamed

from game import REFEREE, Action, Game, IllegalAction, Kind, Suit, deck, make_rules
from game.events import (
    DobonCalled,
    DrawChainChanged,
    Drew,
    MatchEnded,
    Reshuffled,
    RoundDealt,
    RoundEnded,
    SuitChosen,
    WindowClosed,
)

DECK = deck("52")


# ---------------------------------------------------------------------------------------------- helpers


def table(hands, field, **kw):
    """An `app` round standing at the position: `hands[s]` is seat s's hand (see tests/positions.py)."""
    return position("app", hands, field, **kw)


def card(code):
    return DECK.card(code)


def play(g, seat, code, suit=None):
    return g.apply(Action(seat, Kind.PLAY, (card(code),), suit))


def draw(g, seat):
    return g.apply(Action(seat, Kind.DRAW))


def dobon(g, seat):
    """Declare dobon on the card the open window is about (as a client would: from its view)."""
    window = g.view(seat).window
    assert window is not None, "no window is open"
    return g.apply(Action(seat, Kind.DOBON, window.cards))


def pass_(g, seat):
    return g.apply(Action(seat, Kind.PASS))


def options(g, seat):
    """`legal_actions(seat)` as short strings: card codes (``8H/D`` for an 8 naming ♦), ``draw``,
    ``dobon``, ``pass``."""
    out = set()
    for a in g.legal_actions(seat):
        if a.kind is Kind.PLAY:
            out.add(a.card.code + ("" if a.suit is None else "/" + a.suit.letter))
        elif a.kind is Kind.DRAW:
            out.add("draw")
        elif a.kind is Kind.DOBON:
            out.add("dobon")
        elif a.kind is Kind.PASS:
            out.add("pass")
        else:
            out.add(a.kind.value)
    return out


def turn_options(g, seat):
    """Only the turn actions (plays and draw) among `options`."""
    return options(g, seat) - {"dobon", "pass"}


def codes(cards):
    return sorted(c.code for c in cards)


def hand(g, seat):
    return codes(g.view(seat).hand)


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


def result(g):
    ended = [e for e in g.events if isinstance(e, RoundEnded)]
    assert len(ended) == 1, "exactly one round should have ended"
    return ended[-1].result


def of_type(g, kind, since=0):
    return [e for e in g.events[since:] if isinstance(e, kind)]


def line(res, seat, item):
    found = [ln.value for ln in res.lines if ln.seat == seat and ln.item == item]
    assert len(found) == 1, f"expected one {item!r} line for seat {seat}, got {res.lines}"
    return found[0]


def played_against(target, x):
    """Two players: seat 1 holds `target`; seat 0 plays `x` (a heart) on ♥3, and the window on it is
    open with seat 1 pending."""
    g = table([[x, "9C"], target], "3H")
    play(g, 0, x)
    window = g.view(1).window
    assert window is not None and window.cards == (card(x),) and window.waiting_for_me
    return g


# ---------------------------------------------------------------------------------------------- §8 examples


def test_example_01_matching():
    """§8 example 1, Matching: field ♥3; hand [♠3, ♥7, ♣9, ♦8]."""
    g = table([["3S", "7H", "9C", "8D"], ["KS", "KD", "KC", "QS"]], "3H")
    assert g.view(0).field == card("3H")
    assert hand(g, 0) == sorted(["3S", "7H", "9C", "8D"])
    assert turn_options(g, 0) == {"3S", "7H", "draw"}
    refused(g, Action(0, Kind.PLAY, (card("9C"),)), "does not match")
    # [D3] the 8 is not wild: ♦8 does not match ♥3, whatever suit it would name
    for suit in Suit:
        refused(g, Action(0, Kind.PLAY, (card("8D"),), suit), "does not match")
    play(g, 0, "3S")  # a rank match is a legal play
    assert g.view(1).field == card("3S")


def test_example_02_eight():
    """§8 example 2, Eight: ♠8 played on ♠5, ♦ named."""
    g = table([["8S", "AH", "AD", "AC", "3H"], ["KS", "4D", "JD", "8H", "3C"]], "5S")
    # [D4] an 8 (not the last card) names any suit, the current one included; it must name one
    assert {o for o in turn_options(g, 0) if o.startswith("8S")} == {"8S/S", "8S/H", "8S/D", "8S/C"}
    refused(g, Action(0, Kind.PLAY, (card("8S"),)), "name a suit")
    events = play(g, 0, "8S", Suit.DIAMONDS)
    assert SuitChosen(0, Suit.DIAMONDS) in events
    view = g.view(1)
    assert view.field == card("8S") and view.suit_in_force is Suit.DIAMONDS
    # next player: any ♦ or any 8 (naming a suit), or draw; ♠K is illegal
    assert turn_options(g, 1) == {"4D", "JD", "8H/S", "8H/H", "8H/D", "8H/C", "draw"}
    refused(g, Action(1, Kind.PLAY, (card("KS"),)), "does not match")
    refused(g, Action(1, Kind.PLAY, (card("3C"),)), "does not match")
    play(g, 1, "JD")
    assert g.view(0).suit_in_force is Suit.DIAMONDS and g.view(0).field_suit is None


def test_example_03_stacking_twos():
    """§8 example 3, Stacking 2s (P1..P4 are seats 0..3)."""
    g = table(
        [
            ["2C", "3S", "4S", "5S", "6S"],
            ["2H", "5H", "9S", "8C", "KC"],
            ["3D", "4D", "9D", "JC", "QC"],  # no 2
            ["3H", "KH", "2S", "9C", "5D"],
        ],
        "5C",
        draws=["AS", "AD", "AC", "10S", "10D", "10C"],
    )
    play(g, 0, "2C")
    assert g.view(1).chain_cards == 2
    assert turn_options(g, 1) == {"2H", "draw"}  # [D5] only a 2 answers a pending 2
    refused(g, Action(1, Kind.PLAY, (card("KC"),)), "2 is pending")
    play(g, 1, "2H")  # c = 2
    assert g.view(2).chain_links == 2 and g.view(2).chain_cards == 4
    assert turn_options(g, 2) == {"draw"}
    events = draw(g, 2)
    drew = [e for e in events if isinstance(e, Drew)]
    assert drew == [Drew(2, 4, tuple(map(card, ["AS", "AD", "AC", "10S"])), True)]
    assert len(g.view(2).hand) == 9
    # [D6] the penalty was the whole turn; P4 faces ♥2 with c = 0
    view = g.view(3)
    assert view.turn == 3 and view.chain_links == 0 and view.chain_cards == 0
    assert view.field == card("2H")
    assert turn_options(g, 3) == {"3H", "KH", "2S", "draw"}
    # ... drawing is the ordinary draw of one (tried on a copy of the game)
    branch = copy.deepcopy(g)
    drew = [e for e in draw(branch, 3) if isinstance(e, Drew)]
    assert len(drew) == 1 and drew[0].count == 1 and not drew[0].penalty
    assert branch.view(0).turn == 0 and branch.view(0).chain_cards == 0
    # ... and a 2 starts a new chain, c = 1: P1 (holding only spades) must draw 2
    play(g, 3, "2S")
    assert g.view(0).chain_links == 1 and g.view(0).chain_cards == 2
    assert turn_options(g, 0) == {"draw"}
    drew = [e for e in draw(g, 0) if isinstance(e, Drew)]
    assert drew == [Drew(0, 2, (card("10D"), card("10C")), True)]


def test_example_04_pending_two():
    """§8 example 4, Pending 2: after ♣2, the next player holds [♣K, ♣8, 5]."""
    g = table([["2C", "10D", "JD"], ["KC", "8C", "5D"]], "6C")
    play(g, 0, "2C")
    assert hand(g, 1) == sorted(["KC", "8C", "5D"])
    assert turn_options(g, 1) == {"draw"}
    assert options(g, 1) == {"draw", "pass"}  # the window on ♣2 is open too, but 26 ≠ 2
    refused(g, Action(1, Kind.PLAY, (card("KC"),)), "2 is pending")
    for suit in Suit:
        refused(g, Action(1, Kind.PLAY, (card("8C"),), suit), "2 is pending")
    drew = [e for e in draw(g, 1) if isinstance(e, Drew)]
    assert len(drew) == 1 and drew[0].count == 2 and drew[0].penalty
    assert len(g.view(1).hand) == 5


@pytest.mark.parametrize(
    ("target", "x", "can"),
    [
        (["AS", "2D", "3C", "4S"], "10H", True),  # 1 + 2 + 3 + 4 = 10
        (["4D", "6C"], "10H", True),
        (["10S"], "10H", False),  # one card [D10]
        (["5S", "5D", "KC"], "10H", False),  # 5 + 5 + 13 = 23
        (["6S", "7D"], "KH", True),  # K = 13 [D1]
        (["AC", "10D"], "JH", True),  # J = 11, A = 1 [D1]
    ],
)
def test_example_05_dobon_sums(target, x, can):
    """§8 example 5, Dobon sums."""
    g = played_against(target, x)
    action = Action(1, Kind.DOBON, (card(x),))
    if can:
        assert "dobon" in options(g, 1)
        events = g.apply(action)
        called = [e for e in events if isinstance(e, DobonCalled)]
        assert called == [DobonCalled(1, tuple(sorted(map(card, target))), (card(x),), 0, False)]
    else:
        assert "dobon" not in options(g, 1)
        if len(target) == 1:
            refused(g, action, "two cards")
        else:
            refused(g, action, "23", "10")


def test_example_06_declining():
    """§8 example 6, Declining: B = seat 0, C = seat 1, A = seat 2; A plays ♥6."""
    g = table([["4H", "2C"], ["AS", "5S"], ["6H", "KS", "KD", "KC", "9S"]], "QH", turn=2)
    play(g, 2, "6H")
    assert hand(g, 0) == ["2C", "4H"] and hand(g, 1) == ["5S", "AS"]
    # B (next player, 4 + 2 = 6) and C (1 + 5 = 6) could dobon ♥6; B may also just play
    assert {"dobon", "4H", "draw"} <= options(g, 0)
    assert "dobon" in options(g, 1)
    mark = len(g.events)
    play(g, 0, "4H")  # [D8]/[D18] B declines and plays: the window on ♥6 closes
    assert WindowClosed(0) in g.events[mark:]
    assert g.view(1).window.cards == (card("4H"),)
    assert "dobon" not in options(g, 1)
    refused(g, Action(1, Kind.DOBON, (card("6H"),)), "card just played")
    assert not of_type(g, DobonCalled) and not of_type(g, RoundEnded)
    assert g.view(1).phase == "turn" and g.view(1).turn == 1


def stop_round(**kw):
    """Example 7's round: Y = seat 0, W = seat 1, X = seat 2. W plays its last card ♠A; X holds
    [A, 2, 2, 5, J], Y [K, Q]."""
    g = table([["KD", "QD"], ["AS"], ["AC", "2C", "2D", "5C", "JC"]], "AH", turn=1, **kw)
    play(g, 1, "AS")
    assert hand(g, 1) == []
    assert hand(g, 2) == sorted(["AC", "2C", "2D", "5C", "JC"])
    assert hand(g, 0) == sorted(["KD", "QD"])
    # a stop waits for the window: turn actions are frozen, the others may only pass (or dobon)
    assert g.view(0).phase == "reaction"
    assert options(g, 2) == {"pass"} and options(g, 0) == {"pass"} and options(g, 1) == set()
    pass_(g, 2)
    pass_(g, 0)
    return g


def test_example_07_stop_scoring():
    """§8 example 7, Stop scoring."""
    g = stop_round()
    res = result(g)
    assert res.ending == "stop"
    assert res.winners == (1,) and set(res.losers) == {0, 2}
    assert res.deltas == (-20, 136, -116)
    assert line(res, 2, "hand_points") == 29 and line(res, 2, "twos_factor") == 4
    assert line(res, 2, "pays") == 116
    assert line(res, 0, "pays") == 20 and line(res, 0, "twos_factor") == 1
    assert g.view(0).scores == (980, 1136, 884)
    assert sum(res.deltas) == 0
    assert g.legal_actions(REFEREE) == [Action(REFEREE, Kind.NEXT_ROUND)]
    assert not of_type(g, MatchEnded)


def test_example_08_single_dobon():
    """§8 example 8, Single dobon: A = seat 0 plays ♠10 keeping [K, 2, 3]; B = seat 1 holds [4, 6]."""
    g = table([["10S", "KC", "2D", "3C"], ["4D", "6C"]], "10H")
    play(g, 0, "10S")
    assert hand(g, 0) == sorted(["KC", "2D", "3C"]) and hand(g, 1) == sorted(["4D", "6C"])
    assert "dobon" in options(g, 1)
    events = dobon(g, 1)
    assert DobonCalled(1, (card("4D"), card("6C")), (card("10S"),), 0, False) in events
    # a call freezes turn actions; B has answered; A (18 ≠ 10) may only pass
    assert options(g, 1) == set()
    assert options(g, 0) == {"pass"}
    refused(g, Action(1, Kind.PLAY, (card("4D"),)), "wait")
    pass_(g, 0)
    res = result(g)
    assert res.ending == "dobon" and res.winners == (1,) and res.losers == (0,)
    assert line(res, 1, "dobon_points") == 35
    assert line(res, 1, "twos_factor") == 2 and line(res, 1, "calls_factor") == 2
    assert res.deltas == (-140, 140)
    assert g.view(0).scores == (860, 1140)


def test_example_09_gaeshi():
    """§8 example 9, Gaeshi: B = seat 0 holds [4, 6]; A = seat 1 holds [3, 7, 10] and plays the 10."""
    g = table([["4D", "6D"], ["3C", "7C", "10S"]], "10H", turn=1)
    play(g, 1, "10S")
    assert hand(g, 1) == ["3C", "7C"] and hand(g, 0) == ["4D", "6D"]
    # [D11] A's [3, 7] = 10, but nobody has dobon'd yet: no call on one's own card
    assert "dobon" not in options(g, 1)
    refused(g, Action(1, Kind.DOBON, (card("10S"),)), "own card")
    dobon(g, 0)
    assert "dobon" in options(g, 1)
    events = dobon(g, 1)
    assert DobonCalled(1, (card("3C"), card("7C")), (card("10S"),), 0, True) in events
    res = result(g)
    assert res.winners == (1,) and res.losers == (0,)
    assert line(res, 1, "dobon_points") == 30
    assert line(res, 1, "twos_factor") == 1 and line(res, 1, "calls_factor") == 4
    assert res.deltas == (-120, 120)


def example_10_table():
    """Example 10's position: B = seat 0 [4, 5], C = seat 1 [2, 7], A = seat 2 to play ♣9, keeping [Q, 4]."""
    return table([["4C", "5C"], ["2S", "7S"], ["9C", "QS", "4D"]], "9H", turn=2)


def two_dobons_game():
    g = example_10_table()
    play(g, 2, "9C")
    assert hand(g, 2) == ["4D", "QS"] and hand(g, 0) == ["4C", "5C"] and hand(g, 1) == ["2S", "7S"]
    dobon(g, 0)
    events = dobon(g, 1)
    assert DobonCalled(1, (card("2S"), card("7S")), (card("9C"),), 0, False) in events
    assert options(g, 2) == {"pass"}  # Q + 4 = 16: no gaeshi
    pass_(g, 2)
    return g


def test_example_10_two_dobons():
    """§8 example 10, Two dobons."""
    g = two_dobons_game()
    res = result(g)
    assert res.ending == "dobon"
    assert res.winners == (1,) and res.losers == (0,)
    assert line(res, 1, "dobon_points") == 27
    assert line(res, 1, "twos_factor") == 2 and line(res, 1, "calls_factor") == 4
    assert res.deltas == (-216, 216, 0)  # A is unaffected
    assert g.view(2).scores == (784, 1216, 1000)


def test_example_11_chain_with_gaeshi():
    """§8 example 11, Chain with gaeshi: B = seat 0 [4, 6], C = seat 1 [2, 8], A = seat 2 [3, 7, 10]."""
    g = table([["4D", "6D"], ["2S", "8S"], ["3C", "7C", "10S"]], "10H", turn=2)
    play(g, 2, "10S")
    assert hand(g, 2) == ["3C", "7C"] and hand(g, 0) == ["4D", "6D"] and hand(g, 1) == ["2S", "8S"]
    dobon(g, 0)
    # [D11] each player declares at most once per card
    assert options(g, 0) == set()
    refused(g, Action(0, Kind.DOBON, (card("10S"),)), "already")
    events = dobon(g, 2)  # A's gaeshi
    assert DobonCalled(2, (card("3C"), card("7C")), (card("10S"),), 0, True) in events
    assert options(g, 2) == set()
    events = dobon(g, 1)
    assert DobonCalled(1, (card("2S"), card("8S")), (card("10S"),), 2, False) in events
    res = result(g)
    assert res.winners == (1,) and res.losers == (2,)
    assert line(res, 1, "dobon_points") == 30
    assert line(res, 1, "twos_factor") == 2 and line(res, 1, "calls_factor") == 8
    assert res.deltas == (0, 480, -480)


def test_example_12_dobon_on_a_stop():
    """§8 example 12, Dobon on a stop: B = seat 0 [2, 3]; A = seat 1 plays its last card ♦5."""
    g = table([["2S", "3S"], ["5D"]], "5H", turn=1)
    play(g, 1, "5D")
    assert hand(g, 1) == [] and hand(g, 0) == ["2S", "3S"]
    assert options(g, 0) == {"pass", "dobon"}
    dobon(g, 0)
    # [D12]/[D10] the stopper holds no card and cannot gaeshi
    assert options(g, 1) == {"pass"}
    refused(g, Action(1, Kind.DOBON, (card("5D"),)), "two cards")
    pass_(g, 1)
    res = result(g)
    assert res.ending == "dobon"  # the dobon replaces the stop
    assert res.winners == (0,) and res.losers == (1,)
    assert line(res, 0, "dobon_points") == 10
    assert res.deltas == (40, -40)


def test_example_13_all_four_twos():
    """§8 example 13, All four 2s: B = seat 0 [♣A, ♦A]; A = seat 1 plays ♠2 keeping [♥2, ♦2, ♣2, K]."""
    g = table([["AC", "AD"], ["2S", "2H", "2D", "2C", "KS"]], "6S", turn=1)
    play(g, 1, "2S")
    assert hand(g, 1) == sorted(["2H", "2D", "2C", "KS"]) and hand(g, 0) == ["AC", "AD"]
    assert options(g, 0) == {"dobon", "pass", "draw"}  # no 2 to answer ♠2 with: draw 2, or dobon
    dobon(g, 0)
    assert options(g, 1) == {"pass"}
    g.apply(Action(REFEREE, Kind.CLOSE))  # time ran out
    res = result(g)
    assert res.winners == (0,) and res.losers == (1,)
    assert line(res, 0, "dobon_points") == 38
    assert line(res, 0, "twos_factor") == 16 and line(res, 0, "calls_factor") == 2
    assert res.deltas == (1216, -1216)
    # the dobon ended the round: B never made the penalty draw
    assert of_type(g, Drew) == []


def test_example_14_session_end():
    """§8 example 14, Session end: 500 points each at the start; now Y 778, W 622, X 100 (1500 in all)."""
    g = stop_round(options={"starting_points": 500}, scores=[778, 622, 100])
    res = result(g)
    assert res.deltas == (-20, 136, -116)  # paid in full, even below zero [D14]
    ended = of_type(g, MatchEnded)
    assert len(ended) == 1
    assert ended[0].scores == (758, 758, -16)
    assert ended[0].ranks == (1, 1, 3)  # [D15] equal points share a rank
    assert g.view(2).phase == "match-over"
    assert g.legal_actions(REFEREE) == [Action(REFEREE, Kind.NEW_MATCH)]
    assert all(g.legal_actions(s) == [] for s in range(3))
    refused(g, Action(REFEREE, Kind.NEXT_ROUND), "not over")
    g.apply(Action(REFEREE, Kind.NEW_MATCH))
    assert g.view(0).scores == (500, 500, 500)


def test_example_15_reshuffle():
    """§8 example 15, Reshuffle: the stock is empty and the field pile holds 10 older cards under ♥4."""
    field = ["3H", "5H", "6H", "7H", "9H", "10H", "JH", "QH", "KH", "AH", "4H"]
    rest = unnamed("52", field)  # every other card is in a hand, so the stock is empty
    g = table([rest[:20], rest[20:]], field, turn=1)
    view = g.view(1)
    older = set(view.discard[:-1])
    assert view.field == card("4H") and len(older) == 10 and view.stock == 0
    size = len(view.hand)
    assert "draw" in turn_options(g, 1)
    events = draw(g, 1)
    assert [e for e in events if isinstance(e, Reshuffled)] == [Reshuffled(10, (("field", 10),))]
    drew = [e for e in events if isinstance(e, Drew)]
    assert len(drew) == 1 and drew[0].count == 1 and drew[0].cards[0] in older
    view = g.view(1)
    assert view.field == card("4H") and view.discard == (card("4H"),)
    assert view.stock == 9 and len(view.hand) == size + 1
    assert len(g.all_cards()) == 52


def test_example_16_initial_card():
    """§8 example 16, Initial card."""
    # an initial ♠2 starts no chain [D9]
    g = table([["5S", "2H", "9D", "KC", "4H"], ["3D", "4D", "5D", "6D", "7D"]], "2S")
    assert not of_type(g, DrawChainChanged)
    assert g.view(0).chain_cards == 0
    assert turn_options(g, 0) == {"5S", "2H", "draw"}
    drew = [e for e in draw(g, 0) if isinstance(e, Drew)]
    assert drew[0].count == 1 and not drew[0].penalty
    # an initial ♦7 cannot be dobon'd, not even by [A, A, A, A, 3] = 7
    g = table([["5S", "2H", "9D", "KC", "4H"], ["AS", "AH", "AD", "AC", "3S"]], "7D")
    assert g.view(1).window is None
    assert options(g, 1) == set()
    refused(g, Action(1, Kind.DOBON, (card("7D"),)), "no card to call dobon on")
    draw(g, 0)  # a drawn card opens no window either
    assert g.view(1).window is None and "dobon" not in options(g, 1)


def test_example_17_stop_with_a_two():
    """§8 example 17, Stop with a 2: A = seat 0's last card is ♣2."""
    g = table([["2C"], ["KH", "QH", "JH", "10H", "9H", "AS", "3S", "4S", "5S"]], "7C")
    mark = len(g.events)
    play(g, 0, "2C")
    view = g.view(1)
    assert view.chain_links == 0 and view.chain_cards == 0  # [D19] no draw attack
    assert options(g, 1) == {"pass"}  # no dobon possible, and no turn (so no penalty draw)
    pass_(g, 1)
    assert not of_type(g, Drew, mark) and not of_type(g, DrawChainChanged, mark)
    res = result(g)
    assert res.ending == "stop" and res.winners == (0,) and res.losers == (1,)
    assert len(of_type(g, RoundEnded)[0].hands[1]) == 9
    assert res.deltas == (71, -71)  # 10 + 10 + 10 + 10 + 9 + 10 + 3 + 4 + 5, no 2s


def test_example_18_next_round():
    """§8 example 18, Next round: C = seat 1 won example 10."""
    g = two_dobons_game()
    assert g.view(0).parent == 1
    assert g.legal_actions(REFEREE) == [Action(REFEREE, Kind.NEXT_ROUND)]
    mark = len(g.events)
    g.apply(Action(REFEREE, Kind.NEXT_ROUND))
    dealt = of_type(g, RoundDealt, mark)
    assert len(dealt) == 1 and dealt[0].first == 1 and dealt[0].round_no == 2
    assert dealt[0].scores == (784, 1216, 1000)
    view = g.view(1)
    assert view.turn == 1 and view.parent == 1 and view.phase == "turn"
    assert g.sync_next() == 1
    assert "draw" in turn_options(g, 1)
    assert g.legal_actions(0) == [] and g.legal_actions(2) == []
    assert all(len(h) == 5 for h in dealt[0].hands)


# ---------------------------------------------------------------------------------------------- decisions


def test_d7_empty_stock_and_pile():
    """[D7] With nothing to draw, a player who can play must play; one who cannot draws nothing."""
    # the stock is empty and ♥3 lies alone on the field: every other card is in a hand
    hearts_and_threes = [c.code for c in DECK if c.code != "3H" and (c.suit is Suit.HEARTS or c.rank == 3)]
    others = unnamed("52", ["3H"], hearts_and_threes)
    g = table([hearts_and_threes, others], "3H", turn=1)
    assert g.view(1).stock == 0 and g.view(1).discard == (card("3H"),)
    # seat 1 holds no ♥ and no 3: its draw is skipped, and the turn passes
    assert turn_options(g, 1) == {"draw"}
    events = draw(g, 1)
    assert [e for e in events if isinstance(e, Drew)] == [Drew(1, 0, (), False)]
    assert g.view(0).turn == 0
    # seat 0 can play, so it may not draw
    opts = turn_options(g, 0)
    assert "draw" not in opts and opts
    refused(g, Action(0, Kind.DRAW), "must play")
    play(g, 0, "4H")
    assert "draw" in turn_options(g, 1)  # the old field card could now be reshuffled and drawn


def test_d10_one_card_gaeshi_is_refused():
    """[D10] A placer left with one card cannot gaeshi even if that card equals X."""
    g = table([["10S", "10C"], ["4D", "6D"]], "10H")
    play(g, 0, "10S")
    assert hand(g, 0) == ["10C"]
    dobon(g, 1)
    assert options(g, 0) == {"pass"}
    refused(g, Action(0, Kind.DOBON, (card("10S"),)), "two cards")
    pass_(g, 0)
    res = result(g)
    assert res.winners == (1,) and res.losers == (0,)
    assert res.deltas == (-60, 60)  # (4 + 6 + 10 + 10) = 30, no 2s, d = 1: × 2


def test_d19_eight_as_stop_names_no_suit():
    """[D19] An 8 played as the last card is a stop: it names no suit."""
    g = table([["8C"], ["KH", "QH", "JH", "10H", "9H"]], "7C")
    assert turn_options(g, 0) == {"8C", "draw"}
    refused(g, Action(0, Kind.PLAY, (card("8C"),), Suit.HEARTS), "names no suit")
    mark = len(g.events)
    play(g, 0, "8C")
    assert not of_type(g, SuitChosen, mark)
    g.apply(Action(REFEREE, Kind.CLOSE))
    res = result(g)
    assert res.ending == "stop" and res.winners == (0,)


def test_refusals_explain_and_change_nothing():
    g = table([["3S", "7H", "9C", "8D", "8H"], ["3H", "KS", "KD", "KC", "QS"]], "5H")
    refused(g, Action(1, Kind.PLAY, (card("KS"),)), "seat 0's turn")
    refused(g, Action(0, Kind.PLAY, (card("KS"),)), "not in your hand")
    refused(g, Action(0, Kind.PLAY, (card("9C"),)), "does not match")
    refused(g, Action(0, Kind.PLAY, (card("8H"),)), "name a suit")
    refused(g, Action(0, Kind.PLAY, (card("7H"),), Suit.SPADES), "only an 8")
    refused(g, Action(0, Kind.PLAY, (card("7H"), card("3S"))), "exactly one")
    refused(g, Action(0, Kind.DOBON, (card("5H"),)), "no card to call dobon on")
    refused(g, Action(0, Kind.PASS), "nothing to pass")
    refused(g, Action(REFEREE, Kind.NEXT_ROUND), "not over")
    refused(g, Action(REFEREE, Kind.CLOSE), "no reaction window")
    refused(g, Action(0, Kind.CLOSE), "referee")
    refused(g, Action(7, Kind.DRAW), "no seat 7")
    play(g, 0, "7H")
    refused(g, Action(1, Kind.DOBON, (card("5H"),)), "card just played")  # names the old card
    refused(g, Action(1, Kind.DOBON, (card("7H"),)), "adds up to")  # 3 + 13 + 13 + 13 + 12 ≠ 7
    refused(g, Action(0, Kind.DOBON, (card("7H"),)), "own card")


@pytest.mark.parametrize("seed", range(6))
def test_random_play_keeps_invariants(seed):
    """Random legal play through several rounds: every offered action applies, cards are conserved,
    payments are zero-sum, and a refused random action leaves the state unchanged."""
    rnd = random.Random(seed)
    players = 2 + seed % 3
    g = Game(make_rules("app", players, {"starting_points": 300}), seed=seed)
    total = sum(g.scores)
    for _ in range(3000):
        seat = g.sync_next()
        acts = g.sync_actions(seat)
        assert acts, f"seat {seat} has nothing to do"
        for a in acts:
            assert g.refusal(a) is None
        if g.legal_actions(REFEREE) == [Action(REFEREE, Kind.NEW_MATCH)]:
            break
        # try one random (maybe illegal) play first
        probe = Action(rnd.randrange(players), Kind.PLAY, (rnd.choice(DECK.cards),))
        if not g.is_legal(probe):
            refused(g, probe)
        g.apply(rnd.choice(acts))
        assert len({c.id for c in g.all_cards()}) == 52 == len(g.all_cards())
        assert sum(g.scores) == total
    assert of_type(g, RoundEnded)
    for e in of_type(g, RoundEnded):
        assert sum(e.result.deltas) == 0


def test_sync_protocol_polls_in_seat_order_after_placer():
    """§6: in sync mode the engine polls pending seats in seat order, starting after the placer."""
    g = example_10_table()
    play(g, 2, "9C")
    assert g.sync_next() == 0
    assert {a.kind for a in g.sync_actions(0)} == {Kind.PASS, Kind.DOBON}
    pass_(g, 0)
    assert g.sync_next() == 1
    dobon(g, 1)  # re-polls B (who passed, not called) and the placer
    assert g.sync_next() == 0
    assert {a.kind for a in g.sync_actions(0)} == {Kind.PASS, Kind.DOBON}
    pass_(g, 0)
    assert g.sync_next() == 2
    pass_(g, 2)
    res = result(g)
    assert res.winners == (1,) and res.losers == (2,)
    # C's [2, 7] + A's [4, Q] + ♣9 = 2 + 7 + 4 + 10 + 9 = 32; one 2: ×2; d = 1: ×2
    assert res.deltas == (0, 128, -128)
