"""The table finds what only one preset draws through the rule set (ui/presets/<preset>.py): generic
table code presents the core's events, and a preset's own events go to its module."""

from __future__ import annotations

import pytest
import uikit  # noqa: F401  (the dummy video driver)
from uikit import click, frames, make_app

from game import Action, Game, Kind, make_rules
from ui.presets import PresetUI, preset_ui
from ui.scenes.table import TableScene
from ui.table.setup import GameSetup, SeatSpec


def test_each_preset_has_its_table_module(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    make_app().close()  # loads the translations
    app, standard = preset_ui(make_rules("app", 3)), preset_ui(make_rules("standard", 3))
    assert isinstance(app, PresetUI) and isinstance(standard, PresetUI)
    assert not app.last_one_button and standard.last_one_button
    assert app.chain_label(4) == "+4" and standard.chain_label(4) == "Binding 4"
    assert [name for name, _ in standard.new_game_options] == ["rounds_per_match", "max_bid", "auto_last_one"]
    # (a preset with no table module is an error, not the default: tests/test_registry.py)


def test_a_presets_own_event_is_presented_by_its_module(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    app = make_app()
    try:
        seats = [SeatSpec("human", "basic", "")] + [SeatSpec("ai", "basic", "") for _ in range(2)]
        game = Game(make_rules("standard", 3), 4)
        table = TableScene(app, GameSetup("standard", 3, {}, seats, 4).complete(), game)
        app.stack.push(table)
        for seat in range(3):
            table.board.feed(game.apply(Action(seat, Kind.BID, amount=1 + seat)))
        for _ in range(400):
            frames(app, 1, 0.05)
            if any("auction" in line for line in table.board.log):
                break
        assert any("won the auction" in line for line in table.board.log), table.board.log
        banner = [s.text for s in table.board.splashes]
        assert banner == ["Starts (bid 3)"], banner  # the amount filled in, not the raw template
    finally:
        app.close()


def test_the_table_draws_a_kabufuda_deck_in_its_own_narrow_shape(tmp_path, monkeypatch):
    """The card shape comes from the deck the view names (kabufuda are narrower than poker cards)."""
    from dataclasses import dataclass
    from typing import ClassVar

    import pygame

    from game.realtime import Timing
    from game.rules.app import AppRules
    from ui.table.board import Board
    from ui.table.source import LocalHost

    @dataclass(frozen=True)
    class KabuDeck(AppRules):
        deck: ClassVar[str] = "kabufuda"

    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    app = make_app()
    boards = {}
    for rules in (make_rules("app", 3), KabuDeck(players=3)):
        game = Game(rules, 2)
        board = Board(LocalHost(game, {}, Timing(), 0), 0, ["a", "b", "c"], lambda: 1.0)
        board.set_size(1280, 720)
        board.finish_all()
        board.draw(pygame.Surface((1280, 720)))
        boards[rules.deck] = board
    poker, kabu = boards["52"], boards["kabufuda"]
    assert kabu.shape == "kabufuda" and poker.shape == "poker"
    (pr, _), (kr, _) = poker.own_card_rects()[0], kabu.own_card_rects()[0]
    assert kr.height == pr.height and kr.width < pr.width * 0.9
    assert kabu.stock_rect().width < poker.stock_rect().width
    app.close()


def super_table(app, piles: dict[str, list[str]], turn: int) -> tuple[Game, TableScene]:
    """A three-seat `super` table (you at seat 0) standing at the position `piles`, `turn` to play."""
    from game.scenario import parse

    game = parse({"dobon_scenario": 1, "preset": "super", "players": 3, "piles": piles, "turn": turn}).game()
    seats = [SeatSpec("human", "basic", "")] + [SeatSpec("ai", "basic", "") for _ in range(2)]
    table = TableScene(app, GameSetup("super", 3, {}, seats, 4).complete(), game)
    app.stack.clear_to(table)
    return game, table


def test_super_at_the_table_counts_two_ways_names_colours_in_words_and_says_last(tmp_path, monkeypatch):
    from game.cards import Suit

    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    app = make_app()
    try:
        game, table = super_table(
            app, {"hand/0": ["AS", "2H", "5C", "QH"], "hand/1": ["3S", "4S"], "field": ["7H"]}, 0
        )
        frames(app, 20)
        ui = table.board.preset_ui
        assert ui.last_one_button
        assert ui.hand_value(table.source.view) == "Hand sum 20–47"  # 1|10 + 2|20 + 5 + 12: four totals
        assert ui.hand_value(game.view(1)) == "Hand sum 7"
        queen = game.deck.card("QH")
        rect = next(r for r, c in table.board.own_card_rects() if c is queen)
        click(app, rect.center)
        assert table.picker and {colour for colour, _ in map(ui.suit_choice, table.picker)} == {
            "Red",
            "Black",
        }
        pick = next(i for i, a in enumerate(table.picker) if a.suit is Suit.SPADES)
        click(app, table.buttons[f"suit:{pick}"].center)
        assert game.actions[-1].card is queen and game.actions[-1].suit is Suit.SPADES
        while game.window is not None:
            game.apply(Action(game.window.pending[0], Kind.PASS))
        assert ui.indicators(game.view(0)) == [("Black", (30, 30, 34))]  # the badge by the field card
        frames(app, 60)
        assert "You name Black" in table.board.log, table.board.log  # "you" takes its own verb form
    finally:
        app.close()


def test_log_lines_already_shown_follow_a_language_switch(tmp_path, monkeypatch):
    """Switching to Japanese mid-game (Menu, Settings) re-says the lines the log already holds."""
    from uikit import choose_language

    from game.cards import Suit
    from ui.scenes.settings_scene import SettingsScene

    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    app = make_app()
    try:
        _game, table = super_table(
            app, {"hand/0": ["AS", "5C", "QH"], "hand/1": ["3S", "4S"], "field": ["7H"]}, 0
        )
        frames(app, 20)
        table.submit(
            next(a for a in table.legal() if a.cards and a.cards[0].code == "QH" and a.suit is Suit.SPADES)
        )
        frames(app, 60)
        assert "You name Black" in table.board.log
        settings = SettingsScene(app)
        app.stack.push(settings)
        frames(app, 2)
        choose_language(app, settings, "日本語")
        app.stack.pop()
        frames(app, 2)
        shown = [line.now() for line in table.board.log]
        assert "あなたが黒を指定" in shown, shown
        assert not any("You" in line for line in shown), shown
        choose_language_back = SettingsScene(app)
        app.stack.push(choose_language_back)
        frames(app, 2)
        choose_language(app, choose_language_back, "English")
        app.stack.pop()
        assert "You name Black" in [line.now() for line in table.board.log]
    finally:
        app.close()


def test_a_window_on_a_card_placed_on_a_player_pile_rings_that_pile(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    app = make_app()
    try:
        game, table = super_table(
            app, {"hand/0": ["4S", "4H"], "hand/1": ["8C", "3D", "5D"], "field": ["7H"]}, 1
        )
        table.board.feed(game.apply(Action(1, Kind.PLAY, (game.deck.card("8C"),))))
        for _ in range(120):
            frames(app, 1)
            if table.board.shown.window is not None:
                break
        assert table.board.shown.window_pile == "pile/1"  # the ring goes round seat 1's own pile
        assert "You can call" in table.board.call_hint  # 4 + 4 = 8: the person may call on it
    finally:
        app.close()


def test_in_super_you_may_play_your_next_card_while_the_window_is_open(tmp_path, monkeypatch):
    """§6: the next player may act during the dobon window. Your click is taken at once, the card stands
    out of your hand marked "Next", and it goes down when the window closes with no call."""
    from game.events import Played

    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    app = make_app()
    try:
        game, table = super_table(
            app,
            {
                "hand/0": ["7C", "4D", "5D"],
                "hand/1": ["3S", "6S"],
                "hand/2": ["7S", "9D", "10D"],
                "field": ["7H"],
            },
            2,
        )
        table.board.feed(game.apply(Action(2, Kind.PLAY, (game.deck.card("7S"),))))
        for _ in range(120):
            frames(app, 1)
            if table.board.shown.window is not None and table.accepts_input:
                break
        assert game.window is not None and game.queue_seat() == 0
        seven = game.deck.card("7C")
        rect = next(r for r, c in table.board.own_card_rects() if c is seven)
        click(app, rect.center)
        frames(app, 2)
        assert game.window is not None and game.window.queued == Action(0, Kind.PLAY, (seven,))
        assert any("Your next move is in" in line for line in table.board.log), table.board.log
        assert "hand" in table.board.regions and seven in game.hands[0]
        lifted = next(r for r, c in table.board.own_card_rects() if c is seven)
        assert lifted.top < rect.top  # it stands out of the hand
        # a second click on another card is refused with the reason, in words
        other = next(r for r, c in table.board.own_card_rects() if c is game.deck.card("4D"))
        click(app, other.center)
        assert table.toast and table.toast[0].startswith("Your next move is already in"), table.toast
        for _ in range(600):  # the window closes on its own (nobody else can call): the 7♣ goes down
            frames(app, 1)
            if any(isinstance(e, Played) and e.seat == 0 for e in game.events):
                break
        assert game.discard[-1] is seven and seven not in game.hands[0]
    finally:
        app.close()


def test_super_lit_draw_during_the_window_puts_the_turn_glow_on_your_plate_alone(tmp_path, monkeypatch):
    """Hana plays; during the window on her card your move may go in already (Draw lit): the turn glow
    is then on your plate, not on hers as well."""
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    app = make_app(reaction_ms=3000)
    try:
        piles = {"hand/0": ["9S", "10D", "JC"], "hand/1": ["3S", "4S"], "hand/2": ["5H", "6H", "KC"]}
        game, table = super_table(app, {**piles, "field": ["7H"]}, 2)
        for _ in range(300):  # Hana (an AI seat) plays a heart
            frames(app, 1)
            if "draw" in table.lit:
                break
        assert game.window is not None and table.source.view.turn == 2  # still on Hana's card
        assert table.board.glowing == {0}
    finally:
        app.close()


def test_last_one_arms_only_where_it_would_count_and_says_the_rule_otherwise(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    app = make_app()
    try:
        hand = ["AS", "2H", "5C", "9D", "10S"]
        _game, table = super_table(app, {"hand/0": hand, "hand/1": ["3S", "4S"], "field": ["7H"]}, 0)
        frames(app, 20)
        click(app, table.buttons["last_one"].center)
        assert not table.last_one_armed and "last_one" not in table.lit
        assert table.toast is not None and table.toast[0] == (
            '"Last" is said only with the play that leaves you one card'
        )
        _game, table = super_table(app, {"hand/0": ["9H", "10S"], "hand/1": ["3S", "4S"], "field": ["7H"]}, 0)
        frames(app, 20)
        click(app, table.buttons["last_one"].center)
        assert table.last_one_armed
    finally:
        app.close()


def test_super_says_when_a_card_goes_onto_its_players_own_pile():
    from ui.presets import preset_ui
    from ui.text import setup

    ui = preset_ui(make_rules("super", 4))
    setup("en")
    assert ui.played_line("pile/1", "Ren", "♥8") == "Ren put ♥8 on their own pile"
    assert ui.played_line("field", "Ren", "♥7") is None  # the common pile: the usual "Ren played ♥7"
    setup("ja")
    try:
        assert "自分の場札" in ui.played_line("pile/1", "Ren", "♥8")
    finally:
        setup("en")


def test_supers_empty_own_piles_say_what_they_are_for():
    from ui.presets import preset_ui
    from ui.text import setup

    setup("en")
    ui = preset_ui(make_rules("super", 4))
    assert ui.empty_pile_label("pile/2") == "own pile"
    assert ui.empty_pile_label("field") is None
    assert preset_ui(make_rules("app", 4)).empty_pile_label("pile/2") is None


def test_your_own_card_on_your_own_pile_and_a_call_on_you_read_as_english(tmp_path, monkeypatch):
    """The log said "You put ♣8 on their own pile" and "Ren called DOBON on You!"."""
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    app = make_app()
    try:
        _game, table = super_table(
            app,
            {"hand/0": ["8C", "3D", "9S"], "hand/1": ["4S", "4H"], "hand/2": ["KD", "QD"], "field": ["7H"]},
            0,
        )
        frames(app, 20)
        table.submit(next(a for a in table.legal() if a.cards and a.cards[0].code == "8C"))
        frames(app, 30)
        assert "You put ♣8 on your own pile" in table.board.log, list(table.board.log)
        for _ in range(300):  # seat 1 (4 + 4 = 8) calls on it
            frames(app, 1)
            if any("DOBON" in line for line in table.board.log):
                break
        assert any(line.endswith("called DOBON on you!") for line in table.board.log), list(table.board.log)
    finally:
        app.close()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_presets_description_names_no_round_count_the_field_beside_it_can_change(language):
    """Super's description said "Eight rounds" beside a Rounds field set to 1."""
    from ui.text import setup, tr

    setup(language)
    try:
        for preset in ("app", "standard", "super", "jda", "kabu"):
            about = tr(f"preset_about.{preset}")
            assert not any(w in about for w in ("Eight rounds", "Twenty rounds", "8ラウンド", "20回戦")), (
                about
            )
    finally:
        setup("en")


def test_an_empty_own_piles_label_is_as_large_as_its_outline_holds(tmp_path, monkeypatch):
    """"own pile" was drawn at a seventh of the outline's height: a smudge at any interface size."""
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    app = make_app((1280, 720))
    try:
        _game, table = super_table(app, {"hand/0": ["3D", "9S"], "hand/1": ["4S", "4H"], "field": ["7H"]}, 0)
        board = table.board
        drawn: list[tuple[str, int]] = []
        text = board.text

        def noting(words, size, *args, **kw):
            drawn.append((str(words), size))
            return text(words, size, *args, **kw)

        monkeypatch.setattr(board, "text", noting)
        frames(app, 2)
        sizes = [size for words, size in drawn if words in ("own", "pile")]
        outline = board.regions["pile:pile/0"]
        assert sizes and min(sizes) >= outline.height // 6
        font = board.font(min(sizes))
        assert font.size("pile")[0] <= outline.width - 8
    finally:
        app.close()
