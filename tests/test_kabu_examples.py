"""Scenario tests for the `kabu` preset: one test per worked example 1..21 of shared/rules/kabu.md §8 (with
the rules of §1-§6 and the decisions [Dn] of §7 they rely on), then bad input, the okoshi 2, the empty
hand, the registry and a whole match played headless to its end.

Every example starts from an explicit position, written as a scenario (tests/positions.py, read by
game.scenario through the registry of presets in development): seats 0, 1, 2 ... are the spec's A, B,
C ... in turn order, A the parent unless said. The field pile is the okoshi-fuda (6 unless the example
names another) and, on top, a card that admits the example's first play: a position whose field holds
more than the okoshi-fuda is past the pre-play window. Each seat's extra cards E and laps are the match
state. Plain numbers get a free copy of their card (`3`, `3#2` ...); `1R` and `4S` are the specials.
Bystanders hold totals past 13, so they can never dobon, and pass. From there only the example's own
actions are played, through the public API: `apply`, `refusal`, `legal_actions`, `state_key`,
`result`, the standings, the events.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import scenario

from game import REFEREE, Action, IllegalAction, Kind, deck
from game.engine import Game
from game.events import DobonCalled, Drew, Ending, MatchEnded, RoundEnded, WindowOpened, event_from_json
from game.headless import play as play_headless
from game.phase import Phase
from game.rules import DEVELOPING, PRESETS, make_rules
from game.rules.kabu import DealExhausted, FourShown, NoTrump, ParentDrawn, matches
from game.scenario import parse
from game.seats import make_seat
from game.seats.determinize import determinize

DECK = deck("kabufuda")


# ---------------------------------------------------------------------------------------------- helpers


def _copies(number: str) -> list[str]:
    n = int(number)
    count = 3 if n in (1, 4) else 4  # the fourth 1 is 1R, the fourth 4 is 4S
    return [number] + [f"{number}#{k}" for k in range(2, count + 1)]


class Codes:
    """Card codes handed out in order: a plain number takes its next free copy; `1R`, `4S` and codes
    with a copy suffix are taken as written."""

    def __init__(self, *reserved: str):
        self.used = set(reserved)

    def __call__(self, items) -> list[str]:
        out = []
        for item in map(str, items):
            if not item.isdigit():
                out.append(item)
                continue
            code = next(c for c in _copies(item) if c not in self.used)
            self.used.add(code)
            out.append(code)
        return out


def table(hands, field=("6", "8"), *, turn=0, extra=None, laps=None, draws=(), chain=None, **kw):
    """A `kabu` game standing at the position (hands in seat order, A first). Returns the game and a
    function giving the codes of further plain numbers (cards named nowhere yet)."""
    explicit = [str(c) for group in (field, *hands, draws) for c in group if not str(c).isdigit()]
    code = Codes(*explicit)
    field_codes = code(field)
    hand_codes = [code(h) for h in hands]
    draw_codes = code(draws)
    n = len(hands)
    data = scenario("kabu", hand_codes, field_codes, draws=draw_codes, chain=chain, turn=turn, **kw)
    state = {"laps": laps or [0] * n, "extra": extra or [0] * n, "matches": kw.pop("matches", 0)}
    data["match"] = {"parent": turn, "state": state, **data.get("match", {})}
    return parse(data).game()


def card(code):
    return DECK.card(code)


def held(g, seat, number):
    """The card of that number in the seat's hand (the first, if several)."""
    return next(c for c in g.hands[seat] if c.code.split("#")[0] == str(number))


def cards_of(g, seat, *numbers):
    """Cards of the seat's hand by number (`1R`, `4S` by code), in hand order."""
    pool = list(g.hands[seat])
    out = []
    for number in map(str, numbers):
        found = next(
            c for c in pool if (c.code == number) or (number.isdigit() and c.code.split("#")[0] == number)
        )
        pool.remove(found)
        out.append(found)
    return tuple(sorted(out))


def play(g, seat, *numbers):
    g.apply(Action(seat, Kind.PLAY, cards_of(g, seat, *numbers)))
    assert g.window is not None and g.phase is Phase.REACTION  # every play opens a window (§4.2, D9)


def dobon(g, seat, target):
    """`seat` declares dobon on the window's card `target` (a number, or a code)."""
    want = str(target)
    hit = next(c for c in g.window.cards if c.code == want or c.code.split("#")[0] == want)
    g.apply(Action(seat, Kind.DOBON, (hit,)))


def trump(g, seat, *numbers):
    assert g.turn == seat and g.window is None and state(g)["stage"] == "trump"
    g.apply(Action(seat, Kind.PLAY, cards_of(g, seat, *numbers)))


def pass_all(g, *, unable=True):
    """Every seat still asked about the open window passes; `unable`: none of them could declare."""
    while g.window is not None and g.window.pending:
        seat = g.window.pending[0]
        if unable:
            assert not any(a.kind is Kind.DOBON for a in g.legal_actions(seat)), f"seat {seat} could dobon"
        g.apply(Action(seat, Kind.PASS))


def state(g):
    return g.book.public_state(g)


def standing(g, seat):
    """(laps, E) of `seat`, as the standings say."""
    score = g.standings()[seat]
    return (score["laps"], score["extra"])


def lines(g, loser=None):
    """The round's score lines as {item: value} (of one loser's lines, if named)."""
    return {
        line.item: line.value
        for line in g.result.lines
        if loser is None or (line.seat == loser and line.item not in ("laps", "extra"))
    }


def refused(g, action):
    """`action` is illegal: refused with a reason, applying it raises and changes nothing. The reason."""
    before = g.state_key()
    reason = g.refusal(action)
    assert reason and action not in g.legal_actions(action.seat)
    with pytest.raises(IllegalAction) as error:
        g.apply(action)
    assert error.value.reason == reason and g.state_key() == before
    return reason


