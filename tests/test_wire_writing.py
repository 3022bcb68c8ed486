"""Writing through the wire schemas (game/wire.py's `writer`, the schema Structs of actions, views and
clues): for every type the game writes, any value written and read back is the same value, and the
JSON bytes msgspec writes from a schema Struct are the same JSON as `to_json`. The schemas and the
strategies are both made from the classes' type hints, so a field added to an event is covered here
without a line of its own."""

from __future__ import annotations

import dataclasses
import json
import random
import typing
from enum import Enum

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.actions import Action, Kind
from game.cards import Card, Suit, deck
from game.clues import Clue
from game.engine import Game
from game.events import Event, RoundResult, ScoreLine, _event_classes, event_from_json
from game.rules import PRESETS, make_rules
from game.scores import Score
from game.view import SeatView
from game.wire import AS_OBJECT

DECK = deck("108")  # two decks: a card may stand twice in a value, as the cards of two decks do
KABU = deck("kabufuda")
EVENTS = sorted(_event_classes().items())


def via_json(value: typing.Any) -> typing.Any:
    """What the other end of a file or the wire gets: the value as JSON text, parsed again."""
    return json.loads(json.dumps(value))


cards = st.sampled_from(list(DECK))
suits = st.sampled_from(list(Suit))
names = st.text(alphabet="abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=8)
numbers = st.integers(min_value=-(10**6), max_value=10**6)
counts = st.integers(min_value=0, max_value=10**4)
named_numbers = st.dictionaries(names, numbers, max_size=4).map(lambda d: tuple(d.items()))
scores = st.dictionaries(names, numbers, min_size=1, max_size=4).map(lambda d: Score(tuple(d.items())))


def of_type(hint: typing.Any) -> st.SearchStrategy:
    """Any value of an event's field type (the same type hints its schema is made from)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Card:
        return cards
    if hint is Suit:
        return suits
    if hint is Score:
        return scores
    if hint is bool:
        return st.booleans()
    if hint is int:
        return numbers
    if hint is str:
        return st.text(max_size=12)
    if isinstance(hint, type) and issubclass(hint, Enum):
        return st.sampled_from(list(hint))
    if origin is typing.Annotated:
        return named_numbers if AS_OBJECT in args[1:] else of_type(args[0])
    if origin in (typing.Union, typing.get_origin(int | None)):
        return st.one_of(*(st.none() if a is type(None) else of_type(a) for a in args))
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return st.lists(of_type(args[0]), max_size=4).map(tuple)
    if origin is tuple:
        return st.tuples(*(of_type(a) for a in args))
    if dataclasses.is_dataclass(hint):
        return of_class(hint)
    raise AssertionError(f"no strategy for {hint!r}: add one, as the schema reads it")


def of_class(cls: type) -> st.SearchStrategy:
    hints = typing.get_type_hints(cls, include_extras=True)
    return st.builds(cls, **{f.name: of_type(hints[f.name]) for f in dataclasses.fields(cls)})


@pytest.mark.parametrize(("name", "cls"), EVENTS, ids=[name for name, _ in EVENTS])
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_every_event_written_reads_back_the_same(name, cls, data):
    event = data.draw(of_class(cls))
    written = event.to_json()
    assert written["event"] == name and next(iter(written)) == "event"  # the tag comes first
    assert event_from_json(via_json(written), DECK) == event
    assert json.loads(msgspec.json.encode(event.wire())) == written  # bytes straight from the Struct


@settings(max_examples=200, deadline=None)
@given(line=of_class(ScoreLine))
def test_a_score_line_writes_about_as_an_object_left_out_when_empty(line):
    written = line.to_json()
    assert ("about" in written) == bool(line.about)
    assert written.get("about", {}) == dict(line.about)
    assert list(written)[:4] == ["seat", "item", "value", "note"]


@settings(max_examples=100, deadline=None)
@given(result=of_class(RoundResult))
def test_a_round_result_reads_back_inside_its_event(result):
    from game.events import RoundEnded

    event = RoundEnded(result, (), (), ())
    assert event_from_json(via_json(event.to_json()), DECK).result == result  # type: ignore[attr-defined]


actions = st.builds(
    Action,
    seat=st.integers(min_value=-1, max_value=11),
    kind=st.sampled_from(list(Kind)),
    cards=st.lists(cards, unique_by=lambda c: c.id, max_size=5).map(tuple),
    suit=st.none() | suits,
    amount=counts,
    flag=st.booleans(),
)


@settings(max_examples=300, deadline=None)
@given(action=actions)
def test_every_action_written_reads_back_the_same(action):
    written = action.to_json()
    assert Action.from_json(via_json(written), DECK) == action
    assert list(written)[:2] == ["seat", "act"]  # a field at its default is left out
    assert ("cards" in written) == bool(action.cards) and ("flag" in written) == action.flag
    assert json.loads(msgspec.json.encode(action.wire())) == written


clues = st.builds(
    Clue,
    seat=st.integers(min_value=0, max_value=11),
    cards=st.lists(cards, max_size=4).map(tuple),
    drew=counts,
    field=st.none() | cards,
    suit=st.none() | suits,
    chain=counts,
)


@settings(max_examples=300, deadline=None)
@given(clue=clues)
def test_every_clue_written_reads_back_the_same(clue):
    written = clue.to_json()
    assert isinstance(written, list) and len(written) == 6  # [seat, cards, drew, field, suit, chain]
    assert Clue.from_json(via_json(written), DECK) == clue


@settings(max_examples=300, deadline=None)
@given(score=scores)
def test_every_score_written_reads_back_the_same(score):
    assert Score.from_json(via_json(score.to_json())) == score


@settings(max_examples=25, deadline=None)
@given(
    preset=st.sampled_from(sorted(PRESETS)),
    seed=st.integers(min_value=0, max_value=10_000),
    steps=st.integers(min_value=0, max_value=300),
    seat=st.integers(min_value=0, max_value=4),
)
def test_every_view_written_reads_back_the_same(preset, seed, steps, seat):
    """A view at any moment of a game played at random (any window, piles, clues and preset state),
    from a seat or as a watcher (seat 4 of 4)."""
    game = Game(make_rules(preset, 4), seed)
    rng = random.Random(seed)
    for _ in range(steps):
        legal = [a for s in range(-1, game.n) for a in game.legal_actions(s)]
        if not legal:
            break
        game.apply(rng.choice(legal))
    view = game.view(seat)
    written = view.to_json()
    back = SeatView.from_json(via_json(written))
    assert dataclasses.replace(back, options=dict(back.options)) == dataclasses.replace(
        view, options=dict(view.options)
    )
    assert json.loads(msgspec.json.encode(view.wire())) == written


def test_kabufuda_cards_are_written_by_their_codes_too():
    red_pin = KABU.card("1R")
    action = Action(0, Kind.PLAY, (red_pin,))
    assert action.to_json()["cards"] == ["1R"] and Action.from_json(action.to_json(), KABU) == action
    event = next(cls for name, cls in EVENTS if name == "Played")((0), (red_pin,), 3)
    assert event.to_json()["cards"] == ["1R"] and event_from_json(event.to_json(), KABU) == event


def test_an_event_class_of_a_preset_is_written_through_its_own_schema():
    """The presets' own events (game/rules/*) are among those covered above, written with no code of
    their own."""
    own = {cls.__module__ for _, cls in EVENTS}
    assert "game.events" in own and any(m.startswith("game.rules.") for m in own)
    assert all(issubclass(cls, Event) for _, cls in EVENTS)


@pytest.mark.parametrize(
    ("data", "needle"),
    [
        ({"lap": True}, "score part 'lap' must be a whole number"),
        ({"points": 1, "deal": "6"}, "score part 'deal' must be a whole number"),
        ({}, "not an empty one"),
        ([["points", 1]], "an object of names to whole numbers"),
    ],
)
def test_a_bad_score_is_refused_naming_its_part(data, needle):
    with pytest.raises(ValueError, match=needle):
        Score.from_json(data)
