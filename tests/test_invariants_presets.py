"""Invariants every preset must keep, over many random games (hypothesis).

For each playable preset, each preset in development and each player count it allows, and again for
each house rule of HOUSE that changes how play goes (kabu's trumps_stay_in_hand): every card is in
exactly one place after every action, taken in the headless order, one at a time in real time, or
several at once in one host tick (`Game.apply_together`); only legal actions are applied, and an action
is refused exactly when it is not legal, with a reason and the state unchanged; seat views and per-seat
events never show another seat's hidden cards; and replaying the action log (through its JSON form)
reproduces the identical game.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import REFEREE, Action, Game, IllegalAction, Kind, Suit, make_rules
from game.events import Drew, RoundDealt
from game.rules import DEVELOPING, PRESETS

ALL = {**PRESETS, **DEVELOPING}
# house rules that change how play goes, each checked as a case of its own
HOUSE = {"kabu": [{"trumps_stay_in_hand": True}]}  # D11: trumps stay in the hand (chains must still end)
CASES = [
    (preset, players, house)
    for preset, cls in ALL.items()
    for house in [{}, *HOUSE.get(preset, ())]
    for players in range(cls.min_players, cls.players_cap + 1)
]


def new_game(preset: str, players: int, seed: int, house: dict | None = None) -> Game:
    cls = ALL[preset]
    options = {"max_players": cls.players_cap, **(house or {})}
    return Game(make_rules(preset, players, options, developing=True), seed)


def step(g: Game, rng: random.Random, realtime: bool) -> Action | None:
    """One random legal action: in headless order, or from a random seat that may act (real time)."""
    if realtime:
        seats = [s for s in [REFEREE, *range(g.n)] if g.legal_actions(s)]
        if not seats:
            return None
        seat = rng.choice(seats)
        return rng.choice(g.legal_actions(seat))
    seat = g.sync_next()
    legal = g.sync_actions(seat) if seat != REFEREE else g.legal_actions(REFEREE)
    assert legal, f"sync protocol asked seat {seat}, which has nothing to do"
    for action in legal:
        assert action in g.legal_actions(seat)
    return rng.choice(list(legal))


def check_cards(g: Game) -> None:
    ids = sorted(c.id for c in g.all_cards())
    assert ids == list(range(len(g.deck))), "a card is missing or in two places"


def check_views(g: Game) -> None:
    # cards in a hand that are not face up: what no other seat may be shown. (Revealed hands and the
    # turn log are history: their cards may have moved since, e.g. reshuffled and drawn.)
    # face up now: exposed cards still held (standard), or a dobon caller's hand (app, final for the round)
    exposed = {c.id for c in g.book.public_state(g).get("exposed", ())}
    called = {c.id for s, h in g.revealed.items() for c in h} if g.rules.preset == "app" else set()
    hidden = {s: {c.id for c in g.hands[s]} - exposed - called for s in range(g.n)}
    for seat in range(g.n):
        view = g.view(seat)
        assert [c.id for c in view.hand] == [c.id for c in g.hands[seat]]
        assert list(view.hand_sizes) == [len(h) for h in g.hands]
        others = set().union(*(hidden[s] for s in range(g.n) if s != seat))
        shown = {c.id for c in view.hand} | {c.id for c in view.discard}
        for pile in view.laid:
            shown |= {c.id for c in pile}
        shown |= {c.id for c in view.extra.get("exposed", ())}
        assert not (shown & others), f"seat {seat}'s view shows another seat's hidden card"
        assert not hasattr(view, "stock_cards")


def random_candidate(rng: random.Random, g: Game) -> Action:
    seat = rng.choice([REFEREE, *range(g.n), g.n, -5])
    kind = rng.choice(list(Kind))
    cards: tuple = ()
    roll = rng.random()
    if roll < 0.6:
        cards = (rng.choice(g.deck.cards),)
    elif roll < 0.7:
        cards = tuple(rng.sample(g.deck.cards, 2))
    elif roll < 0.8 and g.window is not None:
        cards = g.window.cards
    suit = rng.choice([None, None, *Suit])
    amount = rng.choice([0, 0, 1, 2, 5, 99, 100, -1])
    flag = rng.random() < 0.2
    return Action(seat, kind, cards, suit, amount, flag)


GAME = dict(
    case=st.sampled_from(CASES),
    seed=st.integers(0, 2**31),
    choice=st.integers(0, 2**31),
    realtime=st.booleans(),
)


HOUSE_GAME = {**GAME, "case": st.sampled_from([c for c in CASES if c[2]])}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**GAME)
def test_cards_views_and_refusals(case, seed, choice, realtime):
    cards_views_and_refusals(case, seed, choice, realtime)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**HOUSE_GAME)
def test_house_rules_keep_cards_views_and_refusals(case, seed, choice, realtime):
    """The same checks for every house rule of HOUSE, so each is exercised on every run."""
    cards_views_and_refusals(case, seed, choice, realtime)


def cards_views_and_refusals(case, seed, choice, realtime):
    preset, players, house = case
    g = new_game(preset, players, seed, house)
    rng = random.Random(choice)
    for n in range(400):
        check_cards(g)
        if n % 7 == 0:
            check_views(g)
        for _ in range(3):
            candidate = random_candidate(rng, g)
            legal = candidate in g.legal_actions(candidate.seat) if -1 <= candidate.seat < g.n else False
            reason = g.refusal(candidate)
            assert (reason is None) == legal, (candidate, reason)
            if reason is not None:
                before = g.state_key()
                with pytest.raises(IllegalAction) as refused:
                    g.apply(candidate)
                assert refused.value.reason
                assert g.state_key() == before
        action = step(g, rng, realtime)
        if action is None:
            break
        assert g.refusal(action) is None
        g.apply(action)


@settings(max_examples=20, deadline=None)
@given(**GAME)
def test_events_for_a_seat_hide_other_hands(case, seed, choice, realtime):
    preset, players, house = case
    g = new_game(preset, players, seed, house)
    rng = random.Random(choice)
    for _ in range(800):
        action = step(g, rng, realtime)
        if action is None:
            break
        g.apply(action)
    for event in g.events:
        for seat in range(g.n):
            seen = event.for_seat(seat)
            if isinstance(seen, Drew) and seen.seat != seat:
                assert seen.cards is None
            if isinstance(seen, RoundDealt):
                assert all(h is None for s, h in enumerate(seen.hands) if s != seat)
                assert seen.hands[seat] is not None


@settings(max_examples=20, deadline=None)
@given(**GAME, length=st.integers(1, 1500))
def test_replay_reproduces_the_game(case, seed, choice, realtime, length):
    replay_reproduces_the_game(case, seed, choice, realtime, length)


@settings(max_examples=8, deadline=None)
@given(**HOUSE_GAME, length=st.integers(1, 1500))
def test_house_rules_replay_the_same(case, seed, choice, realtime, length):
    replay_reproduces_the_game(case, seed, choice, realtime, length)


def replay_reproduces_the_game(case, seed, choice, realtime, length):
    preset, players, house = case
    g = new_game(preset, players, seed, house)
    rng = random.Random(choice)
    for _ in range(length):
        action = step(g, rng, realtime)
        if action is None:
            break
        g.apply(action)
    log = [json.dumps(a.to_json()) for a in g.actions]
    rules = make_rules(preset, players, json.loads(json.dumps(g.rules.options())), developing=True)
    again = Game(rules, seed)
    for line in log:
        again.apply(Action.from_json(json.loads(line), again.deck))
    assert again.events == g.events
    assert again.state_key() == g.state_key()


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CASES), seed=st.integers(0, 2**31), choice=st.integers(0, 2**31))
def test_actions_in_one_tick_go_by_precedence_and_keep_the_invariants(case, seed, choice):
    """Real time at its most crowded: in each tick several seats act at once (jda's JD10, a call race).
    They are applied in the rulebook's order of precedence, each checked when its turn comes; one that
    an earlier one overtook is refused with its reason and changes nothing; the cards stay whole and the
    log replays the same game."""
    preset, players, house = case
    g = new_game(preset, players, seed, house)
    rng = random.Random(choice)
    for _ in range(300):
        seats = [s for s in [REFEREE, *range(g.n)] if g.legal_actions(s)]
        if not seats:
            break
        together = [rng.choice(g.legal_actions(s)) for s in rng.sample(seats, rng.randint(1, len(seats)))]
        rank = {id(a): g.book.precedence(g, a) for a in together}
        before = len(g.actions)
        outcomes = g.apply_together(together)
        assert sorted(id(o.action) for o in outcomes) == sorted(id(a) for a in together)
        keys = [rank[id(o.action)] for o in outcomes]
        assert keys == sorted(keys), "not applied in the order of precedence"
        for outcome in outcomes:
            if outcome.refused is not None:  # overtaken: said why, nothing happened
                assert outcome.refused and not outcome.events
        assert list(g.actions[before:]) == [o.action for o in outcomes if o.refused is None]
        check_cards(g)
    again = Game(make_rules(preset, players, g.rules.options(), developing=True), seed)
    for action in g.actions:
        again.apply(Action.from_json(json.loads(json.dumps(action.to_json())), again.deck))
    assert again.events == g.events and again.state_key() == g.state_key()


def pile_sizes(g: Game) -> dict[str, int]:
    return {name: len(pile.cards) for name, pile in g.piles().items()}


def dealt_sizes(g: Game, deal: RoundDealt) -> dict[str, int]:
    """The pile sizes a deal leaves, from the event alone: hands, the field card, the stock."""
    sizes = dict.fromkeys(g.piles(), 0)
    sizes.update({f"hand/{s}": n for s, n in enumerate(deal.sizes)})
    sizes["field"], sizes["stock"] = 1, deal.stock
    return sizes


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**GAME)
def test_every_card_is_in_one_pile_and_the_events_move_them(case, seed, choice, realtime):
    """The pile model: every card of the deck is in exactly one named pile after every action, and
    the deal plus the cards the events say they moved (from pile, to pile, how many) give the pile
    sizes the game has. Each seat's view shows its own hand and the public sizes of the piles."""
    preset, players, house = case
    g = new_game(preset, players, seed, house)
    rng = random.Random(choice)
    sizes: dict[str, int] = {}
    read = 0
    for _ in range(400):
        placed = [c.id for pile in g.piles().values() for c in pile.cards]
        assert sorted(placed) == list(range(len(g.deck))), "a card is missing or in two piles"
        for event in g.events[read:]:
            if isinstance(event, RoundDealt):
                sizes = dealt_sizes(g, event)
            for source, target, count in event.moves():
                sizes[source] -= count
                sizes[target] += count
                assert sizes[source] >= 0, (event, source)
        read = len(g.events)
        assert sizes == pile_sizes(g), g.events[-5:]
        for seat in range(g.n):
            view = g.view(seat)
            assert view.hand == tuple(g.pile(f"hand/{seat}"))
            assert view.hand_sizes == tuple(len(g.pile(f"hand/{s}")) for s in range(g.n))
            assert view.stock == len(g.pile("stock"))
        action = step(g, rng, realtime)
        if action is None:
            break
        g.apply(action)
