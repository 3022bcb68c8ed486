"""The `app` simulation core plays exactly the engine's games (game.sim.app, docs/sim.md).

Random seats: the same seeds give the same action log, scores and generator state over 2,000
rounds (a random round runs to some 800 actions, most of them passes and draws), through the
sim's fast driver and through the headless driver itself. One action at a time, side by side: the same
seat is asked, offered the same actions in the same order, and every position is the same. AI seats:
their games, replayed through the sim, keep both in step. From any engine position (hypothesis picks
it), the sim carries on as the engine does; clones share nothing that changes.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from simkit import app_game, check_clone_independence, engine_codes, lockstep, play_engine, random_chooser

from game import REFEREE, Action, Game, Kind, Suit, make_rules
from game.cards import deck
from game.headless import play
from game.seats import make_seat
from game.sim import AppSim, play_random, random_seats
from game.sim.app import CODES, DOBON, DRAW, NEW_MATCH, NEXT_ROUND, PASS, PLAY8, engine_key
from game.sim.rng import below, shuffle


def test_the_sims_random_calls_are_the_generators_own():
    """`below` is randrange and `shuffle` is Random.shuffle: the same numbers, the same state after."""
    ours, theirs = random.Random(7), random.Random(7)
    for n in [*range(1, 70), 100, 255, 1000, 2**20 + 3]:
        assert below(ours.getrandbits, n) == theirs.randrange(n)
    for size in range(60):
        a, b = list(range(size)), list(range(size))
        shuffle(ours, a)
        theirs.shuffle(b)
        assert a == b
    assert ours.getstate() == theirs.getstate()


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_rounds_give_the_engines_log_scores_and_generator(players):
    """2,000 rounds in all (2 to 6 players), several matches each seed: the fast driver (its own inline picks,
    forced actions taken without asking) against the engine driven as game.headless.play drives it."""
    for seed in range(16):
        rounds = 25
        game = app_game(players, seed)
        play_engine(game, [make_seat("random", seed, s) for s in range(players)], rounds)
        sim = AppSim(players, seed)
        sim.log = []
        actions = play_random(sim, random_seats(seed, players), rounds)
        assert actions == len(game.actions)
        assert sim.log == engine_codes(game)
        assert engine_key(game) == sim.key()
        assert sim.rng.getstate() == game.rng.getstate()


def test_the_headless_driver_itself_agrees():
    """The reference: game.headless.play, full seat views and all, over a few matches."""
    for seed in (11, 12):
        game = app_game(4, seed)
        applied = play(game, [make_seat("random", seed, s) for s in range(4)], 12)
        sim = AppSim(4, seed)
        assert play_random(sim, random_seats(seed, 4), 12) == applied
        assert engine_key(game) == sim.key()


@pytest.mark.parametrize("players", [2, 4, 6])
def test_one_action_at_a_time_the_same_seat_actions_and_position(players):
    for seed in range(4):
        lockstep(app_game(players, seed), AppSim(players, seed), random_chooser(seed), rounds=3)


def test_ai_games_replay_through_the_sim_in_step():
    """Heuristic seats call every dobon they can and shed cards, so their rounds are short and end in
    calls, chains and stops more than random ones do: 200 of them, played by the engine's AI, each
    action checked against the sim's offer and every position compared."""
    names = ["basic", "greedy", "easy", "normal"]
    rounds = 0
    for seed in range(25):
        players = 2 + seed % 3
        seats = [make_seat(names[(seed + s) % 4], seed, s) for s in range(players)]

        def choose(game, seat, legal, seats=seats):
            return seats[seat].act(game.view(seat, legal))

        lockstep(app_game(players, seed), AppSim(players, seed), choose, rounds=8)
        rounds += 8
    assert rounds == 200


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6), steps=st.integers(0, 1500))
def test_from_any_engine_position_the_sim_goes_on_as_the_engine(seed, players, steps):
    """Start the sim from an engine game at any moment (a window open, calls made, a round over) and
    both carry on alike, through the next deal (the generator is copied)."""
    game = app_game(players, seed)
    pick = random.Random(seed)
    for _ in range(steps):
        seat = game.sync_next()
        legal = game.sync_actions(seat) if seat != REFEREE else game.legal_actions(REFEREE)
        game.apply(legal[pick.randrange(len(legal))])
    sim = AppSim.from_game(game)
    assert sim.key() == engine_key(game)
    lockstep(game, sim, random_chooser(seed + 1), rounds=2)


def test_a_clone_shares_nothing_that_changes():
    sim = AppSim(4, 3)
    check_clone_independence(sim, 4, 40, last=True)
    seeded = sim.clone(seed=5)
    assert seeded.rng.getstate() == random.Random(5).getstate()


def test_codes_and_engine_actions_convert_both_ways():
    sim = AppSim(4, 1)
    cards = deck("52").cards
    for code in range(PLAY8):
        assert sim.action(2, code) == Action(2, Kind.PLAY, (cards[code],))
    eights = [c for c in cards if c.rank == 8]
    eight_codes = [AppSim.code(Action(1, Kind.PLAY, (c,), s)) for c in eights for s in Suit]
    assert eight_codes == list(range(PLAY8, DRAW))
    for code in range(PLAY8, CODES):
        assert AppSim.code(sim.action(1, code)) == code
    assert sim.action(0, PASS) == Action(0, Kind.PASS)
    assert sim.action(3, DRAW) == Action(3, Kind.DRAW)
    assert sim.action(REFEREE, NEXT_ROUND) == Action(REFEREE, Kind.NEXT_ROUND)
    assert sim.action(REFEREE, NEW_MATCH) == Action(REFEREE, Kind.NEW_MATCH)
    assert sim.action(1, DOBON).kind is Kind.DOBON
    with pytest.raises(ValueError):
        AppSim.code(Action(0, Kind.PLAY, (cards[0],), Suit.HEARTS))  # only an 8 names a suit
    with pytest.raises(ValueError):
        AppSim.code(Action(0, Kind.BID, amount=3))


def test_from_game_refuses_another_preset():
    with pytest.raises(ValueError, match="app preset"):
        AppSim.from_game(Game(make_rules("standard", 4), 1))


def test_the_rule_sets_options_are_the_cores_own():
    """Low starting points end matches often (new matches, the first parent leading again)."""
    for seed in range(4):
        rules = make_rules("app", 3, {"starting_points": 150, "first_parent": 2})
        game = Game(rules, seed)
        play_engine(game, [make_seat("random", seed, s) for s in range(3)], 20)
        sim = AppSim.for_rules(rules, seed)
        sim.log = []
        assert play_random(sim, random_seats(seed, 3), 20) == len(game.actions)
        assert sim.log == engine_codes(game)
        assert engine_key(game) == sim.key()
    assert game.match_no > 1
