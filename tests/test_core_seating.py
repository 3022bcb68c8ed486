"""Seating is the rulebook's: jda draws seats and reseats the table when someone completes a lap. A
test rulebook on `app` seats the table in a given order at every deal; turn order, the deal, who a
window asks first, the view, the wire, an AI's sampled games, scenarios and the table's plates must all
follow it."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from game import Game
from game.events import RoundDealt, event_from_json
from game.rules.app import AppRulebook, AppRules
from game.scenario import ScenarioError, from_game, parse
from game.seats.determinize import determinize
from game.view import SeatView

ORDER = (0, 2, 3, 1)  # clockwise: after seat 0 comes seat 2


class ReseatBook(AppRulebook):
    def seating(self, game):
        return ORDER


def reseated(seed: int = 4) -> Game:
    @dataclass(frozen=True)
    class Rules(AppRules):
        def rulebook(self):
            return ReseatBook(self)

    return Game(Rules(players=4), seed)


def test_turns_the_deal_and_windows_go_round_the_seating():
    g = reseated()
    assert g.seating == ORDER
    assert [g.next_seat(s) for s in ORDER] == [2, 3, 1, 0]
    dealt = g.events[0]
    assert isinstance(dealt, RoundDealt) and dealt.seating == ORDER
    g.reverse()
    assert g.next_seat(2) == 0 and g.seat_after(2) == 3  # the deal's order ignores the direction
    g.reverse()
    window = g.open_window(0, (g.field,), freezes_turn=False)
    assert window.pending == [2, 3, 1]
    g.repoll(window, exclude=[3])
    assert window.pending == [2, 1, 0]  # the placer last


def test_the_deal_gives_the_first_card_to_the_parent_then_clockwise():
    g = reseated()
    g.parent = 0
    order = g.deck_from_hands(
        [
            ["AS", "2S", "3S", "4S", "5S"],
            ["AH", "2H", "3H", "4H", "5H"],
            ["AD", "2D", "3D", "4D", "5D"],
            ["AC", "2C", "3C", "4C", "5C"],
        ],
        "KS",
    )
    assert [c.code for c in order[:4]] == ["AS", "AD", "AC", "AH"]  # seats 0, 2, 3, 1
    g.start_round(order, first=0)
    assert [c.code for c in g.hands[1]] == ["AH", "2H", "3H", "4H", "5H"]


def test_the_seating_reaches_views_the_wire_and_sampled_games():
    g = reseated()
    view = g.view(0)
    assert view.seating == ORDER and view.order == ORDER
    assert SeatView.from_json(view.to_json()).seating == ORDER
    dealt = g.events[0]
    assert event_from_json(dealt.to_json(), g.deck).seating == ORDER
    world = determinize(view, random.Random(1))
    assert world.seating == ORDER and world.next_seat(0) == 2
    with pytest.raises(ValueError, match="seating"):
        SeatView.from_json({**view.to_json(), "seating": [0, 0, 1, 2]})


def test_seat_number_order_is_the_default_and_says_nothing():
    plain = Game(AppRules(players=4), 1)
    assert plain.seating == (0, 1, 2, 3) and plain.view(0).seating == ()
    assert plain.events[0].seating == ()


def test_a_whole_match_on_a_reseated_table_keeps_every_card_and_ends():
    g = reseated(seed=9)
    rng = random.Random(9)
    for _ in range(4000):
        movers = [s for s in [-1, *range(g.n)] if g.legal_actions(s)]
        if not movers or g.phase.value == "match-over":
            break
        seat = rng.choice(movers)
        g.apply(rng.choice(g.legal_actions(seat)))
        assert sorted(c.id for c in g.all_cards()) == list(range(52))
    assert g.round_no > 1


def test_a_scenario_holds_the_seating_and_refuses_a_bad_one():
    data = {
        "dobon_scenario": 1,
        "preset": "app",
        "players": 4,
        "piles": {"field": ["7H"]},
        "seating": [0, 3, 1, 2],
    }
    g = parse(data).game()
    assert g.seating == (0, 3, 1, 2) and g.next_seat(0) == 3
    assert from_game(g).seating == [0, 3, 1, 2]
    assert from_game(Game(AppRules(players=4), 1)).seating is None
    with pytest.raises(ScenarioError, match="seating must list every seat"):
        parse({**data, "seating": [0, 1, 1, 2]})


def test_the_tables_plates_sit_in_seating_order_from_your_left():
    from ui.table.layout import Layout

    plain = Layout(1280, 720, 4, 0)
    seated = Layout(1280, 720, 4, 0, seating=ORDER)

    def left_to_right(lay):
        return sorted((s for s in range(4) if s != lay.viewer), key=lambda s: lay.spots[s].centre[0])

    assert left_to_right(plain) == [1, 2, 3]
    assert left_to_right(seated) == [2, 3, 1]  # your left neighbour plays after you
    assert left_to_right(Layout(1280, 720, 4, 3, seating=ORDER)) == [1, 0, 2]


def test_a_reseated_table_plays_whole_rounds_in_the_real_window(tmp_path, monkeypatch):
    """The table scene deals and plays on a reseated game: plates in seating order, no errors."""
    import uikit
    from uikit import frames

    from ui.scenes.table import TableScene
    from ui.table.setup import GameSetup, SeatSpec

    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    app = uikit.make_app()
    try:
        seats = [SeatSpec("human", "basic", "You"), *(SeatSpec("ai", "basic", f"AI {i}") for i in range(3))]
        game = reseated(seed=5)
        scene = TableScene(app, GameSetup("app", 4, {}, seats, 5).complete(), game)
        app.stack.clear_to(scene)
        frames(app, 120)
        lay = scene.board.layout
        assert lay is not None and lay.seating == ORDER
        xs = [lay.spots[s].centre[0] for s in (2, 3, 1)]
        assert xs == sorted(xs)
        start = game.round_no
        for _ in range(6000):  # the AI seats play on; the person draws when it is their turn
            if game.round_no > start or game.phase.value == "match-over":
                break
            if game.turn == 0 and game.phase.value == "turn":
                draw = [a for a in game.legal_actions(0) if a.kind.value in ("draw", "play")]
                if draw:
                    scene.source.submit(draw[0])
            frames(app, 1)
        assert game.round_no > start or game.phase.value in ("round-over", "match-over")
    finally:
        app.close()
