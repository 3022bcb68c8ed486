"""super §6, "next player during a window": while the dobon window on a card is open, the player whose
turn follows may act at once. The action waits, goes down when the window closes with no dobon, and is
dropped if a dobon ends the round. It counts as that seat's pass on the card. The core carries this for
any rulebook that sets `Rulebook.queues_turn`; these tests drive it through the public API only."""

from __future__ import annotations

import pytest
from positions import position

from game import REFEREE, Action, Game, IllegalAction, Kind
from game.events import Drew, Played, TurnQueued, WindowClosed
from game.realtime import RealtimeTable
from game.seats import make_seat
from game.view import SeatView

MID = {"turns_taken": [1, 1, 1, 1], "first_card_placed": True}
# nobody in these hands can call on the cards played below (every total checked by the tests)
HANDS = [["5H", "4S", "6S"], ["7H", "3C", "4C"], ["10S", "JD", "4D"], ["6C", "QD", "9C"]]


def table(hands=HANDS, field="9H", turn=0) -> Game:
    return position("super", hands, field, turn=turn, round_state=MID)


def play(g: Game, seat: int, code: str) -> list:
    return g.apply(Action(seat, Kind.PLAY, (g.deck.card(code),)))


def pass_all(g: Game) -> None:
    while g.window is not None:
        g.apply(Action(g.window.pending[0], Kind.PASS))


def test_the_next_player_may_play_during_the_window_and_it_goes_down_when_it_closes():
    g = table()
    play(g, 0, "5H")
    assert g.queue_seat() == 1
    ahead = Action(1, Kind.PLAY, (g.deck.card("7H"),))
    assert ahead in g.legal_actions(1) and g.refusal(ahead) is None
    events = g.apply(ahead)
    assert events == [TurnQueued(1)]
    # nothing is placed yet: the window on the 5♥ is still open, seat 1 no longer asked about it
    assert g.window is not None and g.window.cards == (g.deck.card("5H"),) and 1 not in g.window.pending
    assert g.deck.card("7H") in g.hands[1] and g.field is g.deck.card("5H")
    pass_all_but_queued = list(g.window.pending)
    for seat in pass_all_but_queued[:-1]:
        g.apply(Action(seat, Kind.PASS))
    events = g.apply(Action(pass_all_but_queued[-1], Kind.PASS))
    assert any(isinstance(e, Played) and e.seat == 1 for e in events)
    assert g.field is g.deck.card("7H") and g.window is not None and g.window.placer == 1


def test_the_referee_closing_the_window_applies_it_too():
    g = table()
    play(g, 0, "5H")
    g.apply(Action(1, Kind.DRAW))
    before = len(g.hands[1])
    g.apply(Action(REFEREE, Kind.CLOSE))
    assert len(g.hands[1]) == before + 1 and g.turn == 2 and g.window is None


def test_a_dobon_on_the_card_drops_the_action_sent_ahead():
    hands = [["5H", "4S", "6S"], ["7H", "3C", "4C"], ["2D", "3D"], ["6C", "QD", "9C"]]
    g = table(hands)
    play(g, 0, "5H")
    g.apply(Action(1, Kind.PLAY, (g.deck.card("7H"),)))
    g.apply(Action(2, Kind.DOBON, (g.deck.card("5H"),)))  # 2 + 3 = 5: seat 2 reveals and wins
    pass_all(g)  # seat 3, then the placer's counter window
    assert g.phase.value == "round-over" and g.result.winners == (2,)
    assert g.deck.card("7H") in g.hands[1]  # never played


def test_only_the_next_player_may_act_ahead_and_only_once():
    g = table()
    play(g, 0, "5H")
    for seat in (2, 3):
        reason = g.refusal(Action(seat, Kind.DRAW))
        assert reason and "wait" in reason
    assert g.refusal(Action(1, Kind.PLAY, (g.deck.card("3C"),)))  # the 3♣ does not follow the 5♥
    g.apply(Action(1, Kind.DRAW))
    assert not [a for a in g.legal_actions(1) if a.kind in (Kind.PLAY, Kind.DRAW)]
    with pytest.raises(IllegalAction, match="already on its way"):
        g.apply(Action(1, Kind.PLAY, (g.deck.card("7H"),)))


