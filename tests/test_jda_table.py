"""jda (日本ドボン協会公認ルール) at the desktop table, driven with real pygame events (issue 15): cards of
the field card's number placed out of turn by a click or a key, sets of one number picked and placed
together, the Dobon button live whenever the hand adds up, dobon-gaeshi with its top card, clock and
throw-in, AI seats racing, the between-games screen and the results chart."""

from __future__ import annotations

import pygame
import pytest
import uikit
from uikit import click, frames, press

from game import Kind
from game.actions import Action
from game.scenario import parse
from ui.scenes.results import MatchResultScene, RoundResultScene, score_history
from ui.scenes.table import TableScene
from ui.table.setup import GameSetup, SeatSpec


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    # AI seats slow enough that they never move before the person in these tests, unless a test says
    application = uikit.make_app(ai_turn_ms=5000, ai_dobon_ms=5000)
    yield application
    application.close()


def jda_table(app, piles: dict, turn: int, placer: int, players: int = 3, **options) -> TableScene:
    """A jda table opened on a position (you are seat 0), once the deal has been shown."""
    data = {
        "dobon_scenario": 1,
        "preset": "jda",
        "players": players,
        "options": options,
        "piles": piles,
        "turn": turn,
        "round": {"placer": placer},
    }
    game = parse(data).game()
    seats = [SeatSpec("human", "basic", "You"), *[SeatSpec("ai", "basic", "") for _ in range(players - 1)]]
    scene = TableScene(app, GameSetup("jda", players, dict(options), seats, 5).complete(), game)
    app.stack.clear_to(scene)
    for _ in range(200):
        frames(app, 1)
        if scene.accepts_input:
            break
    assert scene.accepts_input
    return scene


def card_at(scene: TableScene, code: str) -> tuple[int, int]:
    """Where one of your cards is on screen, for a click."""
    for rect, card in scene.board.own_card_rects():
        if card.face == code or str(card) == code or card.code == code:
            return rect.center
    raise AssertionError(f"{code} is not in your hand")


def codes(cards) -> list[str]:
    return [c.code for c in cards]


def test_a_card_of_the_field_number_is_placed_out_of_turn_with_a_click(app):
    scene = jda_table(app, {"hand/0": ["7H", "3D", "KC"], "hand/2": ["2C", "9D"], "field": ["7S"]}, 2, 1)
    game = scene.game
    assert game.turn == 2  # Hana is thinking: you are not on turn
    click(app, card_at(scene, "7H"))
    assert game.field.code == "7H" and codes(game.hands[0]) == ["3D", "KC"]
    assert game.turn == 1  # play goes on after you: Hana lost her turn (JD5)


def test_a_number_key_places_that_card_out_of_turn(app):
    scene = jda_table(app, {"hand/0": ["3D", "7H", "KC"], "field": ["7S"]}, 2, 1)
    hand = list(scene.source.view.hand)
    index = next(i for i, c in enumerate(hand) if c.code == "7H")
    press(app, pygame.K_1 + index)
    assert scene.game.field.code == "7H" and scene.game.turn == 1


def test_a_card_out_of_turn_that_does_not_fit_is_refused_with_the_rule(app):
    scene = jda_table(app, {"hand/0": ["3D", "7H", "KC"], "field": ["7S"]}, 2, 1)
    click(app, card_at(scene, "3D"))
    assert scene.game.field.code == "7S"
    assert scene.toast is not None and "7" in scene.toast[0] and "Out of turn" in scene.toast[0]


def test_a_set_of_one_number_is_picked_and_placed_together_last_picked_on_top(app):
    scene = jda_table(app, {"hand/0": ["7H", "7D", "3C", "KC"], "field": ["7S"]}, 1, 2)
    game = scene.game
    click(app, card_at(scene, "7H"))
    assert game.field.code == "7S" and len(scene.board.chosen) == 1  # picked, not played yet
    click(app, card_at(scene, "3C"))  # not a 7: never joins the set
    assert len(scene.board.chosen) == 1 and scene.toast is not None
    click(app, card_at(scene, "7D"))
    assert len(scene.board.chosen) == 2
    frames(app, 1)
    assert "play_set" in scene.lit
    click(app, scene.buttons["play_set"].center)
    assert codes(game.discard[-3:]) == ["7S", "7H", "7D"]  # in the order picked, the last on top
    assert codes(game.hands[0]) == ["3C", "KC"] and not scene.board.chosen


def test_a_set_that_would_empty_the_hand_cannot_be_built_and_says_why(app):
    scene = jda_table(app, {"hand/0": ["7H", "7D", "7C"], "field": ["7S"]}, 1, 2)
    click(app, card_at(scene, "7H"))
    click(app, card_at(scene, "7D"))
    click(app, card_at(scene, "7C"))  # all three would leave no card
    assert len(scene.board.chosen) == 2
    assert scene.toast is not None and "at least one card" in scene.toast[0]
    press(app, pygame.K_RETURN)  # the two picked go down together
    assert codes(scene.game.hands[0]) == ["7C"] and scene.game.field.code == "7D"


