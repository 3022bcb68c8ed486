"""The `standard` simulation core plays exactly the engine's games (game.sim.standard, docs/sim.md).

Random seats bid at random (the engine draws the auction's ties on the game's generator), declare and
decline yaku, call dobon on runs of one to five discards, answer with dobon-gaeshi, go out and run the
stock dry; the same seeds give the same log, positions, scores, streaks and generator state, through a
match's end, with house rules that move the card roles. AI seats (which bid low, so ties are the rule)
replay through the sim in step; from any engine position the sim goes on as the engine does.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from simkit import check_clone_independence, engine_codes, lockstep, play_engine, random_chooser

from game import REFEREE, Action, Game, Kind, Suit, make_rules
from game.cards import deck
from game.seats import make_seat
from game.sim import StandardSim, play_random, random_seats
from game.sim.standard import BID, DECLARE, DOBON, DRAW, PASS, engine_key, yaku


def run_both(players: int, seed: int, rounds: int, **options) -> StandardSim:
    rules = make_rules("standard", players, options)
    game = Game(rules, seed)
    play_engine(game, [make_seat("random", seed, s) for s in range(players)], rounds)
    sim = StandardSim.for_rules(rules, seed)
    sim.log = []
    assert play_random(sim, random_seats(seed, players), rounds) == len(game.actions)
    assert sim.log == engine_codes(game, StandardSim)
    assert engine_key(game) == sim.key()
    assert sim.rng.getstate() == game.rng.getstate()
    return sim


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_rounds_give_the_engines_log_scores_and_generator(players):
    """200 rounds in all, past a match's end (20 rounds) into the next."""
    for seed in range(2):
        run_both(players, seed, 25)
    run_both(players, 7, 50)


@pytest.mark.parametrize(
    "options",
    [
        {"auto_last_one": True},
        {"max_bid": 3, "rounds_per_match": 4},  # ties in the auction, drawn on the game's generator
        {
            "strong_attack": (0, 13),
            "weak_attack": (2, 3),
            "strong_damage": 4,
            "reflect": (5, 7),
            "skip": (1, 4),
            "reverse": (12, 6),
            "all_suit_choice": (8, 9),
            "pair_choice": (11,),
        },
    ],
)
def test_house_rules_that_move_the_card_roles_agree_too(options):
    for seed in range(3):
        run_both(3 + seed, seed, 15, **options)


def test_one_action_at_a_time_the_same_seat_actions_and_position():
    for seed in range(6):
        players = 3 + seed % 4
        rules = make_rules("standard", players)
        lockstep(Game(rules, seed), StandardSim(rules, seed), random_chooser(seed), rounds=3)


def test_ai_games_replay_through_the_sim_in_step():
    names = ["basic", "greedy", "easy", "normal"]
    for seed in range(8):
        players = 3 + seed % 4
        seats = [make_seat(names[(seed + s) % 4], seed, s) for s in range(players)]

        def choose(game, seat, legal, seats=seats):
            return seats[seat].act(game.view(seat, legal))

        rules = make_rules("standard", players)
        lockstep(Game(rules, seed), StandardSim(rules, seed), choose, rounds=6, keys=seed < 3)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(3, 6), steps=st.integers(0, 600))
def test_from_any_engine_position_the_sim_goes_on_as_the_engine(seed, players, steps):
    rules = make_rules("standard", players)
    game = Game(rules, seed)
    choose = random_chooser(seed)
    for _ in range(steps):
        seat = game.sync_next()
        if seat == REFEREE:
            game.apply(game.legal_actions(REFEREE)[0])
            continue
        legal = game.sync_actions(seat)
        game.apply(legal[0] if len(legal) == 1 else choose(game, seat, legal))
    sim = StandardSim.from_game(game)
    assert sim.key() == engine_key(game)
    lockstep(game, sim, random_chooser(seed + 1), rounds=2)


def test_a_clone_shares_nothing_that_changes():
    sim = StandardSim(make_rules("standard", 4), 3)
    check_clone_independence(sim, 4, 30)


def test_yaku_patterns():
    cards = deck("54")

    def mask(*codes):
        return sum(1 << cards.card(c).id for c in codes)

    assert yaku(mask("7S", "7H", "7D", "7C", "2S"))  # four of a kind
    assert yaku(mask("7S", "7H", "7D", "2C", "2S"))  # full house
    assert yaku(mask("AS", "3S", "7S", "9S", "KS"))  # flush
    assert yaku(mask("10S", "JH", "QD", "KC", "AS"))  # straight, ace high
    assert not yaku(mask("10S", "JH", "QD", "KC", "JK"))  # a joker has number 0
    assert not yaku(mask("AS", "3S", "7S", "9S", "JK"))  # and no suit


def test_codes_and_engine_actions_convert_both_ways():
    rules = make_rules("standard", 4)
    sim = StandardSim(rules, 1)
    cards = deck("54").cards
    eight = cards[7]  # 8S: a choice card names any suit
    assert sim.action(0, 7 * 10 + 2 * (2 + 1) + 1) == Action(0, Kind.PLAY, (eight,), Suit.DIAMONDS, flag=True)
    for code in [*range(DRAW), DRAW, PASS, DECLARE, BID + 1, BID + 99]:
        assert StandardSim.code(sim.action(2, code)) == code
    assert sim.action(1, BID + 7) == Action(1, Kind.BID, amount=7)
    assert StandardSim.code(Action(1, Kind.DOBON, (cards[0], cards[1]))) == DOBON + 2
    with pytest.raises(ValueError):
        StandardSim.code(Action(1, Kind.DOBON))
