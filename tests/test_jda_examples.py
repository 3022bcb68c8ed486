"""Scenario tests for the `jda` preset: one test per worked example 1..23 of shared/rules/jda.md §8 (with
the rules of §1-§6 and the decisions [JDn] of §7 they rely on), then bad input and the protocols.

Every example starts from an explicit position, written as a scenario (tests/positions.py, read by
game.scenario through the registry of presets in development): the hands as the example names them
(seats 0..3 are the spec's P1..P4, clockwise, P1 the dealer), the field pile, whose turn it is, who
placed the field card (the round state's `placer`; -1 is the initial card) and the deal sizes and laps
(the match state). From there only the example's own actions are played, through the public API:
`apply`, `apply_together`, `refusal`, `legal_actions`, `state_key`, `result`, the standings and the
rulebook's `public_state`. Bystanders hold high cards (a sum past 13 can never dobon) of numbers no
field card here shows, so they can neither place nor call.
"""

from __future__ import annotations

import pytest
from positions import scenario, unnamed

from game import REFEREE, Action, IllegalAction, Kind, deck
from game.engine import Game
from game.events import DobonCalled, Drew, Ending, MatchEnded, Reshuffled, RoundDealt, TimedOut, TimeUp
from game.phase import Phase
from game.realtime import RealtimeTable, Timing
from game.rules import make_rules
from game.rules.jda import HandThrownIn, SeatsDrawn, by_strength
from game.scenario import parse
from game.seats import make_seat

DECK = deck("52")
HIGH = [["KS", "QS", "JS"], ["KH", "QH", "JH"], ["KC", "QC", "JC"], ["KD", "QD", "JD"]]  # never act


# ---------------------------------------------------------------------------------------------- helpers


def card(code):
    return DECK.card(code)


def cards(*codes):
    return tuple(card(c) for c in codes)


def table(hands, field, *, turn=0, placer=None, deal=None, lap=None, games=0, options=None, **kw):
    """A 4-player `jda` game standing at the position (hands in seat order, P1 first). `placer` is the
    seat that placed the field card (None: the scenario's default, the initial card); `deal` and
    `lap` are the match state's deal sizes and laps."""
    data = scenario("jda", hands, field, turn=turn, **kw)
    if placer is not None:
        data["round"] = {"placer": placer}
    state = {"deal": deal or [4] * len(hands), "lap": lap or [0] * len(hands), "games": games}
    data["match"] = {"parent": turn, "state": state}
    if options:
        data["options"] = dict(options)
    g = parse(data).game()
    assert g.turn == turn and g.window is None and g.phase is Phase.TURN
    return g


def play(g, seat, *codes):
    """`seat` puts `codes` down (the last on top): its turn play or an out-of-turn placement."""
    before = len(g.hands[seat])
    g.apply(Action(seat, Kind.PLAY, cards(*codes)))
    assert g.field is card(codes[-1]) and len(g.hands[seat]) == before - len(codes)
    assert state(g)["placer"] == seat and g.window is None  # play has no reaction windows


def dobon(g, seat, top):
    """`seat` calls dobon with `top` on top: its whole hand goes down, and a gaeshi window opens on
    `top` that polls every other live hand."""
    hand = tuple(g.hands[seat])
    g.apply(Action(seat, Kind.DOBON, (card(top),)))
    laid = tuple(g.laid[seat])
    assert not g.hands[seat] and sorted(laid) == sorted(hand) and laid[-1] is card(top)
    if g.window is not None:
        assert g.window.placer == seat and g.window.cards == (card(top),) and g.phase is Phase.REACTION


def settle(g):
    """Every seat still asked about the last dobon passes (keeping its hand), none of them able to
    answer it: the game's result follows."""
    while g.window:
        seat = g.window.pending[0]
        assert not any(a.kind is Kind.DOBON for a in g.legal_actions(seat)), f"seat {seat} could gaeshi"
        g.apply(Action(seat, Kind.PASS))
    assert g.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)
    return g.result


def state(g):
    return g.book.public_state(g)


def standing(g, seat):
    """(deal size, lap) of `seat`, as the standings say."""
    score = g.standings()[seat]
    return (score["deal"], score["lap"])


def refused(g, action):
    """`action` is illegal: refused with a reason, applying it raises and changes nothing. The reason."""
    before = g.state_key()
    reason = g.refusal(action)
    assert reason and action not in g.legal_actions(action.seat)
    with pytest.raises(IllegalAction) as error:
        g.apply(action)
    assert error.value.reason == reason and g.state_key() == before
    return reason


def hand(g, seat):
    return sorted(c.code for c in g.hands[seat])


def turn_kinds(g, seat):
    return [a for a in g.legal_actions(seat) if a.kind in (Kind.PLAY, Kind.DRAW)]


# ---------------------------------------------------------------------------------------------- examples


