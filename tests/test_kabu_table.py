"""kabu (株ドボン) at the desktop table, driven with real pygame events (issue 16): sets picked and played
together (a card or a set the rules refuse says why), number keys, the dobon target chosen among the
cards of the last play, trumps put out after a dobon, four of a kind shown at the deal, parity and the
2s' debt by the field card, laps and extra cards on the plates, the settlement step by step on the
round result in English and Japanese, and whole matches played to the match result."""

from __future__ import annotations

import dataclasses

import pygame
import pytest
import uikit
from uikit import click, frames, press

from game import Kind
from game.actions import Action
from game.rules.kabu import FourShown
from game.scenario import parse
from ui import text
from ui.scenes.results import MatchResultScene, RoundResultScene, score_history
from ui.scenes.table import TableScene
from ui.table.setup import GameSetup, SeatSpec


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    # AI seats slow enough that they never move before the person in these tests
    application = uikit.make_app(ai_turn_ms=5000, ai_dobon_ms=5000)
    yield application
    application.close()


def kabu_table(app, hands, field, turn=0, laps=None, extra=None, chain=None, last_play=None) -> TableScene:
    """A kabu table opened on a position (you are seat 0), once the deal has been shown. A field of
    one card is the okoshi-fuda in its pre-play window; more cards: the last one is the last play (or
    the `last_play` cards on top of the field, played by the seat before `turn`)."""
    n = len(hands)
    piles = {f"hand/{s}": list(h) for s, h in enumerate(hands)}
    piles["field"] = list(field)
    data = {
        "dobon_scenario": 1,
        "preset": "kabu",
        "players": n,
        "options": {"draw_parent": False},
        "piles": piles,
        "turn": turn,
        "match": {"parent": turn, "state": {"laps": laps or [0] * n, "extra": extra or [0] * n}},
    }
    if last_play is not None:
        placer = (turn - 1) % n
        data["round"] = {"stage": "play", "last_play": [{"card": c} for c in last_play], "placer": placer}
    if chain is not None:
        data["chain"] = {"links": chain[0], "cards": chain[1]}
    game = parse(data).game()
    seats = [SeatSpec("human", "basic", "You"), *[SeatSpec("ai", "basic", "") for _ in range(n - 1)]]
    scene = TableScene(app, GameSetup("kabu", n, {"draw_parent": False}, seats, 5).complete(), game)
    app.stack.clear_to(scene)
    for _ in range(200):
        frames(app, 1)
        if scene.accepts_input:
            break
    return scene


def card_at(scene: TableScene, code: str) -> tuple[int, int]:
    for rect, card in scene.board.own_card_rects():
        if card.code == code:
            return rect.center
    raise AssertionError(f"{code} is not in your hand")


def codes(cards) -> list[str]:
    return [c.code for c in cards]


def settle(app, scene, until, limit=400, dt=1 / 60) -> None:
    for _ in range(limit):
        frames(app, 1, dt)
        if until():
            return
    raise AssertionError("the table never got there")


BYSTANDERS = [["9", "9#2"], ["9#3", "8#3"]]  # totals past 13: they never dobon


def test_a_set_is_picked_then_played_and_what_cannot_go_down_says_why(app):
    scene = kabu_table(app, [["3", "4", "6", "8"], *BYSTANDERS], ["6#2", "7"])
    game = scene.game
    click(app, card_at(scene, "4"))  # even, on a 7: only as part of 3 + 4
    assert len(scene.board.chosen) == 1 and game.field.code == "7"  # picked, not played
    frames(app, 1)
    click(app, scene.buttons["play_set"].center)  # a 4 alone: refused, with the rule
    assert game.field.code == "7" and scene.toast is not None
    assert "even" in scene.toast[0] and "parity" in scene.toast[0]
    click(app, card_at(scene, "6"))  # 4 + 6 = 10: no card of the last play
    assert len(scene.board.chosen) == 1 and "10" in scene.toast[0] and "7" in scene.toast[0]
    click(app, card_at(scene, "3"))
    assert len(scene.board.chosen) == 2
    frames(app, 1)
    assert "play_set" in scene.lit
    click(app, scene.buttons["play_set"].center)
    assert codes(game.ext.last_play) == ["3", "4"] and codes(game.hands[0]) == ["6", "8"]
    assert not scene.board.chosen


