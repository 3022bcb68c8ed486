"""Who may act is the rulebook's answer: a test rulebook on `app` lets any seat place a card of the
field card's number at any moment out of turn (the placement moves the turn, as in `jda`), and lets a
seat put out a "trump" (a King, onto a pile of its own) while a window that freezes turns is open (as
`kabu`'s trumps after a dobon). The core must accept exactly what the rulebook offers, route it to the
rulebook, and keep refusing everything else with a reason."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from game import REFEREE, Action, Game, IllegalAction, Kind, make_rules
from game.engine import Position
from game.events import Played, WindowClosed
from game.phase import Phase
from game.piles import PileSpec
from game.realtime import RealtimeTable, Timing
from game.rules.app import AppRulebook, AppRules
from game.seats.base import Seat

KING = 13


class SnapBook(AppRulebook):
    def extra_piles(self, game):
        return tuple(PileSpec(f"trumps/{s}") for s in range(game.n))

    def other_actions(self, game, seat):
        if game.phase not in (Phase.TURN, Phase.REACTION):
            return []
        window = game.window
        hand = game.hands[seat]
        if window is not None and window.freezes_turn:
            return [Action(seat, Kind.PLAY, (c,)) for c in hand if c.rank == KING]
        if window is None and seat != game.turn:
            return [Action(seat, Kind.PLAY, (c,)) for c in hand if c.rank == game.field.rank]
        return []

    def apply_other(self, game, action):
        seat = action.seat
        if game.window is not None:  # a trump: onto the seat's own pile, the window stays open
            game.move(action.cards, f"hand/{seat}", f"trumps/{seat}")
            return
        game.put_on_field(seat, action.cards)
        game.set_turn(game.next_seat(seat))  # the placement moves the turn


def snap_game(players: int = 3, seed: int = 2) -> Game:
    @dataclass(frozen=True)
    class Rules(AppRules):
        def rulebook(self):
            return SnapBook(self)

    return Game(Rules(players=players), seed)


def setup(g: Game, turn: int, field: str, hands: list[list[str]]) -> None:
    """Give the seats these hands and this field card (the rest in the stock), `turn` to play."""
    g.start_round(g.deck_from_hands(hands, field), first=turn)


def test_a_seat_out_of_turn_may_place_what_the_rulebook_offers_and_the_turn_moves():
    g = snap_game()
    setup(
        g,
        0,
        "7H",
        [["2C", "3C", "4C", "5C", "6C"], ["7S", "9D", "JD", "QD", "KD"], ["8S", "9S", "JS", "QS", "KS"]],
    )
    snap = Action(1, Kind.PLAY, (g.deck.card("7S"),))
    assert g.turn == 0 and snap in g.legal_actions(1) and g.refusal(snap) is None
    g.apply(snap)
    assert g.field.code == "7S" and g.turn == 2  # the seat after the placer plays next
    assert g.refusal(Action(2, Kind.PLAY, (g.deck.card("9S"),))) is None  # seat 2's turn: a spade fits
    stray = Action(0, Kind.PLAY, (g.deck.card("2C"),))  # out of turn, and not the field's number
    assert g.refusal(stray) == "it is seat 2's turn, not yours"
    assert g.refusal(Action(0, Kind.DRAW)) == "it is seat 2's turn, not yours"  # the core's own reason


class ExplainingBook(SnapBook):
    """Out-of-turn placements are part of normal play here: a refused one gets the rulebook's reason."""

    def explain(self, game, action):
        if action.seat != game.turn:
            return "out of turn, only a card of the field's number (or a King in a frozen window)"
        return super().explain(game, action)


