"""Cues and input at the table agree (issue 12, items 9-13), driven with real pygame events."""

from __future__ import annotations

from dataclasses import dataclass

import pygame
import pytest
import uikit
from uikit import click, frames, press

from game import Action, Game, Kind, Suit, make_rules
from game.rules.app import AppRulebook, AppRules
from ui.scenes.table import TableScene
from ui.table.setup import GameSetup, SeatSpec


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    application = uikit.make_app(animation_speed=1.0)
    yield application
    application.close()


def new_table(app, preset: str = "app", players: int = 4, seed: int = 3) -> TableScene:
    seats = [SeatSpec("human", "basic", ""), *[SeatSpec("ai", "basic", "") for _ in range(players - 1)]]
    scene = TableScene(app, GameSetup(preset, players, {}, seats, seed).complete())
    app.stack.push(scene)
    return scene


def cues(scene: TableScene) -> bool:
    """Any of the person's turn cues on screen: Draw lit, playable cards outlined, the bid box."""
    return "draw" in scene.lit or bool(scene.board.highlight) or "bid" in scene.buttons


def test_no_hint_and_no_input_during_the_deal(app):
    scene = new_table(app)
    frames(app, 3)
    assert scene.board.busy  # the cards are still being dealt
    before = len(scene.game.actions)
    for key in (pygame.K_DOWN, pygame.K_d, pygame.K_RETURN, pygame.K_UP):
        press(app, key)
    click(app, scene.board.stock_rect().center)
    assert len(scene.game.actions) == before  # nothing was taken, nothing queued
    assert scene.board.sum_hint is None and not scene.board.highlight and "draw" not in scene.lit
    press(app, pygame.K_RIGHT)  # choosing a card is harmless and works at once
    assert scene.board.selected is not None


@pytest.mark.parametrize("preset", ["app", "standard", "super"])
def test_input_is_taken_the_moment_the_cues_show_and_never_before(app, preset):
    """Whenever a turn cue is on screen, the person's input is taken, and the turn glow is on their
    plate alone (super lets you move during the window on the last card: not the placer's plate too);
    whenever it is not, their clicks do nothing."""
    scene = new_table(app, preset)
    for _ in range(2000):
        frames(app, 1, 1 / 30)
        if not scene.board.settled:
            assert not cues(scene), "a cue is lit while the table is still catching up"
        if "draw" in scene.lit:
            assert scene.accepts_input
            assert scene.board.glowing == {scene.person}  # one turn signal, not two
            before = len(scene.game.actions)
            click(app, scene.buttons["draw"].center)
            assert len(scene.game.actions) == before + 1, "Draw was lit but the click did nothing"
            return
        if "bid" in scene.buttons:
            assert scene.accepts_input
            click(app, scene.buttons["bid"].center)
            assert scene.game.actions[-1].kind is Kind.BID
    raise AssertionError("the person's turn never came")


def auction_table(app) -> TableScene:
    scene = new_table(app, "standard", 3)
    uikit.play_for_person(app, lambda: scene.bidding, limit=400, act=False)
    frames(app, 1)
    return scene


def test_the_bid_box_waits_for_the_deal_and_takes_typed_amounts(app):
    scene = new_table(app, "standard", 3)
    frames(app, 3)
    assert "bid" not in scene.buttons  # not before any card is dealt
    scene = auction_table(app)
    assert "bid" in scene.buttons
    for key, text in ((pygame.K_2, "2"), (pygame.K_5, "5")):
        press(app, key, text)
    assert scene.bid_amount == 25
    press(app, pygame.K_BACKSPACE)
    press(app, pygame.K_7, "7")
    assert scene.bid_amount == 27
    press(app, pygame.K_PAGEUP)
    press(app, pygame.K_DOWN)
    assert scene.bid_amount == 36
    click(app, scene.buttons["bid-10"].center)
    click(app, scene.buttons["bid+1"].center)
    assert scene.bid_amount == 27
    press(app, pygame.K_RETURN)
    bids = [a for a in scene.game.actions if a.kind is Kind.BID and a.seat == 0]  # the AIs bid meanwhile
    assert [b.amount for b in bids] == [27]


def test_typed_bids_stop_at_the_tables_limit(app):
    scene = auction_table(app)
    for ch in "12345":
        press(app, getattr(pygame, f"K_{ch}"), ch)
    assert scene.bid_amount == scene.max_bid == 99