def turn_plays(g, seat):
    """The seat's legal turn actions as sorted number tuples ("draw" for the draw)."""
    out = set()
    for a in g.legal_actions(seat):
        if a.kind is Kind.DRAW:
            out.add("draw")
        elif a.kind is Kind.PLAY:
            out.add(tuple(sorted(c.rank for c in a.cards)))
    return out


HIGH = [[9, 8], [7, 9], [8, 7], [9, 7]]  # totals 15-17: never dobon (§2)


# ---------------------------------------------------------------------------------------------- examples


def test_example_1_play_legality():
    g = table([[3, 4, 6, 8, 10], HIGH[0]], field=("6", "7"))
    assert turn_plays(g, 0) == {(3,), (10,), (3, 4), "draw"}
    for number in (4, 6, 8):
        reason = refused(g, Action(0, Kind.PLAY, cards_of(g, 0, number)))
        assert "parity" in reason and "§3.2" in reason


def test_example_2_after_a_set_play():
    g = table([[3, 4, 9], [2, 6, 1, 9], [8, 8]], field=("6", "7"))
    play(g, 0, 3, 4)
    pass_all(g)
    assert g.turn == 1 and state(g)["last_play"] == cards_of_field(g, 2)
    assert turn_plays(g, 1) == {(1,), (2,), (6,), (9,), (1, 2), "draw"}
    reason = refused(g, Action(1, Kind.PLAY, cards_of(g, 1, 1, 6)))
    assert "ONE card" in reason and "D3" in reason


def cards_of_field(g, count):
    return tuple(g.discard[-count:])


def test_example_3_two_chain():
    g = table([[2, 5, 9], [2, 8, 9], [9, 7]], field=("6", "7"), draws=(1, 1, 10, 8))
    play(g, 0, 2, 5)  # {2,5} on 7: k = 1
    pass_all(g)
    assert (g.chain_links, g.chain_cards) == (1, 2) and g.turn == 1
    assert turn_plays(g, 1) == {(2,), "draw"}  # B is forced: only 2s, or the draw
    play(g, 1, 2)  # k = 2
    pass_all(g)
    assert (g.chain_links, g.chain_cards) == (2, 4) and g.turn == 2
    assert turn_plays(g, 2) == {"draw"}  # C has no 2
    g.apply(Action(2, Kind.DRAW))
    drew = [e for e in g.events if isinstance(e, Drew)][-1]
    assert drew.count == 4 and drew.penalty
    assert (g.chain_links, g.chain_cards) == (0, 0) and g.turn == 2  # k resets [D6]; C then acts
    # F = {2}: even cards, the 10, or a set {1,1}
    assert turn_plays(g, 2) == {(8,), (10,), (1, 1), "draw"}


def test_example_4_forced_holding_a_10():
    g = table([HIGH[0], [10, 6], HIGH[2]], field=("6", "2"), turn=1, chain=(1, 2), draws=(9, 7))
    for number in (10, 6):
        reason = refused(g, Action(1, Kind.PLAY, cards_of(g, 1, number)))
        assert "only 2s" in reason and "D5" in reason
    assert turn_plays(g, 1) == {"draw"}
    g.apply(Action(1, Kind.DRAW))
    assert len(g.hands[1]) == 4 and g.turn == 1
    assert {(10,), (6,)} <= turn_plays(g, 1)


@pytest.mark.parametrize(
    ("hand", "hits"),
    [
        ([3, 5], {8}),
        ([10, 10, 10], {10}),  # T = 0: a hand of only 10s
        ([5, 6], {1}),  # T = 11
        ([9, 5], set()),  # T = 14: never
        ([6, 4], {10}),  # T = 10: only on 10
    ],
)
def test_example_5_dobon_totals(hand, hits):
    hand_cards = [card(c) for c in Codes()(hand)]
    assert {c for c in range(1, 11) if matches(hand_cards, card(str(c)))} == hits
    for number in range(1, 11):  # the same through the game: seat 1 is offered a dobon on A's card
        g = table([[number, 9, 9], hand], field=("6", "7" if number % 2 else "8"))
        play(g, 0, number)
        offered = [a for a in g.legal_actions(1) if a.kind is Kind.DOBON]
        assert bool(offered) == (number in hits), (hand, number)


def test_example_6_dobon_on_a_set():
    g = table([[3, 5, 9], [1, 2], [6, 7], [8], [4, 1]], field=("6", "8"))
    play(g, 0, 3, 5)
    target = {s: {a.cards[0].rank for a in g.legal_actions(s) if a.kind is Kind.DOBON} for s in range(1, 5)}
    assert target == {1: {3}, 2: {3}, 3: set(), 4: {5}}  # totals 3, 13, 8, 5: never their sum 8
    reason = refused(g, Action(3, Kind.DOBON, (held_field(g, 3),)))
    assert "does not match" in reason


def held_field(g, number):
    return next(c for c in g.window.cards if c.rank == number)


@pytest.mark.parametrize(("b_extra", "b_after"), [(0, 0), (3, 1)])
def test_example_7_basic_score(b_extra, b_after):
    g = table([[2, 7, 9, 6, 8], [3, 5], HIGH[1]], field=("6", "4"), extra=[0, b_extra, 0])
    play(g, 0, 8)
    dobon(g, 1, 8)
    pass_all(g)
    trump(g, 1, 3)
    pass_all(g)
    assert g.result.ending is Ending.DOBON and g.result.winners == (1,) and g.result.losers == (0,)
    got = lines(g, 0)
    assert got["base"] == 1 and got["trumps"] == 0 and got["their_cards"] == 2 and got["points"] == 3
    assert standing(g, 0) == (0, 3) and standing(g, 1) == (0, b_after)  # next hands 7, and 4 + E
    assert g.book.hand_sizes(g)[0] == 7