def test_example_1_seat_draw():
    # W, X, Y, Z (seats 0..3) draw A♣, K♠, A♥, 2♠: A♥ > A♣ > K♠ > 2♠.
    assert by_strength({0: card("AC"), 1: card("KS"), 2: card("AH"), 3: card("2S")}) == [2, 0, 1, 3]
    # At a table the draw is the game's own (seeded): its event names the cards; the strongest deals,
    # the others sit clockwise from the dealer by strength, and the dealer plays first.
    for seed in range(8):
        g = Game(make_rules("jda", 4, developing=True), seed)
        drawn = next(e for e in g.events if isinstance(e, SeatsDrawn))
        order = by_strength(dict(zip(drawn.seats, drawn.cards, strict=True)))
        assert drawn.why == "seating" and list(drawn.seating) == order and g.seating == tuple(order)
        assert g.parent == g.turn == order[0] == drawn.dealer
        dealt = next(e for e in g.events if isinstance(e, RoundDealt))
        assert dealt.sizes == (4, 4, 4, 4) and dealt.first == order[0]
        assert all(g.next_seat(order[k]) == order[(k + 1) % 4] for k in range(4))


def test_example_2_dobon():
    g = table([["9C", "10H", "8H"], HIGH[1], ["4D", "5S"], HIGH[3]], "8C", deal=[6, 4, 8, 10])
    play(g, 0, "9C")
    assert g.turn == 1
    dobon(g, 2, "5S")
    assert g.window.pending == [3, 0, 1]  # every live hand, the placer P1 included
    r = settle(g)
    assert r.ending is Ending.DOBON and r.winners == (2,) and r.losers == (0,)
    assert [standing(g, s) for s in range(4)] == [(8, 0), (4, 0), (6, 0), (10, 0)]
    assert r.deltas == (1, 0, -1, 0) and g.parent == 0  # P1 deals next
    called = next(e for e in g.events if isinstance(e, DobonCalled))
    assert (called.seat, called.targets, called.answer_to, called.gaeshi) == (2, cards("9C"), 0, False)


def test_example_3_gaeshi():
    g = table([["9C", "10H", "8H"], HIGH[1], ["4D", "5S"], ["2C", "3H"]], "8C", deal=[6, 4, 8, 6])
    play(g, 0, "9C")
    dobon(g, 2, "5S")
    dobon(g, 3, "3H")  # P4's 2♣ 3♥ add up to 5: a gaeshi on 5♠
    assert g.window.cards == cards("3H") and g.window.pending == [0, 1]
    r = settle(g)
    assert r.ending is Ending.GAESHI and r.winners == (3,) and r.losers == (2,)  # P1 is neither
    assert [standing(g, s) for s in range(4)] == [(6, 0), (4, 0), (10, 0), (4, 0)]
    # P1 could also have answered, had the two cards it kept added up to 5
    g = table([["9C", "2D", "3D"], HIGH[1], ["4D", "5S"], HIGH[3]], "8C", deal=[6, 4, 8, 6])
    play(g, 0, "9C")
    dobon(g, 2, "5S")
    assert Action(0, Kind.DOBON, cards("3D")) in g.legal_actions(0)
    g.apply(Action(3, Kind.PASS))
    dobon(g, 0, "2D")
    r = settle(g)
    assert r.winners == (0,) and r.losers == (2,)


def test_example_4_top_card_choice():
    g = table([["9C", "10H", "8H"], HIGH[1], ["4D", "5S"], ["2C", "3H"]], "8C", deal=[6, 4, 8, 6])
    play(g, 0, "9C")
    dobon(g, 2, "4D")
    reason = refused(g, Action(3, Kind.DOBON, cards("3H")))
    assert reason.startswith("your hand adds up to 5, not 4") and "JD16" in reason
    r = settle(g)
    assert r.winners == (2,) and r.losers == (0,)
    assert [standing(g, s) for s in range(4)] == [(8, 0), (4, 0), (6, 0), (6, 0)]


def test_example_5_initial_card_dobon():
    g = table(
        [
            ["3S", "4S", "5S", "6S"],
            ["AC", "2C", "4H", "6C"],
            ["7H", "8H", "9H", "10H"],
            ["7D", "8D", "9D", "10D"],
        ],
        "KD",
    )
    assert state(g)["placer"] == REFEREE  # the card turned up at the deal
    assert g.turn == 0 and Action(1, Kind.DOBON, cards("6C")) in g.legal_actions(1)  # at once
    dobon(g, 1, "6C")
    r = settle(g)
    assert r.ending is Ending.DOBON and r.winners == (1,) and r.losers == (0, 2, 3)
    assert [standing(g, s) for s in range(4)] == [(6, 0), (4, 0), (6, 0), (6, 0)]  # P2 stays at 4
    # three losers tied at (lap 0, 6): they draw, and the strongest card deals [JD19]
    drawn = [e for e in g.events if isinstance(e, SeatsDrawn)][-1]
    assert drawn.why == "dealer" and drawn.seats == (0, 2, 3)
    assert g.parent == drawn.dealer == by_strength(dict(zip(drawn.seats, drawn.cards, strict=True)))[0]


