"""The core's pile model, with small test rulebooks that use what no playable preset uses yet: a pile
per player, a stock that is never rebuilt or rebuilt the moment it empties, a rebuild that gathers
several piles keeping their tops, and a deal the deck cannot cover. (`super`, `jda` and `kabu` stand
on these; see docs/engine.md.)"""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

from game import Game, Kind
from game.actions import Action
from game.events import Drew, Moved, Played, Reshuffled, RoundDealt
from game.piles import FIELD, STOCK, PileSpec, Rebuild, Seen
from game.rules.app import AppRulebook, AppRules
from game.view import SeatView


class PilesBook(AppRulebook):
    """`app`, plus a face-up pile per player, a hidden pile per player, and a chosen stock policy."""

    rebuild = Rebuild.ON_DRAW
    gathered: tuple[tuple[str, int], ...] = ((FIELD, 1),)
    sizes = 5
    exhausted = 0

    def hand_sizes(self, game):
        return [self.sizes] * game.n

    def extra_piles(self, game):
        own = tuple(PileSpec(f"pile/{s}") for s in range(game.n))
        return own + tuple(PileSpec(f"kept/{s}", Seen.OWNER) for s in range(game.n))

    def rebuild_from(self, game):
        return self.gathered

    def stock_exhausted(self, game):
        type(self).exhausted += 1

    def deal_short(self, game, sizes, available):
        return [available // game.n] * game.n  # as many as the deck covers, evenly


def game_with(book: type[AppRulebook], players: int = 3, seed: int = 4) -> Game:
    """A game of `app` rules played by the test rulebook `book`."""

    @dataclass(frozen=True)
    class Rules(AppRules):
        def rulebook(self):
            return book(self)

    return Game(Rules(players=players), seed)


def test_every_pile_is_named_and_each_card_is_in_exactly_one():
    g = game_with(PilesBook)
    piles = g.piles()
    assert list(piles)[:2] == [STOCK, FIELD]
    assert {"hand/0", "laid/2", "pile/1", "kept/2"} <= set(piles)
    assert sorted(c.id for p in piles.values() for c in p.cards) == list(range(52))
    assert piles["hand/1"].visible_to(1) and not piles["hand/1"].visible_to(0)
    assert piles["pile/1"].visible_to(0) and not piles[STOCK].visible_to(0)
    with pytest.raises(KeyError, match="no pile 'pile/9'"):
        g.pile("pile/9")


def test_a_move_between_piles_says_where_from_and_where_to_and_hides_what_it_must():
    g = game_with(PilesBook)
    card = g.hands[0][0]
    g.move([card], "hand/0", "pile/0")
    assert g.pile("pile/0") == [card] and card not in g.hands[0]
    moved = g.events[-1]
    assert moved == Moved("hand/0", "pile/0", 1, (card,), None)  # onto a face-up pile: seen by all
    secret = g.hands[1][0]
    g.move([secret], "hand/1", "kept/1")
    hidden = g.events[-1]
    assert hidden.seen_by == (1,)
    assert hidden.for_seat(1).cards == (secret,) and hidden.for_seat(0).cards is None
    assert hidden.moves() == (("hand/1", "kept/1", 1),)


def test_a_play_can_go_to_a_players_own_pile():
    g = game_with(PilesBook)
    card = g.hands[0][0]
    g.put_on_field(0, [card], "pile/0")
    assert g.pile("pile/0") == [card]
    assert g.events[-1] == Played(0, (card,), 4, "pile/0")
    assert g.events[-1].moves() == (("hand/0", "pile/0", 1),)


class Never(PilesBook):
    rebuild = Rebuild.NEVER


def test_a_stock_that_is_never_rebuilt_runs_dry_and_the_rulebook_is_told():
    g = game_with(Never)
    Never.exhausted = 0
    g.discard[:0] = g.stock[:-3]  # three cards left in the stock, the rest on the field
    del g.stock[:-3]
    assert g.drawable() == 3  # nothing would be gathered
    got = g.draw(0, 5, penalty=True)
    assert len(got) == 3 and not g.stock
    assert Never.exhausted == 1
    assert not any(isinstance(e, Reshuffled) for e in g.events)


class AtOnce(PilesBook):
    rebuild = Rebuild.AT_ONCE
    gathered = ((FIELD, 1), ("pile/0", 1), ("pile/1", 1), ("pile/2", 1))


def test_a_stock_rebuilt_the_moment_it_empties_gathers_every_field_pile_keeping_the_tops():
    g = game_with(AtOnce)
    AtOnce.exhausted = 0
    for seat in range(3):  # two cards on each player's pile
        g.move(g.hands[seat][:2], f"hand/{seat}", f"pile/{seat}")
    tops = [g.pile(f"pile/{s}")[-1] for s in range(3)]
    field_card = g.field
    g.discard[:0] = g.stock[:-2]  # two left in the stock
    del g.stock[:-2]
    on_field = len(g.discard) - 1
    g.draw(0, 2)  # empties it: rebuilt at once, in the middle of nothing at all
    rebuilt = [e for e in g.events if isinstance(e, Reshuffled)]
    assert len(rebuilt) == 1
    assert rebuilt[0].taken == ((FIELD, on_field), ("pile/0", 1), ("pile/1", 1), ("pile/2", 1))
    assert rebuilt[0].count == len(g.stock) == on_field + 3
    assert g.discard == [field_card] and [g.pile(f"pile/{s}") for s in range(3)] == [[t] for t in tops]
    assert AtOnce.exhausted == 0
    g.draw(1, len(g.stock))  # empties it again with nothing to gather: the rulebook hears of it
    assert not g.stock and AtOnce.exhausted == 1


class Big(PilesBook):
    sizes = 20


def test_a_deal_the_deck_cannot_cover_asks_the_rulebook():
    g = game_with(Big)  # 3 x 20 cards from 52: the rulebook deals 17 each
    assert [len(h) for h in g.hands] == [17, 17, 17] and len(g.discard) == 1 and not g.stock
    assert isinstance(g.events[0], RoundDealt) and g.events[0].sizes == (17, 17, 17)


def test_by_default_a_deal_too_big_for_the_deck_is_refused_with_a_reason():
    class Plain(AppRulebook):
        def hand_sizes(self, game):
            return [20] * game.n

    with pytest.raises(ValueError, match="60 cards to deal but only 51 in the deck"):
        game_with(Plain)


def test_a_simulation_copy_keeps_the_rulebooks_piles_apart():
    g = game_with(PilesBook)
    g.move(g.hands[0][:1], "hand/0", "pile/0")
    twin = g.clone(1)
    twin.move(twin.hands[1][:1], "hand/1", "pile/0")
    assert len(g.pile("pile/0")) == 1 and len(twin.pile("pile/0")) == 2
    assert sorted(c.id for c in twin.all_cards()) == list(range(52))


def test_draws_name_the_pile_they_came_from():
    g = game_with(PilesBook)
    g.apply(Action(g.turn, Kind.DRAW))
    drew = next(e for e in reversed(g.events) if isinstance(e, Drew))
    assert drew.pile == STOCK and drew.moves() == ((STOCK, f"hand/{drew.seat}", drew.count),)


def test_a_seat_view_shows_the_rulebooks_piles_it_may_see_and_counts_the_others():
    g = game_with(PilesBook)
    open_card, secret = g.hands[0][0], g.hands[1][0]
    g.move([open_card], "hand/0", "pile/0")
    g.move([secret], "hand/1", "kept/1")
    for seat in range(3):
        view = g.view(seat)
        assert view.piles["pile/0"] == (open_card,)  # face up: everyone sees it
        assert ("kept/1" in view.piles) == (seat == 1)  # kept: its owner only
        assert view.pile_sizes["kept/1"] == 1 and view.pile_sizes["pile/2"] == 0  # everyone counts
        wire = SeatView.from_json(json.loads(json.dumps(view.to_json())))
        assert (wire.piles, wire.pile_sizes) == (view.piles, view.pile_sizes)


class Reserved(PilesBook):
    """A deal must leave the field card and at least one card of stock (kabu's D22)."""

    sizes = 17  # 3 x 17 + the field card = 52: covered, but with nothing left in the stock

    def deal_reserve(self, game):
        return 2

    def deal_short(self, game, sizes, available):
        return [4] * game.n  # kabu: everyone gains a lap and is dealt 4 afresh


def test_a_rulebook_may_reserve_a_stock_the_deal_must_leave():
    covered = game_with(Big)
    assert [len(h) for h in covered.hands] == [17, 17, 17] and not covered.stock  # 1 reserved: it stands
    g = game_with(Reserved)
    assert [len(h) for h in g.hands] == [4, 4, 4] and len(g.stock) == 52 - 12 - 1