def test_example_8_rich_score():
    g = table([[7, 8, 9, 10], [10, 10, 3, 3, 4], HIGH[1]], field=("10", "5"))
    play(g, 0, 10)
    dobon(g, 1, 10)
    pass_all(g)
    trump(g, 1, 4)
    pass_all(g)
    got = lines(g, 0)
    expected = {"base": 1, "trumps": 0, "own_cards": 2, "groups": 4, "their_cards": 1, "tens": 2}
    expected |= {"last_ten": 5, "okoshi_ten": 10, "gaeshi": 1, "hand_specials": 1, "card_specials": 1}
    expected |= {"single_pin": 1, "points": 25}
    assert got == expected
    assert standing(g, 0) == (4, 1)


def _example_9(c_trump):
    g = table([[5, 8, 7], [3, 4], [1, 3]], field=("6", "5"))
    play(g, 0, 7)  # A keeps [5,8], T = 13
    dobon(g, 1, 7)
    pass_all(g)
    trump(g, 1, 4)  # B keeps [3]
    dobon(g, 2, 4)  # C (T = 4) gaeshis on the 4
    pass_all(g)
    # every hand is face up, and A's 13 matches C's 3: C must put out a trump (§4.3, D12)
    assert g.turn == 2 and g.window is None
    reason = refused(g, Action(2, Kind.DRAW))
    assert "at least one trump" in reason
    trump(g, 2, c_trump)
    return g


def test_example_9_gaeshi():
    g = _example_9(1)  # C keeps [3]
    pass_all(g)
    assert g.result.ending is Ending.GAESHI and g.result.winners == (2,) and g.result.losers == (1,)
    got = lines(g, 1)
    assert got["gaeshi"] == 2 and got["points"] == 2
    assert standing(g, 1) == (0, 2)


def test_example_9_variant_second_gaeshi():
    g = _example_9(3)  # C keeps [1]
    assert g.window.pending == [0, 1]
    dobon(g, 0, 3)  # A (T = 13) gaeshis on the 3
    g.apply(Action(1, Kind.PASS))  # B (T = 3) could too, and passes
    # nothing matches A's [5,8]: no trump, A wins from C with n = 2
    assert any(isinstance(e, NoTrump) and e.seat == 0 for e in g.events)
    assert g.result.winners == (0,) and g.result.losers == (2,)
    got = lines(g, 2)
    assert got["gaeshi"] == 4 and got["points"] == 4
    assert standing(g, 2) == (0, 4)


@pytest.mark.parametrize(("pin", "points", "after"), [("1", 20, (3, 2)), ("1R", 100, (16, 4))])
def test_example_10_single_pin(pin, points, after):
    g = table([["1#3", 5, 6, 9], [pin], HIGH[1]], field=("6", "3"))
    play(g, 0, 1)
    dobon(g, 1, 1)
    pass_all(g)
    # a single pin puts out no trump and cannot be answered (§4.5, D17): no window follows
    assert any(isinstance(e, NoTrump) and e.why == "single_pin" for e in g.events)
    assert g.phase is Phase.ROUND_OVER and g.extra["trumps/1"] == []
    got = lines(g, 0)
    assert got["single_pin"] == 10 and got["points"] == points
    assert standing(g, 0) == after


def test_example_11_specials():
    g = table([["1R", 7, 2, 9], [4, 5], HIGH[1]], field=("4S", "3"))
    play(g, 0, 9)
    dobon(g, 1, 9)
    pass_all(g)
    trump(g, 1, 5)
    pass_all(g)
    got = lines(g, 0)
    assert got["hand_specials"] == 5 and got["card_specials"] == 4 and got["points"] == 40
    assert standing(g, 0) == (6, 4)


def test_example_12_trump_exception():
    g = table([[6, 2, 9], [4, 5]], field=("6", "3"))
    play(g, 0, 9)
    dobon(g, 1, 9)
    assert g.phase is Phase.ROUND_OVER  # no trump, so no window: resolved at once
    assert any(isinstance(e, NoTrump) and e.why == "nobody_can_answer" for e in g.events)
    got = lines(g, 0)
    assert got["trumps"] == 0 and got["points"] == 1


def test_example_13_first_card_dobon():
    g = table([HIGH[0], HIGH[1], [3, 5, 10, 10], [7, 8]], field=("8",), extra=[0, 0, 3, 0])
    assert state(g)["stage"] == "pre_play" and g.window.placer == REFEREE
    assert g.window.pending == [0, 1, 2, 3]  # every seat, from the parent on
    refused(g, Action(0, Kind.DRAW))  # turns wait for the pre-play window (D9)
    g.apply(Action(0, Kind.PASS))
    g.apply(Action(1, Kind.PASS))
    dobon(g, 2, 8)
    g.apply(Action(3, Kind.PASS))
    trump(g, 2, 3)
    pass_all(g)
    assert g.result.winners == (2,) and set(g.result.losers) == {0, 1, 3}
    for loser in (0, 1, 3):
        got = lines(g, loser)
        assert got["base"] == 5 and got["own_cards"] == 1 and got["groups"] == 2 and got["tens"] == 2
        assert got["their_cards"] == 0 and got["points"] == 10
        assert standing(g, loser) == (1, 4)
        assert loser not in g.revealed  # the losers stay hidden (D27)
    assert standing(g, 2) == (0, 1)
    assert g.parent == 3  # the loser nearest the winner (D24)


def test_example_14_four_of_a_kind():
    g = table([[7, 7, 7, 7, 10], HIGH[0], [8, 8]], field=("6",), extra=[1, 0, 2])
    reveal = Action(0, Kind.DECLARE, amount=1)
    assert reveal in g.legal_actions(0)
    g.apply(reveal)
    assert any(isinstance(e, FourShown) for e in g.events)
    pass_all(g)
    assert g.result.ending is Ending.FOUR_OF_A_KIND
    assert lines(g, 1)["points"] == 155 and lines(g, 2)["points"] == 155
    assert standing(g, 1) == (25, 5) and standing(g, 2) == (26, 1)
    assert standing(g, 0) == (0, 1)  # the revealer keeps E (D20)


