"""The `jda` simulation core plays exactly the engine's games (game.sim.jda, docs/sim.md).

Random seats place the field card's number out of turn, call dobon at any moment with a chosen top card,
answer with dobon-gaeshi or throw their hands in; deal sizes grow and shrink, laps reseat the table by a
draw and tied losers draw for the deal (each draw a shuffle of the game's generator). The same seeds give
the same log, positions, standings and generator state, with the (公) rules on and off; AI seats' games
replay through the sim in step; from any engine position the sim goes on as the engine does.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from simkit import check_clone_independence, engine_codes, lockstep, play_engine, random_chooser

from game import REFEREE, Action, Game, Kind, make_rules
from game.cards import deck
from game.events import RoundEnded
from game.seats import make_seat
from game.sim import play_random, random_seats
from game.sim.jda import DOBON, DRAW, PASS, THROW, JdaSim, engine_key, pack, unpack


def run_both(players: int, seed: int, rounds: int, **options) -> Game:
    rules = make_rules("jda", players, options)
    game = Game(rules, seed)
    play_engine(game, [make_seat("random", seed, s) for s in range(players)], rounds)
    sim = JdaSim.for_rules(rules, seed)
    sim.log = []
    assert play_random(sim, random_seats(seed, players), rounds) == len(game.actions)
    assert sim.log == engine_codes(game, JdaSim)
    assert engine_key(game) == sim.key()
    assert sim.rng.getstate() == game.rng.getstate()
    return game


def laps(game: Game) -> int:
    """Laps completed over the game's whole life (each reseats the table by a draw)."""
    return sum(
        1
        for event in game.events
        if isinstance(event, RoundEnded)
        for line in event.result.lines
        if line.item == "lap"
    )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_give_the_engines_log_standings_and_generator(players):
    """300 games in all, matches of 10 (each starting with a seat draw)."""
    completed = sum(laps(run_both(players, seed, 25)) for seed in range(4))
    assert completed  # laps were completed, and the table reseated by a draw


@pytest.mark.parametrize(
    "options",
    [
        {"seat_draw": False, "multi_loser_dealer": False, "reseat_on_lap": False},
        {"games": 3},
    ],
)
def test_the_competition_rules_off_and_short_matches_agree_too(options):
    for seed in range(3):
        run_both(2 + seed, seed, 20, **options)


def test_one_action_at_a_time_the_same_seat_actions_and_position():
    for seed in range(9):
        players = 2 + seed % 3
        rules = make_rules("jda", players)
        lockstep(Game(rules, seed), JdaSim(rules, seed), random_chooser(seed), rounds=3)


def test_ai_games_replay_through_the_sim_in_step():
    names = ["basic", "greedy", "easy", "normal"]
    for seed in range(8):
        players = 2 + seed % 3
        seats = [make_seat(names[(seed + s) % 4], seed, s) for s in range(players)]

        def choose(game, seat, legal, seats=seats):
            return seats[seat].act(game.view(seat, legal))

        rules = make_rules("jda", players)
        lockstep(Game(rules, seed), JdaSim(rules, seed), choose, rounds=6)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4), steps=st.integers(0, 800))
def test_from_any_engine_position_the_sim_goes_on_as_the_engine(seed, players, steps):
    rules = make_rules("jda", players)
    game = Game(rules, seed)
    choose = random_chooser(seed)
    for _ in range(steps):
        seat = game.sync_next()
        if seat == REFEREE:
            game.apply(game.legal_actions(REFEREE)[0])
            continue
        legal = game.sync_actions(seat)
        game.apply(legal[0] if len(legal) == 1 else choose(game, seat, legal))
    sim = JdaSim.from_game(game)
    assert sim.key() == engine_key(game)
    lockstep(game, sim, random_chooser(seed + 1), rounds=2)


def test_a_clone_shares_nothing_that_changes():
    sim = JdaSim(make_rules("jda", 3), 3)
    check_clone_independence(sim, 3, 20)


def test_codes_and_engine_actions_convert_both_ways():
    sim = JdaSim(make_rules("jda", 3), 1)
    cards = deck("52").cards
    assert unpack(pack((5, 18, 31))) == (5, 18, 31) and pack((0,)) == 0
    play = Action(1, Kind.PLAY, (cards[5], cards[31], cards[18]))
    assert sim.action(1, JdaSim.code(play)) == play
    for code in (DRAW, PASS, THROW, DOBON + 7):
        assert JdaSim.code(sim.action(2, code)) == code
    assert sim.action(2, THROW) == Action(2, Kind.PASS, flag=True)


def test_a_dobon_on_the_initial_card_beats_everyone_and_tied_losers_draw_for_the_deal():
    """JD14 and JD19, which random games seldom reach: seat 1's hand adds up to the initial K, so its
    dobon makes seats 0 and 2 both lose, tied, and a draw on the game's generator picks the dealer."""
    rules = make_rules("jda", 3, {"seat_draw": False})
    game = Game(rules, 5, deal=False)
    hands = [["5S", "6S", "7S", "9S"], ["AH", "2H", "3H", "7H"], ["5D", "6D", "7D", "9D"]]
    game.start_round(deck_order=game.deck_from_hands(hands, "KC"))
    sim = JdaSim.from_game(game)

    def call(game, seat, legal):
        return next((a for a in legal if a.kind is Kind.DOBON), legal[-1])

    lockstep(game, sim, call, rounds=1)
    assert game.result is not None and game.result.losers == (0, 2) and game.result.winners == (1,)
    assert any(type(e).__name__ == "SeatsDrawn" and e.why == "dealer" for e in game.events)