def test_the_dobon_button_is_live_whenever_the_hand_adds_up_and_asks_for_the_top_card(app):
    scene = jda_table(app, {"hand/0": ["4D", "5S"], "hand/1": ["2C", "QD"], "field": ["9C"]}, 2, 1)
    frames(app, 1)
    assert "dobon" in scene.lit or any(a.kind is Kind.DOBON for a in scene.legal())
    press(app, pygame.K_SPACE)
    assert scene.picker and all(a.kind is Kind.DOBON for a in scene.picker)
    top = scene.picker[1].cards[0]
    press(app, pygame.K_2)
    game = scene.game
    assert game.window is not None and game.laid[0][-1] is top  # the hand is down, the chosen card on top


def test_a_self_dobon_asks_first_and_can_be_cancelled(app):
    scene = jda_table(app, {"hand/0": ["8H"], "field": ["8D"]}, 1, 0)  # you placed the 8♦
    press(app, pygame.K_SPACE)
    assert scene.picker and "Self-dobon" in scene.board.preset_ui.call_title(scene.source.view, 0)
    press(app, pygame.K_ESCAPE)
    assert scene.picker is None and scene.game.window is None and codes(scene.game.hands[0]) == ["8H"]


def gaeshi_table(app, hand0: list[str]) -> TableScene:
    """Hana (seat 2) has called dobon on the 9♣ Ren placed, her 9♠ on top; you may answer."""
    scene = jda_table(
        app, {"hand/0": hand0, "hand/1": ["2C", "3D", "KS"], "hand/2": ["9S"], "field": ["9C"]}, 2, 1
    )
    game = scene.game
    scene.board.feed(game.apply(Action(2, Kind.DOBON, (game.deck.card("9S"),))))
    for _ in range(200):
        frames(app, 1)
        if "panel" in scene.board.regions and scene.board.settled:
            break
    return scene


def test_gaeshi_offers_the_top_card_and_its_clock_and_answers_with_space(app):
    scene = gaeshi_table(app, ["4H", "5H"])
    game = scene.game
    assert {"panel", "clock"} <= set(scene.board.regions)  # the 9♠ to answer, and the 3-second dial
    assert scene.window_elapsed() < 3
    press(app, pygame.K_SPACE)
    press(app, pygame.K_1)
    assert [seat for seat, _ in game.ext.dobons] == [2, 0]  # your gaeshi stands on Hana's dobon
    assert game.window is not None and game.window.placer == 0


def test_the_gaeshi_panel_says_the_callers_whole_hand_is_laid_face_up(app):
    scene = gaeshi_table(app, ["4H", "5H"])
    said: list[str] = []
    text = scene.board.text
    scene.board.text = lambda s, *args, **kw: said.append(s) or text(s, *args, **kw)
    frames(app, 2)
    # Hana's plate counts no cards: the panel says why (her hand, the ♠9, is the laid card)
    assert any(line == "Hana called Dobon with the whole hand: ♠9" for line in said), said


def test_a_refusal_during_gaeshi_is_said_clear_of_the_panel_and_a_call_says_why_not(app):
    scene = gaeshi_table(app, ["4H", "QC"])  # 16: no gaeshi on the 9
    click(app, card_at(scene, "4H"))
    text = scene.toast[0]
    assert text == "Not now: a dobon is being answered"
    frames(app, 1)
    toast, panel = scene.board.regions["toast"], scene.board.regions["panel"]
    assert not toast.colliderect(panel)  # "Hana called Dobon" and the clock stay in view
    press(app, pygame.K_SPACE)
    assert scene.toast[0] == "Your hand adds up to 16, not 9: no dobon"


def test_throwing_in_closes_the_gaeshi_window_after_three_seconds_and_the_result_follows(app):
    scene = gaeshi_table(app, ["4H", "QC"])  # 16: no gaeshi
    game = scene.game
    assert "control:answer:0" in scene.board.regions
    click(app, scene.board.regions["control:answer:0"].center)
    assert 0 in game.ext.thrown and game.window is not None
    frames(app, 2)
    assert "badge:0" in scene.board.regions  # your plate says the hand is thrown in
    for _ in range(400):  # the window closes 3 s after it opened (JD13), then the game's result
        open_for = scene.window_elapsed()
        frames(app, 1, 0.02)
        if game.window is None:
            assert open_for >= 2.9  # not before: a gaeshi within 3 s always counts
            break
    for _ in range(200):
        frames(app, 1, 0.02)
        if isinstance(app.stack.top, RoundResultScene):
            break
    result = app.stack.top
    assert isinstance(result, RoundResultScene)
    assert game.result.winners == (2,) and game.result.losers == (1,)
    # between games: how the deal sizes moved and who deals next
    assert any("Next dealer" in note and scene.board.seat_name(1) in note for note in result.notes)
    ui = scene.board.preset_ui
    assert ui.result_line("deal", 6, result.before[1]) == "deal 4 → 6"
    assert ui.result_more(2, game.result, result.before[2], result.standings[2]) == ["deal 4: the smallest"]
    frames(app, 1)
    uikit.press_button(app, result.next)
    assert app.stack.top is scene and game.round_no == 2 and game.parent == 1  # the loser deals