def test_example_14_a_first_card_dobon_takes_priority_over_four_of_a_kind():
    """Source over spec: 「…4枚揃って公開した人がいた場合はこちらを優先する」 in the first-card dobon clause
    gives that dobon priority (the spec said four of a kind overrides it)."""
    g = table([[7, 7, 7, 7, 10], [6], [8, 8]], field=("6",))
    g.apply(Action(0, Kind.DECLARE, amount=1))
    dobon(g, 1, 6)
    g.apply(Action(2, Kind.PASS))
    trump(g, 1, 6)  # B's single 6 is not a pin: it must put out a trump, and nobody can answer it
    pass_all(g)
    assert g.result.ending is Ending.DOBON
    assert g.result.winners == (1,) and set(g.result.losers) == {0, 2}
    assert lines(g, 0)["base"] == 5


def test_example_15_stock_exhaustion():
    g = table(
        [[10, 2, 5], [9, 9, 8, 8], ["1R", 10, 3, 3, 3, 8, 6]],
        field=("6", "5"),
        turn=1,
        extra=[2, 0, 0],
        draws=(7,),
        rest="field",
    )
    assert len(g.stock) == 1
    g.apply(Action(1, Kind.DRAW))  # the last card: the stock is empty, the match ends
    assert g.result.ending is Ending.EXHAUSTION and g.result.winners == (0,) and g.result.losers == (2,)
    got = lines(g, 2)
    assert got["cards_apart"] == 4 and got["tens"] == 2 and got["hand_specials"] == 5 and got["points"] == 30
    assert standing(g, 2) == (5, 0)
    assert standing(g, 0) == (0, 2)  # no -2 outside dobon (D20)


def test_example_15_tied_exhaustion_is_void():
    g = table(
        [[10, 2, 5], [9, 9], ["1R", 10, 3, 3, 3, 8, 6]],
        field=("6", "5"),
        turn=1,
        extra=[2, 0, 0],
        draws=(7,),
        rest="field",
    )
    g.apply(Action(1, Kind.DRAW))
    assert g.result.ending is Ending.VOID and g.result.deltas == (0, 0, 0)
    assert [standing(g, s) for s in range(3)] == [(0, 2), (0, 0), (0, 0)]
    assert g.parent == 1  # the same parent deals again (D24)


def test_example_16_twelve_card_rule():
    hand = [3, 3, 5, 5, 7, 7, 9, 9, 1, 1]
    g = table([HIGH[0], hand, [8, 6]], field=("6", "2"), turn=1, chain=(2, 4), draws=(10, 10, 10, 10))
    g.apply(Action(1, Kind.DRAW))
    drew = [e for e in g.events if isinstance(e, Drew)][-1]
    assert drew.count == 2 and len(g.hands[1]) == 12 and len(g.stock) >= 2  # stopped at the 2nd card
    assert g.result.ending is Ending.TWELVE_CARDS and g.result.losers == (1,)
    assert standing(g, 1) == (10, 0) and standing(g, 0) == (0, 0) and standing(g, 2) == (0, 0)
    assert g.parent == 1  # that player deals next (D24)


def test_example_17_deal_exhaustion():
    g = Game(make_rules("kabu", 6, developing=True), 3, deal=False)
    g.match_ext.extra = [5, 5, 4, 3, 0, 0]  # 24 + 17 = 41 cards needed
    g.start_round()
    assert any(isinstance(e, DealExhausted) for e in g.events)
    assert [len(h) for h in g.hands] == [4] * 6
    assert [standing(g, s) for s in range(6)] == [(1, 0)] * 6


def test_example_17_a_deal_leaving_no_stock_is_deal_exhaustion():
    g = Game(make_rules("kabu", 6, developing=True), 3, deal=False)
    g.match_ext.extra = [5, 5, 5, 0, 0, 0]  # 39 cards: the okoshi-fuda would take the last one (D22)
    g.start_round()
    assert any(isinstance(e, DealExhausted) for e in g.events)
    g = Game(make_rules("kabu", 6, developing=True), 3, deal=False)
    g.match_ext.extra = [5, 5, 4, 0, 0, 0]  # 38 cards: one stock card is left
    g.start_round()
    assert not any(isinstance(e, DealExhausted) for e in g.events)
    assert [len(h) for h in g.hands] == [9, 9, 8, 4, 4, 4] and len(g.stock) == 1


def test_example_18_simultaneous_dobons():
    g = table([[6, 8, 9, 3], [2, 4], [1, 5], [7, 9]], field=("6", "8"))
    play(g, 0, 6)
    dobon(g, 1, 6)
    dobon(g, 2, 6)
    pass_all(g)
    trump(g, 1, 4)  # in turn order from the player dobon'd
    trump(g, 2, 5)
    w = g.window  # one combined window on both trump plays
    assert [c.rank for c in w.cards] == [4, 5] and w.owners == (1, 2)
    opened = [e for e in g.events if isinstance(e, WindowOpened)][-1]
    assert opened.owners == (1, 2) and event_from_json(opened.to_json(), DECK) == opened
    pass_all(g)
    assert g.result.winners == (1, 2) and g.result.losers == (0,)
    points = [line.value for line in g.result.lines if line.item == "points"]
    assert points == [2, 2]
    assert standing(g, 0) == (0, 4)