def test_a_rulebook_may_give_its_own_reason_for_what_it_does_not_offer():
    @dataclass(frozen=True)
    class Rules(AppRules):
        def rulebook(self):
            return ExplainingBook(self)

    g = Game(Rules(players=3), 2)
    setup(
        g,
        0,
        "7H",
        [["2C", "3C", "4C", "5C", "6C"], ["7S", "9D", "JD", "QD", "KD"], ["8S", "9S", "JS", "QS", "KS"]],
    )
    stray = Action(1, Kind.PLAY, (g.deck.card("9D"),))
    assert g.refusal(stray) == "out of turn, only a card of the field's number (or a King in a frozen window)"
    assert g.refusal(Action(0, Kind.PLAY, (g.deck.card("9S"),))) == "♠9 is not in your hand"  # the turn's own
    with pytest.raises(IllegalAction) as refused:
        g.apply(stray)
    assert refused.value.reason == g.refusal(stray)


def test_a_hand_laid_down_may_put_a_chosen_card_on_top():
    g = Game(make_rules("app", 3), 4)
    hand = list(g.hands[1])
    laid = g.lay_down(1, top=hand[1])
    assert laid == (hand[0], *hand[2:], hand[1]) and g.laid[1] == list(laid) and not g.hands[1]
    assert g.lay_down(2) == tuple(g.laid[2])  # without a top: the hand's own order


def test_a_trump_is_put_out_inside_a_window_that_freezes_turns():
    g = snap_game()
    setup(
        g,
        0,
        "7H",
        [["2C", "3C", "4C", "5C", "6H"], ["7S", "9D", "JD", "QD", "KD"], ["8S", "9S", "JS", "QS", "KS"]],
    )
    g.apply(Action(0, Kind.PLAY, (g.deck.card("6H"),)))
    g.open_window(0, (g.field,), freezes_turn=True)  # as a dobon would: turns wait
    assert g.phase is Phase.REACTION
    trump = Action(2, Kind.PLAY, (g.deck.card("KS"),))
    assert trump in g.legal_actions(2) and g.refusal(trump) is None
    assert g.refusal(Action(2, Kind.PLAY, (g.deck.card("QS"),))) is not None
    g.apply(trump)
    assert g.pile("trumps/2") == [g.deck.card("KS")] and g.window is not None


@pytest.mark.parametrize("seed", range(6))
def test_an_action_is_refused_exactly_when_it_is_not_legal(seed):
    """Random games with out-of-turn placements: every candidate (every card of every hand played by
    its seat, draws, calls and passes from every seat) is refused iff it is not among the seat's
    legal actions, a refusal changes nothing, and every card stays in exactly one pile."""
    g = snap_game(players=3 + seed % 2, seed=seed)
    rng = random.Random(seed)
    for _ in range(300):
        for seat in range(g.n):
            legal = g.legal_actions(seat)
            candidates = [Action(seat, Kind.PLAY, (c,)) for c in g.hands[seat]]
            candidates += [Action(seat, Kind.DRAW), Action(seat, Kind.PASS), Action(seat, Kind.DOBON)]
            for action in candidates:
                reason = g.refusal(action)
                assert (reason is None) == (action in legal), (action, reason)
                if reason is not None:
                    before = g.state_key()
                    with pytest.raises(IllegalAction):
                        g.apply(action)
                    assert g.state_key() == before
        assert sorted(c.id for c in g.all_cards()) == list(range(52))
        movers = [s for s in [REFEREE, *range(g.n)] if g.legal_actions(s)]
        if not movers:
            break
        seat = rng.choice(movers)
        g.apply(rng.choice(g.legal_actions(seat)))


class RaceBook(SnapBook):
    """Snaps out of turn win a race against the turn player's own play (as jda's placements do)."""

    def precedence(self, game, action):
        return (0 if action.seat != game.turn else 1,)


def race_game(book: type[SnapBook]) -> Game:
    @dataclass(frozen=True)
    class Rules(AppRules):
        def rulebook(self):
            return book(self)

    g = Game(Rules(players=3), 2)
    setup(
        g,
        0,
        "7H",
        [["2H", "3C", "4C", "5C", "6C"], ["7S", "9D", "JD", "QD", "KD"], ["8S", "9S", "JS", "QS", "KS"]],
    )
    return g