def test_a_card_picked_out_of_hand_order_that_cannot_join_says_the_sum_not_the_order(app):
    scene = kabu_table(app, [["2", "4", "5", "8"], *BYSTANDERS], ["6#2", "7"])
    click(app, card_at(scene, "5"))  # 5 + 2 would make 7
    click(app, card_at(scene, "4"))  # 5 + 4 = 9: no card of the last play
    assert len(scene.board.chosen) == 1 and scene.toast is not None
    assert "add up to 9" in scene.toast[0] and "order" not in scene.toast[0]
    click(app, card_at(scene, "2"))
    frames(app, 1)
    click(app, scene.buttons["play_set"].center)
    assert codes(scene.game.ext.last_play) == ["2", "5"]


def test_number_keys_pick_a_set_and_enter_plays_it(app):
    scene = kabu_table(app, [["3", "4", "6", "8"], *BYSTANDERS], ["6#2", "7"])
    hand = codes(scene.source.view.hand)
    press(app, pygame.K_1 + hand.index("3"))
    press(app, pygame.K_1 + hand.index("4"))
    press(app, pygame.K_RETURN)
    assert codes(scene.game.ext.last_play) == ["3", "4"]


def test_parity_the_set_targets_and_the_twos_debt_stand_by_the_field(app):
    scene = kabu_table(
        app, [["2", "6", "10"], *BYSTANDERS], ["6#2", "3", "2#2"], chain=(1, 2), last_play=["3", "2#2"]
    )
    frames(app, 2)
    badges = [label for label, _c in scene.board.preset_ui.indicators(scene.source.view)]
    assert badges == ["2s only", "Sets: 2, 3"]  # what may follow a 3 + 2 while forced
    assert {"indicator:0", "indicator:1", "chain"} <= set(scene.board.regions)
    ui = scene.board.preset_ui
    unforced = dataclasses.replace(scene.source.view, chain_links=0, chain_cards=0)
    assert [label for label, _c in ui.indicators(unforced)] == ["Odd · Even", "Sets: 2, 3"]
    assert scene.board.preset_ui.chain_label(2) == "+2"  # as `app` shows its +N
    click(app, card_at(scene, "10"))  # a 10 must wait for the draw (D5)
    assert scene.toast is not None and "2s" in scene.toast[0]
    frames(app, 1)
    assert scene.buttons["draw"] and "draw" in scene.lit
    click(app, scene.buttons["draw"].center)  # the 2 owed cards, then a normal turn
    assert len(scene.game.hands[0]) == 5 and scene.game.turn == 0


def test_laps_and_extra_cards_are_on_the_plates(app):
    scene = kabu_table(
        app, [["3", "4", "6", "8"], *BYSTANDERS], ["6#2", "7"], laps=[3, 0, 1], extra=[2, 0, 5]
    )
    frames(app, 2)
    shown = [text.score_text(s) for s in scene.source.view.standings]
    assert shown == ["laps 3 · extra 2", "laps 0 · extra 0", "laps 1 · extra 5"]
    assert {"plate:0", "plate:1", "plate:2"} <= set(scene.board.regions)


def dobon_on_a_pair_of_fours(app) -> TableScene:
    """Ren (seat 1) plays the ensouled four and a plain 4 as a set on an 8; your 1 + 3 make 4."""
    scene = kabu_table(app, [["1", "3"], ["4S", "4", "9", "9#2"], ["9#3", "8"]], ["6", "8#2"], turn=1)
    game = scene.game
    fours = tuple(sorted((game.deck.card("4S"), game.deck.card("4")), key=lambda c: c.id))
    scene.board.feed(game.apply(Action(1, Kind.PLAY, fours)))
    settle(app, scene, lambda: scene.board.settled and game.window is not None)
    return scene


def test_a_dobon_names_its_card_among_the_cards_of_the_last_play(app):
    scene = dobon_on_a_pair_of_fours(app)
    frames(app, 1)
    assert scene.board.call_hint is not None  # "you can call"
    press(app, pygame.K_SPACE)
    assert scene.picker is not None and len(scene.picker) == 2  # the ensouled four or the plain 4
    frames(app, 1)
    assert {"suit:0", "suit:1"} <= set(scene.buttons)
    index = next(i for i, a in enumerate(scene.picker) if a.cards[0].code == "4S")
    notes = [scene.board.preset_ui.target_note(scene.source.view, a, scene.board.names) for a in scene.picker]
    assert notes[index] == "×4" and notes[1 - index] is None  # what naming the ensouled four is worth (M3)
    click(app, scene.buttons[f"suit:{index}"].center)
    assert scene.game.window.calls and scene.game.window.calls[0].cards[0].code == "4S"