def test_example_19_mutual_gaeshi_is_void():
    g = table([[7, 9, 9], [3, 4], [3, 4], [8, 7]], field=("6", "5"))
    play(g, 0, 7)
    dobon(g, 1, 7)
    dobon(g, 2, 7)
    pass_all(g)
    trump(g, 1, 3)  # B keeps [4]
    trump(g, 2, 4)  # C keeps [3]
    assert g.window.owners == (1, 2)
    own = Action(1, Kind.DOBON, (g.window.cards[0],))
    assert "your own card" in refused(g, own)
    g.apply(Action(1, Kind.DOBON, (g.window.cards[1],)))  # B dobons C's 4
    g.apply(Action(2, Kind.DOBON, (g.window.cards[0],)))  # C dobons B's 3
    pass_all(g)
    assert g.result.ending is Ending.VOID
    assert [standing(g, s) for s in range(4)] == [(0, 0)] * 4


def test_example_20_ranking():
    g = table(
        [[7, 8], [4, 5], [6, 2, 9]],
        field=("6", "3"),
        turn=2,
        laps=[12, 12, 19],
        extra=[2, 3, 0],
        options={"max_matches": 1},
    )
    play(g, 2, 9)
    g.apply(Action(0, Kind.PASS))
    dobon(g, 1, 9)
    trump(g, 1, 5)
    pass_all(g)
    assert [standing(g, s) for s in range(3)] == [(12, 2), (12, 1), (19, 1)]
    assert g.phase is Phase.MATCH_OVER
    ended = [e for e in g.events if isinstance(e, MatchEnded)][-1]
    assert ended.ranks == (2, 1, 3)  # Y, X, Z (D25)


def test_example_21_carry():
    g = table([[6, 2, 9], [4, 5]], field=("6", "3"), extra=[5, 0])
    play(g, 0, 9)
    dobon(g, 1, 9)
    assert lines(g, 0)["points"] == 1
    assert standing(g, 0) == (1, 0)  # 5 + 1 = 6: one lap, the die shows 6 (no extra)


# ---------------------------------------------------------------------------------------------- rules around the examples


def test_an_okoshi_2_forces_the_parent():
    g = table([[2, 9, 9], HIGH[1], HIGH[2]], field=("2",))
    pass_all(g)
    assert (g.chain_links, g.chain_cards) == (1, 2) and g.turn == 0
    assert turn_plays(g, 0) == {(2,), "draw"}


def test_a_forced_player_may_play_several_2s_summing_to_a_field_card():
    """D7: after {2,4} (k = 1), {2,2} sums to the 4: legal, and k grows by 2."""
    g = table([[2, 4, 9], [2, 2, 9], HIGH[2]], field=("6",))
    pass_all(g)
    play(g, 0, 2, 4)
    pass_all(g)
    assert turn_plays(g, 1) == {(2,), (2, 2), "draw"}
    play(g, 1, 2, 2)
    pass_all(g)
    assert (g.chain_links, g.chain_cards) == (3, 6) and g.turn == 2


def test_an_empty_hand_draws_and_cannot_dobon():
    g = table([[8], [10, 9], [1, 2]], field=("6", "4"))
    play(g, 0, 8)  # the last card: legal, not a win (D8)
    pass_all(g)
    assert g.hands[0] == [] and g.phase is Phase.TURN
    play(g, 1, 10)
    assert g.window.pending == [2, 0]
    assert not [a for a in g.legal_actions(0) if a.kind is Kind.DOBON]
    reason = refused(g, Action(0, Kind.DOBON, (g.window.cards[0],)))
    assert "empty hand" in reason
    pass_all(g)
    g.apply(Action(2, Kind.DRAW))
    assert turn_plays(g, 0) == {"draw"}  # an empty hand must draw


def test_no_dobon_on_your_own_play_and_skipping_does_not_bar_a_later_dobon():
    g = table([[3, 9, 9], [1, 2, 10], [3, 7, 8]], field=("6", "5"))
    play(g, 0, 3)
    assert "own card" in refused(g, Action(0, Kind.DOBON, (g.window.cards[0],)))
    assert [a.kind for a in g.legal_actions(1) if a.kind is Kind.DOBON] == [Kind.DOBON]
    pass_all(g, unable=False)  # B (T = 3) lets it go
    play(g, 1, 10)  # B keeps [1,2]
    pass_all(g)
    play(g, 2, 3, 7)  # a set summing to the 10
    dobon(g, 1, 3)  # no furiten: the pass barred nothing (§4.1)
    assert g.window is not None and g.window.calls


def test_turns_are_frozen_while_a_window_is_open():
    g = table([[3, 7, 9], [4, 6], HIGH[2]], field=("6", "5"))
    play(g, 0, 3)
    reason = refused(g, Action(1, Kind.PLAY, cards_of(g, 1, 4)))
    assert "window" in reason


def test_bad_input_is_refused_with_its_rule_and_changes_nothing():
    g = table([[3, 4, 6, 8, 10, 1], [2, 9], HIGH[2]], field=("6", "7"))
    assert "not in your hand" in refused(g, Action(0, Kind.PLAY, (held(g, 1, 2),)))
    assert "parity" in refused(g, Action(0, Kind.PLAY, cards_of(g, 0, 8)))
    assert "add up to a field card" in refused(g, Action(0, Kind.PLAY, cards_of(g, 0, 3, 6)))
    assert "order of your hand" in refused(g, Action(0, Kind.PLAY, tuple(reversed(cards_of(g, 0, 3, 4)))))
    assert "named twice" in refused(g, Action(0, Kind.PLAY, (held(g, 0, 3), held(g, 0, 3))))
    assert "draw names nothing" in refused(g, Action(0, Kind.DRAW, cards_of(g, 0, 3)))
    assert "turn" in refused(g, Action(1, Kind.PLAY, cards_of(g, 1, 9)))
    assert "nothing else" in refused(g, Action(0, Kind.DECLARE, amount=1, flag=True))
    assert "pre-play" in refused(g, Action(0, Kind.DECLARE, amount=1))
    assert "no card to call dobon on" in refused(g, Action(1, Kind.DOBON, (g.field,)))
    play(g, 0, 1, 6)
    assert "never their sum" in refused(g, Action(1, Kind.DOBON, tuple(g.window.cards)))
    assert "not a card of the play" in refused(g, Action(1, Kind.DOBON, (held(g, 1, 2),)))
    assert "totals 11" in refused(g, Action(1, Kind.DOBON, (g.window.cards[1],)))
    # a forced player: only 2s; a 10 must wait (D5)
    g = table([[10, 2, 2, 3], HIGH[1], HIGH[2]], field=("6", "2"), chain=(1, 2))
    assert "only 2s" in refused(g, Action(0, Kind.PLAY, cards_of(g, 0, 10)))
    assert "several 2s" in refused(g, Action(0, Kind.PLAY, cards_of(g, 0, 2, 2)))
    # four of a kind: only with four, only in the pre-play window
    g = table([[7, 7, 7, 9], HIGH[0], [8, 8]], field=("6",))
    assert "no four cards" in refused(g, Action(0, Kind.DECLARE, amount=1))


