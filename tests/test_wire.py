"""Reading the game's JSON back (game/wire.py): what was written reads back equal, and what is
mistyped or unknown is refused with the field named."""

from __future__ import annotations

import json
import random

import pytest

from game.actions import Action
from game.cards import Suit, deck
from game.clues import Clue
from game.engine import Game
from game.events import Played, SuitChosen, event_from_json
from game.rules import DEVELOPING, PRESETS, make_rules
from game.scenario import ScenarioError, parse
from game.view import SeatView

EVERY = {**PRESETS, **DEVELOPING}


def _played(preset: str, steps: int = 400) -> Game:
    game = Game(make_rules(preset, 4, developing=True), 5)
    rng = random.Random(5)
    for _ in range(steps):
        legal = [a for s in range(-1, game.n) for a in game.legal_actions(s)]
        if not legal:
            break
        game.apply(rng.choice(legal))
    return game


def _wire(value: dict) -> dict:
    return json.loads(json.dumps(value))


@pytest.mark.parametrize("preset", EVERY)
def test_every_event_action_and_view_reads_back_equal(preset):
    game = _played(preset)
    for event in game.events:
        for seat in (-1, 0, game.n):  # the referee, a seat, a watcher
            shown = event.for_seat(seat)
            assert event_from_json(_wire(shown.to_json()), game.deck) == shown
    for action in game.actions:
        assert Action.from_json(_wire(action.to_json()), game.deck) == action
    view = game.view(1)
    back = SeatView.from_json(_wire(view.to_json()))
    assert back.to_json() == view.to_json() and back.legal == view.legal and back.hand == view.hand


def test_an_event_without_its_defaulted_fields_still_reads():
    """A field with a default may be left out (Played.pile), as a sender that never sets it writes."""
    d = deck("54")
    assert event_from_json({"event": "Played", "seat": 1, "cards": ["QH"], "left": 4}, d) == Played(
        1, (d.card("QH"),), 4
    )


@pytest.mark.parametrize(
    ("data", "needle"),
    [
        ({"event": "Played", "seat": "1", "cards": ["QH"], "left": 4}, "event Played 'seat': Expected `int`"),
        ({"event": "Played", "seat": 1, "cards": ["QQ"], "left": 4}, "event Played 'cards[0]': no card 'QQ'"),
        ({"event": "Played", "seat": 1, "cards": [], "left": 4, "x": 1}, "unknown field `x`"),
        ({"event": "Played", "seat": 1, "cards": []}, "missing required field `left`"),
        ({"event": "SuitChosen", "seat": 1, "suit": "Z"}, "event SuitChosen 'suit': unknown suit 'Z'"),
        ({"event": "Flew", "seat": 1}, "unknown event 'Flew'"),
        (["Played"], "unknown event None"),
    ],
)
def test_a_bad_event_is_refused_with_the_field_named(data, needle):
    with pytest.raises(ValueError) as caught:
        event_from_json(data, deck("54"))
    assert needle in str(caught.value)


def test_a_suit_reads_back_as_its_letter():
    d = deck("54")
    event = SuitChosen(2, Suit.HEARTS)
    assert event.to_json()["suit"] == "H" and event_from_json(event.to_json(), d) == event


@pytest.mark.parametrize(
    ("data", "needle"),
    [
        ({"seat": "0", "act": "play"}, "action 'seat': Expected `int`, got `str`"),
        ({"seat": 0, "act": "fly"}, "unknown action 'fly'"),
        ({"seat": 0, "act": "play", "cards": ["QH", "QH"]}, "names a card twice"),
        ({"seat": 0, "act": "play", "cards": ["QQQ"]}, "action 'cards[0]': no card 'QQQ'"),
        ({"seat": 0, "act": "play", "flag": 1}, "action 'flag': Expected `bool`"),
        ({"seat": 0, "act": "play", "colour": "red"}, "unknown field `colour`"),
        ([0, "play"], "action: Expected `object`, got `array`"),
    ],
)
def test_a_bad_action_is_refused_with_the_field_named(data, needle):
    with pytest.raises(ValueError) as caught:
        Action.from_json(data, deck("54"))
    assert needle in str(caught.value)


def test_a_bad_clue_or_view_names_the_field():
    d = deck("54")
    with pytest.raises(ValueError, match=r"clue\[0\]: Expected `int` >= 0"):
        Clue.from_json([-1, [], 1, None, None, 0], d)
    view = _wire(_played("app", 20).view(0).to_json())
    view["stock"] = "many"
    with pytest.raises(ValueError, match="view 'stock': Expected `int`, got `str`"):
        SeatView.from_json(view)
    view["stock"], view["window"] = 3, {"placer": 0}
    with pytest.raises(ValueError, match="view 'window': Object missing required field `cards`"):
        SeatView.from_json(view)


BASE = {"dobon_scenario": 1, "preset": "app", "players": 3, "piles": {"field": ["5H"]}}


@pytest.mark.parametrize(
    ("extra", "needle"),
    [
        ({"turn": "x"}, "turn must be a whole number, not a string"),
        ({"chain": {"links": -1}}, "chain.links must be a whole number, 0 or more"),
        ({"chain": {"lynx": 1}}, "chain.lynx: unknown field"),
        ({"names": ["a", "b", "c" * 70]}, "names[2] must be a string of 64 characters at most"),
        ({"scores": [1, "2", 3]}, "scores[1] must be a whole number, not a string"),
        ({"match": {"match_no": 0}}, "match.match_no must be a whole number, 1 or more"),
        ({"options": [1]}, "options must be an object, not a list"),
        ({"players": True}, "players must be a whole number, not true or false"),
        ({"piles": {"field": [1]}}, 'piles.field must be a list of card codes such as "7H"'),
    ],
)
def test_a_mistyped_scenario_field_is_named(extra, needle):
    with pytest.raises(ScenarioError) as caught:
        parse({**BASE, **extra})
    assert needle in str(caught.value)