@pytest.mark.parametrize(
    ("book", "applied", "refused"),
    [
        (
            SnapBook,
            (0, "2H"),
            (1, "a 2 is pending: play a 2 or draw 2"),  # seat 1 is now the turn player, under a chain
        ),
        (RaceBook, (1, "7S"), (0, "it is seat 2's turn, not yours")),
    ],
    ids=["arrival-order", "rulebook-precedence"],
)
def test_actions_arriving_together_go_in_the_rulebooks_order_and_the_overtaken_one_is_refused(
    book, applied, refused
):
    g = race_game(book)
    play, snap = Action(0, Kind.PLAY, (g.deck.card("2H"),)), Action(1, Kind.PLAY, (g.deck.card("7S"),))
    assert g.refusal(play) is None and g.refusal(snap) is None  # each is legal on its own
    first, second = g.apply_together([play, snap])  # the turn player's came in first
    assert (first.action.seat, first.action.cards[0].code, first.refused) == (*applied, None)
    assert first.events and g.field.code == applied[1]
    assert (second.action.seat, second.refused, second.events) == (refused[0], refused[1], [])
    assert g.actions == [first.action]  # the refused one left no trace


class Snapper(Seat):
    """Takes the first thing offered that is not a pass (a test seat: it always races)."""

    def act(self, view):
        return next((a for a in view.legal if a.kind is not Kind.PASS), view.legal[0])


class Waiter(Seat):
    """Passes whenever it may; otherwise takes the first thing offered."""

    def act(self, view):
        return next((a for a in view.legal if a.kind is Kind.PASS), view.legal[0])


class HighSeatFirst(SnapBook):
    """Snaps arriving together go to the highest seat first (against the table's polling order)."""

    def precedence(self, game, action):
        return (-action.seat,)


def test_ai_seats_at_a_real_time_table_race_out_of_turn_in_the_rulebooks_precedence():
    """The real-time driver offers an AI every action the rulebook gives it, out of turn too, at
    reaction speed, and applies the reactions due in one tick together, in the rulebook's order."""
    g = race_game(HighSeatFirst)
    g.hands[2][0] = g.deck.card("7C")  # both seat 1 (7S) and seat 2 (7C) may snap on the 7H
    g.stock.remove(g.deck.card("7C"))
    g.stock.append(g.deck.card("8S"))
    table = RealtimeTable(g, {0: Waiter(), 1: Snapper(), 2: Snapper()}, Timing(turn_ms=500, dobon_ms=20))
    assert table.tick(0) == [] and table.tick(19) == []  # not yet: reactions come at dobon_ms
    events = table.tick(20)
    plays = [(e.seat, e.cards[0].code) for e in events if isinstance(e, Played)]
    assert plays == [(2, "7C"), (1, "7S")]  # both due together: the rulebook's order, not seat order
    assert [a.seat for a in g.actions] == [2, 1] and g.turn == 2


def test_an_ai_that_lets_a_race_go_does_nothing_observable():
    g = race_game(SnapBook)
    table = RealtimeTable(g, {0: Waiter(), 1: Waiter(), 2: Waiter()}, Timing(turn_ms=500, dobon_ms=20))
    table.tick(0)
    assert table.tick(30) == [] and g.actions == []  # seat 1 could snap its 7S; it chose not to
    events = table.tick(520)  # the turn player's own turn comes at turn_ms
    assert g.actions and g.actions[0].seat == 0 and events


class ThrowInBook(AppRulebook):
    """In a window, a seat may also throw its hand in (a PASS with the flag, as jda's 放棄); the
    rulebook records it and closes the window itself once two seats have thrown in."""

    def call_actions(self, game, seat, window):
        return [*super().call_actions(game, seat, window), Action(seat, Kind.PASS, flag=True)]

    def apply_call(self, game, action, window):
        if action.kind is Kind.PASS:
            thrown = game.book.thrown
            thrown.append(action.seat)
            if len(thrown) == 2:
                game.close_window()
            return
        super().apply_call(game, action, window)


def book_game(book, players=4, seed=3) -> Game:
    @dataclass(frozen=True)
    class Rules(AppRules):
        def rulebook(self):
            return book(self)

    g = Game(Rules(players=players), seed)
    g.book.thrown = []
    return g