def test_trumps_are_put_out_after_a_dobon_and_the_settlement_is_shown_step_by_step(app):
    scene = dobon_on_a_pair_of_fours(app)
    game = scene.game
    press(app, pygame.K_SPACE)
    press(app, pygame.K_1 + next(i for i, a in enumerate(scene.picker) if a.cards[0].code == "4S"))
    # the window closes (the others cannot answer), and you are asked for your trumps
    settle(app, scene, lambda: game.ext.stage == "trump" and scene.accepts_input and game.window is None)
    frames(app, 2)
    assert "panel" in scene.board.regions  # "Put out your trumps"
    assert scene.board.preset_ui.prompt(scene.source.view, 0)[0] == "Put out your trumps (your total: 4)"
    assert not any(a.kind is Kind.DRAW for a in scene.legal())
    click(app, card_at(scene, "3"))
    frames(app, 1)
    click(app, scene.buttons["play_set"].center)
    assert codes(game.extra["trumps/0"]) == ["3"] and codes(game.hands[0]) == ["1"]
    frames(app, 2)
    assert "You put out trumps: 3" in scene.board.log
    settle(app, scene, lambda: isinstance(app.stack.top, RoundResultScene), limit=600, dt=0.05)
    result = app.stack.top
    assert game.result.winners == (0,) and game.result.losers == (1,)
    frames(app, 1)
    # P = A1 1, ×4 for the ensouled four dobon'd (M3): Ren takes 4 extra cards
    ((title, steps),) = result.settlement
    assert title == "You → Ren"
    assert steps[0] == "A1 +1 base" and "A2 +0 trumps" in steps and "M1 ×1 gaeshi" in steps
    assert "M3 ×4 red pin / ensouled four turned up or called on" in steps and steps[-1] == "= 4 points"
    assert [s.split()[0] for s in steps[:-1]] == [
        "A1",
        "A2",
        "A3",
        "A4",
        "A5",
        "A6",
        "A7",
        "A8",
        "M1",
        "M2",
        "M3",
        "M4",
    ]
    assert result.settlement_shown and result.settlement_shown[-1] == "= 4 points"
    ui = scene.board.preset_ui
    assert ui.result_line("extra", 4, result.before[1]) == "extra cards 0 → 4 (next hand 8)"
    assert any("Next parent" in note and "Ren" in note for note in result.notes)
    text.setup("ja")
    try:
        ((title, steps),) = ui.settlement(game.result, ["あなた", "レン", "ハナ"])
        assert title == "あなた → レン" and steps[0] == "A1 +1 基本点" and steps[-1] == "= 4点"
        assert "M4 ×1 単ピン" in steps
    finally:
        text.setup("en")
    uikit.press_button(app, result.next)
    assert app.stack.top is scene and game.round_no == 2 and game.parent == 1  # the loser deals


def test_the_plain_four_scores_without_the_soul_factor(app):
    scene = dobon_on_a_pair_of_fours(app)
    press(app, pygame.K_SPACE)
    press(app, pygame.K_1 + next(i for i, a in enumerate(scene.picker) if a.cards[0].code == "4"))
    assert scene.game.window.calls[0].cards[0].code == "4"


def test_four_of_a_kind_is_shown_from_its_button_before_the_first_play(app):
    scene = kabu_table(app, [["7", "7#2", "7#3", "7#4", "10"], *BYSTANDERS], ["6"])
    game = scene.game
    frames(app, 2)
    assert "control:declare:0" in scene.board.regions
    assert scene.board.preset_ui.declare_label(None) == "Four of a kind"
    click(app, scene.board.regions["control:declare:0"].center)
    assert any(isinstance(e, FourShown) for e in game.events)
    settle(app, scene, lambda: isinstance(app.stack.top, RoundResultScene), limit=600, dt=0.05)
    blocks = app.stack.top.settlement
    # one block: you on both others, the same points (30 × (10 − 5) + 5 per 10)
    assert len(blocks) == 1 and blocks[0][0] == "You → Ren, Hana" and blocks[0][1][-1] == "= 155 points"