def test_what_is_offered_ahead_is_the_turn_as_it_will_stand():
    # an A sends a draw to the next player: ahead, they may only answer with an A or a 2, or take
    hands = [["AH", "4S", "6S"], ["2H", "7H", "4C"], ["10S", "JD", "4D"], ["6C", "QD", "9C"]]
    g = table(hands)
    play(g, 0, "AH")
    offered = {
        (a.kind, a.cards[0].code if a.cards else None) for a in g.legal_actions(1) if a.kind is not Kind.PASS
    }
    assert (Kind.PLAY, "2H") in offered and (Kind.DRAW, None) in offered
    assert (Kind.PLAY, "7H") not in offered
    assert "pending" in g.refusal(Action(1, Kind.PLAY, (g.deck.card("7H"),)))
    g.apply(Action(1, Kind.DRAW))
    pass_all(g)
    assert len(g.hands[1]) == 4 and g.turn == 2  # took the one card the A sent


def test_a_skip_makes_the_player_after_next_the_one_who_may_act_ahead():
    hands = [["3H", "4S", "6S"], ["7H", "3C", "4C"], ["10H", "JD", "4D"], ["6C", "QD", "9C"]]
    g = table(hands)
    play(g, 0, "3H")
    assert g.queue_seat() == 2
    assert g.refusal(Action(1, Kind.DRAW))
    g.apply(Action(2, Kind.PLAY, (g.deck.card("10H"),)))
    while g.window is not None and g.window.placer == 0:
        g.apply(Action(g.window.pending[0], Kind.PASS))
    assert g.field is g.deck.card("10H") and g.window is not None and g.window.placer == 2


def test_after_a_false_declaration_the_turn_offered_ahead_is_the_penalised_hand_s():
    # seat 1 holds two cards: a play would say "last"; its false declaration costs 5 cards first, so
    # what it may send ahead is a play from seven cards, which says nothing
    hands = [["5H", "4S", "6S"], ["7H", "3C"], ["10S", "JD", "4D"], ["6C", "QD", "9C"]]
    g = table(hands)
    play(g, 0, "5H")
    assert Action(1, Kind.PLAY, (g.deck.card("7H"),), flag=True) in g.legal_actions(1)
    g.apply(Action(1, Kind.DOBON))  # bare: nothing to show, 5 cards
    assert len(g.hands[1]) == 7
    assert "last" in g.refusal(Action(1, Kind.PLAY, (g.deck.card("7H"),), flag=True))
    g.apply(Action(1, Kind.PLAY, (g.deck.card("7H"),)))
    pass_all(g)
    assert g.field is g.deck.card("7H") and len(g.hands[1]) == 6


def test_only_the_seat_itself_sees_what_it_sent_ahead():
    g = table()
    play(g, 0, "5H")
    ahead = Action(1, Kind.DRAW)
    g.apply(ahead)
    mine = g.view(1)
    assert mine.window.queued == ahead
    assert all(g.view(s).window.queued is None for s in (0, 2, 3))
    again = SeatView.from_json(mine.to_json())
    assert again.window.queued == ahead


def test_replaying_the_actions_gives_the_same_game():
    g = table()
    start = g.state_key()
    play(g, 0, "5H")
    g.apply(Action(1, Kind.PLAY, (g.deck.card("7H"),)))
    pass_all(g)
    copy = table()
    assert copy.state_key() == start
    for action in g.actions:
        copy.apply(action)
    assert copy.state_key() == g.state_key()


def test_an_ai_next_in_turn_waits_for_the_window_and_plays_from_the_view_then():
    g = table()
    rt = RealtimeTable(g, {s: make_seat("normal", 1, s) for s in (1, 2, 3)})
    rt.submit(Action(0, Kind.PLAY, (g.deck.card("5H"),)))
    seen = []
    now = 0.0
    for _ in range(200):  # 10 s of table time at most
        now += 50
        seen += rt.run_due(now)
        if any(isinstance(e, (Played, Drew)) and e.seat == 1 for e in seen):
            break
    assert not any(isinstance(e, TurnQueued) for e in seen)
    closed = next(i for i, e in enumerate(seen) if isinstance(e, WindowClosed))
    acted = next(i for i, e in enumerate(seen) if isinstance(e, (Played, Drew)) and e.seat == 1)
    assert closed < acted  # seat 1 took its turn after the window on the 5♥, not during it
