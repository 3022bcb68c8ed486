"""The `super` simulation core plays exactly the engine's games (game.sim.super, docs/sim.md).

Random seats call dobon and counter when they can, half the time, and declare falsely never (a random
seat leaves bare declarations out), so their rounds run through windows, counters, hit effects, penalties
and reshuffles of every pile; the same seeds give the same log, positions, scores and generator state,
with each house rule that changes play. AI seats' games replay through the sim in step; from any engine
position the sim goes on as the engine does.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from simkit import check_clone_independence, engine_codes, lockstep, play_engine, random_chooser, super_game

from game import REFEREE, Action, Game, Kind, Suit, make_rules
from game.cards import deck
from game.seats import make_seat
from game.sim import SuperSim, play_random, random_seats
from game.sim.super import CODES, DOBON, DRAW, FALSE_DOBON, PASS, engine_key, totals


def run_both(players: int, seed: int, rounds: int, **options) -> None:
    game = super_game(players, seed, **options)
    play_engine(game, [make_seat("random", seed, s) for s in range(players)], rounds)
    sim = SuperSim(players, seed, **options)
    sim.log = []
    assert play_random(sim, random_seats(seed, players), rounds) == len(game.actions)
    assert sim.log == engine_codes(game, SuperSim)
    assert engine_key(game) == sim.key()
    assert sim.rng.getstate() == game.rng.getstate()


@pytest.mark.parametrize("players", range(2, 9))
def test_random_rounds_give_the_engines_log_scores_and_generator(players):
    """350 rounds in all, 2 to 8 players, through a match's end (8 rounds) and into the next."""
    for seed in range(5):
        run_both(players, seed, 10)


@pytest.mark.parametrize(
    "options",
    [
        {"false_dobon_penalty": False},  # a seat with no call has a single answer: a forced pass
        {"round_direction": "clockwise"},
        {"score_limit": 150, "rounds_per_match": 1000},
    ],
)
def test_house_rules_that_change_play_agree_too(options):
    for seed in range(4):
        run_both(3 + seed, seed, 10, **options)


def test_one_action_at_a_time_the_same_seat_actions_and_position():
    for seed in range(4):
        players = 2 + 2 * seed
        lockstep(
            super_game(players, seed), SuperSim(players, seed), random_chooser(seed, bare=0.05), rounds=1
        )


def test_ai_games_replay_through_the_sim_in_step():
    """The engine's heuristic seats call every sound dobon and counter and keep to sensible plays:
    their rounds, replayed through the sim, stay in step position by position."""
    names = ["basic", "greedy", "easy", "normal"]
    for seed in range(8):
        players = 3 + seed % 4
        seats = [make_seat(names[(seed + s) % 4], seed, s) for s in range(players)]

        def choose(game, seat, legal, seats=seats):
            return seats[seat].act(game.view(seat, legal))

        lockstep(super_game(players, seed), SuperSim(players, seed), choose, rounds=5, keys=seed < 2)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), steps=st.integers(0, 800))
def test_from_any_engine_position_the_sim_goes_on_as_the_engine(seed, players, steps):
    """False declarations now and then (5%): penalties drawn inside a window, the stock rebuilt
    around the card the window is open on."""
    game = super_game(players, seed)
    choose = random_chooser(seed, bare=0.05)
    for _ in range(steps):
        seat = game.sync_next()
        if seat == REFEREE:
            game.apply(game.legal_actions(REFEREE)[0])
            continue
        legal = game.sync_actions(seat)
        game.apply(legal[0] if len(legal) == 1 else choose(game, seat, legal))
    sim = SuperSim.from_game(game)
    assert sim.key() == engine_key(game)
    lockstep(game, sim, random_chooser(seed + 1, bare=0.05), rounds=1, keys=False)
    assert engine_key(game) == sim.key()


def test_a_clone_shares_nothing_that_changes():
    sim = SuperSim(4, 3)
    check_clone_independence(sim, 4, 60, last=True)


def test_totals_count_each_two_valued_card_both_ways():
    """C-1-6: {A, 2, 5} adds up to 8, 17, 26 or 35; a 9 counts 10, a Joker 30."""
    cards = deck("54")
    hand = {cards.card(code).id for code in ("AS", "2H", "5D")}
    mask = sum(1 << c for c in hand)
    assert [s for s in range(64) if totals(mask) >> s & 1] == [8, 17, 26, 35]
    nine_joker = (1 << cards.card("9C").id) | (1 << cards.card("JK").id)
    assert [s for s in range(64) if totals(nine_joker) >> s & 1] == [40]


def test_codes_and_engine_actions_convert_both_ways():
    sim = SuperSim(4, 1)
    cards = deck("54").cards
    for code in range(CODES - 2):
        action = sim.action(1, code)
        assert SuperSim.code(action) == code
    assert sim.action(2, 6 * cards[11].id + 1 + 2 * 2) == Action(
        2, Kind.PLAY, (cards[11],), Suit.SPADES, flag=True
    )  # QS, "last", naming black
    assert sim.action(0, FALSE_DOBON) == Action(0, Kind.DOBON)
    assert (sim.action(0, DRAW).kind, sim.action(0, PASS).kind, sim.action(0, DOBON).kind) == (
        Kind.DRAW,
        Kind.PASS,
        Kind.DOBON,
    )


def test_the_two_deck_table_is_refused():
    with pytest.raises(ValueError, match="one deck"):
        SuperSim.from_game(Game(make_rules("super", 10), 1))
    with pytest.raises(ValueError, match="one deck"):
        SuperSim(10, 1)