def test_example_6_self_dobon():
    hands = [["8D", "3S", "5H"], HIGH[1], HIGH[2], HIGH[3]]
    g = table(hands, "4D", deal=[6, 6, 6, 6])
    play(g, 0, "8D")
    assert Action(0, Kind.DOBON, cards("5H")) in g.legal_actions(0)  # a legal action [JD15]
    dobon(g, 0, "5H")
    r = settle(g)
    assert r.ending is Ending.DOBON and r.winners == () and r.losers == (0,)
    assert [standing(g, s) for s in range(4)] == [(8, 0), (6, 0), (6, 0), (6, 0)]
    # P3 (sum 5) answers on 5♥: P3 wins and P1 still loses
    hands[2] = ["2C", "3C"]
    g = table(hands, "4D", deal=[6, 6, 6, 6])
    play(g, 0, "8D")
    dobon(g, 0, "5H")
    g.apply(Action(1, Kind.PASS))
    dobon(g, 2, "3C")
    r = settle(g)
    assert r.ending is Ending.GAESHI and r.winners == (2,) and r.losers == (0,)
    assert [standing(g, s) for s in range(4)] == [(8, 0), (6, 0), (4, 0), (6, 0)]


def test_example_7_2_chain():
    g = table([["2S", "4S", "5C", "9C"], ["2H", "KH"], ["2D", "KD"], ["2C", "KC"]], "5S")
    play(g, 0, "2S")
    assert (g.chain_links, g.chain_cards, g.turn) == (1, 2, 1)  # P2 plays a 2 or takes 2
    assert turn_kinds(g, 1) == [Action(1, Kind.PLAY, cards("2H")), Action(1, Kind.DRAW)]
    assert "§3.2" in refused(g, Action(1, Kind.PLAY, cards("KH")))
    play(g, 1, "2H")
    assert (g.chain_links, g.chain_cards, g.turn) == (2, 4, 2)  # P3 owes 4
    play(g, 2, "2D")
    assert (g.chain_links, g.chain_cards, g.turn) == (3, 8, 3)  # P4 owes 8
    play(g, 3, "2C")
    assert (g.chain_links, g.chain_cards, g.turn) == (4, 16, 0)  # P1 owes 16
    g.apply(Action(0, Kind.DRAW))
    assert len(g.hands[0]) == 3 + 16 and (g.chain_links, g.chain_cards, g.turn) == (0, 0, 0)
    # then a normal turn on 2♣: a ♣ card (or a 2), or take 1
    fits = [c for c in g.hands[0] if c.suit is card("2C").suit or c.rank == 2]
    assert {a.cards[0] for a in turn_kinds(g, 0) if a.kind is Kind.PLAY} == set(fits)
    assert turn_kinds(g, 0)[-1] == Action(0, Kind.DRAW)


def test_example_8_multi_card_2s():
    g = table([["2S", "2H", "9C"], ["2D", "KH"], ["4C", "KC"], HIGH[3]], "5S")
    play(g, 0, "2S", "2H")  # one play, 2♥ on top: n = 2
    assert (g.chain_links, g.chain_cards, g.turn) == (2, 4, 1)  # P2 owes 4
    play(g, 1, "2D")
    assert (g.chain_links, g.chain_cards, g.turn) == (3, 8, 2)  # P3 owes 8


def test_example_9_after_paying():
    g = table(
        [HIGH[0], ["2H", "9D", "10D"], ["4C", "KC"], HIGH[3]],
        ["5S", "2S"],
        turn=1,
        placer=0,
        chain=(1, 2),
        draws=["3D", "4D"],
    )
    g.apply(Action(1, Kind.DRAW))  # pays 2 ...
    assert hand(g, 1) == ["10D", "2H", "3D", "4D", "9D"]
    assert (g.chain_links, g.chain_cards, g.turn) == (0, 0, 1)  # ... and takes the turn, the chain paid
    play(g, 1, "2H")  # a normal play on 2♠: a new chain
    assert (g.chain_links, g.chain_cards, g.turn) == (1, 2, 2)  # P3 owes 2, not 4


def test_example_10_out_of_turn_play():
    g = table([["7S", "9C", "10C"], HIGH[1], HIGH[2], ["7H", "8D", "QD"]], "5S")
    play(g, 0, "7S")
    assert g.turn == 1  # P2 is thinking ...
    assert Action(3, Kind.PLAY, cards("7H")) in g.legal_actions(3)
    play(g, 3, "7H")  # ... and P4 places 7♥
    assert g.field is card("7H") and g.turn == 0  # P1 has the next turn: P2 and P3 lose theirs


def test_example_11_simultaneous_placements():
    g = table([["7S", "9C", "10C"], ["9S", "KH", "QH"], ["7D", "KC", "QC"], HIGH[3]], "5S")
    play(g, 0, "7S")
    placement, turn_play = Action(2, Kind.PLAY, cards("7D")), Action(1, Kind.PLAY, cards("9S"))
    assert g.refusal(placement) is None and g.refusal(turn_play) is None  # each legal on its own
    first, second = g.apply_together([placement, turn_play])  # P3's arrived first: seat order rules
    assert first.action == turn_play and first.refused is None and first.events
    assert second.action == placement and "§3.1" in second.refused and second.events == []
    assert g.field is card("9S") and g.turn == 2  # P3 has the next turn ...
    assert hand(g, 2) == ["7D", "KC", "QC"]  # ... and its 7♦ is back in its hand, unseen