def test_a_trump_names_cards_of_the_declarers_hand():
    g = table([[2, 7, 9, 6, 8], [3, 5], HIGH[1]], field=("6", "4"))
    play(g, 0, 8)
    dobon(g, 1, 8)
    pass_all(g)
    assert "not in your hand" in refused(g, Action(1, Kind.PLAY, (held(g, 0, 2),)))
    assert "turn" in refused(g, Action(0, Kind.PLAY, cards_of(g, 0, 2)))
    assert "at least one trump" in refused(g, Action(1, Kind.DRAW))
    assert "names the card" in refused(g, Action(1, Kind.PLAY, ()))


# ---------------------------------------------------------------------------------------------- the preset


def test_kabu_is_playable():
    """Issue 16: the table plays kabu end to end, so it is a preset like the others."""
    assert "kabu" in PRESETS and "kabu" not in DEVELOPING
    assert make_rules("kabu", 4).preset == "kabu"
    rules = make_rules("kabu", 6, developing=True)
    assert rules.deck == "kabufuda" and len(deck(rules.deck)) == 40
    with pytest.raises(ValueError, match="2-6 players"):
        make_rules("kabu", 7, developing=True)
    with pytest.raises(ValueError, match="needs an end"):
        make_rules("kabu", 4, {"max_matches": 0, "lap_limit": 0}, developing=True)


def test_hands_are_4_plus_the_extra_cards():
    g = Game(make_rules("kabu", 3, developing=True), 5, deal=False)
    g.match_ext.extra = [0, 3, 5]
    g.start_round()
    assert [len(h) for h in g.hands] == [4, 7, 9] and len(g.stock) == 40 - 20 - 1
    assert g.window is not None and g.window.placer == REFEREE  # the pre-play window on the okoshi-fuda
    opened = [e for e in g.events if isinstance(e, WindowOpened)]
    assert opened[-1].cards == (g.discard[0],)


@pytest.mark.parametrize(("mult", "factor", "points"), [("linear", 6, 120), ("doubling", 8, 160)])
def test_a_chain_of_three_gaeshi_multiplies_by_6_or_by_8_as_an_option(mult, factor, points):
    """D16: the source's 「(ドボン返しをした回数)×2倍」 read literally gives ×6 for a third gaeshi (×2^n is
    the option `gaeshi_mult` "doubling"). The chain ends on a single pin, which no one may answer."""
    g = table([[7, 1, 2, 10], [3, 4], [1, 3]], field=("6", "5"), options={"gaeshi_mult": mult})
    play(g, 0, 7)
    dobon(g, 1, 7)  # B (T = 7)
    pass_all(g)
    trump(g, 1, 4)  # B keeps [3]
    dobon(g, 2, 4)  # C (T = 4): gaeshi 1
    pass_all(g)
    trump(g, 2, 3)  # A's 3 matches C's 3, so C must put out a trump; C keeps [1]
    dobon(g, 0, 3)  # A (T = 3): gaeshi 2
    g.apply(Action(1, Kind.PASS))  # B (T = 3) could too
    trump(g, 0, 1)  # C's 1 matches A's 1, so A must put out a trump; A keeps [2, 10]
    g.apply(Action(1, Kind.PASS))
    dobon(g, 2, 1)  # C (T = 1): gaeshi 3, with a single pin
    assert g.result.ending is Ending.GAESHI and g.result.winners == (2,) and g.result.losers == (0,)
    got = lines(g, 0)
    assert got["gaeshi"] == factor and got["single_pin"] == 10 and got["tens"] == 1
    assert got["points"] == points
    with pytest.raises(ValueError, match="gaeshi_mult"):
        make_rules("kabu", 4, {"gaeshi_mult": "cubic"}, developing=True)


def test_the_first_parent_is_drawn_unless_turned_off():
    parents = set()
    for seed in range(12):
        g = Game(make_rules("kabu", 4, developing=True), seed)
        drawn = [e for e in g.events if isinstance(e, ParentDrawn)]
        assert len(drawn) == 1 and drawn[0].seat == g.parent == g.turn
        parents.add(g.parent)
    assert len(parents) > 1
    g = Game(make_rules("kabu", 4, {"draw_parent": False, "first_parent": 2}, developing=True), 0)
    assert g.parent == 2 and not any(isinstance(e, ParentDrawn) for e in g.events)


def test_the_public_state_restores_a_round_in_trumps():
    g = table([[6, 8, 9, 3], [2, 4], [1, 5], [7, 9]], field=("6", "8"))
    play(g, 0, 6)
    dobon(g, 1, 6)
    dobon(g, 2, 6)
    pass_all(g)
    trump(g, 1, 4)
    public = g.book.public_state(g)
    twin = Game(g.rules, 0, deal=False)
    twin.book.restore_round(twin, public)
    assert twin.book.public_state(twin) == public