def standard_turn(app, hand0: list[str]) -> tuple[TableScene, Game]:
    """A standard round where the person (seat 0) won the auction and holds `hand0`."""
    hands = [hand0, ["2S", "4S", "6S", "9S", "KS"], ["2C", "4C", "6C", "9C", "KC"]]
    game = Game(make_rules("standard", 3), 4, deal=False)
    game.start_round(game.deck_from_hands(hands, "5D", [], 0), 0)
    for seat, amount in ((0, 9), (1, 1), (2, 1)):
        game.apply(Action(seat, Kind.BID, amount=amount))
    seats = [SeatSpec("human", "basic", ""), SeatSpec("ai", "basic", ""), SeatSpec("ai", "basic", "")]
    scene = TableScene(app, GameSetup("standard", 3, {}, seats, 4).complete(), game)
    app.stack.push(scene)
    frames(app, 2)
    assert game.turn == 0
    return scene, game


@pytest.mark.parametrize(("card", "suits"), [("JD", {Suit.DIAMONDS, Suit.HEARTS}), ("8D", set(Suit))])
def test_the_standard_suit_picker_offers_each_suit_once(app, card, suits):
    scene, game = standard_turn(app, [card, "3H", "7C", "QS", "10H"])
    for rect, c in scene.board.own_card_rects():
        if c.code == card:
            click(app, rect.center)
            break
    assert scene.picker is not None
    offered = [a.suit if a.suit is not None else a.card.suit for a in scene.picker]
    assert sorted(offered) == sorted(suits) and len(offered) == len(set(offered))
    click(app, scene.buttons["suit:0"].center)
    assert game.actions[-1].kind is Kind.PLAY and game.actions[-1].card.code == card


@pytest.mark.parametrize("preset", ["app", "standard"])
def test_the_table_goes_quiet_only_while_it_waits_on_the_person(app, preset):
    """The render loop draws a quiet scene a few times a second (idle CPU): the table is quiet exactly
    when the person alone may act and nothing moves, and busy again the moment they act."""
    scene = new_table(app, preset)
    acted = 0
    for _ in range(6000):
        frames(app, 1, 1 / 30)
        if not scene.animating:
            g = scene.game
            assert scene.accepts_input and not scene.board.busy and g.window is None
            assert all(not g.sync_actions(s) for s in range(g.n) if s != scene.person)
            assert g.sync_actions(scene.person), "quiet while the person has nothing to do"
        if not scene.animating:
            before = len(scene.game.actions)
            press(app, pygame.K_RETURN if scene.bidding else pygame.K_d)  # bid, or draw
            assert len(scene.game.actions) > before
            assert scene.animating  # the table moves again at once
            acted += 1
            if acted == 2:
                return
    raise AssertionError(f"the table went quiet for the person {acted} times, not 2")


def test_the_ai_seats_keep_the_same_pace_whatever_the_threads_do(app):
    """The AI seats think on a worker thread. A frame loop that never sleeps (as here) used to starve
    that thread of the GIL for up to a second, so the same deal reached the person's turn after a
    different number of frames each run (and sometimes not within 2000). Quick seats now answer
    within the frame that asked them."""

    def first_turn() -> tuple[int, list]:
        scene = new_table(app, "standard")
        for frame in range(400):
            frames(app, 1, 1 / 30)
            if "bid" in scene.buttons:
                click(app, scene.buttons["bid"].center)
            if "draw" in scene.lit:
                app.stack.pop()
                return frame, list(scene.game.actions)
        raise AssertionError("the person's turn never came within 400 frames")

    runs = [first_turn() for _ in range(3)]
    assert runs[0] == runs[1] == runs[2]


class PairsBook(AppRulebook):
    """`app` plus plays of two cards of one number, on anything (as `jda` and `super` play sets)."""

    def turn_actions(self, game, seat):
        hand = game.hands[seat]
        pairs = [
            Action(seat, Kind.PLAY, (a, b))
            for i, a in enumerate(hand)
            for b in hand[i + 1 :]
            if a.rank == b.rank
        ]
        return super().turn_actions(game, seat) + pairs

    def explain(self, game, action):
        if action.kind is Kind.PLAY and len(action.cards) == 2 and action.seat == game.turn:
            return "not a pair in your hand"
        return super().explain(game, action)

    def apply_turn(self, game, action):
        if action.kind is Kind.PLAY and len(action.cards) == 2:
            game.put_on_field(action.seat, action.cards)
            game.open_window(action.seat, action.cards, freezes_turn=False)
            game.set_turn(game.next_seat(action.seat))
            return
        super().apply_turn(game, action)