def test_example_12_simultaneous_dobons():
    g = table([["9C", "10H", "KD"], ["4H", "5S"], HIGH[2], ["6D", "3C"]], "8C")
    play(g, 0, "9C")
    p2, p4 = Action(1, Kind.DOBON, cards("5S")), Action(3, Kind.DOBON, cards("6D"))
    first, second = g.apply_together([p4, p2])
    assert first.action == p2 and first.refused is None
    assert second.action == p4 and second.refused.startswith("your hand adds up to 9, not 5")
    assert hand(g, 3) == ["3C", "6D"]  # P4 keeps its cards
    assert g.window.cards == cards("5S") and g.window.pending == [2, 3, 0]  # a gaeshi window on 5♠


def test_example_13_dobon_after_a_take():
    g = table([["3C", "4D"], HIGH[1], HIGH[2], ["8S", "10D", "QD"]], ["5S", "9S"], placer=3, draws=["2H"])
    g.apply(Action(0, Kind.DRAW))  # P1 takes 2♥: its hand now adds up to 9
    assert hand(g, 0) == ["2H", "3C", "4D"] and g.turn == 1
    assert Action(0, Kind.DOBON, cards("2H")) in g.legal_actions(0)  # at once ...
    assert g.sync_next() == 0  # (headless, P1 is asked before P2 takes its turn)
    g.apply(Action(0, Kind.PASS))  # ... or at any later moment while 9♠ stands and the sum holds
    g.apply(Action(1, Kind.DRAW))
    assert g.field is card("9S") and Action(0, Kind.DOBON, cards("3C")) in g.legal_actions(0)
    dobon(g, 0, "3C")
    r = settle(g)
    assert r.winners == (0,) and r.losers == (3,)  # P4 loses


def test_example_14_one_card_hand():
    g = table([["2S", "9C", "10C"], ["2H"], HIGH[2], HIGH[3]], "5S")
    play(g, 0, "2S")
    assert g.turn == 1 and g.chain_cards == 2
    assert g.legal_actions(1) == [Action(1, Kind.DRAW), Action(1, Kind.DOBON, cards("2H"))]
    assert "JD9" in refused(g, Action(1, Kind.PLAY, cards("2H")))  # it cannot place its only card
    dobon(g, 1, "2H")
    r = settle(g)
    assert r.winners == (1,) and r.losers == (0,)
    # holding only 3♥, P2 must pay 2
    g = table([["2S", "9C", "10C"], ["3H"], HIGH[2], HIGH[3]], "5S")
    play(g, 0, "2S")
    assert g.legal_actions(1) == [Action(1, Kind.DRAW)]
    g.apply(Action(1, Kind.DRAW))
    assert len(g.hands[1]) == 3 and g.turn == 1 and g.chain_cards == 0


def test_example_15_face_cards():
    g = table([["KS"], ["6H", "7S"], ["QC", "JC"], ["9C", "10C"]], ["5D", "KD"], placer=2)
    assert Action(0, Kind.DOBON, cards("KS")) in g.legal_actions(0)  # K = 13
    assert Action(1, Kind.DOBON, cards("7S")) in g.legal_actions(1)  # 6 + 7 = 13
    assert refused(g, Action(2, Kind.DOBON, cards("QC"))).startswith("your hand adds up to 23, not 13")
    dobon(g, 1, "7S")
    assert refused(g, Action(0, Kind.DOBON, cards("KS"))).startswith("your hand adds up to 13, not 7")
    r = settle(g)
    assert r.winners == (1,) and r.losers == (2,)  # P3 placed the K♦


def test_example_16_deal_size_transitions():
    rows = [
        ((4, 0), "win", (4, 0)),
        ((10, 0), "win", (8, 0)),
        ((4, 0), "lose", (6, 0)),
        ((10, 0), "lose", (12, 0)),
        ((12, 0), "lose", (4, 1)),
        ((12, 1), "lose", (4, 2)),
        ((6, 2), "win", (4, 2)),
        ((8, 0), "neither", (8, 0)),
    ]
    for (deal, lap), result, after in rows:
        # P2 is the subject: it dobons on P1's 9♣ (win), P3 dobons on P2's 9♣ (lose), or on P1's
        caller, placer = {"win": (1, 0), "lose": (2, 1), "neither": (2, 0)}[result]
        hands = [HIGH[0], HIGH[1], HIGH[2], HIGH[3]]
        hands[caller] = ["4D", "5S"]
        g = table(hands, ["3C", "9C"], placer=placer, deal=[6, deal, 6, 6], lap=[0, lap, 0, 0])
        dobon(g, caller, "5S")
        r = settle(g)
        assert (1 in r.winners, 1 in r.losers) == (result == "win", result == "lose")
        assert standing(g, 1) == after, (deal, lap, result)