def test_whole_kabu_matches_play_to_the_match_result_with_laps_and_extra_charted(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    app = uikit.make_app()
    try:
        seats = [SeatSpec("human", "basic", ""), *[SeatSpec("ai", "basic", "") for _ in range(3)]]
        setup = GameSetup("kabu", 4, {"max_matches": 2}, seats, 11).complete()
        scene = TableScene(app, setup)
        app.stack.clear_to(scene)
        for _ in range(6):  # each match's result, then Next (the last one: the game's result)
            uikit.play_for_person(app, lambda: isinstance(app.stack.top, RoundResultScene))
            frames(app, 1)
            assert app.stack.top.settlement  # every ending explains itself
            uikit.press_button(app, app.stack.top.next)
            if isinstance(app.stack.top, MatchResultScene):
                break
        assert isinstance(app.stack.top, MatchResultScene) and scene.game.match_ext.matches == 2
        frames(app, 1)
        laps = score_history(scene.event_log, "laps")
        assert laps[0] == [0, 0, 0, 0] and len(laps) >= 3
    finally:
        app.close()


def test_the_new_game_screen_offers_kabu_with_its_options(app):
    from ui.scenes.new_game import NewGameScene

    scene = NewGameScene(app)
    app.stack.clear_to(scene)
    frames(app, 2)
    menu = scene.preset_menu
    names = [o[1] if isinstance(o, tuple) else o for o in menu.options_list]
    assert "kabu" in names
    scene.preset = "kabu"
    scene.build()
    frames(app, 1)
    assert {"max_matches", "lap_limit", "draw_parent", "counterclockwise", "gaeshi_mult"} <= set(
        scene.option_fields
    )
    assert scene.option_fields["gaeshi_mult"].text == "Gaeshi multiplier: ×2 per gaeshi (×2n)"
    uikit.press_button(app, scene.option_fields["gaeshi_mult"])  # D16's other reading
    assert scene.option_fields["gaeshi_mult"].text == "Gaeshi multiplier: doubling (×2^n)"
    scene.option_fields["max_matches"].set_text("3")
    uikit.press_button(app, scene.start)
    frames(app, 2)
    table = app.stack.top
    assert isinstance(table, TableScene) and table.game.rules.preset == "kabu"
    assert table.game.rules.max_matches == 3 and table.game.rules.gaeshi_mult == "doubling"


def test_a_first_card_dobon_is_called_on_the_okoshi_fuda_and_every_other_seat_loses(app):
    scene = kabu_table(app, [["3", "5", "10"], *BYSTANDERS], ["8"])  # 3 + 5 + 十 (0) = 8
    game = scene.game
    frames(app, 2)
    press(app, pygame.K_SPACE)
    assert game.window is not None and game.window.calls
    settle(app, scene, lambda: game.ext.stage == "trump" and scene.accepts_input and game.window is None)
    assert any("called DOBON on the first card" in line for line in scene.board.log)
    click(app, card_at(scene, "10"))
    frames(app, 1)
    click(app, scene.buttons["play_set"].center)
    settle(app, scene, lambda: isinstance(app.stack.top, RoundResultScene), limit=600, dt=0.05)
    ((title, steps),) = app.stack.top.settlement
    # A1 5 (first card), A3 0 (two cards left), A6 0 (the 十 went out as a trump): 5 to each of the others
    assert title == "You → Ren, Hana" and steps[0] == "A1 +5 base" and steps[-1] == "= 5 points"
    assert game.result.losers == (1, 2)


def test_the_new_game_screen_offers_trumps_staying_in_the_hand_in_both_languages(app):
    """D11's house rule: a toggle among kabu's options (off by default), named in English and Japanese."""
    from ui.scenes.new_game import NewGameScene

    scene = NewGameScene(app)
    app.stack.clear_to(scene)
    scene.preset = "kabu"
    scene.build()
    frames(app, 1)
    toggle = scene.option_fields["trumps_stay_in_hand"]
    assert toggle.text == "Trumps stay in the hand: off"
    uikit.press_button(app, toggle)
    assert scene.option_fields["trumps_stay_in_hand"].text == "Trumps stay in the hand: on"
    text.setup("ja")
    try:
        scene.build()
        frames(app, 1)
        assert scene.option_fields["trumps_stay_in_hand"].text == "切り札は手札に残る: オン"
    finally:
        text.setup("en")
    scene.build()
    frames(app, 1)
    uikit.press_button(app, scene.start)
    frames(app, 2)
    table = app.stack.top
    assert isinstance(table, TableScene) and table.game.rules.trumps_stay_in_hand is True


def test_with_trumps_staying_in_the_hand_your_total_counts_them():
    """Your total by your hand (and in the trump prompt) counts the trumps you have put out, as the
    rules do under the option; without it, only the cards still in your hand."""
    from ui.presets import preset_ui

    for stay, shown in ((True, "Total 7"), (False, "Total 3")):
        data = {
            "dobon_scenario": 1,
            "preset": "kabu",
            "players": 3,
            "options": {"draw_parent": False, "trumps_stay_in_hand": stay},
            "piles": {
                "hand/0": ["5", "8", "7"],
                "hand/1": ["3", "4"],
                "hand/2": ["1", "3#2"],
                "field": ["6", "5#2"],
            },
        }
        game = parse(data).game()
        seven = game.deck.card("7")
        for action in (Action(0, Kind.PLAY, (seven,)), Action(1, Kind.DOBON, (seven,)), Action(2, Kind.PASS)):
            game.apply(action)
        game.apply(Action(1, Kind.PLAY, (game.deck.card("4"),)))  # B's trump
        ui = preset_ui(game.rules)
        assert ui.hand_value(game.view(1)) == shown


def test_a_kabu_deal_saved_from_the_menu_loads_in_its_pre_play_window(app, tmp_path):
    """Menu → Save this deal on a kabu table writes the deal as it stood in the window on the
    okoshi-fuda; loaded again it stands in that window (not past it), the parent to play first."""
    from uikit import play_for_person, press_button

    from game.scenario import load
    from ui.scenes.menu import PauseMenu

    scene = kabu_table(app, [["3", "5", "7"], *BYSTANDERS], ["8"])
    game = scene.game
    play_for_person(app, lambda: len(game.actions) >= 5)
    press(app, pygame.K_ESCAPE)
    menu = app.stack.top
    assert isinstance(menu, PauseMenu)
    press_button(app, menu.items["save_deal"])
    (saved,) = (tmp_path / "scenarios").glob("deal-*.json")
    deal = load(saved).game()
    assert deal.ext.stage == "pre_play" and deal.window is not None and deal.window.placer == -1
    for seat in list(deal.window.pending):
        deal.apply(Action(seat, Kind.PASS))
    assert deal.ext.stage == "play" and deal.turn == deal.parent
    frames(app, 2)


def test_a_total_past_13_says_in_words_what_that_means():
    """The plate said "Total 14: over 13", which tells a newcomer nothing: it says a call is out of reach."""
    from ui.presets import preset_ui
    from ui.text import setup

    data = {
        "dobon_scenario": 1,
        "preset": "kabu",
        "players": 3,
        "piles": {"hand/0": ["9", "5"], "hand/1": ["3", "4"], "hand/2": ["1", "2"], "field": ["6"]},
    }
    game = parse(data).game()
    ui = preset_ui(game.rules)
    setup("en")
    assert ui.hand_value(game.view(0)) == "Total 14: too high to call Dobon (13 at most)"
    setup("ja")
    try:
        assert "ドボンできない" in ui.hand_value(game.view(0))
    finally:
        setup("en")


def test_the_keyboard_cursor_does_not_stand_out_like_a_picked_card(app):
    """Picking a set by keyboard: the cursor lifted a card exactly as a pick does (the 6 looked picked,
    the 3 did not, and Enter played the 3). Where sets are picked the cursor is its ring alone; a pick
    stands out, with a tick above it."""
    scene = kabu_table(app, [["3", "4", "6", "8"], *BYSTANDERS], ["6#2", "7"])
    scene.board.hover = None
    frames(app, 2)
    flat = scene.board.regions["hand"].top
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    scene.board.hover = None
    frames(app, 2)
    assert scene.board.selected is not None
    assert scene.board.regions["hand"].top == flat  # the cursor raised nothing
    hand = codes(scene.source.view.hand)
    press(app, pygame.K_1 + hand.index("3"))  # picked
    scene.board.hover = None
    frames(app, 2)
    assert len(scene.board.chosen) == 1
    lifted = scene.board.layout.hand_card_h * 0.16
    assert scene.board.regions["hand"].top < flat - lifted  # the pick stands out, its tick above it