def test_several_cards_are_picked_then_played_together(app):
    @dataclass(frozen=True)
    class Rules(AppRules):
        def rulebook(self):
            return PairsBook(self)

    game = Game(Rules(players=3), 4, deal=False)
    hands = [["7S", "7H", "3C", "QD", "KD"], ["2S", "4S", "6S", "9S", "KS"], ["2C", "4C", "6C", "9C", "KC"]]
    game.start_round(game.deck_from_hands(hands, "9D", [], 0), 0)
    seats = [SeatSpec("human", "basic", ""), SeatSpec("ai", "basic", ""), SeatSpec("ai", "basic", "")]
    scene = TableScene(app, GameSetup("app", 3, {}, seats, 4).complete(), game)
    app.stack.push(scene)
    frames(app, 2)

    def card(code: str):
        return next(rect for rect, c in scene.board.own_card_rects() if c.code == code)

    click(app, card("7S").center)
    assert {game.deck.card("7S").id} == scene.board.chosen and "play_set" not in scene.lit  # 7S alone: no
    click(app, card("3C").center)  # not part of a pair with the 7
    assert scene.toast is not None and len(scene.board.chosen) == 1
    click(app, card("7H").center)
    assert len(scene.board.chosen) == 2 and "play_set" in scene.lit  # raised, and Play is lit
    click(app, card("7H").center)  # put back
    assert len(scene.board.chosen) == 1 and "play_set" not in scene.lit
    click(app, card("7H").center)
    click(app, scene.buttons["play_set"].center)
    played = game.actions[-1]
    assert played.kind is Kind.PLAY and sorted(c.code for c in played.cards) == ["7H", "7S"]
    assert not scene.board.chosen and game.field.rank == 7


class TargetsBook(AppRulebook):
    """`app`, where a call may name the card just played or the one under it (as `super` names a top
    card among several piles): the player must be asked which."""

    def call_actions(self, game, seat, window):
        calls = super().call_actions(game, seat, window)
        return [*calls, Action(seat, Kind.DOBON, (game.discard[-2],))] if calls else []


def test_a_dobon_with_several_targets_asks_which_card_it_names(app):
    @dataclass(frozen=True)
    class Rules(AppRules):
        def rulebook(self):
            return TargetsBook(self)

    game = Game(Rules(players=3), 4, deal=False)
    hands = [["AC", "AD", "2C", "3C", "4C"], ["JS", "4S", "6S", "9H", "KH"], ["2D", "4D", "6C", "9C", "KC"]]
    game.start_round(game.deck_from_hands(hands, "9S", [], 1), 1)
    game.apply(Action(1, Kind.PLAY, (game.deck.card("JS"),)))  # 11: the person's hand adds up to 11
    seats = [SeatSpec("human", "basic", ""), SeatSpec("ai", "basic", ""), SeatSpec("ai", "basic", "")]
    scene = TableScene(app, GameSetup("app", 3, {}, seats, 4).complete(), game)
    app.stack.push(scene)
    frames(app, 2)
    click(app, scene.buttons["dobon"].center)
    assert scene.picker is not None and [a.cards[-1].code for a in scene.picker] == ["JS", "9S"]
    frames(app, 1)
    click(app, scene.buttons["suit:1"].center)  # the card under it
    call = game.actions[-1]
    assert call.kind is Kind.DOBON and call.cards[-1].code == "9S" and scene.picker is None


class RevealBook(AppRulebook):
    """`app`, where the turn player may declare (reveal) a hand of four of a kind, as `kabu` lets a
    player show four of a kind at the deal: a preset's own declaration."""

    def other_actions(self, game, seat):
        ranks = [c.rank for c in game.hands[seat]]
        four = seat == game.turn and game.window is None and any(ranks.count(r) == 4 for r in ranks)
        return [Action(seat, Kind.DECLARE, amount=4)] if four and not game.revealed.get(seat) else []

    def apply_other(self, game, action):
        game.reveal(action.seat)