def test_example_17_dealer_after_several_losers():
    hands = [["3S", "4S"], ["AC", "2C", "4H", "6C"], ["7H", "8H"], ["7D", "8D"]]
    g = table(hands, "KD", deal=[8, 6, 12, 10])
    dobon(g, 1, "6C")  # on the initial card: everybody else loses
    r = settle(g)
    assert r.losers == (0, 2, 3)
    assert [standing(g, s) for s in range(4)] == [(10, 0), (4, 0), (4, 1), (12, 0)]
    assert g.parent == 2  # P3 is losing most (lap 1): P3 deals
    assert not any(isinstance(e, SeatsDrawn) for e in g.events)  # no tie: no draw
    events = g.apply(Action(REFEREE, Kind.NEXT_ROUND))  # P3's lap changed: everyone reseats
    drawn = next(e for e in events if isinstance(e, SeatsDrawn))
    assert drawn.why == "reseat" and drawn.dealer == 2
    assert g.seating == drawn.seating == tuple(by_strength(dict(zip(drawn.seats, drawn.cards, strict=True))))
    dealt = next(e for e in events if isinstance(e, RoundDealt))
    assert g.parent == g.turn == 2 and dealt.sizes == (10, 4, 4, 12) and dealt.seating == g.seating


def test_example_18_reshuffle():
    field = ["3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JD"]
    rest = unnamed("52", field, ["KH"])
    hands = [rest[:11], rest[11:22], rest[22:32], rest[32:]]
    g = table(hands, field, turn=1, placer=0, draws=["KH"])
    events = g.apply(Action(1, Kind.DRAW))  # P2 takes the last card of the stock
    assert card("KH") in g.hands[1]
    assert g.discard == [card("JD")] and sorted(c.code for c in g.stock) == sorted(field[:-1])
    assert [type(e) for e in events if isinstance(e, Reshuffled | Drew)] == [Reshuffled, Drew]
    assert next(e for e in events if isinstance(e, Reshuffled)).count == 8
    assert g.phase is Phase.TURN and g.turn == 2  # before anyone acts again


def test_example_19_exhaustion():
    def exhausted(sizes, field="JD", chain=(0, 0)):
        """The field holds only its card, the stock only K♥, the hands (of `sizes`) the other 50."""
        rest = unnamed("52", [field, "KH"])
        cut = [sum(sizes[:k]) for k in range(5)]
        hands = [rest[cut[k] : cut[k + 1]] for k in range(4)]
        return table(hands, field, turn=2, placer=1, chain=chain, draws=["KH"], deal=[6, 6, 6, 6])

    g = exhausted([12, 13, 13, 12])
    events = g.apply(Action(2, Kind.DRAW))  # P3 takes the last card; nothing can be made a stock
    assert len(g.hands[2]) == 14 and not any(isinstance(e, Reshuffled) for e in events)
    r = g.result
    assert r.ending is Ending.EXHAUSTION and r.winners == () and r.losers == (2,)  # the most cards
    assert [standing(g, s) for s in range(4)] == [(6, 0), (6, 0), (8, 0), (6, 0)]
    # a tie for the most: both lose (P1 and P3 hold 14 each once P3 has taken)
    g = exhausted([14, 12, 13, 11])
    g.apply(Action(2, Kind.DRAW))
    assert g.result.losers == (0, 2) and g.result.winners == ()
    # [JD22] in the middle of a payment: P3 owes 4, the stock holds 1; the game ends at once
    g = exhausted([12, 13, 13, 12], field="2D", chain=(2, 4))
    assert g.chain_cards == 4
    g.apply(Action(2, Kind.DRAW))
    assert len(g.hands[2]) == 14 and g.result.ending is Ending.EXHAUSTION and g.result.losers == (2,)


def gaeshi_clock(script):
    """Example 20's table in real time: P2 dobons at 0 (4♥ 5♠, 5♠ on top) on P4's 9♣; P4 (5♦ alone)
    throws in at 1 s; then `script` {time: action}. The host ticks every 100 ms; an action arriving
    at t is submitted before the tick at t. Returns the game and each scripted action's refusal."""
    g = table([["2D", "3D"], ["4H", "5S"], ["AC", "2C"], ["5D"]], ["8C", "9C"], placer=3)
    clock = RealtimeTable(g, {}, Timing(turn_ms=60_000, dobon_ms=60_000, window_ms=60_000))
    script = {0: Action(1, Kind.DOBON, cards("5S")), 1000: Action(3, Kind.PASS, flag=True), **script}
    refusals: dict[int, str | None] = {}
    ended = None
    for t in range(0, 12_001, 100):
        if t in script:
            try:
                clock.submit(script[t])
                refusals[t] = None
            except IllegalAction as error:
                refusals[t] = error.reason
        clock.tick(t)
        if ended is None and g.phase is Phase.ROUND_OVER:
            ended = t
    assert ended is not None, "the gaeshi windows never closed"
    return g, refusals, ended