def test_ai_seats_race_out_of_turn_at_the_table(tmp_path, monkeypatch):
    """An AI seat holding the field card's number places it at its reaction time from Settings, while
    the turn player (another AI, slow) is still thinking."""
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    app = uikit.make_app(ai_turn_ms=5000, ai_dobon_ms=200)
    try:
        scene = jda_table(
            app,
            {"hand/0": ["3D", "KC"], "hand/1": ["2C", "9D"], "hand/2": ["7H", "QS"], "field": ["7S"]},
            1,
            0,
        )
        for _ in range(120):
            frames(app, 1, 0.02)
            if scene.game.field.code != "7S":
                break
        assert scene.game.field.code == "7H" and scene.game.turn == 0  # Hana raced; you are next
    finally:
        app.close()


def test_the_match_chart_plots_laps_and_deal_sizes(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    app = uikit.make_app()
    try:
        seats = [SeatSpec("human", "basic", ""), *[SeatSpec("ai", "basic", "") for _ in range(2)]]
        setup = GameSetup("jda", 3, {"games": 2}, seats, 7).complete()
        scene = TableScene(app, setup)
        app.stack.clear_to(scene)
        for _ in range(3):  # each game's result screen, then Next (the last one: the match result)
            uikit.play_for_person(app, lambda: isinstance(app.stack.top, RoundResultScene))
            frames(app, 1)
            uikit.press_button(app, app.stack.top.next)
            if isinstance(app.stack.top, MatchResultScene):
                break
        assert isinstance(app.stack.top, MatchResultScene) and scene.game.match_ext.games == 2
        frames(app, 1)
        deals, laps = score_history(scene.event_log, "deal"), score_history(scene.event_log, "lap")
        assert deals[0] == [4, 4, 4] and len(deals) == 3 and laps[0] == [0, 0, 0]
        assert deals[-1] == [s["deal"] for s in scene.game.standings()]
    finally:
        app.close()


def test_the_new_game_screen_offers_jda_with_its_options(app):
    """Chosen from the rules menu with clicks; its own options (games, the seat draw ...) reach the
    table's rule set."""
    from ui.scenes.new_game import NewGameScene

    scene = NewGameScene(app)
    app.stack.clear_to(scene)
    frames(app, 2)
    click(app, scene.preset_menu.rect.center)  # open the rules menu
    frames(app, 2)
    listing = scene.preset_menu.current_state.options_selection_list
    jda = next(item for item in listing.item_list if item["text"] == "JDA official")
    at = jda["button_element"].rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
    frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1))
    for _ in range(30):  # the menu closes, then says what changed
        frames(app, 1)
        if scene.preset == "jda":
            break
    assert scene.preset == "jda"
    assert {"games", "min_games", "time_limit_min", "seat_draw"} <= set(scene.option_fields)
    games = scene.option_fields["games"]
    games.set_text("3")
    uikit.press_button(app, scene.option_fields["seat_draw"])  # on by default: now off
    uikit.press_button(app, scene.start)
    table = app.stack.top
    assert isinstance(table, TableScene)
    rules = table.game.rules
    assert rules.preset == "jda" and rules.games == 3 and rules.seat_draw is False
    assert table.game.seating == (0, 1, 2, 3)  # no draw: the seats as numbered