def test_a_flagged_pass_is_legal_exactly_where_the_rulebook_offers_it_and_may_close_the_window():
    g = book_game(ThrowInBook)
    turn = g.turn
    g.apply(next(a for a in g.legal_actions(turn) if a.kind in (Kind.PLAY, Kind.DRAW)))
    while g.window is None:  # play on until someone plays a card (a window opens on it)
        seat = g.turn
        g.apply(next(a for a in g.legal_actions(seat) if a.kind in (Kind.PLAY, Kind.DRAW)))
    first, second, third = g.window.pending
    throw = Action(first, Kind.PASS, flag=True)
    assert throw in g.legal_actions(first) and g.refusal(throw) is None
    assert g.refusal(Action(first, Kind.PASS, amount=2)) == "this pass takes nothing more"
    g.apply(throw)
    assert g.book.thrown == [first] and g.window is not None and first not in g.window.pending
    assert g.refusal(Action(first, Kind.PASS, flag=True)) is not None  # answered already
    events = g.apply(Action(second, Kind.PASS, flag=True))
    assert g.window is None and isinstance(events[-1], WindowClosed)  # the rulebook closed it
    assert third not in g.book.thrown


def test_a_window_on_a_card_nobody_played_asks_every_seat_from_the_turn_player():
    g = Game(make_rules("app", 4), 5)
    g.set_turn(2)
    window = g.open_window(REFEREE, (g.field,), freezes_turn=True)
    assert window.pending == [2, 3, 0, 1]
    g.repoll(window, exclude=[3])
    assert window.pending == [2, 0, 1]
    assert g.view(0).window is not None and g.view(0).window.placer == REFEREE


def test_opening_a_window_over_an_open_one_closes_it_first_with_its_event():
    g = Game(make_rules("app", 4), 5)
    g.open_window(1, (g.field,), freezes_turn=False)
    mark = len(g.events)
    g.open_window(2, (g.field,), freezes_turn=True)
    kinds = [type(e).__name__ for e in g.events[mark:]]
    assert kinds == ["WindowClosed", "WindowOpened"] and g.window.placer == 2


class AnyMomentBook(AppRulebook):
    """A dobon on the field card at any moment, not only in a window (as jda's): a seat whose hand adds
    up to the field card may call whenever no window is open; the rulebook ends the round."""

    def other_actions(self, game, seat):
        if game.phase is not Phase.TURN or game.window is not None or len(game.hands[seat]) < 2:
            return []
        total = sum(c.rank for c in game.hands[seat])
        return [Action(seat, Kind.DOBON, (game.field,))] if total == game.field.rank else []

    def apply_other(self, game, action):
        game.reveal(action.seat)
        game.open_window(action.seat, action.cards, freezes_turn=True)  # the victims may answer


def test_a_dobon_at_any_moment_is_legal_where_the_rulebook_offers_it():
    @dataclass(frozen=True)
    class Rules(AppRules):
        def rulebook(self):
            return AnyMomentBook(self)

    g = Game(Rules(players=3), 2, deal=False)
    hands = [["2C", "3C", "4C", "5C", "KD"], ["4S", "5S"], ["8S", "9S", "JS", "QS", "KS"]]
    piles = {f"hand/{s}": [g.deck.card(c) for c in h] for s, h in enumerate(hands)}
    piles["field"] = [g.deck.card("9H")]
    named = {c.id for cards in piles.values() for c in cards}
    piles["stock"] = [c for c in g.deck.cards if c.id not in named]
    g.set_position(Position(piles, turn=0))  # a hand of two: late in a round
    call = Action(1, Kind.DOBON, (g.field,))
    assert g.window is None and g.turn == 0
    assert call in g.legal_actions(1) and g.refusal(call) is None  # 4 + 5 = 9, not seat 1's turn
    assert g.refusal(Action(2, Kind.DOBON, (g.field,))) is not None  # 8+9+11+12+13: no
    g.apply(call)
    assert g.revealed[1] and g.window is not None and g.phase is Phase.REACTION