def test_example_20_gaeshi_time_limit():
    # P1's gaeshi at 2 s (within 3 s) is valid; it starts a new 3-second clock, and P4's throw-in still
    # counts, so that window closes at 5 s: P3's gaeshi on P1's 3♦ at 4.5 s is valid ...
    g, refusals, end = gaeshi_clock(
        {2000: Action(0, Kind.DOBON, cards("3D")), 4500: Action(2, Kind.DOBON, cards("2C"))}
    )
    assert refusals == {0: None, 1000: None, 2000: None, 4500: None}
    assert any(isinstance(e, HandThrownIn) and e.seat == 3 for e in g.events)
    # (nobody is left to answer P3's 2♣: P1 and P2 laid their hands down, P4 threw its in)
    assert g.result.winners == (2,) and g.result.losers == (0,) and end == 4500
    # ... and at 5.5 s it is too late: P1's gaeshi stands
    g, refusals, end = gaeshi_clock(
        {2000: Action(0, Kind.DOBON, cards("3D")), 5500: Action(2, Kind.DOBON, cards("2C"))}
    )
    assert end == 5000 and g.result.winners == (0,) and g.result.losers == (1,)
    assert refusals[5500] == "the round is over; wait for the next deal"
    # had P1 called at 4 s, it would have been too late: 3 s had passed and P4 had thrown in
    g, refusals, end = gaeshi_clock({4000: Action(0, Kind.DOBON, cards("3D"))})
    assert end == 3000 and g.result.winners == (1,) and g.result.losers == (3,)
    assert refusals[4000] == "the round is over; wait for the next deal"
    # with nobody thrown in, the window waits the whole 10 s for a gaeshi
    g = table([["2D", "3D"], ["4H", "5S"], ["AC", "2C"], ["5D"]], ["8C", "9C"], placer=3)
    clock = RealtimeTable(g, {}, Timing(turn_ms=60_000, dobon_ms=60_000, window_ms=60_000))
    clock.submit(Action(1, Kind.DOBON, cards("5S")))
    assert clock.tick(0) == [] and clock.tick(9_999) == [] and clock.tick(10_000) and g.result.winners == (1,)
    # P4 can never gaeshi after throwing in, though its 5♦ adds up to 5
    g = table([["2D", "3D"], ["4H", "5S"], ["AC", "2C"], ["5D"]], ["8C", "9C"], placer=3)
    dobon(g, 1, "5S")
    g.apply(Action(3, Kind.PASS, flag=True))
    assert "JD13" in refused(g, Action(3, Kind.DOBON, cards("5D")))
    dobon(g, 0, "3D")
    assert 3 not in g.window.pending and "JD13" in refused(g, Action(3, Kind.DOBON, cards("5D")))


def test_ai_seats_that_cannot_gaeshi_throw_in_so_the_window_closes_after_3_seconds():
    """JD13 at a real-time table: an AI seat whose hand does not add up to the top card throws it in
    once it has noticed the dobon, so the window closes 3 s after the dobon (at once when every live
    hand is thrown in), not at the 10 s cap."""
    hands = [["2D", "4D"], ["4H", "5S"], ["AC", "2C"], ["6D"]]
    timing = Timing(turn_ms=60_000, dobon_ms=500, window_ms=60_000)
    # P1 is a person who says nothing; P3 and P4 are AI seats
    g = table(hands, ["8C", "9C"], placer=3)
    clock = RealtimeTable(g, {2: make_seat("hard", 1, 2), 3: make_seat("easy", 1, 3)}, timing)
    clock.submit(Action(1, Kind.DOBON, cards("5S")))  # the person's 4♥ 5♠ adds up to P4's 9♣
    clock.run_due(0)
    clock.run_due(2_000)  # both AIs have noticed by now (easy is the slower, 2.5 x 500 ms)
    assert {e.seat for e in g.events if isinstance(e, HandThrownIn)} == {2, 3}
    assert clock.run_due(2_999) == [] and g.result is None
    clock.run_due(3_000)
    assert g.result.winners == (1,) and g.result.losers == (3,)
    # every other hand an AI's: the last throw-in closes the window
    g = table(hands, ["8C", "9C"], placer=3)
    ai = {seat: make_seat(level, 1, seat) for seat, level in ((0, "normal"), (2, "hard"), (3, "easy"))}
    clock = RealtimeTable(g, ai, timing)
    clock.submit(Action(1, Kind.DOBON, cards("5S")))
    clock.run_due(0)
    clock.run_due(1_250)
    assert {e.seat for e in g.events if isinstance(e, HandThrownIn)} == {0, 2, 3}
    assert g.result.winners == (1,)


def test_example_21_final_ranking():
    # P1 (lap 0, 6) dobons on P2's card (0, 6): finals P1 (0, 4), P2 (0, 8), P3 (1, 4), P4 (0, 8)
    g = table(
        [["4D", "5S"], HIGH[1], HIGH[2], HIGH[3]],
        ["3C", "9C"],
        placer=1,
        deal=[6, 6, 4, 8],
        lap=[0, 0, 1, 0],
        options={"games": 3},
        games=2,
    )
    dobon(g, 0, "5S")
    settle(g)
    assert g.phase is Phase.MATCH_OVER
    ended = g.events[-1]
    assert isinstance(ended, MatchEnded) and ended.ranks == (1, 2, 4, 2)  # P2 and P4 share 2nd
    assert [s.parts for s in ended.standings] == [
        (("lap", 0), ("deal", 4)),
        (("lap", 0), ("deal", 8)),
        (("lap", 1), ("deal", 4)),
        (("lap", 0), ("deal", 8)),
    ]