def test_a_completed_lap_is_announced_between_games_and_the_table_reseats(app):
    """Ren loses at 12 (a lap, §5): the screen between games says everyone draws for new seats, and
    the next game's plates follow the new seating."""
    data = {
        "dobon_scenario": 1,
        "preset": "jda",
        "players": 3,
        "piles": {"hand/0": ["4H", "QC"], "hand/1": ["2C", "3D", "KS"], "hand/2": ["9S"], "field": ["9C"]},
        "turn": 2,
        "match": {"round_no": 4, "parent": 1, "state": {"deal": [4, 12, 4], "lap": [0, 0, 0], "games": 3}},
        "round": {"placer": 1},
    }
    game = parse(data).game()
    seats = [SeatSpec("human", "basic", "You"), *[SeatSpec("ai", "basic", "") for _ in range(2)]]
    scene = TableScene(app, GameSetup("jda", 3, {}, seats, 5).complete(), game)
    app.stack.clear_to(scene)
    frames(app, 5)
    scene.board.feed(game.apply(Action(2, Kind.DOBON, (game.deck.card("9S"),))))
    frames(app, 5)
    scene.answer(0)  # you throw in: the window closes 3 s after it opened
    for _ in range(600):
        frames(app, 1, 0.02)
        if isinstance(app.stack.top, RoundResultScene):
            break
    result = app.stack.top
    assert isinstance(result, RoundResultScene)
    assert any("new seats" in note for note in result.notes)
    assert scene.board.preset_ui.result_line("lap", 1, result.before[1]) == "lap 0 → 1"
    frames(app, 1)
    uikit.press_button(app, result.next)
    for _ in range(300):  # the reseat draw and the deal are shown
        frames(app, 1, 0.02)
        if scene.board.settled:
            break
    assert game.parent == 1 and scene.board.layout.seating == game.seating
    assert any("Reseat draw" in line for line in scene.board.log)


def test_a_stalling_limit_counts_down_on_your_plate_and_costs_two_cards(app):
    """With the (公) stalling rule on (JD21), your plate counts your turn's seconds down; past them
    you take 2 cards and keep the turn."""
    scene = jda_table(app, {"hand/0": ["3D", "KC", "9H"], "field": ["7S"]}, 0, 1, turn_time_limit_s=4)
    game = scene.game
    frames(app, 60, 1 / 30)  # two seconds
    assert scene.board.clock_hint is not None and "Time left: 2 s" in scene.board.clock_hint
    for _ in range(200):
        frames(app, 1, 1 / 30)
        if len(game.hands[0]) == 5:
            break
    assert len(game.hands[0]) == 5 and game.turn == 0  # two penalty cards; still your turn
    frames(app, 30, 1 / 30)
    assert any("ran out of time" in line for line in scene.board.log)


def test_a_match_played_to_a_time_shows_its_clock_and_when_it_is_up(app):
    """JD20: a match to a time shows what is left of it in the corner; once it is up, whether this game
    ends the match or how many more the minimum asks for."""
    scene = jda_table(
        app, {"hand/0": ["3D", "KC", "9H"], "field": ["7S"]}, 0, 1, games=0, time_limit_min=1, min_games=3
    )
    frames(app, 3)
    assert scene.board.match_clock is not None and scene.board.match_clock.startswith("Match time 1:00")
    assert "match_clock" in scene.board.regions  # drawn
    frames(app, 30, 1.0)  # half a minute of your thinking
    assert scene.board.match_clock in ("Match time 0:30", "Match time 0:31", "Match time 0:29")
    frames(app, 40, 1.0)
    assert scene.game.time_up and scene.board.match_clock_up
    assert scene.board.match_clock == "Time is up: 2 more game(s)"  # this is game 1 of at least 3
    assert "The match's time is up" in scene.board.log


def test_a_match_without_a_time_limit_shows_no_match_clock(app):
    scene = jda_table(app, {"hand/0": ["3D", "KC", "9H"], "field": ["7S"]}, 0, 1)
    frames(app, 3)
    assert scene.board.match_clock is None and "match_clock" not in scene.board.regions


def test_a_resting_table_wakes_as_your_turn_clock_counts_each_second(app):
    """Waiting on you, the table draws nothing by itself except when your plate's clock (JD21) shows
    one second less; the loop is told when that is due."""
    scene = jda_table(app, {"hand/0": ["3D", "KC", "9H"], "field": ["7S"]}, 0, 1, turn_time_limit_s=9)
    frames(app, 3)
    due = scene.due_in()
    assert due is not None and 0 < due <= 1.01
    shown = scene.board.clock_hint
    frames(app, 1, due / 2)  # before the second is up: the same number
    assert scene.board.clock_hint == shown
    frames(app, 1, due / 2)  # the frame it was due for: one second less
    assert scene.board.clock_hint != shown and "Time left: 8 s" in scene.board.clock_hint
    assert scene.due_in() == pytest.approx(1.0, abs=0.02)  # ... and the next in a second


def test_a_callers_plate_counts_the_hand_laid_face_up_not_no_cards(app, monkeypatch):
    """Hana's whole hand (her 9♠) lies face up by her plate while the gaeshi window is open: her plate
    says it is laid down, where "no cards" under a card in plain view read as a mistake."""
    from ui.table.board import Board

    said: list[str] = []
    text = Board.text

    def kept_text(board, words, *args, **kwargs):
        said.append(str(words))
        return text(board, words, *args, **kwargs)

    monkeypatch.setattr(Board, "text", kept_text)
    gaeshi_table(app, ["4H", "5H"])
    assert "1 card laid down" in said and "no cards" not in said