def test_an_ai_world_built_from_a_view_keeps_trumps_revealed_hands_and_the_combined_window():
    """determinize (the hard seat's sampled games) from a seat's view in kabu's combined trump window:
    every card once, the trump piles and revealed hands as they are, the window's owners, and the same
    legal actions as the real game for that seat."""
    g = table([[6, 8, 9, 3], [2, 4], [1, 5], [7, 9]], field=("6", "8"))
    play(g, 0, 6)
    dobon(g, 1, 6)
    dobon(g, 2, 6)
    pass_all(g)
    trump(g, 1, 4)
    trump(g, 2, 5)
    rng = random.Random(4)
    for seat in range(4):
        view = g.view(seat)
        for _ in range(5):
            world = determinize(view, rng)
            assert sorted(c.id for c in world.all_cards()) == list(range(40))
            assert (
                world.extra["trumps/1"] == g.extra["trumps/1"]
                and world.extra["trumps/2"] == g.extra["trumps/2"]
            )
            for known in (0, 1, 2):  # the dobon'd player and both declarers show their hands
                assert world.hands[known] == g.hands[known]
            assert world.window.owners == (1, 2)
            assert world.legal_actions(seat) == g.legal_actions(seat)
            assert world.book.public_state(world) == g.book.public_state(g)


@pytest.mark.parametrize("options", [{"max_matches": 4}, {"max_matches": 0, "lap_limit": 3}])
def test_a_whole_match_plays_headless_to_its_end(options):
    g = Game(make_rules("kabu", 4, options, developing=True), 21)
    seats = [make_seat(level, 21, s) for s, level in enumerate(["basic", "greedy", "random", "easy"])]
    for _ in range(200):
        if g.phase is Phase.MATCH_OVER:
            break
        play_headless(g, seats, 1)
    assert g.phase is Phase.MATCH_OVER
    ended = [e for e in g.events if isinstance(e, MatchEnded)]
    assert len(ended) == 1
    keys = [g.book.score_key(g, s) for s in range(4)]
    best = min(keys)
    assert all(rank == 1 for rank, key in zip(ended[0].ranks, keys, strict=True) if key == best)
    if "lap_limit" in options:
        assert max(s["laps"] for s in g.standings()) > 3
    else:
        counted = [e for e in g.events if isinstance(e, RoundEnded) and e.result.ending is not Ending.VOID]
        assert len(counted) == 4
    assert any(isinstance(e, DobonCalled) for e in g.events)