def test_example_22_dobon_and_placement_together():
    g = table([["9C", "10H", "8H"], ["9H", "KH", "QH"], ["4D", "5S"], HIGH[3]], "8C")
    play(g, 0, "9C")
    call, turn_play = Action(2, Kind.DOBON, cards("5S")), Action(1, Kind.PLAY, cards("9H"))
    first, second = g.apply_together([call, turn_play])
    assert first.action == turn_play and first.refused is None and second.refused is None
    assert state(g)["placer"] == 1 and state(g)["dobons"] == ((2, card("5S")),)
    called = next(e for e in g.events if isinstance(e, DobonCalled))
    assert called.targets == cards("9H") and called.answer_to == 1  # checked against 9♥
    r = settle(g)
    assert r.winners == (2,) and r.losers == (1,)  # P1 is unaffected


def test_example_23_partly_legal_placement():
    g = table([["9C", "4D", "KH"], HIGH[0], HIGH[2], HIGH[3]], "5C")
    reason = refused(g, Action(0, Kind.PLAY, cards("9C", "4D")))
    assert "JD6" in reason and "JD21" in reason
    play(g, 0, "9C")  # the legal part alone
    assert hand(g, 0) == ["4D", "KH"] and g.turn == 1


# ---------------------------------------------------------------------------------------------- bad input


def test_bad_input_is_refused_with_its_rule_and_changes_nothing():
    g = table(
        [["9C", "4D", "KH", "9H"], ["5H", "6S", "KS"], ["5D"], ["2H", "3S", "QD"]], ["8C", "5C"], placer=3
    )
    rules = {
        Action(0, Kind.PLAY, cards("KH")): "§3.1",  # neither suit nor number
        Action(0, Kind.PLAY, cards("9C", "4D")): "JD6",  # a set whose upper card is another number
        Action(0, Kind.PLAY, cards("9C", "9C")): "named twice",
        Action(0, Kind.PLAY, cards("5H")): "not in your hand",
        Action(0, Kind.PLAY, ()): "names the card",
        Action(0, Kind.PLAY, cards("9C"), amount=2): "names only its cards",
        Action(0, Kind.DRAW, cards("9C")): "a take names nothing",
        Action(0, Kind.PASS): "§3.1",  # the turn player plays or takes
        Action(1, Kind.PLAY, cards("6S")): "§3.3",  # out of turn: the field card's number only
        Action(1, Kind.PLAY, cards("5H", "6S")): "JD6",  # a placed set: one number
        Action(1, Kind.DRAW): "JD21",  # no take out of turn
        Action(2, Kind.PLAY, cards("5D")): "JD9",  # never empty the hand
        Action(1, Kind.DOBON, cards("5H")): "JD16",  # a false dobon: 5 + 6 + 13 is not 5
        Action(3, Kind.DOBON, cards("QD")): "JD16",  # the target is the field card, 5
        Action(2, Kind.DOBON, cards("KS")): "JD12",  # the top card must be one's own
        Action(2, Kind.DOBON, cards("5D", "5D")): "JD12",
        Action(2, Kind.DOBON): "JD12",  # no default top card
        Action(1, Kind.DECLARE, amount=1): "not part of the jda rules",
        Action(3, Kind.PASS): "nothing to let go",
    }
    for action, rule in rules.items():
        assert rule in refused(g, action), action
    # in a gaeshi window: no placement and no take; P4 holds 2♥ 3♠ and the target is 5♦
    dobon(g, 2, "5D")
    assert "JD18" in refused(g, Action(1, Kind.PLAY, cards("5H")))
    assert "§6" in refused(g, Action(0, Kind.DRAW))
    assert "already on the field" in refused(g, Action(2, Kind.DOBON, cards("5D")))
    g.apply(Action(3, Kind.PASS))
    assert "already answered" in refused(g, Action(3, Kind.DOBON, cards("3S")))


def test_headless_order_asks_every_out_of_turn_chance_before_the_turn_player():
    # P1 on turn on P4's 7♠; P2 may place its 7♥, P4 may dobon (3 + 4): asked clockwise from P2
    g = table(
        [["8S", "KH", "QH"], ["7H", "KC", "QC"], ["JD", "QD", "KD"], ["3H", "4D"]], ["2S", "7S"], placer=3
    )
    assert g.sync_next() == 1
    assert g.sync_actions(1) == [Action(1, Kind.PLAY, cards("7H")), Action(1, Kind.PASS)]
    g.apply(Action(1, Kind.PASS))  # P2 lets this moment go
    assert g.sync_next() == 3 and Action(3, Kind.PASS) in g.sync_actions(3)
    g.apply(Action(3, Kind.PASS))
    assert g.sync_next() == 0 and state(g)["let_go"] == (1, 3)  # now the turn player
    assert Action(0, Kind.PLAY, cards("8S")) in g.sync_actions(0)
    g.apply(Action(0, Kind.DRAW))  # anything else is a new moment: everyone is asked again
    assert state(g)["let_go"] == () and g.turn == 1 and g.sync_next() == 3  # P2 is on turn now


def test_an_initial_2_makes_the_dealer_play_a_2_or_take_2():
    g = table([["2H", "9C", "10C"], HIGH[1], HIGH[2], HIGH[3]], "2C")
    assert (g.chain_links, g.chain_cards, g.turn) == (1, 2, 0)
    assert turn_kinds(g, 0) == [Action(0, Kind.PLAY, cards("2H")), Action(0, Kind.DRAW)]
    g.apply(Action(0, Kind.DRAW))
    assert len(g.hands[0]) == 5 and (g.chain_cards, g.turn) == (0, 0)  # then the dealer's turn


