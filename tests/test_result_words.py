"""The round result explains its amounts (issue 30, point 8): whose hand a dobon's points are, the
largest hand a loser pays on, and what a "Stop" is, in both languages."""

from __future__ import annotations

import pytest
import uikit
from uikit import frames

from game import Action, Game, Kind, make_rules
from ui.scenes.results import RoundResultScene, line_text
from ui.scenes.table import TableScene
from ui.table.setup import GameSetup, SeatSpec


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    application = uikit.make_app((800, 600))
    yield application
    application.close()


def dobon_result(app) -> tuple[RoundResultScene, list[str]]:
    """Ren calls dobon on your 10♥ (app rules); the result screen and the texts it draws."""
    hands = [
        ["10H", "4D", "5D", "6D", "7D"],
        ["AC", "AS", "2D", "3D", "3S"],
        ["2C", "4C", "6C", "8C", "10C"],
        ["3C", "5C", "7C", "JC", "QC"],
    ]
    game = Game(make_rules("app", 4), 8, deal=False)
    game.start_round(game.deck_from_hands(hands, "9H", [], 0), 0)
    game.apply(Action(0, Kind.PLAY, (game.deck.card("10H"),)))
    game.apply(Action(1, Kind.DOBON, (game.deck.card("10H"),)))
    while game.window is not None:
        game.apply(Action(game.window.pending[0], Kind.PASS))
    seats = [SeatSpec("human", "basic", ""), *[SeatSpec("ai", "basic", "") for _ in range(3)]]
    table = TableScene(app, GameSetup("app", 4, {}, seats, 5).complete(), game)
    app.stack.clear_to(table)
    for _ in range(400):
        frames(app, 1)
        if isinstance(app.stack.top, RoundResultScene):
            break
    result = app.stack.top
    assert isinstance(result, RoundResultScene)
    said: list[str] = []
    text = table.board.text
    table.board.text = lambda s, *args, **kw: said.append(s) or text(s, *args, **kw)
    frames(app, 2)
    return result, said


def test_an_app_dobon_says_which_cards_its_points_count(app):
    _result, said = dobon_result(app)
    assert "both hands and the hit card 60" in said
    app.set_language("ja")
    frames(app, 2)
    assert "両者の手札と当たり札 60" in said


def test_a_super_dobon_names_whose_hand_is_paid_on_and_a_loser_line_its_largest_hand():
    names = ["You", "Ren", "Hana"]
    uikit.make_app().close()  # the translations
    assert line_text("dobon_points", 74, "1", names) == "Ren's hand 74"
    assert line_text("loser_by_dobon", 0, "worst 0 × 3 winner(s) × 2", names) == (
        "loser (dobon) 0 (largest hand left 0 × 3 winner(s) × 2)"
    )
    assert line_text("loser_by_gaeshi", 42, "worst 7 × 6", names) == (
        "loser (gaeshi) 42 (largest hand left 7 × 6)"
    )


def test_a_stop_says_what_a_stop_is(app):
    from game.scenario import parse

    piles = {"hand/0": ["9H"], "hand/1": ["4S", "6S"], "hand/2": ["3S", "KS"], "hand/3": ["7S", "QD"]}
    game = parse(
        {"dobon_scenario": 1, "preset": "app", "players": 4, "piles": {**piles, "field": ["9C"]}, "turn": 0}
    ).game()
    seats = [SeatSpec("human", "basic", ""), *[SeatSpec("ai", "basic", "") for _ in range(3)]]
    table = TableScene(app, GameSetup("app", 4, {}, seats, 5).complete(), game)
    app.stack.clear_to(table)
    frames(app, 30)
    table.play_card(game.deck.card("9H"))
    for _ in range(600):
        frames(app, 1)
        if isinstance(app.stack.top, RoundResultScene):
            break
    result = app.stack.top
    assert isinstance(result, RoundResultScene) and result.result.ending == "stop"
    assert (
        result.notes[0] == "A stop: a player played out their hand and nobody called Dobon on the last card"
    )
