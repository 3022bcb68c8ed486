"""The `kabu` simulation core plays exactly the engine's games (game.sim.kabu, docs/sim.md).

Random seats answer the okoshi-fuda, play by parity and by sets, pay the 2s, call dobon and dobon-gaeshi,
put out trumps (any set of their hand) and draw the stock dry or up to twelve cards; the matches end in
dobons, gaeshi, exhaustion, the 12-card rule, four of a kind and voids, and deals run short. The same
seeds give the same log, positions, laps, extra cards and generator state, with each house rule; AI
seats' games replay through the sim in step; from any engine position the sim goes on as the engine.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from simkit import check_clone_independence, engine_codes, lockstep, play_engine, random_chooser

from game import REFEREE, Action, Game, Kind, make_rules
from game.cards import deck
from game.events import RoundEnded
from game.seats import make_seat
from game.sim import play_random, random_seats
from game.sim.kabu import DECLARE, DOBON, DRAW, PASS, KabuSim, engine_key, sets


def run_both(players: int, seed: int, rounds: int, **options) -> Counter:
    """Both played alike; how their rounds ended."""
    rules = make_rules("kabu", players, options)
    game = Game(rules, seed)
    play_engine(game, [make_seat("random", seed, s) for s in range(players)], rounds)
    sim = KabuSim.for_rules(rules, seed)
    sim.log = []
    assert play_random(sim, random_seats(seed, players), rounds) == len(game.actions)
    assert sim.log == engine_codes(game, KabuSim)
    assert engine_key(game) == sim.key()
    assert sim.rng.getstate() == game.rng.getstate()
    return Counter(e.result.ending.value for e in game.events if isinstance(e, RoundEnded))


def test_random_matches_give_the_engines_log_standings_and_generator():
    """250 matches, 2 to 6 players, through a game's end (20 matches) into the next."""
    endings: Counter = Counter()
    for players in range(2, 7):
        for seed in range(2):
            endings += run_both(players, seed, 25)
    assert {"dobon", "gaeshi", "exhaustion", "twelve_cards", "void"} <= set(endings)


@pytest.mark.parametrize(
    "options",
    [
        {"trumps_stay_in_hand": True},
        {"gaeshi_mult": "doubling", "counterclockwise": True},
        {"draw_parent": False, "max_matches": 0, "lap_limit": 20},
    ],
)
def test_house_rules_agree_too(options):
    for seed in range(3):
        run_both(2 + 2 * seed, seed, 15, **options)


def test_one_action_at_a_time_the_same_seat_actions_and_position():
    for seed in range(10):
        players = 2 + seed % 5
        rules = make_rules("kabu", players)
        lockstep(Game(rules, seed), KabuSim(rules, seed), random_chooser(seed), rounds=3)


def test_ai_games_replay_through_the_sim_in_step():
    names = ["basic", "greedy", "easy", "normal"]
    for seed in range(8):
        players = 2 + seed % 5
        seats = [make_seat(names[(seed + s) % 4], seed, s) for s in range(players)]

        def choose(game, seat, legal, seats=seats):
            return seats[seat].act(game.view(seat, legal))

        rules = make_rules("kabu", players)
        lockstep(Game(rules, seed), KabuSim(rules, seed), choose, rounds=5)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6), steps=st.integers(0, 400))
def test_from_any_engine_position_the_sim_goes_on_as_the_engine(seed, players, steps):
    rules = make_rules("kabu", players)
    game = Game(rules, seed)
    choose = random_chooser(seed)
    for _ in range(steps):
        seat = game.sync_next()
        if seat == REFEREE:
            game.apply(game.legal_actions(REFEREE)[0])
            continue
        legal = game.sync_actions(seat)
        game.apply(legal[0] if len(legal) == 1 else choose(game, seat, legal))
    sim = KabuSim.from_game(game)
    assert sim.key() == engine_key(game)
    lockstep(game, sim, random_chooser(seed + 1), rounds=2)


def test_a_clone_shares_nothing_that_changes():
    sim = KabuSim(make_rules("kabu", 4), 3)
    check_clone_independence(sim, 4, 15)


def test_sets_add_up_to_one_card_of_the_last_play():
    cards = deck("kabufuda")
    hand = sorted(c.id for c in cards if c.rank in (1, 2, 3) and c.mark == "")[:5]  # 1, 1, 1, 2, 2
    found = [[cards[c].rank for c in range(40) if mask >> c & 1] for mask in sets(hand, {3})]
    assert found and all(sum(ranks) == 3 and len(ranks) >= 2 for ranks in found)


def test_codes_and_engine_actions_convert_both_ways():
    sim = KabuSim(make_rules("kabu", 3), 1)
    cards = deck("kabufuda").cards
    play = Action(1, Kind.PLAY, (cards[4], cards[9]))
    assert sim.action(1, KabuSim.code(play)) == play
    for code in (DRAW, PASS, DECLARE, DOBON + 7):
        assert KabuSim.code(sim.action(2, code)) == code