@settings(max_examples=15, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**31), choice=st.integers(0, 2**31))
def test_settlement_keeps_its_bounds_over_random_matches(players, seed, choice):
    """Over random play: every deal gives 4 + E cards (or 4 each after deal exhaustion); E stays 0..5,
    laps never fall; a round's deltas are the change of 6 × laps + E; a loser's settled points are the
    sum of its `points` lines; only dobon winners lose up to 2 extra cards."""
    g = Game(make_rules("kabu", players, {"max_matches": 6}, developing=True), seed)
    rng = random.Random(choice)
    before = [standing(g, s) for s in range(players)]
    for _ in range(3000):
        if g.phase is Phase.MATCH_OVER:
            break
        seat = g.sync_next()
        legal = g.sync_actions(seat) if seat != REFEREE else g.legal_actions(REFEREE)
        calls = [a for a in legal if a.kind in (Kind.DOBON, Kind.DECLARE)]
        g.apply(calls[0] if calls and rng.random() < 0.7 else rng.choice(list(legal)))
        if g.phase is Phase.ROUND_OVER or g.phase is Phase.MATCH_OVER:
            after = [standing(g, s) for s in range(players)]
            result = g.result
            for s in range(players):
                assert 0 <= after[s][1] <= 5 and after[s][0] >= before[s][0]
                assert result.deltas[s] == 6 * after[s][0] + after[s][1] - 6 * before[s][0] - before[s][1]
                received = sum(
                    line.value for line in result.lines if line.seat == s and line.item == "points"
                )
                if result.ending is not Ending.TWELVE_CARDS and s not in result.winners:
                    t = 6 * before[s][0] + before[s][1] + received
                    assert after[s] == (t // 6, t % 6)
                if after[s][1] < before[s][1] and after[s][0] == before[s][0]:
                    assert s in result.winners and result.ending in (Ending.DOBON, Ending.GAESHI)
            if g.phase is Phase.ROUND_OVER:
                dealt = g.apply(Action(REFEREE, Kind.NEXT_ROUND))
                if not any(isinstance(e, DealExhausted) for e in dealt):
                    assert [len(h) for h in g.hands] == [4 + e for _, e in after]
                before = [standing(g, s) for s in range(players)]


# ---------------------------------------------------------------------------------------------- D11's option

STAY = {"trumps_stay_in_hand": True}


def test_example_8_variant_trumps_that_stay_in_the_hand_are_scored_with_it():
    """D11's house rule: B's trump [4] is shown but still held, so A3 counts 5 cards, not 4: P = 26."""
    g = table([[7, 8, 9, 10], [10, 10, 3, 3, 4], HIGH[1]], field=("10", "5"), options=STAY)
    play(g, 0, 10)
    dobon(g, 1, 10)
    pass_all(g)
    trump(g, 1, 4)
    assert [c.rank for c in g.extra["trumps/1"]] == [4] and g.book.held(g, 1)[-1].rank == 4
    pass_all(g)
    got = lines(g, 0)
    assert got["own_cards"] == 3 and got["groups"] == 4 and got["tens"] == 2 and got["points"] == 26
    assert standing(g, 0) == (4, 2)  # 26 = 4 laps and 2 extra cards (25 without the option: 4, 1)


def test_example_9_variant_a_trump_that_stays_keeps_its_total():
    """Example 9's variant under the option: B's trump [4] stays in B's hand, so B's total is still 7 and
    B cannot answer C's 3 as it does when its trump leaves (T = 3); A alone answers it."""
    g = table([[5, 8, 7], [3, 4], [1, 3]], field=("6", "5"), options=STAY)
    play(g, 0, 7)
    dobon(g, 1, 7)
    pass_all(g)
    trump(g, 1, 4)
    dobon(g, 2, 4)  # C (T = 4) gaeshis on the 4
    pass_all(g)
    trump(g, 2, 3)  # C still holds [1, 3] (T = 4)
    assert g.window.pending == [0, 1]
    assert not any(a.kind is Kind.DOBON for a in g.legal_actions(1))  # B: 3 + 4 = 7 does not match 3
    assert "totals 7" in refused(g, Action(1, Kind.DOBON, (g.window.cards[0],)))
    dobon(g, 0, 3)
    pass_all(g)
    assert any(isinstance(e, NoTrump) and e.seat == 0 and e.why == "nobody_can_answer" for e in g.events)
    assert g.result.winners == (0,) and g.result.losers == (2,)
    got = lines(g, 2)
    assert got["gaeshi"] == 4 and got["their_cards"] == 0 and got["points"] == 4  # C holds 1 and 3


@pytest.mark.parametrize("stay", [False, True])
def test_a_card_is_a_trump_once_a_match_so_a_chain_that_could_loop_ends(stay):
    """B [2, 5] and C [7, 5]: B's 2 is hit by C's 12 and C's 7 by B's 7. With trumps staying in the hand
    their totals never change, so without a limit they could answer each other for ever; a card is a
    trump once (D11's reading), so B's second trump must be its 5, which A (T = 5) answers, and the
    chain ends there. When trumps leave the hand (the default), C's trump wins at once."""
    g = table([[7, 5], [2, 5], [7, 5]], field=("6", "5"), options={"trumps_stay_in_hand": stay})
    play(g, 0, 7)  # A keeps [5]
    dobon(g, 1, 7)  # B (T = 7)
    pass_all(g)
    trump(g, 1, 2)
    dobon(g, 2, 2)  # C (T = 12)
    pass_all(g)
    trump(g, 2, 7)  # B's 7 (or A's 5) could answer the 5: C must put out a trump (D12)
    if not stay:
        pass_all(g)  # B holds [5], C [5]: nobody answers the 7
        assert g.result.winners == (2,) and g.result.losers == (1,) and lines(g, 1)["points"] == 2
        return
    dobon(g, 1, 7)  # B (still 2 + 5 = 7) gaeshis back
    pass_all(g)
    assert g.turn == 1 and turn_plays(g, 1) == {(5,)}  # the 2 has been a trump: only the 5 is left
    two = g.extra["trumps/1"][0]
    assert "already one of your trumps" in refused(g, Action(1, Kind.PLAY, (two,)))
    trump(g, 1, 5)
    dobon(g, 0, 5)  # A (T = 5); C (T = 12) cannot
    pass_all(g)
    assert any(isinstance(e, NoTrump) and e.seat == 0 for e in g.events)
    assert g.result.winners == (0,) and g.result.losers == (1,)
    assert lines(g, 1)["gaeshi"] == 6 and lines(g, 1)["points"] == 6  # n = 3: ×6
    assert standing(g, 1) == (1, 0)


def test_a_declarer_whose_every_card_was_a_trump_puts_out_none():
    """Under the option, B put out both its cards; when B gaeshis back on C's 7 it has no card left that
    has not been a trump: no trump (A2 = 0), and B wins from C with n = 2."""
    g = table([[7, 9, 8], [2, 5], [7, 5]], field=("6", "5"), options=STAY)
    play(g, 0, 7)  # A keeps [9, 8]: never dobons
    dobon(g, 1, 7)
    pass_all(g)
    trump(g, 1, 2, 5)
    assert g.hands[1] == [] and matches(g.book.held(g, 1), card("7#2"))  # an empty hand/1 still totals 7
    dobon(g, 2, 2)
    pass_all(g)
    trump(g, 2, 7)
    dobon(g, 1, 7)
    pass_all(g)
    assert any(isinstance(e, NoTrump) and e.seat == 1 and e.why == "all_put_out" for e in g.events)
    assert g.result.winners == (1,) and g.result.losers == (2,)
    got = lines(g, 2)
    assert got["trumps"] == 0 and got["gaeshi"] == 4 and got["points"] == 4


@settings(max_examples=15, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**31), choice=st.integers(0, 2**31))
def test_with_trumps_staying_no_card_is_a_trump_twice_and_every_chain_ends(players, seed, choice):
    """Random play under the option: within a match no card goes onto a trump pile twice, so the trump
    plays of a match are at most the 40 cards, and every match ends (a chain of gaeshi is finite)."""
    g = Game(make_rules("kabu", players, {"max_matches": 4, **STAY}, developing=True), seed)
    rng = random.Random(choice)
    trumps: list[int] = []
    read = 0
    for _ in range(3000):
        if g.phase is Phase.MATCH_OVER:
            break
        seat = g.sync_next()
        legal = g.sync_actions(seat) if seat != REFEREE else g.legal_actions(REFEREE)
        calls = [a for a in legal if a.kind is Kind.DOBON]
        g.apply(calls[0] if calls and rng.random() < 0.8 else rng.choice(list(legal)))
        for event in g.events[read:]:
            if isinstance(event, RoundEnded):
                trumps = []
            elif getattr(event, "pile", "").startswith("trumps/"):
                trumps.extend(c.id for c in event.cards)
        read = len(g.events)
        assert len(trumps) == len(set(trumps)) <= 40
    assert g.phase is Phase.MATCH_OVER