def test_stalling_costs_two_cards_and_the_turn_stays():
    g = table([["9C", "10H", "8H"], HIGH[1], HIGH[2], HIGH[3]], "8C", options={"turn_time_limit_s": 5})
    clock = RealtimeTable(g, {}, Timing(turn_ms=60_000, dobon_ms=60_000, window_ms=60_000))
    assert clock.tick(0) == [] and clock.tick(4_999) == []
    events = clock.tick(5_000)
    assert events[0] == TimedOut(0) and any(
        isinstance(e, Drew) and e.penalty and e.count == 2 for e in events
    )
    assert len(g.hands[0]) == 5 and g.turn == 0  # [JD21] 2 cards, and the turn stays
    assert all(
        a.kind is not Kind.TIMEOUT for a in table([["9C", "8H"], *HIGH[1:]], "8C").legal_actions(REFEREE)
    )


def test_a_match_played_to_a_time_ends_with_the_game_in_play_after_the_minimum_games():
    from game.headless import play as play_on
    from game.seats import make_seat

    options = {"games": 0, "time_limit_min": 1, "min_games": 2}
    g = table([["4D", "5S"], HIGH[1], HIGH[2], HIGH[3]], ["3C", "9C"], placer=1, options=options)
    clock = RealtimeTable(g, {}, Timing(turn_ms=60_000, dobon_ms=60_000, window_ms=60_000))
    assert clock.tick(0) == [] and clock.tick(60_000) == [TimeUp()] and g.time_up
    dobon(g, 0, "5S")
    settle(g)
    assert g.phase is Phase.ROUND_OVER  # 1 game of the 2 at least: the match goes on
    g.apply(Action(REFEREE, Kind.NEXT_ROUND))
    play_on(g, [make_seat("random", 1, s) for s in range(4)], 1)
    assert g.phase is Phase.MATCH_OVER and g.book._match(g).games == 2


def test_the_competition_rules_can_be_turned_off():
    # [JD10] off: simultaneous actions in arrival order (P3's placement first, then P2 is no longer on turn)
    g = table(
        [["7S", "9C", "10C"], ["9S", "KH", "QH"], ["7D", "KC", "QC"], HIGH[3]],
        "5S",
        options={"simultaneity_priority": False},
    )
    play(g, 0, "7S")
    placement, turn_play = Action(2, Kind.PLAY, cards("7D")), Action(1, Kind.PLAY, cards("9S"))
    first, second = g.apply_together([placement, turn_play])
    assert first.refused is None and "§3.3" in second.refused and g.field is card("7D") and g.turn == 3
    # [JD19] off: of several losers, the first clockwise from the dealer deals (no ranking, no draw)
    hands = [["3S", "4S"], ["AC", "2C", "4H", "6C"], ["7H", "8H"], ["7D", "8D"]]
    g = table(hands, "KD", deal=[4, 4, 12, 10], options={"multi_loser_dealer": False})
    dobon(g, 1, "6C")
    settle(g)
    assert g.parent == 0 and not any(isinstance(e, SeatsDrawn) for e in g.events)
    # §1 off: no seat draw; seat-number order, the first dealer is first_parent
    g = Game(make_rules("jda", 3, {"seat_draw": False, "first_parent": 2}, developing=True), 5)
    assert g.seating == (0, 1, 2) and g.parent == g.turn == 2
    assert not any(isinstance(e, SeatsDrawn) for e in g.events)
    # reseating off: a completed lap keeps the seats
    g = table(hands, "KD", deal=[8, 6, 12, 10], options={"reseat_on_lap": False})
    dobon(g, 1, "6C")
    settle(g)
    g.apply(Action(REFEREE, Kind.NEXT_ROUND))
    assert g.seating == (0, 1, 2, 3) and g.parent == 2


def test_jda_is_playable():
    from game.rules import DEVELOPING, PLANNED, PRESETS

    assert (
        "jda" in PRESETS and "jda" not in DEVELOPING and "jda" not in PLANNED
    )  # issue 15: its table is done
    rules = make_rules("jda", 4)
    assert (rules.players, rules.games, rules.gaeshi_max_ms, rules.turn_time_limit_s) == (4, 10, 10000, 0)
    with pytest.raises(ValueError, match="2-4 players"):
        make_rules("jda", 5, developing=True)


def test_the_public_state_restores_a_round_in_a_gaeshi():
    g = table([["9C", "10H", "8H"], HIGH[1], ["4D", "5S"], ["2C", "3H"]], "8C")
    play(g, 0, "9C")
    dobon(g, 2, "5S")
    g.apply(Action(3, Kind.PASS, flag=True))
    public = state(g)
    assert public == {
        "placer": 0,
        "dobons": ((2, card("5S")),),
        "thrown": (3,),
        "let_go": (),
        "next_dealer": REFEREE,  # settled with the result: none yet
        "reseat": False,
        "games_needed": 0,  # the match is not played to a time
    }
    twin = g.clone(1)
    twin.book.restore_round(twin, dict(public))
    assert twin.book.public_state(twin) == public and repr(twin.ext) == repr(g.ext)