def test_a_presets_own_declaration_gets_a_button_that_makes_it(app):
    @dataclass(frozen=True)
    class Rules(AppRules):
        def rulebook(self):
            return RevealBook(self)

    game = Game(Rules(players=3), 4, deal=False)
    hands = [["7S", "7H", "7D", "7C", "KD"], ["2S", "4S", "6S", "9S", "KS"], ["2C", "4C", "6C", "9C", "KC"]]
    game.start_round(game.deck_from_hands(hands, "9D", [], 0), 0)
    seats = [SeatSpec("human", "basic", ""), SeatSpec("ai", "basic", ""), SeatSpec("ai", "basic", "")]
    scene = TableScene(app, GameSetup("app", 3, {}, seats, 4).complete(), game)
    app.stack.push(scene)
    frames(app, 30)
    assert "declare:0" in scene.lit
    assert "control:declare:0" in scene.board.regions  # laid out with the other buttons, no overlap
    click(app, scene.buttons["declare:0"].center)
    assert game.actions[-1] == Action(0, Kind.DECLARE, amount=4) and 0 in game.revealed
    frames(app, 2)
    assert "declare:0" not in scene.buttons


def test_standards_yaku_is_declared_from_its_button(app):
    from game.scenario import parse
    from ui.text import tr

    game = parse(
        {
            "dobon_scenario": 1,
            "preset": "standard",
            "players": 3,
            "piles": {"hand/0": ["4S", "4H", "4D", "4C", "QS"], "field": ["9D"]},
            "turn": 0,
        }
    ).game()
    seats = [SeatSpec("human", "basic", ""), SeatSpec("ai", "basic", ""), SeatSpec("ai", "basic", "")]
    scene = TableScene(app, GameSetup("standard", 3, {}, seats, 4).complete(), game)
    app.stack.push(scene)
    frames(app, 30)
    assert "declare:0" in scene.lit and "last_one" in scene.buttons
    assert scene.board.preset_ui.declare_label(game.legal_actions(0)[-1]) == tr("table.yaku_button")
    click(app, scene.buttons["declare:0"].center)
    assert game.actions[-1].kind is Kind.DECLARE


def test_a_call_once_the_window_has_closed_says_when_a_call_can_be_made(app):
    scene = new_table(app)
    for _ in range(2000):
        frames(app, 1, 1 / 30)
        if "draw" in scene.lit:  # your turn: the window on the last card has closed
            break
    assert scene.game.window is None
    press(app, pygame.K_SPACE)
    assert scene.toast is not None
    assert scene.toast[0] == (
        "No card to call Dobon on now: a call is made while the gold ring is round the card just played"
    )


def test_an_empty_stock_shows_its_place_and_says_a_draw_reshuffles(app):
    from game.scenario import parse

    piles = {"hand/0": ["3S", "9D"], "hand/1": ["4S", "5S"], "hand/2": ["6S", "7S"], "field": ["KH"]}
    data = {"dobon_scenario": 1, "preset": "app", "players": 3, "piles": piles, "rest": "field", "turn": 0}
    game = parse(data).game()
    assert not game.stock
    seats = [SeatSpec("human", "basic", ""), *[SeatSpec("ai", "basic", "") for _ in range(2)]]
    scene = TableScene(app, GameSetup("app", 3, {}, seats, 3).complete(), game)
    app.stack.push(scene)
    drawn = []
    scene.board.blit_card = lambda dest, card, pos, h, angle=0, face_up=True: (
        drawn.append((card, pos)) or (pygame.Rect(int(pos[0]), int(pos[1]), 1, 1))
    )
    said = []
    text = scene.board.text
    scene.board.text = lambda s, *args, **kw: said.append(s) or text(s, *args, **kw)
    frames(app, 3)
    stock = scene.board.layout.stock
    assert not any(card is None and abs(pos[0] - stock[0]) < 10 for card, pos in drawn)  # no back there
    assert "Empty: a draw reshuffles" in said and "0" not in said
    assert "draw" in scene.lit  # and Draw is lit: it reshuffles the field pile into a new stock
    click(app, scene.buttons["draw"].center)
    assert len(scene.game.hands[0]) == 3 and scene.game.stock


def test_the_bid_box_keeps_its_keys_while_another_seats_bid_is_shown(app):
    scene = auction_table(app)
    press(app, pygame.K_2, "2")
    other = next(s for s in range(1, 3) if any(a.kind is Kind.BID for a in scene.game.legal_actions(s)))
    scene.board.feed(scene.game.apply(Action(other, Kind.BID, amount=3)))
    assert not scene.board.settled  # its bid is still to be shown when the next key comes
    for key in (pygame.K_UP, pygame.K_PAGEUP, pygame.K_PAGEDOWN):
        press(app, key)
    assert scene.bid_amount == 3 and "bid" in scene.buttons
